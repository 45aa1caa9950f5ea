import { Context, Effect } from "effect"
import { estimateTokens } from "../src/provider/Tokens.ts"
import { type ChatMessage, continuation, LlmProvider, recordedExchange } from "../src/provider/LlmProvider.ts"
import { extractJsonObject } from "../src/provider/ModelReply.ts"
import type { DraftInput, DraftStage } from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import { stringField, systemPrompt } from "./prompt.ts"

/** Writes one prose segment in the profile's style; later rounds get the scorer's feedback and the last draft. */
export class RewriteStage extends Context.Service<RewriteStage, DraftStage>()("app/stages/Rewrite") {
  static readonly layer = stageLayer(
    RewriteStage,
    Effect.gen(function* () {
      const provider = yield* LlmProvider
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
        // holds, and names the paragraph again, so that a server or model that reads only the latest message still
        // rewrites the paragraph (not the feedback); without it (a draft another stage changed), the last draft is
        // quoted. A previous version that left the paragraph as it was would only repeat it.
        const drafted = attempt > 0 ? yield* recordedExchange("rewrite", current) : undefined
        const previous =
          drafted !== undefined || current === original
            ? []
            : [`Your previous version:\n<previous>\n${current}\n</previous>`]
        const paragraph = `<paragraph>\n${original}\n</paragraph>`
        const asked =
          attempt === 0
            ? paragraph
            : [
                paragraph,
                [
                  ...previous,
                  "It does not match the style well enough. Change this:",
                  ...feedback.map((f) => `- ${f}`)
                ].join("\n")
              ].join("\n\n")
        const messages: ReadonlyArray<ChatMessage> =
          drafted !== undefined ? continuation(drafted, asked) : [system, { role: "user", content: asked }]
        return yield* provider.complete(
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
      })
      return { kind: "draft", name: "rewrite", order: 0, draft } satisfies DraftStage
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * The rewrite from the JSON answer. A plain-text answer is not taken as a rewrite: chatty models answer with
 * questions or refusals, and those must not end up in the document.
 */
const parseRewrite = (reply: string): string | undefined => {
  const text = stringField(extractJsonObject(reply, "text"), "text")?.trim()
  return text !== undefined && text.length > 0 ? text : undefined
}
