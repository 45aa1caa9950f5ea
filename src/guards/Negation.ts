/**
 * Negation: every negation of the original must survive in the rewrite, and the rewrite must not add one. Negations
 * are counted (two "not" in the original need two in the rewrite) in any of their forms: "not", "n't", "cannot",
 * "never", "without", "kein", "ne … pas", "не", "不", "ない". Four equivalences keep faithful rewrites passing:
 * - a negated word that reappears with a negative prefix: "not reported" ↔ "unreported";
 * - "unless X" ↔ "if not X": a lost "unless" with one more negation in the rewrite (or the reverse);
 * - phrases that contain a negation but mean something else ("not only", "no later than") are not counted at all;
 * - a negation said as a word of negative meaning: "waived" ↔ "won't pay", "switched off" ↔ "not available".
 */
import { around } from "./CueFindings.ts"
import { type Hit, label } from "./Cues.ts"
import { finding, type Finding, quote } from "./Finding.ts"
import type { Guard, GuardInput } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { negativeWordSpots, negativeWords, prohibitionSpots } from "./NegativeWords.ts"
import { oppositeSwaps, oppositesFindings, type Swap } from "./Opposites.ts"
import { type Tally, tallies } from "./Tallies.ts"
import { foldAccents, type Prepared, type Word, wordAt } from "./Text.ts"
import { clauseAround, clauseTopics } from "./Topics.ts"

const CJK = new Set(["zh", "ja"])

/** The index of the first word of `text` that starts at or after `offset` (words.length when none): a binary search. */
const firstWordFrom = (text: Prepared, offset: number): number => wordAt(text.words, offset)

/** The first word that starts at or after `offset`. */
const wordAfter = (text: Prepared, offset: number): Word | undefined => text.words[firstWordFrom(text, offset)]

/** The words of a text accent-folded and sorted, to find the words that start with a stem by binary search. */
const foldedCache = new WeakMap<Prepared, ReadonlyArray<readonly [string, Word]>>()
const foldedWords = (text: Prepared): ReadonlyArray<readonly [string, Word]> => {
  let folded = foldedCache.get(text)
  if (folded === undefined) {
    folded = text.words
      .map((w) => [foldAccents(w.lower), w] as const)
      .toSorted(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
    foldedCache.set(text, folded)
  }
  return folded
}

/** The words of `text` whose folded form starts with `start`. */
const wordsStartingWith = (text: Prepared, start: string): ReadonlyArray<Word> => {
  const folded = foldedWords(text)
  let lo = 0
  let hi = folded.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((folded[mid] as readonly [string, Word])[0] < start) lo = mid + 1
    else hi = mid
  }
  const out: Array<Word> = []
  for (let i = lo; i < folded.length && (folded[i] as readonly [string, Word])[0].startsWith(start); i++) {
    out.push((folded[i] as readonly [string, Word])[1])
  }
  return out
}

/**
 * Negations of `a` whose negated word stands in `b` with a negative prefix: each counts as a negation of `b`.
 * "was not reported" → "went unreported": the word after "not" is "reported", and "unreported" is "un" + "reported".
 */
const prefixedNegations = (
  a: Prepared,
  aHits: ReadonlyArray<Hit>,
  b: Prepared,
  bHits: ReadonlyArray<Hit>,
  lex: Lexicon
): number => {
  // A prefixed word that is a negation of its own list ("бесплатный") is counted there already.
  const counted = (w: Word) => bHits.some((h) => h.cue.cls === "negation" && h.start < w.end && h.end > w.start)
  if (lex.negativePrefixes.length === 0) return 0
  const cjk = CJK.has(a.lang)
  // Where `b` has a negation cue, marked once; and whether `b` has a prefixed stem outside one, asked once per stem.
  const negated = new Uint8Array(b.lower.length + 1)
  for (const h of bHits) if (h.cue.cls === "negation") negated.fill(1, h.start, h.end)
  const freeCache = new Map<string, boolean>()
  const freeIn = (needle: string): boolean => {
    let found = freeCache.get(needle)
    if (found === undefined) {
      found = false
      for (let at = b.lower.indexOf(needle); at >= 0 && !found; at = b.lower.indexOf(needle, at + 1))
        found = negated[at] === 0
      freeCache.set(needle, found)
    }
    return found
  }
  let credit = 0
  for (const hit of aHits) {
    if (hit.cue.cls !== "negation") continue
    // The negated word is one of the next two words (skipping an adverb: "not statistically significant").
    const first = firstWordFrom(a, hit.end)
    if (first >= a.words.length) continue
    for (const word of a.words.slice(first, first + 2)) {
      const stem = cjk ? word.lower.slice(0, 2) : foldAccents(word.lower.slice(0, Math.max(4, word.lower.length - 2)))
      if (stem.length < (cjk ? 1 : 4)) continue
      const found = lex.negativePrefixes.some((prefix) =>
        cjk ? freeIn(prefix + stem) : wordsStartingWith(b, prefix + stem).some((w) => !counted(w))
      )
      if (found) {
        credit++
        break
      }
    }
  }
  return credit
}

