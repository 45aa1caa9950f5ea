/**
 * One paragraph made ready for the guards: markdown code spans and link targets taken out as facts of their own (so
 * they leak no digits or words into the other guards), the language recognised, and the prose split into sentences
 * and words. The markdown is read from the mdast tree (src/markdown); the rest is regular expressions and look-ups.
 */
import { type InlineOptions, readInline } from "../markdown/Inline.ts"
import { type Lang, lexicon, MARKED_LANGS } from "./Lexicon.ts"

export interface Word {
  readonly text: string
  readonly lower: string
  /** Offset in `prose`. */
  readonly start: number
  readonly end: number
  /** Index of its sentence in `sentences`. */
  readonly sentence: number
}

export interface Prepared {
  readonly lang: Lang
  /** Inline code spans, in order of appearance. */
  readonly codes: ReadonlyArray<string>
  /** URLs, link targets and e-mail addresses, in order of appearance. */
  readonly urls: ReadonlyArray<string>
  /** The text without code spans, link targets, HTML tags and emphasis markers; link labels stay. */
  readonly prose: string
  readonly lower: string
  /** Sentences of `prose` as [start, end) offsets. */
  readonly sentences: ReadonlyArray<readonly [number, number]>
  readonly words: ReadonlyArray<Word>
}

/** Prepares a text; `lang` forces the language (a rewrite is read in its original's language). */
export const prepare = (text: string, lang?: Lang): Prepared => {
  const { codes, urls, prose } = readInline(text, INLINE)
  const language = lang ?? detectLanguage(prose)
  const lower = lowerSameLength(prose)
  const sentences = splitSentences(prose)
  return { lang: language, codes, urls, prose, lower, sentences, words: splitWords(prose, lower, language, sentences) }
}

/** The words of `prepared` inside [start, end). */
export const wordsIn = (prepared: Prepared, start: number, end: number): ReadonlyArray<Word> => {
  const words = prepared.words
  const out: Array<Word> = []
  for (let i = wordAt(words, start); i < words.length && (words[i] as Word).start < end; i++) {
    const w = words[i] as Word
    if (w.end <= end) out.push(w)
  }
  return out
}

