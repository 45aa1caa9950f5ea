/**
 * Acronyms and the other forms that make a word a name in any position and language ("NASA", "GitHub", "GPT4"), and
 * the two ways a rewrite may trade an acronym for its expansion: "TLS" → "Transport Layer Security" and back.
 */
import { foldAccents, type Prepared } from "./Text.ts"

const ACRONYM_RE = /^\p{Lu}[\p{Lu}\d&]*\p{Lu}$/u
const CAMEL_RE = /^\p{Ll}+\p{Lu}|^\p{Lu}\p{Ll}+\p{Lu}/u
const DIGIT_WORD_RE = /^\p{L}[\p{L}\-.]*\d/u
/** "under-12s", "over-65s": an age group, no name. */
const AGE_GROUP_RE = /^\p{L}+-\d+s$/u
const INNER_CAPITAL_OR_DIGIT_RE = /^.+[\p{Lu}\d]/u
const ACRONYM_PLURAL_RE = /^(\p{Lu}[\p{Lu}\d&]*\p{Lu})s$/u
const DOTTED_ACRONYM_RE = /^(?:\p{Lu}\.)+\p{Lu}$/u
const ELISION_RE = /^(?:[cdjlmnst]|qu)['’]/u

/** An acronym, CamelCase or digit word: a name wherever it stands. */
export const isStrong = (word: string): boolean =>
  INNER_CAPITAL_OR_DIGIT_RE.test(word) &&
  !AGE_GROUP_RE.test(word) &&
  (ACRONYM_RE.test(word) || CAMEL_RE.test(word) || DIGIT_WORD_RE.test(word))

/** A dotted or plural acronym in its plain form ("U.S" → "US", "APIs" → "API"); any other word as it is. */
export const acronymForm = (word: string): string => {
  if (word.includes(".") && DOTTED_ACRONYM_RE.test(word)) return word.replaceAll(".", "")
  return ACRONYM_PLURAL_RE.exec(word)?.[1] ?? word
}

const partsCache = new WeakMap<Prepared, ReadonlyArray<string>>()
const expandsCache = new WeakMap<Prepared, Map<string, boolean>>()

/**
 * Whether `text` spells out the acronym: words whose initials are its letters, small words skipped. Looked up once
 * for each acronym and text: a long paragraph repeats its acronyms.
 */
export const expands = (written: string, p: Prepared, skip: ReadonlySet<string>): boolean => {
  let known = expandsCache.get(p)
  if (known === undefined) expandsCache.set(p, (known = new Map()))
  let found = known.get(written)
  if (found === undefined) known.set(written, (found = spelledOut(written, p, skip)))
  return found
}

const spelledOut = (written: string, p: Prepared, skip: ReadonlySet<string>): boolean => {
  const acronym = acronymForm(written)
  const letters = foldAccents(acronym.toLowerCase())
  if (!ACRONYM_RE.test(acronym) || /\d/.test(letters)) return false
  // "relevé d'identité bancaire": an elided article is no initial.
  let parts = partsCache.get(p)
  if (parts === undefined) {
    parts = p.words.flatMap((w) => w.lower.replace(ELISION_RE, "").split("-"))
    partsCache.set(p, parts)
  }
  for (let s = 0; s < parts.length; s++) {
    let k = 0
    let i = s
    while (i < parts.length && k < letters.length) {
      const part = parts[i] as string
      if (part.normalize("NFD")[0] === letters[k]) k++
      else if (!(k > 0 && skip.has(part))) break
      i++
    }
    if (k === letters.length) return true
  }
  return parts.some((_, s) => compounded(letters, parts, s, skip))
}

/**
 * Whether the words from `s` spell the acronym as compounds do ("DSGVO": "Datenschutz-Grundverordnung", "МФЦ":
 * "многофункциональный центр"): each word starts with the next letter and holds the following ones in order.
 */
const compounded = (letters: string, parts: ReadonlyArray<string>, s: number, skip: ReadonlySet<string>): boolean => {
  let k = 0
  for (let i = s; i < parts.length && k < letters.length; i++) {
    const part = (parts[i] as string).normalize("NFD")
    if (part[0] !== letters[k]) {
      if (k > 0 && skip.has(part)) continue
      return false
    }
    k++
    for (let at = 1; at < part.length && k < letters.length; at++) if (part[at] === letters[k]) k++
  }
  return k === letters.length && letters.length >= 2
}

/**
 * Whether `p` has the acronym of a multi-word name ("Transport Layer Security" → "TLS"). `nameKeys` are the name's
 * words and `keys` the words of `p`, both normalised and lower-cased.
 */
export const abbreviated = (
  nameKeys: ReadonlyArray<string>,
  p: Prepared,
  keys: Pick<ReadonlySet<string>, "has">,
  skip: ReadonlySet<string>
): boolean => {
  const letters = nameKeys
    .flatMap((k) => k.split("-"))
    .filter((k) => !skip.has(k))
    .map((k) => k.normalize("NFD")[0])
    .join("")
  return letters.length >= 2 && keys.has(letters) && p.prose.includes(letters.toUpperCase())
}
