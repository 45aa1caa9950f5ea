/** A name as the guards read it, and how one is made from the words of a text. */
import { acronymForm } from "./Acronyms.ts"
import type { Word, Prepared } from "./Text.ts"

const POSSESSIVE_RE = /['’]s?$/u
const ELISION_RE = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/iu

export interface Name {
  /** As written, possessive removed. */
  readonly text: string
  /** Its words, lower-cased and normalised ("ada's" → "ada", "apis" → "api", "l'équipe" → "équipe"). */
  readonly keys: ReadonlyArray<string>
  /** An acronym, CamelCase or digit word: a name in any position and language. */
  readonly strong: boolean
  /** A capitalised first word of a sentence that is only probably a name: checked for loss, never as an addition. */
  readonly weak: boolean
  readonly start: number
  readonly end: number
  readonly sentence: number
  /** A party after a preposition or, in Russian, not in the nominative: not the subject of its clause. */
  readonly oblique?: boolean
  /** A Russian party in the instrumental: the agent of a passive clause. */
  readonly instrumental?: boolean
}

/** "Ada's" → "Ada", "APIs" → "API", "U.S" → "US", "l'Oréal" → "Oréal". */
export const normalise = (text: string): string => {
  let word = text.replace(ELISION_RE, "")
  if (word.length > 2) word = word.replace(POSSESSIVE_RE, "")
  return acronymForm(word)
}

export const makeName = (p: Prepared, run: ReadonlyArray<Word>, strong: boolean, weak: boolean): Name => {
  const first = run[0] as Word
  const last = run[run.length - 1] as Word
  const keys = run.map((w) => normalise(w.text).toLowerCase())
  const text = p.prose.slice(first.start, last.end).replace(POSSESSIVE_RE, "").replace(ELISION_RE, "")
  return { text, keys, strong, weak, start: first.start, end: last.end, sentence: first.sentence }
}
