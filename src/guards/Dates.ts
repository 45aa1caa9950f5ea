/**
 * Dates and times: a date of the original must survive in the rewrite in any format ("3 June 2026" = "June 3, 2026"
 * = "2026-06-03" = "03.06.2026" = "2026年6月3日"), and a new date in the rewrite is reported. Each date is read into
 * components ("y:2026", "m:6", "md:6-3", "t:15:00", ...): the rewrite must give every component the original needs.
 * The patterns are in DatePatterns.ts, built once per language from the month, weekday and date words of its data
 * file; the patterns of times of day are in Times.ts.
 */
import { HOUR_WORD, patternsFor } from "./DatePatterns.ts"
import { distinct, lostAndAdded } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import type { Prepared } from "./Text.ts"

export interface DateItem {
  readonly text: string
  readonly start: number
  readonly needs: ReadonlyArray<string>
}

export interface Dates {
  readonly items: ReadonlyArray<DateItem>
  /** Every component the text gives, including "y:N" for each bare year. */
  readonly pool: ReadonlySet<string>
  /** The lower-cased prose with every date and time blanked out (same offsets), for the number guard. */
  readonly rest: string
  /**
   * The bare whole numbers up to 24 left in `rest`, and the hours in words after an "at" word: "de 2 a 4" may be "de
   * 2:00 a 4:00" in the other text, "a las nueve" "a las 21:00".
   */
  readonly hours: ReadonlySet<number>
  /** The bare whole numbers from 1 to 31 left in `rest`: "с 1 на 15 апреля" names the 1st of April. */
  readonly days: ReadonlySet<number>
}

const BARE_HOUR_RE = /(?<![\d.,:])(\d{1,2})(?![\d]|[.,:]\d)/g
const BARE_YEAR_RE = /(?<![\d.,])(1\d{3}|2[01]\d{2})(?![\d]|[.,]\d)/g
/** Components that one date gives beyond what it needs: a day gives its month, a slash date both readings. */
const gives = (needs: ReadonlyArray<string>): ReadonlyArray<string> =>
  needs.flatMap((n) => {
    if (n.startsWith("md:")) {
      const [m, d] = n.slice(3).split("-").map(Number) as [number, number]
      return [n, `m:${m}`, `dd:${Math.min(m, d)}-${Math.max(m, d)}`]
    }
    // A time of day gives its twelve-hour reading; a twelve-hour reading gives both times of day.
    const t = /^t(~?):(\d+):(\d+)$/.exec(n)
    if (t !== null) {
      const [h, min] = [Number(t[2]), t[3]]
      return t[1] === "" ? [n, `t~:${h % 12}:${min}`] : [n, `t:${h}:${min}`, `t:${h + 12}:${min}`]
    }
    if (n.startsWith("dd:")) {
      const [a, b] = n.slice(3).split("-").map(Number) as [number, number]
      return [n, `md:${a}-${b}`, `md:${b}-${a}`, `m:${a}`, `m:${b}`]
    }
    // A weekday the date gives without asking for it ("10月20日（日）").
    if (n.startsWith("wd?:")) return [`wd:${n.slice(4)}`]
    return [n]
  })

const cache = new WeakMap<Prepared, Dates>()

