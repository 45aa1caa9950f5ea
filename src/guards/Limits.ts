/**
 * Whether a bound includes its number: "at least 2", "2 or more", "mindestens 2", "18周岁以上" include it; "more
 * than 2", "über 2", "超过18" do not. A bound that kept its number and its side but changed whether it includes it
 * ("at least two years" → "more than two years", "edad mínima 16" → "más de 16 años") is a question. The same limit
 * said the other way on whole numbers ("unter 12 Jahren" = "bis 11 Jahre", "more than 5" = "6 or more") is no change:
 * the number guard reads it here and does not report the number.
 */
import { finding, type Finding, quote } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { extractQuantities, type Quantity } from "./Quantities.ts"
import { alternation } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

type Limit = "atLeast" | "moreThan" | "atMost" | "lessThan"
const LIMITS: ReadonlyArray<Limit> = ["atLeast", "moreThan", "atMost", "lessThan"]
const LOWER: ReadonlySet<Limit> = new Set(["atLeast", "moreThan"])
const STRICT: ReadonlySet<Limit> = new Set(["moreThan", "lessThan"])
/** How far before or after a number its bound words may stand (a unit word may sit between: "16 años o más"). */
const BEFORE = 32
const AFTER = 24

interface Bounded {
  readonly quantity: Quantity
  readonly limit: Limit
  /** The bound with its number, as written. */
  readonly text: string
}

interface Patterns {
  readonly before: ReadonlyArray<readonly [Limit, RegExp]>
  readonly after: ReadonlyArray<readonly [Limit, RegExp]>
}

const patternCache = new WeakMap<Lexicon, Patterns | null>()
const patternsOf = (lex: Lexicon): Patterns | null => {
  if (patternCache.has(lex)) return patternCache.get(lex) ?? null
  const limits = lex.limits
  let found: Patterns | null = null
  if (limits !== undefined) {
    const cjk = lex.lang === "zh" || lex.lang === "ja"
    const [l, r] = cjk ? ["", ""] : ["(?<![\\p{L}])", "(?![\\p{L}])"]
    const phrases = (limit: Limit, after: boolean) =>
      limits[limit].filter((x) => x.startsWith("#") === after).map((x) => x.replace(/^#\s*/u, ""))
    const before = LIMITS.flatMap((limit): ReadonlyArray<readonly [Limit, RegExp]> => {
      const list = phrases(limit, false)
      return list.length === 0 ? [] : [[limit, new RegExp(`${l}(?:${alternation(list)})\\s*$`, "u")]]
    })
    const after = LIMITS.flatMap((limit): ReadonlyArray<readonly [Limit, RegExp]> => {
      const list = phrases(limit, true)
      const unit = cjk ? "\\p{L}{0,3}?" : "(?:\\s*\\p{L}+)?"
      return list.length === 0 ? [] : [[limit, new RegExp(`^${unit}\\s*(?:${alternation(list)})${r}`, "u")]]
    })
    found = { before, after }
  }
  patternCache.set(lex, found)
  return found
}

const boundedCache = new WeakMap<Prepared, ReadonlyArray<Bounded>>()
/** The numbers of a text that a bound word stands by, with the kind of bound. */
export const boundedNumbers = (p: Prepared, lex: Lexicon): ReadonlyArray<Bounded> => {
  const cached = boundedCache.get(p)
  if (cached !== undefined) return cached
  const patterns = patternsOf(lex)
  const out: Array<Bounded> = []
  if (patterns !== null) {
    for (const q of extractQuantities(p, lex)) {
      if (q.unit === "%" && q.approx) continue
      const head = p.lower.slice(Math.max(0, q.start - BEFORE), q.start)
      const tail = p.lower.slice(q.end, q.end + AFTER)
      const before = patterns.before.find(([, re]) => re.test(head))
      const after = before === undefined ? patterns.after.find(([, re]) => re.test(tail)) : undefined
      if (before !== undefined) {
        const m = before[1].exec(head)
        const text = p.prose.slice(q.start - (m?.[0].length ?? 0), q.end)
        out.push({ quantity: q, limit: before[0], text })
      } else if (after !== undefined) {
        const m = after[1].exec(tail)
        out.push({ quantity: q, limit: after[0], text: p.prose.slice(q.start, q.end + (m?.[0].length ?? 0)) })
      }
    }
  }
  boundedCache.set(p, out)
  return out
}

const shiftedCache = new WeakMap<
  Prepared,
  { readonly original: Prepared; readonly shifts: ReadonlyMap<Quantity, Quantity> }
>()

/**
 * The same limit on whole numbers said with the other kind of bound: "under 12" = "up to 11", "more than 5" = "at
 * least 6". The rewrite's number for each such number of the original.
 */
export const shiftedLimits = (original: Prepared, rewrite: Prepared, lex: Lexicon): ReadonlyMap<Quantity, Quantity> => {
  // Read by the number guard and the operator guard of the same pair: once.
  const cached = shiftedCache.get(rewrite)
  if (cached !== undefined && cached.original === original) return cached.shifts
  const out = new Map<Quantity, Quantity>()
  shiftedCache.set(rewrite, { original, shifts: out })
  const a = boundedNumbers(original, lex)
  if (a.length === 0) return out
  const b = boundedNumbers(rewrite, lex)
  for (const x of a) {
    const v = x.quantity.value
    if (!Number.isInteger(v)) continue
    // The other kind of bound on the same side, one step in.
    const step = LOWER.has(x.limit) === STRICT.has(x.limit) ? 1 : -1
    const y = b.find(
      (r) =>
        LOWER.has(r.limit) === LOWER.has(x.limit) &&
        STRICT.has(r.limit) !== STRICT.has(x.limit) &&
        r.quantity.value === v + step
    )
    if (y !== undefined) out.set(x.quantity, y.quantity)
  }
  return out
}

/** Bounds that kept their number and side but now include it, or no longer do. */
export const limitsGuard: Guard = ({ original, rewrite, lexicon }) => {
  const a = boundedNumbers(original, lexicon)
  if (a.length === 0) return []
  const b = boundedNumbers(rewrite, lexicon)
  const out: Array<Finding> = []
  const same = (x: Bounded, y: Bounded) => x.quantity.value === y.quantity.value && x.quantity.unit === y.quantity.unit
  for (const x of a) {
    if (b.some((y) => same(x, y) && y.limit === x.limit)) continue
    const y = b.find((r) => same(x, r) && LOWER.has(r.limit) === LOWER.has(x.limit))
    if (y === undefined) continue
    out.push(finding("bound", `${quote(x.text)} became ${quote(y.text)}`, x.text, y.text))
  }
  return out
}
