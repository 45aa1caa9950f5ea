/** The deterministic checks every rewritten text must pass: its facts (numbers, names, hedges...) and its shape. */
import { structureProblem } from "../src/pipeline/Structure.ts"
import { checkFacts, describeReport, type GuardReport } from "../src/text/Facts.ts"

export interface Safety extends GuardReport {
  /** Block structure the text would add to the document (a heading, a list...), if any. */
  readonly structure: string | undefined
}

export const checkSafety = (original: string, candidate: string): Safety => {
  const facts = checkFacts(original, candidate)
  const structure = structureProblem(original, candidate)
  return { ...facts, ok: facts.ok && structure === undefined, structure }
}

/** What went wrong, as the end of a sentence that starts "the rewrite ...". */
export const describeSafety = (safety: Safety): string =>
  [safety.missing.length + safety.added.length > 0 ? describeReport(safety) : undefined, safety.structure]
    .filter((part): part is string => part !== undefined)
    .join("; and it ")
