import { Schema } from "effect"
import { Finding } from "./Finding.ts"

export const ReasoningEffort = Schema.Literals(["none", "minimal", "low", "medium", "high", "xhigh"])
export type ReasoningEffort = typeof ReasoningEffort.Type

export const PipelineOptions = Schema.Struct({
  includeDebug: Schema.optionalKey(Schema.Boolean),
  styleThreshold: Schema.optionalKey(Schema.Finite.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  finalSmoothing: Schema.optionalKey(Schema.Boolean),
  maxRewriteIterations: Schema.optionalKey(Schema.Finite),
  runMeaningCheck: Schema.optionalKey(Schema.Boolean),
  /**
   * A free-text instruction for this run ("shorter", "for a ten-year-old"), added to the prompt as one more rule of
   * the style. It never outranks the meaning rules: numbers, names, caveats and code stay whatever it says.
   */
  instruction: Schema.optionalKey(
    Schema.String.check(Schema.isMaxLength(500, { message: "an instruction is at most 500 characters" }))
  )
}).annotate({ identifier: "PipelineOptions" })
export type PipelineOptions = typeof PipelineOptions.Type

/** Options with every default applied (DESIGN.md section 2). */
export interface ResolvedOptions {
  readonly includeDebug: boolean
  readonly styleThreshold: number
  readonly finalSmoothing: boolean
  readonly maxRewriteIterations: number
  readonly runMeaningCheck: boolean
  /** Empty when the run has none. */
  readonly instruction: string
}

/** The style score a rewrite must reach when a run does not choose its own. */
export const DEFAULT_STYLE_THRESHOLD = 80

export const resolveOptions = (options: PipelineOptions | undefined): ResolvedOptions => ({
  includeDebug: options?.includeDebug ?? false,
  styleThreshold: options?.styleThreshold ?? DEFAULT_STYLE_THRESHOLD,
  finalSmoothing: options?.finalSmoothing ?? false,
  maxRewriteIterations: Math.min(5, Math.max(0, Math.round(options?.maxRewriteIterations ?? 2))),
  runMeaningCheck: options?.runMeaningCheck ?? true,
  instruction: options?.instruction?.trim() ?? ""
})

export const ProviderSettings = Schema.Struct({
  /** A configured provider (GET /api/providers): its base URL, and its key when it has one. */
  id: Schema.optionalKey(Schema.String).annotate({
    description: "A configured provider's id (GET /api/providers); give it or `baseUrl`, not both"
  }),
  /** A base URL; a key goes with it only when a configured provider has the same origin. */
  baseUrl: Schema.optionalKey(Schema.String),
  model: Schema.optionalKey(Schema.String),
  reasoningEffort: Schema.optionalKey(ReasoningEffort)
})
export type ProviderSettings = typeof ProviderSettings.Type

export const StyleProfile = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/u)),
  name: Schema.String,
  description: Schema.String,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: Schema.Array(
    Schema.String.check(Schema.isPattern(/\S/u, { message: "a sample must hold some text, not only spaces" }))
  ).check(Schema.isMinLength(1))
})
export type StyleProfile = typeof StyleProfile.Type

export const RewriteRequest = Schema.Struct({
  document: Schema.String,
  provider: Schema.optionalKey(ProviderSettings),
  options: Schema.optionalKey(PipelineOptions),
  styleProfileId: Schema.optionalKey(Schema.String),
  styleProfile: Schema.optionalKey(StyleProfile)
}).annotate({ identifier: "RewriteRequest" })
export type RewriteRequest = typeof RewriteRequest.Type

export const EvalRewriteRequest = Schema.Struct({
  source: Schema.String,
  styleProfileId: Schema.String,
  providerId: Schema.optionalKey(Schema.String),
  model: Schema.optionalKey(Schema.String),
  options: Schema.optionalKey(
    Schema.Struct({
      maxRewriteIterations: Schema.optionalKey(Schema.Finite),
      reasoningEffort: Schema.optionalKey(ReasoningEffort),
      runMeaningCheck: Schema.optionalKey(Schema.Boolean),
      runFinalSmoothing: Schema.optionalKey(Schema.Boolean)
    })
  )
})
export type EvalRewriteRequest = typeof EvalRewriteRequest.Type

export const MeaningVerdict = Schema.Literals(["passed", "failed", "skipped"])
export type MeaningVerdict = typeof MeaningVerdict.Type

export const MeaningReport = Schema.Struct({
  pass: Schema.Boolean,
  missingDetails: Schema.Array(Schema.String),
  addedClaims: Schema.Array(Schema.String),
  changedMeaning: Schema.Array(Schema.String),
  /** What the deterministic guards found in the text the verdict is about, with the phrases on each side. */
  findings: Schema.Array(Finding)
})
export type MeaningReport = typeof MeaningReport.Type

export const AttemptDebug = Schema.Struct({
  attempt: Schema.Finite,
  text: Schema.String,
  styleScore: Schema.Finite,
  feedback: Schema.Array(Schema.String)
})
export type AttemptDebug = typeof AttemptDebug.Type

/**
 * What became of one rewritable paragraph (or list item):
 * - `rewritten`: the rewrite passed every check and is in the document;
 * - `unchanged`: the checked rewrite is the same text as the original;
 * - `kept`: no rewrite kept its meaning, so the original stays (`reason` says what was wrong);
 * - `failed`: the provider calls for it failed after their retries, so the original stays (`reason` gives the
 *   provider's words, `error` the error code) and the run went on.
 */
