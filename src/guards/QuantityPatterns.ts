/**
 * The number guard's patterns for one language: the regular expressions that find digits, CJK numerals, fractions,
 * ignored phrases and rate words, and those that read the scale, percent sign or unit after a number and the words
 * between two numbers (a range, a ratio). Built once per language from the number words and units of its data file;
 * Quantities.ts runs them.
 */
import { type Lexicon, lexicon as lexiconOf } from "./Lexicon.ts"
import { alternation } from "./Regex.ts"

const CURRENCIES = new Set(["usd", "eur", "gbp", "jpy", "cny", "chf", "rub"])
export const CJK = new Set(["zh", "ja"])
const CJK_NUMERAL = "〇零一二两兩三四五六七八九十百千万萬亿億"

export interface Patterns {
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

export const FRACTION_WORD = 1
export const IGNORE_WORD = 2
export const NUMBER_WORD = 4

const patternCache = new WeakMap<Lexicon, Patterns>()
/** The number patterns of a language (cached per language). */
export const patternsFor = (lex: Lexicon): Patterns => {
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
