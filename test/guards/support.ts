/**
 * What the guard tests share: one guard run on a pair the way `checkMeaning` runs it (the rewrite read in the
 * original's language), every guard's findings of some kinds, and the two assertions most cases make.
 */
import { assert } from "@effect/vitest"
import type { Finding, FindingKind } from "../../src/guards/Finding.ts"
import type { Guard } from "../../src/guards/Guard.ts"
import { type Lang, lexicon } from "../../src/guards/Lexicon.ts"
import { extractQuantities } from "../../src/guards/Quantities.ts"
import { checkMeaning } from "../../src/guards/Safety.ts"
import { prepare } from "../../src/guards/Text.ts"

/** Where the findings on a pair come from: one guard (`findingsOf`), or every guard's (`allFindings`, `findingsOfKinds`). */
export type FindingsSource = (original: string, rewrite: string) => ReadonlyArray<Finding>

/** The findings of one guard on a pair; `lang` forces the language of both texts. */
export const findingsOf =
  (guard: Guard) =>
  (original: string, rewrite: string, lang?: Lang): ReadonlyArray<Finding> => {
    const o = prepare(original, lang)
    return guard({ original: o, rewrite: prepare(rewrite, o.lang), lexicon: lexicon(o.lang) })
  }

/** The messages of one guard on a pair. */
export const messagesOf = (guard: Guard) => {
  const findings = findingsOf(guard)
  return (original: string, rewrite: string): ReadonlyArray<string> => findings(original, rewrite).map((f) => f.message)
}

/** The kinds of finding the operator guards report: negation, hedges, modality, bounds, causes and the like. */
export const OPERATOR_KINDS: ReadonlyArray<FindingKind> = [
  "negation",
  "hedge",
  "modality",
  "bound",
  "scope",
  "exception",
  "condition",
  "quantifier",
  "comparison",
  "contrast",
  "claim",
  "antonym",
  "time"
]

/** The findings of every guard on a pair. */
export const allFindings: FindingsSource = (original, rewrite) => checkMeaning(original, rewrite).findings

/** The findings of every guard on a pair that are of one of `kinds` (the other guards' findings left out). */
export const findingsOfKinds = (kinds: ReadonlyArray<FindingKind>) => {
  const wanted = new Set(kinds)
  return (original: string, rewrite: string): ReadonlyArray<Finding> =>
    checkMeaning(original, rewrite).findings.filter((f) => wanted.has(f.kind))
}

/** Asserts that a pair has no findings. */
export const assertNone = (findings: ReadonlyArray<Finding>, original: string, rewrite: string): void =>
  assert.deepStrictEqual(findings, [], `${original} → ${rewrite}`)

/** Asserts that a pair has a finding (of `kind`, when given), and returns the findings. */
export const assertSome = (
  findings: ReadonlyArray<Finding>,
  kind: FindingKind | undefined,
  original: string,
  rewrite: string
): ReadonlyArray<Finding> => {
  assert.isTrue(
    kind === undefined ? findings.length > 0 : findings.some((f) => f.kind === kind),
    `expected a ${kind ?? "any"} finding: ${original} → ${rewrite}: ${JSON.stringify(findings)}`
  )
  return findings
}

/**
 * The assertions most guard tests make on one source of findings. `passes`: the pair has no finding. `flags`: the pair
 * has a finding of `kind` (of `defaultKind` when no kind is given, of any kind when neither is), and the findings are
 * returned. `flagsEach`: each pair has a finding of `kind` (the same change in several languages).
 */
export const verdicts = (found: FindingsSource, defaultKind?: FindingKind) => {
  const passes = (original: string, rewrite: string): void => assertNone(found(original, rewrite), original, rewrite)
  const flags = (original: string, rewrite: string, kind: FindingKind | undefined = defaultKind) =>
    assertSome(found(original, rewrite), kind, original, rewrite)
  const flagsEach = (kind: FindingKind, pairs: ReadonlyArray<readonly [original: string, rewrite: string]>): void => {
    for (const [original, rewrite] of pairs) flags(original, rewrite, kind)
  }
  return { passes, flags, flagsEach }
}

/** The quantities read in a text (weak ones left out), each as its value and its unit ("1200", "2000.5 GB"). */
export const quantityValues = (text: string): ReadonlyArray<string> => {
  const p = prepare(text)
  return extractQuantities(p, lexicon(p.lang))
    .filter((q) => !q.weak)
    .map((q) => `${q.value}${q.unit === "" ? "" : ` ${q.unit}`}`)
}

/**
 * For each [original, faithful, changed]: the faithful rewrite has no finding and the changed one exactly one. One
 * original per language, each said once the same way and once with the fact turned around.
 */
export const assertKeptAndChanged = (
  messages: (original: string, rewrite: string) => ReadonlyArray<string>,
  cases: ReadonlyArray<readonly [original: string, faithful: string, changed: string]>
): void => {
  for (const [original, faithful, changed] of cases) {
    assert.deepStrictEqual(messages(original, faithful), [], `${original} → ${faithful}`)
    assert.strictEqual(messages(original, changed).length, 1, `${original} → ${changed}`)
  }
}