/**
 * Negations that do not count: two for a "without" that meets another negation in its sentence (the two cancel out),
 * one for a "nor" that carries an earlier negation on.
 */
const doubled = (p: Prepared, hits: ReadonlyArray<Hit>, lex: Lexicon): number => {
  const privative = new Set(lex.privative ?? [])
  if (privative.size === 0 && (lex.negationJoin ?? []).length === 0) return 0
  const negations = hits.filter((h) => h.cue.cls === "negation" && !h.cue.weak)
  // Each negation's sentence, found once (the word it ends in), and how many other negations each sentence holds.
  const sentenceOf = new Map(
    negations.map((h) => {
      const i = firstWordFrom(p, h.start)
      const word = p.words[i] ?? p.words[i - 1]
      const previous = p.words[i - 1]
      return [h, previous !== undefined && previous.end > h.start ? previous.sentence : (word?.sentence ?? -1)]
    })
  )
  const plainIn = new Map<number, number>()
  for (const h of negations) {
    if (!privative.has(label(h))) plainIn.set(sentenceOf.get(h) ?? -1, (plainIn.get(sentenceOf.get(h) ?? -1) ?? 0) + 1)
  }
  const join = new Set(lex.negationJoin ?? [])
  const seen = new Set<number>()
  let out = 0
  for (const h of negations) {
    const sentence = sentenceOf.get(h) ?? -1
    // "no conduzca ni maneje" = "absténgase de conducir o manejar": the "ni" carries the "no" on.
    if (join.has(label(h)) && seen.has(sentence)) out += 1
    seen.add(sentence)
    if (!privative.has(label(h))) continue
    if ((plainIn.get(sentence) ?? 0) > 0) out += 2
  }
  return out
}

export interface NegationBalance {
  /** Negations of the rewrite minus negations of the original, after the equivalences. */
  readonly delta: number
  /** True when the difference is an "unless" that became "if not" (or the reverse): no change of meaning. */
  readonly unlessSwap: boolean
  /** Words that became their opposite, with no negation added or dropped to make up for it. */
  readonly opposites: ReadonlyArray<Swap>
  /** The difference before a "without" and a "not" cancelled out: which side lost a cue, for the message. */
  readonly plain: number
}

const balances = new WeakMap<Prepared, NegationBalance>()

