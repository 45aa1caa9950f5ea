/**
 * Characteristic words: what a writer's samples say markedly more often than general text in their language, the
 * voice's own vocabulary ("honestly", "it's"; "such", "may"; "doch", "mal") rather than its topics.
 */

import { type Counts, lookupFor, mergeCounts } from "./Features.ts"
import type { Language } from "./Languages.ts"

/** Zipf's law: the word of rank r makes up about ZIPF / r of running text ("the", rank 1, about 6 % in English). */
const ZIPF = 0.06
/** "Markedly more": at least this many times the word's expected share of general text. */
const MIN_RATIO = 3
const MAX_CHARACTERISTIC = 10
/** Share of the texts a word must appear in (at least two of them): a voice shows in most texts, a topic in few. */
const MIN_TEXT_SHARE = 0.3

/**
 * Words that the texts (a profile's samples, one text each) use markedly more than general text would, by their rank
 * among the language's everyday words (a word outside the list is taken as rarer than all of them). A word must recur
 * and, when there are several texts, appear in several: a word of one sample's topic is not its writer's voice.
 * Ranked by how many texts use it times how far above the expectation it is. Names and numbers never count.
 */
export const characteristicWords = (texts: ReadonlyArray<Counts>, language: Language): ReadonlyArray<string> => {
  const pooled = texts.length === 1 && texts[0] !== undefined ? texts[0] : mergeCounts(texts)
  if (pooled.words === 0) return []
  const { common } = lookupFor(language)
  const unlisted = ZIPF / (2 * Math.max(common.size, 50))
  const minTexts = texts.length >= 2 ? Math.max(2, Math.ceil(MIN_TEXT_SHARE * texts.length)) : 1
  const ranked: Array<{ readonly word: string; readonly weight: number; readonly n: number }> = []
  for (const [word, n] of pooled.vocabulary) {
    if (n < 2 || pooled.capitalised.has(word)) continue
    const usedIn = texts.filter((t) => (t.vocabulary.get(word) ?? 0) > 0).length
    if (usedIn < minTexts) continue
    const rank = common.get(word)
    const ratio = n / pooled.words / (rank === undefined ? unlisted : ZIPF / rank)
    if (ratio < MIN_RATIO) continue
    ranked.push({ word, n, weight: (usedIn / texts.length) * Math.log(ratio) })
  }
  return ranked
    .toSorted((a, b) => b.weight - a.weight || b.n - a.n || (a.word < b.word ? -1 : 1))
    .slice(0, MAX_CHARACTERISTIC)
    .map((r) => r.word)
}
