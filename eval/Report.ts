import { renderMarkdown } from "./ReportMarkdown.ts"
import { Clock, Effect, FileSystem, Path, Schema } from "effect"
import type { CellChange, Comparison, Rate, Report, VariantTotals } from "./ReportModel.ts"
import { type CellResult } from "./ResultsStore.ts"

/** Aggregates finished cells: pass rates per variant (the iteration limits are variants), tag and profile. */
export const buildReport = (
  cells: ReadonlyArray<CellResult>,
  variants: ReadonlyArray<string>,
  settings: Readonly<Record<string, unknown>>
) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const totals: Record<string, VariantTotals> = {}
    for (const variant of variants) {
      const mine = cells.filter((c) => c.variant === variant)
      const styles = mine.flatMap((c) => (c.styleScore === null ? [] : [c.styleScore]))
      totals[variant] = {
        ...rate(mine),
        meanStyle: styles.length === 0 ? null : round1(mean(styles)),
        meanMeasuredStyle: round1(mean(mine.map((c) => c.measuredStyle))),
        meanDurationMs: Math.round(mean(mine.map((c) => c.durationMs))),
        totalDurationMs: sum(mine.map((c) => c.durationMs)),
        providerCalls: sum(mine.map((c) => c.providerCalls)),
        promptTokens: sum(mine.map((c) => c.promptTokens)),
        completionTokens: sum(mine.map((c) => c.completionTokens))
      }
    }
    const failureCounts: Record<string, Record<string, number>> = {}
    for (const cell of cells) {
      for (const f of cell.failures) {
        const row = (failureCounts[f._tag] ??= Object.fromEntries(variants.map((v) => [v, 0])))
        row[cell.variant] = (row[cell.variant] ?? 0) + 1
      }
    }
    const report: Report = {
      generatedAt: new Date(now).toISOString(),
      settings,
      variants,
      totals,
      byTag: groupRates(cells, variants, (c) => c.tags),
      byProfile: groupRates(cells, variants, (c) => [c.profile]),
      failureCounts,
      cells
    }
    return report
  })

/** What changed since an earlier report, cell by cell (same case and variant) and in pass rate per variant. */
export const compareReports = (current: Report, previous: Report): Comparison => {
  const before = new Map(previous.cells.map((c) => [`${c.caseId}|${c.variant}`, c]))
  const regressions: Array<CellChange> = []
  const fixes: Array<CellChange> = []
  for (const cell of current.cells) {
    const old = before.get(`${cell.caseId}|${cell.variant}`)
    if (old === undefined || old.passed === cell.passed) continue
    const change = {
      caseId: cell.caseId,
      variant: cell.variant,
      before: old.failures.map((f) => f._tag),
      after: cell.failures.map((f) => f._tag)
    }
    if (old.passed) regressions.push(change)
    else fixes.push(change)
  }
  const passRates: Record<string, { before: number | null; after: number }> = {}
  for (const variant of current.variants) {
    passRates[variant] = {
      before: previous.totals[variant]?.passRate ?? null,
      after: current.totals[variant]?.passRate ?? 0
    }
  }
  return { previousGeneratedAt: previous.generatedAt, regressions, fixes, passRates }
}

/**
 * Writes `report.json` and `report.md` to `dir`. The previous report (from `comparePath`, else the `report.json`
 * already in `dir`) is compared against, and kept as `report.previous.json`.
 */
export const writeReports = Effect.fn("Report.write")(function* (
  dir: string,
  report: Report,
  comparePath: string | undefined
) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const jsonFile = path.join(dir, "report.json")
  const previousFile = comparePath ?? jsonFile
  let final = report
  if (yield* fs.exists(previousFile)) {
    const raw = yield* fs.readFileString(previousFile)
    const previous = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Unknown))(raw).pipe(Effect.option)
    if (previous._tag === "Some" && isReport(previous.value)) {
      final = { ...report, comparison: compareReports(report, previous.value) }
      if (comparePath === undefined) yield* fs.writeFileString(path.join(dir, "report.previous.json"), raw)
    }
  }
  yield* fs.makeDirectory(dir, { recursive: true })
  yield* fs.writeFileString(jsonFile, `${JSON.stringify(final, null, 2)}\n`)
  const markdown = renderMarkdown(final)
  yield* fs.writeFileString(path.join(dir, "report.md"), markdown)
  return { report: final, markdown, jsonFile, markdownFile: path.join(dir, "report.md") }
})

// ---------------------------------------------------------------------------------------------------------------

const sum = (xs: ReadonlyArray<number>) => xs.reduce((a, b) => a + b, 0)
const mean = (xs: ReadonlyArray<number>) => (xs.length === 0 ? 0 : sum(xs) / xs.length)
const round1 = (x: number) => Math.round(x * 10) / 10

const rate = (cells: ReadonlyArray<CellResult>): Rate => {
  const passed = cells.filter((c) => c.passed).length
  return { cells: cells.length, passed, passRate: cells.length === 0 ? 0 : passed / cells.length }
}

const groupRates = (
  cells: ReadonlyArray<CellResult>,
  variants: ReadonlyArray<string>,
  groupsOf: (cell: CellResult) => ReadonlyArray<string>
) => {
  const out: Record<string, Record<string, Rate>> = {}
  const groups = new Set(cells.flatMap(groupsOf))
  for (const group of groups) {
    out[group] = Object.fromEntries(
      variants.map((variant) => [
        variant,
        rate(cells.filter((c) => c.variant === variant && groupsOf(c).includes(group)))
      ])
    )
  }
  return out
}

const isReport = (value: unknown): value is Report =>
  typeof value === "object" && value !== null && "cells" in value && Array.isArray(value.cells) && "totals" in value
