/**
 * Numbers with their units: every number of the original must survive in the rewrite with the same value, unit and
 * percent-ness, in any format ("2,000" = "2000" = German "2.000" = "2 000" = "two thousand" = "2k"; "15 %" = "15
 * percent" = "百分之十五"; "half" = "50 %"; "3万" = 30000; "500 ms" = "0.5 s"), and a new number in the rewrite is
 * reported. The numbers are read by src/guards/Quantities.ts.
 */
import { type DateItem, extractDates } from "./Dates.ts"
import { finding, type Finding, quote } from "./Finding.ts"
import { alternation, phrasesPattern } from "./Regex.ts"
import type { Guard } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { shiftedLimits } from "./Limits.ts"
import type { Prepared, Word } from "./Text.ts"
import { extractQuantities, isYear, periodsOf, type Quantity, unitNames } from "./Quantities.ts"
import { CJK_NUMERAL } from "./QuantityPatterns.ts"

/** Dimension and factor of the units that convert into each other; any other unit is its own dimension. */
const DIMENSIONS: Readonly<Record<string, readonly [string, number]>> = {
  ...Object.fromEntries(
    (
      [
        ["ns", 1e-9],
        ["µs", 1e-6],
        ["ms", 1e-3],
        ["s", 1],
        ["min", 60],
        ["h", 3600],
        ["d", 86400],
        ["wk", 604800],
        ["mo", 2629800],
        ["qtr", 7889400],
        ["yr", 31557600],
        ["qh", 900]
      ] as const
    ).map(([u, f]) => [u, ["time", f] as const])
  ),
  B: ["data", 1],
  KB: ["data", 1e3],
  MB: ["data", 1e6],
  GB: ["data", 1e9],
  TB: ["data", 1e12],
  PB: ["data", 1e15],
  KiB: ["data", 1024],
  MiB: ["data", 1024 ** 2],
  GiB: ["data", 1024 ** 3],
  TiB: ["data", 1024 ** 4],
  kbps: ["bps", 1e3],
  Mbps: ["bps", 1e6],
  Gbps: ["bps", 1e9],
  Hz: ["hz", 1],
  kHz: ["hz", 1e3],
  MHz: ["hz", 1e6],
  GHz: ["hz", 1e9],
  W: ["w", 1],
  kW: ["w", 1e3],
  mm: ["len", 1e-3],
  cm: ["len", 1e-2],
  m: ["len", 1],
  km: ["len", 1e3],
  in: ["len", 0.0254],
  ft: ["len", 0.3048],
  mi: ["len", 1609.344],
  µg: ["mass", 1e-6],
  mg: ["mass", 1e-3],
  g: ["mass", 1],
  kg: ["mass", 1e3],
  t: ["mass", 1e6],
  lb: ["mass", 453.592],
  jin: ["mass", 500],
  oz: ["mass", 28.3495],
  ml: ["vol", 1e-3],
  l: ["vol", 1]
}

/** The dimension and factor of a unit, a rate ("usd/mo") being the ratio of its two parts. */
const dimension = (unit: string): readonly [string, number] => {
  const slash = unit.indexOf("/")
  if (slash < 0) return DIMENSIONS[unit] ?? [unit, 1]
  const [dim, factor] = DIMENSIONS[unit.slice(0, slash)] ?? [unit.slice(0, slash), 1]
  const [per, perFactor] = DIMENSIONS[unit.slice(slash + 1)] ?? [unit.slice(slash + 1), 1]
  return [`${dim}/${per}`, factor / perFactor]
}
const close = (a: number, b: number, approx: boolean) =>
  approx ? Math.abs(a - b) <= 1 : Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

/** Written as a grouped or decimal number ("1000", "1 000", "1.5"): a "1.000" read the other way may be it. */
const FORMATTED_RE = /\d[.,\s\u00a0\u202f]\d|\d{4}/
/** The reading of `q` that `r` may stand for: its other reading when only that one is `r`'s value. */
const reading = (q: Quantity, r: Quantity): Quantity =>
  q.alt !== undefined && close(q.alt, r.value, false) && FORMATTED_RE.test(r.text)
    ? { ...q, value: q.alt }
    : // "sank um 11 Prozent" → "−11 %": a sign that says the direction the other text says in words.
      q.value < 0 && r.value > 0 && !r.text.includes("+")
      ? { ...q, value: -q.value }
      : q

