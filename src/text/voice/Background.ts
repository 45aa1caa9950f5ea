/**
 * What writing in general looks like in a language, for the voice score: the features to count (Fingerprint.ts),
 * their mean and spread over many writers' texts of about 200 words, and "impostors": the fingerprints of other
 * writers, each from about 1,200 words, as z-scores. Built by `npm run voices:background` (scripts/voice-background.ts)
 * and shipped as JSON beside this file; the figures are counts derived from the reference texts, not the texts.
 * A language without a background is scored by its traits alone. English comes from the Brown corpus (1961) and 64
 * modern writers' texts written for Redraft; German, French, Spanish, Italian, Dutch, Portuguese and Russian from
 * reference texts written for Redraft by 16 writers each.
 */
import de from "./background/de.json" with { type: "json" }
import en from "./background/en.json" with { type: "json" }
import es from "./background/es.json" with { type: "json" }
import fr from "./background/fr.json" with { type: "json" }
import it from "./background/it.json" with { type: "json" }
import nl from "./background/nl.json" with { type: "json" }
import pt from "./background/pt.json" with { type: "json" }
import ru from "./background/ru.json" with { type: "json" }
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
  /** A fingerprint as weighted z-scores against the background: `(rate - mean) * scale` for each feature. */
  readonly standardize: (rates: Float64Array) => Float64Array
  /** Each feature's mean rate in the background. */
  readonly mean: Float64Array
  /** Each feature's weight over its spread in the background (0 for a feature with no spread: it says nothing). */
  readonly scale: Float64Array
  readonly impostors: ReadonlyArray<Float64Array>
}

/**
 * How much each kind of feature counts, for the group as a whole: the character runs carry three times what the
 * words do. They see the words too, and punctuation, endings and how words join besides; on the Brown sets the runs
 * alone tell fiction writers apart better than runs and words at equal weight (top-1 78 % against 63 %), and the
 * words at a third still add to press and non-fiction (voices:eval).
 */
const WORD_WEIGHT = 0.5
const GRAM_WEIGHT = 1.5

export const loadBackground = (file: BackgroundFile): Background => {
  const count = counter({ words: file.words, grams: file.grams })
  const size = count.size
  const weight = Float64Array.from({ length: size }, (_, i) =>
    i < file.words.length ? WORD_WEIGHT / Math.sqrt(file.words.length) : GRAM_WEIGHT / Math.sqrt(file.grams.length)
  )
  const mean = Float64Array.from({ length: size }, (_, i) => file.mean[i] ?? 0)
  const scale = Float64Array.from({ length: size }, (_, i) => {
    const sd = file.sd[i] ?? 0
    return sd === 0 ? 0 : (weight[i] ?? 0) / sd
  })
  const standardize = (rates: Float64Array): Float64Array => {
    const out = new Float64Array(size)
    for (let i = 0; i < size; i++) out[i] = ((rates[i] ?? 0) - (mean[i] ?? 0)) * (scale[i] ?? 0)
    return out
  }
  const bytes = Buffer.from(file.impostors, "base64")
  const impostors: Array<Float64Array> = []
  for (let start = 0; start + size <= bytes.length; start += size) {
    const v = new Float64Array(size)
    for (let i = 0; i < size; i++) v[i] = ((bytes.readInt8(start + i) / file.scale) * (weight[i] ?? 0)) as number
    impostors.push(v)
  }
  return { language: file.language, counter: count, standardize, mean, scale, impostors }
}

const FILES: Readonly<Record<string, BackgroundFile>> = { de, en, es, fr, it, nl, pt, ru }
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

const CYRILLIC_RE = /\p{Script=Cyrillic}/gu
const LETTER_RE = /\p{L}/gu

/**
 * The language of a voice whose word lists could not tell it: Russian when most letters are Cyrillic. Other
 * languages are told by their function words (Languages.ts) before this is asked.
 */
export const languageByScript = (plain: string): string => {
  const letters = plain.match(LETTER_RE)?.length ?? 0
  const cyrillic = plain.match(CYRILLIC_RE)?.length ?? 0
  return letters > 0 && cyrillic > letters / 2 ? "ru" : "unknown"
}
