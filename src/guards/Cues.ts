/**
 * Meaning-operator cues: the words and phrases of `negation`, `operators` and `notCues` in a language's data file,
 * compiled once per language into one regular expression, and a scanner that finds them in a prepared text.
 * Tallies.ts counts the hits of both sides of a pair; CueFindings.ts words the findings about them.
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
import type { Lexicon } from "./Lexicon.ts"
import { escape } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

export interface Cue {
  /** "negation", "modality", "bound", ... or "none" for a phrase that only hides cues. */
  readonly cls: string
  /** The value within its class, without a trailing "?": "weak", "upper", "only". */
  readonly value: string
  /** Accepted as a substitute only (the value was written with a trailing "?"). */
  readonly weak: boolean
}

export interface Hit {
  readonly cue: Cue
  /** The matched text as written in the prose. */
  readonly text: string
  readonly start: number
  readonly end: number
}

interface Compiled {
  readonly re: RegExp | undefined
  readonly literal: ReadonlyMap<string, ReadonlyArray<Cue>>
  readonly complex: ReadonlyArray<readonly [ReadonlyArray<Cue>, RegExp]>
  /** Literal phrases that are also the start of a phrase asking for a number ("above" and "above #"). */
  readonly numbered: ReadonlySet<string>
  /** Month names, lower-case: "May 3" is a date, not a hedge. */
  readonly months: ReadonlySet<string>
}

const CJK = new Set(["zh", "ja"])
const WS_RE = /\s+/g
const WS_TEST_RE = /\s/
const BOUNDARY = String.raw`(?<![\p{L}\p{N}])`
const NUMBER_AHEAD = String.raw`(?=\s*(?:[$€£¥]\s?)?\d)`

/** The regular-expression source of one entry, and whether it is a plain literal (looked up by its text). */
const source = (
  entry: string,
  cjk: boolean,
  numberWords: string
): { src: string; bounded: boolean; literal: boolean } => {
  // A raw expression that starts with a plain letter starts a word, like the phrases beside it.
  if (entry.startsWith("re:"))
    return { src: entry.slice(3), bounded: !cjk && /^\p{L}/u.test(entry.slice(3)), literal: false }
  let body = entry
  let tail = ""
  let literal = true
  if (body.endsWith("#")) {
    body = body.slice(0, -1).trimEnd()
    tail = numberWords === "" ? NUMBER_AHEAD : String.raw`(?=\s*(?:[$€£¥]\s?)?(?:\d|(?:${numberWords})(?![\p{L}])))`
    literal = false
  }
  const starStart = body.startsWith("*")
  const starEnd = body.endsWith("*")
  if (starStart) body = body.slice(1)
  if (starEnd) body = body.slice(0, -1)
  if (starStart || starEnd || body.includes("…")) literal = false
  const gap = cjk ? String.raw`[^。！？.!?]{0,12}?` : String.raw`\s+(?:\S+\s+){0,3}?`
  const src = body
    .split("…")
    .map((part) => escape(part.trim()).replace(/\s+/g, String.raw`\s+`))
    .join(gap)
  if (cjk) return { src: src + tail, bounded: false, literal }
  // The word boundary before a phrase is checked once for all phrases (see `compile`).
  const bounded = starStart || /^[\p{L}\p{N}]/u.test(body)
  const end = starEnd
    ? String.raw`\p{L}*(?![\p{L}\p{N}])`
    : /[\p{L}\p{N}]$/u.test(body)
      ? String.raw`(?![\p{L}\p{N}])`
      : ""
  return { src: (starStart ? String.raw`\p{L}*` : "") + src + end + tail, bounded, literal }
}

const WORD_END = String.raw`(?![\p{L}\p{N}])`

/**
 * Neighbouring alternatives that all end a word share one end check: "(?:not|never)(?!…)" matches what "not(?!…)|
 * never(?!…)" does (a failed check backtracks into the next alternative), but keeps the expression small enough for
 * the regular-expression engine to optimise it (past about 20,000 characters it no longer does, and runs many times
 * slower).
 */
const grouped = (list: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  let run: Array<string> = []
  const flush = () => {
    if (run.length > 0) out.push(`(?:${run.join("|")})${WORD_END}`)
    run = []
  }
  for (const src of list) {
    if (src.endsWith(WORD_END)) run.push(src.slice(0, -WORD_END.length))
    else {
      flush()
      out.push(src)
    }
  }
  flush()
  return out
}

