/**
 * The number guard's patterns for one language: the regular expressions that find digits, CJK numerals, fractions,
 * ignored phrases and rate words, and those that read the scale, percent sign or unit after a number and the words
 * between two numbers (a range, a ratio). Built once per language from the number words and units of its data file;
 * Quantities.ts runs them.
 */
import { type Lexicon, lexicon as lexiconOf } from "./Lexicon.ts"
import { alternation } from "./Regex.ts"

export const CURRENCIES: ReadonlySet<string> = new Set(["usd", "eur", "gbp", "jpy", "cny", "chf", "rub"])
export const CJK = new Set(["zh", "ja"])
/** The Chinese and Japanese numerals and scale characters. */
export const CJK_NUMERAL = "〇零一二两兩三四五六七八九十百千万萬亿億"
/** The units of time, which convert into each other (Numbers.ts holds their factors). */
export const DURATION_UNITS: ReadonlySet<string> = new Set([
  "ns",
  "µs",
  "ms",
  "s",
  "min",
  "h",
  "d",
  "wk",
  "mo",
  "yr",
  "qh",
  "qtr"
])

/** The number words of a data file beyond the ones every guard reads (Lexicon.ts declares those). */
type LexiconNumbers = Lexicon["numbers"]
export interface NumberData extends LexiconNumbers {
  /** A part of one unit, written before the unit: "half an" (hour), "media" (hora), "пол-" (часа), "半" (年). */
  readonly partOfUnit?: Readonly<Record<string, number>>
  /** A half more, after the unit or between the number and its unit: "and a half", "y media", "с половиной", "半". */
  readonly andHalf?: ReadonlyArray<string>
  /** Articles that stand for "one" before a unit of time: "a week", "an hour". */
  readonly unitArticles?: ReadonlyArray<string>
  /** Words after a number that make it tenths of a whole ("6割" = 60 %, "七成" = 70 %), and the characters after
   * which the word is another word ("成员", "割合"). */
  readonly tenths?: { readonly words: Readonly<Record<string, number>>; readonly notBefore: ReadonlyArray<string> }
  /** Counters and measure words: a lone CJK numeral is a number only before one ("二人", "三か月"), not in "二重". */
  readonly counters?: ReadonlyArray<string>
  /** Endings of a compound adjective after a spelled number and a hyphen ("four-legged"): no count of anything. */
  readonly adjectiveEndings?: ReadonlyArray<string>
}

