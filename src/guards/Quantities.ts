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
  /** The other reading of one separator before three digits ("1.000" is 1000 in German, 1 in English). */
  alt?: number
}

const CURRENCIES = new Set(["usd", "eur", "gbp", "jpy", "cny", "chf", "rub"])
const CJK = new Set(["zh", "ja"])
/** Articles that read as "one": "eine Kapazität von 5.000" is no ratio; "un capteur sur cinq" is. */
const ARTICLES = new Set(["a", "an", "ein", "eine", "einen", "einem", "einer", "un", "une", "una"])
const VULGAR: Readonly<Record<string, number>> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125 }
const VULGAR_RE = /(?<![\d.,])(\d+)?\s?([½¼¾⅓⅔⅛])/u
/** The units of time a rate after another unit may be per ("900 € pro Monat"); "0,02 € pro GB" keeps its euro. */
const PERIODS = new Set(["s", "min", "h", "d", "wk", "mo", "yr"])
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
  /** "one user in four": a ratio with a word or two between the one and its word. */
  readonly ratioGap: RegExp
  /** "4人に1人": a ratio whose whole comes first. */
  readonly ratioAfter: RegExp
  /** The words that name a period of a rate on their own ("annually", "jährlich", "每年"), by period. */
  readonly periods: RegExp
  /** A number written as one word of parts ("fünfundzwanzig"), and its parts one at a time. */
  readonly compound: RegExp | undefined
  readonly compoundPart: RegExp | undefined
  readonly unitOf: ReadonlyMap<string, string>
  readonly scaleOf: ReadonlyMap<string, number>
  /** Spelled numbers (>= 0) and scales (the negated multiplier). */
  readonly spelledOf: ReadonlyMap<string, number>
  /** Which word lists a word ends a phrase of: 1 fraction, 2 ignored, 4 number word, ordinal or connector. */
  readonly wordKinds: ReadonlyMap<string, number>
  readonly numbers: Lexicon["numbers"]
}

/**
 * The number words of a paragraph in none of the languages (too short to tell, or another language): the spelled
 * numbers, scales and percent words of the Latin-script languages, without the words they disagree on ("once").
 */
