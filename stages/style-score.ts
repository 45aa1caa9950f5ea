import { Context, Effect } from "effect"
import { LlmProvider } from "../src/provider/LlmProvider.ts"
import { extractJsonObject } from "../src/provider/ModelReply.ts"
import type { ScoreInput, ScoreStage, StyleScore } from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import { assessStyle } from "../src/text/StyleMetrics.ts"
import { DATA_RULE, describeProfile } from "./prompt.ts"

/**
 * Below this distance from the threshold the measured score cannot decide alone and the model's grade is asked for.
 * Far above the threshold the draft passes; far below it another round follows anyway, so a model call would be waste.
 */
export const UNDECIDED_BELOW = 15
export const UNDECIDED_ABOVE = 5
/** Weight of the model's grade in the combined score. */
export const MODEL_WEIGHT = 0.4

/** Scores a draft against the profile: measured features of the text, and the model's grade when they are not decisive. */
export class StyleScoreStage extends Context.Service<StyleScoreStage, ScoreStage>()("app/stages/StyleScore") {
  static readonly layer = stageLayer(
    StyleScoreStage,
    Effect.gen(function* () {
      const provider = yield* LlmProvider
      const score = Effect.fn("StyleScore.score")(function* (input: ScoreInput) {
        const { ctx, text } = input
        const measured = assessStyle(text, ctx.profile.style)
        const threshold = ctx.options.styleThreshold
        const decisive = measured.score >= threshold + UNDECIDED_ABOVE || measured.score < threshold - UNDECIDED_BELOW
        if (decisive) return { score: Math.round(measured.score), feedback: measured.feedback } satisfies StyleScore
        const grade = yield* provider.complete(
          {
            target: ctx.target,
            purpose: "style grade",
            temperature: 0,
            maxTokens: 160,
            meter: ctx.meter,
            messages: [
              {
                role: "system",
                content: [
                  "Task: grade",
                  "You grade how well a paragraph matches a target writing style, from 0 (not at all) to 100 (indistinguishable from the examples).",
                  DATA_RULE,
                  'Answer with only a JSON object: {"score": <0-100>, "feedback": ["<one concrete change>", ...]} with at most three feedback items.'
                ].join("\n")
              },
              { role: "user", content: `${describeProfile(ctx.profile)}\n\n<text>\n${text}\n</text>` }
            ]
          },
          parseGrade,
          'Reply again with only the JSON object {"score": <0-100>, "feedback": [...]}.'
        )
        return {
          score: Math.round((1 - MODEL_WEIGHT) * measured.score + MODEL_WEIGHT * grade.score),
          feedback: [...measured.feedback, ...grade.feedback]
        } satisfies StyleScore
      })
      return { kind: "score", name: "style-score", order: 0, score } satisfies ScoreStage
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

const parseGrade = (reply: string): StyleScore | undefined => {
  const json = extractJsonObject(reply, "score")
  const raw = json?.["score"]
  const value = typeof raw === "number" ? raw : typeof raw === "string" ? Number.parseFloat(raw) : Number.NaN
  if (!Number.isFinite(value)) return undefined
  const feedback = Array.isArray(json?.["feedback"])
    ? (json["feedback"] as Array<unknown>).filter((f): f is string => typeof f === "string").slice(0, 3)
    : []
  return { score: Math.min(100, Math.max(0, value)), feedback }
}
