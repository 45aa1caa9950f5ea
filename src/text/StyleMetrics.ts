/**
 * Deterministic style measures of a text against a style profile's reference samples: the samples' measured voice
 * (sentence and paragraph length, word length, vocabulary level, function words, person, questions and exclamations,
 * punctuation, contractions, passive voice, characteristic words) is the target, and a text scores by how close its
 * own figures come. Cheap counts, no model, so they can run on every rewrite attempt. The score explains itself:
 * every part below target produces a feedback line that says what to change, with the text's and the samples'
 * figures, most costly first.
 */

import { characteristicWords } from "./CharacteristicWords.ts"
import { type Counts, countPlain, mergeCounts, rateOfWords, type StyleFeatures, toFeatures } from "./Features.ts"
import {
  clamp,
  type Judged,
  judgeCharacteristicWords,
  judgeContractions,
  judgeExclamations,
  judgeFunctionWords,
  judgeParagraphLength,
  judgePassive,
  judgePerson,
  judgePunctuation,
  judgeQuestions,
  judgeSentenceLength,
  judgeSpread,
  judgeVocabulary,
  judgeWordLength,
  quoteList
} from "./Judges.ts"
import { detectLanguage, type Language, languageData } from "./Languages.ts"
import { findPhrases, GENERIC_PHRASES } from "./Phrases.ts"
import { paragraphSentences, stripMarkdown, WORD_RE } from "./Prose.ts"
import { toTraits, type VoiceTraits } from "./Traits.ts"
import { languageByScript } from "./voice/Background.ts"
import { buildVoice, type Certainty, certaintyOf, HIGH_WORDS, scoreVoice, type Voice } from "./voice/Attribution.ts"

export type { PunctuationMark, StyleFeatures } from "./Features.ts"
export type { Language } from "./Languages.ts"
export { GENERIC_PHRASES } from "./Phrases.ts"
export { splitSentences } from "./Prose.ts"
export { toTraits, type VoiceTraits } from "./Traits.ts"
export type { Certainty } from "./voice/Attribution.ts"

export interface StyleTarget {
  readonly features: StyleFeatures
  /** The samples' voice as plain JSON, for showing a profile's fingerprint. */
  readonly traits: VoiceTraits
  readonly avoid: ReadonlyArray<string>
  /** The samples' fingerprint for telling writers apart; none in a language Redraft has no background for. */
  readonly voice?: Voice
  /**
   * Per part, the lowest score one of the samples gets against all of them pooled, less a margin: a text scoring at
   * or above it is within the writer's own spread on that trait, and no feedback line names it.
   */
  readonly floors: Readonly<Record<string, number>>
}

