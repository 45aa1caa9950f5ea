/**
 * Deterministic meaning guards for one prose paragraph (markdown inline formatting allowed).
 *
 * They run on every rewrite attempt before the model's own meaning check, so everything here is precompiled regular
 * expressions and set look-ups (no model), and the analysis of a recently seen text is reused. The guards are
 * deliberately asymmetric: a fact of the original must survive in the candidate, while the candidate may add wording
 * freely except new numbers, dates, names and links (possible invented claims).
 */

export type FactKind = "number" | "date" | "name" | "url" | "code" | "negation" | "hedge"

export interface Fact {
  readonly kind: FactKind
  /** The normalised form, for display. */
  readonly value: string
}

export interface GuardReport {
  /** False when a fact of the original is missing or the candidate adds a number, date, name or link. */
  readonly ok: boolean
  /** Facts of the original not found in the candidate. */
  readonly missing: ReadonlyArray<Fact>
  /** Numbers, dates, names and urls present in the candidate but not in the original (possible invented claims). */
  readonly added: ReadonlyArray<Fact>
}

// ---------------------------------------------------------------------------------------------------------------
// Internal shapes

interface NumberItem {
  readonly fact: Fact
  /** What the original requires: unit-qualified canonical value ("5%", "$3.5", "1200", "v2.4.1"). */
  readonly key: string
  /** The bare canonical value, used to decide whether a candidate number is new at all. */
  readonly bare: string
  /** Keys this occurrence satisfies when it appears in a candidate. */
  readonly covers: ReadonlyArray<string>
  /** Spelled "one" and spelled ordinals are too often pronouns or discourse markers to be demanded. */
  readonly required: boolean
  readonly spelled: boolean
}

interface DateItem {
  readonly fact: Fact
  /** Components that must all be present in the candidate ("y:2026", "m:3", "d:1", "t:15:00", ...). */
  readonly needs: ReadonlyArray<string>
  /** Components this occurrence provides (a superset of needs, e.g. both readings of "3/4/2025"). */
  readonly gives: ReadonlyArray<string>
}

interface NameItem {
  readonly fact: Fact
  readonly words: ReadonlyArray<string>
}

type Counts = Map<string, number>

type HedgeGroup =
  | "possibility"
  | "likelihood"
  | "approximation"
  | "evidence"
  | "temporal"
  | "strong recommendation"
  | "weak recommendation"

interface Analysis {
  readonly english: boolean
  readonly codes: ReadonlyArray<string>
  readonly urls: ReadonlyArray<string>
  readonly numbers: ReadonlyArray<NumberItem>
  readonly numberCovers: ReadonlySet<string>
  readonly dates: ReadonlyArray<DateItem>
  readonly datePool: ReadonlySet<string>
  readonly names: ReadonlyArray<NameItem>
  readonly words: ReadonlySet<string>
  readonly lowerWords: ReadonlySet<string>
  readonly negations: Counts
  readonly hedges: ReadonlyMap<HedgeGroup, Counts>
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/))

/** A regular-expression alternation from a space-separated word list. */
const alt = (words: string): string => words.trim().split(/\s+/).join("|")

const blank = (match: string): string => " ".repeat(match.length)

/** Blank a match but keep a final period, so that "at 5 p.m." still ends its sentence for the name guard. */
const blankKeepingPeriod = (match: string): string =>
  match.endsWith(".") ? " ".repeat(match.length - 1) + "." : blank(match)

/**
 * `String.replace` with a callback takes a slow path in V8 for Unicode patterns with named groups; walking the matches
 * and joining the slices is about three times faster, and these passes run on every attempt.
 */
const replaceMatches = (text: string, re: RegExp, replace: (m: RegExpMatchArray, index: number) => string): string => {
  const parts: Array<string> = []
  let last = 0
  for (const m of text.matchAll(re)) {
    parts.push(text.slice(last, m.index), replace(m, m.index))
    last = m.index + m[0].length
  }
  if (parts.length === 0) return text
  parts.push(text.slice(last))
  return parts.join("")
}

const increment = (counts: Counts, key: string): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1)
}

const total = (counts: Counts): number => {
  let sum = 0
  for (const n of counts.values()) sum += n
  return sum
}

