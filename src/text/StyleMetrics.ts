/**
 * Deterministic style measures of a text against a style profile's reference samples.
 *
 * The measures are cheap counts over the text without its markdown (read from the mdast tree by src/markdown), with a
 * hand-written sentence splitter and regular expressions, no model, so they can run on every rewrite attempt. The score explains itself: every part below target produces
 * a feedback line that says what to change, in which direction, with the measured and target figures.
 */

import { type InlineOptions, readInline } from "../markdown/Inline.ts"

export type PunctuationMark = "comma" | "semicolon" | "colon" | "dash" | "question" | "exclamation" | "parenthesis"

export interface StyleFeatures {
  readonly words: number
  readonly sentences: number
  /** Words per sentence. */
  readonly sentenceLengthMean: number
  /** Standard deviation of words per sentence. */
  readonly sentenceLengthSpread: number
  /** Letters per word. */
  readonly wordLengthMean: number
  /** Relative frequency of common English function words (share of all words). */
  readonly functionWords: Readonly<Record<string, number>>
  /** Per 100 words. */
  readonly punctuation: Readonly<Record<PunctuationMark, number>>
  /** Contractions per 100 words. */
  readonly contractionRate: number
  /** Share of sentences with a passive construction (be-verb + past participle heuristic). */
  readonly passiveRate: number
  /** Generic or avoided phrases found (lowercased). */
  readonly bannedPhrases: ReadonlyArray<string>
}

export interface StyleTarget {
  readonly features: StyleFeatures
  readonly avoid: ReadonlyArray<string>
}

export interface StyleAssessment {
  /** 0-100, 100 = matches the samples. */
  readonly score: number
  /** Sub-scores 0-100 per measure. */
  readonly parts: Readonly<Record<string, number>>
  /** Concrete instructions; empty when nothing to change. */
  readonly feedback: ReadonlyArray<string>
}

/** Phrases typical of generic model prose. Single words also match their inflections ("delves", "leveraging"). */
export const GENERIC_PHRASES: ReadonlyArray<string> = [
  "delve",
  "it is important to note",
  "it's important to note",
  "it is worth noting",
  "it's worth noting",
  "seamless",
  "seamlessly",
  "robust and comprehensive",
  "in today's fast-paced world",
  "in today's digital age",
  "in today's digital landscape",
  "ever-evolving",
  "ever-changing landscape",
  "tapestry",
  "leverage",
  "navigate the complexities",
  "a testament to",
  "in conclusion",
  "in summary",
  "to sum up",
  "unlock the potential",
  "unlock the power",
  "harness the power",
  "game-changer",
  "cutting-edge",
  "state-of-the-art",
  "best-in-class",
  "furthermore",
  "moreover",
  "additionally",
  "in the realm of",
  "plays a crucial role",
  "plays a pivotal role",
  "pivotal",
  "a myriad of",
  "plethora",
  "embark on",
  "paradigm shift",
  "synergy",
  "holistic approach",
  "look no further",
  "let's dive in",
  "dive into",
  "deep dive",
  "key takeaways",
  "at the end of the day",
  "when it comes to",
  "in essence",
  "unleash",
  "revolutionize",
  "transformative",
  "meticulous",
  "meticulously",
  "vibrant",
  "bustling",
  "nestled",
  "intricate",
  "underscore",
  "showcase",
  "elevate your"
]

const FUNCTION_WORDS: ReadonlyArray<string> = (
  "the a an and or but if because so of to in on at by for with from as into about than that this these those " +
  "it its is are was were be been have has had do does did not no can will would should could may might must " +
  "i we you they he she our your their there which who what when how all some any more most very just also then"
).split(" ")
const FUNCTION_WORD_SET: ReadonlySet<string> = new Set(FUNCTION_WORDS)

const MARKS: ReadonlyArray<PunctuationMark> = [
  "comma",
  "semicolon",
  "colon",
  "dash",
  "question",
  "exclamation",
  "parenthesis"
]

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

