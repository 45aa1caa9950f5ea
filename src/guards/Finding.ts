/**
 * The guards' findings and the wording several guards share. Findings are part of the API (`POST /api/check`,
 * meaning reports): their type lives in the domain. A writer reads every message, and guards that report the same
 * kind of change should word it alike.
 */
import { finding, type Finding, type FindingKind, isCertain } from "../domain/Finding.ts"

export { finding, type Finding, type FindingKind, isCertain }

/** A phrase of a text as a message shows it. */
export const quote = (s: string): string => `"${s}"`

/** How the findings about one kind of fact name it. */
export interface Wording {
  readonly kind: FindingKind
  /** The fact in a message: "the link …", "the rewrite adds the name …". */
  readonly noun: string
  /** How a fact is shown: in quotes, or as code in backticks. */
  readonly show?: (text: string) => string
  /** A change is worded without the noun: `"3 p.m." became "3 a.m."` says what it is about by itself. */
  readonly bareChange?: boolean
}

/**
 * The facts of one kind that the rewrite lost and the ones it added, as findings: lost and added facts pair up in
 * order ("the link X became Y"), so a replaced fact is one finding and not two; the rest were dropped or added.
 */
export const lostAndAdded = (
  wording: Wording,
  lost: ReadonlyArray<string>,
  added: ReadonlyArray<string>
): Array<Finding> => {
  const { kind, noun, show = quote, bareChange = false } = wording
  const findings: Array<Finding> = []
  const pairs = Math.min(lost.length, added.length)
  for (let i = 0; i < pairs; i++) {
    const a = lost[i] as string
    const b = added[i] as string
    const change = `${show(a)} became ${show(b)}`
    findings.push(finding(kind, bareChange ? change : `the ${noun} ${change}`, a, b))
  }
  for (const a of lost.slice(pairs)) findings.push(finding(kind, `the ${noun} ${show(a)} was dropped`, a))
  for (const b of added.slice(pairs)) {
    findings.push(finding(kind, `the rewrite adds the ${noun} ${show(b)}`, undefined, b))
  }
  return findings
}

/** The findings without repeats of the same message. */
export const distinct = (findings: ReadonlyArray<Finding>): ReadonlyArray<Finding> => {
  const seen = new Set<string>()
  return findings.filter((f) => (seen.has(f.message) ? false : (seen.add(f.message), true)))
}