const SENTENCE_START_SKIP_RE = /[\s"'“‘«([*_>#-]/
const SENTENCE_END_RE = /[.!?:]/

/** True when only quotes, brackets or markup stand between `index` and the start of the text or a sentence end. */
const isSentenceStart = (text: string, index: number): boolean => {
  let i = index - 1
  while (i >= 0 && SENTENCE_START_SKIP_RE.test(text[i] ?? "")) i--
  return i < 0 || SENTENCE_END_RE.test(text[i] ?? "")
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown: code spans and link targets are facts of their own and must not leak digits or words into other guards

const CODE_SPAN_RE = /(?<!`)(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g
const LINK_RE =
  /!?\[((?:[^[\]]|\[[^[\]]*\])*)\]\(\s*<?((?:[^()\s<>]|\([^()\s]*\))+)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g
const AUTOLINK_RE = /<((?:https?|ftp):\/\/[^\s<>]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)>/g
const BARE_URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`\]]+/g
const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
const HTML_TAG_RE = /<\/?[A-Za-z][^<>]*>/g
const ESCAPE_RE = /\\([!-/:-@[-`{-~])/g
const EMPHASIS_RE = /\*+|~~|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu
const URL_TRAILING_RE = /[.,;:!?'"]$/

/** CommonMark strips one space on each side of a code span when both are present. */
const normaliseCode = (body: string): string =>
  body.length > 2 && body.startsWith(" ") && body.endsWith(" ") && body.trim() !== "" ? body.slice(1, -1) : body

const countChar = (text: string, char: string): number => text.split(char).length - 1

/** Drop sentence punctuation glued to a bare URL, and a closing bracket that the URL did not open. */
const trimUrl = (raw: string): string => {
  let url = raw
  for (;;) {
    if (URL_TRAILING_RE.test(url)) url = url.slice(0, -1)
    else if (url.endsWith(")") && countChar(url, ")") > countChar(url, "(")) url = url.slice(0, -1)
    else return url
  }
}

interface Prepared {
  readonly codes: ReadonlyArray<string>
  readonly urls: ReadonlyArray<string>
  readonly plain: string
}

const prepare = (text: string): Prepared => {
  const codes: Array<string> = []
  const urls: Array<string> = []
  // Each pass is skipped when its marker character is absent: most paragraphs have no code, links or markup.
  let s = text
  if (s.includes("`")) {
    s = s.replace(CODE_SPAN_RE, (_m, _ticks: string, body: string) => {
      codes.push(normaliseCode(body))
      return " "
    })
  }
  if (s.includes("](")) {
    s = s.replace(LINK_RE, (_m, label: string, target: string) => {
      urls.push(target)
      return label
    })
  }
  if (s.includes("<")) {
    s = s.replace(AUTOLINK_RE, (_m, target: string) => {
      urls.push(target)
      return " "
    })
    s = s.replace(HTML_TAG_RE, " ")
  }
  if (s.includes("://") || s.includes("www.")) {
    s = s.replace(BARE_URL_RE, (m) => {
      const url = trimUrl(m)
      urls.push(url)
      return " " + m.slice(url.length)
    })
  }
  if (s.includes("@")) {
    s = s.replace(EMAIL_RE, (m) => {
      urls.push(m)
      return " "
    })
  }
  if (s.includes("\\")) s = s.replace(ESCAPE_RE, "$1")
  if (s.includes("*") || s.includes("_") || s.includes("~")) s = s.replace(EMPHASIS_RE, "")
  return { codes: [...new Set(codes)], urls: [...new Set(urls)], plain: s }
}

// ---------------------------------------------------------------------------------------------------------------
// Dates and times

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December"
]
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
const MONTH_ALT = `(?:${MONTHS.join("|")}|(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)\\.?)`
const ORD = "(?:st|nd|rd|th)?"

const monthNumber = (name: string): number => {
  const prefix = name.slice(0, 3).toLowerCase()
  return MONTHS.findIndex((m) => m.slice(0, 3).toLowerCase() === prefix) + 1
}

const DATE_ALTERNATIVES = [
  String.raw`(?<isoY>\d{4})-(?<isoM>\d{1,2})-(?<isoD>\d{1,2})` +
    String.raw`(?:[T ](?<isoH>\d{1,2}):(?<isoMin>\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`,
  String.raw`(?<ymdY>\d{4})/(?<ymdM>\d{1,2})/(?<ymdD>\d{1,2})`,
  String.raw`(?<sa>\d{1,2})/(?<sb>\d{1,2})/(?<sy>\d{4}|\d{2})`,
  String.raw`(?<da>\d{1,2})\.(?<db>\d{1,2})\.(?<dy>\d{4})`,
  String.raw`(?<dmD>\d{1,2})${ORD}\s+(?:of\s+)?(?<dmM>${MONTH_ALT})(?:,?\s+(?<dmY>\d{4})(?!\d))?`,
  String.raw`(?<mdM>${MONTH_ALT})(?:\s+(?:the\s+)?(?<mdD>\d{1,2})${ORD}(?![\d:]|[.,]\d))?(?:,?\s+(?<mdY>\d{4})(?!\d))?`,
  String.raw`(?<wd>${WEEKDAYS.join("|")})s?`,
  String.raw`(?<tH>\d{1,2}):(?<tM>\d{2})(?::\d{2})?(?:\s?(?<tAp>[AaPp])\.?[Mm]\.?(?!\p{L}))?`,
  String.raw`(?<aH>\d{1,2})\s?(?<aAp>[AaPp])\.?[Mm]\.?(?!\p{L})`,
  String.raw`(?<q>Q[1-4])(?:\s+(?<qY>\d{4}))?`,
  String.raw`(?<qW>[Ff]irst|[Ss]econd|[Tt]hird|[Ff]ourth)\s+quarter(?:\s+(?:of\s+)?(?<qWY>\d{4}))?`,
  String.raw`FY\s?(?<fy>\d{4}|\d{2})`,
  String.raw`(?<dec>1[0-9]{2}0|20[0-9]0)s`,
  String.raw`(?<year>1[89]\d\d|20\d\d)(?!\s?%|\s?per\s?cent|:\d)`,
  String.raw`(?<noon>noon|midnight)`
]

const DATE_RE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_$€£¥.,:/])(?:${DATE_ALTERNATIVES.join("|")})(?![\p{L}\p{N}]|[.,:/]\d)`,
  "gu"
)

const QUARTER_WORDS: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3, fourth: 4 }

const timeComponents = (hour: number, minute: number, meridiem: string | undefined) => {
  const ap = meridiem?.toLowerCase()
  const h24 = ap === "p" && hour < 12 ? hour + 12 : ap === "a" && hour === 12 ? 0 : hour
  const mm = String(minute).padStart(2, "0")
  const gives = new Set([`t:${h24}:${mm}`, `t:${hour}:${mm}`])
  if (h24 > 12) gives.add(`t:${h24 - 12}:${mm}`)
  return { needs: [`t:${h24}:${mm}`], gives: [...gives] }
}

const validDay = (d: number): boolean => d >= 1 && d <= 31
const validMonth = (m: number): boolean => m >= 1 && m <= 12

const dayMonth = (year: string | undefined, month: number, day: number | undefined) => {
  const needs: Array<string> = []
  if (year) needs.push(`y:${year}`)
  needs.push(`m:${month}`)
  if (day !== undefined) needs.push(`d:${day}`)
  const gives = day === undefined ? needs : [...needs, `dm:${Math.min(month, day)},${Math.max(month, day)}`]
  return { needs, gives }
}

/** Numeric day/month order is ambiguous, so a slash date gives both readings and needs only the unordered pair. */
const ambiguousDayMonth = (year: string, a: number, b: number) => {
  const y = year.length === 2 ? `20${year}` : year
  const pair = `dm:${Math.min(a, b)},${Math.max(a, b)}`
  return { needs: [`y:${y}`, pair], gives: [`y:${y}`, pair, `m:${a}`, `d:${b}`, `m:${b}`, `d:${a}`] }
}

type Groups = Partial<Record<string, string>>

/** Components of one date match, or undefined when the match is not a date after all (e.g. the modal "May"). */
const dateComponents = (
  g: Groups,
  text: string,
  offset: number
): { needs: ReadonlyArray<string>; gives: ReadonlyArray<string> } | undefined => {
  if (g["isoY"] !== undefined) {
    const m = Number(g["isoM"])
    const d = Number(g["isoD"])
    if (!validMonth(m) || !validDay(d)) return undefined
    const date = dayMonth(g["isoY"], m, d)
    if (g["isoH"] === undefined) return date
    const time = timeComponents(Number(g["isoH"]), Number(g["isoMin"]), undefined)
    return { needs: [...date.needs, ...time.needs], gives: [...date.gives, ...time.gives] }
  }
  if (g["ymdY"] !== undefined) {
    const m = Number(g["ymdM"])
    const d = Number(g["ymdD"])
    return validMonth(m) && validDay(d) ? dayMonth(g["ymdY"], m, d) : undefined
  }
  if (g["sa"] !== undefined || g["da"] !== undefined) {
    const a = Number(g["sa"] ?? g["da"])
    const b = Number(g["sb"] ?? g["db"])
    if (!validDay(a) || !validDay(b) || (a > 12 && b > 12)) return undefined
    return ambiguousDayMonth(g["sy"] ?? g["dy"] ?? "", a, b)
  }
  if (g["dmD"] !== undefined) {
    const d = Number(g["dmD"])
    return validDay(d) ? dayMonth(g["dmY"], monthNumber(g["dmM"] ?? ""), d) : undefined
  }
  if (g["mdM"] !== undefined) {
    const name = g["mdM"]
    const day = g["mdD"] === undefined ? undefined : Number(g["mdD"])
    const bare = day === undefined && g["mdY"] === undefined
    // An abbreviated month alone is more often a name ("Jan") and a sentence-initial "May" is the modal verb.
    if (bare && (!MONTHS.includes(name) || (name === "May" && isSentenceStart(text, offset)))) return undefined
    if (day !== undefined && !validDay(day)) return undefined
    return dayMonth(g["mdY"], monthNumber(name), day)
  }
  if (g["wd"] !== undefined) {
    const comp = `wd:${g["wd"].toLowerCase()}`
    return { needs: [comp], gives: [comp] }
  }
  if (g["tH"] !== undefined) {
    const h = Number(g["tH"])
    const min = Number(g["tM"])
    const ap = g["tAp"]
    if (min > 59 || h > (ap ? 12 : 24)) return undefined
    return timeComponents(h, min, ap)
  }
  if (g["aH"] !== undefined) {
    const h = Number(g["aH"])
    return h >= 1 && h <= 12 ? timeComponents(h, 0, g["aAp"]) : undefined
  }
  if (g["q"] !== undefined || g["qW"] !== undefined) {
    const q = g["q"] ? Number(g["q"].slice(1)) : (QUARTER_WORDS[(g["qW"] ?? "").toLowerCase()] ?? 0)
    const year = g["qY"] ?? g["qWY"]
    const needs = year ? [`q:${q}`, `y:${year}`] : [`q:${q}`]
    return { needs, gives: needs }
  }
  if (g["fy"] !== undefined) {
    const comp = `fy:${g["fy"].length === 2 ? `20${g["fy"]}` : g["fy"]}`
    return { needs: [comp], gives: [comp] }
  }
  if (g["dec"] !== undefined) return { needs: [`dec:${g["dec"]}`], gives: [`dec:${g["dec"]}`] }
  if (g["year"] !== undefined) return { needs: [`y:${g["year"]}`], gives: [`y:${g["year"]}`] }
  if (g["noon"] !== undefined) return timeComponents(g["noon"] === "noon" ? 12 : 0, 0, undefined)
  return undefined
}

const collapse = (s: string): string => s.replace(/\s+/g, " ").trim()

interface DatesFound {
  readonly dates: ReadonlyArray<DateItem>
  readonly rest: string
  /** Where the month "May" stands, so that the hedge guard does not count it as the modal verb. */
  readonly monthMay: ReadonlySet<number>
}

const extractDates = (text: string): DatesFound => {
  const dates: Array<DateItem> = []
  const monthMay = new Set<number>()
  const rest = replaceMatches(text, DATE_RE, (m, offset) => {
    const match = m[0]
    const parts = dateComponents(m.groups ?? {}, text, offset)
    if (!parts) return match
    dates.push({ fact: { kind: "date", value: collapse(match) }, needs: parts.needs, gives: parts.gives })
    const may = match.indexOf("May")
    if (may >= 0) monthMay.add(offset + may)
    return blankKeepingPeriod(match)
  })
  return { dates, rest, monthMay }
}

// ---------------------------------------------------------------------------------------------------------------
// Numbers

const VERSION_RE = /(?<![\p{L}\p{N}_])[vV](?:ersion\s?)?(\d+(?:\.\d+)*)(?![\p{L}\p{N}]|\.\d)/gu

const NUMBER_RE = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}_])`,
    String.raw`(?:(?<cur>US\$|[$€£¥]|(?:USD|EUR|GBP)(?=\s?\d))\s?)?`,
    String.raw`(?<neg>[-−](?=\.?\d))?`,
    // Thousands separators: commas, and the no-break or thin spaces of typeset text (a plain space is ambiguous).
    String.raw`(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:[\u00A0\u2009\u202F]\d{3})+(?:\.\d+)?` +
      String.raw`|\d+(?:\.\d+)*|\.\d+)`,
    String.raw`(?:(?<ord>st|nd|rd|th)(?!\p{L}))?`,
    String.raw`(?:\s?(?<pct>%|per\s?cent\b|percent\b)|\s(?<scale>hundred|thousand|million|billion|trillion)\b` +
      String.raw`|(?<abbr>k|K|M|bn|tn)(?![\p{L}\p{N}]))?`,
    String.raw`(?:\s(?<curw>dollars?|euros?|pounds?|USD|EUR|GBP)\b)?`
  ].join(""),
  "gu"
)

const UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split(" ")
const TEENS_REST = "sixteen seventeen eighteen nineteen".split(" ")
const SMALL_NUMBERS: ReadonlyArray<string> = [...UNITS, ...TEENS_REST]
const TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split(" ")
const ORDINAL_WORDS = (
  "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth " +
  "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split(" ")

const SPELLED_RE = new RegExp(
  String.raw`\b(?:(?<tens>${TENS.join("|")})(?:[-\s](?<unit>${SMALL_NUMBERS.slice(1, 10).join("|")})\b)?` +
    String.raw`|(?<small>${SMALL_NUMBERS.join("|")})|(?<ordinal>${ORDINAL_WORDS.join("|")}))\b` +
    String.raw`(?:\s(?<scale>hundred|thousand|million|billion)\b)?(?:\s?(?<pct>%|per\s?cent\b|percent\b))?`,
  "g"
)

const SCALES: Readonly<Record<string, number>> = {
  hundred: 2,
  thousand: 3,
  k: 3,
  K: 3,
  million: 6,
  M: 6,
  billion: 9,
  bn: 9,
  trillion: 12,
  tn: 12
}
const SCALE_NAMES: Readonly<Record<number, string>> = { 2: "hundred", 3: "thousand", 6: "million", 9: "billion" }
const CURRENCIES: Readonly<Record<string, string>> = {
  $: "$",
  US$: "$",
  USD: "$",
  dollar: "$",
  dollars: "$",
  "€": "€",
  EUR: "€",
  euro: "€",
  euros: "€",
  "£": "£",
  GBP: "£",
  pound: "£",
  pounds: "£",
  "¥": "¥"
}

/** "1,200.50" -> "1200.5", "007" -> "7": the same quantity written differently gets one key. */
const canonical = (raw: string): string => {
  const plain = raw.replace(/[,\u00A0\u2009\u202F]/g, "")
  const dot = plain.indexOf(".")
  const int = (dot < 0 ? plain : plain.slice(0, dot)).replace(/^0+(?=\d)/, "") || "0"
  const frac = dot < 0 ? "" : plain.slice(dot + 1).replace(/0+$/, "")
  return frac ? `${int}.${frac}` : int
}

/** Multiply a canonical decimal by 10^exponent without floating point error. */
const shift = (value: string, exponent: number): string => {
  if (exponent === 0) return value
  const dot = value.indexOf(".")
  const int = dot < 0 ? value : value.slice(0, dot)
  const frac = dot < 0 ? "" : value.slice(dot + 1)
  const digits = int + frac.padEnd(exponent, "0")
  const point = int.length + exponent
  return canonical(`${digits.slice(0, point)}.${digits.slice(point)}`)
}

const ordinalSuffix = (n: string): string => {
  const last2 = Number(n.slice(-2))
  const last = Number(n.slice(-1))
  if (last2 >= 11 && last2 <= 13) return "th"
  return last === 1 ? "st" : last === 2 ? "nd" : last === 3 ? "rd" : "th"
}

interface NumberParts {
  readonly value: string // canonical, unscaled
  readonly exponent: number
  readonly negative: boolean
  readonly pct: boolean
  readonly currency: string | undefined
  readonly ordinal: boolean
  readonly dotted: string | undefined // the raw dotted form, kept for version-like readings
  readonly spelled: boolean
  readonly required: boolean
}

const makeNumber = (p: NumberParts): NumberItem => {
  const scaled = shift(p.value, p.exponent)
  const bare = p.negative ? `-${scaled}` : scaled
  const key = p.pct ? `${bare}%` : p.currency ? `${p.currency}${bare}` : bare
  const covers = new Set([key, bare, scaled, `v${scaled}`])
  if (p.dotted !== undefined) covers.add(`v${p.dotted}`)
  const shown = p.exponent > 0 && SCALE_NAMES[p.exponent] ? `${p.value} ${SCALE_NAMES[p.exponent]}` : scaled
  const signed = p.negative ? `-${shown}` : shown
  // Money keeps its cents for display: "$3.50", not "$3.5".
  const money = p.currency && p.exponent === 0 && p.value.split(".")[1]?.length === 1 ? `${signed}0` : signed
  const value = p.pct
    ? `${signed}%`
    : p.currency
      ? `${p.currency}${money}`
      : p.ordinal
        ? `${signed}${ordinalSuffix(scaled)}`
        : signed
  return { fact: { kind: "number", value }, key, bare, covers: [...covers], required: p.required, spelled: p.spelled }
}

const versionItem = (dotted: string, written: string): NumberItem => {
  const key = `v${dotted}`
  const covers = new Set([key, dotted, canonical(dotted)])
  return {
    fact: { kind: "number", value: written },
    key,
    bare: dotted,
    covers: [...covers],
    required: true,
    spelled: false
  }
}

const extractVersions = (text: string, items: Array<NumberItem>): string =>
  replaceMatches(text, VERSION_RE, (m) => {
    const dotted = m[1] ?? ""
    items.push(versionItem(dotted, `v${dotted}`))
    return blank(m[0])
  })

const digitNumber = (g: Groups): NumberItem => {
  const raw = g["num"] ?? "0"
  if ((raw.match(/\./g) ?? []).length > 1) return versionItem(raw, raw)
  const abbr = g["abbr"]
  const currency = CURRENCIES[(g["cur"] ?? "").trim()] ?? CURRENCIES[g["curw"] ?? ""]
  // "4K" screens and "3M" the company are not scaled quantities; "5k" users and "$3M" are.
  const scaleWord = g["scale"] ?? (abbr === "K" || abbr === "M" ? (currency ? abbr : undefined) : abbr)
  return makeNumber({
    value: canonical(raw),
    exponent: scaleWord ? (SCALES[scaleWord] ?? 0) : 0,
    negative: g["neg"] !== undefined,
    pct: g["pct"] !== undefined,
    currency,
    ordinal: g["ord"] !== undefined,
    dotted: raw.includes(".") ? raw.replace(/,/g, "") : undefined,
    spelled: false,
    required: true
  })
}

const spelledValue = (g: Groups): { value: number; ordinal: boolean } => {
  if (g["ordinal"]) return { value: ORDINAL_WORDS.indexOf(g["ordinal"].toLowerCase()) + 1, ordinal: true }
  if (g["tens"]) {
    const unit = g["unit"] ? SMALL_NUMBERS.indexOf(g["unit"].toLowerCase()) : 0
    return { value: (TENS.indexOf(g["tens"].toLowerCase()) + 2) * 10 + unit, ordinal: false }
  }
  return { value: SMALL_NUMBERS.indexOf((g["small"] ?? "").toLowerCase()), ordinal: false }
}

const spelledNumber = (g: Groups): NumberItem => {
  const { ordinal, value } = spelledValue(g)
  const scale = g["scale"]?.toLowerCase()
  const pct = g["pct"] !== undefined
  return makeNumber({
    value: String(value),
    exponent: scale ? (SCALES[scale] ?? 0) : 0,
    negative: false,
    pct,
    currency: undefined,
    ordinal,
    dotted: undefined,
    spelled: true,
    // "one" is usually a pronoun and "first"/"second" usually discourse markers: accept them, never demand them.
    required: !ordinal && (value !== 1 || scale !== undefined || pct)
  })
}

const extractNumbers = (text: string): { numbers: ReadonlyArray<NumberItem>; rest: string } => {
  const numbers: Array<NumberItem> = []
  const rest = extractVersions(text, numbers)
  for (const m of rest.matchAll(NUMBER_RE)) numbers.push(digitNumber(m.groups ?? {}))
  // The spelled-number pattern runs on a lower-cased copy: case-insensitive Unicode matching is several times slower.
  for (const m of rest.toLowerCase().matchAll(SPELLED_RE)) numbers.push(spelledNumber(m.groups ?? {}))
  return { numbers, rest }
}

const dedupeBy = <A>(items: ReadonlyArray<A>, key: (a: A) => string): ReadonlyArray<A> => {
  const seen = new Map<string, A>()
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item)
  return [...seen.values()]
}

