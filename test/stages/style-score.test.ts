import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { assessStyle } from "../../src/text/StyleMetrics.ts"
import { MODEL_WEIGHT, StyleScoreStage } from "../../stages/style-score.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { runContext, stageUnderTest } from "../support/StageHarness.ts"

const DIRECT = "Open the box. Check the cable. Plug it in. Press start."
const ACADEMIC =
  "It is important to note that the apparatus, which had been assembled with considerable care by the technicians over several weeks, was subsequently examined in order to determine whether its performance could be regarded as satisfactory under the conditions that had been anticipated."

layer(stageUnderTest(StyleScoreStage.layer), { excludeTestServices: true })("style-score stage", (it) => {
  it.effect("a clearly good draft is scored from measurements alone, without a model call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* StyleScoreStage
      const ctx = yield* runContext()
      const measured = assessStyle(DIRECT, ctx.profile.style).score
      const low = yield* runContext({ styleThreshold: Math.max(0, measured - 20) })
      const result = yield* stage.score({ ctx: low, original: DIRECT, text: DIRECT })
      assert.strictEqual(result.score, Math.round(measured))
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("a clearly poor draft gets feedback without a model call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* StyleScoreStage
      const ctx = yield* runContext({ styleThreshold: 90 })
      const result = yield* stage.score({ ctx, original: ACADEMIC, text: ACADEMIC })
      assert.isBelow(result.score, 75)
      assert.isTrue(result.feedback.some((f) => /sentence/i.test(f)))
      assert.isTrue(result.feedback.some((f) => f.includes("it is important to note")))
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("near the threshold, the model's grade is combined with the measurement", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["grade-low"] })
      const stage = yield* StyleScoreStage
      const base = yield* runContext()
      const measured = assessStyle(DIRECT, base.profile.style).score
      const ctx = yield* runContext({ styleThreshold: Math.min(100, measured + 2) })
      const result = yield* stage.score({ ctx, original: DIRECT, text: DIRECT })
      assert.strictEqual(result.score, Math.round((1 - MODEL_WEIGHT) * measured + MODEL_WEIGHT * 10))
      assert.include(result.feedback, "Use much shorter sentences.")
      const calls = yield* fake.calls
      assert.strictEqual(calls.length, 1)
      assert.strictEqual(calls[0]?.task, "grade")
    })
  )
})
