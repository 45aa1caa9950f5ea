/**
 * Reading numbers: digits in each language's format ("2,000.5", "1.000,5", "2 000"), spelled numbers ("two
 * hundred and five", "zwei", "两"), CJK numerals and scales ("3万", "1,5 млн", "2 million"), fractions ("half", "la
 * mitad", "四分之一"), percent words, ratios ("one in ten") and the unit after a number. Dates and times are read
 * first (src/guards/Dates.ts) and blanked out, so their digits are not numbers. The words come from the data files
 * and the patterns built from them are in QuantityPatterns.ts; numbers written in words are read by SpelledNumbers.ts.
 */
import { extractDates } from "./Dates.ts"
import type { Lexicon } from "./Lexicon.ts"
import {
  CJK,
  CURRENCIES,
  FRACTION_WORD,
  IGNORE_WORD,
  NUMBER_WORD,
  type Patterns,
  patternsFor
} from "./QuantityPatterns.ts"
import { cjkValue, spelled } from "./SpelledNumbers.ts"
import { smallNumber } from "./Times.ts"
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
  /** An article before a unit of time ("a week"): it matches another number, but is never reported on its own. */
  readonly article?: boolean
  /** What a price is paid for: "par nuit et par adulte" → ["nuit", "adulte"]. */
  readonly per?: ReadonlyArray<string>
  /** The period of a rate word before a price in its clause ("每月每平方米2.8元" → "mo"). */
  readonly period?: string
}