/** The negation counts of both sides compared (shared with the condition guard, which reads `unlessSwap`). */
export const negationBalance = (input: GuardInput): NegationBalance => {
  const { original, rewrite } = input
  const cached = balances.get(rewrite)
  if (cached !== undefined) return cached
  const { a, b, lex: lexicon } = tallies(input)
  // "drops support" ↔ "no longer supports": a verb of stopping stands for a "no longer" of the other side.
  const stopA = a.strict("cessation", "stop")
  const stopB = b.strict("cessation", "stop")
  const verbA = a.any("cessation", "stop") - stopA
  const verbB = b.any("cessation", "stop") - stopB
  const countA =
    a.strict("negation", "not") +
    prefixedNegations(rewrite, b.hits, original, a.hits, lexicon) +
    Math.min(verbA, Math.max(0, stopB - stopA))
  const countB =
    b.strict("negation", "not") +
    prefixedNegations(original, a.hits, rewrite, b.hits, lexicon) +
    Math.min(verbB, Math.max(0, stopA - stopB))
  // "Without the value, the test cannot run" = "the test needs the value": a "without" and another negation in one
  // sentence make a condition, on either side.
  const raw = countB - doubled(rewrite, b.hits, lexicon) - (countA - doubled(original, a.hits, lexicon))
  const unlessLost = a.strict("condition", "unless") - b.any("condition", "unless")
  const unlessSwap = raw !== 0 && unlessLost === raw
  // A word of negative meaning stands for a negation: one that went as a negation came ("the fee is waived" ↔ "you
  // won't pay the fee"), or one that went with a negation ("not lost" ↔ "kept"), or the reverse (NegativeWords.ts).
  const implicit = Math.abs(negativeWords(original) - negativeWords(rewrite))
  const compensated = Math.sign(raw) * Math.min(Math.abs(raw), implicit)
  const delta = unlessSwap ? 0 : raw - compensated
  // "not allowed" ↔ "forbidden": as many opposites as negations added or dropped.
  const swaps = oppositeSwaps(input)
  const cancelled = delta !== 0 && Math.abs(delta) === swaps.length
  const result = { delta: cancelled ? 0 : delta, unlessSwap, opposites: cancelled ? [] : swaps, plain: countB - countA }
  balances.set(rewrite, result)
  return result
}

/**
 * Two short phrases that show a cue in place: the cue with the word after it on its side, and the same word with the
 * word before it on the other side ("cannot create" → "can create"), when the other side has that word.
 */
export const sides = (
  side: Prepared,
  hit: Hit,
  other: Prepared
): { readonly here: string; readonly there: string | undefined } => {
  const next = wordAfter(side, hit.end)
  if (next === undefined || next.sentence !== side.words.find((w) => w.start >= hit.start)?.sentence) {
    return { here: around(side, hit.start, hit.end), there: undefined }
  }
  const key = next.lower.slice(0, Math.max(3, next.lower.length - 2))
  const index = other.words.findIndex((w) => w.lower.startsWith(key))
  const here = side.prose.slice(hit.start, next.end).replace(/\s+/g, " ")
  if (index < 0) return { here: around(side, hit.start, hit.end), there: undefined }
  const match = other.words[index]
  const before = other.words[index - 1]
  const from = before !== undefined && before.sentence === match?.sentence ? before.start : (match?.start ?? 0)
  return { here, there: other.prose.slice(from, match?.end ?? from).replace(/\s+/g, " ") }
}

/**
 * Cues that say a negation in other words: a negation, a restriction ("cannot be carried except folding ones" ↔ "only
 * folding ones can be carried", "won't take effect until" ↔ "takes effect only once"), an exception ("ne s'applique
 * pas aux" ↔ "à l'exclusion des") or a bound ("не менее 14" ↔ "минимум 14", "no later than" ↔ "at least … before").
 * A cue other than a negation stands for one only where its side has more cues of its kind than the other side: a
 * "nur" both sides have is no rewording of a "nicht".
 */
const saysNegation = (h: Hit, mine: Tally, theirs: Tally): boolean =>
  h.cue.cls === "negation" ||
  ((h.cue.cls === "exception" ||
    h.cue.cls === "bound" ||
    ((h.cue.cls === "scope" || h.cue.cls === "condition") && h.cue.value.startsWith("only"))) &&
    mine.any(h.cue.cls, h.cue.value) > theirs.any(h.cue.cls, h.cue.value))

/** A topic shared by more negated clauses than this says nothing about which clause is which. */
const COMMON_TOPIC = 24

/**
 * The negations of `side` that the other side says about the same thing: a clause of `other` with a negation or a word
 * of negative meaning shares at least half of the topics of the negation's clause (at least one). A rewrite that
 * merges "not A, not B" into "neither A nor B", or says "not required" as "isn't needed" next to the same words,
 * keeps each negation; one whose clause the other side says without any negation lost it.
 */
