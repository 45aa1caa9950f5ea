/**
 * How much closer a text is to one writer's voice than to writing in general. The text's and the voice's
 * fingerprints (Fingerprint.ts) become z-scores against the language's background (Background.ts), and their cosine
 * is their likeness (the literature's Cosine Delta, with the z-scores from a background instead of from the
 * candidates). A likeness alone means little: a press voice is close to any press text. So the voice races other
 * writers: the background's writers and house styles nearest the voice (impostors, writers of the same kind) and the
 * writer's other voices (rivals). The score is the share of them the voice beats for this text, smoothed so
 * that a close race scores about half, the rivals counting for half of it: other writers of the same kind land
 * around 50, the writer's own unseen text near 100, and a text another of the writer's voices wins falls to half.
 */
import { type Certainty, certaintyOf } from "../../domain/Certainty.ts"
import { type Background, backgroundOf } from "./Background.ts"

export { type Certainty, certaintyOf, HIGH_WORDS, MEDIUM_WORDS } from "../../domain/Certainty.ts"

export interface Voice {
  readonly background: Background
  /** The samples' fingerprint, standardized. */
  readonly vector: Float64Array
  /**
   * Who the voice races, standardized: the background's writers nearest the voice, then the writer's other voices
   * and the house styles in the language.
   */
  readonly near: ReadonlyArray<Float64Array>
  /** How many of `near` are background writers; the rest are rivals. */
  readonly impostors: number
  /** Words in the samples. */
  readonly words: number
}

export interface VoiceScore {
  /** 0-100: the share of the writers it races that the voice beats for the text (the rivals weigh half). */
  readonly score: number
  /** How sure the score is, from the text's length: short texts show little of a writer's habits. */
  readonly certainty: Certainty
}

/**
 * Background writers a voice races: the nearest to it, so writers of the same kind (its rivals race too). Fewer
 * makes the score stricter; 20 keeps other writers of a kind below the default threshold and the writer's own text
 * above it (voices:eval).
 */
const NEAR = 20
/**
 * The rivals' share of the score when the voice has any: however many background writers race, a text that another
 * of the writer's voices wins is not this voice's, so losing to the rivals costs half the score.
 */
const RIVAL_SHARE = 0.5
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
 * The voice of samples (plain text) in `language`, raced against the background's writers nearest it and against
 * every one of `rivals` in the same language (the writer's other voices); `alsoBackground` (the house styles) join
 * the background's writers it may be raced against. None when Redraft has no background for the language.
 */
export const buildVoice = (
  plain: string,
  language: string,
  words: number,
  rivals: ReadonlyArray<Voice> = [],
  alsoBackground: ReadonlyArray<Voice> = []
): Voice | undefined => {
  const background = backgroundOf(language)
  if (background === undefined) return undefined
  const alike = (voices: ReadonlyArray<Voice>) => voices.filter((o) => o.background === background).map((o) => o.vector)
  return voiceAgainst(background, plain, words, alike(rivals), alike(alsoBackground))
}

/** The voice of samples against a given background, with the given rivals and further background writers. */
export const voiceAgainst = (
  background: Background,
  plain: string,
  words: number,
  rivals: ReadonlyArray<Float64Array> = [],
  alsoBackground: ReadonlyArray<Float64Array> = []
): Voice => {
  const vector = fingerprint(background, plain)
  // The writer's other voices always race: a text of theirs must not pass for this one.
  const near = [
    ...[...background.impostors, ...alsoBackground]
      .map((v) => ({ v, likeness: cosine(v, vector) }))
      .toSorted((a, b) => b.likeness - a.likeness)
      .slice(0, NEAR)
      .map((x) => x.v),
    ...rivals
  ]
  return { background, vector, near, impostors: near.length - rivals.length, words }
}

const logistic = (x: number) => 1 / (1 + Math.exp(-1.702 * x))

const dot = (a: Float64Array, b: Float64Array): number => {
  let sum = 0
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0)
  return sum
}

/**
 * A competitor made ready for fast comparison. A text's standardized feature is `(rate - mean) * scale`, and most
 * of a short text's rates are 0, so its dot product with `v` is the sum over the features the text has of
 * `rate * (scale * v)`, less the constant sum of `mean * scale * v`: a few hundred products instead of thousands.
 */
interface Ready {
  readonly weights: Float64Array
  readonly offset: number
  readonly length: number
}

const ready = new WeakMap<Float64Array, Ready>()
const readyOf = (background: Background, v: Float64Array): Ready => {
  const known = ready.get(v)
  if (known !== undefined) return known
  const weights = v.map((x, i) => x * (background.scale[i] ?? 0))
  const made = { weights, offset: dot(weights, background.mean), length: Math.sqrt(dot(v, v)) }
  ready.set(v, made)
  return made
}

/** A text's rates, the features it has, and the length of its standardized vector. */
interface CountedText {
  readonly rates: Float64Array
  readonly present: ReadonlyArray<number>
  readonly length: number
}

/** The cosine of a text's standardized vector with a competitor's, over the features the text has. */
const likenessOf = (text: CountedText, competitor: Ready): number => {
  if (text.length === 0 || competitor.length === 0) return 0
  const { rates, present } = text
  const { weights } = competitor
  let sum = -competitor.offset
  for (let k = 0; k < present.length; k++) {
    const i = present[k] as number
    sum += (rates[i] ?? 0) * (weights[i] ?? 0)
  }
  return sum / (text.length * competitor.length)
}

/** The text's score against the voice; `words` is the text's word count. */
export const scoreVoice = (plain: string, words: number, voice: Voice): VoiceScore => {
  if (voice.near.length === 0) return { score: 0, certainty: "low" }
  const { background } = voice
  // Read here and in `likeness` only, before this function returns.
  const rates = background.counter.countInPlace(plain)
  const present: Array<number> = []
  let squares = 0
  for (let i = 0; i < rates.length; i++) {
    const rate = rates[i] ?? 0
    if (rate !== 0) present.push(i)
    squares += ((rate - (background.mean[i] ?? 0)) * (background.scale[i] ?? 0)) ** 2
  }
  const text: CountedText = { rates, present, length: Math.sqrt(squares) }
  const likeness = (v: Float64Array) => likenessOf(text, readyOf(background, v))
  const own = likeness(voice.vector)
  let impostors = 0
  let rivals = 0
  voice.near.forEach((other, i) => {
    const won = logistic((own - likeness(other)) / TIE)
    if (i < voice.impostors) impostors += won
    else rivals += won
  })
  const rivalCount = voice.near.length - voice.impostors
  const share =
    rivalCount <= 0
      ? impostors / voice.near.length
      : voice.impostors === 0
        ? rivals / rivalCount
        : (1 - RIVAL_SHARE) * (impostors / voice.impostors) + RIVAL_SHARE * (rivals / rivalCount)
  return { score: 100 * share, certainty: certaintyOf(words) }
}
