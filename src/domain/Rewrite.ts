import { Schema } from "effect"
import type { Finding } from "./Finding.ts"

export const ReasoningEffort = Schema.Literals(["none", "minimal", "low", "medium", "high", "xhigh"])
export type ReasoningEffort = typeof ReasoningEffort.Type

export const PipelineOptions = Schema.Struct({
  includeDebug: Schema.optional(Schema.Boolean),
  styleThreshold: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  finalSmoothing: Schema.optional(Schema.Boolean),
  maxRewriteIterations: Schema.optional(Schema.Number.check(Schema.isFinite())),
  runMeaningCheck: Schema.optional(Schema.Boolean)
})
export type PipelineOptions = typeof PipelineOptions.Type

/** Options with every default applied (DESIGN.md section 2). */
export interface ResolvedOptions {
  readonly includeDebug: boolean
  readonly styleThreshold: number
  readonly finalSmoothing: boolean
  readonly maxRewriteIterations: number
  readonly runMeaningCheck: boolean
}

export const resolveOptions = (options: PipelineOptions | undefined): ResolvedOptions => ({
  includeDebug: options?.includeDebug ?? false,
  styleThreshold: options?.styleThreshold ?? 80,
  finalSmoothing: options?.finalSmoothing ?? false,
  maxRewriteIterations: Math.min(5, Math.max(0, Math.round(options?.maxRewriteIterations ?? 2))),
  runMeaningCheck: options?.runMeaningCheck ?? true
})

export const ProviderSettings = Schema.Struct({
  baseUrl: Schema.optional(Schema.String),
  model: Schema.optional(Schema.String),
  reasoningEffort: Schema.optional(ReasoningEffort)
})
export type ProviderSettings = typeof ProviderSettings.Type

export const StyleProfile = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  name: Schema.String,
  description: Schema.String,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: Schema.Array(
    Schema.String.check(Schema.isPattern(/\S/, { message: "a sample must hold some text, not only spaces" }))
  ).check(Schema.isMinLength(1))
})
export type StyleProfile = typeof StyleProfile.Type

export const RewriteRequest = Schema.Struct({
  document: Schema.String,
  provider: Schema.optional(ProviderSettings),
  options: Schema.optional(PipelineOptions),
  styleProfileId: Schema.optional(Schema.String),
  styleProfile: Schema.optional(StyleProfile)
})
export type RewriteRequest = typeof RewriteRequest.Type

export const EvalRewriteRequest = Schema.Struct({
  source: Schema.String,
  styleProfileId: Schema.String,
  providerId: Schema.optional(Schema.String),
  model: Schema.optional(Schema.String),
  options: Schema.optional(
    Schema.Struct({
      maxRewriteIterations: Schema.optional(Schema.Number.check(Schema.isFinite())),
      reasoningEffort: Schema.optional(ReasoningEffort),
      runMeaningCheck: Schema.optional(Schema.Boolean),
      runFinalSmoothing: Schema.optional(Schema.Boolean)
    })
  )
})
export type EvalRewriteRequest = typeof EvalRewriteRequest.Type

export type MeaningVerdict = "passed" | "failed" | "skipped"

export interface MeaningReport {
  readonly pass: boolean
  readonly missingDetails: ReadonlyArray<string>
  readonly addedClaims: ReadonlyArray<string>
  readonly changedMeaning: ReadonlyArray<string>
  /** What the deterministic guards found in the text the verdict is about, with the phrases on each side. */
  readonly findings: ReadonlyArray<Finding>
}

export interface AttemptDebug {
  readonly attempt: number
  readonly text: string
  readonly styleScore: number
  readonly feedback: ReadonlyArray<string>
}

/**
 * What became of one rewritable paragraph (or list item):
 * - `rewritten`: the rewrite passed every check and is in the document;
 * - `unchanged`: the checked rewrite is the same text as the original;
 * - `kept`: no rewrite kept its meaning, so the original stays (`reason` says what was wrong);
 * - `failed`: the provider calls for it failed after their retries, so the original stays (`reason` gives the
 *   provider's words, `error` the error code) and the run went on.
 */
export type ParagraphStatus = "rewritten" | "unchanged" | "kept" | "failed"

export interface ParagraphReport {
  /** The segment index, as in `segment` events and `debug.segments`. */
  readonly index: number
  /** 1-based position among the document's rewritable paragraphs and list items. */
  readonly paragraph: number
  readonly status: ParagraphStatus
  readonly reason?: string
  /** For `kept`: what the meaning guards found in the rewrite that was refused. */
  readonly findings?: ReadonlyArray<Finding>
  /** For `failed`: `provider_error`, `provider_timeout` or `provider_unreachable`. */
  readonly error?: string
}

export interface SegmentDebug {
  readonly index: number
  readonly status: ParagraphStatus
  readonly reason?: string
  readonly original: string
  readonly finalText: string
  readonly attempts: ReadonlyArray<AttemptDebug>
  readonly meaning: MeaningReport | null
  readonly source: "rewrite" | "repair" | "original" | "cached"
  readonly timingsMs: Readonly<Record<string, number>>
}

export interface UsageFigures {
  readonly calls: number
  readonly promptTokens: number
  readonly completionTokens: number
}

export interface RunDebug {
  readonly timingsMs: Readonly<Record<string, number>>
  readonly usage: UsageFigures
  readonly segments: ReadonlyArray<SegmentDebug>
}

export interface RewriteResult {
  readonly finalText: string
  readonly summary: {
    readonly segments: number
    readonly rewritten: number
    readonly protected: number
    readonly styleScore: number
    readonly meaning: MeaningVerdict
    /** Paragraphs whose provider calls failed; they keep their original text. */
    readonly failed: number
    readonly warnings: ReadonlyArray<string>
  }
  /** Every rewritable paragraph in document order, with what became of it. */
  readonly paragraphs: ReadonlyArray<ParagraphReport>
  readonly provider: { readonly baseUrl: string; readonly model: string }
  readonly debug?: RunDebug
}

export type ProgressEvent =
  | {
      readonly type: "progress"
      readonly segment: number
      readonly stage: string
      readonly attempt: number
      readonly done: number
      readonly total: number
    }
  | {
      readonly type: "segment"
      readonly segment: number
      readonly text: string
      readonly status: ParagraphStatus
      readonly reason?: string
      readonly done: number
      readonly total: number
    }
