import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SmoothingStage, WINDOW } from "../../stages/smoothing.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { runContext, stageUnderTest } from "../support/StageHarness.ts"

const segments = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    index: i * 2,
    original: `the step ${i + 1} is done.`,
    text: `the step ${i + 1} is done.`
  }))

layer(stageUnderTest(SmoothingStage.layer), { excludeTestServices: true })("smoothing stage", (it) => {
  it.effect("does nothing unless asked", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["smooth-marker"] })
      const stage = yield* SmoothingStage
      const out = yield* stage.apply({ ctx: yield* runContext(), segments: segments(3) })
      assert.strictEqual(out.replacements.size, 0)
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("smooths windows of paragraphs and keeps only changes that pass the guards", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["smooth-marker"] })
      const stage = yield* SmoothingStage
      const ctx = yield* runContext({ finalSmoothing: true })
      const out = yield* stage.apply({ ctx, segments: segments(WINDOW + 2) })
      assert.strictEqual((yield* fake.calls).length, 2)
      // The first paragraph of each window is left alone by the fake; the others gain "Next, ".
      assert.strictEqual(out.replacements.size, WINDOW + 2 - 2)
      assert.strictEqual(out.replacements.get(2), "Next, the step 2 is done.")
      assert.isFalse(out.replacements.has(0))
    })
  )

  it.effect("asks for room for the window's text and a little more: 1.3 times its tokens plus 96", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* SmoothingStage
      yield* stage.apply({ ctx: yield* runContext({ finalSmoothing: true }), segments: segments(3) })
      // Three 19-character paragraphs joined by line breaks: 59 Latin characters, 15 tokens (14.75 rounded up);
      // 1.3 · 15 = 19.5, rounded up 20, plus 96: 116.
      assert.strictEqual((yield* fake.calls)[0]?.body?.["max_tokens"], 116)
    })
  )

  it.effect("a smoothing that loses a number is rejected with a warning", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["smooth-marker"] })
      const stage = yield* SmoothingStage
      const ctx = yield* runContext({ finalSmoothing: true })
      // The checked text already differs from the original, so the smoothed text is guarded against the original.
      const out = yield* stage.apply({
        ctx,
        segments: [
          { index: 0, original: "the first step.", text: "the first step." },
          { index: 2, original: "the 2 keys are here.", text: "the keys are here." }
        ]
      })
      assert.strictEqual(out.replacements.size, 0)
      assert.strictEqual(out.warnings.length, 1)
    })
  )
})