const MARK_NAMES: Readonly<Record<PunctuationMark, readonly [string, string]>> = {
  comma: ["comma", "commas"],
  semicolon: ["semicolon", "semicolons"],
  colon: ["colon", "colons"],
  dash: ["dash", "dashes"],
  question: ["question mark", "question marks"],
  exclamation: ["exclamation mark", "exclamation marks"],
  parenthesis: ["parenthesis", "parentheses"]
}

// ---------------------------------------------------------------------------------------------------------------
// Markdown stripping: syntax must not count as words or punctuation

/** Stands for a code span or URL: one word without letters, so it counts in sentence length but not word length. */
const PLACEHOLDER = "§"

/** Blocks break sentences: a heading or a list item has no period of its own. */
const INLINE: InlineOptions = { code: ` ${PLACEHOLDER} `, link: PLACEHOLDER, blocks: "break" }

const stripMarkdown = (text: string): string =>
  readInline(text, INLINE).prose.replace(/\r\n?/g, "\n").replace(/’/g, "'")

// ---------------------------------------------------------------------------------------------------------------
// Sentences and words

/** A word: letters and digits joined by apostrophes, hyphens or periods; "1,200" and "10:30" stay one word. */
const WORD_RE = /§|[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+|(?<=\d)[,:]\d+)*/gu
const LETTER_RE = /\p{L}/u

/** Letters in a word; ASCII is checked by code point because this runs for every word of every attempt. */
const countLetters = (word: string): number => {
  let n = 0
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c > 127 && LETTER_RE.test(word.charAt(i)))) n++
  }
  return n
}

