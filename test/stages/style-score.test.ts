import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { PipelineOptions } from "../../src/domain/Rewrite.ts"
import { buildStyleTarget } from "../../src/text/StyleMetrics.ts"
import { StyleScoreStage, undecided, withModelGrade } from "../../stages/style-score.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { runContext, stageUnderTest } from "../support/StageHarness.ts"

const DIRECT = "Open the box. Check the cable. Plug it in. Press start."
const ACADEMIC =
  "It is important to note that the apparatus, which had been assembled with considerable care by the technicians over several weeks, was subsequently examined in order to determine whether its performance could be regarded as satisfactory under the conditions that had been anticipated."
/** Three sentences of three words, one of them a phrase the profile below avoids. */
const AVOIDING = "Leverage the cache. Check the logs. Restart the node."

/**
 * A run context whose profile's only sample is `sample`, so a draft equal to it has every measured feature on
 * target: each measure's closeness is 100·e^0 = 100 and the function-word cosine is 1 (at or above 0.9 gives 100).
 */
const ownSampleContext = (sample: string, avoid: ReadonlyArray<string>, options: PipelineOptions) =>
  Effect.map(runContext(options), (ctx) => ({
    ...ctx,
    profile: {
      profile: { ...ctx.profile.profile, avoid, samples: [sample] },
      style: buildStyleTarget([sample], avoid)
    }
  }))

layer(stageUnderTest(StyleScoreStage.layer), { excludeTestServices: true })("style-score stage", (it) => {
  it.effect("a clearly good draft is scored from measurements alone, without a model call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* StyleScoreStage
      // Measured 100 (the draft is the profile's sample); 100 is at least 5 above 80, so it decides alone.
      const ctx = yield* ownSampleContext(DIRECT, [], { styleThreshold: 80 })
      const result = yield* stage.score({ ctx, original: DIRECT, text: DIRECT })
      assert.strictEqual(result.score, 100)
      assert.deepStrictEqual(result.feedback, [])
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("a phrase the profile avoids costs its weight and a flat penalty, even when the samples use it", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* StyleScoreStage
      // Every part is 100 but the phrase part, 100 - 40 = 60 for one phrase. Weights: sentence length 3, phrases 2.5,
      // function words 1.5, spread 1 (both have 3 sentences), word length 1, punctuation 1, contractions 0.75,
      // passive 0.75; the rare-event parts count in part for a text this short: questions 0.5 and exclamations 0.25
      // at 3/6 of their weight, person 1, vocabulary 0.75 and characteristic words 0.75 ("the") at 9/80 of theirs
      // (paragraph length is not weighed for one paragraph): 12.15625 in all. (9.65625 · 100 + 2.5 · 60) / 12.15625
      // = 91.77, less 12 for the phrase: 79.77, rounded 80. 80 is at least 5 above 50, so no model call.
      const ctx = yield* ownSampleContext(AVOIDING, ["leverage"], { styleThreshold: 50 })
      const result = yield* stage.score({ ctx, original: AVOIDING, text: AVOIDING })
      assert.strictEqual(result.score, 80)
      assert.deepStrictEqual(result.feedback, ['Remove generic phrases: "leverage".'])
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("a clearly poor draft gets feedback without a model call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* StyleScoreStage
      const ctx = yield* runContext({ styleThreshold: 90 })
      // The draft added the generic phrase: it is named, and costs points.
      const plain = ACADEMIC.replace("It is important to note that the", "The")
      const result = yield* stage.score({ ctx, original: plain, text: ACADEMIC })
      assert.isBelow(result.score, 75)
      assert.isTrue(result.feedback.some((f) => /sentence/i.test(f)))
      assert.isTrue(result.feedback.some((f) => f.includes("it is important to note")))
      // The same phrase in the writer's own text is the writer's: the rewrite is not asked to remove it.
      const kept = yield* stage.score({ ctx, original: ACADEMIC, text: ACADEMIC })
      assert.isFalse(kept.feedback.some((f) => f.includes("it is important to note")))
      assert.isAbove(kept.score, result.score)
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("makes no model call even where the measured score is not sure: 100 at a threshold of 100", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["grade-low"] })
      const stage = yield* StyleScoreStage
      const ctx = yield* ownSampleContext(DIRECT, [], { styleThreshold: 100 })
      const result = yield* stage.score({ ctx, original: DIRECT, text: DIRECT })
      assert.strictEqual(result.score, 100)
      assert.deepStrictEqual(result.feedback, [])
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("the band where the model's grade counts: 15 below to 5 above the threshold, and the weighting", () =>
    Effect.sync(() => {
      assert.isFalse(undecided(100, 95))
      assert.isTrue(undecided(99, 95))
      assert.isTrue(undecided(80, 95))
      assert.isFalse(undecided(79, 95))
      // 0.6 · 100 + 0.4 · 92 = 96.8, rounded 97; 0.6 · 100 + 0.4 · 10 = 64.
      assert.strictEqual(withModelGrade(100, 92), 97)
      assert.strictEqual(withModelGrade(100, 10), 64)
    })
  )
})
