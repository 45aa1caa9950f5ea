import { Context, Effect } from "effect"
import { estimateTokens } from "../src/provider/Tokens.ts"
import { type ChatMessage, continuation, LlmProvider, recordedExchange } from "../src/provider/LlmProvider.ts"
import { extractJsonObject } from "../src/provider/ModelReply.ts"
import { Guards } from "../src/pipeline/Guards.ts"
import type { DraftInput, DraftStage } from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import { recordsPerModel, stringField, systemPrompt } from "./prompt.ts"

/** Writes one prose segment in the profile's style; later rounds get the scorer's feedback and the last draft. */
export class RewriteStage extends Context.Service<RewriteStage, DraftStage>()("app/stages/Rewrite") {
  static readonly layer = stageLayer(
    RewriteStage,
    Effect.gen(function* () {
      const provider = yield* LlmProvider
      /**
       * Per server and model, the further rounds that continued their conversation with the feedback alone: how many
       * came back, and how many of those changed the meaning for certain (the guards refuse them). A server or model
       * that lost the paragraph that way (one that reads only the latest message rewrites the feedback) gets the
       * paragraph named again in each further round from then on.
       */
      const recordOf = recordsPerModel((): ContinuedRounds => ({ tried: 0, lost: 0 }))
      const draft = Effect.fn("Rewrite.draft")(function* (input: DraftInput) {
        const { ctx, original, attempt, current, feedback } = input
        const system: ChatMessage = {
          role: "system",
          content: systemPrompt(ctx, "rewrite", [
            "Rewrite the paragraph in the target style.",
            'Answer with only a JSON object: {"text": "<the rewritten paragraph>"}.'
          ])
        }
        // A further round continues the conversation that wrote the last draft, which the server's prompt cache still
        // holds up to that draft, so only the feedback is new to it (the paragraph is named again where a server lost
        // it that way); without it (a draft another stage changed), the paragraph and the last draft are quoted. A
        // previous version that left the paragraph as it was would only repeat it.
        const drafted = attempt > 0 ? yield* recordedExchange("rewrite", current) : undefined
        const record = recordOf(ctx)
        const feedbackAlone = drafted !== undefined && !losesParagraph(record)
        const paragraph = `<paragraph>\n${original}\n</paragraph>`
        const previous =
          drafted !== undefined || current === original
            ? []
            : [`Your previous version:\n<previous>\n${current}\n</previous>`]
        const feedbackBlock = [
          ...previous,
          "It does not match the style well enough. Change this:",
          ...feedback.map((f) => `- ${f}`)
        ].join("\n")
        const asked =
          attempt === 0
            ? paragraph
            : feedbackAlone
              ? `${feedbackBlock}\n${REWRITE_AGAIN}`
              : [paragraph, feedbackBlock].join("\n\n")
        const messages: ReadonlyArray<ChatMessage> =
          drafted !== undefined ? continuation(drafted, asked) : [system, { role: "user", content: asked }]
        const text = yield* provider.complete(
          {
            target: ctx.target,
            purpose: "rewrite",
            temperature: 0.4,
            maxTokens: estimateTokens(original) * 2 + 64,
            meter: ctx.meter,
            messages
          },
          parseRewrite,
          'Reply again with only the JSON object {"text": "..."} holding the whole rewritten paragraph, nothing else.'
        )
        if (feedbackAlone) {
          const safety = yield* (yield* Guards).check(original, text)
          record.tried++
          if (!safety.ok) record.lost++
        }
        return text
      })
      return { kind: "draft", name: "rewrite", order: 0, draft } satisfies DraftStage
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

/** Further rounds sent with the feedback alone, per server and model, and those the guards refused. */
interface ContinuedRounds {
  tried: number
  lost: number
}

/**
 * Continued rounds a server and model may lose before their paragraph is named again in each further round (unless at
 * least four times as many were tried).
 */
const LOST_ROUNDS = 2

const losesParagraph = (record: ContinuedRounds): boolean =>
  record.lost >= LOST_ROUNDS && record.tried < 4 * record.lost

/** The close of a further round that continues its conversation: the task and the answer's form again, in short. */
const REWRITE_AGAIN = 'Answer with only {"text": "<the paragraph, rewritten again>"}.'

/**
 * The rewrite from the JSON answer. A plain-text answer is not taken as a rewrite: chatty models answer with
 * questions or refusals, and those must not end up in the document.
 */
const parseRewrite = (reply: string): string | undefined => {
  const text = stringField(extractJsonObject(reply, "text"), "text")?.trim()
  return text !== undefined && text.length > 0 ? text : undefined
}
