/**
 * The word lists names are read with in one language (titles, connectors, name suffixes, family names, common
 * capitalised words), and when two name words are the same: in languages that inflect names ("Ивана", "Kellers")
 * two forms of one stem are; and a name written as its adjective or demonym ("Bordeaux" → "bordelais") is kept.
 */
import type { Lang, Lexicon, LexiconData } from "./Lexicon.ts"

/** Languages that inflect names ("Ивана", "Kellers"): a shared stem is the same name. */
const INFLECTING: ReadonlySet<Lang> = new Set(["de", "ru"])

/** The name word lists of a language, as sets. */
export interface NameLists {
  readonly common: ReadonlySet<string>
  readonly titles: ReadonlySet<string>
  readonly connectors: ReadonlySet<string>
  readonly determiners: ReadonlySet<string>
  readonly skip: ReadonlySet<string>
  readonly suffixes: ReadonlySet<string>
  readonly surnames: ReadonlySet<string>
  readonly organisations: ReadonlyArray<string>
  readonly endings: RegExp
  /** Prepositions before a place named without an article ("in Mainz"), where nouns are capitalised too. */
  readonly places: ReadonlySet<string>
  /** Words that open a letter ("Dear", "Liebe", "Уважаемые"): the capitalised words after them address a group. */
  readonly salutations: ReadonlySet<string>
  /** Spelled numbers ("fifteen"): after a sentence's first word they make it a verb ("Allow fifteen minutes"). */
  readonly numbers: ReadonlySet<string>
  /** Endings of an adjective or demonym made from a name ("-ish" in "Spanish", "-ais" in "bordelais"). */
  readonly derived: RegExp
}

/** The name lists of a language file, with the ones only names read. */
type NameData = LexiconData["names"] & {
  /** Endings of adjectives and demonyms made from a place or a person ("-ian", "-ais", "-isch", "-ский"). */
  readonly derivedEndings?: ReadonlyArray<string>
}

const SINGLE_WORD_RE = /^\p{L}{3,}$/u

/**
 * Spelled numbers, fractions, percent words and unit names ("Three quarters", "Prozent", "Kilometer"): capitalised
 * at the start of a sentence or as a German noun, never names. Alphabetic languages only: in Chinese and Japanese a
 * numeral character may be part of a given name.
 */
const quantityWords = (lex: Lexicon): ReadonlyArray<string> => {
  if (lex.lang === "zh" || lex.lang === "ja") return []
  const { words, scales, fractions, ordinals, percent } = lex.numbers
  const all = [
    ...Object.keys(words),
    ...Object.keys(scales),
    ...Object.keys(ordinals),
    ...Object.keys(fractions).flatMap((f) => f.split(" ")),
    ...percent,
    ...Object.values(lex.units).flat()
  ]
  return all.filter((w) => SINGLE_WORD_RE.test(w))
}

/** Plural and case endings of weekday and month names: "Saturdays", "samedis", "Samstage", "sábados". */
const CALENDAR_ENDINGS = ["", "s", "e", "es", "en", "n"]

/**
 * Weekday and month names with their plural forms ("Saturdays", "Montage", "domingos"): dates, which the date
 * guard reads, never names, in every language and at any place in a sentence. So are abbreviated weekdays ("Mon",
 * "Fri", "sam.") and quarters ("Q3"); an abbreviated month may be a name ("Jan", "Mar").
 */
const calendarWords = (lex: Lexicon): ReadonlyArray<string> => [
  ...[...lex.weekdays.flat(), ...lex.months.flat()]
    .filter((w) => !w.endsWith("."))
    .flatMap((w) => CALENDAR_ENDINGS.map((e) => w.toLowerCase() + e)),
  ...lex.weekdays.flat().flatMap((w) => (w.endsWith(".") ? [w.toLowerCase().slice(0, -1)] : [])),
  // Quarters ("Q3"), which the date guard reads.
  "q1",
  "q2",
  "q3",
  "q4"
]

