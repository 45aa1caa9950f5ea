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
