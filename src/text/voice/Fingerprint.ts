/**
 * A writer's fingerprint for telling writers apart: how often the language's most frequent words come (mostly
 * function words: "the", "of", "which", "upon"), and how often its most frequent runs of three characters come
 * (spaces and punctuation included, so ", and", "'s " and ". T" count too: habits of punctuation and word endings).
 * Both are taken from a background of many writers in the language (Background.ts), never from the samples, so a
 * voice is not told by its topic words, which change with the writer's next subject.
 */

/** The features a language's background counts: its most frequent words, then its most frequent character runs. */
export interface Vocabulary {
  readonly words: ReadonlyArray<string>
  readonly grams: ReadonlyArray<string>
}

/** Characters per run. */
export const GRAM = 3

const SURROGATE_RE = /[\uD800-\uDFFF]/
const WORD_RE = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu

/** The text's words, lower case. */
export const wordsOf = (plain: string): ReadonlyArray<string> => plain.toLowerCase().match(WORD_RE) ?? []

/** Every run of `GRAM` characters of the text, lower case, spaces folded, with a space before and after. */
export const gramsOf = (plain: string): ReadonlyArray<string> => {
  const s = ` ${plain.toLowerCase().replace(/’/g, "'").replace(/\s+/g, " ").trim()} `
  const out: Array<string> = []
  if (!SURROGATE_RE.test(s)) {
    for (let i = 0; i + GRAM <= s.length; i++) out.push(s.slice(i, i + GRAM))
    return out
  }
  // Characters outside the Basic Multilingual Plane (some CJK, emoji) take two code units each.
  const chars = [...s]
  for (let i = 0; i + GRAM <= chars.length; i++) out.push(chars.slice(i, i + GRAM).join(""))
  return out
}

const rates = (
  tokens: ReadonlyArray<string>,
  index: ReadonlyMap<string, number>,
  out: Float64Array,
  offset: number
) => {
  if (tokens.length === 0) return
  for (const t of tokens) {
    const i = index.get(t)
    if (i !== undefined) out[offset + i] = (out[offset + i] ?? 0) + 1
  }
  for (let i = offset; i < offset + index.size; i++) out[i] = (out[i] ?? 0) / tokens.length
}

/** A vocabulary ready to count with: each feature's place in the vector. */
export interface Counter {
  readonly vocabulary: Vocabulary
  readonly size: number
  readonly count: (plain: string) => Float64Array
  /**
   * The same rates in a vector of the counter's own, overwritten by the next call: for a caller that reads it at once
   * and keeps nothing of it (scoring a draft), so that no vector of thousands of features is made for each draft.
   */
  readonly countInPlace: (plain: string) => Float64Array
}

export const counter = (vocabulary: Vocabulary): Counter => {
  const words = new Map(vocabulary.words.map((w, i) => [w, i]))
  const grams = new Map(vocabulary.grams.map((g, i) => [g, i]))
  const size = words.size + grams.size
  /** Each feature's share of the text's words (or of its character runs). */
  const countInto = (plain: string, out: Float64Array): Float64Array => {
    rates(wordsOf(plain), words, out, 0)
    rates(gramsOf(plain), grams, out, words.size)
    return out
  }
  let scratch: Float64Array | undefined
  return {
    vocabulary,
    size,
    count: (plain) => countInto(plain, new Float64Array(size)),
    countInPlace: (plain) => {
      scratch ??= new Float64Array(size)
      return countInto(plain, scratch.fill(0))
    }
  }
}
