/**
 * Times of day for the date guard: "15:30", "3 p.m.", "22 Uhr", "21 h 00", "午後3時", "下午3点30分", and ranges whose
 * first end is a bare hour ("22 und 23:30 Uhr"). A time is read into the component "t:H:MM" on a 24-hour clock, so
 * "3 p.m." and "15:00" give the same one. Dates.ts runs these patterns after its date patterns, on a text whose dates
 * are already blanked out; the morning, afternoon and hour words come from the data files.
 */
import type { Lexicon } from "./Lexicon.ts"
import { alternation } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

/** Reads a match into the components it gives ("md:6-3", "t:15:00"), or nothing when it is no date or time after all. */
export type Read = (m: RegExpExecArray, p: Prepared) => ReadonlyArray<string> | undefined
/** A pattern, how to read a match, and a quick test that the text can hold one at all (most paragraphs have no date). */
export type Step = readonly [RegExp, Read, (work: string, words: number) => boolean]

const CJK_DIGITS: Readonly<Record<string, number>> = {
  〇: 0,
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9
}
/** A small number written in digits or in CJK numerals (up to 99). */
export const smallNumber = (s: string): number => {
  if (/^\d+$/.test(s)) return Number(s)
  if (s === "半") return 30
  const ten = s.indexOf("十")
  if (ten < 0) return [...s].reduce((n, c) => n * 10 + (CJK_DIGITS[c] ?? 0), 0)
  const tens = ten === 0 ? 1 : (CJK_DIGITS[s[0] ?? ""] ?? 1)
  return tens * 10 + (CJK_DIGITS[s[ten + 1] ?? ""] ?? 0)
}

/** The kind of date word (src/guards/DatePatterns.ts) of the words of clock phrases ("half", "halb", "половине"). */
export const CLOCK_WORD = 8

/** The date words of a data file beyond the ones every guard reads (Lexicon.ts declares those). */
type LexiconDateWords = Lexicon["dateWords"]
interface DateWordData extends LexiconDateWords {
  /** A clock phrase before the hour, with the hours it adds and its minutes: "half past" [0, 30], "halb" [-1, 30]. */
  readonly clockBefore?: Readonly<Record<string, readonly [number, number]>>
  /** A clock phrase after the hour: "y media" [0, 30], "heures moins le quart" [-1, 45]. */
  readonly clockAfter?: Readonly<Record<string, readonly [number, number]>>
}

/** The hours written as words: "nine", "neun", "двенадцатого" (the twelfth, in "в половине двенадцатого"). */
export const hourWords = (lex: Lexicon): ReadonlyMap<string, number> =>
  new Map(
    [...Object.entries(lex.numbers.words), ...Object.entries(lex.numbers.ordinals)].filter(
      ([w, v]) => Number.isInteger(v) && v >= 1 && v <= 24 && !/\s/.test(w)
    )
  )

/** A time from an hour and minutes said without a clock: twelve-hour ("t~") unless its hour or meridiem tells. */
const clockTime = (h: number, min: number, meridiem: "am" | "pm" | undefined): ReadonlyArray<string> | undefined =>
  meridiem !== undefined || h > 12 || h < 1 ? time(h, min, meridiem) : [`t~:${h % 12}:${String(min).padStart(2, "0")}`]

/** The component of a time, or nothing when the hour or minute cannot be one ("25:10", "13 p.m."). */
export const time = (h: number, min: number, meridiem: "am" | "pm" | undefined): ReadonlyArray<string> | undefined => {
  if (h > 24 || min > 59 || (meridiem !== undefined && (h < 1 || h > 12))) return undefined
  const hour = meridiem === "pm" ? (h % 12) + 12 : meridiem === "am" ? h % 12 : h % 24
  return [`t:${hour}:${String(min).padStart(2, "0")}`]
}

