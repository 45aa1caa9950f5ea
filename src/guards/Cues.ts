/**
 * Meaning-operator cues: the words and phrases of `negation`, `operators` and `notCues` in a language's data file,
 * compiled once per language into one regular expression (CueCompile.ts), and a scanner that finds them in a
 * prepared text. Tallies.ts counts the hits of both sides of a pair; CueFindings.ts words the findings about them.
 *
 * A cue entry is a phrase in lower case, matched at word boundaries in spaced languages and as a substring in Chinese
 * and Japanese. Inside an entry:
 * - `*` at the start or end stands for the rest of the word: "kein*" matches "keine", "keinen"; "*n't" matches "isn't";
 * - `…` is a gap of up to three words (up to twelve characters in Chinese and Japanese): "ne … que", "除了…以外";
 * - `#` at the end asks for a number right after the phrase: "about #" ("about 40"), "up to #";
 * - `re:` starts a raw regular expression, for the few constructs the rules above cannot say.
 * At one position the longest entry wins, so "not only" (a non-cue) hides "not", and "no more than" (a bound) hides "no".
 * A value whose name ends in "?" ("contrast?") accepts a cue as a substitute for the value without the "?", but the
 * cue is never demanded of a rewrite nor reported as added: "while" may replace "but", yet a lost "while" is no loss.
 */
import { CJK, type Cue, compiled, WS_RE } from "./CueCompile.ts"
import type { Lexicon } from "./Lexicon.ts"
import type { Prepared } from "./Text.ts"

export type { Cue }

export interface Hit {
  readonly cue: Cue
  /** The matched text as written in the prose. */
  readonly text: string
  readonly start: number
  readonly end: number
}

const WS_TEST_RE = /\s/

const scanCache = new WeakMap<Prepared, ReadonlyArray<Hit>>()

