/**
 * The deterministic checks every rewritten text must pass: its meaning (src/guards) and its shape. The pipeline holds
 * every stage that changes text to them; the built-in stages use them to choose and repair drafts.
 */
import { type Finding, finding, isCertain } from "../domain/Finding.ts"
import { checkMeaning } from "../guards/Safety.ts"
import { structureProblem } from "./Structure.ts"

export interface Safety {
  /** True when no guard found a fact changed or lost and the text adds no block structure (nothing `certain`). */
  readonly ok: boolean
  /** Every finding, certain ones first. */
  readonly findings: ReadonlyArray<Finding>
}

/** The verdict on a text left as it was: nothing in it can have changed. */
const UNCHANGED: Safety = { ok: true, findings: [] }

export const checkSafety = (original: string, candidate: string): Safety => {
  // Not read at all: reading a long paragraph twice costs milliseconds, and a guard reading a sentence two ways could
  // only raise a question about a text nobody changed.
  if (candidate === original) return UNCHANGED
  const meaning = checkMeaning(original, candidate)
  const structure = structureProblem(original, candidate)
  const findings =
    structure === undefined ? meaning.findings : [...meaning.findings, finding("structure", `the rewrite ${structure}`)]
  const certain = findings.filter(isCertain)
  return { ok: certain.length === 0, findings: [...certain, ...findings.filter((f) => !isCertain(f))] }
}

/** The findings that refuse the text. */
export const certainFindings = (safety: Safety): ReadonlyArray<Finding> => safety.findings.filter(isCertain)

/** The findings that only raise a question about the wording. */
export const suspectFindings = (safety: Safety): ReadonlyArray<Finding> => safety.findings.filter((f) => !isCertain(f))

/** What changed, as one line: the messages of the findings that refuse the text (all of them when none does). */
export const describeSafety = (safety: Safety): string => {
  const certain = certainFindings(safety)
  return (certain.length > 0 ? certain : safety.findings).map((f) => f.message).join("; ")
}
