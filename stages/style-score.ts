import { Context, Effect } from "effect"
import type { ScoreInput, ScoreStage, StyleScore } from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import { assessStyle } from "../src/text/StyleMetrics.ts"

/**
 * Within this band around the threshold the measured score is not sure, and the model's grade, asked for in the
 * verification that is made anyway (meaning-check.ts), is folded into the segment's reported score.
 */
export const UNDECIDED_BELOW = 15
export const UNDECIDED_ABOVE = 5
/** Weight of the model's grade in the combined score. */
export const MODEL_WEIGHT = 0.4

/** True when `measured` lies in the band where the model's grade counts too. */
export const undecided = (measured: number, threshold: number): boolean =>
  measured < threshold + UNDECIDED_ABOVE && measured >= threshold - UNDECIDED_BELOW

/** The measured score with the model's grade folded in. */
export const withModelGrade = (measured: number, grade: number): number =>
  Math.round((1 - MODEL_WEIGHT) * measured + MODEL_WEIGHT * grade)

/**
 * Scores a draft against the voice measured from the profile's samples (sentence and word length, vocabulary, function
 * words, person, questions, punctuation, contractions, passive voice, characteristic words, phrases to avoid) by
 * measurement alone: no provider call, so the draft-and-score loop costs one call a round.
 */
export class StyleScoreStage extends Context.Service<StyleScoreStage, ScoreStage>()("app/stages/StyleScore") {
  static readonly layer = stageLayer(
    StyleScoreStage,
    Effect.sync(() => {
      const score = (input: ScoreInput) =>
        Effect.sync((): StyleScore => {
          const measured = assessStyle(input.text, input.ctx.profile.style, input.original)
          return { score: Math.round(measured.score), feedback: measured.feedback }
        })
      return { kind: "score", name: "style-score", order: 0, score } satisfies ScoreStage
    })
  )
}