/** The first index in [0, length) at which `reached` holds, for a test that holds from some index on (a binary search). */
export const firstIndex = (length: number, reached: (i: number) => boolean): number => {
  let lo = 0
  let hi = length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (reached(mid)) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** The index of the first word at or after `offset` (words are in order), or the number of words. */
export const wordAt = (words: ReadonlyArray<Word>, offset: number): number =>
  firstIndex(words.length, (i) => (words[i] as Word).start >= offset)

// ---------------------------------------------------------------------------------------------------------------
// Markdown

/** Code and links leave a space, so the words on either side stay apart; blocks keep their source layout. */
const INLINE: InlineOptions = { code: " ", link: " ", blocks: "source" }

// ---------------------------------------------------------------------------------------------------------------
// Language

const KANA_RE = /[\p{Script=Hiragana}\p{Script=Katakana}]/u
const HAN_RE = /\p{Script=Han}/u
const CYRILLIC_RE = /\p{Script=Cyrillic}/gu
const LATIN_WORD_RE = /\p{Script=Latin}+/gu

/**
 * The language of a paragraph: by script for Chinese, Japanese and Russian, by its most frequent small words for
 * the Latin-script languages. A paragraph in none of them is "other", and the guards that need word lists skip it.
 */
export const detectLanguage = (text: string): Lang => {
  if (KANA_RE.test(text)) return "ja"
  if (HAN_RE.test(text)) return "zh"
  const cyrillic = text.match(CYRILLIC_RE)?.length ?? 0
  const latinWords = text.match(LATIN_WORD_RE) ?? []
  if (cyrillic > 0 && cyrillic >= latinWords.join("").length) return "ru"
  let best: Lang = "other"
  let bestScore = 0
  let tied = false
  const scores = new Map<Lang, number>()
  for (const lang of MARKED_LANGS) {
    const markers = lexicon(lang).markerSet
    let score = 0
    for (const word of latinWords) if (markers.has(word.toLowerCase())) score++
    scores.set(lang, score)
    if (score > bestScore) {
      best = lang
      bestScore = score
      tied = false
    } else if (score === bestScore && score > 0) tied = true
  }
  // One small word decides a short sentence when no other language claims as many; a paragraph of prose has many.
  if (!tied && bestScore >= 1) return best
  // A tie between languages that share small words ("es", "se", "la"), or a short greeting with none ("Danke
  // schön!", "Oye, ¿vienes?"), is settled by the letters and spellings of each language.
  // With no small word at all a long text needs two spellings of one language, else it is in another language.
  if (bestScore === 0 && latinWords.length > SHORT_TEXT) return bySpelling(text, 2) ?? "other"
  const lettered = /[äöüß]/i.test(text)
    ? "de"
    : /[ñ¿¡áíóú]/i.test(text)
      ? "es"
      : /[àâçèêëîïôûùœ]/i.test(text)
        ? "fr"
        : null
  // Spellings choose among the languages tied on small words, or any when there were none.
  const spelled = lettered ?? bySpelling(text)
  if (spelled !== undefined && (lettered !== null || (scores.get(spelled) ?? 0) === bestScore)) return spelled
  return bestScore >= 2 || (bestScore === 1 && latinWords.length <= 4) ? best : "other"
}

/** Up to this many words make a short text ("Danke schön!", "Hallo, bis morgen."). */
const SHORT_TEXT = 6

/** Letters and spellings only one of the Latin-script languages has. */
const SPELLINGS: ReadonlyArray<readonly [Lang, RegExp]> = [
  ["de", /[äöüß]|sch|\p{L}(?:ung|keit|heit|lich)\b|\b(?:ich|nicht|bitte|danke|hallo|gib|gibt|gab)\b/giu],
  ["es", /[ñ¿¡]|ción\b|\b(?:hola|oye|gracias|usted|muy|pero)\b/giu],
  ["fr", /[çœèêëîïôûù]|\p{L}eau[x]?\b|\b(?:[cdjlmnst]|qu)['’]\p{L}|\b(?:salut|bonjour|merci|beaucoup|oui|très)\b/giu],
  ["en", /\bth\p{L}|\bwh\p{L}|\p{L}ing\b|\b(?:hi|hello|thanks|ok|okay|please)\b/giu]
]

const bySpelling = (text: string, least = 1): Lang | undefined => {
  let best: Lang | undefined
  let bestScore = 0
  let tied = false
  for (const [lang, re] of SPELLINGS) {
    const score = text.match(re)?.length ?? 0
    if (score > bestScore) {
      best = lang
      bestScore = score
      tied = false
    } else if (score === bestScore && score > 0) tied = true
  }
  return tied || bestScore < least ? undefined : best
}

// ---------------------------------------------------------------------------------------------------------------
// Sentences and words

/** A lower-case copy with the same offsets (a few characters change length when lower-cased). */
const lowerSameLength = (text: string): string => {
  const lower = text.toLowerCase()
  return lower.length === text.length
    ? lower
    : [...text].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join("")
}

/**
 * A sentence ends at a full stop, a question or exclamation mark, or before a line that starts a list item ("- ", "•",
 * "1."), or at a blank line: each item of a slide or a list is a statement of its own.
 */
const SENTENCE_END_RE = /[.!?]+(?=\s+|$)|[。！？]+|\n(?=[ \t]*(?:[-*•·●▪–—]|\d{1,2}[.)、]|\n))/g
/** Abbreviations after which a full stop does not end a sentence. */
const ABBREVIATION_RE =
  /(?:^|\s)(?:e\.g|i\.e|etc|vs|approx|incl|dr|mr|mrs|ms|prof|no|z\.b|d\.h|usw|bzw|ca|p\.ej|env|cf|т\.е|т\.к|др)\.$/i

const splitSentences = (prose: string): ReadonlyArray<readonly [number, number]> => {
  const out: Array<readonly [number, number]> = []
  let start = 0
  for (const m of prose.matchAll(SENTENCE_END_RE)) {
    const end = m.index + m[0].length
    if (m[0] === "." && ABBREVIATION_RE.test(prose.slice(Math.max(0, m.index - 8), end))) continue
    // A full stop between digits ("1.5") never matches: the look-ahead asks for a space.
    if (prose.slice(start, end).trim() !== "") out.push([start, end])
    start = end
  }
  if (prose.slice(start).trim() !== "") out.push([start, prose.length])
  return out
}

const WORD_RE = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu
const segmenters = new Map<string, Intl.Segmenter>()
const segmenterFor = (lang: string) => {
  let segmenter = segmenters.get(lang)
  if (segmenter === undefined) {
    segmenter = new Intl.Segmenter(lang, { granularity: "word" })
    segmenters.set(lang, segmenter)
  }
  return segmenter
}

const splitWords = (
  prose: string,
  lower: string,
  lang: Lang,
  sentences: ReadonlyArray<readonly [number, number]>
): ReadonlyArray<Word> => {
  const spans: Array<readonly [number, number]> = []
  if (lang === "zh" || lang === "ja") {
    for (const s of segmenterFor(lang).segment(prose)) {
      if (s.isWordLike === true) spans.push([s.index, s.index + s.segment.length])
    }
  } else {
    for (const m of prose.matchAll(WORD_RE)) spans.push([m.index, m.index + m[0].length])
  }
  let sentence = 0
  return spans.map(([start, end]) => {
    while (sentence < sentences.length - 1 && start >= (sentences[sentence]?.[1] ?? 0)) sentence++
    return { text: prose.slice(start, end), lower: lower.slice(start, end), start, end, sentence }
  })
}

/**
 * A word without its accents: "límite" and "ilimitada" share "limit". Plain ASCII has none to lose and is returned as
 * it is, without the Unicode normalisation (most words of most texts, and the guards fold every word).
 */
export const foldAccents = (s: string): string => (PLAIN_ASCII.test(s) ? s : s.normalize("NFD").replace(/\p{M}/gu, ""))

const PLAIN_ASCII = /^\p{ASCII}*$/u