// ---------------------------------------------------------------------------------------------------------------
// Names

/**
 * Lower-case forms of words that are capitalised for grammatical reasons (sentence starts, titles, the pronoun "I")
 * rather than because they name something: function words, common sentence openers and imperative verbs.
 */
const COMMON_WORDS = wordSet(`
  a an the this that these those there here it its it's i i'm i've i'll i'd me my mine we we're we've we'll our ours us
  you you're you've you'll your yours he he's him his she she's her hers they they're they've their theirs them one
  who whom whose what which when where why how whatever whoever whenever wherever however whether
  and or but nor so yet for because since although though while whereas unless until if then else than as
  in on at by of to from with without within into onto over under above below after before during between among
  through throughout across against along around about beyond behind near off out up down per via despite toward
  towards upon
  is are was were be been being am do does did done have has had having can could may might must shall should will
  would not no yes none never always often sometimes usually also too very just only even still already again
  all any both each either neither every few many more most much other others same several some such own
  now today tomorrow yesterday tonight soon later once twice first second third next last finally meanwhile
  instead otherwise therefore thus hence indeed moreover furthermore additionally overall however nevertheless
  nonetheless besides consequently accordingly similarly likewise meanwhile perhaps maybe probably possibly
  certainly clearly obviously fortunately unfortunately importantly interestingly surprisingly notably
  note notes warning caution tip tips important example examples summary conclusion introduction overview
  step steps see use using used run add set get make take give go let try keep check read write open close
  click select choose create delete remove update install configure start stop enable disable build deploy
  test review follow visit contact download upload save load edit change replace type enter press copy paste move
  ensure avoid include consider compare find call ask send put turn show tell think know want need like
  thanks thank please welcome hello hi dear regards sincerely ok okay sir madam mr mrs ms dr prof st jr sr
  chapter section figure table page part appendix version step item list
  am pm ad bc faq etc vs eg ie inc ltd corp co llc gmbh plc
  new old good great best better bad big small large long short high low full free main key total final
  yes no not never here there
`)

