/**
 * Cue counts: how often each operator value occurs in a text, and the two sides of a pair compared. The negation,
 * modality, operator and list guards read both sides with the original's word lists, and a short Latin-script
 * paragraph too poor in small words to tell its language is read with the lists that find the most cues in it.
 */
import { countCues, type Hit, label, scan } from "./Cues.ts"
import type { GuardInput } from "./Guard.ts"
import { type Lexicon, lexicon } from "./Lexicon.ts"
import { CJK_NUMERAL } from "./QuantityPatterns.ts"
import { alternation } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

/** How often each value of each class occurs: `strict` counts demanded cues only, `any` also the substitutes. */
export interface Tally {
  readonly hits: ReadonlyArray<Hit>
  strict(cls: string, value: string): number
  any(cls: string, value: string): number
}

const tallyCache = new WeakMap<Prepared, Tally>()

const figures = new WeakMap<Lexicon, RegExp>()
/**
 * A word that is a number: digits, or a number word of the language ("dix", "eighty"); in Chinese and Japanese, a
 * digit or a Han numeral anywhere in the stretch.
 */
const figure = (lex: Lexicon): RegExp => {
  let found = figures.get(lex)
  if (found === undefined) {
    const cjk = lex.lang === "zh" || lex.lang === "ja"
    const words = alternation(Object.keys(lex.numbers.words).filter((w) => w.length > 1))
    found = cjk ? new RegExp(`[\\d${CJK_NUMERAL}]`, "u") : new RegExp(`^(?:\\d|(?:${words})(?![\\p{L}]))`, "u")
    figures.set(lex, found)
  }
  return found
}

/**
 * Whether an "only" stresses a figure beside it ("only 80 places", "50 lux seulement", "n'y a que dix places",
 * "只有80个名额", "60回までしか"): the number and its bound carry the fact, and "only" says that it is few. The number
 * is the next word (in Chinese and Japanese, within four characters), or one of the two words before.
 */
const stressesFigure = (text: Prepared, hit: Hit, lex: Lexicon): boolean => {
  const cjk = text.lang === "zh" || text.lang === "ja"
  const after = text.lower.slice(hit.end, hit.end + (cjk ? 4 : 24))
  const before = text.lower.slice(Math.max(0, hit.start - (cjk ? 6 : 16)), hit.start)
  const next = cjk ? after : (/^\s*[$€£¥]?\s*(\S+)/u.exec(after)?.[1] ?? "")
  const last = cjk ? before : before.trimEnd().split(/\s+/u).slice(-2).join(" ")
  return figure(lex).test(next) || (/\d/u.test(last) && !/[,;:.!?，、；。！？]/u.test(last))
}

export const tally = (text: Prepared, lex: Lexicon): Tally => {
  const cached = tallyCache.get(text)
  if (cached !== undefined) return cached
  // An "only" that stresses a figure is a substitute: no rule asks to keep it, and it may say another "only".
  const hits = scan(text, lex).map((h) =>
    h.cue.cls === "scope" && h.cue.value === "only" && !h.cue.weak && stressesFigure(text, h, lex)
      ? { ...h, cue: { ...h.cue, weak: true } }
      : h
  )
  const strict = new Map<string, number>()
  const any = new Map<string, number>()
  for (const { cue } of hits) {
    const key = `${cue.cls}.${cue.value}`
    any.set(key, (any.get(key) ?? 0) + 1)
    if (!cue.weak) strict.set(key, (strict.get(key) ?? 0) + 1)
  }
  const result: Tally = {
    hits,
    strict: (cls, value) => strict.get(`${cls}.${value}`) ?? 0,
    any: (cls, value) => any.get(`${cls}.${value}`) ?? 0
  }
  tallyCache.set(text, result)
  return result
}

/** The first demanded hit of a value, preferring one whose wording the other side lacks. */
export const pick = (
  hits: ReadonlyArray<Hit>,
  cls: string,
  value: string,
  other?: ReadonlyArray<Hit>
): Hit | undefined => {
  const own = hits.filter((h) => h.cue.cls === cls && h.cue.value === value && !h.cue.weak)
  const otherTexts = new Set((other ?? []).map((h) => h.text.toLowerCase()))
  return own.find((h) => !otherTexts.has(h.text.toLowerCase())) ?? own[0]
}

/**
 * The first hit of one of `pairs` ([class, value]) that the rewrite has more of than the original, preferring one
 * whose wording the original lacks; with `strictOnly`, substitutes count on neither side and are not picked.
 */
export const gained = (
  a: Tally,
  b: Tally,
  pairs: ReadonlyArray<readonly [string, string]>,
  strictOnly = false
): Hit | undefined => {
  for (const [cls, value] of pairs) {
    if (strictOnly ? b.strict(cls, value) > a.strict(cls, value) : b.any(cls, value) > a.any(cls, value)) {
      const aTexts = new Set(a.hits.map((h) => label(h)))
      const own = b.hits.filter((h) => h.cue.cls === cls && h.cue.value === value && !(strictOnly && h.cue.weak))
      return own.find((h) => !aTexts.has(label(h))) ?? own[0]
    }
  }
  return undefined
}

/** The first hit of one of `values` of `cls` that the rewrite has more of than the original. */
export const gainedOf = (a: Tally, b: Tally, cls: string, values: ReadonlyArray<string>): Hit | undefined =>
  gained(
    a,
    b,
    values.map((value) => [cls, value] as const)
  )

const LATIN_RE = /\p{Script=Latin}/u
const FALLBACK_LANGS = ["en", "de", "es", "fr"] as const

const fallbacks = new WeakMap<Prepared, Lexicon>()

/**
 * The word lists to read operators with. A short Latin-script paragraph without enough small words to tell its
 * language ("Guests cannot upload files.") is read with the lists that find the most cues in it, English on a tie:
 * a negation or an "only" must not go unguarded because the paragraph was short.
 */
const operatorLexicon = (original: Prepared, lex: Lexicon): Lexicon => {
  if (lex.lang !== "other" || !LATIN_RE.test(original.prose)) return lex
  const cached = fallbacks.get(original)
  if (cached !== undefined) return cached
  let best = lexicon("en")
  let bestScore = 0
  for (const lang of FALLBACK_LANGS) {
    const candidate = lexicon(lang)
    let score = countCues(original.lower, candidate)
    for (const w of original.words) if (candidate.markerSet.has(w.lower)) score++
    if (score > bestScore) {
      best = candidate
      bestScore = score
    }
  }
  fallbacks.set(original, best)
  return best
}

/** The cue tallies of both sides of a pair, read with the original's word lists (or the fallback above). */
export const tallies = ({
  original,
  rewrite,
  lexicon: lex
}: GuardInput): { readonly a: Tally; readonly b: Tally; readonly lex: Lexicon } => {
  const chosen = operatorLexicon(original, lex)
  return { a: tally(original, chosen), b: tally(rewrite, chosen), lex: chosen }
}