/** The patterns of times in one language, in the order they run. */
export const timeSteps = (lex: Lexicon): ReadonlyArray<Step> => {
  const cjk = lex.lang === "zh" || lex.lang === "ja"
  const AM = alternation(lex.dateWords.am)
  const PM = alternation(lex.dateWords.pm)
  const HOUR = alternation(lex.dateWords.hour)
  const RANGE = alternation(lex.numbers.range)
  const AT = alternation(lex.dateWords.at ?? [])
  const AT_HOUR = alternation(lex.dateWords.atHour ?? [])
  const AT_PM = alternation(lex.dateWords.atPm ?? [])
  const atPm = new RegExp(`^(?:${AT_PM})$`)
  const meridiem = (s: string | undefined) =>
    s === undefined
      ? undefined
      : new RegExp(`^(?:${AM})$`).test(s)
        ? "am"
        : new RegExp(`^(?:${PM})$`).test(s)
          ? "pm"
          : undefined
  const re = (source: string) => new RegExp(source, "gu")
  const test = (regex: RegExp) => (work: string) => regex.test(work)
  const DIGIT = test(/\d/)
  const steps: Array<Step> = [
    // Time ranges whose first end is a bare hour: "22 und 23:30 Uhr", "9–11 a.m."
    [
      re(
        `(?<![\\d:.,])(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:-|–|—|${RANGE})\\s*(\\d{1,2})(?:[:.](\\d{2}))?(?!\\d)(?:\\s*(${AM}|${PM}|${HOUR})(?![\\p{L}])\\.?)?`
      ),
      (m) => {
        if (m[5] === undefined && (m[4] === undefined || !m[0].includes(":"))) return undefined
        const mer = meridiem(m[5])
        const first = time(Number(m[1]), Number(m[2] ?? 0), mer)
        const second = time(Number(m[3]), Number(m[4] ?? 0), mer)
        return first && second && [...first, ...second]
      },
      DIGIT
    ],
    // 15:30, 3:30 p.m.; in Chinese and Japanese the meridiem comes first ("下午5:00" = "下午5点" = 17:00).
    [
      re(
        `${cjk ? `(?:(${AM}|${PM})\\s*)?` : "((?!))?"}(?<![\\d:.,])(\\d{1,2}):(\\d{2})(?::\\d{2})?(?!\\d)(?:\\s*(${AM}|${PM}|${HOUR})(?![\\p{L}])\\.?)?`
      ),
      // In English a time without a meridiem may be on the twelve-hour clock ("drinks from 7 p.m., dinner at 7:45");
      // "07:45" is not.
      (m) =>
        lex.lang === "en" && m[1] === undefined && m[4] === undefined && !(m[2] ?? "").startsWith("0")
          ? clockTime(Number(m[2]), Number(m[3]), undefined)
          : time(Number(m[2]), Number(m[3]), meridiem(m[1] ?? m[4])),
      test(/\d:\d/)
    ]
  ]
  if (cjk) {
    // 午後3時, 下午3点30分
    steps.push([
      re(
        `(${AM}|${PM})?\\s*(\\d{1,2}|[一二两三四五六七八九十]{1,3})\\s*(?:${HOUR})(?![间間])(?:\\s*(\\d{1,2}|半)\\s*分?)?`
      ),
      (m, p) => {
        // "一時" is "for a while"; "五時" is five o'clock; "二十三点五" is 23.5.
        if (m[1] === undefined && m[2] === "一") return undefined
        if (m[3] === undefined && /[〇零一二三四五六七八九]/u.test(p.prose[m.index + m[0].length] ?? ""))
          return undefined
        const h = smallNumber(m[2] ?? "")
        // "7時半" without 午前/午後 is half past seven in the morning or the evening ("夜7時半", "19時30分").
        return clockTime(h, m[3] === undefined ? 0 : smallNumber(m[3]), meridiem(m[1]))
      },
      test(new RegExp(HOUR))
    ])
  } else if (lex.dateWords.hour.length > 0 || lex.dateWords.am.length > 0) {
    // 3 p.m., 22 Uhr, 22.30 Uhr, 21 h 00, 9 Uhr abends
    steps.push([
      re(
        `(?<![\\d:.,])(\\d{1,2})(?:\\.(\\d{2}))?\\s*(?:(${AM}|${PM})|(?:${HOUR})(?![\\p{L}])\\.?(?:\\s*(\\d{2})(?!\\d))?(?:\\s*(${AM}|${PM}))?)(?![\\p{L}])\\.?`
      ),
      (m) => {
        const h = Number(m[1])
        // "21 Uhr abends": a 24-hour hour keeps its value.
        return time(h, Number(m[2] ?? m[4] ?? 0), h > 12 && m[3] === undefined ? undefined : meridiem(m[3] ?? m[5]))
      },
      DIGIT
    ])
  }
  const words = lex.dateWords as DateWordData
  if (words.clockBefore !== undefined || words.clockAfter !== undefined) {
    // Clock phrases: "half past seven", "halb acht" (7:30), "в половине двенадцатого" (11:30), "без четверти девять"
    // (8:45), "a las ocho y media", "à huit heures et quart". Before the hour, the phrase is a time after an "at"
    // word, before a meridiem or at the end of a clause ("halb zwei Kilo" is none); after it, only after an "at".
    const hours = hourWords(lex)
    const H = `(\\d{1,2}|${alternation([...hours.keys()])})`
    const before = new Map(Object.entries(words.clockBefore ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
    const after = new Map(Object.entries(words.clockAfter ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
    const MER = `(?:\\s*(${AM}|${PM}|${AT_PM})(?![\\p{L}])\\.?)?`
    steps.unshift([
      re(
        `(?<![\\p{L}\\p{N}])(?:(?:(${AT})\\s+)?(${alternation([...before.keys()])})\\s+${H}(?![\\p{L}\\p{N}])${MER}` +
          `|(?:${AT})\\s+${H}\\s+(${alternation([...after.keys()])})(?![\\p{L}])${MER})`
      ),
      (m, p) => {
        const [phrase, hour, mer] = m[2] === undefined ? [m[6], m[5], m[7]] : [m[2], m[3], m[4]]
        const [add, min] = (m[2] === undefined ? after : before).get(phrase ?? "") ?? [0, 0]
        const end = m.index + m[0].length
        if (
          m[2] !== undefined &&
          m[1] === undefined &&
          mer === undefined &&
          /^\s*\p{L}/u.test(p.lower.slice(end, end + 3))
        )
          return undefined
        const h = (/^\d/.test(hour ?? "") ? Number(hour) : (hours.get(hour ?? "") ?? 0)) + add
        const m12 = mer !== undefined && atPm.test(mer) ? "pm" : meridiem(mer)
        return clockTime(h < 1 ? h + 12 : h, min, m12)
      },
      (_work, kinds) => (kinds & CLOCK_WORD) !== 0
    ])
  }
  if (!cjk && (lex.dateWords.at ?? []).length > 0) {
    // A bare hour after its preposition: "a las 9", "um 9", "в 9 утра", "в 3 часа дня", "à 14 heures"; not "a las 3
    // opciones" (a word follows that makes no time of it), nor "à 18 °C", nor "в пятницу 6" (a blanked date between them).
    steps.push([
      re(
        `(?<![\\p{L}\\p{N}])(?:${AT})[ \\u00a0]{1,2}(\\d{1,2})(?:[.h](\\d{2}))?(?!\\d)` +
          `(?:(?:\\s*(?:${AT_HOUR}|${HOUR})(?![\\p{L}])\\.?)?\\s*(${AM}|${PM}|${AT_PM})(?![\\p{L}])` +
          `|\\s*(?:${AT_HOUR}|${HOUR})(?![\\p{L}])\\.?` +
          `|(?!\\s*(?!(?:${RANGE})\\s)(?:[\\p{L}\\p{N}%$€£°]|[.,]\\d)))`
      ),
      (m) => {
        const h = Number(m[1])
        const mer = m[3] !== undefined && atPm.test(m[3]) ? "pm" : meridiem(m[3])
        // "by Thursday at 4": a bare hour with no hour word nor meridiem is four in the morning or the afternoon.
        if (mer === undefined && /\d\s*$/u.test(m[0])) return clockTime(h, Number(m[2] ?? 0), undefined)
        return time(h, Number(m[2] ?? 0), h > 12 ? undefined : mer)
      },
      DIGIT
    ])
  }
  return steps
}