const cache = new Map<Lang, NameLists>()
export const nameLists = (lex: Lexicon): NameLists => {
  let sets = cache.get(lex.lang)
  if (sets === undefined) {
    const n: NameData = lex.names
    const derived = n.derivedEndings ?? []
    sets = {
      common: new Set(
        [...n.commonCapitalised, ...calendarWords(lex), ...quantityWords(lex)].map((w) => w.toLowerCase())
      ),
      titles: new Set(n.titles),
      connectors: new Set(n.connectors),
      determiners: new Set(n.determiners),
      skip: new Set(n.expansionSkip),
      suffixes: new Set(n.suffixes),
      surnames: new Set(n.surnames),
      organisations: n.organisations.toSorted((a, b) => b.length - a.length),
      endings: n.commonEndings.length > 0 ? new RegExp(`(?:${n.commonEndings.join("|")})$`, "u") : /(?!)/,
      places: new Set(n.placePrepositions ?? []),
      salutations: new Set(n.salutations ?? []),
      numbers: new Set(Object.keys(lex.numbers.words)),
      derived: derived.length > 0 ? new RegExp(`(?:${derived.join("|")})$`, "u") : /(?!)/
    }
    cache.set(lex.lang, sets)
  }
  return sets
}

/** The same name word: equal, or for inflecting languages a shared stem ("Иван" and "Ивану"). */
export const sameWord = (a: string, b: string, lang: Lang): boolean => {
  if (a === b) return true
  if (!INFLECTING.has(lang)) return false
  // German names only take an ending ("Müllers", "Stöckl" is not "Stöckel"); Russian ones decline ("Иванова").
  if (lang === "de") {
    const [short, long] = a.length <= b.length ? [a, b] : [b, a]
    return short.length >= 3 && long.startsWith(short) && long.length - short.length <= 2
  }
  const n = Math.min(a.length, b.length)
  if (n < 3 || Math.abs(a.length - b.length) > 3) return false
  const need = Math.max(3, Math.max(a.length, b.length) - 3)
  let i = 0
  while (i < n && a[i] === b[i]) i++
  return i >= need
}

/** Letters two forms of a name word, or a name and a word made from it, share at the start ("Spain", "Spanish"). */
export const DERIVED_PREFIX = 3

/** Distinct words, and the same by their first letters (made when first asked for): where a name word is looked up. */
export interface WordIndex {
  /** The words (a set, or a map whose keys are the words). */
  readonly all: Pick<ReadonlySet<string>, "has" | "keys">
  byStart?: Map<string, Array<string>>
}

const startOf = (w: string): string => w.slice(0, DERIVED_PREFIX)

/** The words of `index` that start like `key`: the candidates for its other forms. */
export const startingLike = (index: WordIndex, key: string): ReadonlyArray<string> => {
  if (index.byStart === undefined) {
    const byStart = new Map<string, Array<string>>()
    for (const w of index.all.keys()) {
      const list = byStart.get(startOf(w))
      if (list === undefined) byStart.set(startOf(w), [w])
      else list.push(w)
    }
    index.byStart = byStart
  }
  return index.byStart.get(startOf(key)) ?? []
}

/** Whether `index` has the name word `key`, in any of its forms. */
export const hasWord = (index: WordIndex, key: string, lang: Lang): boolean =>
  index.all.has(key) || (INFLECTING.has(lang) && startingLike(index, key).some((k) => sameWord(k, key, lang)))

/** Whether the words capitalised inside a sentence (`context`) have the name word `key`, in any of its forms. */
export const inContext = hasWord

/**
 * Whether `word` is an adjective or demonym made from the name word `name` ("bordeaux" → "bordelais", "bayern" →
 * "bayerische", "spain" → "spanish", "москва" → "московский"): it starts with at least five letters of the name, or
 * with all of it but its last one or two, and ends with an ending of such words. The ending keeps two different
 * names apart ("ortiz" and "ortega", "johnson" and "johnston").
 */
export const derivedFrom = (name: string, word: string, sets: NameLists): boolean => {
  if (word === name || word.length < name.length - 1 || !sets.derived.test(word)) return false
  let shared = 0
  while (shared < name.length && name[shared] === word[shared]) shared++
  return shared >= 5 || (shared >= DERIVED_PREFIX && shared >= name.length - 2)
}