/** The period a price is paid per: after its unit ("usd/mo") or named before it in its clause ("每月…2.8元"). */
const periodOf = (q: Quantity): string | undefined =>
  q.unit.includes("/") ? q.unit.slice(q.unit.indexOf("/") + 1) : q.period

/** The same quantity: same value in the same dimension (a unit may be added to a bare number, not a percent sign). */
const same = (q0: Quantity, r0: Quantity): boolean => {
  const q = reading(q0, r0)
  const r = reading(r0, q)
  // "每月…2.8元" and "每年…2.8元": two periods named, and not the same.
  const [pq, pr] = [periodOf(q), periodOf(r)]
  if (pq !== undefined && pr !== undefined && pq !== pr) return false
  if (q.version !== undefined || r.version !== undefined) return q.version === r.version
  if (q.parts !== undefined && r.parts !== undefined && q.parts[0] === r.parts[0] && q.parts[1] === r.parts[1])
    return true
  // "45 тысяч в месяц" and "45 000 рублей в месяц": a rate whose amount has its unit on one side only.
  if ((q.unit.startsWith("/") && r.unit.endsWith(q.unit)) || (r.unit.startsWith("/") && q.unit.endsWith(r.unit)))
    return close(q.value, r.value, q.approx || r.approx)
  const [dq, fq] = dimension(q.unit)
  const [dr, fr] = dimension(r.unit)
  // A unit written on one side only is the same quantity ("8 °C", "8 degrees"); a percent sign is not.
  if (dq !== dr && !((q.unit === "" && r.unit !== "%") || (r.unit === "" && q.unit !== "%"))) return false
  return dq === dr ? close(q.value * fq, r.value * fr, q.approx || r.approx) : close(q.value, r.value, false)
}
const sameValue = (q: Quantity, r: Quantity) =>
  q.version === r.version && close(reading(q, r).value, reading(r, q).value, q.approx || r.approx)

/** The end of a number before a word: digits or Chinese and Japanese numerals ("15天" counts its days). */
const COUNTED_RE = new RegExp(`[\\d${CJK_NUMERAL}]$`, "u")

/** The unit without its period ("usd/yr" → "usd") and the period ("yr"), or none. */
const splitRate = (unit: string): readonly [string, string | undefined] => {
  const slash = unit.indexOf("/")
  return slash < 0 ? [unit, undefined] : [unit.slice(0, slash), unit.slice(slash + 1)]
}
/**
 * "$45,000 per year" and "an annual stipend of $45,000": a rate on one side, the same amount without it on the
 * other, whose text names the same period by a word of its own.
 */
const sameRate = (q: Quantity, r: Quantity, periodsQ: ReadonlySet<string>, periodsR: ReadonlySet<string>) => {
  const [uq, pq] = splitRate(q.unit)
  const [ur, pr] = splitRate(r.unit)
  if (uq !== ur || (pq === undefined) === (pr === undefined)) return false
  const period = (pq ?? pr) as string
  return (pq === undefined ? periodsQ : periodsR).has(period) && sameValue(q, r)
}

/**
 * A bare hour ("de 2 a 4") that the other text gives as a time of day ("de 2:00 a 4:00", "2 p.m."), or a number of
 * hours that the other text writes the way a time of day is written ("au moins 6 heures" → "au moins 6 h").
 */
const isHourOf = (q: Quantity, pool: ReadonlySet<string>) =>
  Number.isInteger(q.value) &&
  q.value >= 0 &&
  q.value <= 24 &&
  (q.unit === "h"
    ? pool.has(`t:${q.value}:00`)
    : q.unit === "" && (pool.has(`t:${q.value}:00`) || pool.has(`t:${(q.value + 12) % 24}:00`)))

/** A bare day ("с 1 на 15 апреля") that the other text gives as a date of a month this text names ("1 апреля"). */
const isDayOf = (q: Quantity, own: ReadonlySet<string>, pool: ReadonlySet<string>) => {
  if (q.unit !== "" || !Number.isInteger(q.value) || q.value < 1 || q.value > 31) return false
  for (let m = 1; m <= 12; m++) if (own.has(`m:${m}`) && pool.has(`md:${m}-${q.value}`)) return true
  return false
}

