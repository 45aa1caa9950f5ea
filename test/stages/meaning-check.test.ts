import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { ScoredAttempt } from "../../src/pipeline/Stage.ts"
import { Guards } from "../../src/pipeline/Guards.ts"
import { checkSafety } from "../../src/pipeline/Safety.ts"
import { MeaningCheckStage } from "../../stages/meaning-check.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { runContext, stageUnderTest } from "../support/StageHarness.ts"

const ORIGINAL = "The upgrade may take about 40 minutes and does not delete the 3 backups."
const FAITHFUL = "The upgrade may need about 40 minutes. It does not delete the 3 backups."
const LOST_HEDGE = "The upgrade takes 40 minutes. It does not delete the 3 backups."
const LOST_NUMBER = "The upgrade may need about 40 minutes. It does not delete the backups."

const attempt = (n: number, text: string, score: number): ScoredAttempt => ({
  attempt: n,
  text,
  score: { score, feedback: [] }
})

layer(stageUnderTest(MeaningCheckStage.layer), { excludeTestServices: true })("meaning-check stage", (it) => {
  it.effect("a faithful rewrite passes with one verification request of 360 tokens", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: FAITHFUL,
        attempts: [attempt(0, FAITHFUL, 90)]
      })
      assert.strictEqual(out.text, FAITHFUL)
      assert.isTrue(out.report.pass)
      assert.strictEqual(out.source, "rewrite")
      const calls = yield* fake.calls
      assert.strictEqual(calls.length, 1)
      assert.strictEqual(calls[0]?.task, "verify")
      // The verification's floor: ORIGINAL (72 Latin characters, 18 tokens) would need only 1.5 · 18 + 120 = 147.
      assert.strictEqual(calls[0]?.body?.["max_tokens"], 360)
    })
  )

  it.effect("a faithful rewrite's short verdict, without the lists and the repair, passes it and grades it", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["short-verdict"] })
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: FAITHFUL,
        attempts: [attempt(0, FAITHFUL, 75)]
      })
      assert.strictEqual(out.text, FAITHFUL)
      assert.isTrue(out.report.pass)
      assert.deepStrictEqual(out.report.changedMeaning, [])
      // 75 is near the threshold (80): the model's grade (92) is folded in.
      assert.isAbove(out.style?.score ?? 0, 75)
      assert.strictEqual((yield* fake.calls).length, 1)
    })
  )

  it.effect("a long paragraph's verification gets room for a whole repair: 1.5 times its tokens plus 120", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      // 12 copies of ORIGINAL joined by spaces: 12 · 72 + 11 = 875 Latin characters, 219 tokens (218.75 rounded up);
      // 1.5 · 219 = 328.5, rounded up 329, plus 120: 449.
      const original = Array.from({ length: 12 }, () => ORIGINAL).join(" ")
      const candidate = Array.from({ length: 12 }, () => FAITHFUL).join(" ")
      yield* stage.check({ ctx, original, candidate, attempts: [attempt(0, candidate, 90)] })
      assert.strictEqual((yield* fake.calls)[0]?.body?.["max_tokens"], 449)
    })
  )

  it.effect("a best draft that drops a hedge gives way to an earlier, safe draft, with a warning", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_HEDGE,
        attempts: [attempt(0, FAITHFUL, 70), attempt(1, LOST_HEDGE, 95)]
      })
      assert.strictEqual(out.text, FAITHFUL)
      assert.isTrue(out.report.pass)
      assert.strictEqual(out.warnings.length, 1)
      assert.include(out.warnings[0] ?? "", "earlier draft")
    })
  )

  it.effect("drafts are checked in their order only until one has nothing to ask about", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const checked: Array<string> = []
      const recording = Effect.provideService(Guards, {
        check: (original, candidate) =>
          Effect.sync(() => {
            checked.push(candidate)
            return checkSafety(original, candidate)
          })
      })
      const attempts = [attempt(0, LOST_NUMBER, 60), attempt(1, FAITHFUL, 70), attempt(2, LOST_HEDGE, 95)]
      const chosen = yield* stage.check({ ctx, original: ORIGINAL, candidate: FAITHFUL, attempts }).pipe(recording)
      assert.strictEqual(chosen.text, FAITHFUL)
      assert.deepStrictEqual(checked, [FAITHFUL])
      checked.length = 0
      const fallback = yield* stage.check({ ctx, original: ORIGINAL, candidate: LOST_HEDGE, attempts }).pipe(recording)
      assert.strictEqual(fallback.text, FAITHFUL)
      assert.deepStrictEqual(checked, [LOST_HEDGE, LOST_HEDGE, FAITHFUL])
    })
  )

  it.effect("a draft that loses a fact is repaired: the model is told what is missing and its repair is used", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_NUMBER,
        attempts: [attempt(0, LOST_NUMBER, 90)]
      })
      // The fake repairs by handing back the original, which passes every guard.
      assert.strictEqual(out.text, ORIGINAL)
      assert.strictEqual(out.source, "repair")
      assert.isTrue(out.report.pass)
      const prompt = JSON.stringify((yield* fake.calls)[0]?.body)
      assert.include(prompt, "An automatic check found that the rewrite")
      assert.include(prompt, "the number")
    })
  )

  it.effect("a repair that still loses the fact is not trusted: the original is kept and reported", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["bad-repair"] })
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_NUMBER,
        attempts: [attempt(0, LOST_NUMBER, 90)]
      })
      assert.strictEqual(out.text, ORIGINAL)
      assert.strictEqual(out.source, "original")
      assert.isFalse(out.report.pass)
      assert.include(out.warnings[0] ?? "", "kept as it was")
      assert.isTrue(out.report.findings.some((f) => f.certainty === "certain" && f.kind === "number"))
    })
  )

  it.effect("a dropped hedge is a question, not a refusal: answered 'changed', the model's repair is used", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_HEDGE,
        attempts: [attempt(0, LOST_HEDGE, 90)]
      })
      assert.strictEqual(out.text, ORIGINAL)
      assert.strictEqual(out.source, "repair")
      const call = (yield* fake.calls)[0]
      const user = JSON.stringify(call?.body)
      assert.notInclude(user, "An automatic check found")
      assert.include(user, "Questions about the wording")
      assert.include(user, 'Noticed: \\"may\\" was dropped')
      // Two questions ("may" and "about"), four answer tokens each, on top of the 360.
      assert.strictEqual(call?.body?.["max_tokens"], 368)
    })
  )

  it.effect("answered 'kept', a suspect finding lets the rewrite through and stays on it as a note", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["answers-kept"] })
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext()
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_HEDGE,
        attempts: [attempt(0, LOST_HEDGE, 90)]
      })
      assert.strictEqual(out.text, LOST_HEDGE)
      assert.strictEqual(out.source, "rewrite")
      assert.isTrue(out.report.pass)
      assert.isAbove(out.report.findings.length, 0)
      for (const f of out.report.findings) {
        assert.strictEqual(f.certainty, "suspect")
        assert.strictEqual(f.answer, "kept")
      }
    })
  )

  it.effect("with the model check off, a certain finding still refuses and no request is made", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext({ runMeaningCheck: false })
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_NUMBER,
        attempts: [attempt(0, LOST_NUMBER, 90)]
      })
      assert.strictEqual(out.text, ORIGINAL)
      assert.strictEqual(out.source, "original")
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("with the model check off, suspect findings are notes only: the rewrite is used, unasked", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const stage = yield* MeaningCheckStage
      const ctx = yield* runContext({ runMeaningCheck: false })
      const out = yield* stage.check({
        ctx,
        original: ORIGINAL,
        candidate: LOST_HEDGE,
        attempts: [attempt(0, LOST_HEDGE, 90)]
      })
      assert.strictEqual(out.text, LOST_HEDGE)
      assert.strictEqual((yield* fake.calls).length, 0)
      assert.isTrue(out.report.findings.length > 0 && out.report.findings.every((f) => f.answer === undefined))
    })
  )
})
