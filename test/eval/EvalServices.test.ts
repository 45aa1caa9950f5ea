import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { runCli } from "../cli/RunCli.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { caseFolder, failureLines, runEvalCli } from "./EvalHarness.ts"
import { FakeJudge } from "./FakeJudge.ts"

const RUBRIC_CASE = {
  id: "rubric",
  source: "We utilize 3 keys for the 2 doors.",
  expect: { rubric: "Keeps both numbers and sounds friendly." }
}

layer(Layer.merge(TestApp(), FakeJudge.layer({ pass: false, reasons: ["sounds curt", "drops the greeting"] })), {
  excludeTestServices: true
})("redraft eval services", (it) => {
  it.effect("a judge that rejects the output gives JudgeFailed with its reasons", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const judge = yield* FakeJudge
      const folder = yield* caseFolder([RUBRIC_CASE])
      const run = yield* runEvalCli(folder, ["--iterations", "0", "--judge"], {
        SERVICE_EVAL_JUDGE_BASE_URL: judge.baseUrl
      })
      assert.strictEqual(run.exitCode, 0, run.stderr)
      // The no-op baseline is not judged.
      assert.deepStrictEqual(failureLines(run.report), ["rubric one-shot JudgeFailed", "rubric pipeline@0 JudgeFailed"])
      assert.strictEqual(run.report!.cells[1]!.failures[0]!.evidence, "sounds curt; drops the greeting")
    }).pipe(Effect.scoped)
  )

  it.effect("without SERVICE_API_BASE_URL the runner starts its own service in-process", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const folder = yield* caseFolder([RUBRIC_CASE])
      const run = yield* runCli(
        ["eval", "--cases", folder.cases, "--out", folder.out, "--iterations", "1", "--no-baselines", "--json", "-q"],
        { env: { SERVICE_EVAL_BASE_URL: fake.baseUrl } }
      )
      assert.strictEqual(run.exitCode, 0, run.stderr)
      const report = JSON.parse(run.stdout) as { settings: { serviceUrl: string }; cells: Array<{ passed: boolean }> }
      assert.match(report.settings.serviceUrl, /^http:\/\/127\.0\.0\.1:\d+$/)
      assert.isTrue(report.cells[0]!.passed)
      assert.isAbove((yield* fake.calls).length, 0)
    }).pipe(Effect.scoped)
  )
})