/**
 * The days between each date of a text and the next one ("am 9. und am 16." are 7 days apart), and the time between
 * each time of day and the next ("bis 20 Uhr statt bis 18 Uhr", "由22:30延长至23:30"), in seconds: a rewrite may say
 * how far apart they are ("1週間後の11月16日", "zwei Stunden länger", "推迟一小时") without adding a fact.
 */
const intervals = (items: ReadonlyArray<DateItem>): ReadonlySet<number> => {
  const out = new Set<number>()
  let last: { year: number | undefined; time: number } | undefined
  let lastClock: number | undefined
  for (const item of items) {
    for (const t of item.needs) {
      if (!t.startsWith("t:")) continue
      const [hours, minutes] = t.slice(2).split(":").map(Number) as [number, number]
      const clock = hours * 3600 + minutes * 60
      if (lastClock !== undefined && clock !== lastClock) out.add(Math.abs(clock - lastClock))
      lastClock = clock
    }
    const md = item.needs.find((n) => n.startsWith("md:"))
    if (md === undefined) continue
    const y = item.needs.find((n) => n.startsWith("y:"))
    const [month, day] = md.slice(3).split("-").map(Number) as [number, number]
    const year = y === undefined ? undefined : Number(y.slice(2))
    const time = Date.UTC(year ?? last?.year ?? 2001, month - 1, day) / 1000
    if (last !== undefined && time > last.time) out.add(time - last.time)
    last = { year: year ?? last?.year, time }
  }
  return out
}

/**
 * The quantities of a list by the whole parts of every value they may be compared by (as written, in their dimension's
 * base unit, in their other reading), so that each number is compared with the few of the other text that may equal
 * it and a long paragraph stays fast. A look-up also takes the neighbouring whole numbers (a fraction word is
 * compared within one point); the comparisons themselves decide.
 */
const keysOf = (q: Quantity): ReadonlyArray<number | string> => {
  const f = dimension(q.unit)[1]
  const values = q.alt === undefined ? [q.value, q.value * f] : [q.value, q.value * f, q.alt, q.alt * f]
  const keys = new Set<number | string>()
  for (const v of values) {
    const k = Math.floor(v + 1e-6)
    keys.add(k)
    if (q.approx) keys.add(k - 1).add(k + 1)
  }
  if (q.version !== undefined) keys.add(`v:${q.version}`)
  if (q.parts !== undefined) keys.add(`p:${q.parts[0]}/${q.parts[1]}`)
  return [...keys]
}
const indexBy = (list: ReadonlyArray<Quantity>): ((q: Quantity) => Iterable<Quantity>) => {
  // A paragraph of a few numbers compares them all.
  if (list.length <= 24) return () => list
  const index = new Map<number | string, Array<Quantity>>()
  for (const x of list) {
    for (const k of keysOf(x)) {
      const at = index.get(k)
      if (at === undefined) index.set(k, [x])
      else at.push(x)
    }
  }
  /** The quantities of the list that may equal `q` (some more than once), those of one value in the list's order. */
  return function* near(q: Quantity): Generator<Quantity> {
    for (const k of keysOf(q)) yield* index.get(k) ?? []
  }
}
const some = <T>(items: Iterable<T>, test: (x: T) => boolean): boolean => {
  for (const x of items) if (test(x)) return true
  return false
}
const first = <T>(items: Iterable<T>, test: (x: T) => boolean): T | undefined => {
  for (const x of items) if (test(x)) return x
  return undefined
}

const endingsCache = new WeakMap<Lexicon, RegExp | undefined>()
/** German compounds end in their unit ("Wochenstunden", "Arbeitstage"): the unit word measures the number. */
const unitEndings = (lex: Lexicon): RegExp | undefined => {
  if (lex.lang !== "de") return undefined
  if (endingsCache.has(lex)) return endingsCache.get(lex)
  const words = [...unitNames(lex).keys()].filter((u) => u.length >= 4)
  const re = new RegExp(`(?:${alternation(words)})$`, "u")
  endingsCache.set(lex, re)
  return re
}