/** Articles that read as "one": "eine Kapazität von 5.000" is no ratio; "un capteur sur cinq" is. */
const ARTICLES = new Set(["a", "an", "ein", "eine", "einen", "einem", "einer", "un", "une", "una"])
/** A number that numbers a list item: at a line's start (or the text's), then "." or ")" and a space. */
const LIST_NUMBER_RE = /(?:^|\n)[ \t]*\d{1,2}[.)][ \t]$/u
const VULGAR: Readonly<Record<string, number>> = { "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125 }
const VULGAR_RE = /(?<![\d.,])(\d+)?\s?([½¼¾⅓⅔⅛])/u
/** The units of time a rate after another unit may be per ("900 € pro Monat"); "0,02 € pro GB" keeps its euro. */
const PERIODS = new Set(["s", "min", "h", "d", "wk", "mo", "qtr", "yr"])

/** `s` with the ranges blanked out, built once: a long paragraph is not copied once per number. */
const blankAll = (s: string, ranges: ReadonlyArray<readonly [number, number]>): string => {
  const parts: Array<string> = []
  let at = 0
  for (const [start, end] of ranges.toSorted((x, y) => x[0] - y[0])) {
    if (end <= at) continue
    const from = Math.max(at, start)
    parts.push(s.slice(at, from), " ".repeat(end - from))
    at = end
  }
  parts.push(s.slice(at))
  return parts.join("")
}

/**
 * Reads scale, percent sign or unit after a number ending at `end`; returns the new end. A half read with the unit
 * ("an hour and a half") makes the quantity `halved`.
 */
const readAfter = (q: Quantity & { halved?: boolean }, work: string, end: number, pat: Patterns): number => {
  let at = end
  // "two and a half hours", "一个半小时": a half between the number and its unit.
  pat.andHalf.lastIndex = at
  if (pat.andHalf.test(work)) {
    pat.unit.lastIndex = pat.andHalf.lastIndex
    if (pat.unit.test(work)) {
      at = pat.andHalf.lastIndex
      q.value += 0.5
      q.halved = true
    }
  }
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
  // "6割" = 60 %, "七成" = 70 %, "2割5分" = 25 %: tenths of a whole.
  pat.tenths.lastIndex = at
  const tenth = pat.tenthOf.size === 0 ? null : pat.tenths.exec(work)
  if (tenth !== null) {
    q.value = q.value * (pat.tenthOf.get(tenth[1] ?? "") ?? 10) + (tenth[2] === undefined ? 0 : smallNumber(tenth[2]))
    q.unit = "%"
    return pat.tenths.lastIndex
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
  let stop = pat.unit.lastIndex
  if (q.unit.includes("/")) return stop
  // "an hour and a half", "dos horas y media", "два часа с половиной", "1時間半": a half after the unit.
  pat.andHalf.lastIndex = stop
  if (pat.andHalf.test(work)) {
    q.value += 0.5
    q.halved = true
    stop = pat.andHalf.lastIndex
  }
  pat.unit.lastIndex = stop
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
  const signed = (v: number) => (sign === undefined || sign === "+" ? v : -v)
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

/** Whether a count of times in a word ("once", "twice") ends right before `start`. */
const timesBefore = (work: string, start: number, pat: Patterns): boolean => {
  const before = /(\p{L}+)\s+$/u.exec(work.slice(Math.max(0, start - 16), start))?.[1]
  return before !== undefined && pat.numbers.words[before] !== undefined
}

/** [start, end) ends a longer "and a half" ("two and a half hours"), which its number reads ("一半" is no "半"). */
const inHalf = (work: string, start: number, end: number, pat: Patterns): boolean => {
  const from = Math.max(0, start - 12)
  const half = pat.andHalfEnd.exec(work.slice(from, end))
  return half !== null && from + half.index < start
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
  // What each pass reads is blanked out when the pass ends (`settle`); inside a pass, numbers are read left to
  // right, and `gone` tells which characters an earlier number of the pass took.
  const gone = new Uint8Array(work.length)
  let pending: Array<readonly [number, number]> = []
  const blankOut = (start: number, end: number) => {
    pending.push([start, end])
    gone.fill(1, start, end)
  }
  const settle = () => {
    if (pending.length > 8) work = blankAll(work, pending)
    else for (const [start, end] of pending) work = work.slice(0, start) + " ".repeat(end - start) + work.slice(end)
    pending = []
  }
  const cjk = CJK.has(lex.lang)
  const add: Add = (start, end, value, extra = {}, prefix) => {
    const q: Quantity & { halved?: boolean } = {
      text: "",
      start,
      end,
      value,
      unit: "",
      scale: 1,
      approx: false,
      weak: false,
      ...extra
    }
    let stop = extra.unit === undefined ? readAfter(q, work, end, pat) : end
    // Chinese "15日" in digits is a day of the month ("15号"); "十五日" in numerals is a count of days ("15天").
    if (lex.lang === "zh" && q.unit === "d" && p.prose[stop - 1] === "日" && /\d/.test(p.prose[end - 1] ?? "")) {
      q.unit = ""
      stop = end
    }
    // "312 M€", "25 M": a capital M after a number is a million; a metre is written "m".
    if (q.unit === "m" && p.prose.slice(end, stop).includes("M")) {
      q.value *= 1e6
      q.unit = ""
    }
    // "£1m", "$3m": after a currency sign, a glued "m" is a million, not a metre.
    if (prefix !== undefined && q.unit === "m" && work[end] === "m" && CURRENCIES.has(pat.unitOf.get(prefix) ?? "")) {
      q.value *= 1e6
      q.unit = ""
    }
    // "$40 a month": the currency before the number, the rate after it.
    if (prefix !== undefined && (q.unit === "" || q.unit.startsWith("/")))
      q.unit = `${pat.unitOf.get(prefix) ?? ""}${q.unit}`
    let lead = ""
    if (CURRENCIES.has(q.unit)) {
      // "1,65 € par nuit et par adulte": what the price is for, kept aside to compare with the other text's.
      const per: Array<string> = []
      pat.perNoun.lastIndex = stop
      for (let m = pat.perNoun.exec(work); m !== null && per.length < 4; m = pat.perNoun.exec(work)) {
        if (!pat.unitOf.get(m[1] ?? "")?.startsWith("/")) per.push(m[1] ?? "")
      }
      if (per.length > 0) Object.assign(q, { per })
      // "每月每平方米2.8元": Chinese and Japanese name the period of a price before it, in its clause.
      const before = cjk ? pat.periodBefore.exec(work.slice(Math.max(0, start - 16), start)) : null
      if (before !== null) {
        Object.assign(q, { period: (pat.unitOf.get(before[1] ?? "") ?? "").slice(1) })
        const at = start - Math.min(16, start) + before.index
        const word = p.prose.slice(at, at + (before[1] ?? "").length)
        lead = at + word.length === start ? word : `${word}…`
      }
    }
    // "an hour and a half", "一个半小时": no longer the weak "one" it started as.
    if (q.halved === true) {
      delete q.halved
      Object.assign(q, { weak: false, article: false })
    }
    const done = { ...q, end: stop, text: `${lead}${p.prose.slice(start, stop).trim()}` }
    out.push(done)
    blankOut(start, stop)
  }
  // Which word lists the text uses at all: most paragraphs have no fraction and no spelled number.
  let kinds = cjk ? FRACTION_WORD | IGNORE_WORD : 0
  let durations = false
  if (!cjk) {
    for (const w of p.words) {
      kinds |= pat.wordKinds.get(w.lower) ?? 0
      durations ||= pat.durationWords.has(w.lower)
      if (w.lower.includes("-") || (pat.compound?.test(w.lower) ?? false)) kinds |= NUMBER_WORD
    }
  }
  // "half an hour", "media hora", "полчаса", "半年": a part of one unit, read before "half" alone is a fraction.
  for (const m of pat.partHint.test(work) ? work.matchAll(pat.partUnit) : []) {
    // The "a half" of "two and a half hours" is read with its number.
    if (inHalf(work, m.index, m.index + m[0].length, pat)) continue
    // "半分" (half) and "半数" are fractions, no half minute.
    pat.fractionAt.lastIndex = m.index
    if (pat.fractionAt.test(work) && pat.fractionAt.lastIndex > m.index + m[0].length) continue
    add(m.index, m.index + m[0].length, pat.partOf.get(m[1] ?? m[2] ?? "") ?? 0)
  }
  settle()
  // "四分之一" before the ignored "之一" is blanked.
  if (cjk) {
    for (const m of work.matchAll(pat.cjkFraction)) {
      const [den, num] = [cjkValue(m[1] ?? "", lex), cjkValue(m[2] ?? "", lex)]
      if (den > 0) add(m.index, m.index + m[0].length, (100 * num) / den, { unit: "%", approx: den !== 100 })
    }
    settle()
  }
  if ((kinds & IGNORE_WORD) !== 0 && pat.numbers.ignore.length > 0) {
    for (const m of work.matchAll(pat.ignore)) blankOut(m.index, m.index + m[0].length)
    settle()
  }
  if ((kinds & FRACTION_WORD) !== 0) {
    for (const m of work.matchAll(pat.fractions)) {
      // The "a half" of "an hour and a half" is read with its unit.
      if (inHalf(work, m.index, m.index + m[0].length, pat)) continue
      // "once a quarter", "twice a quarter": after a number word, a period ("once per quarter"), no fraction.
      if (pat.numbers.per.includes(m[0].split(/\s+/u)[0] ?? "") && timesBefore(work, m.index, pat)) continue
      add(m.index, m.index + m[0].length, (pat.numbers.fractions[m[1] ?? ""] ?? 0) * 100, { unit: "%", approx: true })
    }
    settle()
  }
  // "1½ Stunden", "¾ cup": a vulgar fraction, after a whole number or alone.
  if (VULGAR_RE.test(work)) {
    for (const m of work.matchAll(new RegExp(VULGAR_RE, "gu"))) {
      add(m.index, m.index + m[0].length, Number(m[1] ?? 0) + (VULGAR[m[2] ?? ""] ?? 0), {})
    }
    settle()
  }
  for (const m of work.matchAll(pat.digits)) {
    // Read already with the number before it ("2割5分").
    if (gone[m.index] === 1) continue
    // "1. Wait until…", "2) Check…": the number of a list item at a line's start is structure, not a fact.
    if (LIST_NUMBER_RE.test(work.slice(Math.max(0, m.index - 8), m.index + m[0].length + 2)) && m[1] === undefined)
      continue
    const { value, version, alt } = digitValue(m, lex.lang)
    const q = version === undefined ? (alt === undefined ? {} : { alt }) : { version, unit: "" }
    add(m.index, m.index + m[0].length, value, q, m[1])
  }
  settle()
  if (cjk) {
    for (const m of work.matchAll(pat.cjkNumber)) {
      const numeral = m[2] ?? ""
      const end = m.index + m[0].length
      // "第二天", "第3回": an ordinal, whose word after it is no unit ("第二天" = "次日", the next day).
      if (m[1] !== undefined) {
        add(m.index, end, cjkValue(numeral, lex), { weak: true, unit: "" })
        continue
      }
      // A lone numeral, or numerals without a scale, is a number only before a counter or unit ("二人", "三か月",
      // "七成") or beside digits; otherwise it is part of a word ("二重", "一緒", "統一", "三三两两").
      if (!/[十百千万萬亿億〇零]|.{3}/u.test(numeral) && !/\d/.test(work[m.index - 1] ?? "")) {
        pat.counter.lastIndex = end
        if (!pat.counter.test(work) && !/\d/.test(work[end] ?? "")) continue
      }
      // "两三个", "三四天": two numerals in a row, the second one more, are "two or three", not 23.
      const [first, second] = [...numeral].map((c) => lex.numbers.words[c] ?? -1)
      if (numeral.length === 2 && first !== undefined && first >= 1 && second === first + 1) {
        add(m.index + 1, end, second, { weak: false })
        // The first takes the second's unit ("两三个工作日": two or three working days).
        add(m.index, m.index + 1, first, { weak: false, unit: out.at(-1)?.unit ?? "" })
        continue
      }
      const value = cjkValue(numeral, lex)
      add(m.index, end, value, { weak: value <= 1 })
    }
  } else if ((kinds & NUMBER_WORD) !== 0) spelled(p, lex, pat, work, add)
  settle()
  // "a week", "an hour": after the numbers, so that "twice a week" keeps its rate.
  if (durations && pat.numbers.unitArticles !== undefined) {
    for (const m of work.matchAll(pat.articleUnit)) {
      add(m.index, m.index + m[0].length, 1, { weak: true, article: true })
    }
    settle()
  }
  const sorted = out.toSorted((a, b) => a.start - b.start)
  quantityCache.set(p, joinPairs(sorted, work, pat, p.prose))
  return quantityCache.get(p) ?? []
}

/** A range's first end takes the unit of its second ("3–5 minutes"); "one in ten" becomes a ratio. */
const joinPairs = (qs: Array<Quantity>, work: string, pat: Patterns, prose: string): ReadonlyArray<Quantity> => {
  // "einen Zeitraum von zwei Schuljahren" is no ratio: the whole counts another noun than the word after the one
  // (a unit, or a capitalised noun), where "one user in four" counts none and "ein Kind von zehn Kindern" the same.
  const countsOther = (between: string, whole: Quantity) => {
    const next = /^[ \u00a0]+(\p{L}+)/u.exec(prose.slice(whole.end, whole.end + 40))?.[1]
    if (next === undefined || !(pat.unitOf.has(next.toLowerCase()) || /^\p{Lu}/u.test(next))) return false
    const gap = /\p{L}+/u.exec(between)?.[0].toLowerCase() ?? ""
    return next.toLowerCase().slice(0, 4) !== gap.slice(0, 4)
  }
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
          (a.value === 1 &&
            (b.value <= 100 || !ARTICLES.has(a.text.toLowerCase())) &&
            pat.ratioGap.test(between) &&
            !countsOther(between, b)))
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
