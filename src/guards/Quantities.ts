/**
 * Reading numbers: digits in each language's format ("2,000.5", "1.000,5", "2 000"), spelled numbers ("two
 * hundred and five", "zwei", "两"), CJK numerals and scales ("3万", "1,5 млн", "2 million"), fractions ("half", "la
 * mitad", "四分之一"), percent words, ratios ("one in ten") and the unit after a number. Dates and times are read
 * first (src/guards/Dates.ts) and blanked out, so their digits are not numbers. The words come from the data files;
 * numbers written in words are read by SpelledNumbers.ts.
 */
import { extractDates } from "./Dates.ts"
import { type Lexicon, lexicon as lexiconOf } from "./Lexicon.ts"
import { alternation } from "./Regex.ts"
import { cjkValue, spelled } from "./SpelledNumbers.ts"
import type { Prepared } from "./Text.ts"

export interface Quantity {
  readonly text: string
  readonly start: number
  readonly end: number
  /** The value as written, scales applied ("2 million" → 2000000, "15 %" → 15). */
  value: number
  /** Canonical unit id ("ms", "GB", "usd"), "/id" for a rate ("twice a month"), "%" for a percentage, "" for none. */
  unit: string
  /** The multiplier applied ("million" → 1e6), which the first end of a range takes from the second. */
  scale: number
  /** A fraction word ("half", "a third"): compared to a percentage within one point. */
  readonly approx: boolean
  /** "one", "zero", a spelled ordinal or a lone "million": never required nor reported on its own. */
  readonly weak: boolean
  /** A ratio "one in ten": its two ends, which another ratio may repeat instead of the percentage. */
  readonly parts?: readonly [number, number]
  /** A dotted version or address ("2.4.1"), compared as written. */
  readonly version?: string
}

const CURRENCIES = new Set(["usd", "eur", "gbp", "jpy", "cny", "chf", "rub"])
const CJK = new Set(["zh", "ja"])
const CJK_NUMERAL = "〇零一二两兩三四五六七八九十百千万萬亿億"

interface Patterns {
  readonly ignore: RegExp
  readonly fractions: RegExp
  readonly cjkFraction: RegExp
  readonly cjkNumber: RegExp
  readonly digits: RegExp
  readonly scale: RegExp
  readonly percent: RegExp
  readonly unit: RegExp
  readonly range: RegExp
  readonly ratio: RegExp
  readonly unitOf: ReadonlyMap<string, string>
  readonly scaleOf: ReadonlyMap<string, number>
  /** Spelled numbers (>= 0) and scales (the negated multiplier). */
  readonly spelledOf: ReadonlyMap<string, number>
  /** Which word lists a word ends a phrase of: 1 fraction, 2 ignored, 4 number word, ordinal or connector. */
  readonly wordKinds: ReadonlyMap<string, number>
}

const FRACTION_WORD = 1
const IGNORE_WORD = 2
const NUMBER_WORD = 4

