/**
 * The date guard's pattern table: for one language, the regular expressions that find dates in every format ("3 June
 * 2026", "June 3, 2026", "2026-06-03", "03.06.2026", "2026年6月3日", two days of one month, quarters, weekdays) and
 * read each into the components it gives ("y:2026", "md:6-3"), in the order Dates.ts runs them; the patterns of times
 * of day come last, from Times.ts. Built once per language from the month, weekday and date words of its data file.
 */
import type { Lexicon } from "./Lexicon.ts"
import { alternation } from "./Regex.ts"
import type { Prepared } from "./Text.ts"
import { sentenceAt } from "./Topics.ts"
import { CLOCK_WORD, hourWords, type Step, smallNumber, time, timeSteps } from "./Times.ts"

const CJK = new Set(["zh", "ja"])
export interface Patterns {
  readonly steps: ReadonlyArray<Step>
  /** Which kinds of date word (1 month, 2 weekday, 4 quarter, 8 clock) each word is. */
  readonly wordKinds: ReadonlyMap<string, number>
  /** An hour in words after an "at" word ("a las nueve", "um neun"), and the hours by word. */
  readonly spelledHour: RegExp
  readonly hourOf: ReadonlyMap<string, number>
}

const MONTH_WORD = 1
const WEEKDAY_WORD = 2
const QUARTER_WORD = 4
/** An hour in words ("nine", "neun"): a text with one may say a time after an "at" word. */
export const HOUR_WORD = 16

const ymd = (y: number | undefined, m: number, d: number | undefined): ReadonlyArray<string> | undefined => {
  if (m < 1 || m > 12 || (d !== undefined && (d < 1 || d > 31))) return undefined
  const out = y === undefined ? [] : [`y:${y}`]
  return d === undefined ? [...out, `m:${m}`] : [...out, `md:${m}-${d}`]
}
/** The first year of each Japanese era, less one: 令和1年 (元年) is 2019. */
const ERAS: Readonly<Record<string, number>> = { 令和: 2018, 平成: 1988, 昭和: 1925 }
/** "2026" → 2026, "令和8" → 2026, "平成元" → 1989. */
const eraYear = (s: string): number => {
  const base = ERAS[s.slice(0, 2)]
  if (base === undefined) return Number(s)
  return base + (s.endsWith("元") ? 1 : Number(s.slice(2)))
}
const year = (s: string) => (s.length === 2 ? (Number(s) < 70 ? 2000 : 1900) + Number(s) : Number(s))

