/**
 * Regular expressions built from the word lists. The phrases are data, written by people who should not need to
 * know which characters a pattern treats specially, so every phrase is escaped before it joins a pattern.
 */

const SPECIAL_RE = /[.*+?^${}()|[\]\\]/g

/** `s` matched literally inside a regular expression. */
export const escape = (s: string): string => s.replace(SPECIAL_RE, "\\$&")

/** A regex alternation of phrases, longest first; a trailing "." of an abbreviation becomes optional. */
export const alternation = (phrases: ReadonlyArray<string>): string =>
  [...new Set(phrases.map((p) => p.toLowerCase().replace(/\.$/, "")))]
    .filter((p) => p !== "")
    .toSorted((a, b) => b.length - a.length)
    .map(escape)
    .join("|") || "(?!)"

const WORD_START = "(?<![\\p{L}\\p{N}])"
const WORD_END = "(?![\\p{L}\\p{N}])"

/**
 * One global expression for a list of phrases, longest first: a phrase ending in "*" is a stem (any letters after
 * it), spaces match any run of white space, and a phrase starting with "~" is a regular expression as it is. Phrases
 * are whole words unless `cjk` (Chinese and Japanese have no spaces between words). Undefined for an empty list.
 */
export const phrasesPattern = (phrases: ReadonlyArray<string>, cjk: boolean): RegExp | undefined => {
  if (phrases.length === 0) return undefined
  const [l, r] = cjk ? ["", ""] : [WORD_START, WORD_END]
  const parts = phrases
    .toSorted((a, b) => b.length - a.length)
    .map((p) =>
      p.startsWith("~")
        ? p.slice(1)
        : `${l}${escape(p.replace(/\*$/u, "")).replace(/ /g, "\\s+")}${p.endsWith("*") ? "\\p{L}*" : ""}${r}`
    )
  return new RegExp(parts.join("|"), "gu")
}