export interface Patterns {
  readonly ignore: RegExp
  readonly fractions: RegExp
  /** A fraction word here (sticky). */
  readonly fractionAt: RegExp
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
  /** "half an" before an hour (a part of one unit), the phrase a spaced key or a glued one ("пол", "demi"). */
  readonly partUnit: RegExp
  readonly partOf: ReadonlyMap<string, number>
  /** A quick test that a text may hold a part of a unit: the longest word of each phrase ("half", "demi", "пол"). */
  readonly partHint: RegExp
  /** The words of units of time an article may stand before ("week", "hour"). */
  readonly durationWords: ReadonlySet<string>
  /** "a week", "an hour": an article before a unit of time. */
  readonly articleUnit: RegExp
  /** "and a half" after a unit or between a number and its unit (sticky), and the same phrase ending a text. */
  readonly andHalf: RegExp
  readonly andHalfEnd: RegExp
  /** "割", "成" after a number (sticky), with "2割5分"'s hundredths; their factors. */
  readonly tenths: RegExp
  readonly tenthOf: ReadonlyMap<string, number>
  /** "par nuit et par adulte" after a price (sticky): what it is paid for, one noun at a time. */
  readonly perNoun: RegExp
  /** A rate word before a price in its clause ("每月…2.8元"), and what ends a clause. */
  readonly periodBefore: RegExp
  /** A counter, unit, scale or percent word right after a CJK numeral (sticky). */
  readonly counter: RegExp
  readonly adjectiveEndings: ReadonlyArray<string>
  readonly numbers: NumberData
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
  const numbers: NumberData = lex.lang === "other" ? otherNumbers() : lex.numbers
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
  // A part of one unit ("half an hour", "media hora", "полчаса", "半年"): the unit is a word of three letters or more
  // (or a CJK one), never a rate; a key ending in "-" or an apostrophe is glued to its unit ("demi-heure", "quart
  // d'heure", "полчаса", "Viertelstunde"). In Chinese and Japanese no numeral or "个" comes before it ("一个半小时" is
  // one and a half hours, read by `andHalf`).
  const unitWords = [...unitOf]
    .filter(
      ([n, id]) =>
        !id.startsWith("/") &&
        (cjk ? /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(n) : /^\p{L}{3}/u.test(n))
    )
    .map(([n]) => n)
  const partOf = new Map<string, number>()
  const spacedParts: Array<string> = []
  const gluedParts: Array<string> = []
  for (const [key, v] of Object.entries(numbers.partOfUnit ?? {})) {
    const word = key.toLowerCase().replace(/-$/, "")
    partOf.set(word, v)
    ;(cjk || key !== word || /['’]$/.test(key) ? gluedParts : spacedParts).push(word)
  }
  const UNIT_AHEAD = `(?:${alternation(unitWords)})${END}`
  const PART_START = cjk ? `(?<![\\d${CJK_NUMERAL}个個])` : START
  const durationWords = [...unitOf]
    .filter(([n, id]) => DURATION_UNITS.has(id) && /^\p{L}{3,}$/u.test(n) && numbers.ordinals[n] === undefined)
    .map(([n]) => n)
  const HALF = alternation(numbers.andHalf ?? [])
  const tenthWords = numbers.tenths?.words ?? {}
  const counters = [
    ...(numbers.counters ?? []),
    ...unitWords,
    ...Object.keys(tenthWords),
    ...Object.keys(numbers.scales),
    ...numbers.percent
  ]
  const patterns: Patterns = {
    // "十分" (enough) is no number, but "三十分" is thirty minutes and "三万一千" holds no "万一".
    ignore: u(`${cjk ? `(?<![${CJK_NUMERAL}\\d])` : START}(?:${alternation(numbers.ignore)})${END}`),
    fractions: u(`${START}(${alternation(Object.keys(numbers.fractions))})${END}`),
    fractionAt: u(`(?:${alternation(Object.keys(numbers.fractions))})${END}`, "uy"),
    cjkFraction: u(`(${numeral})\\s*分[之の]\\s*(${numeral})`),
    cjkNumber: u(`(第)?([${CJK_NUMERAL}]+(?:点[${CJK_NUMERAL}]+)?)`),
    digits: u(
      `(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{N}_.,])(?:(${alternation(currency)})\\s?)?` +
        `((?<=^|[\\s(])[-−+](?=\\d))?(?:v(?=\\d))?(\\d+(?:\\.\\d+){2,}|\\d{1,3}(?:([,.\\u00a0\\u202f\\u2009 ])\\d{3})(?:\\4\\d{3})*|\\d+)` +
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
    partUnit: u(
      `${PART_START}(?:(${alternation(spacedParts)})(?=\\s+${UNIT_AHEAD})|(${alternation(gluedParts)})(?=-?${UNIT_AHEAD}))`
    ),
    partOf,
    partHint: u(
      alternation(
        Object.keys(numbers.partOfUnit ?? {}).map(
          (k) => k.split(/[\s'’-]+/).toSorted((x, y) => y.length - x.length)[0] ?? k
        )
      ),
      "u"
    ),
    durationWords: new Set(durationWords),
    articleUnit: u(
      `${START}(${alternation(numbers.unitArticles ?? [])})(?=\\s+(?:${alternation(durationWords)})${END})`
    ),
    // "1年半ば" is the middle of a year, no half.
    andHalf: u(`[\\s\\u00a0]?(?:${HALF})${cjk ? "(?!ば)" : END}`, "uy"),
    andHalfEnd: u(`(?:${HALF})$`, "u"),
    tenths: u(
      `\\s?(${alternation(Object.keys(tenthWords))})(?!${alternation(numbers.tenths?.notBefore ?? [])})(?:([0-9一二三四五六七八九])分)?`,
      "uy"
    ),
    tenthOf: new Map(Object.entries(tenthWords)),
    perNoun: u(
      `[\\s\\u00a0]*(?:(?:${alternation(lex.roles.coordinators)})\\s+)?(?:${alternation(numbers.per)})\\s+(\\p{L}{3,})${END}`,
      "uy"
    ),
    periodBefore: u(`(${alternation(periodNames)})[^，。；;,.!?！？]*$`, "u"),
    // A counter, or a range or list to another number ("两到三次", "二、三人").
    counter: u(
      `\\s?(?:${alternation(counters)}|(?:${alternation(numbers.range)}|[、~～–-])\\s?[\\d${CJK_NUMERAL}])`,
      "uy"
    ),
    adjectiveEndings: numbers.adjectiveEndings ?? [],
    unitOf,
    scaleOf,
    spelledOf,
    wordKinds,
    numbers
  }
  patternCache.set(lex, patterns)
  return patterns
}
