/**
 * Reading numbers: digits in each language's format ("2,000.5", "1.000,5", "2 000"), spelled numbers ("two
 * hundred and five", "zwei", "两"), CJK numerals and scales ("3万", "1,5 млн", "2 million"), fractions ("half", "la
 * mitad", "四分之一"), percent words, ratios ("one in ten") and the unit after a number. Dates and times are read
 * first (src/guards/Dates.ts) and blanked out, so their digits are not numbers. The words come from the data files
 * and the patterns built from them are in QuantityPatterns.ts; numbers written in words are read by SpelledNumbers.ts.
 */
import { extractDates } from "./Dates.ts"
import type { Lexicon } from "./Lexicon.ts"
import { CJK, FRACTION_WORD, IGNORE_WORD, NUMBER_WORD, type Patterns, patternsFor } from "./QuantityPatterns.ts"
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

/** Articles that read as "one": "eine Kapazität von 5.000" is no ratio; "un capteur sur cinq" is. */
const ARTICLES = new Set(["a", "an", "ein", "eine", "einen", "einem", "einer", "un", "une", "una"])
const VULGAR: Readonly<Record<string, number>> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125 }
const VULGAR_RE = /(?<![\d.,])(\d+)?\s?([½¼¾⅓⅔⅛])/u
/** The units of time a rate after another unit may be per ("900 € pro Monat"); "0,02 € pro GB" keeps its euro. */
const PERIODS = new Set(["s", "min", "h", "d", "wk", "mo", "yr"])

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