/** A candidate boundary: end punctuation and closing quotes before a space and a sentence-like start; a blank line. */
const BOUNDARY_RE = /([.!?…]+)["')\]”]*(?=\s+["'([“‘]*[\p{Lu}\p{N}§])|\n[ \t]*\n/gu
const WORD_BEFORE_RE = /([\p{L}\p{N}.]*)$/u
const NEXT_WORD_RE = /^\s+["'([“‘]*([\p{L}\p{N}§]+)/u

/** Abbreviations after which a capitalised word continues the sentence ("Dr. Smith", "e.g. Python"). */
const NEVER_TERMINAL = new Set(
  (
    "mr mrs ms dr prof sr jr st vs cf e.g i.e fig figs approx ca gen col lt sgt capt rev hon vol vols pp ch eq " +
    "ref mt"
  ).split(" ")
)

/** Abbreviations that may also end a sentence: break only when a typical sentence opener follows. */
const SOMETIMES_TERMINAL = new Set(
  (
    "inc ltd corp co etc al ed eds sec " +
    "jan feb mar apr jun jul aug sep sept oct nov dec mon tue wed thu fri sat sun"
  ).split(" ")
)
const DOTTED_ABBREVIATION_RE = /^(?:\p{L}\.)+\p{L}$/u
const SINGLE_LETTER_RE = /^\p{L}$/u

const SENTENCE_OPENERS = new Set(
  (
    "the a an this that these those it its i we you he she they there here our my your their his her in on at for " +
    "but and so then if when while after before as also however what why how who where which some many most all " +
    "each every no not one two now today yet still because since although though to with by from of once"
  ).split(" ")
)

/** Whether the period at `end` (exclusive) closes a sentence, judged by the word before it and the word after. */
const periodEndsSentence = (text: string, end: number, next: string): boolean => {
  const before = (WORD_BEFORE_RE.exec(text.slice(Math.max(0, end - 40), end - 1))?.[1] ?? "").toLowerCase()
  if (NEVER_TERMINAL.has(before)) return false
  // "No. 5" abbreviates "number"; "I said no. Then" ends a sentence.
  if (before === "no" || before === "nos") return !/^\d/.test(next)
  const ambiguous =
    SOMETIMES_TERMINAL.has(before) || DOTTED_ABBREVIATION_RE.test(before) || SINGLE_LETTER_RE.test(before)
  return !ambiguous || SENTENCE_OPENERS.has(next.toLowerCase())
}

/** Split plain text into sentences (exported for tests; measures strip markdown before calling it). */
export const splitSentences = (text: string): ReadonlyArray<string> => {
  const sentences: Array<string> = []
  let start = 0
  for (const m of text.matchAll(BOUNDARY_RE)) {
    const end = m.index + m[0].length
    if (m[1] === ".") {
      const next = NEXT_WORD_RE.exec(text.slice(end, end + 60))?.[1] ?? ""
      if (!periodEndsSentence(text, m.index + 1, next)) continue
    }
    sentences.push(text.slice(start, end))
    start = end
  }
  sentences.push(text.slice(start))
  return sentences.map((s) => s.trim()).filter((s) => s !== "")
}

// ---------------------------------------------------------------------------------------------------------------
// Raw counts (pooled over samples for a target, so they stay additive)

interface Counts {
  readonly sentenceLengths: ReadonlyArray<number>
  readonly words: number
  readonly letters: number
  readonly lettered: number // words with at least one letter
  readonly functionWords: ReadonlyMap<string, number>
  readonly marks: Readonly<Record<PunctuationMark, number>>
  readonly contractions: number
  readonly passiveSentences: number
}

const NEGATIVE_CONTRACTION_RE = /^(\p{L}+)n't$/u
const CONTRACTION_RE = /^(\p{L}+)'(s|re|ve|ll|d|m)$/u
const CONTRACTION_SUFFIXES: Readonly<Record<string, string>> = {
  re: "are",
  ve: "have",
  ll: "will",
  d: "would",
  m: "am",
  s: "is"
}
const NEGATIVE_BASES: Readonly<Record<string, string>> = { ca: "can", wo: "will", sha: "shall" }
/** "'s" is a contraction only after these; elsewhere it is a possessive ("Ada's"). */
const IS_CONTRACTION_BASES = new Set("it that there here what who where how he she let when why this".split(" "))

/** Function-word tokens of one word, counting "don't" as "do not" so contractions do not skew the profile. */
const expandWord = (lower: string): { readonly parts: ReadonlyArray<string>; readonly contraction: boolean } => {
  if (!lower.includes("'")) return { parts: [lower], contraction: false }
  const negative = NEGATIVE_CONTRACTION_RE.exec(lower)
  if (negative) {
    const base = negative[1] ?? ""
    return { parts: [NEGATIVE_BASES[base] ?? base, "not"], contraction: true }
  }
  const other = CONTRACTION_RE.exec(lower)
  if (other) {
    const base = other[1] ?? ""
    const suffix = other[2] ?? ""
    if (suffix === "s" && !IS_CONTRACTION_BASES.has(base)) return { parts: [base], contraction: false }
    return { parts: [base, CONTRACTION_SUFFIXES[suffix] ?? ""], contraction: true }
  }
  return { parts: [lower], contraction: false }
}

const IRREGULAR_PARTICIPLES =
  "done made given taken written seen known shown built sent found held kept left lost paid put read run said set " +
  "sold told thought brought bought caught taught understood chosen driven eaten forgotten gotten hidden spoken " +
  "stolen broken begun drawn grown thrown worn won led met cut hit hurt let shut split spread meant felt dealt " +
  "born borne bound fed fought forbidden frozen heard hung laid lent lit mistaken overseen overtaken paid proven " +
  "rewritten ridden risen shaken shed shot sought spent stood struck sworn swept torn undone upheld withdrawn " +
  "woken wound"
const PASSIVE_RE = new RegExp(
  String.raw`\b(?:am|is|are|was|were|be|been|being|get|gets|got|gotten|'s|'re)\s+` +
    // Up to two adverbs may stand between the verb and the participle ("is not always used").
    String.raw`(?:(?:not|never|also|often|usually|always|then|now|already|still|just|only|\p{L}+ly)\s+){0,2}` +
    String.raw`(\p{L}{2,}ed|${IRREGULAR_PARTICIPLES.split(" ").join("|")})\b`,
  // Matched against a lower-cased sentence: case-insensitive Unicode matching is much slower.
  "u"
)
/** Words ending in "-ed" that are not participles. */
const NOT_PARTICIPLES = new Set(
  "need speed seed feed bed red shed breed indeed hundred exceed proceed succeed embed embedded deed weed greed".split(
    " "
  )
)

const isPassive = (lowerSentence: string): boolean => {
  const m = PASSIVE_RE.exec(lowerSentence)
  return m !== null && !NOT_PARTICIPLES.has(m[1] ?? "")
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

const countPlain = (plain: string): Counts => {
  const sentenceLengths: Array<number> = []
  const functionWords = new Map<string, number>()
  let letters = 0
  let lettered = 0
  let contractions = 0
  let passiveSentences = 0
  for (const sentence of splitSentences(plain)) {
    const tokens = sentence.match(WORD_RE) ?? []
    if (tokens.length === 0) continue
    sentenceLengths.push(tokens.length)
    if (isPassive(sentence.toLowerCase())) passiveSentences++
    for (const token of tokens) {
      const count = countLetters(token)
      if (count > 0) {
        letters += count
        lettered++
      }
      const { contraction, parts } = expandWord(token.toLowerCase())
      if (contraction) contractions++
      for (const part of parts)
        if (FUNCTION_WORD_SET.has(part)) functionWords.set(part, (functionWords.get(part) ?? 0) + 1)
    }
  }
  const marks = emptyMarks()
  for (const mark of MARKS) marks[mark] = plain.match(MARK_PATTERNS[mark])?.length ?? 0
  const words = sentenceLengths.reduce((a, b) => a + b, 0)
  return { sentenceLengths, words, letters, lettered, functionWords, marks, contractions, passiveSentences }
}

const mergeCounts = (all: ReadonlyArray<Counts>): Counts => {
  const functionWords = new Map<string, number>()
  const marks = emptyMarks()
  for (const c of all) {
    for (const [w, n] of c.functionWords) functionWords.set(w, (functionWords.get(w) ?? 0) + n)
    for (const mark of MARKS) marks[mark] += c.marks[mark]
  }
  const sum = (f: (c: Counts) => number) => all.reduce((acc, c) => acc + f(c), 0)
  return {
    sentenceLengths: all.flatMap((c) => c.sentenceLengths),
    words: sum((c) => c.words),
    letters: sum((c) => c.letters),
    lettered: sum((c) => c.lettered),
    functionWords,
    marks,
    contractions: sum((c) => c.contractions),
    passiveSentences: sum((c) => c.passiveSentences)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Banned phrases

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** Case-insensitive, on word boundaries, flexible about spaces/hyphens; a single word also matches its inflections. */
const phrasePattern = (phrase: string): RegExp => {
  const normal = phrase.trim().toLowerCase().replace(/’/g, "'")
  const body = normal
    .split(/[\s-]+/)
    .map(escapeRegExp)
    .join(String.raw`[\s-]+`)
  const single = /^\p{L}+$/u.test(normal)
  const inflected = !single
    ? body
    : normal.endsWith("e")
      ? `${body.slice(0, -1)}(?:e|es|ed|ing)`
      : `${body}(?:s|es|ed|ing)?`
  // Matched against lower-cased text, which is faster than a case-insensitive pattern.
  return new RegExp(String.raw`(?<![\p{L}\p{N}])${inflected}(?![\p{L}\p{N}])`, "u")
}

const PATTERN_CACHE = new Map<string, RegExp>()
const PATTERN_CACHE_LIMIT = 2000

const patternFor = (phrase: string): RegExp => {
  const cached = PATTERN_CACHE.get(phrase)
  if (cached) return cached
  const pattern = phrasePattern(phrase)
  if (PATTERN_CACHE.size >= PATTERN_CACHE_LIMIT) PATTERN_CACHE.clear()
  PATTERN_CACHE.set(phrase, pattern)
  return pattern
}

const findPhrases = (plain: string, phrases: ReadonlyArray<string>): ReadonlyArray<string> => {
  const found = new Set<string>()
  const lower = plain.toLowerCase()
  for (const phrase of phrases) {
    const key = phrase.trim().toLowerCase()
    if (key !== "" && !found.has(key) && patternFor(phrase).test(lower)) found.add(key)
  }
  return [...found]
}

// ---------------------------------------------------------------------------------------------------------------
// Features

const mean = (xs: ReadonlyArray<number>): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length)

const spread = (xs: ReadonlyArray<number>): number => {
  if (xs.length < 2) return 0
  const m = mean(xs)
  return Math.sqrt(xs.reduce((acc, x) => acc + (x - m) ** 2, 0) / xs.length)
}

const per100 = (n: number, words: number): number => (words === 0 ? 0 : (n / words) * 100)

const toFeatures = (c: Counts, bannedPhrases: ReadonlyArray<string>): StyleFeatures => {
  const functionWords: Record<string, number> = {}
  for (const w of FUNCTION_WORDS) functionWords[w] = c.words === 0 ? 0 : (c.functionWords.get(w) ?? 0) / c.words
  const punctuation = emptyMarks()
  for (const mark of MARKS) punctuation[mark] = per100(c.marks[mark], c.words)
  return {
    words: c.words,
    sentences: c.sentenceLengths.length,
    sentenceLengthMean: mean(c.sentenceLengths),
    sentenceLengthSpread: spread(c.sentenceLengths),
    wordLengthMean: c.lettered === 0 ? 0 : c.letters / c.lettered,
    functionWords,
    punctuation,
    contractionRate: per100(c.contractions, c.words),
    passiveRate: c.sentenceLengths.length === 0 ? 0 : c.passiveSentences / c.sentenceLengths.length,
    bannedPhrases
  }
}

/** Measure one text. `avoid` adds a profile's own phrases to GENERIC_PHRASES for `bannedPhrases`. */
export const measureStyle = (text: string, avoid: ReadonlyArray<string> = []): StyleFeatures => {
  const plain = stripMarkdown(text)
  return toFeatures(countPlain(plain), findPhrases(plain, [...GENERIC_PHRASES, ...avoid]))
}

/**
 * Pool the samples' sentences and words into one target. `features.bannedPhrases` lists the generic phrases the
 * samples themselves use: those are part of the style and are not penalised later (the profile's `avoid` always is).
 */
export const buildStyleTarget = (samples: ReadonlyArray<string>, avoid: ReadonlyArray<string>): StyleTarget => {
  const plains = samples.map(stripMarkdown)
  const counts = mergeCounts(plains.map(countPlain))
  const used = findPhrases(plains.join("\n\n"), GENERIC_PHRASES)
  return { features: toFeatures(counts, used), avoid: [...avoid] }
}

// ---------------------------------------------------------------------------------------------------------------
// Scoring

/** 100 at the target, about 80 one tolerance away, 45 at two, 16 at three. */
const closeness = (value: number, target: number, tolerance: number): number =>
  100 * Math.exp(-0.2 * ((value - target) / tolerance) ** 2)

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x))

const cosine = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): number => {
  let dot = 0
  let na = 0
  let nb = 0
  for (const w of FUNCTION_WORDS) {
    const x = a[w] ?? 0
    const y = b[w] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

const round = (x: number, digits = 0): string => {
  const f = 10 ** digits
  return String(Math.round(x * f) / f)
}

const WEIGHTS: Readonly<Record<string, number>> = {
  sentenceLength: 3,
  bannedPhrases: 2.5,
  functionWords: 1.5,
  sentenceSpread: 1,
  wordLength: 1,
  punctuation: 1,
  contractions: 0.75,
  passive: 0.75
}

/** Points subtracted from the weighted score for every banned phrase, on top of its sub-score. */
const PHRASE_PENALTY = 12
/** A part at or above this needs no feedback. */
const GOOD_ENOUGH = 70

interface Judged {
  readonly score: number
  readonly feedback?: string
}

const judgeSentenceLength = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // The mean of n sentences varies like spread/sqrt(n); one or two sentences get extra room on top of that.
  const shortText = f.sentences <= 2 ? 1.3 : 1
  const tolerance =
    Math.max(t.sentenceLengthSpread / Math.sqrt(f.sentences), 0.15 * t.sentenceLengthMean, 2) * shortText
  const score = closeness(f.sentenceLengthMean, t.sentenceLengthMean, tolerance)
  if (score >= GOOD_ENOUGH) return { score }
  const longer = f.sentenceLengthMean > t.sentenceLengthMean
  const figures = `average ${round(f.sentenceLengthMean)} words, target about ${round(t.sentenceLengthMean)}.`
  return {
    score,
    feedback: longer ? `Shorten sentences: ${figures}` : `Lengthen sentences (combine short ones): ${figures}`
  }
}

const judgeSpread = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const tolerance = Math.max(0.35 * t.sentenceLengthSpread, 2)
  const score = closeness(f.sentenceLengthSpread, t.sentenceLengthSpread, tolerance)
  if (score >= GOOD_ENOUGH) return { score }
  const figures = `spread ${round(f.sentenceLengthSpread)} words, target about ${round(t.sentenceLengthSpread)}.`
  return {
    score,
    feedback:
      f.sentenceLengthSpread < t.sentenceLengthSpread
        ? `Vary sentence length more, mixing short and long sentences: ${figures}`
        : `Make sentence lengths more even: ${figures}`
  }
}

const judgeWordLength = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // A mean over few words is noisy: single words vary by about 2.5 letters.
  const tolerance = Math.max(0.3, 2.5 / Math.sqrt(Math.max(1, f.words)))
  const score = closeness(f.wordLengthMean, t.wordLengthMean, tolerance)
  if (score >= GOOD_ENOUGH) return { score }
  const figures = `average ${round(f.wordLengthMean, 1)} letters per word, target about ${round(t.wordLengthMean, 1)}.`
  return {
    score,
    feedback:
      f.wordLengthMean > t.wordLengthMean
        ? `Use shorter, plainer words: ${figures}`
        : `Use more precise, longer words where natural: ${figures}`
  }
}

