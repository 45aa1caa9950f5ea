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
import { phrasesPattern } from "./Regex.ts"
import type { Prepared } from "./Text.ts"
import { TIME_WORDS, type TimeWords } from "./TimeWords.ts"
import { matchingSentence, sentenceAt } from "./Topics.ts"

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
  // A mark of one kind in a sentence of the original, and only the other kind in the rewrite's sentence that says the
  // same claim (a paragraph may tell of what happened and of what will, of a deadline and of an opening).
  for (const [from, to, what] of SHIFTS) {
    for (const lost of a[from].slice(0, MAX_CUES)) {
      const [start, end] = sentenceAt(original, lost.start)
      if (a[to].some((h) => h.start >= start && h.start < end)) continue
      const match = matchingSentence(original, start, end, rewrite)
      if (match === undefined) continue
      const inMatch = (h: Hit) => h.start >= match[0] && h.start < match[1]
      const gained = b[to].find(inMatch)
      if (gained !== undefined && !b[from].some(inMatch)) {
        out.push(turned(original, lost, rewrite, gained, what))
        break
      }
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------

const SHIFTS: ReadonlyArray<readonly [List, List, string]> = [
  ["limitUntil", "limitFrom", "the time limit"],
  ["limitFrom", "limitUntil", "the time limit"],
  ["future", "past", "a future statement"],
  ["past", "future", "a past statement"]
]

/** At most this many cues of one kind are looked at: a long text is not searched sentence by sentence for each. */
const MAX_CUES = 8

const turned = (original: Prepared, lost: Hit, rewrite: Prepared, gained: Hit, what: string): Finding =>
  finding(
    "time",
    `${what} changed: ${quote(lost.text)} became ${quote(gained.text)} (${quote(around(original, lost.start, lost.end))} → ${quote(around(rewrite, gained.start, gained.end))})`,
    around(original, lost.start, lost.end),
    around(rewrite, gained.start, gained.end)
  )

const LISTS: ReadonlyArray<List> = ["limitUntil", "limitFrom", "future", "past"]
const CJK = new Set<Lang>(["zh", "ja"])

/** Per list and language: one expression for the phrases (longest first, "*" a stem, "~" a regular expression) and
 * one for the word endings ("-"), which are tested word by word so that no pattern scans back over a long word. */
interface Patterns {
  readonly phrases: RegExp | undefined
  readonly endings: RegExp | undefined
}
const compiled = new Map<Lang, Readonly<Record<List, Patterns>>>()
const patternsOf = (lang: Lang): Readonly<Record<List, Patterns>> => {
  let found = compiled.get(lang)
  if (found === undefined) {
    const words = TIME_WORDS[lang]
    const build = (all: ReadonlyArray<string>): Patterns => {
      const endings = all.filter((p) => p.startsWith("-")).map((p) => p.slice(1))
      return {
        phrases: phrasesPattern(
          all.filter((p) => !p.startsWith("-")),
          CJK.has(lang)
        ),
        endings: endings.length === 0 ? undefined : new RegExp(`(?:${endings.join("|")})$`, "u")
      }
    }
    found = Object.fromEntries(LISTS.map((list) => [list, build(words[list])])) as Record<List, Patterns>
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
        const { phrases, endings } = patterns[list]
        const found: Array<Hit> =
          phrases === undefined
            ? []
            : [...p.lower.matchAll(phrases)].map((m) => ({
                text: m[0].trim(),
                start: m.index,
                end: m.index + m[0].length
              }))
        if (endings !== undefined) {
          for (const w of p.words) {
            if (w.lower.length >= 4 && endings.test(w.lower)) found.push({ text: w.lower, start: w.start, end: w.end })
          }
          found.sort((x, y) => x.start - y.start)
        }
        return [list, found]
      })
    ) as unknown as Record<List, ReadonlyArray<Hit>>
    hitsCache.set(p, hits)
  }
  return hits
}