const patternCache = new WeakMap<Lexicon, Patterns>()
/** The date patterns of a language, in the order they run, and the kinds of date word (cached per language). */
export const patternsFor = (lex: Lexicon): Patterns => {
  const cached = patternCache.get(lex)
  if (cached !== undefined) return cached
  const cjk = CJK.has(lex.lang)
  const monthOf = new Map<string, number>()
  const abbreviations = new Set<string>()
  lex.months.forEach((names, i) =>
    names.forEach((n) => {
      const key = n.toLowerCase().replace(/\.$/, "")
      monthOf.set(key, i + 1)
      if (n.endsWith(".")) abbreviations.add(key)
    })
  )
  const weekdayOf = new Map<string, number>()
  // "Mon.", "sam.", "пт.": an abbreviated weekday, read only where a date or a range of days shows it is one.
  const weekdayAbbreviationOf = new Map<string, number>()
  lex.weekdays.forEach((names, i) =>
    names.forEach((n) => {
      if (n.endsWith(".")) weekdayAbbreviationOf.set(n.toLowerCase().slice(0, -1), i + 1)
      else weekdayOf.set(n.toLowerCase(), i + 1)
    })
  )
  const WEEKDAY = alternation([...weekdayOf.keys(), ...weekdayAbbreviationOf.keys()])
  // A weekday before the day of a date ("Friday 21", "Fri 21", "Пт, 21", "sam. 8"), as one part of a range of days.
  const BEFORE_DAY = `(${WEEKDAY})\\.?,?\\s+`
  const abbreviatedDay = new RegExp(
    `^\\.?(?:,?\\s*\\d{1,2}(?![\\d:]|[.,]\\d)|\\s*[-–—+&,/]\\s*(?:${WEEKDAY})(?![\\p{L}]))`,
    "u"
  )
  const abbreviatedEnd = new RegExp(`(?:${WEEKDAY})\\.?\\s*[-–—+&,/]\\s*$`, "u")
  const quarterOf = new Map<string, number>()
  lex.dateWords.quarters.forEach((names, i) => names.forEach((n) => quarterOf.set(n.toLowerCase(), i + 1)))
  const capitalised = lex.months.some((names) => /^\p{Lu}/u.test(names[0] ?? ""))
  const [L, R] = cjk ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
  const MONTH = `(${alternation([...monthOf.keys()])})`
  const ordinalOf = new Map(Object.entries(lex.numbers.ordinals).filter(([, v]) => v >= 1 && v <= 31))
  const ORDINAL = alternation([...ordinalOf.keys()])
  // A month written out is capitalised where the language capitalises month names ("the first may be", "children
  // over 12 may take" hold no date; "12 May", "3. März" do).
  const monthCased = (m: RegExpExecArray, month: string | undefined, p: Prepared) =>
    !capitalised || /\p{Lu}/u.test(p.prose[m.index + m[0].indexOf(month ?? "")] ?? "")
  const YEARSUF = lex.dateWords.year.length > 0 ? `(?:\\s*(?:${alternation(lex.dateWords.year)})(?![\\p{L}])\\.?)?` : ""
  const DAYSUF = "(?:\\.|st|nd|rd|th|er|º|-?го|-?е)?"
  const JOIN = `(?:[-–—&]|(?:${alternation([...lex.roles.coordinators, ...lex.numbers.range])})(?![\\p{L}])(?:\\s+(?:el|le|the|am|den))?)`
  const twoDays = (y: string | undefined, month: number, d1: string | undefined, d2: string | undefined) => {
    const first = ymd(y === undefined ? undefined : Number(y), month, Number(d1))
    const second = ymd(undefined, month, Number(d2))
    return first && second && [...first, ...second]
  }
  const dayMonthDots = lex.lang === "de" || lex.lang === "ru"
  const slashMonthFirst = lex.lang === "en"
  const re = (source: string) => new RegExp(source, "gu")
  const test = (regex: RegExp) => (work: string) => regex.test(work)
  const wordKinds = new Map<string, number>()
  const anyWord = (words: Iterable<string>, kind: number, cjkTest: RegExp) => {
    for (const w of words) {
      const last = w.split(/\s+/).at(-1) ?? ""
      wordKinds.set(last, (wordKinds.get(last) ?? 0) | kind)
      // "Mondays", "montags": a weekday's plural or adverb.
      if (kind === WEEKDAY_WORD) wordKinds.set(`${last}s`, (wordKinds.get(`${last}s`) ?? 0) | kind)
    }
    return cjk ? test(cjkTest) : (_work: string, kinds: number) => (kinds & kind) !== 0
  }
  const hasMonth = anyWord(monthOf.keys(), MONTH_WORD, /月/)
  const DIGIT = test(/\d/)
  const steps: ReadonlyArray<Step> = [
    // 2026-06-03, 2026-06-03T10:00
    [
      /(?<![\d./-])(\d{4})-(\d{1,2})-(\d{1,2})(?:[t ](\d{1,2}):(\d{2}))?(?!\d)/g,
      (m) => {
        const date = ymd(Number(m[1]), Number(m[2]), Number(m[3]))
        const t = m[4] === undefined ? [] : (time(Number(m[4]), Number(m[5]), undefined) ?? [])
        return date && [...date, ...t]
      },
      test(/\d-\d/)
    ],
    // 2026/06/03, 2026.06.03
    [
      /(?<![\d./])(\d{4})([/.])(\d{1,2})\2(\d{1,2})(?![\d])/g,
      (m) => ymd(Number(m[1]), Number(m[3]), Number(m[4])),
      test(/\d[/.]\d/)
    ],
    // 03.06.2026, 03/06/2026 (month first in English when the day could be either)
    [
      /(?<![\d.,/])(\d{1,2})([./])(\d{1,2})\2(\d{4}|\d{2})(?![\d]|[.,]\d)/g,
      (m) => {
        const [a, b, y] = [Number(m[1]), Number(m[3]), year(m[4] ?? "")]
        if (m[2] === "/" && slashMonthFirst) {
          if (a <= 12 && b <= 12 && a !== b) return [`y:${y}`, `dd:${Math.min(a, b)}-${Math.max(a, b)}`]
          // "14/06/2025" can only be day first.
          return a > 12 ? ymd(y, b, a) : ymd(y, a, b)
        }
        return ymd(y, b, a)
      },
      test(/\d[/.]\d/)
    ],
    // 18.06. (German and Russian: a day and month without the year)
    [
      /(?<![\d.,/])(\d{1,2})\.(\d{1,2})\.(?![\d]|\s*\d{2,4}(?!\d))/g,
      (m) => (dayMonthDots ? ymd(undefined, Number(m[2]), Number(m[1])) : undefined),
      test(/\d\.\d{1,2}\./)
    ],
    // 2025年1月14日至16日, 10月15日（火）から17日（木）, 3月8日(土)・9日(日), 10月17—19日: two days of one month
    [
      /(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月\s*(\d{1,2})\s*(?:[日号](?:\s*[（(][^）)]{1,3}[）)])?)?\s*(?:至|到|〜|～|~|から|-|–|—|・|、|和|及|と)\s*(\d{1,2})\s*[日号]/g,
      (m) => twoDays(m[1], Number(m[2]), m[3], m[4]),
      test(/月/)
    ],
    // 9月至10月 written 9—10月: two months, the first without its sign
    [
      /(?<![\d年/.])(\d{1,2})\s*(?:至|到|〜|～|~|-|–|—)\s*(\d{1,2})\s*月(?![曜份])/g,
      (m) => {
        const [a, b] = [Number(m[1]), Number(m[2])]
        return cjk && a >= 1 && a <= 12 && b >= 1 && b <= 12 ? [`m:${a}`, `m:${b}`] : undefined
      },
      test(/月/)
    ],
    // 10/17 in Chinese and Japanese: month first, no year
    [
      /(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/])/g,
      (m) => (cjk ? ymd(undefined, Number(m[1]), Number(m[2])) : undefined),
      test(/\d\/\d/)
    ],
    // 2026年6月3日, 6月3日, 六月, 10月20日（日）: a weekday in brackets after the day gives its weekday and asks for
    // none ("wd?:7"): "2025/4/10" is the same day without it, "10月20日（土）" another
    [
      /(?:(\d{4}|(?:令和|平成|昭和)(?:\d{1,2}|元))\s*年\s*)?(\d{1,2}|十[一二]?|[一二三四五六七八九])\s*月(?![曜份])(?:\s*(\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号號](?:\s*[（(]([月火水木金土日])(?:曜日?)?[）)])?)?/g,
      (m) => {
        const date = ymd(
          m[1] === undefined ? undefined : eraYear(m[1]),
          smallNumber(m[2] ?? ""),
          m[3] === undefined ? undefined : smallNumber(m[3])
        )
        const weekday = m[4] === undefined ? 0 : "月火水木金土日".indexOf(m[4]) + 1
        return weekday > 0 && date !== undefined ? [...date, `wd?:${weekday}`] : date
      },
      test(/月/)
    ],
    // Two days of one month: 18 and 19 February 2025, 18.–19. Juni, 18 y 19 de febrero, June 18 and 19, 2025, vom 3.
    // bis voraussichtlich 28. November (one word between the range and its second day)
    [
      re(
        `${L}(\\d{1,2})${DAYSUF}\\s*${JOIN}\\s*(?:${BEFORE_DAY}|\\p{L}{4,}\\s+(?:(?:zum|au|al|to)\\s+)?)?(\\d{1,2})${DAYSUF}(?:\\s+(?:de|of))?\\s+${MONTH}(?![\\p{L}])\\.?(?:,?\\s+(?:de\\s+|del\\s+)?(\\d{4})(?!\\d))?${YEARSUF}`
      ),
      (m, p) => {
        const days = monthCased(m, m[4], p) ? twoDays(m[5], monthOf.get(m[4] ?? "") ?? 0, m[1], m[3]) : undefined
        const weekday = weekdayOf.get(m[2] ?? "") ?? weekdayAbbreviationOf.get(m[2] ?? "")
        return days && (weekday === undefined ? days : [...days, `wd:${weekday}`])
      },
      hasMonth
    ],
    [
      re(
        `(?<![\\p{L}])${MONTH}(?![\\p{L}])\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\s*${JOIN}\\s*(\\d{1,2})(?:st|nd|rd|th)?(?![\\d.,:]?\\d)(?:,?\\s+(\\d{4})(?!\\d))?`
      ),
      (m, p) => (monthCased(m, m[1], p) ? twoDays(m[4], monthOf.get(m[1] ?? "") ?? 0, m[2], m[3]) : undefined),
      hasMonth
    ],
    // 3 June 2026, 3. Juni, 3 de junio de 2026, 3 июня 2026 г.
    [
      re(
        `${L}(\\d{1,2})(?:\\.|st|nd|rd|th|er|º|-?го|-?е)?(?:\\s+(?:de|of))?\\s+${MONTH}(?![\\p{L}])\\.?(?:,?\\s+(?:de\\s+|del\\s+)?(\\d{4})(?!\\d))?${YEARSUF}`
      ),
      (m, p) =>
        monthCased(m, m[2], p)
          ? ymd(m[3] === undefined ? undefined : Number(m[3]), monthOf.get(m[2] ?? "") ?? 0, Number(m[1]))
          : undefined,
      hasMonth
    ],
    // the third of June, le premier juin, el primero de junio, am dritten Juni, третьего июня
    [
      re(
        `${L}(${ORDINAL})(?:\\s+(?:de|of))?\\s+${MONTH}(?![\\p{L}])\\.?(?:,?\\s+(?:de\\s+|del\\s+)?(\\d{4})(?!\\d))?${YEARSUF}`
      ),
      (m, p) =>
        monthCased(m, m[2], p)
          ? ymd(m[3] === undefined ? undefined : Number(m[3]), monthOf.get(m[2] ?? "") ?? 0, ordinalOf.get(m[1] ?? ""))
          : undefined,
      hasMonth
    ],
    // June third, June the 3rd
    [
      re(`(?<![\\p{L}])${MONTH}(?![\\p{L}])\\.?\\s+(?:the\\s+)?(${ORDINAL})${R}(?:,?\\s+(\\d{4})(?!\\d))?`),
      (m, p) =>
        monthCased(m, m[1], p)
          ? ymd(m[3] === undefined ? undefined : Number(m[3]), monthOf.get(m[1] ?? "") ?? 0, ordinalOf.get(m[2] ?? ""))
          : undefined,
      hasMonth
    ],
    // June 3, 2026
    [
      re(
        `(?<![\\p{L}])${MONTH}(?![\\p{L}])\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?![\\d.,:]?\\d)(?:,?\\s+(\\d{4})(?!\\d))?`
      ),
      (m, p) =>
        monthCased(m, m[1], p)
          ? ymd(m[3] === undefined ? undefined : Number(m[3]), monthOf.get(m[1] ?? "") ?? 0, Number(m[2]))
          : undefined,
      hasMonth
    ],
    // June 2026, junio de 2026
    [
      re(`(?<![\\p{L}])${MONTH}(?![\\p{L}])\\.?(?:\\s+(?:de|of|del))?,?\\s+(\\d{4})(?!\\d)${YEARSUF}`),
      (m, p) => (monthCased(m, m[1], p) ? ymd(Number(m[2]), monthOf.get(m[1] ?? "") ?? 0, undefined) : undefined),
      hasMonth
    ],
    // 2025/26, 2025-26: a span of two years, the second written short
    [
      /(?<![\d./-])((?:19|20)\d{2})[/–-](\d{2})(?![\d/-]|\.\d)/g,
      (m) => {
        const first = Number(m[1])
        const second = Math.floor(first / 100) * 100 + Number(m[2])
        return second === first + 1 ? [`y:${first}`, `y:${second}`] : undefined
      },
      test(/\d[/–-]\d/)
    ],
    // 2026年, 2026 г.
    [
      re(`(?<![\\d.,])(\\d{4})\\s*(?:${alternation(lex.dateWords.year)})${cjk ? "" : "(?![\\p{L}])\\.?"}`),
      (m) => [`y:${m[1]}`],
      DIGIT
    ],
    // 令和8年: a Japanese era year
    [/((?:令和|平成|昭和)(?:\d{1,2}|元))\s*年/g, (m) => [`y:${eraYear(m[1] ?? "")}`], test(/[令平昭]/)],
    // A month alone: a full name, capitalised where the language capitalises months, and in English never a
    // sentence's first word ("May we ...").
    [
      re(`${cjk ? "" : "(?<![\\p{L}])"}${MONTH}${cjk ? "" : "(?![\\p{L}])"}`),
      (m, p) => {
        const name = m[1] ?? ""
        if (abbreviations.has(name)) return undefined
        if (capitalised && !/\p{Lu}/u.test(p.prose[m.index] ?? "")) return undefined
        if (lex.lang === "en" && /^[\s"'“(]*$/.test(p.prose.slice(sentenceAt(p, m.index)[0], m.index))) return undefined
        return [`m:${monthOf.get(name) ?? 0}`]
      },
      hasMonth
    ],
    // Weekdays. A German weekday adverb is written in lower case ("montags bis freitags").
    [
      re(`${L}(${alternation([...weekdayOf.keys()])})(s?)${R}`),
      (m, p) =>
        capitalised && !/\p{Lu}/u.test(p.prose[m.index] ?? "") && !(lex.lang === "de" && m[2] === "s")
          ? undefined
          : [`wd:${weekdayOf.get(m[1] ?? "") ?? 0}`],
      anyWord(weekdayOf.keys(), WEEKDAY_WORD, /[星周礼曜]/)
    ],
    // Abbreviated weekdays, before the day of a date or in a range or list of days ("Mon 3 – Fri 21 June", "Mo–Fr",
    // "Di + Do").
    [
      re(`${L}(${alternation([...weekdayAbbreviationOf.keys()])})${R}`),
      (m, p) => {
        const end = m.index + m[0].length
        if (capitalised && !/\p{Lu}/u.test(p.prose[m.index] ?? "")) return undefined
        const dated =
          abbreviatedDay.test(p.lower.slice(end, end + 24)) ||
          abbreviatedEnd.test(p.lower.slice(Math.max(0, m.index - 24), m.index))
        return dated ? [`wd:${weekdayAbbreviationOf.get(m[1] ?? "") ?? 0}`] : undefined
      },
      anyWord(weekdayAbbreviationOf.keys(), WEEKDAY_WORD, /$^/)
    ],
    // The weekend, midnight and noon: "周末" = "周六、周日", "до полуночи" = "до 24:00"
    ...(
      [
        [lex.dateWords.weekend ?? [], ["we:1"]],
        [lex.dateWords.midnight ?? [], ["t:0:00"]],
        [lex.dateWords.noon ?? [], ["t:12:00"]]
      ] as const
    )
      .filter(([words]) => words.length > 0)
      .map(([words, needs]): Step => [
        re(`${L}(?:${alternation(words)})${R}`),
        () => needs,
        anyWord(words, WEEKDAY_WORD, new RegExp(alternation(words)))
      ]),
    // Quarters: Q3, third quarter, 3. Quartal, 第三季度
    [
      re(`${L}(?:q([1-4])|(${alternation([...quarterOf.keys()])}))${R}`),
      (m) => [`q:${m[1] ?? quarterOf.get(m[2] ?? "")}`],
      anyWord([...quarterOf.keys(), "q1", "q2", "q3", "q4"], QUARTER_WORD, /[季期q]/)
    ],
    ...timeSteps(lex)
  ]
  // The words of clock phrases ("halb", "половине", "demie") and the hours in words: a text with one may hold a time.
  const clock = lex.dateWords as { readonly clockBefore?: object; readonly clockAfter?: object }
  const hourOf = hourWords(lex)
  for (const phrase of [...Object.keys(clock.clockBefore ?? {}), ...Object.keys(clock.clockAfter ?? {})]) {
    for (const w of phrase.toLowerCase().split(/\s+/)) {
      if (w.length >= 4) wordKinds.set(w, (wordKinds.get(w) ?? 0) | CLOCK_WORD)
    }
  }
  for (const w of hourOf.keys()) wordKinds.set(w, (wordKinds.get(w) ?? 0) | HOUR_WORD)
  const spelledHour = re(
    `(?<![\\p{L}\\p{N}])(?:${alternation(lex.dateWords.at ?? [])})\\s+(${alternation([...hourOf.keys()])})(?![\\p{L}\\p{N}])`
  )
  const patterns = { steps, wordKinds, spelledHour, hourOf }
  patternCache.set(lex, patterns)
  return patterns
}
