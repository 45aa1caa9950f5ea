import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import type { ScoreStage } from "../../src/pipeline/Stage.ts"
import { stageLayer } from "../../src/pipeline/StageRegistry.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/**
 * Style scores known exactly, worked out by hand from the scoring rules (not by calling the scorer):
 *
 * - The fake model's rewrite turns "Utilize" into "Use", so every draft of DOCUMENT is DRAFT, and the inline profile's
 *   only sample is DRAFT itself. Every measured feature of the draft then equals the target's: each measure's
 *   closeness is 100·e^0 = 100, the function-word cosine is 1 (above the 0.9 that already gives 100), and no avoided
 *   or generic phrase is present. The measured score is 100.
 * - A second score stage scores every text 97 with one line of feedback; the lowest score of all score stages counts,
 *   so every draft scores 97: a threshold of 97 is reached by the first draft, a threshold of 98 never.
 * - The verification grades the style 92. Within 15 below and 5 above the threshold it is folded into the measured
 *   score of the style-score stage: 0.6·100 + 0.4·92 = 96.8, rounded 97, the summary's score.
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

class FixedScore extends Context.Service<FixedScore, ScoreStage>()("test/stages/FixedScore") {
  static readonly layer = stageLayer(
    FixedScore,
    Effect.succeed({
      kind: "score",
      name: "fixed-score",
      order: 1,
      score: () => Effect.succeed({ score: 97, feedback: ["Use shorter sentences."] })
    } satisfies ScoreStage)
  )
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
      verifications: calls.filter((c) => c.task === "verify").length
    }
  })

layer(TestApp({}, Layer.mergeAll(DefaultStages, FixedScore.layer)), { excludeTestServices: true })(
  "the style threshold is a minimum the score may equal",
  (it) => {
    it.effect("a draft scoring exactly the threshold (97 at 97) reaches it: no second round", () =>
      Effect.gen(function* () {
        const { body, scores, rewrites, verifications } = yield* runAt(97)
        assert.strictEqual(body.finalText, DRAFT)
        assert.deepStrictEqual(scores, [97])
        assert.strictEqual(rewrites, 1)
        assert.strictEqual(verifications, 1)
      })
    )

    it.effect(
      "one point more (98) is not reached: the first draft scores as the original did (97), so no second round",
      () =>
        Effect.gen(function* () {
          const { body, scores, rewrites, verifications } = yield* runAt(98)
          assert.strictEqual(body.finalText, DRAFT)
          assert.deepStrictEqual(scores, [97])
          assert.strictEqual(rewrites, 1)
          assert.strictEqual(verifications, 1)
        })
    )
  }
)

layer(TestApp(), { excludeTestServices: true })("the model's style grade", (it) => {
  it.effect("is folded into the measured score near the threshold, from the verification: no call of its own", () =>
    Effect.gen(function* () {
      const { body, scores, rewrites, verifications } = yield* runAt(100)
      assert.deepStrictEqual(scores, [100])
      assert.strictEqual(body.summary.styleScore, 97)
      assert.strictEqual(rewrites, 1)
      assert.strictEqual(verifications, 1)
    })
  )

  it.effect("is left out where the measurement decides alone (100 is 5 above a threshold of 95)", () =>
    Effect.gen(function* () {
      const { body, scores } = yield* runAt(95)
      assert.deepStrictEqual(scores, [100])
      assert.strictEqual(body.summary.styleScore, 100)
    })
  )
})