export const ParagraphStatus = Schema.Literals(["rewritten", "unchanged", "kept", "failed"])
export type ParagraphStatus = typeof ParagraphStatus.Type

export const ParagraphReport = Schema.Struct({
  /** The segment index, as in `segment` events and `debug.segments`. */
  index: Schema.Finite,
  /** 1-based position among the document's rewritable paragraphs and list items. */
  paragraph: Schema.Finite,
  status: ParagraphStatus,
  reason: Schema.optionalKey(Schema.String),
  /** For `kept`: what the meaning guards found in the rewrite that was refused. */
  findings: Schema.optionalKey(Schema.Array(Finding)),
  /** For `failed`: `provider_error`, `provider_timeout` or `provider_unreachable`. */
  error: Schema.optionalKey(Schema.String)
}).annotate({ identifier: "ParagraphReport" })
export type ParagraphReport = typeof ParagraphReport.Type

const Timings = Schema.Record(Schema.String, Schema.Finite)

export const SegmentDebug = Schema.Struct({
  index: Schema.Finite,
  status: ParagraphStatus,
  reason: Schema.optionalKey(Schema.String),
  original: Schema.String,
  finalText: Schema.String,
  attempts: Schema.Array(AttemptDebug),
  meaning: Schema.NullOr(MeaningReport),
  source: Schema.Literals(["rewrite", "repair", "original", "cached"]),
  timingsMs: Timings
})
export type SegmentDebug = typeof SegmentDebug.Type

export const UsageFigures = Schema.Struct({
  calls: Schema.Finite,
  promptTokens: Schema.Finite,
  completionTokens: Schema.Finite
})
export type UsageFigures = typeof UsageFigures.Type

export const RunDebug = Schema.Struct({
  timingsMs: Timings,
  usage: UsageFigures,
  segments: Schema.Array(SegmentDebug)
}).annotate({ identifier: "RunDebug" })
export type RunDebug = typeof RunDebug.Type

/** The answer of `POST /api/rewrite`, `POST /api/eval/rewrite` and the `result` event of their streams. */
export const RewriteResult = Schema.Struct({
  finalText: Schema.String,
  summary: Schema.Struct({
    segments: Schema.Finite,
    rewritten: Schema.Finite,
    protected: Schema.Finite,
    styleScore: Schema.Finite,
    meaning: MeaningVerdict,
    /** Paragraphs whose provider calls failed; they keep their original text. */
    failed: Schema.Finite,
    warnings: Schema.Array(Schema.String)
  }),
  /** Every rewritable paragraph in document order, with what became of it. */
  paragraphs: Schema.Array(ParagraphReport),
  provider: Schema.Struct({ baseUrl: Schema.String, model: Schema.String }),
  debug: Schema.optionalKey(RunDebug)
}).annotate({ identifier: "RewriteResult" })
export type RewriteResult = typeof RewriteResult.Type

/** One block of the document as it will be run: a rewritable paragraph (by its segment `index`) or one kept as it is. */
export const OutlineBlock = Schema.Struct({
  index: Schema.Finite,
  /** True for headings, code, tables, quotes and other blocks that are not rewritten. */
  kept: Schema.Boolean,
  text: Schema.String
})
export type OutlineBlock = typeof OutlineBlock.Type

/** Sent once, first: the document's blocks in order, blank lines left out, so a client can show them in place. */
export const OutlineEvent = Schema.Struct({
  type: Schema.Literal("outline"),
  blocks: Schema.Array(OutlineBlock),
  /** The number of rewritable paragraphs, as in `progress` events. */
  total: Schema.Finite
}).annotate({ identifier: "OutlineEvent" })
export type OutlineEvent = typeof OutlineEvent.Type

/** A paragraph's stage began (`segment` is its index; -1 for a whole-document stage). */
export const StageEvent = Schema.Struct({
  type: Schema.Literal("progress"),
  segment: Schema.Finite,
  stage: Schema.String,
  attempt: Schema.Finite,
  done: Schema.Finite,
  total: Schema.Finite
}).annotate({ identifier: "ProgressEvent" })

/** A provider call of the paragraph failed for now and waits to try again (the server restarting, say). */
export const WaitingEvent = Schema.Struct({
  type: Schema.Literal("waiting"),
  segment: Schema.Finite,
  /** Why, in the provider's or Redraft's words. */
  reason: Schema.String,
  /** How long the call waits before its next attempt, in milliseconds. */
  retryInMs: Schema.Finite,
  /** How long it goes on trying, in milliseconds. */
  leftMs: Schema.Finite,
  done: Schema.Finite,
  total: Schema.Finite
}).annotate({ identifier: "WaitingEvent" })

/** A paragraph finished: its text and what became of it. */
export const SegmentEvent = Schema.Struct({
  type: Schema.Literal("segment"),
  segment: Schema.Finite,
  text: Schema.String,
  status: ParagraphStatus,
  reason: Schema.optionalKey(Schema.String),
  done: Schema.Finite,
  total: Schema.Finite
}).annotate({ identifier: "SegmentEvent" })

export const ProgressEvent = Schema.Union([StageEvent, WaitingEvent, SegmentEvent])
export type ProgressEvent = typeof ProgressEvent.Type

/** What a run reports while it goes on: the outline first, then progress and finished paragraphs. */
export type RunEvent = OutlineEvent | ProgressEvent
