/**
 * Phrases typical of generic model prose, and how a text is searched for them and for a profile's own phrases to avoid.
 */

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

// ---------------------------------------------------------------------------------------------------------------

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

export const findPhrases = (plain: string, phrases: ReadonlyArray<string>): ReadonlyArray<string> => {
  const found = new Set<string>()
  const lower = plain.toLowerCase()
  for (const phrase of phrases) {
    const key = phrase.trim().toLowerCase()
    if (key !== "" && !found.has(key) && patternFor(phrase).test(lower)) found.add(key)
  }
  return [...found]
}
