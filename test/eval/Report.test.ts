/**
 * The evaluation report (eval/Report.ts, eval/ReportMarkdown.ts): aggregation per variant, tag and profile, the
 * comparison with the previous run, the files written and the Markdown people read. Plain cells, no service.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { TestClock } from "effect/testing"
import {
  CaveatLost,
  ForbiddenPhrasePresent,
  JudgeFailed,
  ProtectedBlockChanged,
  RequiredTermLost,
  ServiceFailed,
  StyleBelowThreshold
} from "../../eval/Failures.ts"
import { buildReport, compareReports, writeReports } from "../../eval/Report.ts"
import { renderMarkdown } from "../../eval/ReportMarkdown.ts"
import type { Report } from "../../eval/ReportModel.ts"
import type { CellResult } from "../../eval/ResultsStore.ts"

const cell = (fields: Partial<CellResult> & Pick<CellResult, "caseId" | "variant">): CellResult => ({
  key: `${fields.caseId}|${fields.variant}`,
  profile: "plain-english",
  tags: ["numbers"],
  passed: true,
  failures: [],
  styleScore: 80,
  measuredStyle: 70,
  meaning: "passed",
  durationMs: 1000,
  providerCalls: 2,
  promptTokens: 100,
  completionTokens: 50,
  model: "qwen",
  finishedAt: 0,
  ...fields
})

const term = RequiredTermLost.make({ term: "40", evidence: "in the source: 40 | 41 <b>" })

const CELLS: ReadonlyArray<CellResult> = [
  cell({ caseId: "a", variant: "no-op", styleScore: 60, measuredStyle: 60, providerCalls: 0, durationMs: 0 }),
  cell({
    caseId: "a",
    variant: "pipeline@0",
    passed: false,
    failures: [term],
    styleScore: 81,
    measuredStyle: 71,
    durationMs: 1500,
    providerCalls: 3,
    promptTokens: 300,
    completionTokens: 30
  }),
  cell({
    caseId: "b",
    variant: "pipeline@0",
    tags: ["names", "numbers"],
    profile: "formal-academic",
    styleScore: null,
    measuredStyle: 72,
    durationMs: 1001,
    providerCalls: 1,
    promptTokens: 10,
    completionTokens: 5
  }),
  cell({
    caseId: "b",
    variant: "no-op",
    tags: ["names", "numbers"],
    profile: "formal-academic",
    passed: false,
    failures: [term, StyleBelowThreshold.make({ score: 50, threshold: 80, evidence: "x" })]
  })
]

const SETTINGS = { providerId: "lmstudio", model: null, reasoningEffort: "none", cases: 2, filter: null }

describe("buildReport", () => {
  it.effect("totals per variant: pass rate, mean styles (nulls left out), mean and total time, calls and tokens", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(Date.UTC(2026, 0, 2, 3, 4, 5))
      const report = yield* buildReport(CELLS, ["no-op", "pipeline@0", "pipeline@1"], SETTINGS)
      assert.strictEqual(report.generatedAt, "2026-01-02T03:04:05.000Z")
      assert.deepStrictEqual(report.settings, SETTINGS)
      assert.deepStrictEqual(report.variants, ["no-op", "pipeline@0", "pipeline@1"])
      assert.deepStrictEqual(report.cells, CELLS)
      assert.deepStrictEqual(report.totals["pipeline@0"], {
        cells: 2,
        passed: 1,
        passRate: 0.5,
        meanStyle: 81,
        meanMeasuredStyle: 71.5,
        meanDurationMs: 1251,
        totalDurationMs: 2501,
        providerCalls: 4,
        promptTokens: 310,
        completionTokens: 35
      })
      assert.deepStrictEqual(report.totals["no-op"], {
        cells: 2,
        passed: 1,
        passRate: 0.5,
        meanStyle: 70,
        meanMeasuredStyle: 65,
        meanDurationMs: 500,
        totalDurationMs: 1000,
        providerCalls: 2,
        promptTokens: 200,
        completionTokens: 100
      })
      // A variant without cells: zeros, and no style at all.
      assert.deepStrictEqual(report.totals["pipeline@1"], {
        cells: 0,
        passed: 0,
        passRate: 0,
        meanStyle: null,
        meanMeasuredStyle: 0,
        meanDurationMs: 0,
        totalDurationMs: 0,
        providerCalls: 0,
        promptTokens: 0,
        completionTokens: 0
      })
    })
  )

  it.effect("means are rounded to one decimal, durations to whole milliseconds", () =>
    Effect.gen(function* () {
      const report = yield* buildReport(
        [
          cell({ caseId: "a", variant: "v", styleScore: 80, measuredStyle: 70, durationMs: 1 }),
          cell({ caseId: "b", variant: "v", styleScore: 80, measuredStyle: 70, durationMs: 2 }),
          cell({ caseId: "c", variant: "v", styleScore: 81, measuredStyle: 71, durationMs: 2 })
        ],
        ["v"],
        {}
      )
      const t = report.totals["v"]!
      assert.deepStrictEqual([t.meanStyle, t.meanMeasuredStyle, t.meanDurationMs], [80.3, 70.3, 2])
      assert.closeTo(t.passRate, 1, 0)
    })
  )

  it.effect("rates per tag and per profile count each cell under every group it belongs to", () =>
    Effect.gen(function* () {
      const report = yield* buildReport(CELLS, ["no-op", "pipeline@0"], SETTINGS)
      assert.deepStrictEqual(report.byTag, {
        numbers: {
          "no-op": { cells: 2, passed: 1, passRate: 0.5 },
          "pipeline@0": { cells: 2, passed: 1, passRate: 0.5 }
        },
        names: {
          "no-op": { cells: 1, passed: 0, passRate: 0 },
          "pipeline@0": { cells: 1, passed: 1, passRate: 1 }
        }
      })
      assert.deepStrictEqual(report.byProfile, {
        "plain-english": {
          "no-op": { cells: 1, passed: 1, passRate: 1 },
          "pipeline@0": { cells: 1, passed: 0, passRate: 0 }
        },
        "formal-academic": {
          "no-op": { cells: 1, passed: 0, passRate: 0 },
          "pipeline@0": { cells: 1, passed: 1, passRate: 1 }
        }
      })
    })
  )

  it.effect("failures are counted by type and variant, with a zero for every variant that had none", () =>
    Effect.gen(function* () {
      const report = yield* buildReport(CELLS, ["no-op", "pipeline@0"], SETTINGS)
      assert.deepStrictEqual(report.failureCounts, {
        RequiredTermLost: { "no-op": 1, "pipeline@0": 1 },
        StyleBelowThreshold: { "no-op": 1, "pipeline@0": 0 }
      })
    })
  )
})

/** A report over `cells`, made at `at`. */
const reportOf = (cells: ReadonlyArray<CellResult>, variants: ReadonlyArray<string>, at = 0) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(at)
    return yield* buildReport(cells, variants, SETTINGS)
  })

