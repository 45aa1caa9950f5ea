/** The shape of an evaluation report: totals per variant, rates per tag and profile, and the comparison with the last run. */
import type { CellResult } from "./ResultsStore.ts"

export interface Rate {
  readonly cells: number
  readonly passed: number
  readonly passRate: number
}

export interface VariantTotals extends Rate {
  readonly meanStyle: number | null
  readonly meanMeasuredStyle: number
  readonly meanDurationMs: number
  readonly totalDurationMs: number
  readonly providerCalls: number
  readonly promptTokens: number
  readonly completionTokens: number
}

export interface CellChange {
  readonly caseId: string
  readonly variant: string
  readonly before: ReadonlyArray<string>
  readonly after: ReadonlyArray<string>
}

export interface Comparison {
  readonly previousGeneratedAt: string
  /** Cells that passed before and fail now: listed first in the summary. */
  readonly regressions: ReadonlyArray<CellChange>
  readonly fixes: ReadonlyArray<CellChange>
  readonly passRates: Readonly<Record<string, { readonly before: number | null; readonly after: number }>>
}

export interface Report {
  readonly generatedAt: string
  readonly settings: Readonly<Record<string, unknown>>
  readonly variants: ReadonlyArray<string>
  readonly totals: Readonly<Record<string, VariantTotals>>
  readonly byTag: Readonly<Record<string, Readonly<Record<string, Rate>>>>
  readonly byProfile: Readonly<Record<string, Readonly<Record<string, Rate>>>>
  readonly failureCounts: Readonly<Record<string, Readonly<Record<string, number>>>>
  readonly cells: ReadonlyArray<CellResult>
  readonly comparison?: Comparison
}