const compile = (lex: Lexicon): Compiled => {
  const cjk = CJK.has(lex.lang)
  const numberWords = Object.keys(lex.numbers.words)
    .filter((w) => /^[\p{L} ]+$/u.test(w))
    .map(escape)
    .join("|")
  const entries: Array<readonly [string, Cue]> = []
  const add = (cls: string, rawValue: string, list: ReadonlyArray<string>) => {
    const weak = rawValue.endsWith("?")
    const cue: Cue = { cls, value: weak ? rawValue.slice(0, -1) : rawValue, weak }
    for (const entry of list) entries.push([entry.startsWith("re:") ? entry : entry.toLowerCase(), cue])
  }
  add("negation", "not", lex.negation)
  for (const [cls, values] of Object.entries(lex.operators)) {
    for (const [value, list] of Object.entries(values)) add(cls, value, list)
  }
  add("none", "none", lex.notCues)
  const months = new Set(lex.months.flat().map((m) => m.toLowerCase()))
  const numbered = new Set(
    entries.filter(([e]) => e.endsWith("#")).map(([e]) => e.slice(0, -1).trim().replace(WS_RE, " "))
  )
  if (entries.length === 0) return { re: undefined, literal: new Map(), complex: [], numbered, months }
  const literal = new Map<string, Array<Cue>>()
  const complexBySource = new Map<string, Array<Cue>>()
  const sources: Array<readonly [string, number, boolean]> = []
  for (const [entry, cue] of entries) {
    const { src, bounded, literal: isLiteral } = source(entry, cjk, numberWords)
    if (isLiteral) {
      const key = entry.replace(WS_RE, " ")
      const list = literal.get(key)
      if (list === undefined) literal.set(key, [cue])
      else if (!list.includes(cue)) list.push(cue)
    } else {
      const full = (bounded ? BOUNDARY : "") + src
      const list = complexBySource.get(full)
      if (list === undefined) complexBySource.set(full, [cue])
      else if (!list.includes(cue)) list.push(cue)
    }
    // Longest first: at one position the longest phrase wins. A phrase that asks for a number goes before the same
    // phrase without ("above 50" is a bound, "above" a comparison); gaps and wildcards go after literals of their length.
    // A raw expression weighs its longest run of letters: "re:only\s…\s(?:after|once)" goes before "only".
    const weight = entry.startsWith("re:")
      ? Math.max(4, ...(entry.slice(3).match(/\p{L}+/gu) ?? []).map((w) => w.length))
      : entry.replace(/[*#…]/g, "").length
    sources.push([src, weight + (entry.endsWith("#") ? 0.7 : isLiteral ? 0.5 : 0), bounded])
  }
  sources.sort((a, b) => b[1] - a[1])
  const complex = [...complexBySource].map(([src, cues]) => [cues, new RegExp(src, "uy")] as const)
  const alternatives = (bounded: boolean) =>
    grouped([...new Set(sources.filter((s) => s[2] === bounded).map(([s]) => s))])
  const inWords = alternatives(true)
  const anywhere = alternatives(false)
  const re = new RegExp(
    [...(inWords.length > 0 ? [`${BOUNDARY}(?:${inWords.join("|")})`] : []), ...anywhere].join("|"),
    "gu"
  )
  return { re, literal, complex, numbered, months }
}

const cache = new WeakMap<Lexicon, Compiled>()
const compiled = (lex: Lexicon): Compiled => {
  let c = cache.get(lex)
  if (c === undefined) {
    c = compile(lex)
    cache.set(lex, c)
  }
  return c
}

const scanCache = new WeakMap<Prepared, ReadonlyArray<Hit>>()

const CAPITALISING = new Set(["en", "es", "fr", "ru"])
const UPPER_RE = /\p{Lu}/u
const SENTENCE_START_RE = /(?:^|[.!?:;…"“«(\n-]|\d\.)\s*$/u
const DIGIT_AHEAD_RE = /^\s*\d/

/** "May 3", "in May", "the Never Again campaign": a capitalised cue that is not at a sentence start, or a month. */
const isNameLike = (text: Prepared, start: number, end: number, months: ReadonlySet<string>): boolean => {
  const first = text.prose[start] ?? ""
  if (!UPPER_RE.test(first)) return false
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
    const next = hits.find((x, j) => j > i && x.start >= h.end && !gone.has(x))
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
