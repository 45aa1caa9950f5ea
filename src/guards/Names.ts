/**
 * Names: people, organisations, places and products. Every name of the original must survive in the rewrite
 * (an acronym may be replaced by its expansion and back), and the rewrite must not bring in a name of its own.
 *
 * What counts as a name depends on the language. Everywhere: acronyms, CamelCase and words with digits ("NASA",
 * "GitHub", "GPT4"), words after a title ("Dr", "Frau", "Mme") or before a name suffix ("さん", "GmbH"). In English,
 * Spanish, French and Russian: capitalised words inside a sentence, and a capitalised word at a sentence start when
 * it is not a common word of the language. German capitalises every noun: there a name needs a title, a strong form
 * or a run of capitalised words. Chinese and Japanese: Latin-script names, katakana names written with "・",
 * Chinese names (a family name the segmenter could not join to a word), words before an honorific, and
 * organisations ("清华大学", "東京大学"); an acronym the rewrite may have written out in katakana or Han is not
 * reported. Spelled numbers, units, greetings and address forms are common words everywhere. Acronyms and
 * their expansions are read in Acronyms.ts, the word lists of each language in NameWords.ts.
 */
import { abbreviated, expands, isStrong } from "./Acronyms.ts"
import { lostAndAdded } from "./Finding.ts"
import type { Guard, GuardInput } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { hasWord, inContext, type NameLists, nameLists } from "./NameWords.ts"
import { makeName, type Name, normalise } from "./Name.ts"
import { cjkNames, TITLE_RE, titlesLost, writtenOut } from "./NamesCjk.ts"
import type { Prepared, Word } from "./Text.ts"

export type { Name } from "./Name.ts"

