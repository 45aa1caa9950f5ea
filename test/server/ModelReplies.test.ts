import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { ParagraphReport } from "../../src/domain/Rewrite.ts"
import { type FakeCall, FakeProvider, type Fault, verifiedRewrite } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/**
 * Replies whose content the product must judge, not just parse: the model's own meaning verdict, a cut-off reply
 * whose JSON happens to be whole, and reasoning blocks that hold a draft answer. Each fault hits one paragraph of
 * DOCUMENT; the other one shows the run went on.
 */

interface Result {
  readonly finalText: string
  readonly summary: { readonly rewritten: number; readonly meaning: string; readonly warnings: ReadonlyArray<string> }
  readonly paragraphs: ReadonlyArray<ParagraphReport>
  readonly debug?: {
    readonly segments: ReadonlyArray<{
      readonly source: string
      readonly meaning: { readonly pass: boolean; readonly changedMeaning: ReadonlyArray<string> } | null
    }>
  }
}

const DOCUMENT = "We utilize 4 servers for 1,200 users.\n\nUtilize the 2 spare keys.\n"
/** Paragraph 2 kept as it was, paragraph 1 rewritten by the fake ("utilize" becomes "use"). */
const SECOND_KEPT = "We use 4 servers for 1,200 users.\n\nUtilize the 2 spare keys.\n"
const BOTH_REWRITTEN = "We use 4 servers for 1,200 users.\n\nUse the 2 spare keys.\n"
/** The stricter instruction a rewrite reply that could not be used is asked again with (stages/rewrite.ts). */
const REWRITE_RETRY_HINT =
  'Reply again with only the JSON object {"text": "..."} holding the whole rewritten paragraph, nothing else.'

const run = (faults: ReadonlyArray<Fault>) =>
  Effect.gen(function* () {
    const fake = yield* FakeProvider
    yield* fake.configure({ faults })
    const res = yield* postJson("/api/rewrite", { document: DOCUMENT, options: { includeDebug: true } })
    assert.strictEqual(res.status, 200)
    return { body: yield* jsonOf<Result>(res), calls: yield* fake.calls }
  })

const chats = (calls: ReadonlyArray<FakeCall>, task: string, text: string) =>
  calls.filter((c) => c.task === task && JSON.stringify(c.body).includes(text))

const lastSystemMessage = (call: FakeCall | undefined) =>
  (call?.body?.["messages"] as Array<{ role: string; content: string }> | undefined)
    ?.filter((m) => m.role === "system")
    .at(-1)?.content

describe("replies the product must judge", () => {
  layer(TestApp(), { excludeTestServices: true })("model verdicts, cut-off JSON and <think> drafts", (it) => {
    it.effect(
      "the model's verdict 'meaning changed' without a repair keeps the paragraph as it was, though every guard passed",
      () =>
        Effect.gen(function* () {
          const { body, calls } = yield* run([{ match: "spare keys", behaviour: "verdict-changed" }])
          // The guards passed the rewrite: the verification request carries no finding, only the model objects.
          const verify = chats(calls, "verify", "spare keys")
          assert.strictEqual(verify.length, 1)
          assert.notInclude(JSON.stringify(verify[0]?.body), "An automatic check found")
          assert.strictEqual(verifiedRewrite(verify[0]!), "Use the 2 spare keys.")

          assert.strictEqual(body.finalText, SECOND_KEPT)
          assert.deepStrictEqual(
            body.paragraphs.map((p) => p.status),
            ["rewritten", "kept"]
          )
          assert.strictEqual(
            body.paragraphs[1]?.reason,
            "kept as it was, because the model found the meaning changed (the rewrite weakens the instruction) and gave no repair."
          )
          assert.isUndefined(body.paragraphs[1]?.findings)
          assert.strictEqual(body.summary.meaning, "failed")
          assert.strictEqual(body.summary.rewritten, 1)
          assert.deepStrictEqual(body.summary.warnings, [
            'Paragraph 2 ("Utilize the 2 spare keys."): kept as it was, because the model found the meaning changed (the rewrite weakens the instruction) and gave no repair.'
          ])
          assert.strictEqual(body.debug?.segments[1]?.source, "original")
          assert.strictEqual(body.debug?.segments[1]?.meaning?.pass, false)
          assert.deepStrictEqual(body.debug?.segments[1]?.meaning?.changedMeaning, [
            "the rewrite weakens the instruction"
          ])
        })
    )

    it.effect(
      "a reply cut off right after whole, parseable JSON is never accepted: asked again with twice the max_tokens, then given up",
      () =>
        Effect.gen(function* () {
          const { body, calls } = yield* run([{ match: "spare keys", behaviour: "length-json" }])
          const tries = chats(calls, "rewrite", "spare keys")
          // "Utilize the 2 spare keys." is 25 Latin characters: 7 tokens, so 7 * 2 + 64 = 78, then twice that.
          assert.deepStrictEqual(
            tries.map((c) => c.body?.["max_tokens"]),
            [78, 156]
          )
          assert.strictEqual(lastSystemMessage(tries[1]), REWRITE_RETRY_HINT)
          assert.strictEqual(chats(calls, "verify", "spare keys").length, 0)

          assert.strictEqual(body.finalText, SECOND_KEPT)
          assert.deepStrictEqual(
            body.paragraphs.map((p) => p.status),
            ["rewritten", "failed"]
          )
          assert.strictEqual(body.paragraphs[1]?.error, "provider_error")
          assert.strictEqual(
            body.paragraphs[1]?.reason,
            `the model's rewrite reply was cut off (finish_reason "length") twice; try another model or a lower reasoning effort`
          )
        })
    )

    it.effect(
      "an unclosed <think> holding a draft {text} is no answer: asked again, then the paragraph keeps its text, never the draft",
      () =>
        Effect.gen(function* () {
          const { body, calls } = yield* run([{ match: "spare keys", behaviour: "think-unclosed" }])
          const tries = chats(calls, "rewrite", "spare keys")
          assert.strictEqual(tries.length, 2)
          assert.strictEqual(lastSystemMessage(tries[1]), REWRITE_RETRY_HINT)

          assert.strictEqual(body.finalText, SECOND_KEPT)
          assert.notInclude(body.finalText, "Employ the 2 spare keys.")
          assert.deepStrictEqual(
            body.paragraphs.map((p) => p.status),
            ["rewritten", "failed"]
          )
          assert.strictEqual(
            body.paragraphs[1]?.reason,
            "the model's rewrite reply was empty twice; try another model or a lower reasoning effort"
          )
        })
    )

    it.effect(
      "a closed <think> holding a fenced draft {text} before the real JSON: the real answer is used, at the first reply",
      () =>
        Effect.gen(function* () {
          const { body, calls } = yield* run([{ match: "4 servers", behaviour: "think-draft" }])
          assert.strictEqual(chats(calls, "rewrite", "4 servers").length, 1)
          assert.strictEqual(body.finalText, BOTH_REWRITTEN)
          assert.notInclude(body.finalText, "We employ 4 servers")
          assert.deepStrictEqual(
            body.paragraphs.map((p) => p.status),
            ["rewritten", "rewritten"]
          )
          assert.strictEqual(body.summary.meaning, "passed")
        })
    )
  })
})