const patternCache = new WeakMap<Lexicon, Patterns>()
const patternsFor = (lex: Lexicon): Patterns => {
  const cached = patternCache.get(lex)
  if (cached !== undefined) return cached
  const cjk = CJK.has(lex.lang)
  const END = cjk ? "" : "(?![\\p{L}\\p{N}'’])"
  const START = cjk ? "" : "(?<![\\p{L}\\p{N}])"
  const unitOf = new Map<string, string>()
  // A paragraph in another language still has its unit symbols ("ms", "GB", "$"): the English list holds them.
  const units = lex.lang === "other" ? lexiconOf("en").units : lex.units
  for (const [id, names] of Object.entries(units))
    for (const n of names) unitOf.set(n.toLowerCase().replace(/\.$/, ""), id)
  const scaleOf = new Map(Object.entries(lex.numbers.scales).map(([w, v]) => [w.replace(/\.$/, ""), v]))
  const currency = [...unitOf].filter(([n, id]) => CURRENCIES.has(id) && !/\p{L}{4}/u.test(n)).map(([n]) => n)
  const u = (source: string, flags = "gu") => new RegExp(source, flags)
  const spelledOf = new Map<string, number>([
    ...Object.entries(lex.numbers.words),
    ...Object.entries(lex.numbers.scales).map(([w, v]): [string, number] => [w.replace(/\.$/, ""), -v])
  ])
  const wordKinds = new Map<string, number>()
  const mark = (phrases: Iterable<string>, kind: number) => {
    for (const phrase of phrases) {
      const last = phrase.split(/\s+/).at(-1) ?? ""
      wordKinds.set(last, (wordKinds.get(last) ?? 0) | kind)
    }
  }
  mark(Object.keys(lex.numbers.fractions), FRACTION_WORD)
  mark(lex.numbers.ignore, IGNORE_WORD)
  mark([...spelledOf.keys(), ...Object.keys(lex.numbers.ordinals), ...lex.numbers.range], NUMBER_WORD)
  const numeral = `[${CJK_NUMERAL}]+|\\d+(?:\\.\\d+)?`
  const patterns: Patterns = {
    ignore: u(`${START}(?:${alternation(lex.numbers.ignore)})${END}`),
    fractions: u(`${START}(${alternation(Object.keys(lex.numbers.fractions))})${END}`),
    cjkFraction: u(`(${numeral})\\s*分[之の]\\s*(${numeral})`),
    cjkNumber: u(`(第)?([${CJK_NUMERAL}]+)`),
    digits: u(
      `(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{N}_.,])(?:(${alternation(currency)})\\s?)?` +
        `((?<=^|[\\s(])[-−](?=\\d))?(?:v(?=\\d))?(\\d+(?:\\.\\d+){2,}|\\d{1,3}(?:([,.\\u00a0\\u202f\\u2009 ])\\d{3})(?:\\4\\d{3})*|\\d+)` +
        `(?:([.,])(\\d+))?(?![\\d])`
    ),
    scale: u(`[\\s\\u00a0]?(${alternation(Object.keys(lex.numbers.scales))})\\.?${END}`, "uy"),
    percent: u(`[\\s\\u00a0\\u202f]?(?:%|％|${alternation(lex.numbers.percent)})${cjk ? "" : "(?![\\p{L}])"}`, "uy"),
    unit: u(
      `[\\s\\u00a0\\u202f-]?(?:(${alternation(lex.numbers.per)})\\s+)?(${alternation([...unitOf.keys()])})${END}`,
      "uy"
    ),
    range: u(`^\\s*(?:-|–|—|~|～|${alternation(lex.numbers.range)})\\s*$`, "u"),
    ratio: u(`^\\s*(?:${alternation(lex.numbers.ratio)})\\s*$`, "u"),
    unitOf,
    scaleOf,
    spelledOf,
    wordKinds
  }
  patternCache.set(lex, patterns)
  return patterns
}

const blank = (s: string, start: number, end: number) => s.slice(0, start) + " ".repeat(end - start) + s.slice(end)

/** Reads scale, percent sign or unit after a number ending at `end`; returns the new end. */
const readAfter = (q: Quantity, work: string, end: number, pat: Patterns): number => {
  let at = end
  for (;;) {
    pat.scale.lastIndex = at
    const m = pat.scale.exec(work)
    if (m === null) break
    const factor = pat.scaleOf.get(m[1] ?? "") ?? 1
    q.value *= factor
    q.scale *= factor
    at = pat.scale.lastIndex
  }
  pat.percent.lastIndex = at
  if (pat.percent.test(work)) {
    q.unit = "%"
    return pat.percent.lastIndex
  }
  pat.unit.lastIndex = at
  const m = pat.unit.exec(work)
  if (m === null) return at
  const id = pat.unitOf.get(m[2] ?? "") ?? ""
  q.unit = m[1] === undefined ? id : `/${id}`
  return pat.unit.lastIndex
}

const digitValue = (m: RegExpExecArray, lang: string): { value: number; version?: string } => {
  const [, , sign, int = "", group, decSep, dec] = m
  if (/\..*\./.test(int) && !/^\d{1,3}(?:\.\d{3})+$/.test(int))
    return { value: Number.NaN, version: int.replace(/^v/, "") }
  const commaDecimal = !["en", "zh", "ja", "other"].includes(lang)
  let whole = int
  let frac = dec
  // One "1.000" or "1,000": a group in the language that groups with that mark, a decimal otherwise.
  if (group !== undefined && decSep === undefined && int.split(group).length === 2) {
    if ((group === "." && !commaDecimal) || (group === "," && commaDecimal)) {
      ;[whole, frac] = int.split(group) as [string, string]
    }
  }
  const value = Number(`${whole.replace(/\D/g, "")}.${frac ?? "0"}`)
  return { value: sign === undefined ? value : -value }
}

/** Takes a number found at [start, end), reads what follows it and blanks both out. */
type Add = (start: number, end: number, value: number, extra?: Partial<Quantity>, prefix?: string) => void

const quantityCache = new WeakMap<Prepared, ReadonlyArray<Quantity>>()