let otherCache: Lexicon["numbers"] | undefined
const otherNumbers = (): Lexicon["numbers"] => {
  if (otherCache !== undefined) return otherCache
  const merge = (pick: (n: Lexicon["numbers"]) => Readonly<Record<string, number>>, minLength: number) => {
    const out = new Map<string, number>()
    const clash = new Set<string>()
    for (const lang of ["en", "de", "es", "fr"] as const) {
      for (const [w, v] of Object.entries(pick(lexiconOf(lang).numbers))) {
        if (out.has(w) && out.get(w) !== v) clash.add(w)
        out.set(w, v)
      }
    }
    return Object.fromEntries([...out].filter(([w]) => !clash.has(w) && w.length >= minLength))
  }
  const percent = ["en", "de", "es", "fr"].flatMap((l) => lexiconOf(l as "en").numbers.percent)
  otherCache = {
    ...lexiconOf("other").numbers,
    words: merge((n) => n.words, 3),
    scales: merge((n) => n.scales, 1),
    percent
  }
  return otherCache
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
  const numbers = lex.lang === "other" ? otherNumbers() : lex.numbers
  for (const [id, names] of Object.entries(units))
    for (const n of names) unitOf.set(n.toLowerCase().replace(/\.$/, ""), id)
  const scaleOf = new Map(Object.entries(numbers.scales).map(([w, v]) => [w.replace(/\.$/, ""), v]))
  const currency = [...unitOf].filter(([n, id]) => CURRENCIES.has(id) && !/\p{L}{4}/u.test(n)).map(([n]) => n)
  const u = (source: string, flags = "gu") => new RegExp(source, flags)
  const spelledOf = new Map<string, number>([
    ...Object.entries(numbers.words),
    ...Object.entries(numbers.scales).map(([w, v]): [string, number] => [w.replace(/\.$/, ""), -v])
  ])
  const wordKinds = new Map<string, number>()
  const mark = (phrases: Iterable<string>, kind: number) => {
    for (const phrase of phrases) {
      const last = phrase.split(/\s+/).at(-1) ?? ""
      wordKinds.set(last, (wordKinds.get(last) ?? 0) | kind)
    }
  }
  mark(Object.keys(numbers.fractions), FRACTION_WORD)
  mark(numbers.ignore, IGNORE_WORD)
  mark([...spelledOf.keys(), ...Object.keys(numbers.ordinals), ...numbers.range], NUMBER_WORD)
  const numeral = `[${CJK_NUMERAL}]+(?:点[${CJK_NUMERAL}]+)?|\\d+(?:\\.\\d+)?`
  const periodNames = [...unitOf].filter(([, id]) => id.startsWith("/")).map(([n]) => n)
  const joiners = numbers.compound ?? []
  const parts = alternation([...spelledOf.keys(), ...joiners].filter((w) => !/[\s.]/.test(w)))
  const patterns: Patterns = {
    // "十分" (enough) is no number, but "三十分" is thirty minutes and "三万一千" holds no "万一".
    ignore: u(`${cjk ? `(?<![${CJK_NUMERAL}\\d])` : START}(?:${alternation(numbers.ignore)})${END}`),
    fractions: u(`${START}(${alternation(Object.keys(numbers.fractions))})${END}`),
    cjkFraction: u(`(${numeral})\\s*分[之の]\\s*(${numeral})`),
    cjkNumber: u(`(第)?([${CJK_NUMERAL}]+(?:点[${CJK_NUMERAL}]+)?)`),
    digits: u(
      `(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{N}_.,])(?:(${alternation(currency)})\\s?)?` +
        `((?<=^|[\\s(])[-−](?=\\d))?(?:v(?=\\d))?(\\d+(?:\\.\\d+){2,}|\\d{1,3}(?:([,.\\u00a0\\u202f\\u2009 ])\\d{3})(?:\\4\\d{3})*|\\d+)` +
        `(?:([.,])(\\d+))?(?![\\d])`
    ),
    scale: u(`[\\s\\u00a0]?(${alternation(Object.keys(numbers.scales))})\\.?${END}`, "uy"),
    percent: u(`[\\s\\u00a0\\u202f]?(?:%|％|${alternation(numbers.percent)})${cjk ? "" : "(?![\\p{L}])"}`, "uy"),
    unit: u(
      `[\\s\\u00a0\\u202f-]?(?:(${alternation(numbers.per)})\\s+)?(${alternation([...unitOf.keys()])})${END}`,
      "uy"
    ),
    range: u(`^\\s*(?:-|–|—|~|～|${alternation(numbers.range)})\\s*$`, "u"),
    ratio: u(`^\\s*(?:${alternation(numbers.ratio)})\\s*$`, "u"),
    ratioGap: u(`^\\s+(?:[\\p{L}'’-]+\\s+){1,2}(?:${alternation(numbers.ratio)})\\s+$`, "u"),
    ratioAfter: u(`^\\s*(?:${alternation(numbers.ratioAfter ?? [])})\\s*$`, "u"),
    periods: u(`${START}(${alternation(periodNames)})${END}`),
    compound: joiners.length === 0 ? undefined : u(`^(?:${parts}){2,}$`, "u"),
    compoundPart: joiners.length === 0 ? undefined : u(`${parts}`, "uy"),
    unitOf,
    scaleOf,
    spelledOf,
    wordKinds,
    numbers
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
    if (q.alt !== undefined) q.alt *= factor
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
  // "per hour", "a year", or a word that is a rate by itself ("annually", "monatlich": "/yr", "/mo").
  q.unit = m[1] === undefined || id.startsWith("/") ? id : `/${id}`
  const stop = pat.unit.lastIndex
  if (q.unit.includes("/")) return stop
  // "900 Euro pro Monat", "5 GB a day": the rate after the unit.
  const rate = pat.unit.exec(work)
  const per = pat.unitOf.get(rate?.[2] ?? "") ?? ""
  const period = per.startsWith("/") ? per.slice(1) : rate?.[1] === undefined ? "" : per
  if (rate === null || !PERIODS.has(period)) return stop
  q.unit += per.startsWith("/") ? per : `/${per}`
  return pat.unit.lastIndex
}

const digitValue = (m: RegExpExecArray, lang: string): { value: number; version?: string; alt?: number } => {
  const [, , sign, int = "", group, decSep, dec] = m
  if (/\..*\./.test(int) && !/^\d{1,3}(?:\.\d{3})+$/.test(int))
    return { value: Number.NaN, version: int.replace(/^v/, "") }
  const commaDecimal = !["en", "zh", "ja", "other"].includes(lang)
  const signed = (v: number) => (sign === undefined ? v : -v)
  // One "1.000" or "1,000": a group in the language that groups with that mark, a decimal otherwise; the other
  // reading is kept, as a paragraph may be written in another language's format than the one it was read in.
  if (group !== undefined && decSep === undefined && int.split(group).length === 2 && /[.,]/.test(group)) {
    const [head, tail] = int.split(group) as [string, string]
    const grouped = Number(`${head}${tail}`)
    const decimal = Number(`${head}.${tail}`)
    const asDecimal = (group === "." && !commaDecimal) || (group === "," && commaDecimal)
    return asDecimal
      ? { value: signed(decimal), alt: signed(grouped) }
      : { value: signed(grouped), alt: signed(decimal) }
  }
  return { value: signed(Number(`${int.replace(/\D/g, "")}.${dec ?? "0"}`)) }
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
      if (w.lower.includes("-") || (pat.compound?.test(w.lower) ?? false)) kinds |= NUMBER_WORD
    }
  }
  // "四分之一" before the ignored "之一" is blanked.
  if (cjk) {
    for (const m of work.matchAll(pat.cjkFraction)) {
      const [den, num] = [cjkValue(m[1] ?? "", lex), cjkValue(m[2] ?? "", lex)]
      if (den > 0) add(m.index, m.index + m[0].length, (100 * num) / den, { unit: "%", approx: den !== 100 })
    }
  }
  if ((kinds & IGNORE_WORD) !== 0 && pat.numbers.ignore.length > 0) {
    for (const m of work.matchAll(pat.ignore)) work = blank(work, m.index, m.index + m[0].length)
  }
  if ((kinds & FRACTION_WORD) !== 0) {
    for (const m of work.matchAll(pat.fractions)) {
      add(m.index, m.index + m[0].length, (pat.numbers.fractions[m[1] ?? ""] ?? 0) * 100, { unit: "%", approx: true })
    }
  }
  // "1½ Stunden", "¾ cup": a vulgar fraction, after a whole number or alone.
  if (VULGAR_RE.test(work)) {
    for (const m of work.matchAll(new RegExp(VULGAR_RE, "gu"))) {
      add(m.index, m.index + m[0].length, Number(m[1] ?? 0) + (VULGAR[m[2] ?? ""] ?? 0), {})
    }
  }
  for (const m of work.matchAll(pat.digits)) {
    const { value, version, alt } = digitValue(m, lex.lang)
    const q = version === undefined ? (alt === undefined ? {} : { alt }) : { version, unit: "" }
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
    // "12億5000万", "1万2500": a CJK scale followed at once by the smaller rest of the number.
    if (a.unit === "" && between === "" && a.scale >= 1e4 && b.scale < a.scale && b.value < a.scale) {
      qs.splice(i, 2, { ...b, text: `${a.text}${b.text}`, start: a.start, value: a.value + b.value, scale: a.scale })
      continue
    }
    if (a.unit === "" && b.unit !== "" && pat.range.test(between)) {
      a.unit = b.unit
      if (a.scale === 1) a.value *= b.scale
    } else if (a.unit === "" && b.unit === "" && !isYear(a) && !isYear(b)) {
      // "one in four", "one user in four", "uno de cada cuatro"; "4人に1人" names the whole first.
      const [part, whole] =
        a.value <= b.value &&
        (pat.ratio.test(between) ||
          (a.value === 1 && (b.value <= 100 || !ARTICLES.has(a.text.toLowerCase())) && pat.ratioGap.test(between)))
          ? [a.value, b.value]
          : a.value > b.value && pat.ratioAfter.test(between)
            ? [b.value, a.value]
            : [0, 0]
      if (whole === 0) continue
      qs.splice(i, 2, {
        text: `${a.text}${between}${b.text}`,
        start: a.start,
        end: b.end,
        value: (100 * part) / whole,
        unit: "%",
        scale: 1,
        approx: true,
        weak: false,
        parts: [part, whole]
      })
    }
  }
  return qs
}

/** A bare four-digit number that reads as a year ("2019"). */
export const isYear = (q: Quantity) => q.unit === "" && /^\d{4}$/.test(q.text) && q.value >= 1500 && q.value < 2200

/** The periods a text names by a rate word of its own ("annually", "jährlich", "每年" → "yr"), without a number. */
export const periodsOf = (p: Prepared, lex: Lexicon): ReadonlySet<string> => {
  const pat = patternsFor(lex)
  const out = new Set<string>()
  for (const m of p.lower.matchAll(pat.periods)) out.add((pat.unitOf.get(m[1] ?? "") ?? "").slice(1))
  for (const q of extractQuantities(p, lex)) if (q.unit.includes("/")) out.add(q.unit.slice(q.unit.indexOf("/") + 1))
  return out
}

/** Canonical unit ids by lower-cased unit name. */
export const unitNames = (lex: Lexicon): ReadonlyMap<string, string> => patternsFor(lex).unitOf
