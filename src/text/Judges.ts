/**
 * One judge per trait: how close a text's figure is to the samples' (0-100), and, when it is not close, a short
 * imperative line that names both figures in the writer's terms ("Shorten sentences: they average 31 words; your
 * samples average 14."). The style-score stage hands these lines to the model as rewrite instructions.
 */

import { MARKS, PERSONS, type Person, type PunctuationMark, type StyleFeatures } from "./Features.ts"
import type { LanguageData } from "./Languages.ts"

export interface Line {
  readonly text: string
  /** Points of the part's 100 that this line's trait loses: lines are ordered by what they cost the score. */
  readonly loss: number
}

export interface Judged {
  readonly score: number
  readonly lines: ReadonlyArray<Line>
}

/** A part at or above this needs no feedback. */
const GOOD_ENOUGH = 70
/** Within a part made of several measures (punctuation, person), a measure below this gets its own line. */
const GOOD_ENOUGH_EACH = 50

/** 100 at the target, about 80 one tolerance away, 45 at two, 16 at three. */
export const closeness = (value: number, target: number, tolerance: number): number =>
  100 * Math.exp(-0.2 * ((value - target) / tolerance) ** 2)

export const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))

export const round = (x: number, digits = 0): string => {
  const f = 10 ** digits
  return String(Math.round(x * f) / f)
}

export const quoteList = (words: ReadonlyArray<string>): string => words.map((w) => `"${w}"`).join(", ")

const single = (score: number, text: () => string): Judged =>
  score >= GOOD_ENOUGH ? { score, lines: [] } : { score, lines: [{ text: text(), loss: 100 - score }] }

/**
 * Tolerance for a rate per 100 units (words or sentences). Occurrences in a short text are few and vary like a
 * Poisson count (standard deviation about the square root of the expected count), so a 20-word text without a single
 * comma is no evidence against a profile with 5 commas per 100 words; long texts fall back to half the target rate.
 */
const rateTolerance = (target: number, units: number): number => {
  const n = Math.max(1, units)
  const expected = (target * n) / 100
  return Math.max(0.5 * target, (100 * Math.sqrt(expected + 1)) / n, 1)
}

export const judgeSentenceLength = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // The mean of n sentences varies like spread/sqrt(n); one or two sentences get extra room on top of that.
  const shortText = f.sentences <= 2 ? 1.3 : 1
  const tolerance =
    Math.max(t.sentenceLengthSpread / Math.sqrt(f.sentences), 0.15 * t.sentenceLengthMean, 2) * shortText
  const figures = `they average ${round(f.sentenceLengthMean)} words; your samples average ${round(t.sentenceLengthMean)}.`
  return single(closeness(f.sentenceLengthMean, t.sentenceLengthMean, tolerance), () =>
    f.sentenceLengthMean > t.sentenceLengthMean
      ? `Shorten sentences: ${figures}`
      : `Lengthen sentences (combine short ones): ${figures}`
  )
}

export const judgeSpread = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const tolerance = Math.max(0.35 * t.sentenceLengthSpread, 2)
  const figures =
    `lengths vary by ±${round(f.sentenceLengthSpread)} words; ` +
    `in your samples by ±${round(t.sentenceLengthSpread)}.`
  return single(closeness(f.sentenceLengthSpread, t.sentenceLengthSpread, tolerance), () =>
    f.sentenceLengthSpread < t.sentenceLengthSpread
      ? `Vary sentence length more, mixing short and long: ${figures}`
      : `Make sentence lengths more even: ${figures}`
  )
}

export const judgeWordLength = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // A mean over few words is noisy: single words vary by about 2.5 letters.
  const tolerance = Math.max(0.3, 2.5 / Math.sqrt(Math.max(1, f.words)))
  const figures = `they average ${round(f.wordLengthMean, 1)} letters; your samples average ${round(t.wordLengthMean, 1)}.`
  return single(closeness(f.wordLengthMean, t.wordLengthMean, tolerance), () =>
    f.wordLengthMean > t.wordLengthMean
      ? `Use shorter, plainer words: ${figures}`
      : `Use more precise, longer words where natural: ${figures}`
  )
}