describe("compareReports", () => {
  it.effect(
    "a cell that passed and now fails is a regression, the reverse a fix; new and unchanged cells are neither",
    () =>
      Effect.gen(function* () {
        const before = yield* reportOf(
          [
            cell({ caseId: "a", variant: "pipeline@0" }),
            cell({ caseId: "b", variant: "pipeline@0", passed: false, failures: [term] }),
            cell({ caseId: "c", variant: "pipeline@0" }),
            cell({ caseId: "d", variant: "pipeline@0", passed: false, failures: [term] })
          ],
          ["pipeline@0"],
          1000
        )
        const after = yield* reportOf(
          [
            cell({
              caseId: "a",
              variant: "pipeline@0",
              passed: false,
              failures: [term, JudgeFailed.make({ evidence: "" })]
            }),
            cell({ caseId: "b", variant: "pipeline@0" }),
            cell({ caseId: "c", variant: "pipeline@0" }),
            cell({ caseId: "d", variant: "pipeline@0", passed: false, failures: [term] }),
            cell({ caseId: "a", variant: "pipeline@1", passed: false, failures: [term] })
          ],
          ["pipeline@0", "pipeline@1"],
          2000
        )
        assert.deepStrictEqual(compareReports(after, before), {
          previousGeneratedAt: "1970-01-01T00:00:01.000Z",
          regressions: [{ caseId: "a", variant: "pipeline@0", before: [], after: ["RequiredTermLost", "JudgeFailed"] }],
          fixes: [{ caseId: "b", variant: "pipeline@0", before: ["RequiredTermLost"], after: [] }],
          passRates: {
            "pipeline@0": { before: 0.5, after: 0.5 },
            "pipeline@1": { before: null, after: 0 }
          }
        })
      })
  )
})

