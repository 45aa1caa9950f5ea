/**
 * A text's prose for the style measures: markdown taken out, then split into paragraphs, sentences and words with a
 * hand-written sentence splitter and regular expressions, no model, so it can run on every rewrite attempt.
 */

import { type InlineOptions, readInline } from "../markdown/Inline.ts"

/** Stands for a code span or URL: one word without letters, so it counts in sentence length but not word length. */
export const PLACEHOLDER = "§"

/** Blocks break sentences: a heading or a list item has no period of its own. */
const INLINE: InlineOptions = { code: ` ${PLACEHOLDER} `, link: PLACEHOLDER, blocks: "break" }

/** The prose without markdown, with plain line ends and straight apostrophes; blocks are blank-line separated. */
export const stripMarkdown = (text: string): string =>
  readInline(text, INLINE).prose.replace(/\r\n?/g, "\n").replace(/’/g, "'")

/** Blank-line separated paragraphs of stripped prose. */
export const splitParagraphs = (plain: string): ReadonlyArray<string> =>
  plain.split(/\n[ \t]*\n/).filter((p) => p.trim() !== "")

/** A markdown block that is not a prose paragraph: a heading, quote, table, fence, list item or indented code. */
const NOT_PROSE_RE = /^(?: {4}|\t| {0,3}(?:#|>|\||```|~~~|[-*+][ \t]|\d{1,9}[.)][ \t]))/

/**
 * Sentences in each prose paragraph of the markdown source. Headings and list items are blocks of their own but not
 * paragraphs: counted as one-sentence paragraphs they would make any writer's paragraphs look short.
 */
export const paragraphSentences = (source: string): ReadonlyArray<number> =>
  source
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .filter((block) => block.trim() !== "" && !NOT_PROSE_RE.test(block))
    .map((block) => splitSentences(block).length)

/** A word: letters and digits joined by apostrophes, hyphens or periods; "1,200" and "10:30" stay one word. */
export const WORD_RE = /§|[\p{L}\p{N}]+(?:['.-][\p{L}\p{N}]+|(?<=\d)[,:]\d+)*/gu
const LETTER_RE = /\p{L}/u

/** Letters in a word; ASCII is checked by code point because this runs for every word of every attempt. */
export const countLetters = (word: string): number => {
  let n = 0
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i)
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c > 127 && LETTER_RE.test(word.charAt(i)))) n++
  }
  return n
}

/** A candidate boundary: end punctuation and closing quotes before a space and a sentence-like start; a blank line. */
const BOUNDARY_RE = /([.!?…]+)["')\]”]*(?=\s+["'([“‘¿¡]*[\p{Lu}\p{N}§])|\n[ \t]*\n/gu
const WORD_BEFORE_RE = /([\p{L}\p{N}.]*)$/u
const NEXT_WORD_RE = /^\s+["'([“‘¿¡]*([\p{L}\p{N}§]+)/u

/** Abbreviations after which a capitalised word continues the sentence ("Dr. Smith", "e.g. Python"). */
const NEVER_TERMINAL = new Set(
  (
    "mr mrs ms dr prof sr jr st vs cf e.g i.e fig figs approx ca gen col lt sgt capt rev hon vol vols pp ch eq " +
    "ref mt z.b d.h u.a bzw ggf vgl"
  ).split(" ")
)

/** Abbreviations that may also end a sentence: break only when a typical sentence opener follows. */
const SOMETIMES_TERMINAL = new Set(
  (
    "inc ltd corp co etc al ed eds sec usw " +
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