const CAPITALISING = new Set(["en", "es", "fr", "ru"])
const UPPER_RE = /\p{Lu}/u
const SENTENCE_START_RE = /(?:^|[.!?:;…"“«(\n•·▪–—*-]|\d\.)\s*$/u
const DIGIT_AHEAD_RE = /^\s*\d/

/** "May 3", "in May", "the Never Again campaign": a capitalised cue that is not at a sentence start, or a month. */
const isNameLike = (text: Prepared, start: number, end: number, months: ReadonlySet<string>): boolean => {
  const first = text.prose[start] ?? ""
  if (!UPPER_RE.test(first)) return false
  // "Do NOT drink": a cue written in capitals is said louder, not a name.
  if (end - start >= 2 && text.prose.slice(start, end) === text.prose.slice(start, end).toUpperCase()) return false
  if (DIGIT_AHEAD_RE.test(text.prose.slice(end, end + 4)) && months.has(text.lower.slice(start, end))) return true
  return !SENTENCE_START_RE.test(text.prose.slice(Math.max(0, start - 12), start))
}

const TURNED: Readonly<Record<string, Cue>> = {
  lower: { cls: "bound", value: "upper", weak: false },
  upper: { cls: "bound", value: "lower", weak: false }
}
const GAP_BREAK_RE = /[,.;:!?()。，；：！？、]/u
const GAP_WORD_RE = /[\p{L}\p{N}]+/gu

const isTurnable = (h: Hit | undefined): h is Hit =>
  h !== undefined && h.cue.cls === "bound" && !h.cue.weak && TURNED[h.cue.value] !== undefined

/** The words (characters in Chinese and Japanese) between two cues, or -1 when a punctuation mark parts them. */
const gapBetween = (text: Prepared, from: number, to: number, cjk: boolean): number => {
  const gap = text.prose.slice(from, to)
  if (GAP_BREAK_RE.test(gap)) return -1
  return cjk ? gap.replace(/\s/g, "").length : (gap.match(GAP_WORD_RE)?.length ?? 0)
}

/**
 * A negation that turns the bound right after it: "do not take more than 4" is "at most 4", "cannot be longer than 5
 * minutes" is "5 minutes at most", "不能多于" is "不多于"; in Japanese the negation follows ("3錠以上は飲まない"). The two
 * hits become one bound of the other direction, so that neither a negation nor a lower bound is counted.
 */
const turnNegatedBounds = (text: Prepared, hits: ReadonlyArray<Hit>): ReadonlyArray<Hit> => {
  if (!hits.some((h) => h.cue.cls === "negation") || !hits.some(isTurnable)) return hits
  const cjk = CJK.has(text.lang)
  const maxGap = cjk ? 4 : 2
  const out: Array<Hit> = []
  const gone = new Set<Hit>()
  const sameSpan = (h: Hit) => hits.filter((x) => x.start === h.start && x.end === h.end)
  for (let i = 0; i < hits.length; i++) {
    const h = hits[i]
    if (h === undefined || gone.has(h)) continue
    let next: Hit | undefined
    for (let j = i + 1; j < hits.length && next === undefined; j++) {
      const x = hits[j] as Hit
      if (x.start >= h.end && !gone.has(x)) next = x
    }
    if (h.cue.cls === "negation" && isTurnable(next)) {
      const gap = gapBetween(text, h.end, next.start, cjk)
      if (gap >= 0 && gap <= maxGap) {
        for (const x of sameSpan(next)) gone.add(x)
        const cue = TURNED[next.cue.value] ?? next.cue
        out.push({ cue, text: text.prose.slice(h.start, next.end), start: h.start, end: next.end })
        continue
      }
    }
    if (text.lang === "ja" && isTurnable(h) && next?.cue.cls === "negation") {
      const gap = gapBetween(text, h.end, next.start, true)
      if (gap >= 0 && gap <= 6) {
        for (const x of [...sameSpan(h), ...sameSpan(next)]) gone.add(x)
        const cue = TURNED[h.cue.value] ?? h.cue
        out.push({ cue, text: text.prose.slice(h.start, next.end), start: h.start, end: next.end })
        continue
      }
    }
    out.push(h)
  }
  return out
}

/** Every cue of `text` in reading order ("none" phrases left out). Cached per prepared text. */
export const scan = (text: Prepared, lex: Lexicon): ReadonlyArray<Hit> => {
  const cached = scanCache.get(text)
  if (cached !== undefined) return cached
  const { re, literal, complex, numbered, months } = compiled(lex)
  const hits: Array<Hit> = []
  if (re !== undefined) {
    const lower = text.lower.includes("’") ? text.lower.replace(/’/g, "'") : text.lower
    re.lastIndex = 0
    // Languages that capitalise only names and sentence starts: a capitalised cue inside a sentence is a name.
    const capitalised = CAPITALISING.has(text.lang)
    for (let m = re.exec(lower); m !== null; m = re.exec(lower)) {
      const found = m[0]
      const start = m.index
      const end = start + found.length
      const key = WS_TEST_RE.test(found) ? found.replace(WS_RE, " ") : found
      // "above 50" is a bound even though "above" alone is a comparison: the phrase with a number goes first.
      let cues = numbered.has(key) ? undefined : literal.get(key)
      if (cues === undefined) {
        for (const [c, sticky] of complex) {
          sticky.lastIndex = start
          if (sticky.test(lower) && sticky.lastIndex === end) {
            cues = c
            break
          }
        }
        cues ??= literal.get(key)
      }
      if (cues === undefined || (capitalised && isNameLike(text, start, end, months))) continue
      for (const cue of cues) {
        if (cue.cls !== "none") hits.push({ cue, text: text.prose.slice(start, end), start, end })
      }
    }
  }
  const result = turnNegatedBounds(text, hits)
  scanCache.set(text, result)
  return result
}

/** The hits of one class. */
export const ofClass = (hits: ReadonlyArray<Hit>, cls: string): ReadonlyArray<Hit> =>
  hits.filter((h) => h.cue.cls === cls)

/** The cue as a writer reads it: "cannot", "at most". */
export const label = (hit: Hit): string => hit.text.replace(/\s+/g, " ").toLowerCase()

/** How many cues of `lex` a text has (uncached: used to pick a language). */
export const countCues = (lower: string, lex: Lexicon): number => {
  const { re } = compiled(lex)
  if (re === undefined) return 0
  re.lastIndex = 0
  let n = 0
  for (let m = re.exec(lower); m !== null; m = re.exec(lower)) n++
  return n
}