/** Words that join the parts of a name without being capitalised themselves ("Bank of America"). */
const NAME_CONNECTORS = wordSet("of van von de der den da del della di du la le y bin al")

/** Abbreviations whose period does not end a sentence. */
const NON_TERMINAL_ABBREVIATIONS = wordSet(
  "mr mrs ms dr prof st jr sr vs cf e.g i.e fig no nos approx ca al inc ltd co corp gen col lt sgt rev vol pp ch sec " +
    "eq ref mt"
)

/** A word with letters, digits, internal apostrophes, hyphens or periods ("Ada's", "Jean-Luc", "Node.js", "U.S"). */
const TOKEN_RE = new RegExp(
  String.raw`[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['’.-][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*` +
    String.raw`|([.!?;:]+|[^\s\p{L}\p{N}])`,
  "gu"
)

const DOTTED_ACRONYM_RE = /^(?:\p{Lu}\.)+\p{Lu}$/u
const ACRONYM_RE = /^\p{Lu}[\p{Lu}\d&]*\p{Lu}$/u
const ACRONYM_PLURAL_RE = /^(\p{Lu}[\p{Lu}\d&]*\p{Lu})s$/u
const CAMEL_RE = /^\p{Ll}+\p{Lu}|^\p{Lu}\p{Ll}+\p{Lu}/u
const DIGIT_WORD_RE = /^\p{L}[\p{L}\-.]*\d/u
const TERMINAL_PUNCT_RE = /[.!?:;]/

/** Normalise a word token for comparison: "Ada's" -> "Ada", "GPUs" -> "GPU", "U.S" -> "US". */
const isApostrophe = (ch: string | undefined): boolean => ch === "'" || ch === "’"
const isAsciiCapital = (c: number): boolean => c >= 65 && c <= 90

/** Normalise a word token for comparison: "Ada's" -> "Ada", "GPUs" -> "GPU", "U.S" -> "US". */
const normaliseWord = (token: string): string => {
  // Character checks rather than patterns: this runs for every word of every attempt.
  const n = token.length
  const last = token[n - 1]
  let word = token
  if (last === "s" && isApostrophe(token[n - 2])) word = token.slice(0, -2)
  else if (isApostrophe(last)) word = token.slice(0, -1)
  if (word.includes(".") && DOTTED_ACRONYM_RE.test(word)) return word.replace(/\./g, "")
  const plural =
    word.length >= 3 && word.endsWith("s") && isAsciiCapital(word.charCodeAt(word.length - 2))
      ? ACRONYM_PLURAL_RE.exec(word)
      : null
  return plural?.[1] ?? word
}

/** Any capital or digit after the first character: the cheap precondition of every strong name form. */
const hasInnerCapitalOrDigit = (word: string): boolean => {
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if (isAsciiCapital(c) || (c >= 48 && c <= 57)) return true
    if (c > 127) {
      const ch = word.charAt(i)
      if (ch !== ch.toLowerCase()) return true
    }
  }
  return false
}

/** Acronyms, CamelCase and words with digits look like names in any language and any position. */
const isStrongName = (word: string, lower: string): boolean =>
  hasInnerCapitalOrDigit(word) &&
  !COMMON_WORDS.has(lower) &&
  (ACRONYM_RE.test(word) || CAMEL_RE.test(word) || DIGIT_WORD_RE.test(word))

interface Token {
  readonly word: string
  readonly lower: string
  /** Capitalised and not a common word, or an acronym, CamelCase or digit word. */
  readonly nameLike: boolean
  /** An acronym, CamelCase or digit word: a name even at the start of a sentence or outside English. */
  readonly strong: boolean
  readonly initial: boolean
  /** True when punctuation or a non-word separates this token from the previous one. */
  readonly broken: boolean
}

