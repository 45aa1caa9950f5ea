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

interface Pair {
  readonly a: RegExp
  readonly b: RegExp
}

const CJK = new Set(["zh", "ja"])
const cache = new WeakMap<Lexicon, ReadonlyArray<Pair>>()

const sideRe = (forms: ReadonlyArray<string>, cjk: boolean): RegExp => {
  const body = forms.map((f) => escape(f.replace(/\*$/u, "")) + (f.endsWith("*") ? "\\p{L}*" : "")).join("|")
  return new RegExp(cjk ? `(?:${body})` : `(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, "u")
}

const pairsOf = (lex: Lexicon): ReadonlyArray<Pair> => {
  let found = cache.get(lex)
  if (found === undefined) {
    const cjk = CJK.has(lex.lang)
    found = (lex.opposites ?? []).map(([a = [], b = []]) => ({ a: sideRe(a, cjk), b: sideRe(b, cjk) }))
    cache.set(lex, found)
  }
  return found
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
  const out: Array<Swap> = []
  for (const { a, b } of pairsOf(lexicon)) {
    for (const [x, y] of [
      [a, b],
      [b, a]
    ] as const) {
      const from = x.exec(original.lower)
      const to = y.exec(rewrite.lower)
      if (from !== null && to !== null && !x.test(rewrite.lower) && !y.test(original.lower)) {
        out.push({ from: from[0], to: to[0] })
      }
    }
  }
  swapCache.set(rewrite, out)
  return out
}

/** Reports the swaps that no added or dropped negation makes good; Negation.ts tells which those are. */
export const oppositesFindings = (swaps: ReadonlyArray<Swap>): ReadonlyArray<Finding> =>
  swaps.map((s) => finding("negation", `"${s.from}" became its opposite "${s.to}"`, s.from, s.to))
