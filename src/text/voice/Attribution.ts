/**
 * How much closer a text is to one writer's voice than to writing in general. The text's and the voice's
 * fingerprints (Fingerprint.ts) become z-scores against the language's background (Background.ts), and their cosine
 * is their likeness (the literature's Cosine Delta, with the z-scores from a background instead of from the
 * candidates). A likeness alone means little: a press voice is close to any press text. So the text is also compared
 * with the impostors nearest the voice (writers of the same kind), and the score is the share of them the voice beats
 * for this text, smoothed so that a close race scores about half: other writers of the same kind land around 50,
 * the writer's own unseen text near 100.
 */
import { type Certainty, certaintyOf } from "../../domain/Certainty.ts"
import { type Background, backgroundOf } from "./Background.ts"

export { type Certainty, certaintyOf, HIGH_WORDS, MEDIUM_WORDS } from "../../domain/Certainty.ts"

export interface Voice {
  readonly background: Background
  /** The samples' fingerprint, standardized. */
  readonly vector: Float64Array
  /** The impostors nearest the voice, standardized. */
  readonly near: ReadonlyArray<Float64Array>
  /** Words in the samples. */
  readonly words: number
}

export interface VoiceScore {
  /** 0-100: the share of impostors the voice beats for this text. */
  readonly score: number
  /** How sure the score is, from the text's length: short texts show little of a writer's habits. */
  readonly certainty: Certainty
}

/** Background writers a voice is raced against: the nearest, so writers of the same kind (its rivals race too). */
const NEAR = 50
/** How close a race counts as a tie, in cosine: wider blurs the score, narrower makes it jump. */
const TIE = 0.02

export const cosine = (a: Float64Array, b: Float64Array): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

const fingerprint = (background: Background, plain: string) => background.standardize(background.counter.count(plain))

/**
 * The voice of samples (plain text) in `language`, raced against the nearest of the background's writers and against
 * every one of `others` in the same language (the writer's other voices, the house styles); none when Redraft has no
 * background for the language.
 */
export const buildVoice = (
  plain: string,
  language: string,
  words: number,
  others: ReadonlyArray<Voice> = []
): Voice | undefined => {
  const background = backgroundOf(language)
  if (background === undefined) return undefined
  const alike = others.filter((o) => o.background === background).map((o) => o.vector)
  return voiceAgainst(background, plain, words, alike)
}

/** The voice of samples against a given background. */
export const voiceAgainst = (
  background: Background,
  plain: string,
  words: number,
  others: ReadonlyArray<Float64Array> = []
): Voice => {
  const vector = fingerprint(background, plain)
  // The writer's other voices always race: a text of theirs must not pass for this one.
  const near = [
    ...background.impostors
      .map((v) => ({ v, likeness: cosine(v, vector) }))
      .toSorted((a, b) => b.likeness - a.likeness)
      .slice(0, NEAR)
      .map((x) => x.v),
    ...others
  ]
  return { background, vector, near, words }
}

const logistic = (x: number) => 1 / (1 + Math.exp(-1.702 * x))

/** The text's score against the voice; `words` is the text's word count. */
export const scoreVoice = (plain: string, words: number, voice: Voice): VoiceScore => {
  if (voice.near.length === 0) return { score: 0, certainty: "low" }
  const text = fingerprint(voice.background, plain)
  const likeness = cosine(text, voice.vector)
  let beaten = 0
  for (const impostor of voice.near) beaten += logistic((likeness - cosine(text, impostor)) / TIE)
  return { score: (100 * beaten) / voice.near.length, certainty: certaintyOf(words) }
}
