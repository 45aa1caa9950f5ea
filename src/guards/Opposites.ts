/**
 * Opposites: a word of the original that became its opposite in the rewrite ("dry" → "wet", "cheaper" stays with the
 * comparison guard, "开始" → "结束", "乾いている" → "湿っている") turns the statement around. The pairs are in
 * `lang/*.json` under `opposites`, each side in its forms. A negation added or dropped with the swap keeps the meaning
 * ("not allowed" ↔ "forbidden"): Negation.ts counts each swap as one negation of the other side.
 */
import { finding, type Finding } from "./Finding.ts"
import type { GuardInput } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { escape } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

interface Pairs {
  /** Any form of any side, to find the candidates in one pass. */
  readonly any: RegExp
  /** Each side as a whole-match expression: side 2k and 2k + 1 are opposites. */
  readonly sides: ReadonlyArray<RegExp>
}

const CJK = new Set(["zh", "ja"])
const cache = new WeakMap<Lexicon, Pairs | null>()

const body = (forms: ReadonlyArray<string>): string =>
  forms.map((f) => escape(f.replace(/\*$/u, "")) + (f.endsWith("*") ? "\\p{L}*" : "")).join("|")

const pairsOf = (lex: Lexicon): Pairs | null => {
  let found = cache.get(lex)
  if (found === undefined) {
    const sides = (lex.opposites ?? []).flatMap(([a = [], b = []]) => [body(a), body(b)])
    const [l, r] = CJK.has(lex.lang) ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
    found =
      sides.length === 0
        ? null
        : {
            any: new RegExp(`${l}(?:${sides.join("|")})${r}`, "gu"),
            sides: sides.map((side) => new RegExp(`^(?:${side})$`, "u"))
          }
    cache.set(lex, found)
  }
  return found
}

/** The sides a text has, each with the first form found. */
const sidesIn = (p: Prepared, pairs: Pairs): ReadonlyMap<number, string> => {
  const out = new Map<number, string>()
  for (const m of p.lower.matchAll(pairs.any)) {
    pairs.sides.forEach((side, i) => {
      if (!out.has(i) && side.test(m[0])) out.set(i, m[0])
    })
  }
  return out
}

export interface Swap {
  readonly from: string
  readonly to: string
}

const swapCache = new WeakMap<Prepared, ReadonlyArray<Swap>>()

/** The words of the original that only the original has, whose opposite only the rewrite has. */
export const oppositeSwaps = ({ original, rewrite, lexicon }: GuardInput): ReadonlyArray<Swap> => {
  const cached = swapCache.get(rewrite)
  if (cached !== undefined) return cached
  const pairs = pairsOf(lexicon)
  const out: Array<Swap> = []
  if (pairs !== null) {
    const a = sidesIn(original, pairs)
    const b = sidesIn(rewrite, pairs)
    for (const [i, from] of a) {
      const j = i ^ 1
      const to = b.get(j)
      if (to !== undefined && !b.has(i) && !a.has(j)) out.push({ from, to })
    }
  }
  swapCache.set(rewrite, out)
  return out
}

/** Reports the swaps that no added or dropped negation makes good; Negation.ts tells which those are. */
export const oppositesFindings = (swaps: ReadonlyArray<Swap>): ReadonlyArray<Finding> =>
  swaps.map((s) => finding("antonym", `"${s.from}" became its opposite "${s.to}"`, s.from, s.to))