const matchedNegations = (
  side: Prepared,
  hits: ReadonlyArray<Hit>,
  other: Prepared,
  otherTally: Tally,
  sideTally: Tally,
  lang: Prepared["lang"]
): ReadonlySet<Hit> => {
  const cues = otherTally.hits.filter((h) => saysNegation(h, otherTally, sideTally))
  const spots = [...cues.map((h) => [h.start, h.end] as const), ...negativeWordSpots(other), ...prohibitionSpots(other)]
  // A word of negative meaning says a negation only where the negation's own clause lacks it: "停诊" → "不停诊".
  const wordFrom = cues.length
  const byTopic = new Map<string, Array<number>>()
  for (const [i, [start, end]] of spots.entries()) {
    for (const t of clauseTopics(other, start, end, lang)) {
      const at = byTopic.get(t)
      if (at === undefined) byTopic.set(t, [i])
      else at.push(i)
    }
  }
  // Each negation's candidates: the spots whose clause shares at least half of its clause's topics, best first.
  const candidates = hits.map((hit) => {
    const wanted = clauseTopics(side, hit.start, hit.end, lang)
    const shared = new Map<number, number>()
    for (const t of wanted) {
      const at = byTopic.get(t) ?? []
      if (at.length > COMMON_TOPIC) continue
      for (const i of at) shared.set(i, (shared.get(i) ?? 0) + 1)
    }
    return [...shared]
      .filter(([, n]) => n >= Math.max(1, wanted.size / 2))
      .toSorted(([, x], [, y]) => y - x)
      .map(([i]) => i)
  })
  // One spot says one negation: first the spots worded like the negation ("without" ↔ "without"), then any.
  const used = new Set<number>()
  const matched = new Set<Hit>()
  const wording = (i: number) => other.lower.slice(spots[i]?.[0] ?? 0, spots[i]?.[1] ?? 0)
  const clauses = hits.map((hit) => side.lower.slice(...clauseAround(side, hit.start, hit.end)))
  for (const sameWording of [true, false]) {
    for (const [k, hit] of hits.entries()) {
      if (matched.has(hit)) continue
      const own = side.lower.slice(hit.start, hit.end)
      const clause = clauses[k] ?? ""
      const spot = candidates[k]?.find(
        (i) => !used.has(i) && (!sameWording || wording(i) === own) && (i < wordFrom || !clause.includes(wording(i)))
      )
      if (spot === undefined) continue
      used.add(spot)
      matched.add(hit)
    }
  }
  return matched
}

export const negationGuard: Guard = (input) => {
  const { original, rewrite } = input
  const { delta, opposites, plain } = negationBalance(input)
  if (delta === 0) return oppositesFindings(opposites)
  const t = tallies(input)
  const a = t.a.hits.filter((h) => h.cue.cls === "negation")
  const b = t.b.hits.filter((h) => h.cue.cls === "negation")
  const out: Array<Finding> = []
  const dropped = (plain !== 0 ? plain : delta) < 0
  // Every negation of the side that has more is said on the other side about the same thing: worded otherwise.
  const [more, moreHits, fewer] = dropped ? [original, a, rewrite] : [rewrite, b, original]
  const [fewerTally, moreTally] = dropped ? [t.b, t.a] : [t.a, t.b]
  const matched = matchedNegations(more, moreHits, fewer, fewerTally, moreTally, original.lang)
  if (moreHits.every((h) => matched.has(h))) return oppositesFindings(opposites)
  if (dropped) {
    // The dropped cue: one whose wording the rewrite has fewer of, else the last one.
    const hit =
      a.find((h) => a.filter((x) => label(x) === label(h)).length > b.filter((x) => label(x) === label(h)).length) ??
      a.at(-1)
    if (hit === undefined) return []
    const { here, there } = sides(original, hit, rewrite)
    const shown = there === undefined ? `(${quote(here)})` : `(${quote(here)} → ${quote(there)})`
    out.push(finding("negation", `${quote(label(hit))} was dropped ${shown}`, here, there))
  } else {
    const hit =
      b.find((h) => b.filter((x) => label(x) === label(h)).length > a.filter((x) => label(x) === label(h)).length) ??
      b.at(-1)
    if (hit === undefined) return []
    const { here, there } = sides(rewrite, hit, original)
    const shown = there === undefined ? `(${quote(here)})` : `(${quote(there)} → ${quote(here)})`
    out.push(finding("negation", `${quote(label(hit))} was added ${shown}`, there, here))
  }
  return out
}