const quoteList = (words: ReadonlyArray<string>): string => words.map((w) => `"${w}"`).join(", ")

const judgeFunctionWords = (f: StyleFeatures, t: StyleFeatures): Judged => {
  // Few words give a sparse profile, so short texts are compared against a lower floor.
  const floor = f.words < 60 ? 0.15 : 0.35
  const score = clamp(((cosine(f.functionWords, t.functionWords) - floor) / (0.9 - floor)) * 100, 0, 100)
  if (score >= GOOD_ENOUGH) return { score }
  const diffs = FUNCTION_WORDS.map((w) => ({ w, d: (f.functionWords[w] ?? 0) - (t.functionWords[w] ?? 0) }))
  const more = diffs
    .filter((x) => x.d < -0.005)
    .toSorted((a, b) => a.d - b.d)
    .slice(0, 3)
    .map((x) => x.w)
  const fewer = diffs
    .filter((x) => x.d > 0.005)
    .toSorted((a, b) => b.d - a.d)
    .slice(0, 3)
    .map((x) => x.w)
  const parts = [more.length > 0 ? `more ${quoteList(more)}` : "", fewer.length > 0 ? `fewer ${quoteList(fewer)}` : ""]
  const detail = parts.filter((p) => p !== "").join("; ")
  return {
    score,
    feedback:
      `Phrase sentences more like the samples${detail ? ` (use ${detail})` : ""}: ` +
      `function-word match ${round(score)}%.`
  }
}

