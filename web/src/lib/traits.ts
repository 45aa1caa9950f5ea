/**
 * A voice's measured traits told in plain words, one line per trait, for the voices manager. Traits the service could
 * not measure for the language (null) are left out rather than shown as zero.
 */
import type { VoiceTraits } from "../api/redraft.ts"

export interface TraitLine {
  /** A stable key, for tests and list keys. */
  readonly key: string
  readonly label: string
  readonly value: string
}

const LANGUAGES: Record<VoiceTraits["language"], string> = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  it: "Italian",
  nl: "Dutch",
  pt: "Portuguese",
  unknown: "not recognised"
}

/** A figure as people read it: whole numbers from 10 up, one decimal below (without a trailing ".0"). */
export const figure = (n: number): string =>
  (Math.abs(n) >= 10 ? Math.round(n) : Math.round(n * 10) / 10).toLocaleString("en")

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`

export const describeTraits = (traits: VoiceTraits): ReadonlyArray<TraitLine> => {
  const lines: Array<TraitLine> = [
    { key: "language", label: "Language", value: LANGUAGES[traits.language] },
    {
      key: "measured",
      label: "Measured from",
      value: `${plural(traits.words, "word")} in ${plural(traits.sentences, "sentence")} and ${plural(
        traits.paragraphLength.paragraphs,
        "paragraph"
      )}`
    },
    {
      key: "sentences",
      label: "Sentences",
      value: `${figure(traits.sentenceLength.mean)} words on average (spread ${figure(traits.sentenceLength.spread)})`
    },
    {
      key: "paragraphs",
      label: "Paragraphs",
      value: `${figure(traits.paragraphLength.mean)} sentences on average`
    },
    { key: "words", label: "Words", value: `${figure(traits.wordLength)} letters on average` }
  ]
  if (traits.vocabularyLevel !== null)
    lines.push({
      key: "vocabulary",
      label: "Vocabulary",
      value: `${figure(traits.vocabularyLevel)} advanced words per 100 words`
    })
  if (traits.contractionsPer100Words !== null)
    lines.push({
      key: "contractions",
      label: "Contractions",
      value: `${figure(traits.contractionsPer100Words)} per 100 words`
    })
  if (traits.person !== null) {
    const { first, firstPlural, second } = traits.person
    lines.push({
      key: "person",
      label: "Person",
      value: `I ${figure(first)} · we ${figure(firstPlural)} · you ${figure(second)} per 100 words`
    })
  }
  lines.push(
    {
      key: "questions",
      label: "Questions",
      value: `${figure(traits.questionsPer100Sentences)} per 100 sentences`
    },
    {
      key: "exclamations",
      label: "Exclamations",
      value: `${figure(traits.exclamationsPer100Sentences)} per 100 sentences`
    }
  )
  if (traits.passiveShare !== null)
    lines.push({
      key: "passive",
      label: "Passive voice",
      value: `${Math.round(traits.passiveShare * 100)}% of sentences`
    })
  const p = traits.punctuationPer100Words
  lines.push({
    key: "punctuation",
    label: "Punctuation",
    value: `per 100 words: commas ${figure(p.comma)} · semicolons ${figure(p.semicolon)} · colons ${figure(
      p.colon
    )} · dashes ${figure(p.dash)} · parentheses ${figure(p.parenthesis)}`
  })
  lines.push({
    key: "characteristic",
    label: "Characteristic words",
    value:
      traits.characteristicWords.length === 0
        ? "none stand out"
        : `${traits.characteristicWords.join(", ")} (together ${figure(traits.characteristicWordsPer100Words)} per 100 words)`
  })
  return lines
}
