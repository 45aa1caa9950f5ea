import { assert, layer } from "@effect/vitest"
import { Effect, Fiber, FileSystem } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { caseFolder, failureLines, runEvalCli, type TestCase } from "./EvalHarness.ts"

/** Cases built around what the fake's rewrite does: "utilize" → "use", "in order to" → "to". */
const CHECK_CASES: ReadonlyArray<TestCase> = [
  {
    id: "term",
    source: "Please utilize the spare key on 4 May.",
    expect: { requiredTerms: ["4 May", "utilize"] }
  },
  {
    id: "phrase",
    source: "In today's fast-paced world, keys get lost. Keep 2 spares.",
    expect: { forbiddenPhrases: ["in today's fast-paced world"] }
  },
  {
    id: "verbatim",
    // A rule the case wants word for word, in a list item the service does rewrite.
    source: "The rule says:\n\n- Members may borrow the van only in order to move stock.\n\nAsk first.\n",
    expect: { protectedBlocks: ["- Members may borrow the van only in order to move stock."] }
  },
  {
    id: "caveat",
    source: "Open the gate only in order to let deliveries in.",
    expect: { caveats: [["only in order to let deliveries in", "only for deliveries"]] }
  }
]

const NUMBERS: TestCase = {
  id: "numbers",
  tags: ["numbers"],
  source: "We utilize 3 keys for the 2 doors, and the code is 4471.",
  expect: { requiredTerms: ["3", "2", "4471"], rubric: "Keeps the three numbers." }
}

/** Its measured style sits near the threshold, so the model's grade decides whether it passes. */
const GRADED: TestCase = {
  id: "graded",
  source:
    "We utilize version 2.4 on 12 March 2025 at 10:30, about 40% of 3 teams.\n\nIn order to start, press 1 key, it is room 4B and the 2nd floor.\n\nThe service may not start. It is important to note that we delve into logs.",
  expect: { minStyleScore: 80 }
}