/**
 * Tolerance for a per-100-words rate. Occurrences in a short text are few and vary like a Poisson count (standard
 * deviation about the square root of the expected count), so a 20-word text without a single comma is no evidence
 * against a profile with 5 commas per 100 words; long texts fall back to half the target rate.
 */
const rateTolerance = (target: number, words: number): number => {
  const n = Math.max(1, words)
  const expected = (target * n) / 100
  return Math.max(0.5 * target, (100 * Math.sqrt(expected + 1)) / n, 1)
}

const judgePunctuation = (f: StyleFeatures, t: StyleFeatures): { score: number; feedback: ReadonlyArray<string> } => {
  const feedback: Array<string> = []
  let sum = 0
  for (const mark of MARKS) {
    const value = f.punctuation[mark]
    const target = t.punctuation[mark]
    const s = closeness(value, target, rateTolerance(target, f.words))
    sum += s
    if (s < 50) {
      const [, plural] = MARK_NAMES[mark]
      const direction = value > target ? (target < 0.25 ? "Avoid" : "Use fewer") : "Use more"
      feedback.push(`${direction} ${plural}: ${round(value, 1)} per 100 words, target about ${round(target, 1)}.`)
    }
  }
  return { score: sum / MARKS.length, feedback }
}

const judgeContractions = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const score = closeness(f.contractionRate, t.contractionRate, rateTolerance(t.contractionRate, f.words))
  if (score >= GOOD_ENOUGH) return { score }
  const figures = `${round(f.contractionRate, 1)} per 100 words, target about ${round(t.contractionRate, 1)}.`
  return {
    score,
    feedback:
      f.contractionRate > t.contractionRate
        ? `${t.contractionRate < 0.25 ? "Avoid" : "Use fewer"} contractions (write "do not", "it is"): ${figures}`
        : `Use more contractions ("don't", "it's"): ${figures}`
  }
}