/** `examples`: the text's own advanced words, most used first, to say which words to replace. */
export const judgeVocabulary = (f: StyleFeatures, t: StyleFeatures, examples: ReadonlyArray<string>): Judged => {
  const figures =
    `${round(f.vocabularyLevel)} in 100 words are long, uncommon ones; ` +
    `in your samples ${round(t.vocabularyLevel)}.`
  const named = examples.length > 0 ? ` (such as ${quoteList(examples.slice(0, 3))})` : ""
  return single(closeness(f.vocabularyLevel, t.vocabularyLevel, rateTolerance(t.vocabularyLevel, f.words)), () =>
    f.vocabularyLevel > t.vocabularyLevel
      ? `Use plainer words${named}: ${figures}`
      : `Use more precise, formal words where natural: ${figures}`
  )
}

const FUNCTION_WORD_DIFFERENCE = 0.005

const cosine = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (const w of Object.keys(b)) {
    const x = a[w] ?? 0
    const y = b[w] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

export const judgeFunctionWords = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // Few words give a sparse profile, so short texts are compared against a lower floor.
  const floor = f.words < 60 ? 0.15 : 0.35
  const score = clamp(((cosine(f.functionWords, t.functionWords) - floor) / (0.9 - floor)) * 100, 0, 100)
  return single(score, () => {
    const diffs = Object.keys(t.functionWords).map((w) => ({
      w,
      d: (f.functionWords[w] ?? 0) - (t.functionWords[w] ?? 0)
    }))
    const pick = (sign: 1 | -1) =>
      diffs
        .filter((x) => sign * x.d > FUNCTION_WORD_DIFFERENCE)
        .toSorted((a, b) => sign * (b.d - a.d))
        .slice(0, 3)
        // The lists are lowercase; the English pronoun is written as it is in a sentence.
        .map((x) => (x.w === "i" ? "I" : x.w))
    const more = pick(-1)
    const fewer = pick(1)
    const parts = [
      more.length > 0 ? `more ${quoteList(more)}` : "",
      fewer.length > 0 ? `fewer ${quoteList(fewer)}` : ""
    ]
    const detail = parts.filter((p) => p !== "").join("; ")
    return `Phrase sentences more like the samples${detail ? ` (use ${detail})` : ""}: function-word match ${round(score)}%.`
  })
}

const MARK_NAMES: Readonly<Record<PunctuationMark, string>> = {
  comma: "commas",
  semicolon: "semicolons",
  colon: "colons",
  dash: "dashes",
  question: "question marks",
  exclamation: "exclamation marks",
  parenthesis: "parentheses"
}

/** Questions and exclamations are judged per sentence (judgeSentenceEnds), not as marks. */
const JUDGED_MARKS = MARKS.filter((m) => m !== "question" && m !== "exclamation")

/** Closeness of several rates per 100 words, with a line for each that is far off. */
const judgeRates = <K extends string>(
  keys: ReadonlyArray<K>,
  value: (k: K) => number,
  target: (k: K) => number,
  units: number,
  describe: (k: K, more: boolean, avoid: boolean) => string
): Judged => {
  const lines: Array<Line> = []
  let sum = 0
  for (const k of keys) {
    const v = value(k)
    const goal = target(k)
    const s = closeness(v, goal, rateTolerance(goal, units))
    sum += s
    if (s < GOOD_ENOUGH_EACH) {
      const text = `${describe(k, v < goal, goal < 0.25)}: ${round(v, 1)} per 100 words; your samples have ${round(goal, 1)}.`
      lines.push({ text, loss: (100 - s) / keys.length })
    }
  }
  return { score: sum / keys.length, lines }
}

export const judgePunctuation = (f: StyleFeatures, t: StyleFeatures): Judged =>
  judgeRates(
    JUDGED_MARKS,
    (m) => f.punctuation[m],
    (m) => t.punctuation[m],
    f.words,
    (m, more, avoid) => `${more ? "Use more" : avoid ? "Avoid" : "Use fewer"} ${MARK_NAMES[m]}`
  )

const PERSON_ROLES: Readonly<Record<Person, string>> = {
  first: "speak as yourself",
  firstPlural: "speak for your group",
  second: "address the reader"
}

export const judgePerson = (f: StyleFeatures, t: StyleFeatures, data: LanguageData): Judged =>
  judgeRates(
    PERSONS,
    (p) => f.person[p],
    (p) => t.person[p],
    f.words,
    (p, more, avoid) =>
      more
        ? `Use ${data.pronounNames[p]} more (${PERSON_ROLES[p]})`
        : `${avoid ? "Avoid" : "Use less"} ${data.pronounNames[p]}`
  )