const CAPITALISED_RE = /^\p{Lu}/u
const POSSESSIVE_RE = /['’]s?$/u
const GAP_SPACE_RE = /^[\s\u00a0]*$/
const GAP_INITIAL_RE = /[:\n•]/

/** The capitalised words used inside a sentence, where capitals mark names (not in German). */
const midSentenceCapitals = (p: Prepared, sets: NameLists, into: Set<string>): void => {
  if (p.lang === "de") return
  const { norm, keys } = infoOf(p)
  p.words.forEach((w, i) => {
    const prev = p.words[i - 1]
    if (prev === undefined || prev.sentence !== w.sentence || !CAPITALISED_RE.test(norm[i] as string)) return
    const key = keys[i] as string
    if (!sets.common.has(key) && !GAP_INITIAL_RE.test(p.prose.slice(prev.end, w.start))) into.add(key)
  })
}

interface Info {
  /** Normalised words as written and lower-cased. */
  readonly norm: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
}

const infoCache = new WeakMap<Prepared, Info>()
const infoOf = (p: Prepared): Info => {
  let info = infoCache.get(p)
  if (info === undefined) {
    const norm = p.words.map((w) => normalise(w.text))
    info = { norm, keys: norm.map((w) => w.toLowerCase()) }
    infoCache.set(p, info)
  }
  return info
}

const namesCache = new WeakMap<Prepared, { readonly other: Prepared; readonly names: ReadonlyArray<Name> }>()

/** The names of `p`; `other` is the text it is compared with (a word capitalised mid-sentence there is a name here). */
export const namesOf = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Name> => {
  const cached = namesCache.get(p)
  if (cached !== undefined && cached.other === other) return cached.names
  const sets = nameLists(lex)
  const context = new Set<string>()
  midSentenceCapitals(p, sets, context)
  midSentenceCapitals(other, sets, context)
  const names = p.lang === "zh" || p.lang === "ja" ? cjkNames(p, sets) : alphabeticNames(p, sets, context)
  namesCache.set(p, { other, names })
  return names
}

const alphabeticNames = (p: Prepared, sets: NameLists, context: ReadonlySet<string>): ReadonlyArray<Name> => {
  const words = p.words
  const { norm, keys } = infoOf(p)
  const german = p.lang === "de"
  // Without word lists (Russian has no articles to tell an imperative by), a sentence-initial word needs more proof.
  const listed = p.lang !== "ru" && p.lang !== "other"
  const out: Array<Name> = []
  const joined = (i: number): boolean => {
    const a = words[i - 1]
    const b = words[i]
    return (
      a !== undefined &&
      b !== undefined &&
      a.sentence === b.sentence &&
      GAP_SPACE_RE.test(p.prose.slice(a.end, b.start))
    )
  }
  const initial = (i: number): boolean => {
    const prev = words[i - 1]
    const w = words[i] as Word
    return prev === undefined || prev.sentence !== w.sentence || GAP_INITIAL_RE.test(p.prose.slice(prev.end, w.start))
  }
  const capitalised = (i: number): boolean => {
    const word = norm[i]
    if (word === undefined || !CAPITALISED_RE.test(word)) return false
    const key = keys[i] as string
    return !sets.common.has(key) && !sets.titles.has(key)
  }
  const afterTitle = (i: number): boolean => {
    const prev = words[i - 1]
    return prev !== undefined && sets.titles.has(prev.lower) && p.prose.slice(prev.end, words[i]!.start).length <= 3
  }
  const placePreposition = (i: number): boolean => {
    const prev = words[i - 1]
    return prev !== undefined && prev.sentence === words[i]?.sentence && sets.places.has(prev.lower)
  }
  let i = 0
  while (i < words.length) {
    if (!capitalised(i)) {
      i++
      continue
    }
    // A run of capitalised words, with connectors between them ("Bank of America", "Instituto de Biomedicina").
    const run: Array<Word> = [words[i] as Word]
    let j = i + 1
    for (;;) {
      if (capitalised(j) && joined(j)) run.push(words[j++] as Word)
      // German nouns are capitalised: "Auskunftsersuchen von Kundinnen" are two nouns, not one name.
      else if (!german && sets.connectors.has(words[j]?.lower ?? "") && joined(j)) {
        // One or two connectors ("of", "de la") between capitalised words.
        const two = sets.connectors.has(words[j + 1]?.lower ?? "") && joined(j + 1) ? 1 : 0
        if (!capitalised(j + 1 + two) || !joined(j + 1 + two)) break
        for (let k = j; k <= j + 1 + two; k++) run.push(words[k] as Word)
        j += 2 + two
      } else break
    }
    const first = keys[i] as string
    const strong = run.some((_, k) => isStrong(norm[i + k] as string))
    const start = initial(i)
    const titled = afterTitle(i) || sets.suffixes.has(words[j]?.lower ?? "")
    let name = true
    let weak = false
    if (german) {
      // Every noun is capitalised: two capitalised words in a row inside a sentence make a name ("Deutsche Bahn").
      // Nouns with a common-noun ending ("Zahlung", "Sicherheit") are no evidence; a sentence start is none either.
      const capitals = run.filter((w) => CAPITALISED_RE.test(w.text) && !sets.endings.test(w.lower)).length
      name = strong || titled || capitals - (start && !sets.endings.test(first) ? 1 : 0) >= 2
    } else if (start && !strong && !titled && run.length < 2 && !inContext(context, first, p.lang)) {
      const next = words[j]
      // "Download the …", "Allow fifteen minutes", "Take 2 tablets": a verb before its object.
      const imperative =
        next !== undefined &&
        joined(j) &&
        (sets.determiners.has(next.lower) || sets.numbers.has(next.lower) || /^\d/u.test(next.text))
      const possessive = POSSESSIVE_RE.test(run[0]!.text) && p.lang === "en"
      name = possessive || (listed && !imperative && !sets.endings.test(first))
      weak = !possessive
    }
    // After a German title the name is one or two words: "Dr. Miriam Stöckl", not "Herrn Özdemirs Team".
    if (name && german && titled && !strong && run.length > 1) run.length = run[0]!.lower.endsWith("s") ? 1 : 2
    // "in Mainz", "aus Passau": a German place without an article.
    if (german && !name && run.length === 1 && !start && !sets.endings.test(first) && placePreposition(i)) {
      name = true
      weak = true
    }
    if (name) out.push(makeName(p, run, strong, weak))
    else if (german)
      for (let k = i; k < j; k++) if (isStrong(norm[k] as string)) out.push(makeName(p, [words[k]!], true, false))
    i = j
  }
  // Acronyms, CamelCase and digit words that are not capitalised runs ("iPhone", "eBay").
  words.forEach((w, k) => {
    if (!CAPITALISED_RE.test(w.text) && isStrong(norm[k] as string)) out.push(makeName(p, [w], true, false))
  })
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

/** A name of `a` is kept in `b` when each of its words is there, or when `b` spells out the acronym. */
const kept = (name: Name, a: Prepared, b: Prepared, lex: Lexicon, loose: boolean): boolean => {
  const keys = infoOf(b).keys
  // A Chinese or Japanese name is kept as a whole: "李华明" has every character of "李明华".
  if (b.lang !== "zh" && b.lang !== "ja" && name.keys.every((k) => hasWord(keys, k, b.lang))) return true
  // A German run of capitalised words may start with a common noun ("im Fach Biologie"): its last word names it.
  if (b.lang === "de" && name.keys.length > 1 && !name.strong && hasWord(keys, name.keys.at(-1) as string, "de"))
    return true
  if (b.lang === "zh" || b.lang === "ja")
    return (
      b.prose.includes(name.text) ||
      (lex.names.expansions?.[name.text] ?? []).some((e) => b.prose.includes(e)) ||
      writtenOut(name, a, b)
    )
  if (loose && name.keys.every((k) => keys.some((w) => w.startsWith(k.slice(0, Math.max(4, k.length - 3))))))
    return true
  const skip = nameLists(lex).skip
  return name.keys.length === 1 ? expands(name.text, b, skip) : abbreviated(name.keys, b, keys, skip)
}

export const namesGuard: Guard = (input: GuardInput) => {
  const { original, rewrite, lexicon } = input
  const before = namesOf(original, rewrite, lexicon)
  const after = namesOf(rewrite, original, lexicon)
  if (before.length === 0 && after.length === 0 && !TITLE_RE.test(original.prose)) return []
  const lost = [
    ...dedupe(before.filter((n) => !kept(n, original, rewrite, lexicon, n.weak))).map((n) => n.text),
    ...titlesLost(original, rewrite)
  ]
  const added = dedupe(after.filter((n) => !n.weak && !kept(n, rewrite, original, lexicon, false)))
  return lostAndAdded(
    { kind: "name", noun: "name" },
    lost,
    added.map((n) => n.text)
  )
}

const dedupe = (names: ReadonlyArray<Name>): ReadonlyArray<Name> => {
  const seen = new Set<string>()
  return names.filter((n) => {
    const key = n.keys.join(" ")
    return seen.has(key) ? false : (seen.add(key), true)
  })
}
