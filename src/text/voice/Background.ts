/**
 * What writing in general looks like in a language, for the voice score: the features to count (Fingerprint.ts),
 * their mean and spread over many writers' texts of about 200 words, and "impostors": the fingerprints of other
 * writers, each from about 1,200 words, as z-scores. Built by `npm run voices:background` (scripts/voice-background.ts)
 * and shipped as JSON beside this file; the figures are counts derived from the reference texts, not the texts.
 * A language without a background is scored by its traits alone.
 */
import en from "./background/en.json" with { type: "json" }
import { type Counter, counter } from "./Fingerprint.ts"

/** The shipped form. */
export interface BackgroundFile {
  readonly language: string
  /** Where the reference texts come from. */
  readonly source: string
  readonly words: ReadonlyArray<string>
  readonly grams: ReadonlyArray<string>
  readonly mean: ReadonlyArray<number>
  readonly sd: ReadonlyArray<number>
  /** Impostors' z-scores times `scale`, rounded and clipped to a signed byte, one after another, in base64. */
  readonly impostors: string
  readonly scale: number
}

export interface Background {
  readonly language: string
  readonly counter: Counter
  /** A fingerprint as weighted z-scores against the background. */
  readonly standardize: (rates: Float64Array) => Float64Array
  readonly impostors: ReadonlyArray<Float64Array>
}

/**
 * How much each kind of feature counts, for the group as a whole: the character runs carry a little more than the
 * words (there are more of them and they also see punctuation and endings).
 */
const WORD_WEIGHT = 1
const GRAM_WEIGHT = 1.5

export const loadBackground = (file: BackgroundFile): Background => {
  const count = counter({ words: file.words, grams: file.grams })
  const size = count.size
  const weight = Float64Array.from({ length: size }, (_, i) =>
    i < file.words.length ? WORD_WEIGHT / Math.sqrt(file.words.length) : GRAM_WEIGHT / Math.sqrt(file.grams.length)
  )
  const standardize = (rates: Float64Array): Float64Array => {
    const out = new Float64Array(size)
    for (let i = 0; i < size; i++) {
      const sd = file.sd[i] ?? 0
      out[i] = sd === 0 ? 0 : (((rates[i] ?? 0) - (file.mean[i] ?? 0)) / sd) * (weight[i] ?? 0)
    }
    return out
  }
  const bytes = Buffer.from(file.impostors, "base64")
  const impostors: Array<Float64Array> = []
  for (let start = 0; start + size <= bytes.length; start += size) {
    const v = new Float64Array(size)
    for (let i = 0; i < size; i++) v[i] = ((bytes.readInt8(start + i) / file.scale) * (weight[i] ?? 0)) as number
    impostors.push(v)
  }
  return { language: file.language, counter: count, standardize, impostors }
}

const FILES: Readonly<Record<string, BackgroundFile>> = { en }
const loaded = new Map<string, Background>()

/** The background of a language, read on first use; none when Redraft ships none for it. */
export const backgroundOf = (language: string): Background | undefined => {
  const cached = loaded.get(language)
  if (cached !== undefined) return cached
  const file = FILES[language]
  if (file === undefined) return undefined
  const background = loadBackground(file)
  loaded.set(language, background)
  return background
}