const tokenise = (text: string): ReadonlyArray<Token> => {
  const tokens: Array<Token> = []
  let initial = true
  let broken = true
  let previous = ""
  for (const m of text.matchAll(TOKEN_RE)) {
    const punct = m[1]
    if (punct !== undefined) {
      broken = true
      const abbreviation =
        punct === "." && (NON_TERMINAL_ABBREVIATIONS.has(previous.toLowerCase()) || /^\p{Lu}$/u.test(previous))
      if (TERMINAL_PUNCT_RE.test(punct) && !abbreviation) initial = true
      previous = ""
      continue
    }
    const raw = m[0]
    const word = normaliseWord(raw)
    const lower = word.toLowerCase()
    const first = word[0] ?? ""
    // Digits and lower-case letters are their own lower case; only a capital differs.
    const capitalised = first !== (lower[0] ?? "")
    const strong = isStrongName(word, lower)
    tokens.push({ word, lower, nameLike: strong || (capitalised && !COMMON_WORDS.has(lower)), strong, initial, broken })
    initial = false
    broken = false
    previous = raw
  }
  return tokens
}

const isNameWord = (t: Token | undefined): boolean => t?.nameLike === true

/** "Bank of America" is one name; "CTO of Acme" is two, so a connector never joins an acronym. */
const joinsName = (run: ReadonlyArray<Token>, next: Token | undefined): boolean => {
  const last = run[run.length - 1]
  return isNameWord(next) && last !== undefined && !ACRONYM_RE.test(last.word) && !ACRONYM_RE.test(next?.word ?? "")
}

/** Split the capitalised runs into names, following the rules for sentence-initial words. */
const englishNames = (tokens: ReadonlyArray<Token>): ReadonlyArray<NameItem> => {
  const midSentence = new Set<string>()
  for (const t of tokens) if (isNameWord(t) && !t.initial) midSentence.add(t.word)
  const names: Array<NameItem> = []
  let run: Array<Token> = []
  const flush = () => {
    // A sentence-initial word is only a name when it looks like one: a strong form, used mid-sentence elsewhere,
    // or followed by another capitalised word ("Ada Lovelace wrote").
    const first = run[0]
    if (first && first.initial && !first.strong && !midSentence.has(first.word) && run.length < 2) {
      run = []
    }
    while (run.length > 0 && NAME_CONNECTORS.has(run[run.length - 1]?.word ?? "")) run.pop()
    if (run.length > 0) {
      const words = run.map((t) => t.word)
      names.push({ fact: { kind: "name", value: words.join(" ") }, words })
    }
    run = []
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token
    const joined = !t.broken && run.length > 0
    if (isNameWord(t)) {
      if (!joined) flush()
      run.push(t)
    } else if (joined && NAME_CONNECTORS.has(t.word) && joinsName(run, tokens[i + 1])) {
      run.push(t)
    } else {
      flush()
    }
  }
  flush()
  return names
}

/** German capitalises every noun, so outside English only forms that are names in any language count. */
const foreignNames = (tokens: ReadonlyArray<Token>): ReadonlyArray<NameItem> =>
  tokens.filter((t) => t.strong).map((t) => ({ fact: { kind: "name", value: t.word }, words: [t.word] }))

/**
 * Number words two to twelve in German, French, Spanish, Italian, Portuguese and Dutch, so that "3" and "trois" are
 * equal in a French paragraph too. Words for one are left out: they double as articles ("un", "ein", "uno").
 */
const FOREIGN_NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  [
    "zwei drei vier fünf sechs sieben acht neun zehn elf zwölf",
    "deux trois quatre cinq six sept huit neuf dix onze douze",
    "dos tres cuatro cinco seis siete ocho nueve diez once doce",
    "due tre quattro cinque sei sette otto nove dieci undici dodici",
    "dois três quatro cinco seis sete oito nove dez onze doze",
    "twee drie vier vijf zes zeven acht negen tien elf twaalf"
  ].flatMap((line) => line.split(" ").map((word, i): [string, number] => [word, i + 2]))
)

const foreignSpelledNumbers = (tokens: ReadonlyArray<Token>): ReadonlyArray<NumberItem> =>
  tokens.flatMap((t) => {
    const value = FOREIGN_NUMBER_WORDS.get(t.lower)
    if (value === undefined) return []
    return [
      makeNumber({
        value: String(value),
        exponent: 0,
        negative: false,
        pct: false,
        currency: undefined,
        ordinal: false,
        dotted: undefined,
        spelled: true,
        required: true
      })
    ]
  })

/** Frequent English function words that rarely occur in German, French, Spanish, Italian or Dutch prose. */
const ENGLISH_MARKERS = wordSet(`
  the of and to is that it for with are be this by not or have from at they we you but which can has their its our
  your been were would should could will there what when than these those into also about only just because
`)

const isEnglish = (tokens: ReadonlyArray<Token>): boolean => {
  if (tokens.length < 4) return true
  let hits = 0
  for (const t of tokens) if (ENGLISH_MARKERS.has(t.lower)) hits++
  return hits / tokens.length >= 0.1
}

// ---------------------------------------------------------------------------------------------------------------
// Negation and hedges

// Cue patterns run on a lower-cased copy without the `i` and `u` flags, which makes them several times faster.
const NEGATION_RE = new RegExp(
  [
    String.raw`\b(?:no\s+longer|no\s+one|cannot|[a-z]+n['’]t`,
    // "not only ... but also" adds rather than negates; "No. 5" abbreviates "number".
    String.raw`not(?!\s+(?:only|just)\b)|no(?!\.\s*\d)`,
    alt("never none nobody nothing neither nor nowhere without unable"),
    String.raw`fail(?:s|ed|ing)?\s+to|lack(?:s|ed|ing)?)\b`
  ].join("|"),
  "g"
)

/** Negation words of the other languages the service keeps, used only when the paragraph is not English. */
const FOREIGN_NEGATION_WORDS = [
  "nicht kein keine keinem keinen keiner keines nie niemals nichts niemand ohne weder",
  "pas jamais rien aucun aucune sans personne",
  "nunca nada nadie ninguno ninguna ningún sin tampoco",
  "non mai niente nessuno nessuna senza",
  "não nem sem",
  "niet geen nooit zonder"
].join(" ")
const FOREIGN_NEGATION_RE = new RegExp(String.raw`(?<!\p{L})(?:${alt(FOREIGN_NEGATION_WORDS)})(?!\p{L})`, "gu")