const judgePassive = (f: StyleFeatures, t: StyleFeatures): Judged => {
  const tolerance = Math.max(0.15, 0.5 / Math.sqrt(Math.max(1, f.sentences)))
  const score = closeness(f.passiveRate, t.passiveRate, tolerance)
  if (score >= GOOD_ENOUGH) return { score }
  const figures = `${round(f.passiveRate * 100)}% of sentences, target about ${round(t.passiveRate * 100)}%.`
  return {
    score,
    feedback:
      f.passiveRate > t.passiveRate
        ? `Use the active voice more (name who acts): passive in ${figures}`
        : `Use the passive voice more where the actor does not matter: passive in ${figures}`
  }
}

/**
 * Phrases to penalise, the profile's own first: its `avoid` list always, generic phrases unless the samples use them
 * themselves.
 */
const penalisedPhrases = (found: ReadonlyArray<string>, target: StyleTarget): ReadonlyArray<string> => {
  const avoid = new Set(target.avoid.map((p) => p.trim().toLowerCase()))
  const allowed = new Set(target.features.bannedPhrases)
  return [...found.filter((p) => avoid.has(p)), ...found.filter((p) => !avoid.has(p) && !allowed.has(p))]
}

const EMPTY_PARTS: Readonly<Record<string, number>> = Object.fromEntries(Object.keys(WEIGHTS).map((k) => [k, 0]))