/** Shares of sentences as percentages, compared with the tolerance of a rate per 100 sentences. */
const judgeShare = (value: number, target: number, sentences: number, text: () => string): Judged =>
  single(closeness(value * 100, target * 100, rateTolerance(target * 100, sentences)), text)

export const judgeQuestions = (f: StyleFeatures, t: StyleFeatures): Judged =>
  judgeShare(f.questionRate, t.questionRate, f.sentences, () => {
    const figures = `${round(f.questionRate * 100)}% of sentences are questions; in your samples ${round(t.questionRate * 100)}%.`
    if (f.questionRate < t.questionRate) return `Ask the reader more questions: ${figures}`
    return `${t.questionRate < 0.02 ? "Turn questions into statements" : "Ask fewer questions"}: ${figures}`
  })

export const judgeExclamations = (f: StyleFeatures, t: StyleFeatures): Judged =>
  judgeShare(f.exclamationRate, t.exclamationRate, f.sentences, () => {
    const figures = `${round(f.exclamationRate * 100)}% of sentences end in "!"; in your samples ${round(t.exclamationRate * 100)}%.`
    if (f.exclamationRate < t.exclamationRate) return `Use more exclamations: ${figures}`
    return `${t.exclamationRate < 0.02 ? "Avoid exclamations" : "Use fewer exclamations"}: ${figures}`
  })

const CONTRACTION_EXAMPLES: Readonly<Record<string, readonly [string, string]>> = {
  en: ['("don\'t", "it\'s")', '(write "do not", "it is")'],
  de: ['("geht\'s", "gibt\'s")', '(write "geht es", "gibt es")']
}

export const judgeContractions = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const [use, avoid] = CONTRACTION_EXAMPLES[f.language] ?? ["", ""]
  const figures = `${round(f.contractionRate, 1)} per 100 words; your samples have ${round(t.contractionRate, 1)}.`
  return single(closeness(f.contractionRate, t.contractionRate, rateTolerance(t.contractionRate, f.words)), () =>
    f.contractionRate > t.contractionRate
      ? `${t.contractionRate < 0.25 ? "Avoid" : "Use fewer"} contractions ${avoid}: ${figures}`
      : `Use more contractions ${use}: ${figures}`
  )
}

export const judgePassive = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const tolerance = Math.max(0.15, 0.5 / Math.sqrt(Math.max(1, f.sentences)))
  const figures = `${round(f.passiveRate * 100)}% of sentences are passive; in your samples ${round(t.passiveRate * 100)}%.`
  return single(closeness(f.passiveRate, t.passiveRate, tolerance), () =>
    f.passiveRate > t.passiveRate
      ? `Use the active voice more (name who acts): ${figures}`
      : `Use the passive voice more where the actor does not matter: ${figures}`
  )
}

export const judgeParagraphLength = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const figures = `they average ${round(f.paragraphLengthMean, 1)} sentences; your samples average ${round(t.paragraphLengthMean, 1)}.`
  const tolerance = Math.max(0.35 * t.paragraphLengthMean, 1)
  return single(closeness(f.paragraphLengthMean, t.paragraphLengthMean, tolerance), () =>
    f.paragraphLengthMean > t.paragraphLengthMean
      ? `Shorten paragraphs: ${figures}`
      : `Lengthen paragraphs (join short ones): ${figures}`
  )
}

/**
 * Only too few of the samples' characteristic words cost points: more of them is the voice, not a fault. `rate` is
 * their occurrences in the text per 100 words; the line names the ones the text does not use yet.
 */
export const judgeCharacteristicWords = (
  f: StyleFeatures,
  t: StyleFeatures,
  rate: number,
  unused: ReadonlyArray<string>
): Judged => {
  const score =
    rate >= t.characteristicRate
      ? 100
      : closeness(rate, t.characteristicRate, rateTolerance(t.characteristicRate, f.words))
  const examples = unused.length > 0 ? unused : t.characteristicWords
  return single(
    score,
    () =>
      `Where the meaning allows, use words your samples favour, such as ${quoteList(examples.slice(0, 4))}: ` +
      `${round(rate, 1)} per 100 words; your samples have ${round(t.characteristicRate, 1)}.`
  )
}