/** A test of whether a text says one of a language's phrases of a kind, its pattern compiled once per language. */
const saysOneOf = (phrasesOf: (lex: Lexicon) => ReadonlyArray<string> | undefined) => {
  const cache = new WeakMap<Lexicon, RegExp | undefined>()
  return (p: Prepared, lex: Lexicon): boolean => {
    if (!cache.has(lex)) cache.set(lex, phrasesPattern(phrasesOf(lex) ?? [], p.lang === "zh" || p.lang === "ja"))
    const re = cache.get(lex)
    if (re === undefined) return false
    re.lastIndex = 0
    return re.test(p.lower)
  }
}
/** Whether `p` says "all of it" in words ("in full", "intégralement", "全额"), which a "100 %" may be written as. */
const saysWhole = saysOneOf((lex) => lex.numbers.whole)
/** Whether `p` says "the two of them" in a word ("both", "ambos", "оба"), which a spelled "two" may be written as. */
const saysBoth = saysOneOf((lex) => lex.numbers.both)
const isWhole = (q: Quantity) => q.unit === "%" && Math.abs(q.value - 100) < 1e-9

/** Numbers lost, changed (value, unit or percent-ness) or added. */
export const numbersGuard: Guard = ({ lexicon, original, rewrite }) => {
  const a = extractQuantities(original, lexicon)
  const b = extractQuantities(rewrite, lexicon)
  if (a.length === 0 && b.length === 0) return []
  const yearsA = extractDates(original, lexicon).pool
  const yearsB = extractDates(rewrite, lexicon).pool
  const findings: Array<Finding> = []
  const used = new Set<Quantity>()
  const lost: Array<Quantity> = []
  const unitOf = unitNames(lexicon)
  const periodsA = periodsOf(original, lexicon)
  const periodsB = periodsOf(rewrite, lexicon)
  const inA = indexBy(a)
  const inB = indexBy(b)
  // "once a day" = "every day", "one hour" = "an hour": a weak number's unit word is enough.
  const unitWords = new Map<Prepared, ReadonlySet<string | undefined>>()
  const hasUnitWord = (p: Prepared, q: Quantity) => {
    const unit = q.unit.slice(q.unit.indexOf("/") + 1)
    let units = unitWords.get(p)
    if (units === undefined) {
      units = new Set(p.words.map((w) => unitOf.get(w.lower)))
      unitWords.set(p, units)
    }
    if (units.has(unit) || units.has(`/${unit}`)) return true
    // A unit of several words ("столовую ложку"): looked for in the text, once for each unit.
    const key = `${p === original ? "a" : "b"}|${unit}`
    let found = phraseUnits.get(key)
    if (found === undefined) {
      found = [...unitOf].some(([name, id]) => id === unit && name.includes(" ") && p.lower.includes(name))
      phraseUnits.set(key, found)
    }
    return found
  }
  const phraseUnits = new Map<string, boolean>()
  // "за неделю" → "за семь дней", "within the hour" → "within 60 minutes": a unit of time named without a number is
  // one of it, which a duration of the other text may give in another unit.
  const lengths = new Map<Prepared, ReadonlySet<number>>()
  const namesLength = (p: Prepared, q: Quantity) => {
    const [dim, factor] = DIMENSIONS[q.unit] ?? ["", 0]
    if (dim !== "time") return false
    let found = lengths.get(p)
    if (found === undefined) {
      const counted = (w: Word) => {
        const before = p.lower.slice(Math.max(0, w.start - 16), w.start).trimEnd()
        return COUNTED_RE.test(before) || lexicon.numbers.words[before.split(/\s+/u).at(-1) ?? ""] !== undefined
      }
      const named = p.words
        .filter((w) => !counted(w))
        .map((w) => DIMENSIONS[unitOf.get(w.lower) ?? ""])
        .filter((d) => d?.[0] === "time")
      found = new Set(named.map((d) => Math.round((d?.[1] ?? 0) * 1e6)))
      lengths.set(p, found)
    }
    return found.has(Math.round(q.value * factor * 1e6))
  }
  // A bare number stands for a number with a unit ("4 g" = "4") only when the original's own bare numbers of that
  // value do not already account for it: "four times … 4 g" → "four times … 4 mg" is a changed unit.
  const bareCounts = (list: ReadonlyArray<Quantity>) => {
    const counted = new Map<number, number>()
    for (const x of list) if (x.unit === "") counted.set(x.value, (counted.get(x.value) ?? 0) + 1)
    return counted
  }
  const [bareA, bareB] = [bareCounts(a), bareCounts(b)]
  const bare = (list: ReadonlyArray<Quantity>, value: number) => (list === a ? bareA : bareB).get(value) ?? 0
  const spare = (q: Quantity, r: Quantity) =>
    r.unit !== "" || DIMENSIONS[q.unit] === undefined || bare(b, r.value) > bare(a, r.value)
  // A number that counts things ("20 drops", "40人") is not the same as one with a measuring unit ("20 ml"); a
  // unit word among the next few ("cinco primeros años") still measures it.
  // (The words after a number are read from the next 80 characters: a Chinese clause has no spaces to stop at.)
  // The first number of a range ("с 8 до 10", "15 bis 20 Wochenstunden") counts what its second one counts, which
  // the other text may measure ("с 8 до 10 часов"): it is no count of its own.
  const rangeWords = new Set(lexicon.numbers.range)
  const endings = unitEndings(lexicon)
  const isUnitWord = (w: string) => unitOf.has(w) || (endings?.test(w) ?? false)
  const countsOf = new Map<Quantity, boolean>()
  const counts = (p: Prepared, x: Quantity) => {
    if (x.unit !== "") return false
    const known = countsOf.get(x)
    if (known !== undefined) return known
    const next = /^[ \u00a0]?(\p{L}+)(?:[\s'’]+(\p{L}+))?(?:[\s'’]+(\p{L}+))?/u.exec(p.lower.slice(x.end, x.end + 80))
    const ranged =
      next !== null && rangeWords.has(next[1] ?? "") && /^[ \u00a0]?\p{L}+\s+\d/u.test(p.lower.slice(x.end, x.end + 40))
    const found = !ranged && next !== null && !next.slice(1).some((w) => w !== undefined && isUnitWord(w))
    countsOf.set(x, found)
    return found
  }
  // "under-12s", "the 1990s": an "s" glued to a number is no unit of time.
  const measuring = (x: Quantity) => x.unit !== "" && !x.unit.startsWith("/") && !/\ds$/u.test(x.text)
  const measured = (q: Quantity, r: Quantity) =>
    !(counts(original, q) && measuring(r)) && !(counts(rewrite, r) && measuring(q))
  // "one session" → "two sessions": a weak number is still a number when the rewrite counts the same thing otherwise.
  const nounAfter = (p: Prepared, x: Quantity) => /^[ \u00a0]?(\p{L}{3,})/u.exec(p.lower.slice(x.end, x.end + 40))?.[1]
  const sameNoun = (x: string | undefined, y: string | undefined) =>
    x !== undefined &&
    y !== undefined &&
    x.slice(0, Math.max(3, Math.min(x.length, y.length) - 2)) ===
      y.slice(0, Math.max(3, Math.min(x.length, y.length) - 2))
  // The rewrite's bare numbers by the first letters of the noun after them (made when first asked).
  let byNoun: Map<string, Array<readonly [Quantity, string]>> | undefined
  const nounsOfRewrite = () => {
    if (byNoun !== undefined) return byNoun
    byNoun = new Map()
    for (const r of b) {
      const noun = r.unit === "" ? nounAfter(rewrite, r) : undefined
      if (noun === undefined) continue
      const list = byNoun.get(noun.slice(0, 3))
      if (list === undefined) byNoun.set(noun.slice(0, 3), [[r, noun]])
      else list.push([r, noun])
    }
    return byNoun
  }
  const recountedOf = new Map<string, Quantity | undefined>()
  const recounted = (q: Quantity): Quantity | undefined => {
    const noun = nounAfter(original, q)
    const key = `${noun ?? ""}|${q.value}`
    if (recountedOf.has(key)) return recountedOf.get(key)
    const alike = (nounsOfRewrite().get(noun?.slice(0, 3) ?? "") ?? [])
      .filter(([, n]) => sameNoun(noun, n))
      .map(([r]) => r)
    const found = alike.some((r) => close(r.value, q.value, false)) ? undefined : alike.find((r) => !r.weak)
    recountedOf.set(key, found)
    return found
  }
  // Whether the rewrite keeps a number: asked once for each kind of number (a long paragraph repeats them).
  const shape = (x: Quantity) =>
    `${x.value}|${x.alt}|${x.unit}|${x.version}|${x.parts?.join("/")}|${x.approx}|${x.period}|${/^\d{4}$|\ds$/.test(x.text)}`
  const keptOf = new Map<string, boolean>()
  const kept = (q: Quantity) => {
    const key = `${shape(q)}|${counts(original, q)}`
    let found = keptOf.get(key)
    if (found === undefined) {
      found = some(inB(q), (r) => (same(q, r) && spare(q, r) && measured(q, r)) || sameRate(q, r, periodsA, periodsB))
      keptOf.set(key, found)
    }
    return found
  }
  // "480 voluntarios, la mitad de ellos" → "240 de ellos", "全15回のうち3分の2" → "10回": a share of a count of the
  // original, written as the count it comes to, or the reverse. (A few counts are tried: a long paragraph loses few.)
  const wholes = a.filter((w) => w.unit === "" && w.value > 1).slice(0, 24)
  const comesTo = (share: Quantity, count: Quantity) =>
    wholes.some((w) => w !== count && Math.abs(count.value - (share.value / 100) * w.value) < 0.5)
  const shareOf = (q: Quantity): Quantity | undefined => {
    if (q.unit === "%") return b.find((r) => !used.has(r) && r.unit === "" && comesTo(q, r))
    if (q.unit === "") return b.find((r) => !used.has(r) && r.unit === "%" && comesTo(r, q))
    return undefined
  }
  let partsInB: ReadonlySet<number> | undefined
  const partsB = () => (partsInB ??= new Set(b.flatMap((r) => r.parts ?? [])))
  let apartB: ReadonlySet<number> | undefined
  const apartInRewrite = () => (apartB ??= intervals(extractDates(rewrite, lexicon).items))
  let shiftedPairs: ReadonlyMap<Quantity, Quantity> | undefined
  const shifts = () => (shiftedPairs ??= shiftedLimits(original, rewrite, lexicon))
  for (const q of a) {
    if (q.weak && q.unit === "" && !q.text.match(/\d/)) {
      const other = recounted(q)
      if (other !== undefined)
        findings.push(finding("number", `${quote(q.text)} became ${quote(other.text)}`, q.text, other.text))
    }
    if (q.weak && (q.unit === "" || hasUnitWord(rewrite, q))) continue
    if (kept(q)) continue
    if ((isYear(q) && yearsB.has(`y:${q.value}`)) || isHourOf(q, yearsB) || isDayOf(q, yearsA, yearsB)) continue
    if (namesLength(rewrite, q)) continue
    // "a week", "an hour" match a number of the rewrite, but are no number of their own to lose.
    if (q.article === true) continue
    // "one in four" kept as its two numbers ("one user of every four").
    if (q.parts !== undefined && q.parts.every((v) => bareB.has(v))) continue
    // "1.146 der 1.580 Beschäftigten" → "1.146 von 1.580": two numbers of the original, written as a ratio.
    if (q.unit === "" && partsB().has(q.value)) continue
    // "prise en charge à 100 %" → "intégralement prise en charge".
    if (isWhole(q) && saysWhole(rewrite, lexicon)) continue
    // "Kinder unter 12 Jahren" → "Kinder bis 11 Jahre": the same limit, said with the other kind of bound.
    const shifted = shifts().get(q)
    if (shifted !== undefined && !used.has(shifted)) {
      used.add(shifted)
      continue
    }
    // "failed for about 25 minutes, from 11:05 to 11:30" → "11:05–11:30": the rewrite's two times say it.
    if (DIMENSIONS[q.unit]?.[0] === "time" && apartInRewrite().has((DIMENSIONS[q.unit]?.[1] ?? 0) * q.value)) continue
    const share = shareOf(q)
    if (share !== undefined) {
      used.add(share)
      continue
    }
    const other = first(inB(q), (r) => !used.has(r) && sameValue(q, r))
    if (other !== undefined) {
      used.add(other)
      findings.push(finding("unit", `${quote(q.text)} became ${quote(other.text)}`, q.text, other.text))
    } else lost.push(q)
  }
  let apart: ReadonlySet<number> | undefined
  const between = (r: Quantity) => {
    apart ??= intervals(extractDates(original, lexicon).items)
    return apart.has((DIMENSIONS[r.unit]?.[1] ?? 0) * r.value)
  }
  let parts: ReadonlySet<number> | undefined
  const partsA = () => (parts ??= new Set(a.flatMap((q) => q.parts ?? [])))
  const knownOf = new Map<string, boolean>()
  const known = (r: Quantity) => {
    let found = knownOf.get(shape(r))
    if (found === undefined) {
      found = knownNow(r)
      knownOf.set(shape(r), found)
    }
    return found
  }
  const knownNow = (r: Quantity) =>
    some(inA(r), (q) => sameValue(q, r) || same(q, r) || same(r, q)) ||
    (isWhole(r) && saysWhole(original, lexicon)) ||
    // "ambos lados" → "los dos lados": a spelled two for a "both".
    (r.value === 2 && r.unit === "" && !/\d/.test(r.text) && saysBoth(original, lexicon)) ||
    (DIMENSIONS[r.unit]?.[0] === "time" && between(r)) ||
    (isYear(r) && yearsA.has(`y:${r.value}`)) ||
    isHourOf(r, yearsA) ||
    namesLength(original, r) ||
    (r.parts !== undefined && r.parts.every((v) => bareA.has(v))) ||
    // "не менее четырёх из пяти" → "минимум 4 из 5": the two numbers of a ratio, written on their own.
    (r.unit === "" && partsA().has(r.value))
  const fresh = b.filter((r) => !used.has(r) && !known(r))
  // A new "1" often stands for an article ("an error" → "1 error"): like "one", it is reported only with a change.
  const added = fresh.filter(
    (r) => r.article !== true && !((r.weak || r.value === 1) && (r.unit === "" || hasUnitWord(original, r)))
  )
  const isAdded = new Set(added)
  const partners = [...added, ...fresh.filter((r) => !isAdded.has(r))]
  let next = 0
  for (const q of lost) {
    const r = partners[next++]
    const kind = isYear(q) ? "date" : "number"
    if (r === undefined) findings.push(finding(kind, `the number ${quote(q.text)} was dropped`, q.text))
    else findings.push(finding(kind, `${quote(q.text)} became ${quote(r.text)}`, q.text, r.text))
  }
  // "1,65 € par adulte" → "1,65 € par chambre": the same price, paid for another thing (a question: "par personne"
  // may be the same).
  const stems = (x: Quantity) => (x.per ?? []).map((w) => w.slice(0, 4))
  for (const q of a) {
    if (q.per === undefined) continue
    const r = first(inB(q), (x) => x.per !== undefined && x.unit === q.unit && sameValue(q, x))
    if (r === undefined) continue
    const [sq, sr] = [stems(q), stems(r)]
    const gone = (q.per ?? []).filter((_, i) => !sr.includes(sq[i] ?? ""))
    const come = (r.per ?? []).filter((_, i) => !sq.includes(sr[i] ?? ""))
    if (gone.length > 0 && come.length > 0) {
      const [x, y] = [gone.join(", "), come.join(", ")]
      // "per month" → "per year": the price's period, a fact; "per adult" → "per room" may say the same thing.
      const period = (w: string) => DIMENSIONS[unitOf.get(w) ?? ""]?.[0] === "time"
      const kind = gone.every(period) && come.every(period) ? "unit" : "quantifier"
      findings.push(finding(kind, `${quote(q.text)} per ${quote(x)} became per ${quote(y)}`, x, y))
    }
  }
  for (const r of partners.slice(Math.min(next, partners.length)).filter((x) => isAdded.has(x))) {
    findings.push(
      finding(isYear(r) ? "date" : "number", `the rewrite adds the number ${quote(r.text)}`, undefined, r.text)
    )
  }
  return findings
}
