/**
 * Inline code as an ordered sequence: every code span of the original must come back verbatim (up to spacing), the
 * rewrite must not add one, and two spans must not trade places while the prose around them stays the same
 * ("run `a`, then `b`" → "run `b`, then `a`"). Spans may move when the sentence around them is reworded.
 */
import { finding, lostAndAdded } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Prepared } from "./Text.ts"

const SPACES_RE = /\s+/g
const normalise = (code: string): string => code.trim().replace(SPACES_RE, " ")

/** The items of `a` that `b` lacks, counting repeats. */
const without = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<number> => {
  const left = new Map<string, number>()
  for (const x of b) left.set(x, (left.get(x) ?? 0) + 1)
  const out: Array<number> = []
  a.forEach((x, i) => {
    const n = left.get(x) ?? 0
    if (n > 0) left.set(x, n - 1)
    else out.push(i)
  })
  return out
}

const sameProse = (a: Prepared, b: Prepared): boolean =>
  a.words.length === b.words.length && a.words.every((w, i) => w.lower === b.words[i]?.lower)

export const codeGuard: Guard = ({ original, rewrite }) => {
  if (original.codes.length === 0 && rewrite.codes.length === 0) return []
  const before = original.codes.map(normalise)
  const after = rewrite.codes.map(normalise)
  // A span may be added when the original had the same text as plain prose ("set retry_ms" → "set `retry_ms`").
  const lost = without(before, after)
  const added = without(after, before).filter((i) => !original.prose.includes(after[i] ?? ""))
  const findings = lostAndAdded(
    { kind: "code", noun: "code", show: (code) => `\`${code}\`` },
    lost.map((i) => original.codes[i] as string),
    added.map((i) => rewrite.codes[i] as string)
  )
  if (findings.length === 0 && before.some((c, i) => c !== after[i]) && sameProse(original, rewrite)) {
    const i = before.findIndex((c, k) => c !== after[k])
    const a = original.codes[i] as string
    const b = rewrite.codes[i] as string
    findings.push(finding("code", `the code spans \`${a}\` and \`${b}\` traded places`, a, b))
  }
  return findings
}
