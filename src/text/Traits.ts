/**
 * The measured traits as a plain JSON object (numbers, strings, string arrays; null for a trait the language has no
 * measure for), for the API that shows a profile's fingerprint and a scored text's figures side by side.
 */

import type { StyleFeatures } from "./Features.ts"
import { type Language, languageData } from "./Languages.ts"

export interface VoiceTraits {
  /** Language guessed from function words ("en", "de", "fr", "es", "it", "nl", "pt"), or "unknown". */
  readonly language: Language
  /** Words and sentences measured: how much the figures below rest on. */
  readonly words: number
  readonly sentences: number
  /** Words per sentence: the mean and its standard deviation. */
  readonly sentenceLength: { readonly mean: number; readonly spread: number }
  /** Letters per word. */
  readonly wordLength: number
  /**
   * Advanced words per 100 words: words outside the language's everyday words with at least 3 syllables in English
   * (4 in the other languages). Null when the language is unknown.
   */
  readonly vocabularyLevel: number | null
  /** Contractions per 100 words ("don't"; German "geht's"). Null where the language has no contraction measure. */
  readonly contractionsPer100Words: number | null
  /** Pronouns per 100 words: first person singular, first person plural, second person. Null for an unknown language. */
  readonly person: { readonly first: number; readonly firstPlural: number; readonly second: number } | null
  /** Sentences ending in "?" per 100 sentences. */
  readonly questionsPer100Sentences: number
  /** Sentences ending in "!" per 100 sentences. */
  readonly exclamationsPer100Sentences: number
  /** Share of sentences (0-1) with a passive construction. Null where there is no passive measure (all but English). */
  readonly passiveShare: number | null
  /** Punctuation marks per 100 words. */
  readonly punctuationPer100Words: {
    readonly comma: number
    readonly semicolon: number
    readonly colon: number
    readonly dash: number
    readonly parenthesis: number
  }
  /** Sentences per paragraph (paragraphs are separated by blank lines), and how many paragraphs there were. */
  readonly paragraphLength: { readonly mean: number; readonly paragraphs: number }
  /** Up to 10 words used markedly more than in general text of the language, most characteristic first. */
  readonly characteristicWords: ReadonlyArray<string>
  /** Occurrences of those words per 100 words. */
  readonly characteristicWordsPer100Words: number
}

const r2 = (x: number): number => Math.round(x * 100) / 100

export const toTraits = (f: StyleFeatures): VoiceTraits => {
  const data = languageData(f.language)
  return {
    language: f.language,
    words: f.words,
    sentences: f.sentences,
    sentenceLength: { mean: r2(f.sentenceLengthMean), spread: r2(f.sentenceLengthSpread) },
    wordLength: r2(f.wordLengthMean),
    vocabularyLevel: data ? r2(f.vocabularyLevel) : null,
    contractionsPer100Words: data?.contractions ? r2(f.contractionRate) : null,
    person: data
      ? { first: r2(f.person.first), firstPlural: r2(f.person.firstPlural), second: r2(f.person.second) }
      : null,
    questionsPer100Sentences: r2(f.questionRate * 100),
    exclamationsPer100Sentences: r2(f.exclamationRate * 100),
    passiveShare: data?.passive ? r2(f.passiveRate) : null,
    punctuationPer100Words: {
      comma: r2(f.punctuation.comma),
      semicolon: r2(f.punctuation.semicolon),
      colon: r2(f.punctuation.colon),
      dash: r2(f.punctuation.dash),
      parenthesis: r2(f.punctuation.parenthesis)
    },
    paragraphLength: { mean: r2(f.paragraphLengthMean), paragraphs: f.paragraphs },
    characteristicWords: [...f.characteristicWords],
    characteristicWordsPer100Words: r2(f.characteristicRate)
  }
}