describe("writeReports", () => {
  it.effect("writes report.json and report.md; the next run compares with the last report and keeps it aside", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = `${yield* fs.makeTempDirectoryScoped({ prefix: "redraft-report-" })}/out`
      const first = yield* reportOf([cell({ caseId: "a", variant: "pipeline@0" })], ["pipeline@0"], 1000)
      const written = yield* writeReports(dir, first, undefined)
      assert.strictEqual(written.jsonFile, `${dir}/report.json`)
      assert.strictEqual(written.markdownFile, `${dir}/report.md`)
      assert.isUndefined(written.report.comparison)
      const firstJson = yield* fs.readFileString(`${dir}/report.json`)
      assert.deepStrictEqual(JSON.parse(firstJson), first)
      assert.isTrue(firstJson.endsWith("}\n"))
      assert.include(firstJson, '\n  "generatedAt"')
      assert.strictEqual(yield* fs.readFileString(`${dir}/report.md`), written.markdown)
      assert.strictEqual(written.markdown, renderMarkdown(first))
      assert.isFalse(yield* fs.exists(`${dir}/report.previous.json`))

      const second = yield* reportOf(
        [cell({ caseId: "a", variant: "pipeline@0", passed: false, failures: [term] })],
        ["pipeline@0"],
        2000
      )
      const again = yield* writeReports(dir, second, undefined)
      assert.deepStrictEqual(
        again.report.comparison?.regressions.map((r) => r.caseId),
        ["a"]
      )
      assert.strictEqual(yield* fs.readFileString(`${dir}/report.previous.json`), firstJson)
      assert.deepStrictEqual(JSON.parse(yield* fs.readFileString(`${dir}/report.json`)), again.report)
      assert.include(again.markdown, "**1 regression(s):**")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("--compare names the report to compare with, and then nothing is kept aside", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-report-" })
      const older = yield* reportOf([cell({ caseId: "a", variant: "pipeline@0", passed: false })], ["pipeline@0"], 5)
      yield* fs.writeFileString(`${dir}/older.json`, JSON.stringify(older))
      const now = yield* reportOf([cell({ caseId: "a", variant: "pipeline@0" })], ["pipeline@0"], 6)
      const written = yield* writeReports(`${dir}/out`, now, `${dir}/older.json`)
      assert.deepStrictEqual(
        written.report.comparison?.fixes.map((f) => f.caseId),
        ["a"]
      )
      assert.strictEqual(written.report.comparison?.previousGeneratedAt, "1970-01-01T00:00:00.005Z")
      assert.isFalse(yield* fs.exists(`${dir}/out/report.previous.json`))
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a previous file that is not a report (or not JSON) is not compared with, nor kept", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-report-" })
      const now = yield* reportOf([cell({ caseId: "a", variant: "pipeline@0" })], ["pipeline@0"])
      for (const text of ["not json", "null", "[]", '{"cells": 1, "totals": {}}', '{"cells": []}', '{"totals": {}}']) {
        yield* fs.writeFileString(`${dir}/report.json`, text)
        const written = yield* writeReports(dir, now, undefined)
        assert.isUndefined(written.report.comparison, text)
        assert.isFalse(yield* fs.exists(`${dir}/report.previous.json`), text)
      }
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})

