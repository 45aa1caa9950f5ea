import type { Effect, Ref } from "effect"
import type { ProviderError } from "../domain/Errors.ts"
import type { MeaningReport, ResolvedOptions, StyleProfile, UsageFigures } from "../domain/Rewrite.ts"
import type { ProviderTarget } from "../provider/LlmProvider.ts"
import type { StyleTarget } from "../text/StyleMetrics.ts"

/**
 * The stage contract. Every stage is an Effect service whose value is one of these four kinds; the orchestrator
 * only knows the kinds, never a particular stage:
 * - `draft` stages write a new version of one prose segment (chained in `order` when there are several);
 * - `score` stages grade a draft against the style (the lowest score of all score stages counts);
 * - `check` stages verify a segment's meaning and may repair it or fall back (chained);
 * - `document` stages run once over all prose segments after every segment is done (chained).
 */
export type Stage = DraftStage | ScoreStage | CheckStage | DocumentStage

export type StageFailure = ProviderError

/** What every stage can see about the run it is part of. */
export interface RunContext {
  readonly target: ProviderTarget
  readonly profile: PreparedProfile
  readonly options: ResolvedOptions
  readonly meter: Ref.Ref<UsageFigures>
}

export interface PreparedProfile {
  readonly profile: StyleProfile
  readonly style: StyleTarget
}

interface StageBase {
  readonly name: string
  /** Position among stages of the same kind; lower runs first. */
  readonly order: number
}

export interface DraftInput {
  readonly ctx: RunContext
  readonly original: string
  /** 0 for the first rewrite, then 1, 2, ... for rounds driven by feedback. */
  readonly attempt: number
  readonly current: string
  readonly feedback: ReadonlyArray<string>
}

export interface DraftStage extends StageBase {
  readonly kind: "draft"
  readonly draft: (input: DraftInput) => Effect.Effect<string, StageFailure>
}

export interface ScoreInput {
  readonly ctx: RunContext
  readonly original: string
  readonly text: string
}

export interface StyleScore {
  /** 0-100. */
  readonly score: number
  readonly feedback: ReadonlyArray<string>
}

export interface ScoreStage extends StageBase {
  readonly kind: "score"
  readonly score: (input: ScoreInput) => Effect.Effect<StyleScore, StageFailure>
}

export interface ScoredAttempt {
  readonly attempt: number
  readonly text: string
  readonly score: StyleScore
}

export interface CheckInput {
  readonly ctx: RunContext
  readonly original: string
  /** The text chosen so far (the best-scoring attempt, or what an earlier check stage left). */
  readonly candidate: string
  readonly attempts: ReadonlyArray<ScoredAttempt>
}

export interface CheckOutcome {
  readonly text: string
  readonly report: MeaningReport
  /** Where the text came from: an attempt as it was, a repair, or the original kept for safety. */
  readonly source: "rewrite" | "repair" | "original"
  readonly warnings: ReadonlyArray<string>
  /** The style score of `text` when the check judged it again (the model's grade folded into the measured score). */
  readonly style?: StyleScore
}

export interface CheckStage extends StageBase {
  readonly kind: "check"
  readonly check: (input: CheckInput) => Effect.Effect<CheckOutcome, StageFailure>
}

export interface DocumentSegment {
  readonly index: number
  readonly original: string
  readonly text: string
}

export interface DocumentInput {
  readonly ctx: RunContext
  readonly segments: ReadonlyArray<DocumentSegment>
}

export interface DocumentOutcome {
  /** New text per segment index; segments left out keep their text. */
  readonly replacements: ReadonlyMap<number, string>
  readonly warnings: ReadonlyArray<string>
}

export interface DocumentStage extends StageBase {
  readonly kind: "document"
  readonly apply: (input: DocumentInput) => Effect.Effect<DocumentOutcome, StageFailure>
}
