/**
 * Time reference, a `suspect` guard (wording can move it in equivalent ways, so a finding becomes a question to the
 * model): a time limit that turned to the other side ("until 31 March" → "from 31 March", "bis" → "ab", "まで" →
 * "から受け付け"), and a statement moved between future and past ("will be posted" → "have been posted", "станет
 * доступна" → "вышла"). Present forms count as neither, so "will start" → "starts" passes. It reads the lists of
 * TimeWords.ts with one pass of one expression per list: linear in the text's length.
 */
import { around } from "./CueFindings.ts"
import { finding, type Finding, quote } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lang } from "./Lexicon.ts"
import { escape } from "./Regex.ts"
import type { Prepared } from "./Text.ts"
import { TIME_WORDS, type TimeWords } from "./TimeWords.ts"

type List = keyof TimeWords

interface Hit {
  readonly text: string
  readonly start: number
  readonly end: number
}

export const timeGuard: Guard = ({ original, rewrite }) => {
  const out: Array<Finding> = []
  const a = hitsOf(original)
  const b = hitsOf(rewrite)
  // A limit on one side in the original only, and on the other side in the rewrite only.
  for (const [from, to] of [
    ["limitUntil", "limitFrom"],
    ["limitFrom", "limitUntil"]
  ] as const) {
    const lost = a[from][0]
    const gained = b[to][0]
    if (lost !== undefined && gained !== undefined && b[from].length === 0 && a[to].length === 0) {
      out.push(turned(original, lost, rewrite, gained, "the time limit"))
    }
  }
  // Fewer future marks and more past ones, or the reverse: the statement moved in time.
  for (const [from, to] of [
    ["future", "past"],
    ["past", "future"]
  ] as const) {
    const lost = a[from].length > b[from].length ? a[from][0] : undefined
    const gained = b[to].length > a[to].length ? b[to][0] : undefined
    if (lost !== undefined && gained !== undefined) {
      out.push(turned(original, lost, rewrite, gained, from === "future" ? "a future statement" : "a past statement"))
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------

const turned = (original: Prepared, lost: Hit, rewrite: Prepared, gained: Hit, what: string): Finding =>
  finding(
    "time",
    `${what} changed: ${quote(lost.text)} became ${quote(gained.text)} (${quote(around(original, lost.start, lost.end))} → ${quote(around(rewrite, gained.start, gained.end))})`,
    around(original, lost.start, lost.end),
    around(rewrite, gained.start, gained.end)
  )

const LISTS: ReadonlyArray<List> = ["limitUntil", "limitFrom", "future", "past"]
const CJK = new Set<Lang>(["zh", "ja"])

/** One expression per list and language: phrases longest first, "*" a stem, "~" a regular expression. */
const compiled = new Map<Lang, Readonly<Record<List, RegExp | undefined>>>()
const patternsOf = (lang: Lang): Readonly<Record<List, RegExp | undefined>> => {
  let found = compiled.get(lang)
  if (found === undefined) {
    const words = TIME_WORDS[lang]
    const [l, r] = CJK.has(lang) ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
    const build = (phrases: ReadonlyArray<string>): RegExp | undefined => {
      if (phrases.length === 0) return undefined
      const parts = phrases
        .toSorted((x, y) => y.length - x.length)
        .map((p) =>
          p.startsWith("~")
            ? p.slice(1)
            : `${l}${escape(p.replace(/\*$/u, "")).replace(/ /g, "\\s+")}${p.endsWith("*") ? "\\p{L}*" : ""}${r}`
        )
      return new RegExp(parts.join("|"), "gu")
    }
    found = Object.fromEntries(LISTS.map((list) => [list, build(words[list])])) as Record<List, RegExp | undefined>
    compiled.set(lang, found)
  }
  return found
}

const hitsCache = new WeakMap<Prepared, Readonly<Record<List, ReadonlyArray<Hit>>>>()
/** Every cue of every list in a text, in order. */
const hitsOf = (p: Prepared): Readonly<Record<List, ReadonlyArray<Hit>>> => {
  let hits = hitsCache.get(p)
  if (hits === undefined) {
    const patterns = patternsOf(p.lang)
    hits = Object.fromEntries(
      LISTS.map((list) => {
        const re = patterns[list]
        if (re === undefined) return [list, []]
        return [
          list,
          [...p.lower.matchAll(re)].map((m) => ({ text: m[0].trim(), start: m.index, end: m.index + m[0].length }))
        ]
      })
    ) as unknown as Record<List, ReadonlyArray<Hit>>
    hitsCache.set(p, hits)
  }
  return hits
}