describe("renderMarkdown", () => {
  const base = (cells: ReadonlyArray<CellResult>, settings: Record<string, unknown> = SETTINGS) =>
    buildReport(cells, ["no-op", "pipeline@0"], settings)

  it.effect(
    "the heading line names the provider, the model, the effort and the cases, and the filter when there is one",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.UTC(2026, 4, 6))
        const plain = renderMarkdown(yield* base(CELLS, { ...SETTINGS, model: "gemma3" }))
        assert.isTrue(
          plain.startsWith(
            "# Redraft evaluation\n\n2026-05-06T00:00:00.000Z · provider `lmstudio` · model `gemma3` · reasoning effort `none` · 2 cases\n\n## Totals\n\n"
          ),
          plain
        )
        const filtered = renderMarkdown(yield* base(CELLS, { ...SETTINGS, filter: "numbers" }))
        assert.include(filtered, " · 2 cases (filter `numbers`)\n")
      })
  )

  it.effect("the model is the one asked for, else those the service picked, else auto", () =>
    Effect.gen(function* () {
      const picked = renderMarkdown(
        yield* base([
          cell({ caseId: "a", variant: "no-op", model: null }),
          cell({ caseId: "a", variant: "pipeline@0", model: "qwen" }),
          cell({ caseId: "b", variant: "pipeline@0", model: "qwen" }),
          cell({ caseId: "c", variant: "pipeline@0", model: "gemma" })
        ])
      )
      assert.include(picked, " · model `qwen, gemma (picked by the service)` · ")
      const none = renderMarkdown(yield* base([cell({ caseId: "a", variant: "no-op", model: null })]))
      assert.include(none, " · model `auto` · ")
    })
  )

  it.effect(
    "the totals table shows passes, rates, styles, time, calls and tokens; a variant with no totals shows dashes",
    () =>
      Effect.gen(function* () {
        const report = yield* base(CELLS)
        const markdown = renderMarkdown({ ...report, variants: [...report.variants, "pipeline@9"] })
        assert.include(
          markdown,
          [
            "## Totals",
            "",
            "| variant | passed | pass rate | style (checked) | style (measured) | mean time | provider calls | tokens in/out |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |",
            "| no-op | 1/2 | 50% | 70 | 65 | 0.50 s | 2 | 200/100 |",
            "| pipeline@0 | 1/2 | 50% | 81 | 71.5 | 1.25 s | 4 | 310/35 |",
            "| pipeline@9 | – | – | – | – | – | – | – |",
            ""
          ].join("\n")
        )
        const noStyle = renderMarkdown(yield* base([cell({ caseId: "a", variant: "no-op", styleScore: null })]))
        assert.include(noStyle, "| no-op | 1/1 | 100% | – | 70 | 1.00 s | 2 | 100/50 |")
        assert.include(noStyle, "| pipeline@0 | 0/0 | 0% | – | 0 | 0.00 s | 0 | 0/0 |")
      })
  )

  it.effect("pass rates are percentages to one decimal", () =>
    Effect.gen(function* () {
      const markdown = renderMarkdown(
        yield* base([
          cell({ caseId: "a", variant: "no-op" }),
          cell({ caseId: "b", variant: "no-op", passed: false }),
          cell({ caseId: "c", variant: "no-op", passed: false })
        ])
      )
      assert.include(markdown, "| no-op | 1/3 | 33.3% |")
    })
  )

  it.effect("breakdowns by tag and profile, sorted, with a dash where a group has no cell of a variant", () =>
    Effect.gen(function* () {
      const markdown = renderMarkdown(
        yield* base([...CELLS, cell({ caseId: "c", variant: "no-op", tags: ["dates"], profile: "casual-explanatory" })])
      )
      assert.include(
        markdown,
        [
          "## By tag",
          "",
          "| tag | no-op | pipeline@0 |",
          "| --- | --- | --- |",
          "| dates | 1/1 | – |",
          "| names | 0/1 | 1/1 |",
          "| numbers | 1/2 | 1/2 |",
          "",
          "## By profile",
          "",
          "| profile | no-op | pipeline@0 |",
          "| --- | --- | --- |",
          "| casual-explanatory | 1/1 | – |",
          "| formal-academic | 0/1 | 1/1 |",
          "| plain-english | 1/1 | 0/1 |",
          ""
        ].join("\n")
      )
    })
  )

  it.effect("failures by type, sorted, and each failing cell with its failures, details and escaped evidence", () =>
    Effect.gen(function* () {
      const markdown = renderMarkdown(
        yield* base([
          cell({
            caseId: "x",
            variant: "pipeline@0",
            passed: false,
            failures: [
              term,
              ForbiddenPhrasePresent.make({ phrase: "delve", evidence: "we delve" }),
              CaveatLost.make({ caveat: "unless", evidence: "e" }),
              StyleBelowThreshold.make({ score: 61, threshold: 80, evidence: "e" }),
              ProtectedBlockChanged.make({ block: `a|b ${"y".repeat(60)}\nline 2`, evidence: "e" }),
              ServiceFailed.make({ code: "invalid_request", evidence: "e" }),
              JudgeFailed.make({ evidence: "too curt" })
            ]
          })
        ])
      )
      assert.include(
        markdown,
        [
          "## Failures by type",
          "",
          "| failure | no-op | pipeline@0 |",
          "| --- | --- | --- |",
          "| CaveatLost | 0 | 1 |",
          "| ForbiddenPhrasePresent | 0 | 1 |",
          "| JudgeFailed | 0 | 1 |",
          "| ProtectedBlockChanged | 0 | 1 |",
          "| RequiredTermLost | 0 | 1 |",
          "| ServiceFailed | 0 | 1 |",
          "| StyleBelowThreshold | 0 | 1 |",
          "",
          "## Failing cells",
          "",
          "- `x` pipeline@0:",
          "  - **RequiredTermLost** `40`: in the source: 40 \\| 41 &lt;b>",
          '  - **ForbiddenPhrasePresent** "delve": we delve',
          '  - **CaveatLost** "unless": e',
          "  - **StyleBelowThreshold** 61 < 80: e",
          `  - **ProtectedBlockChanged** "a\\|b ${"y".repeat(46)}": e`,
          "  - **ServiceFailed** invalid_request: e",
          "  - **JudgeFailed**: too curt",
          ""
        ].join("\n")
      )
      const clean = renderMarkdown(yield* base([cell({ caseId: "a", variant: "no-op" })]))
      assert.include(clean, "## Failures by type\n\nNone.\n")
      assert.notInclude(clean, "## Failing cells")
    })
  )

  it.effect("reused cells are named, with the model and code they were run under", () =>
    Effect.gen(function* () {
      const settings = { ...SETTINGS, reusedCells: 3, resolvedModel: "qwen3", codeFingerprint: "abc123abc123" }
      const markdown = renderMarkdown(yield* base(CELLS, settings))
      assert.include(
        markdown,
        "\n\n3 of 4 cells were reused from an earlier run with the same cases, options, model `qwen3` and code `abc123abc123` (`--fresh` runs them again).\n\n"
      )
      assert.notInclude(renderMarkdown(yield* base(CELLS, { ...settings, reusedCells: 0 })), "were reused")
    })
  )

  it.effect("a comparison comes first: regressions, then fixes, then the pass rates before and now", () =>
    Effect.gen(function* () {
      const report = yield* base(CELLS)
      const compared: Report = {
        ...report,
        comparison: {
          previousGeneratedAt: "2026-01-01T00:00:00.000Z",
          regressions: [
            { caseId: "a", variant: "pipeline@0", before: [], after: ["RequiredTermLost", "JudgeFailed"] },
            { caseId: "b", variant: "no-op", before: [], after: ["CaveatLost"] }
          ],
          fixes: [{ caseId: "c", variant: "pipeline@0", before: ["StyleBelowThreshold", "CaveatLost"], after: [] }],
          passRates: { "no-op": { before: null, after: 0.5 }, "pipeline@0": { before: 0.25, after: 0.5 } }
        }
      }
      const markdown = renderMarkdown(compared)
      assert.include(
        markdown,
        [
          "## Compared with 2026-01-01T00:00:00.000Z",
          "",
          "**2 regression(s):**",
          "",
          "- `a` pipeline@0: now RequiredTermLost, JudgeFailed",
          "- `b` no-op: now CaveatLost",
          "",
          "1 fixed:",
          "",
          "- `c` pipeline@0 (was StyleBelowThreshold, CaveatLost)",
          "",
          "| variant | pass rate before | now |",
          "| --- | --- | --- |",
          "| no-op | – | 50% |",
          "| pipeline@0 | 25% | 50% |",
          "",
          "## Totals"
        ].join("\n")
      )
      const calm = renderMarkdown({
        ...report,
        variants: [...report.variants, "pipeline@3"],
        comparison: { previousGeneratedAt: "t", regressions: [], fixes: [], passRates: {} }
      })
      assert.include(calm, "## Compared with t\n\nNo regressions.\n\n| variant |")
      assert.notInclude(calm, "fixed:")
      assert.include(calm, "| pipeline@3 | – | 0% |")
      const reused = renderMarkdown({
        ...report,
        settings: { ...SETTINGS, reusedCells: 3 },
        comparison: { previousGeneratedAt: "t", regressions: [], fixes: [], passRates: {} }
      })
      assert.include(reused, "No regressions among the 1 cells run now.")
    })
  )
})
