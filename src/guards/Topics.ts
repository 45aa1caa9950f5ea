/**
 * What a stretch of text is about, to tell whether a rewrite still says a clause or a sentence in other words: its
 * content words (four letters or more) by their first four letters, accents folded, or in Chinese and Japanese its
 * pairs of adjacent characters. Pure.
 */
import type { Lang } from "./Lexicon.ts"
import { firstIndex, foldAccents, type Prepared } from "./Text.ts"

const CJK = new Set<Lang>(["zh", "ja"])
const CJK_CHAR_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
const NOT_WORD_RE = /[^\p{L}\p{N}]+/u

/** The topics of a (lower-cased) text in order, repeats kept. */
export const topicList = (text: string, lang: Lang): ReadonlyArray<string> => {
  if (CJK.has(lang)) {
    const chars = [...text].filter((c) => CJK_CHAR_RE.test(c))
    return chars.slice(1).map((c, i) => `${chars[i] ?? ""}${c}`)
  }
  return text
    .split(NOT_WORD_RE)
    .filter((w) => w.length >= 4)
    .map((w) => foldAccents(w.slice(0, 4)))
}

/** The topics of a (lower-cased) text. */
export const topics = (text: string, lang: Lang): ReadonlySet<string> => new Set(topicList(text, lang))

const sentenceCache = new WeakMap<Prepared, ReadonlyArray<ReadonlySet<string>>>()

/** The topics of each sentence of a text, read in `lang`, computed once per text. */
export const sentenceTopics = (p: Prepared, lang: Lang): ReadonlyArray<ReadonlySet<string>> => {
  let found = sentenceCache.get(p)
  if (found === undefined) {
    found = p.sentences.map(([start, end]) => topics(p.lower.slice(start, end), lang))
    sentenceCache.set(p, found)
  }
  return found
}

const textCache = new WeakMap<Prepared, ReadonlySet<string>>()

/** The topics of a whole text, computed once per text. */
export const textTopics = (p: Prepared, lang: Lang): ReadonlySet<string> => {
  let found = textCache.get(p)
  if (found === undefined) {
    found = topics(p.lower, lang)
    textCache.set(p, found)
  }
  return found
}

/** The [start, end) of the sentence of `text` around an offset (a binary search: a long text has many). */
export const sentenceAt = (text: Prepared, offset: number): readonly [number, number] => {
  let [lo, hi] = [0, text.sentences.length - 1]
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const [start, end] = text.sentences[mid] ?? [0, 0]
    if (offset < start) hi = mid - 1
    else if (offset >= end) lo = mid + 1
    else return [start, end]
  }
  return [0, text.lower.length]
}

/** How many sentences around its place in the rewrite a sentence of the original is looked for. */
const SENTENCE_WINDOW = 24

/** The index of the sentence of `text` around an offset (0 before the first). */
const sentenceIndexAt = (text: Prepared, offset: number): number =>
  firstIndex(text.sentences.length, (i) => (text.sentences[i]?.[1] ?? 0) > offset)

/** The rewrite's sentence that shares the most of the original sentence's topics, if it shares at least 40 %. */
export const matchingSentence = (
  original: Prepared,
  start: number,
  end: number,
  rewrite: Prepared
): readonly [number, number] | undefined => {
  const wanted = topics(original.lower.slice(start, end), original.lang)
  if (wanted.size === 0) return undefined
  const each = sentenceTopics(rewrite, original.lang)
  let best: readonly [number, number] | undefined
  let bestShare = 0.4
  // A rewrite keeps its sentences near their place: in a long paragraph only those within SENTENCE_WINDOW of where
  // the sentence falls (by proportion) are read, so the search stays linear in the paragraph's length.
  const place = sentenceIndexAt(original, start) * (rewrite.sentences.length / Math.max(1, original.sentences.length))
  const from = Math.max(0, Math.floor(place - SENTENCE_WINDOW))
  const to = Math.min(rewrite.sentences.length, Math.ceil(place + SENTENCE_WINDOW) + 1)
  for (let i = from; i < to; i++) {
    const sentence = rewrite.sentences[i] as readonly [number, number]
    const share = shareOf(wanted, each[i] ?? new Set<string>())
    if (share >= bestShare) {
      best = sentence
      bestShare = share
    }
  }
  return best
}

/** What share of the topics of `a` the topics of `b` have (0 when `a` has none). */
export const shareOf = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0) return 0
  let n = 0
  for (const t of a) if (b.has(t)) n++
  return n / a.size
}

/** What ends a clause inside a sentence: a comma, a colon, a dash, a bracket, a line break. */
const CLAUSE_MARK_RE = /[,;:—–()，；：。、（）!?！？\n]/u

/** The clause after `from` (to its first clause mark, within `reach` characters and before `to`). */
export const clauseAfter = (p: Prepared, from: number, to: number, reach: number): readonly [number, number] => {
  const text = p.lower.slice(from, Math.min(to, from + reach))
  const mark = CLAUSE_MARK_RE.exec(text)
  return [from, from + (mark === null ? text.length : mark.index)]
}

/** The clause before `to` (back to its last clause mark, within `reach` characters and after `from`). */
export const clauseBefore = (p: Prepared, from: number, to: number, reach: number): readonly [number, number] => {
  const start = Math.max(from, to - reach)
  const text = p.lower.slice(start, to)
  let at = -1
  for (let i = text.length - 1; i >= 0; i--) {
    if (CLAUSE_MARK_RE.test(text[i] ?? "")) {
      at = i
      break
    }
  }
  return [start + at + 1, to]
}

/** How far the clause around a word reaches on each side of it, in characters. */
const CLAUSE_REACH = 80

/** The [start, end) of the clause around [start, end): to the clause marks on each side, within reach. */
export const clauseAround = (p: Prepared, start: number, end: number): readonly [number, number] => {
  const [from, to] = sentenceAt(p, start)
  return [clauseBefore(p, from, start, CLAUSE_REACH)[0], clauseAfter(p, end, to, CLAUSE_REACH)[1]]
}

/**
 * The topics of the clause around [start, end): what a cue there is about. The words of [start, end) are left out,
 * unless `inside` asks for them (a cue that spans words of its own: "ist eine Begleitperson mitzubringen").
 */
export const clauseTopics = (
  p: Prepared,
  start: number,
  end: number,
  lang: Lang,
  inside = false
): ReadonlySet<string> => {
  const [before, after] = clauseAround(p, start, end)
  const middle = inside ? p.lower.slice(start, end) : " "
  return topics(`${p.lower.slice(before, start)}${middle}${p.lower.slice(end, after)}`, lang)
}