const negationCue = (match: string): string => {
  const m = collapse(match.replace(/’/g, "'"))
  if (m.endsWith("n't") || m === "cannot") return "not"
  if (m.startsWith("fail")) return "fail to"
  if (m.startsWith("lack")) return "lack"
  return m
}

const countNegations = (lower: string, english: boolean): Counts => {
  const counts: Counts = new Map()
  for (const m of lower.matchAll(NEGATION_RE)) increment(counts, negationCue(m[0]))
  if (!english) for (const m of lower.matchAll(FOREIGN_NEGATION_RE)) increment(counts, m[0])
  return counts
}

/** "about 40", "around a third": the approximation sense, not the topic sense of "a note about caching". */
const NUMBER_AHEAD =
  String.raw`(?=\s+(?:[$€£¥]\s?)?\d|\s+(?:an?\s+)?(?:${[...SMALL_NUMBERS, ...TENS].join("|")}|` +
  String.raw`${alt("hundred thousand million billion half third quarter dozen few couple")})\b)`

/** Hedge groups with their cues; every pattern is implicitly preceded by a word boundary. */
const HEDGE_GROUPS: ReadonlyArray<readonly [HedgeGroup, string]> = [
  // "could not" states inability, a negation, just like "couldn't". Plain "can" states ability, not doubt, and
  // rewrites drop it freely ("you can run X" -> "run X"), so it is not demanded.
  ["possibility", String.raw`(?:may|might|possibly|perhaps|maybe)\b|could\b(?!['’]t|\s+not\b)`],
  ["likelihood", String.raw`(?:likely|unlikely|probably|presumably|probable)\b`],
  [
    "approximation",
    String.raw`(?:approximately|approx\.|roughly|nearly|almost|estimated|estimates?|at\s+least|at\s+most)\b` +
      String.raw`|(?:about|around|up\s+to|some)${NUMBER_AHEAD}`
  ],
  [
    "evidence",
    String.raw`(?:suggest(?:s|ed|ing)?|indicat(?:e|es|ed|ing)|appear(?:s|ed|ing)?|seem(?:s|ed|ing)?` +
      String.raw`|reportedly|apparently|preliminary|according\s+to)\b`
  ],
  ["temporal", String.raw`not\s+(?:[a-z]+\s+){0,3}?yet\b|so\s+far\b|until\b|till\b`],
  ["strong recommendation", String.raw`(?:must(?:n['’]t)?|required|mandatory|ha(?:ve|s)\s+to|needs?\s+to)\b`],
  [
    "weak recommendation",
    String.raw`(?:should(?:n['’]t)?|recommend(?:s|ed|ing)?|optional(?:ly)?|consider(?:s|ed|ing)?` +
      String.raw`|ought\s+to|advisable)\b`
  ]
]

/** Cues that cannot start at a word boundary, with the group they belong to. */
const HEDGE_EXTRAS: ReadonlyArray<readonly [HedgeGroup, string]> = [
  ["temporal", String.raw`n['’]t\s+(?:[a-z]+\s+){0,3}?yet\b`],
  ["approximation", String.raw`~(?=\s?\d)|≈`]
]

/**
 * All hedge groups in one pass; the capture group that matched names the group. One shared leading word boundary
 * lets the engine reject most positions at once.
 */
const HEDGE_RE = new RegExp(
  String.raw`\b(?:${HEDGE_GROUPS.map(([, pattern]) => `(${pattern})`).join("|")})|` +
    HEDGE_EXTRAS.map(([, pattern]) => `(${pattern})`).join("|"),
  "g"
)
const HEDGE_GROUP_ORDER: ReadonlyArray<HedgeGroup> = [...HEDGE_GROUPS, ...HEDGE_EXTRAS].map(([group]) => group)

const hedgeCue = (group: HedgeGroup, match: string): string => {
  const m = collapse(match.replace(/’/g, "'"))
  if (group === "temporal" && m.endsWith("yet")) return "not yet"
  return m.endsWith("n't") ? m.slice(0, -3) : m
}

const countHedges = (lower: string, monthMay: ReadonlySet<number>): ReadonlyMap<HedgeGroup, Counts> => {
  const groups = new Map<HedgeGroup, Counts>(HEDGE_GROUPS.map(([group]) => [group, new Map()]))
  for (const m of lower.matchAll(HEDGE_RE)) {
    const group = HEDGE_GROUP_ORDER[m.slice(1).findIndex((g) => g !== undefined)]
    if (group === undefined || (group === "possibility" && monthMay.has(m.index))) continue
    const counts = groups.get(group)
    if (counts) increment(counts, hedgeCue(group, m[0]))
  }
  return groups
}

/** Lower-case without moving offsets (a few characters change length under full Unicode lower-casing). */
const lowerSameLength = (text: string): string => {
  const lower = text.toLowerCase()
  return lower.length === text.length ? lower : text.replace(/[A-Z]/g, (c) => c.toLowerCase())
}

// ---------------------------------------------------------------------------------------------------------------
// Analysis

const YEAR_NUMBER_RE = /^\d{4}$/
const DIGIT_START_TAIL_RE = /^\d[\d.,]*(\p{L}[\p{L}\d]*)$/u