layer(TestApp(), { excludeTestServices: true })("redraft eval against the real service", (it) => {
  it.effect("runs cases x variants with both baselines and reports each check failure with evidence", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const folder = yield* caseFolder(CHECK_CASES)
      const run = yield* runEvalCli(folder, ["--iterations", "0,1"])
      assert.strictEqual(run.exitCode, 0, run.stderr)
      const report = run.report!
      assert.deepStrictEqual(report.variants, ["no-op", "one-shot", "pipeline@0", "pipeline@1"])
      assert.strictEqual(report.cells.length, 16)
      const lines = failureLines(report)
      for (const variant of ["one-shot", "pipeline@0", "pipeline@1"]) {
        assert.include(lines, `term ${variant} RequiredTermLost`)
        assert.include(lines, `phrase ${variant} ForbiddenPhrasePresent`)
        assert.include(lines, `verbatim ${variant} ProtectedBlockChanged`)
        assert.include(lines, `caveat ${variant} CaveatLost`)
      }
      // The no-op baseline keeps the source, so only the phrase check fails there.
      assert.deepStrictEqual(
        lines.filter((l) => l.includes(" no-op ")),
        ["phrase no-op ForbiddenPhrasePresent"]
      )
      const verbatim = report.cells.find((c) => c.caseId === "verbatim" && c.variant === "pipeline@0")
      const changed = verbatim?.failures.find((f) => f._tag === "ProtectedBlockChanged")
      assert.include(changed?.evidence ?? "", "only to move stock")
      const term = report.cells.find((c) => c.caseId === "term" && c.variant === "one-shot")
      assert.include(term?.failures[0]?.evidence ?? "", "Please utilize the spare key")
      // One-shot: one rewrite per paragraph, no verification; the pipeline adds model checks.
      assert.isAbove(report.totals["pipeline@0"]!.providerCalls, report.totals["one-shot"]!.providerCalls)
      assert.strictEqual(report.totals["no-op"]!.providerCalls, 0)
      assert.strictEqual(report.byTag["test"]?.["no-op"]?.passed, 3)

      const markdown = yield* (yield* FileSystem.FileSystem).readFileString(`${folder.out}/report.md`)
      assert.include(markdown, "| no-op | 3/4 | 75% |")
      assert.include(markdown, "## By profile")
      assert.include(markdown, "- `verbatim` pipeline@0:")
      assert.include(markdown, "**CaveatLost**")
    }).pipe(Effect.scoped)
  )

  it.effect("maps provider misbehaviour to typed failures", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const folder = yield* caseFolder([NUMBERS, GRADED])
      const expectations: ReadonlyArray<
        readonly [ReadonlyArray<Parameters<typeof fake.configure>[0]["behaviours"] & {}>[number], string, string]
      > = [
        [["drop-numbers"], "numbers", "RewriteWithheld"],
        [["drop-numbers", "bad-repair"], "numbers", "MeaningCheckFailed"],
        [["reset"], "numbers", "ProviderUnreachable"],
        [["error-object"], "numbers", "ModelNotLoaded"],
        [["garbage"], "numbers", "InvalidModelReply"],
        [["grade-low"], "graded", "StyleBelowThreshold"]
      ]
      for (const [behaviours, caseId, tag] of expectations) {
        yield* fake.configure({ behaviours })
        const run = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines", "--fresh", "--filter", caseId])
        assert.strictEqual(run.exitCode, 0, run.stderr)
        assert.include(failureLines(run.report), `${caseId} pipeline@0 ${tag}`, behaviours.join("+"))
        const markdown = yield* (yield* FileSystem.FileSystem).readFileString(`${folder.out}/report.md`)
        assert.include(markdown, `**${tag}**`)
      }
      // One paragraph whose replies are unusable: the run goes on, and the cell says which paragraph failed.
      yield* fake.configure({ faults: [{ match: "In order to start", behaviour: "garbage" }] })
      const partly = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines", "--fresh", "--filter", "graded"])
      assert.include(failureLines(partly.report), "graded pipeline@0 ParagraphsFailed")
      const failedParagraphs = partly.report!.cells[0]!.failures.find((f) => f._tag === "ParagraphsFailed")
      assert.include(failedParagraphs?.evidence ?? "", "paragraph 2: the model's rewrite reply could not be used")
      assert.notInclude(failureLines(partly.report), "graded pipeline@0 RewriteWithheld")
      // Without grade-low the graded case passes: the failure above came from the model's grade.
      yield* fake.configure({})
      const fine = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines", "--fresh", "--filter", "graded"])
      assert.deepStrictEqual(failureLines(fine.report), [])

      const badProvider = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines", "--fresh"], {
        SERVICE_EVAL_PROVIDER_ID: "not-a-provider"
      })
      assert.include(failureLines(badProvider.report), "numbers pipeline@0 ServiceFailed")

      const judged = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines", "--fresh", "--judge"], {
        SERVICE_EVAL_CASE_FILTER: "numbers"
      })
      assert.deepStrictEqual(failureLines(judged.report), ["numbers pipeline@0 JudgeUnavailable"])
      assert.include(judged.report!.cells[0]!.failures[0]!.evidence, "How can I help you today?")
    }).pipe(Effect.scoped)
  )

  it.effect("an interrupted run resumes without redoing finished cells", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const fs = yield* FileSystem.FileSystem
      const folder = yield* caseFolder([NUMBERS])
      yield* fake.configure({ delayMs: 120 })
      const args = ["--iterations", "0,1,2", "--no-baselines", "--concurrency", "1"]
      const first = yield* Effect.forkChild(runEvalCli(folder, args))
      const results = `${folder.out}/results.jsonl`
      const finishedLines = fs.exists(results).pipe(
        Effect.flatMap((exists) => (exists ? fs.readFileString(results) : Effect.succeed(""))),
        Effect.map((text) => text.split("\n").filter((l) => l !== ""))
      )
      while ((yield* finishedLines).length === 0) yield* Effect.sleep("20 millis")
      yield* Fiber.interrupt(first)
      const before = yield* finishedLines
      assert.isBelow(before.length, 3)
      assert.isFalse(yield* fs.exists(`${folder.out}/report.json`))

      yield* fake.configure({})
      const resumed = yield* runEvalCli(folder, args)
      assert.strictEqual(resumed.exitCode, 0, resumed.stderr)
      assert.include(resumed.stderr, `reusing ${before.length} of 3 cells finished earlier`)
      assert.strictEqual(resumed.report!.cells.length, 3)
      const after = yield* finishedLines
      assert.strictEqual(after.length, 3)
      assert.deepStrictEqual(after.slice(0, before.length), before)

      // Nothing left to do: a third run makes no provider call, and its report says so.
      yield* fake.configure({})
      yield* runEvalCli(folder, args)
      assert.strictEqual((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, 0)
      const markdown = yield* fs.readFileString(`${folder.out}/report.md`)
      assert.match(markdown, /3 of 3 cells were reused from an earlier run with the same cases, options, model `[^`]+`/)

      // Another model loaded: the cells are run again, not answered from the cache.
      yield* fake.configure({ models: ["gemma-4-other-build"] })
      const other = yield* runEvalCli(folder, args)
      assert.strictEqual(other.exitCode, 0, other.stderr)
      assert.notInclude(other.stderr, "reusing")
      assert.isAbove((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, 0)
      assert.isTrue(other.report!.cells.every((c) => c.model === "gemma-4-other-build"))
    }).pipe(Effect.scoped)
  )

  it.effect("compares with the previous report, regressions first", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const folder = yield* caseFolder([GRADED])
      const args = ["--iterations", "0", "--no-baselines", "--fresh"]
      yield* fake.configure({})
      const good = yield* runEvalCli(folder, args)
      assert.isUndefined(good.report?.comparison)
      yield* fake.configure({ behaviours: ["grade-low"] })
      const worse = yield* runEvalCli(folder, [...args, "--strict"])
      assert.strictEqual(worse.exitCode, 4)
      assert.deepStrictEqual(worse.report?.comparison?.regressions, [
        { caseId: "graded", variant: "pipeline@0", before: [], after: ["StyleBelowThreshold"] }
      ])
      const markdown = yield* (yield* FileSystem.FileSystem).readFileString(`${folder.out}/report.md`)
      assert.isBelow(markdown.indexOf("**1 regression(s):**"), markdown.indexOf("## Totals"))
      assert.isTrue(yield* (yield* FileSystem.FileSystem).exists(`${folder.out}/report.previous.json`))
    }).pipe(Effect.scoped)
  )

  it.effect("bad input: invalid case files and iteration lists exit 1", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const folder = yield* caseFolder([NUMBERS])
      yield* fs.writeFileString(`${folder.cases}/broken.json`, JSON.stringify({ cases: [{ id: "x" }] }))
      const broken = yield* runEvalCli(folder, ["--iterations", "0"])
      assert.strictEqual(broken.exitCode, 1)
      assert.include(broken.stdout + broken.stderr, "broken.json")
      const badIterations = yield* runEvalCli(folder, ["--iterations", "0,9"])
      assert.strictEqual(badIterations.exitCode, 1)
    }).pipe(Effect.scoped)
  )
})

layer(TestApp({ PROVIDER_TIMEOUT: "150 millis" }), { excludeTestServices: true })("redraft eval time-outs", (it) => {
  it.effect("a provider time-out is reported as ProviderTimeout and retried on resume", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const folder = yield* caseFolder([NUMBERS])
      yield* fake.configure({ behaviours: ["slow"], delayMs: 1000 })
      const slow = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines"])
      assert.deepStrictEqual(failureLines(slow.report), ["numbers pipeline@0 ProviderTimeout"])
      yield* fake.configure({})
      const again = yield* runEvalCli(folder, ["--iterations", "0", "--no-baselines"])
      assert.deepStrictEqual(failureLines(again.report), [])
    }).pipe(Effect.scoped)
  )
})
