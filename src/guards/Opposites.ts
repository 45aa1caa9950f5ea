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
import { clauseAfter, clauseBefore, sentenceAt, shareOf, topics } from "./Topics.ts"

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
    const pairs = lex.opposites ?? []
    const sides = pairs.flatMap(([a = [], b = []]) => [body(a), body(b)])
    // Every form, longest first: "ida y vuelta" is read before "ida".
    const forms = pairs.flatMap(([a = [], b = []]) => [...a, ...b]).toSorted((x, y) => y.length - x.length)
    const [l, r] = CJK.has(lex.lang) ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
    found =
      sides.length === 0
        ? null
        : {
            any: new RegExp(`${l}(?:${body(forms)})${r}`, "gu"),
            sides: sides.map((side) => new RegExp(`^(?:${side})$`, "u"))
          }
    cache.set(lex, found)
  }
  return found
}

/** The sides a form belongs to, looked up once for each form: a text repeats its words. */
const sidesCache = new WeakMap<Pairs, Map<string, ReadonlyArray<number>>>()
const sidesOf = (form: string, pairs: Pairs): ReadonlyArray<number> => {
  let known = sidesCache.get(pairs)
  if (known === undefined) sidesCache.set(pairs, (known = new Map()))
  let found = known.get(form)
  if (found === undefined) {
    found = pairs.sides.flatMap((side, i) => (side.test(form) ? [i] : []))
    known.set(form, found)
  }
  return found
}

/** The sides a (lower-cased) text has, each with the first form found. */
const sidesIn = (lower: string, pairs: Pairs): ReadonlyMap<number, string> => {
  const out = new Map<number, string>()
  for (const m of lower.matchAll(pairs.any)) {
    for (const i of sidesOf(m[0], pairs)) if (!out.has(i)) out.set(i, m[0])
  }
  return out
}

/** At most this many opposite words of a text are compared one by one: a long text is not compared word by word. */
const MAX_HITS = 16
/** How much of the words around two opposite words must be the same for them to say the same claim. */
const MIN_SHARE = 0.5
/** How far around a word its place is read: characters in Chinese and Japanese, else words' worth of letters. */
const AROUND = { cjk: 10, other: 40 }

interface Hit {
  readonly side: number
  readonly text: string
  /** The topics of the words around it. */
  readonly around: ReadonlySet<string>
}

const hitsIn = (p: Prepared, pairs: Pairs, cjk: boolean): ReadonlyArray<Hit> => {
  const out: Array<Hit> = []
  const reach = cjk ? AROUND.cjk : AROUND.other
  for (const m of p.lower.matchAll(pairs.any)) {
    const side = sidesOf(m[0], pairs)[0]
    if (side === undefined) continue
    const end = m.index + m[0].length
    // Its place: the words around it in its clause, up to a comma or other clause mark.
    const [from, to] = sentenceAt(p, m.index)
    const [b0, b1] = clauseBefore(p, from, m.index, reach)
    const [a0, a1] = clauseAfter(p, end, to, reach)
    const text = `${p.lower.slice(b0, b1)} ${p.lower.slice(a0, a1)}`
    out.push({ side, text: m[0], around: topics(text, p.lang) })
    if (out.length >= MAX_HITS) break
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
    const swapsOf = (a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>) => {
      for (const [i, from] of a) {
        const j = i ^ 1
        const to = b.get(j)
        if (to !== undefined && !b.has(i) && !a.has(j) && !out.some((s) => s.from === from && s.to === to))
          out.push({ from, to })
      }
    }
    swapsOf(sidesIn(original.lower, pairs), sidesIn(rewrite.lower, pairs))
    // Claim by claim, where the paragraph has both sides ("sales rose, prices fell" → "sales rose, prices rose"):
    // a word of the original whose place in the rewrite (the words around it) holds its opposite, and no word of
    // its own side in a place as like it.
    const cjk = CJK.has(original.lang)
    const hitsA = hitsIn(original, pairs, cjk)
    const hitsB = hitsIn(rewrite, pairs, cjk)
    for (const x of hitsA) {
      let best: Hit | undefined
      let bestShare = MIN_SHARE
      let own = 0
      for (const y of hitsB) {
        const share = shareOf(x.around, y.around)
        if (y.side === x.side) own = Math.max(own, share)
        else if (y.side === (x.side ^ 1) && share > bestShare) {
          best = y
          bestShare = share
        }
      }
      if (best !== undefined && own < bestShare && !out.some((s) => s.from === x.text && s.to === best.text))
        out.push({ from: x.text, to: best.text })
    }
  }
  swapCache.set(rewrite, out)
  return out
}

/** Reports the swaps that no added or dropped negation makes good; Negation.ts tells which those are. */
export const oppositesFindings = (swaps: ReadonlyArray<Swap>): ReadonlyArray<Finding> =>
  swaps.map((s) => finding("antonym", `"${s.from}" became its opposite "${s.to}"`, s.from, s.to))