/** The numbers of a prepared text, in order. */
export const extractQuantities = (p: Prepared, lex: Lexicon): ReadonlyArray<Quantity> => {
  const cached = quantityCache.get(p)
  if (cached !== undefined) return cached
  const pat = patternsFor(lex)
  const out: Array<Quantity> = []
  let work = extractDates(p, lex).rest
  const add: Add = (start, end, value, extra = {}, prefix) => {
    const q: Quantity = { text: "", start, end, value, unit: "", scale: 1, approx: false, weak: false, ...extra }
    const stop = extra.unit === undefined ? readAfter(q, work, end, pat) : end
    // "$40 a month": the currency before the number, the rate after it.
    if (prefix !== undefined && (q.unit === "" || q.unit.startsWith("/")))
      q.unit = `${pat.unitOf.get(prefix) ?? ""}${q.unit}`
    const done = { ...q, end: stop, text: p.prose.slice(start, stop).trim() }
    out.push(done)
    work = blank(work, start, stop)
  }
  const cjk = CJK.has(lex.lang)
  // Which word lists the text uses at all: most paragraphs have no fraction and no spelled number.
  let kinds = cjk ? FRACTION_WORD | IGNORE_WORD : 0
  if (!cjk) {
    for (const w of p.words) {
      kinds |= pat.wordKinds.get(w.lower) ?? 0
      if (w.lower.includes("-")) kinds |= NUMBER_WORD
    }
  }
  // "四分之一" before the ignored "之一" is blanked.
  if (cjk) {
    for (const m of work.matchAll(pat.cjkFraction)) {
      const [den, num] = [cjkValue(m[1] ?? "", lex), cjkValue(m[2] ?? "", lex)]
      if (den > 0) add(m.index, m.index + m[0].length, (100 * num) / den, { unit: "%", approx: den !== 100 })
    }
  }
  if ((kinds & IGNORE_WORD) !== 0 && lex.numbers.ignore.length > 0) {
    for (const m of work.matchAll(pat.ignore)) work = blank(work, m.index, m.index + m[0].length)
  }
  if ((kinds & FRACTION_WORD) !== 0) {
    for (const m of work.matchAll(pat.fractions)) {
      add(m.index, m.index + m[0].length, (lex.numbers.fractions[m[1] ?? ""] ?? 0) * 100, { unit: "%", approx: true })
    }
  }
  for (const m of work.matchAll(pat.digits)) {
    const { value, version } = digitValue(m, lex.lang)
    const q = version === undefined ? {} : { version, unit: "" }
    add(m.index, m.index + m[0].length, value, q, m[1])
  }
  if (cjk) {
    for (const m of work.matchAll(pat.cjkNumber)) {
      const value = cjkValue(m[2] ?? "", lex)
      add(m.index, m.index + m[0].length, value, { weak: m[1] !== undefined || value <= 1 })
    }
  } else if ((kinds & NUMBER_WORD) !== 0) spelled(p, lex, pat, work, add)
  const sorted = out.toSorted((a, b) => a.start - b.start)
  quantityCache.set(p, joinPairs(sorted, work, pat))
  return quantityCache.get(p) ?? []
}

/** A range's first end takes the unit of its second ("3–5 minutes"); "one in ten" becomes a ratio. */
const joinPairs = (qs: Array<Quantity>, work: string, pat: Patterns): ReadonlyArray<Quantity> => {
  for (let i = qs.length - 2; i >= 0; i--) {
    const [a, b] = [qs[i], qs[i + 1]] as [Quantity, Quantity]
    const between = work.slice(a.end, b.start)
    if (a.unit === "" && b.unit !== "" && pat.range.test(between)) {
      a.unit = b.unit
      if (a.scale === 1) a.value *= b.scale
    } else if (a.unit === "" && b.unit === "" && a.value <= b.value && !isYear(b) && pat.ratio.test(between)) {
      qs.splice(i, 2, {
        text: `${a.text}${between}${b.text}`,
        start: a.start,
        end: b.end,
        value: (100 * a.value) / b.value,
        unit: "%",
        scale: 1,
        approx: true,
        weak: false,
        parts: [a.value, b.value]
      })
    }
  }
  return qs
}

/** A bare four-digit number that reads as a year ("2019"). */
export const isYear = (q: Quantity) => q.unit === "" && /^\d{4}$/.test(q.text) && q.value >= 1500 && q.value < 2200

/** Canonical unit ids by lower-cased unit name. */
export const unitNames = (lex: Lexicon): ReadonlyMap<string, string> => patternsFor(lex).unitOf
