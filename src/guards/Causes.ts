/**
 * Cause and effect: the cause the original gives must still be a cause in the rewrite, and the same one. Each cause
 * is read with its words: after a word that comes before a cause ("because the filter needs replacing", "из-за
 * аварии", "由于气温回升"), before one that comes after it ("気温が上がったため"), or before a word that comes before
 * an effect ("demand was high; therefore we added two groups"). Two changes are questions:
 * - the cause's words are not in the rewrite: another cause was given ("because a main was damaged during
 *   roadworks" → "after a main burst in the freezing weather"), or none;
 * - the rewrite gives the effect as the cause and the cause as the effect ("weil die Nachfrage hoch war, hat das
 *   Amt zwei Gruppen eingerichtet" → "das Amt hat zwei Gruppen eingerichtet, und deshalb ist die Nachfrage hoch").
 * What a stretch says is read by its topics (Topics.ts). Linear: each marker reads its own clause.
 */
import { finding, type Finding, quote } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { phrasesPattern } from "./Regex.ts"
import type { Prepared } from "./Text.ts"
import { clauseAfter, clauseBefore, sentenceAt, shareOf, textTopics, topics } from "./Topics.ts"

const CJK = new Set(["zh", "ja"])
/** How far a cause or an effect reaches from its marker: characters in Chinese and Japanese, else letters. */
const REACH = { cjk: 24, other: 90 }
/** A cause needs this many topics to be compared; fewer say too little ("because of it"). */
const MIN_TOPICS = 2
/** A cause of which the rewrite has less than this share of the topics is not in it. */
const LOST_SHARE = 0.5
/** At most this many causes of a text are compared. */
const MAX_CAUSES = 12

interface Cause {
  /** The cause as written. */
  readonly text: string
  readonly cause: ReadonlySet<string>
  /** The topics of the rest of its sentence: the effect. */
  readonly effect: ReadonlySet<string>
}

interface Markers {
  readonly before: RegExp | undefined
  readonly after: RegExp | undefined
  readonly result: RegExp | undefined
}

const markerCache = new WeakMap<Lexicon, Markers | null>()
const markersOf = (lex: Lexicon): Markers | null => {
  if (markerCache.has(lex)) return markerCache.get(lex) ?? null
  const c = lex.causes
  const cjk = CJK.has(lex.lang)
  const found =
    c === undefined
      ? null
      : {
          before: phrasesPattern(c.before, cjk),
          after: phrasesPattern(c.after, cjk),
          result: phrasesPattern(c.result, cjk)
        }
  markerCache.set(lex, found)
  return found
}

/** A stretch as written, without the elided article or the full stop at its ends ("d'une …" → "une …"). */
const shown = (p: Prepared, [from, to]: readonly [number, number]): string =>
  p.prose
    .slice(from, to)
    .trim()
    .replace(/^['’]/u, "")
    .replace(/[.!?。！？]$/u, "")

const causeCache = new WeakMap<Prepared, ReadonlyArray<Cause>>()
/** The causes a text gives, with their effects. */
export const causesOf = (p: Prepared, lex: Lexicon): ReadonlyArray<Cause> => {
  const cached = causeCache.get(p)
  if (cached !== undefined) return cached
  const markers = markersOf(lex)
  const out: Array<Cause> = []
  const reach = CJK.has(p.lang) ? REACH.cjk : REACH.other
  const add = (
    cause: readonly [number, number],
    sentence: readonly [number, number],
    marker: readonly [number, number]
  ) => {
    const words = topics(p.lower.slice(cause[0], cause[1]), p.lang)
    if (words.size < MIN_TOPICS || out.length >= MAX_CAUSES) return
    const rest = `${p.lower.slice(sentence[0], Math.min(cause[0], marker[0]))} ${p.lower.slice(Math.max(cause[1], marker[1]), sentence[1])}`
    out.push({ text: shown(p, cause), cause: words, effect: topics(rest, p.lang) })
  }
  const each = (re: RegExp | undefined, read: (m: RegExpExecArray, sentence: readonly [number, number]) => void) => {
    if (re === undefined) return
    re.lastIndex = 0
    for (let m = re.exec(p.lower); m !== null && out.length < MAX_CAUSES; m = re.exec(p.lower)) {
      read(m, sentenceAt(p, m.index))
    }
  }
  if (markers !== null) {
    each(markers.before, (m, s) => {
      const end = m.index + m[0].length
      add(clauseAfter(p, end, s[1], reach), s, [m.index, end])
    })
    each(markers.after, (m, s) => {
      const end = m.index + m[0].length
      add(clauseBefore(p, s[0], m.index, reach), s, [m.index, end])
    })
    each(markers.result, (m, s) => {
      const end = m.index + m[0].length
      // "Therefore, …" at a sentence's start: the cause is the sentence before.
      const opens = p.lower.slice(s[0], m.index).trim() === ""
      let cause = opens ? sentenceAt(p, Math.max(0, s[0] - 2)) : clauseBefore(p, s[0], m.index, reach)
      // "…eingerichtet – und deshalb …": a clause of small words only; the cause is the clause before it.
      if (!opens && topics(p.lower.slice(cause[0], cause[1]), p.lang).size < MIN_TOPICS)
        cause = clauseBefore(p, s[0], Math.max(s[0], cause[0] - 1), reach)
      const effect = clauseAfter(p, end, s[1], reach)
      const words = topics(p.lower.slice(cause[0], cause[1]), p.lang)
      if (words.size < MIN_TOPICS || out.length >= MAX_CAUSES) return
      out.push({
        text: shown(p, cause),
        cause: words,
        effect: topics(p.lower.slice(effect[0], effect[1]), p.lang)
      })
    })
  }
  causeCache.set(p, out)
  return out
}

export const causesGuard: Guard = ({ original, rewrite, lexicon }) => {
  const before = causesOf(original, lexicon)
  if (before.length === 0) return []
  const after = causesOf(rewrite, lexicon)
  const all = textTopics(rewrite, original.lang)
  // A reading the original gives too is no change: a marker read both ways ("…によって…", by whom or for what reason)
  // gives a cause in each direction, in the original as in a rewrite that keeps the sentence.
  const readBefore = (r: Cause) =>
    before.some((b) => shareOf(r.cause, b.cause) >= 0.5 && shareOf(r.effect, b.effect) >= 0.5)
  const out: Array<Finding> = []
  for (const c of before) {
    // The effect now given as the cause, and the cause as the effect.
    const turned = after.find(
      (r) =>
        shareOf(c.effect, r.cause) >= 0.5 &&
        shareOf(c.cause, r.cause) < 0.3 &&
        shareOf(c.cause, r.effect) >= 0.5 &&
        !readBefore(r)
    )
    if (turned !== undefined) {
      out.push(
        finding(
          "cause",
          `cause and effect changed places: ${quote(c.text)} → ${quote(turned.text)}`,
          c.text,
          turned.text
        )
      )
      continue
    }
    // Where topics are pairs of characters (Chinese, Japanese), a reworded cause shares few of them: only swaps there.
    if (!CJK.has(original.lang) && shareOf(c.cause, all) < LOST_SHARE)
      out.push(finding("cause", `the cause ${quote(c.text)} is not in the rewrite`, c.text))
  }
  return out
}