const analyse = (text: string, forceEnglish?: boolean): Analysis => {
  const { codes, plain, urls } = prepare(text)
  const dated = extractDates(plain)
  const numbered = extractNumbers(dated.rest)
  const tokens = tokenise(numbered.rest)
  const english = forceEnglish ?? isEnglish(tokens)
  const lower = lowerSameLength(plain)
  const names = dedupeBy(english ? englishNames(tokens) : foreignNames(tokens), (n) => n.words.join(" "))
  const found = english ? numbered.numbers : [...numbered.numbers, ...foreignSpelledNumbers(tokens)]
  // Keep a required occurrence over an optional one with the same key ("1" over the pronoun "one").
  const ranked = [...found.filter((n) => n.required), ...found.filter((n) => !n.required)]
  const numbers = dedupeBy(ranked, (n) => n.key)
  const dates = dedupeBy(dated.dates, (d) => d.needs.toSorted().join(" "))
  const numberCovers = new Set<string>()
  const datePool = new Set<string>()
  for (const n of found) {
    for (const c of n.covers) numberCovers.add(c)
    // A year read as a number on one side and as a date on the other is still the same figure.
    if (YEAR_NUMBER_RE.test(n.bare)) datePool.add(`y:${n.bare}`)
  }
  for (const d of dated.dates) {
    for (const c of d.gives) {
      datePool.add(c)
      if (c.startsWith("y:")) numberCovers.add(c.slice(2))
    }
  }
  const words = new Set<string>()
  const lowerWords = new Set<string>()
  for (const t of tokens) {
    words.add(t.word)
    lowerWords.add(t.lower)
    // "2MiB" keeps the unit "MiB" that "2 MiB" names as a word of its own.
    const tail = DIGIT_START_TAIL_RE.exec(t.word)?.[1]
    if (tail !== undefined) {
      words.add(tail)
      lowerWords.add(tail.toLowerCase())
    }
  }
  return {
    english,
    codes,
    urls,
    numbers,
    numberCovers,
    dates,
    datePool,
    names,
    words,
    lowerWords,
    negations: countNegations(lower, english),
    hedges: countHedges(lower, dated.monthMay)
  }
}

/**
 * The same original is checked against every attempt of its paragraph, so recent analyses are kept. Analyses are
 * never mutated after creation, which makes sharing them safe.
 */
const ANALYSIS_CACHE_LIMIT = 64
/** Whole documents (the smoothing pass) are analysed but not kept, which bounds the cache's memory. */
const CACHEABLE_LENGTH = 20_000
const analysisCache = new Map<string, Analysis>()

const analyseCached = (text: string, forceEnglish?: boolean): Analysis => {
  if (text.length > CACHEABLE_LENGTH) return analyse(text, forceEnglish)
  const key = forceEnglish === undefined ? `?${text}` : `${forceEnglish ? "e" : "x"}${text}`
  const hit = analysisCache.get(key)
  if (hit) return hit
  const analysis = analyse(text, forceEnglish)
  if (analysisCache.size >= ANALYSIS_CACHE_LIMIT) {
    const oldest = analysisCache.keys().next()
    if (!oldest.done) analysisCache.delete(oldest.value)
  }
  analysisCache.set(key, analysis)
  return analysis
}

const cueFacts = (kind: FactKind, counts: Counts): ReadonlyArray<Fact> =>
  [...counts.keys()].map((value) => ({ kind, value }))

/** The facts the guards look for in a paragraph, in a stable order: links, code, dates, numbers, names, cues. */
export const extractFacts = (text: string): ReadonlyArray<Fact> => {
  const a = analyseCached(text)
  return [
    ...a.urls.map((value): Fact => ({ kind: "url", value })),
    ...a.codes.map((value): Fact => ({ kind: "code", value })),
    ...a.dates.map((d) => d.fact),
    ...a.numbers.filter((n) => n.required).map((n) => n.fact),
    ...a.names.map((n) => n.fact),
    ...cueFacts("negation", a.negations),
    ...[...a.hedges.values()].flatMap((counts) => cueFacts("hedge", counts))
  ]
}

/** Cues whose count dropped, reported only when the total of the group dropped. */
const lostCues = (kind: FactKind, before: Counts, after: Counts | undefined): ReadonlyArray<Fact> => {
  const now = after ?? new Map<string, number>()
  if (total(now) >= total(before)) return []
  const lost: Array<Fact> = []
  for (const [cue, n] of before) if ((now.get(cue) ?? 0) < n) lost.push({ kind, value: cue })
  return lost
}

const missingFacts = (a: Analysis, b: Analysis, candidate: string): ReadonlyArray<Fact> => {
  const candidateCodes = new Set(b.codes)
  return [
    ...a.urls.filter((u) => !candidate.includes(u)).map((value): Fact => ({ kind: "url", value })),
    ...a.codes.filter((c) => !candidateCodes.has(c)).map((value): Fact => ({ kind: "code", value })),
    ...a.dates.filter((d) => d.needs.some((c) => !b.datePool.has(c))).map((d) => d.fact),
    ...a.numbers.filter((n) => n.required && !b.numberCovers.has(n.key)).map((n) => n.fact),
    ...a.names.filter((n) => n.words.some((w) => !b.words.has(w))).map((n) => n.fact),
    ...lostCues("negation", a.negations, b.negations),
    ...[...a.hedges].flatMap(([group, counts]) => lostCues("hedge", counts, b.hedges.get(group)))
  ]
}

const addedFacts = (a: Analysis, b: Analysis, original: string): ReadonlyArray<Fact> => [
  ...b.urls.filter((u) => !original.includes(u)).map((value): Fact => ({ kind: "url", value })),
  ...b.dates.filter((d) => d.needs.some((c) => !a.datePool.has(c))).map((d) => d.fact),
  // Spelled numbers are often just wording ("these two steps"); only new digits count as possible inventions.
  ...b.numbers
    .filter((n) => !n.spelled && !a.numberCovers.has(n.key) && !a.numberCovers.has(n.bare))
    .map((n) => n.fact),
  ...b.names.filter((n) => n.words.some((w) => !a.lowerWords.has(w.toLowerCase()))).map((n) => n.fact)
]

/** Compare a candidate rewrite with its original paragraph. */
export const checkFacts = (original: string, candidate: string): GuardReport => {
  const a = analyseCached(original)
  const b = analyseCached(candidate, a.english)
  const missing = missingFacts(a, b, candidate)
  const added = addedFacts(a, b, original)
  return { ok: missing.length === 0 && added.length === 0, missing, added }
}

const KIND_LABELS: Readonly<Record<FactKind, string>> = {
  number: "number",
  date: "date",
  name: "name",
  url: "link",
  code: "code",
  negation: "negation",
  hedge: "hedge"
}

const listFacts = (facts: ReadonlyArray<Fact>): string =>
  facts.map((f) => `the ${KIND_LABELS[f.kind]} "${f.value}"`).join(", ")

/** One human sentence, e.g. 'lost the number "42", the hedge "may"; added the name "Bob"'. */
export const describeReport = (report: GuardReport): string => {
  const parts: Array<string> = []
  if (report.missing.length > 0) parts.push(`lost ${listFacts(report.missing)}`)
  if (report.added.length > 0) parts.push(`added ${listFacts(report.added)}`)
  return parts.length > 0 ? parts.join("; ") : "kept every number, date, name, link, code span, negation and hedge"
}
