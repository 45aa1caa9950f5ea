/**
 * The English-only measures: contractions ("don't" read as "do not", so they do not skew the function words) and a
 * be-verb + past participle heuristic for the passive voice. Other languages skip these traits.
 */

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

export interface Expanded {
  readonly parts: ReadonlyArray<string>
  readonly contraction: boolean
}

/** The words one lower-cased English token stands for, and whether it is a contraction. */
export const expandEnglish = (lower: string): Expanded => {
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

export const isPassiveEnglish = (lowerSentence: string): boolean => {
  const m = PASSIVE_RE.exec(lowerSentence)
  return m !== null && !NOT_PARTICIPLES.has(m[1] ?? "")
}