export interface StyleAssessment {
  /**
   * 0-100, 100 = sounds like the samples: how much closer the text is to the samples' voice than to other writers
   * of the same kind (voice/Attribution.ts), less the generic phrases it uses. A short text leans on its traits,
   * which a few words can show.
   */
  readonly score: number
  /** How sure the score is: short texts show little of a writer's habits. */
  readonly certainty: Certainty
  /** Sub-scores 0-100 per measure; a measure the language has no lists for is left out. */
  readonly parts: Readonly<Record<string, number>>
  /** Concrete instructions, most costly first; empty when nothing to change. */
  readonly feedback: ReadonlyArray<string>
  /** The text's own figures, measured with the samples' language. */
  readonly traits: VoiceTraits
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring

/** Below this many words a text that matches no language is taken as English, as every text was before languages. */
const FEW_WORDS = 20

const lowerWords = (plain: string): ReadonlyArray<string> => (plain.match(WORD_RE) ?? []).map((w) => w.toLowerCase())

const guessLanguage = (words: ReadonlyArray<string>): Language => {
  const detected = detectLanguage(words)
  return detected === "unknown" && words.length < FEW_WORDS ? "en" : detected
}

const measurePlain = (source: string, plain: string, language: Language, avoid: ReadonlyArray<string>) => {
  const counts = countPlain(plain, language, paragraphSentences(source))
  const banned = findPhrases(plain, [...GENERIC_PHRASES, ...avoid])
  return { counts, features: toFeatures(counts, language, characteristicWords([counts], language), banned) }
}

/**
 * Measure one text. `avoid` adds a profile's own phrases to GENERIC_PHRASES for `bannedPhrases`; `language` chooses
 * the word lists (guessed from the text when not given).
 */
export const measureStyle = (text: string, avoid: ReadonlyArray<string> = [], language?: Language): StyleFeatures => {
  const plain = stripMarkdown(text)
  return measurePlain(text, plain, language ?? guessLanguage(lowerWords(plain)), avoid).features
}

/**
 * Pool the samples' sentences and words into one target, in the samples' language. `features.bannedPhrases` lists
 * the generic phrases the samples themselves use: those are part of the style and are not penalised later (the
 * profile's `avoid` always is).
 */
export const buildStyleTarget = (
  samples: ReadonlyArray<string>,
  avoid: ReadonlyArray<string>,
  rivals: ReadonlyArray<Voice> = [],
  alsoBackground: ReadonlyArray<Voice> = []
): StyleTarget => {
  const plains = samples.map(stripMarkdown)
  // No fallback to English here: a profile in another language is better judged without word lists than with wrong ones.
  const language = detectLanguage(plains.flatMap(lowerWords))
  const each: ReadonlyArray<Counts> = plains.map((p, i) =>
    countPlain(p, language, paragraphSentences(samples[i] ?? ""))
  )
  const used = findPhrases(plains.join("\n\n"), GENERIC_PHRASES)
  const features = toFeatures(mergeCounts(each), language, characteristicWords(each, language), used)
  const joined = plains.join("\n\n")
  const voiceLanguage = language === "unknown" ? languageByScript(joined) : language
  const voice = buildVoice(joined, voiceLanguage, features.words, rivals, alsoBackground)
  const floors = ownSpread(each, features)
  return { features, traits: toTraits(features), avoid: [...avoid], floors, ...(voice === undefined ? {} : { voice }) }
}

/** A sample shorter than this says too little about a trait to set its floor. */
const FLOOR_MIN_WORDS = 60
/** Points below the lowest sample's score a text may fall before a trait is named. */
const FLOOR_MARGIN = 20

/** Each part's floor: the writer's own samples, judged one by one against the pooled target, show their spread. */
const ownSpread = (each: ReadonlyArray<Counts>, t: StyleFeatures): Readonly<Record<string, number>> => {
  const floors: Record<string, number> = {}
  for (const counts of each) {
    if (counts.words < FLOOR_MIN_WORDS) continue
    const f = toFeatures(counts, t.language, t.characteristicWords, [])
    for (const [name, judged] of judgeAll(f, t, counts))
      floors[name] = Math.min(floors[name] ?? 100, judged.score - FLOOR_MARGIN)
  }
  return floors
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

const WEIGHTS = {
  sentenceLength: 3,
  bannedPhrases: 2.5,
  functionWords: 1.5,
  sentenceSpread: 1,
  wordLength: 1,
  punctuation: 1,
  person: 1,
  vocabulary: 0.75,
  contractions: 0.75,
  passive: 0.75,
  characteristicWords: 0.75,
  questions: 0.5,
  paragraphLength: 0.5,
  exclamations: 0.25
} as const

type Part = keyof typeof WEIGHTS

/**
 * The voice's share of the score of a text long enough to tell (HIGH_WORDS): the traits (sentence rhythm,
 * punctuation, person, contractions...) keep a fifth. They tell little apart on their own, but a writer's plain
 * habits of punctuation and sentence length add to the voice (voices:eval: top-1 up to 10 points on modern sets,
 * the same on the Brown corpus).
 */
const VOICE_SHARE = 0.8
/** Points subtracted from the weighted score for every banned phrase, on top of its sub-score. */
const PHRASE_PENALTY = 12
/** The model gets the most costly lines only: a long list of small corrections is followed worse than a short one. */
const MAX_FEEDBACK = 5
/** Parts about the words themselves, which only a text in the samples' language can match. */
const WORDING: ReadonlySet<Part> = new Set([
  "functionWords",
  "person",
  "vocabulary",
  "contractions",
  "characteristicWords"
])

/** Parts that count rare events (a pronoun, a question, a long word), with the text size that shows them fully. */
const RARE_EVENTS: Readonly<Partial<Record<Part, (f: StyleFeatures) => number>>> = {
  person: (f) => f.words / 80,
  vocabulary: (f) => f.words / 80,
  characteristicWords: (f) => f.words / 80,
  questions: (f) => f.sentences / 6,
  exclamations: (f) => f.sentences / 6
}

/**
 * How much of its weight a part carries for this text: a short text cannot show how often its writer asks questions
 * or says "I", and its near-perfect score on such a part would only dilute the parts it does show.
 */
const evidence = (name: Part, f: StyleFeatures): number => Math.min(1, RARE_EVENTS[name]?.(f) ?? 1)

/** A guess from fewer words is too weak to set a text apart from its samples' language. */
const FOREIGN_MIN_WORDS = 8

const isForeign = (words: ReadonlyArray<string>, language: Language): boolean => {
  if (language === "unknown" || words.length < FOREIGN_MIN_WORDS) return false
  const detected = detectLanguage(words)
  return detected !== "unknown" && detected !== language
}

/**
 * Phrases to penalise, the profile's own first: its `avoid` list always, generic phrases only when the rewrite added
 * them (`inOriginal`: those the text it started from had) and the samples never use them.
 */
const penalisedPhrases = (
  found: ReadonlyArray<string>,
  target: StyleTarget,
  inOriginal: ReadonlySet<string>
): ReadonlyArray<string> => {
  const avoid = new Set(target.avoid.map((p) => p.trim().toLowerCase()))
  const allowed = new Set(target.features.bannedPhrases)
  return [
    ...found.filter((p) => avoid.has(p)),
    ...found.filter((p) => !avoid.has(p) && !allowed.has(p) && !inOriginal.has(p))
  ]
}

/** Every judge that applies to this text and these samples; the rest would measure nothing or noise. */
const judgeAll = (f: StyleFeatures, t: StyleFeatures, counts: Counts): ReadonlyArray<readonly [Part, Judged]> => {
  const data = languageData(t.language)
  const judged: Array<readonly [Part, Judged]> = [
    ["sentenceLength", judgeSentenceLength(f, t)],
    ["wordLength", judgeWordLength(f, t)],
    ["punctuation", judgePunctuation(f, t)],
    ["questions", judgeQuestions(f, t)],
    ["exclamations", judgeExclamations(f, t)]
  ]
  // The spread of one or two sentences says nothing about the writer.
  if (f.sentences >= 3 && t.sentences >= 3) judged.push(["sentenceSpread", judgeSpread(f, t)])
  // One paragraph's length is set by its content; only a text of several paragraphs shows a habit.
  if (f.paragraphs >= 2 && t.paragraphs >= 2) judged.push(["paragraphLength", judgeParagraphLength(f, t)])
  if (t.characteristicWords.length > 0) {
    const unused = t.characteristicWords.filter((w) => (counts.vocabulary.get(w) ?? 0) === 0)
    judged.push([
      "characteristicWords",
      judgeCharacteristicWords(f, t, rateOfWords(counts, t.characteristicWords), unused)
    ])
  }
  if (data !== undefined) {
    const examples = [...counts.advanced].toSorted((a, b) => b[1] - a[1]).map(([w]) => w)
    judged.push(
      ["functionWords", judgeFunctionWords(f, t)],
      ["person", judgePerson(f, t, data)],
      ["vocabulary", judgeVocabulary(f, t, examples)]
    )
    if (data.contractions) judged.push(["contractions", judgeContractions(f, t)])
    if (data.passive) judged.push(["passive", judgePassive(f, t)])
  }
  return judged
}

/**
 * Parts whose feedback would name the samples' topic words ("formula", "halfback"): those change with the writer's
 * next subject, so the part counts in the score but never asks for them.
 */
const NO_FEEDBACK: ReadonlySet<Part> = new Set(["characteristicWords"])

/**
 * Score a text against a target built from the profile's samples. `original`, the text a rewrite started from: a
 * generic phrase it already had is the writer's, not the rewrite's, and costs nothing.
 */
export const assessStyle = (text: string, target: StyleTarget, original?: string): StyleAssessment => {
  const t = target.features
  const plain = stripMarkdown(text)
  const words = lowerWords(plain)
  const language = t.words > 0 ? t.language : guessLanguage(words)
  const { counts, features: f } = measurePlain(text, plain, language, target.avoid)
  const traits = toTraits(f)
  const certainty = certaintyOf(f.words)
  if (f.words === 0) return { score: 0, certainty, parts: {}, feedback: ["Write the text: it has no words."], traits }
  const inOriginal =
    original === undefined ? new Set<string>() : new Set(findPhrases(stripMarkdown(original), f.bannedPhrases))
  const banned = penalisedPhrases(f.bannedPhrases, target, inOriginal)
  const parts: Record<string, number> = { bannedPhrases: Math.max(0, 100 - 40 * banned.length) }
  const lines: Array<{ readonly text: string; readonly cost: number }> = []
  let weighted = WEIGHTS.bannedPhrases * (parts["bannedPhrases"] ?? 0)
  let weightSum: number = WEIGHTS.bannedPhrases
  const foreign = t.words > 0 && isForeign(words, language)
  if (t.words > 0) {
    for (const [name, judged] of judgeAll(f, t, counts)) {
      // A text in another language shares none of the samples' wording, whatever its lists happen to count; a line
      // about it would ask for a translation, which is not a rewrite's job.
      const wording = foreign && WORDING.has(name)
      const score = wording ? 0 : judged.score
      const weight = WEIGHTS[name] * (wording ? 1 : evidence(name, f))
      parts[name] = score
      weighted += weight * score
      weightSum += weight
      // A trait is named only when the text is further from the samples than the samples are from each other.
      const outside = score < (target.floors[name] ?? 100)
      if (!wording && outside && !NO_FEEDBACK.has(name))
        for (const line of judged.lines) lines.push({ text: line.text, cost: weight * line.loss })
    }
  }
  const feedback = lines
    .toSorted((a, b) => b.cost - a.cost)
    .map((l) => l.text)
    .slice(0, banned.length > 0 ? MAX_FEEDBACK - 1 : MAX_FEEDBACK)
  if (banned.length > 0) feedback.unshift(`Remove generic phrases: ${quoteList(banned)}.`)
  const traitScore = weighted / weightSum
  // The voice weighs most from a couple of hundred words on; the traits keep the rest, more the shorter the text.
  // A text in another language is nobody's voice in this one: its rates of this language's words say nothing.
  const voice = target.voice === undefined ? undefined : foreign ? 0 : scoreVoice(plain, f.words, target.voice).score
  if (voice !== undefined) parts["voice"] = voice
  const share = voice === undefined ? 0 : VOICE_SHARE * Math.min(1, f.words / HIGH_WORDS)
  const blended = share * (voice ?? 0) + (1 - share) * traitScore
  const score = clamp(blended - PHRASE_PENALTY * banned.length, 0, 100)
  const rounded: Record<string, number> = {}
  for (const [name, s] of Object.entries(parts)) rounded[name] = Math.round(s)
  return { score: Math.round(score), certainty, parts: rounded, feedback, traits }
}
