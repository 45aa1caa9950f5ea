/**
 * The measured traits of a text or of a profile's samples. Raw counts are kept per text so a profile's samples pool
 * into one target by addition; rates are taken only at the end. Word lists come from the language (Languages.ts):
 * traits a language has no list for stay at zero and are not judged.
 */

import { expandEnglish, isPassiveEnglish } from "./English.ts"
import { type Language, type LanguageData, languageData, syllables } from "./Languages.ts"
import { countLetters, splitParagraphs, splitSentences, WORD_RE } from "./Prose.ts"

export type PunctuationMark = "comma" | "semicolon" | "colon" | "dash" | "question" | "exclamation" | "parenthesis"

export const MARKS: ReadonlyArray<PunctuationMark> = [
  "comma",
  "semicolon",
  "colon",
  "dash",
  "question",
  "exclamation",
  "parenthesis"
]

export type Person = "first" | "firstPlural" | "second"
export const PERSONS: ReadonlyArray<Person> = ["first", "firstPlural", "second"]

export interface StyleFeatures {
  /** The language whose word lists were used. */
  readonly language: Language
  readonly words: number
  readonly sentences: number
  /** Blank-line separated paragraphs with at least one sentence. */
  readonly paragraphs: number
  /** Words per sentence. */
  readonly sentenceLengthMean: number
  /** Standard deviation of words per sentence. */
  readonly sentenceLengthSpread: number
  /** Sentences per paragraph. */
  readonly paragraphLengthMean: number
  /** Letters per word. */
  readonly wordLengthMean: number
  /** Advanced words per 100 words: not among the language's everyday words and long in syllables. */
  readonly vocabularyLevel: number
  /** Relative frequency of the language's function words (share of all words). */
  readonly functionWords: Readonly<Record<string, number>>
  /** Pronouns per 100 words, by person. */
  readonly person: Readonly<Record<Person, number>>
  /** Per 100 words. */
  readonly punctuation: Readonly<Record<PunctuationMark, number>>
  /** Share of sentences that end with a question mark. */
  readonly questionRate: number
  /** Share of sentences that end with an exclamation mark. */
  readonly exclamationRate: number
  /** Contractions per 100 words. */
  readonly contractionRate: number
  /** Share of sentences with a passive construction (be-verb + past participle heuristic). */
  readonly passiveRate: number
  /** Words used markedly more than in general text, most characteristic first. */
  readonly characteristicWords: ReadonlyArray<string>
  /** Occurrences of `characteristicWords` per 100 words. */
  readonly characteristicRate: number
  /** Generic or avoided phrases found (lowercased). */
  readonly bannedPhrases: ReadonlyArray<string>
}

/** Raw counts of one text (pooled over samples for a target, so they stay additive). */
export interface Counts {
  readonly sentenceLengths: ReadonlyArray<number>
  readonly paragraphSentences: ReadonlyArray<number>
  readonly words: number
  readonly letters: number
  readonly lettered: number // words with at least one letter
  readonly advanced: ReadonlyMap<string, number>
  readonly functionWords: ReadonlyMap<string, number>
  readonly person: Readonly<Record<Person, number>>
  readonly marks: Readonly<Record<PunctuationMark, number>>
  readonly questions: number
  readonly exclamations: number
  readonly contractions: number
  readonly passiveSentences: number
  /** Lower-cased words that may be characteristic: letters only, at least two of them. */
  readonly vocabulary: ReadonlyMap<string, number>
  /** Words seen capitalised in mid-sentence: names (and, in German, nouns), never characteristic. */
  readonly capitalised: ReadonlySet<string>
}

