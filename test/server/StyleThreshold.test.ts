import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/**
 * A style score known exactly, worked out by hand from the scoring rules (not by calling the scorer):
 *
 * - The fake model's rewrite turns "Utilize" into "Use", so every draft of DOCUMENT is DRAFT, and the inline profile's
 *   only sample is DRAFT itself. Every measured feature of the draft then equals the target's: each measure's
 *   closeness is 100·e^0 = 100, the function-word cosine is 1 (above the 0.9 that already gives 100), and no avoided
 *   or generic phrase is present. The measured score is 100.
 * - 100 is neither 5 or more above a threshold of 96 to 100 nor 15 or more below it, so the scorer asks the model for
 *   a grade; the fake grades 92. Combined: 0.6·100 + 0.4·92 = 96.8, rounded 97.
 *
 * So every draft scores 97: a threshold of 97 is reached by the first draft, a threshold of 98 never.
 */
const DOCUMENT = "Utilize the spare key. Open the door. Check the lock."
const DRAFT = "Use the spare key. Open the door. Check the lock."
const PROFILE = {
  id: "own-sample",
  name: "Own sample",
  description: "Short imperative sentences.",
  rules: ["Use short sentences."],
  avoid: [],
  samples: [DRAFT]
}

interface Result {
  readonly finalText: string
  readonly summary: { readonly styleScore: number }
  readonly debug: {
    readonly segments: ReadonlyArray<{ readonly attempts: ReadonlyArray<{ readonly styleScore: number }> }>
  }
}

const runAt = (styleThreshold: number) =>
  Effect.gen(function* () {
    const fake = yield* FakeProvider
    yield* fake.configure({})
    const res = yield* postJson("/api/rewrite", {
      document: DOCUMENT,
      styleProfile: PROFILE,
      options: { styleThreshold, maxRewriteIterations: 2, includeDebug: true }
    })
    assert.strictEqual(res.status, 200)
    const body = yield* jsonOf<Result>(res)
    const calls = yield* fake.calls
    return {
      body,
      scores: body.debug.segments[0]?.attempts.map((a) => a.styleScore),
      rewrites: calls.filter((c) => c.task === "rewrite").length,
      grades: calls.filter((c) => c.task === "grade").length
    }
  })

layer(TestApp(), { excludeTestServices: true })("the style threshold is a minimum the score may equal", (it) => {
  it.effect("a draft scoring exactly the threshold (97 at 97) reaches it: no second round", () =>
    Effect.gen(function* () {
      const { body, scores, rewrites, grades } = yield* runAt(97)
      assert.strictEqual(body.finalText, DRAFT)
      assert.deepStrictEqual(scores, [97])
      assert.strictEqual(body.summary.styleScore, 97)
      assert.strictEqual(rewrites, 1)
      assert.strictEqual(grades, 1)
    })
  )

  it.effect("one point more (98) is not reached: the first draft and both further rounds", () =>
    Effect.gen(function* () {
      const { body, scores, rewrites, grades } = yield* runAt(98)
      assert.strictEqual(body.finalText, DRAFT)
      assert.deepStrictEqual(scores, [97, 97, 97])
      assert.strictEqual(rewrites, 3)
      assert.strictEqual(grades, 3)
    })
  )
})
