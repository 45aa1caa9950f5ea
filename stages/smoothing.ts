import { Context, Effect } from "effect"
import { estimateTokens } from "../src/provider/Tokens.ts"
import { LlmProvider } from "../src/provider/LlmProvider.ts"
import { extractJsonObject } from "../src/provider/ModelReply.ts"
import type { DocumentInput, DocumentSegment, DocumentStage, RunContext } from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import { Guards } from "../src/pipeline/Guards.ts"
import { systemPrompt } from "./prompt.ts"

/** Paragraphs per smoothing request: enough context for transitions, small enough to answer in one go. */
export const WINDOW = 12

/**
 * The optional final pass: smooths transitions between neighbouring paragraphs, conservatively. Every smoothed
 * paragraph must pass the meaning guards against its original again, or it keeps its checked text.
 */
export class SmoothingStage extends Context.Service<SmoothingStage, DocumentStage>()("app/stages/Smoothing") {
  static readonly layer = stageLayer(
    SmoothingStage,
    Effect.gen(function* () {
      const provider = yield* LlmProvider

      const smoothWindow = (ctx: RunContext, window: ReadonlyArray<DocumentSegment>) =>
        provider.complete(
          {
            target: ctx.target,
            purpose: "smoothing",
            temperature: 0.2,
            maxTokens: Math.ceil(estimateTokens(window.map((s) => s.text).join("\n")) * 1.3) + 96,
            meter: ctx.meter,
            messages: [
              {
                role: "system",
                // The same for every window of the run (the count of paragraphs is in the user message), so a
                // server's prompt cache keeps it.
                content: systemPrompt(ctx, "smooth", [
                  "You receive consecutive paragraphs of one document. Improve only the transitions between them (first and last sentences), changing as little as possible, under the meaning rules.",
                  'Answer with only a JSON object {"paragraphs": [...]} holding one string per paragraph received, in order.'
                ])
              },
              {
                role: "user",
                content: [
                  ...window.map((s, i) => `<paragraph n="${i + 1}">\n${s.text}\n</paragraph>`),
                  `That is ${window.length} paragraphs: answer with exactly ${window.length} strings.`
                ].join("\n")
              }
            ]
          },
          (reply) => parseParagraphs(reply, window.length),
          `Reply again with only {"paragraphs": [...]} holding exactly ${window.length} strings.`
        )

      const apply = Effect.fn("Smoothing.apply")(function* (input: DocumentInput) {
        const { ctx, segments } = input
        if (!ctx.options.finalSmoothing || segments.length < 2) return { replacements: new Map(), warnings: [] }
        const windows: Array<ReadonlyArray<DocumentSegment>> = []
        for (let i = 0; i < segments.length; i += WINDOW) windows.push(segments.slice(i, i + WINDOW))
        const smoothed = yield* Effect.forEach(windows, (w) => smoothWindow(ctx, w), { concurrency: "unbounded" })
        const replacements = new Map<number, string>()
        let rejected = 0
        const guards = yield* Guards
        for (const [w, window] of windows.entries()) {
          for (const [i, segment] of window.entries()) {
            const text = smoothed[w]?.[i]?.trim() ?? ""
            if (text === "" || text === segment.text) continue
            if ((yield* guards.check(segment.original, text)).ok) replacements.set(segment.index, text)
            else rejected++
          }
        }
        const warnings =
          rejected > 0 ? [`Smoothing left ${rejected} paragraph(s) unsmoothed, because the change lost a detail.`] : []
        return { replacements, warnings }
      })

      return { kind: "document", name: "smoothing", order: 0, apply } satisfies DocumentStage
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

const parseParagraphs = (reply: string, count: number): ReadonlyArray<string> | undefined => {
  const value = extractJsonObject(reply, "paragraphs")?.["paragraphs"]
  if (!Array.isArray(value) || value.length !== count) return undefined
  return value.every((v) => typeof v === "string") ? (value as ReadonlyArray<string>) : undefined
}