const MARK_PATTERNS: Readonly<Record<PunctuationMark, RegExp>> = {
  // A comma or colon between digits ("1,200", "10:30") is part of a number, not punctuation.
  comma: /(?<!\d),|,(?!\d)/g,
  semicolon: /;/g,
  colon: /(?<!\d):|:(?!\d)/g,
  // An unspaced hyphen or en dash joins words or ranges ("3–5"); only em dashes and spaced dashes are dashes.
  dash: /—|--|\s[-–]\s/g,
  question: /\?/g,
  exclamation: /!/g,
  parenthesis: /\(/g
}

const emptyMarks = (): Record<PunctuationMark, number> => ({
  comma: 0,
  semicolon: 0,
  colon: 0,
  dash: 0,
  question: 0,
  exclamation: 0,
  parenthesis: 0
})

const add = (map: Map<string, number>, key: string, n = 1) => map.set(key, (map.get(key) ?? 0) + n)

const SENTENCE_END_RE = /([?!])[^\p{L}\p{N}?!]*$/u
const UPPER_START_RE = /^\p{Lu}/u
const CANDIDATE_RE = /^\p{L}[\p{L}'-]*\p{L}$/u

/** Lists built once per language: sets for the lookups done for every word. */
interface Lookup {
  readonly data: LanguageData | undefined
  readonly functionWords: ReadonlySet<string>
  readonly common: ReadonlyMap<string, number>
}

const LOOKUPS = new Map<Language, Lookup>()
export const lookupFor = (language: Language): Lookup => {
  const cached = LOOKUPS.get(language)
  if (cached) return cached
  const data = languageData(language)
  const common = new Map<string, number>()
  data?.common.forEach((w) => {
    if (!common.has(w)) common.set(w, common.size + 1)
  })
  const lookup = { data, functionWords: new Set(data?.functionWords ?? []), common }
  LOOKUPS.set(language, lookup)
  return lookup
}

/** The words one lower-cased token stands for: contractions and elisions split ("don't", "l'idée"). */
const expand = (lower: string, language: Language, data: LanguageData | undefined) => {
  if (language === "en") return expandEnglish(lower)
  const apostrophe = lower.indexOf("'")
  if (apostrophe < 0) return { parts: [lower], contraction: false }
  const elided = data?.elisions[lower.slice(0, apostrophe)]
  if (elided !== undefined) return { parts: [elided, lower.slice(apostrophe + 1)], contraction: false }
  // German "geht's", "gibt's": a spoken "es" clipped on, which only informal writing does.
  return { parts: [lower], contraction: language === "de" && lower.endsWith("'s") }
}

/** Counts of stripped prose; `paragraphs` holds the sentences of each prose paragraph of its source. */
export const countPlain = (plain: string, language: Language, paragraphs: ReadonlyArray<number>): Counts => {
  const { data, functionWords: functionWordSet, common } = lookupFor(language)
  const sentenceLengths: Array<number> = []
  const functionWords = new Map<string, number>()
  const advanced = new Map<string, number>()
  const vocabulary = new Map<string, number>()
  const capitalised = new Set<string>()
  const person = { first: 0, firstPlural: 0, second: 0 }
  let letters = 0
  let lettered = 0
  let contractions = 0
  let passiveSentences = 0
  let questions = 0
  let exclamations = 0
  for (const paragraph of splitParagraphs(plain)) {
    for (const sentence of splitSentences(paragraph)) {
      const tokens = sentence.match(WORD_RE) ?? []
      if (tokens.length === 0) continue
      sentenceLengths.push(tokens.length)
      const end = SENTENCE_END_RE.exec(sentence)?.[1]
      if (end === "?") questions++
      if (end === "!") exclamations++
      if (data?.passive && isPassiveEnglish(sentence.toLowerCase())) passiveSentences++
      tokens.forEach((token, i) => {
        const count = countLetters(token)
        if (count === 0) return
        letters += count
        lettered++
        const lower = token.toLowerCase()
        const midCapital = i > 0 && UPPER_START_RE.test(token)
        if (data === undefined) {
          if (midCapital) capitalised.add(lower)
          if (CANDIDATE_RE.test(lower)) add(vocabulary, lower)
          return
        }
        const { contraction, parts } = expand(lower, language, data)
        if (contraction && data.contractions) contractions++
        for (const part of parts) {
          if (functionWordSet.has(part)) add(functionWords, part)
          if (data.pronouns.first.has(part)) person.first++
          else if (data.pronouns.firstPlural.has(part)) person.firstPlural++
          else if (data.pronouns.second.has(part)) person.second++
        }
        if (midCapital && data.politeSecond.has(token)) person.second++
        // English keeps a contraction whole: "it's" is as much a mark of a voice as "really".
        for (const word of language === "en" ? [lower] : parts) {
          if (midCapital) capitalised.add(word)
          if (!CANDIDATE_RE.test(word)) continue
          add(vocabulary, word)
          const named = midCapital && language !== "de"
          if (!named && !common.has(word) && !word.includes("'") && syllables(word, language) >= data.advancedSyllables)
            add(advanced, word)
        }
      })
    }
  }
  const marks = emptyMarks()
  for (const mark of MARKS) marks[mark] = plain.match(MARK_PATTERNS[mark])?.length ?? 0
  const words = sentenceLengths.reduce((a, b) => a + b, 0)
  return {
    sentenceLengths,
    paragraphSentences: paragraphs.filter((n) => n > 0),
    words,
    letters,
    lettered,
    advanced,
    functionWords,
    person,
    marks,
    questions,
    exclamations,
    contractions,
    passiveSentences,
    vocabulary,
    capitalised
  }
}

export const mergeCounts = (all: ReadonlyArray<Counts>): Counts => {
  const functionWords = new Map<string, number>()
  const advanced = new Map<string, number>()
  const vocabulary = new Map<string, number>()
  const capitalised = new Set<string>()
  const marks = emptyMarks()
  const person = { first: 0, firstPlural: 0, second: 0 }
  for (const c of all) {
    for (const [w, n] of c.functionWords) add(functionWords, w, n)
    for (const [w, n] of c.advanced) add(advanced, w, n)
    for (const [w, n] of c.vocabulary) add(vocabulary, w, n)
    for (const w of c.capitalised) capitalised.add(w)
    for (const mark of MARKS) marks[mark] += c.marks[mark]
    for (const p of PERSONS) person[p] += c.person[p]
  }
  const sum = (f: (c: Counts) => number) => all.reduce((acc, c) => acc + f(c), 0)
  return {
    sentenceLengths: all.flatMap((c) => c.sentenceLengths),
    paragraphSentences: all.flatMap((c) => c.paragraphSentences),
    words: sum((c) => c.words),
    letters: sum((c) => c.letters),
    lettered: sum((c) => c.lettered),
    advanced,
    functionWords,
    person,
    marks,
    questions: sum((c) => c.questions),
    exclamations: sum((c) => c.exclamations),
    contractions: sum((c) => c.contractions),
    passiveSentences: sum((c) => c.passiveSentences),
    vocabulary,
    capitalised
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Features

export const mean = (xs: ReadonlyArray<number>): number =>
  xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length

const spread = (xs: ReadonlyArray<number>): number => {
  if (xs.length < 2) return 0
  const m = mean(xs)
  return Math.sqrt(xs.reduce((acc, x) => acc + (x - m) ** 2, 0) / xs.length)
}

const per100 = (n: number, words: number): number => (words === 0 ? 0 : (n / words) * 100)

/** Occurrences of `words` in the counted text, per 100 words. */
export const rateOfWords = (c: Counts, words: ReadonlyArray<string>): number =>
  per100(
    words.reduce((acc, w) => acc + (c.vocabulary.get(w) ?? 0), 0),
    c.words
  )

export const toFeatures = (
  c: Counts,
  language: Language,
  characteristic: ReadonlyArray<string>,
  bannedPhrases: ReadonlyArray<string>
): StyleFeatures => {
  const functionWords: Record<string, number> = {}
  for (const w of lookupFor(language).functionWords)
    functionWords[w] = c.words === 0 ? 0 : (c.functionWords.get(w) ?? 0) / c.words
  const punctuation = emptyMarks()
  for (const mark of MARKS) punctuation[mark] = per100(c.marks[mark], c.words)
  const sentences = c.sentenceLengths.length
  const share = (n: number) => (sentences === 0 ? 0 : n / sentences)
  return {
    language,
    words: c.words,
    sentences,
    paragraphs: c.paragraphSentences.length,
    sentenceLengthMean: mean(c.sentenceLengths),
    sentenceLengthSpread: spread(c.sentenceLengths),
    paragraphLengthMean: mean(c.paragraphSentences),
    wordLengthMean: c.lettered === 0 ? 0 : c.letters / c.lettered,
    vocabularyLevel: per100(
      [...c.advanced.values()].reduce((a, b) => a + b, 0),
      c.words
    ),
    functionWords,
    person: {
      first: per100(c.person.first, c.words),
      firstPlural: per100(c.person.firstPlural, c.words),
      second: per100(c.person.second, c.words)
    },
    punctuation,
    questionRate: share(c.questions),
    exclamationRate: share(c.exclamations),
    contractionRate: per100(c.contractions, c.words),
    passiveRate: share(c.passiveSentences),
    characteristicWords: characteristic,
    characteristicRate: rateOfWords(c, characteristic),
    bannedPhrases
  }
}