/** The dates and times of a prepared text (cached: the number guard reads them too). */
export const extractDates = (p: Prepared, lex: Lexicon): Dates => {
  const cached = cache.get(p)
  if (cached !== undefined) return cached
  const items: Array<DateItem> = []
  const pool = new Set<string>()
  let work = p.lower
  const { steps, wordKinds, spelledHour, hourOf } = patternsFor(lex)
  let kinds = 0
  // "Tuesday's meeting": a possessive is read with its word.
  for (const w of p.words) {
    kinds |= wordKinds.get(w.lower) ?? (/['’]/u.test(w.lower) ? wordKinds.get(w.lower.replace(/['’]s?$/u, "")) : 0) ?? 0
  }
  if ((kinds & ~HOUR_WORD) !== 0 || /\d|[月季星周礼曜年時点]/.test(work)) {
    for (const [regex, read, need] of steps) {
      if (!need(work, kinds)) continue
      const ranges: Array<readonly [number, number]> = []
      for (const m of work.matchAll(regex)) {
        const needs = read(m, p)
        if (needs === undefined) continue
        const end = m.index + m[0].trimEnd().length
        items.push({ text: p.prose.slice(m.index, end).trim(), start: m.index, needs })
        for (const g of gives(needs)) pool.add(g)
        ranges.push([m.index, end])
      }
      // Blanked out once per pattern: a long paragraph is not copied once per date.
      if (ranges.length > 0) {
        const parts: Array<string> = []
        let at = 0
        for (const [start, end] of ranges) {
          parts.push(work.slice(at, start), " ".repeat(end - start))
          at = end
        }
        work = parts.join("") + work.slice(at)
      }
    }
  }
  for (const m of work.matchAll(BARE_YEAR_RE)) pool.add(`y:${m[1]}`)
  // Saturday and Sunday are the weekend, and the weekend is both.
  if (pool.has("wd:6") && pool.has("wd:7")) pool.add("we:1")
  if (pool.has("we:1")) for (const d of ["wd:6", "wd:7"]) pool.add(d)
  const hours = new Set<number>()
  const days = new Set<number>()
  for (const m of work.matchAll(BARE_HOUR_RE)) {
    const n = Number(m[1])
    if (n <= 24) hours.add(n)
    if (n >= 1 && n <= 31) days.add(n)
  }
  // "a las nueve", "um neun": an hour in words after its "at" word, which the other text may give as "21:00".
  if (lex.dateWords.at !== undefined && (kinds & HOUR_WORD) !== 0) {
    for (const m of work.matchAll(spelledHour)) hours.add(hourOf.get(m[1] ?? "") ?? 0)
  }
  const dates = { items: items.toSorted((a, b) => a.start - b.start), pool, rest: work, hours, days }
  cache.set(p, dates)
  return dates
}

/** Dates and times lost, changed or added. */
export const datesGuard: Guard = ({ lexicon, original, rewrite }) => {
  const a = extractDates(original, lexicon)
  const b = extractDates(rewrite, lexicon)
  // A time on the hour that the other text gives as a bare number ("de 2 a 4" → "de 2:00 a 4:00").
  const bareHour = (n: string, hours: ReadonlySet<number>) => {
    const m = /^t~?:(\d+):00$/.exec(n)
    const h = Number(m?.[1])
    // A twelve-hour reading ("t~:0:00" for "12:00") is either half of the day.
    return m !== null && (hours.has(h) || hours.has(h - 12) || (n.startsWith("t~") && hours.has(h + 12)))
  }
  // A day of a month the other text names, which it gives as a bare number ("с 1 на 15 апреля" → "1 апреля").
  const bareDay = (n: string, other: Dates) => {
    const m = /^md:(\d+)-(\d+)$/.exec(n)
    return m !== null && other.pool.has(`m:${m[1]}`) && other.days.has(Number(m[2]))
  }
  // A weekday in brackets ("10月20日（日）") is kept by a date without one, not by another weekday.
  const anyWeekday = new Map([a, b].map((d) => [d, [...d.pool].some((x) => x.startsWith("wd:"))]))
  const weekdayKept = (n: string, other: Dates) => other.pool.has(`wd:${n.slice(4)}`) || anyWeekday.get(other) !== true
  const kept = (n: string, other: Dates) =>
    n.startsWith("wd?:") ? weekdayKept(n, other) : other.pool.has(n) || bareHour(n, other.hours) || bareDay(n, other)
  const lost = a.items.filter((d) => d.needs.some((n) => !kept(n, b))).map((d) => d.text)
  const added = b.items.filter((d) => d.needs.some((n) => !kept(n, a))).map((d) => d.text)
  return distinct(lostAndAdded({ kind: "date", noun: "date", bareChange: true }, lost, added))
}
