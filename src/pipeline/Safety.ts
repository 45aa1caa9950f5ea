/**
 * The deterministic checks every rewritten text must pass: its meaning (src/guards) and its shape. The pipeline holds
 * every stage that changes text to them; the built-in stages use them to choose and repair drafts.
 */
import { type Finding, finding } from "../domain/Finding.ts"
import { checkMeaning } from "../guards/Safety.ts"
import { structureProblem } from "./Structure.ts"

export interface Safety {
  /** True when no guard found a change of meaning and the text adds no block structure. */
  readonly ok: boolean
  readonly findings: ReadonlyArray<Finding>
}

export const checkSafety = (original: string, candidate: string): Safety => {
  const meaning = checkMeaning(original, candidate)
  const structure = structureProblem(original, candidate)
  const findings =
    structure === undefined ? meaning.findings : [...meaning.findings, finding("structure", `the rewrite ${structure}`)]
  return { ok: findings.length === 0, findings }
}

/** What changed, as one line: the findings' messages. */
export const describeSafety = (safety: Safety): string => safety.findings.map((f) => f.message).join("; ")
