/**
 * The word lists names are read with in one language (titles, connectors, name suffixes, family names, common
 * capitalised words), and when two name words are the same: in languages that inflect names ("Ивана", "Kellers")
 * two forms of one stem are.
 */
import type { Lang, Lexicon } from "./Lexicon.ts"

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
  /** Spelled numbers ("fifteen"): after a sentence's first word they make it a verb ("Allow fifteen minutes"). */
  readonly numbers: ReadonlySet<string>
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

const cache = new Map<Lang, NameLists>()
export const nameLists = (lex: Lexicon): NameLists => {
  let sets = cache.get(lex.lang)
  if (sets === undefined) {
    const n = lex.names
    sets = {
      common: new Set(
        [...n.commonCapitalised, ...lex.months.flat(), ...quantityWords(lex)].map((w) => w.toLowerCase())
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
      numbers: new Set(Object.keys(lex.numbers.words))
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

/** Whether `keys` has the name word `key`, in any of its forms. */
export const hasWord = (keys: ReadonlyArray<string>, key: string, lang: Lang): boolean =>
  keys.some((k) => sameWord(k, key, lang))

/** Whether the words capitalised inside a sentence (`context`) have the name word `key`, in any of its forms. */
export const inContext = (context: ReadonlySet<string>, key: string, lang: Lang): boolean =>
  context.has(key) || (INFLECTING.has(lang) && [...context].some((c) => sameWord(c, key, lang)))