/** Score a text against a target built from the profile's samples. */
export const assessStyle = (text: string, target: StyleTarget): StyleAssessment => {
  const f = measureStyle(text, target.avoid)
  if (f.words === 0) return { score: 0, parts: EMPTY_PARTS, feedback: ["Write the text: it has no words."] }
  const t = target.features
  const banned = penalisedPhrases(f.bannedPhrases, target)
  const bannedScore = Math.max(0, 100 - 40 * banned.length)
  const feedback: Array<string> = []
  const parts: Record<string, number> = { bannedPhrases: bannedScore }
  const weights: Record<string, number> = { bannedPhrases: WEIGHTS["bannedPhrases"] ?? 0 }
  if (t.words > 0) {
    const punctuation = judgePunctuation(f, t)
    const judged: ReadonlyArray<readonly [string, Judged]> = [
      ["sentenceLength", judgeSentenceLength(f, t)],
      ["sentenceSpread", judgeSpread(f, t)],
      ["wordLength", judgeWordLength(f, t)],
      ["functionWords", judgeFunctionWords(f, t)],
      ["punctuation", { score: punctuation.score }],
      ["contractions", judgeContractions(f, t)],
      ["passive", judgePassive(f, t)]
    ]
    for (const [name, j] of judged) {
      parts[name] = j.score
      // The spread of one or two sentences says nothing about the writer: shown, but not weighed or fed back.
      const measurable = name !== "sentenceSpread" || (f.sentences >= 3 && t.sentences >= 3)
      weights[name] = measurable ? (WEIGHTS[name] ?? 0) : 0
      if (measurable && j.feedback) feedback.push(j.feedback)
    }
    feedback.push(...punctuation.feedback)
  }
  if (banned.length > 0) feedback.unshift(`Remove generic phrases: ${quoteList(banned)}.`)
  let weighted = 0
  let weightSum = 0
  for (const [name, score] of Object.entries(parts)) {
    weighted += score * (weights[name] ?? 0)
    weightSum += weights[name] ?? 0
  }
  const score = clamp(weighted / weightSum - PHRASE_PENALTY * banned.length, 0, 100)
  const rounded: Record<string, number> = {}
  for (const [name, s] of Object.entries(parts)) rounded[name] = Math.round(s)
  return { score: Math.round(score), parts: rounded, feedback }
}
