/**
 * Names: people, organisations, places and products. Every name of the original must survive in the rewrite
 * (an acronym may be replaced by its expansion and back, a place by its adjective or demonym: "Bordeaux" and
 * "bordelais"), and the rewrite must not bring in a name of its own.
 *
 * What counts as a name depends on the language. Everywhere: acronyms, CamelCase and words with digits ("NASA",
 * "GitHub", "GPT4"), words after a title ("Dr", "Frau", "Mme") or before a name suffix ("さん", "GmbH"). In English,
 * Spanish, French and Russian: capitalised words inside a sentence, and a capitalised word at a sentence start when
 * it is not a common word of the language. German capitalises every noun: there a name needs a title, a strong form
 * or a run of capitalised words. Chinese and Japanese: Latin-script names, katakana names written with "・",
 * Chinese names (a family name the segmenter could not join to a word), Japanese family names written alone, words
 * before an honorific, and organisations ("清华大学", "東京大学"); an acronym the rewrite may have written out in
 * katakana or Han is not reported, nor a name the segmenter cut differently in the two texts ("徐闻", "徐闻轮").
 * Spelled numbers, units, weekdays, months, greetings and address forms are common words everywhere, and so is a
 * word either text also writes in lower case. Acronyms and their expansions are read in Acronyms.ts, the word lists
 * of each language in NameWords.ts, Chinese and Japanese names in NamesCjk.ts.
 *
 * Certainty: a name found by a title, a suffix, its form or its place inside a sentence is a fact, and losing it
 * refuses the rewrite. A capitalised first word of a sentence with nothing else to show it is a name ("Due to
 * works…", "Priya approved…"), or a word of a heading in title case ("Important Update:"), is only probably one: its
 * loss is a question to the model, unless the rewrite has another unknown name in its place (the same word before
 * or after it), which makes it a swapped name. Such a word is never reported as added.
 */
import { abbreviated, expands, isStrong } from "./Acronyms.ts"
import { finding, type Finding, lostAndAdded, quote } from "./Finding.ts"
import type { Guard, GuardInput } from "./Guard.ts"
import type { Lang, Lexicon } from "./Lexicon.ts"
import {
  derivedFrom,
  hasWord,
  inContext,
  type NameLists,
  nameLists,
  startingLike,
  type WordIndex
} from "./NameWords.ts"
import { makeName, type Name, normalise } from "./Name.ts"
import { cjkNames, sameEntity, TITLE_RE, titlesLost, writtenOut } from "./NamesCjk.ts"
import { escape } from "./Regex.ts"
import type { Prepared, Word } from "./Text.ts"

export type { Name } from "./Name.ts"

const CAPITALISED_RE = /^\p{Lu}/u
const LOWER_RE = /^\p{Ll}/u
const POSSESSIVE_RE = /['’]s?$/u
const GAP_SPACE_RE = /^[\s\u00a0]*$/
/** What opens a sentence or a list item between two words: a colon, a line break, a bullet, "¡", "¿", an emoji. */
const GAP_INITIAL_RE = /[:\n•¡¿\p{Extended_Pictographic}]/u
/** A full stop and a space: the end of a sentence, unless it ends an abbreviation ("Dr. Weber", "e.g. Acme"). */
const GAP_STOP_RE = /[.!?…]\s/u
const DIGITS_RE = /^\d/u

interface Info {
  /** Normalised words as written and lower-cased. */
  readonly norm: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
  /** Whether each word opens a sentence or a list item. */
  readonly initial: ReadonlyArray<boolean>
  /** The keys, to look a name word up in. */
  readonly index: WordIndex
  /**
   * Each key, and whether the text writes it in lower case somewhere: evidence that the same word capitalised is
   * no name. Its keys are the index's words.
   */
  readonly written: ReadonlyMap<string, boolean>
}

/**
 * Whether word `i` opens a sentence: the first word, one after a sentence end or a gap that opens one (see
 * GAP_INITIAL_RE), or one after an abbreviation with a full stop that follows a number ("500 ms. Setting …",
 * "500 мс. Настройка"): there the abbreviation is a unit, not a title or "e.g.", and the full stop ends the sentence.
 */
const opensSentence = (p: Prepared, i: number): boolean => {
  const prev = p.words[i - 1]
  const w = p.words[i] as Word
  if (prev === undefined || prev.sentence !== w.sentence) return true
  if (w.start - prev.end === 1 && p.prose[prev.end] === " ") return false
  const gap = p.prose.slice(prev.end, w.start)
  if (GAP_INITIAL_RE.test(gap)) return true
  return GAP_STOP_RE.test(`${gap} `) && DIGITS_RE.test(p.words[i - 2]?.text ?? "")
}

/** The parts of a hyphenated word, as written and lower-cased (none for a word without a hyphen). */
const hyphenParts = (word: string): ReadonlyArray<readonly [string, string]> =>
  word.includes("-") ? word.split("-").flatMap((w) => (w === "" ? [] : [[w, w.toLowerCase()] as const])) : []

const infoCache = new WeakMap<Prepared, Info>()
const infoOf = (p: Prepared): Info => {
  let info = infoCache.get(p)
  if (info === undefined) {
    const norm: Array<string> = []
    const keys: Array<string> = []
    const initial: Array<boolean> = []
    const written = new Map<string, boolean>()
    for (let i = 0; i < p.words.length; i++) {
      const word = normalise(p.words[i]!.text)
      const key = word.toLowerCase()
      norm.push(word)
      keys.push(key)
      initial.push(opensSentence(p, i))
      // "TSV-Eichenau-Beitrag": each part of a hyphenated word is a word of the text too.
      for (const [part, lower] of [[word, key], ...hyphenParts(word)]) {
        if (LOWER_RE.test(part)) written.set(lower, true)
        else if (!written.has(lower)) written.set(lower, false)
      }
    }
    info = { norm, keys, initial, written, index: { all: written } }
    infoCache.set(p, info)
  }
  return info
}

/** Whether text `p` writes the word `key` in lower case somewhere. */
const inLowerCase = (p: Prepared, key: string): boolean => infoOf(p).written.get(key) === true

/**
 * The capitalised words used inside a sentence, where capitals mark names (not in German); not the words the text
 * also writes in lower case ("Market" when it says "market" too: a title written in capitals), nor the word right
 * after a capitalised first word ("Grace Hopper wrote…": the two are read as one run, and the second is no evidence
 * that the first is a word of its own).
 */
const midSentenceCapitals = (p: Prepared, sets: NameLists): ReadonlySet<string> => {
  let found = capitalsCache.get(p)
  if (found !== undefined) return found
  const into = new Set<string>()
  const { norm, keys, initial } = infoOf(p)
  const capital = (i: number): boolean => CAPITALISED_RE.test(norm[i] as string) && !sets.common.has(keys[i] as string)
  for (let i = 0; p.lang !== "de" && i < norm.length; i++) {
    const key = keys[i] as string
    if (initial[i] || !capital(i) || inLowerCase(p, key)) continue
    if (
      initial[i - 1] === true &&
      capital(i - 1) &&
      GAP_SPACE_RE.test(p.prose.slice(p.words[i - 1]!.end, p.words[i]!.start))
    )
      continue
    into.add(key)
  }
  found = into
  capitalsCache.set(p, found)
  return found
}
const capitalsCache = new WeakMap<Prepared, ReadonlySet<string>>()

const namesCache = new WeakMap<Prepared, { readonly other: Prepared; readonly names: ReadonlyArray<Name> }>()

/** The names of `p`; `other` is the text it is compared with (a word capitalised mid-sentence there is a name here). */
export const namesOf = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Name> => {
  const cached = namesCache.get(p)
  if (cached !== undefined && cached.other === other) return cached.names
  const sets = nameLists(lex)
  let names: ReadonlyArray<Name>
  if (p.lang === "zh" || p.lang === "ja") names = cjkNames(p, other, sets)
  else {
    const mine = midSentenceCapitals(p, sets)
    const theirs = midSentenceCapitals(other, sets)
    const all = {
      has: (key: string) => mine.has(key) || theirs.has(key),
      keys: () => new Set([...mine, ...theirs]).keys()
    }
    names = alphabeticNames(p, other, sets, { all })
  }
  namesCache.set(p, { other, names })
  return names
}

/**
 * Whether a Chinese or Japanese organisation read with a word before it ("进入|化学|实验室", "通过|手机|银行") is one
 * of `theirs` without that word: it ends in one of their organisations of two words or more ("化学实验室").
 */
const sameOrganisation = (name: Name, theirs: ReadonlyArray<Name>, lex: Lexicon): boolean => {
  const suffix = nameLists(lex).organisations.find((o) => name.text.endsWith(o))
  return (
    suffix !== undefined &&
    theirs.some((t) => t.text.length > suffix.length && t.text.endsWith(suffix) && name.text.endsWith(t.text))
  )
}

/** A version written as a name: "V3.6", "v2.5.1". */
const VERSION_RE = /^[vV](\d+(?:\.\d+)+)$/u
/** A Roman numeral up to twelve ("I", "IV", "XII"). */
const ROMAN_RE = /^(?:I{1,3}|IV|VI{0,3}|IX|XI{0,2})$/u

const alphabeticNames = (p: Prepared, other: Prepared, sets: NameLists, context: WordIndex): ReadonlyArray<Name> => {
  const words = p.words
  const { norm, keys, initial: initials } = infoOf(p)
  // A word either text writes in lower case is a common word capitalised at a sentence start or in a heading
  // ("Replacement buses" and "a replacement", "Setting" and "setting"): no name, unless it has a name's form.
  const lowerElsewhere = (key: string): boolean => inLowerCase(p, key) || inLowerCase(other, key)
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
  const initial = (i: number): boolean => initials[i] === true
  const capitalised = (i: number): boolean => {
    const word = norm[i]
    if (word === undefined || !CAPITALISED_RE.test(word)) return false
    // "18 °C", "5 °F": a unit, not a name.
    if (p.prose[(words[i] as Word).start - 1] === "°") return false
    const key = keys[i] as string
    // Outside English a Roman numeral counts ("итоги I полугодия"): it is no part of a name.
    if (p.lang !== "en" && ROMAN_RE.test(word)) return false
    return !sets.common.has(key) && !sets.titles.has(key)
  }
  // "Dr. Weber", "Frau Keller"; not "500 ms. Setting", where the title-like word is a unit after a number.
  const afterTitle = (i: number): boolean => {
    const prev = words[i - 1]
    return (
      prev !== undefined &&
      sets.titles.has(prev.lower) &&
      p.prose.slice(prev.end, words[i]!.start).length <= 3 &&
      !DIGITS_RE.test(words[i - 2]?.text ?? "")
    )
  }
  // Evidence that a sentence's first word is a name on its own: it is capitalised inside a sentence of either text.
  const evidenced = (i: number): boolean => afterTitle(i) || inContext(context, keys[i] as string, p.lang)
  const placePreposition = (i: number): boolean => {
    const prev = words[i - 1]
    return prev !== undefined && prev.sentence === words[i]?.sentence && sets.places.has(prev.lower)
  }
  const heading = headingWords(p, sets, initials)
  // Whether word `i` follows a salutation, over capitalised and short words: "Dear Parents and Carers".
  const addressed = (i: number): boolean => {
    let k = i
    while (k > 0 && joined(k) && (CAPITALISED_RE.test(words[k - 1]!.text) || words[k - 1]!.text.length <= 3)) {
      if (sets.salutations.has(words[k - 1]!.lower)) return true
      k--
    }
    return false
  }
  let i = 0
  while (i < words.length) {
    if (!capitalised(i)) {
      i++
      continue
    }
    // A sentence's first word is not glued to the name after it ("¡Llega FacturaFácil!", "Contact Acme Support")
    // when it shows no sign of a name itself and the next word is one on its own: an acronym, CamelCase or digit
    // word, or a word capitalised inside a sentence of either text; or when it is written in lower case elsewhere.
    const alone =
      !german &&
      initial(i) &&
      capitalised(i + 1) &&
      !evidenced(i) &&
      (lowerElsewhere(keys[i] as string) ||
        isStrong(norm[i + 1] as string) ||
        inContext(context, keys[i + 1] as string, p.lang))
    // A run of capitalised words, with connectors between them ("Bank of America", "Instituto de Biomedicina").
    const run: Array<Word> = [words[i] as Word]
    let j = i + 1
    if (!alone)
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
    // A run of words that either text also writes in lower case is a phrase in title case ("Customer Service",
    // "Important Update"), not a name: "Bank of America" has "America" nowhere in lower case.
    if (
      !strong &&
      !titled &&
      run.every((w, k) => sets.connectors.has(w.lower) || lowerElsewhere(keys[i + k] as string))
    ) {
      name = false
    } else if (german) {
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
    if (
      german &&
      !name &&
      run.length === 1 &&
      !start &&
      !sets.endings.test(first) &&
      !lowerElsewhere(first) &&
      placePreposition(i)
    ) {
      name = true
      weak = true
    }
    // A heading in title case ("Important Update:", "Riverside Library Opening Hours") capitalises every word.
    if (name && !strong && !titled && heading.has(i)) weak = true
    // "Dear Parents and Carers", "Liebe Eltern": the words after a salutation address a group as often as a person.
    if (name && !strong && !titled && addressed(i)) weak = true
    // A Roman numeral alone ("итоги I полугодия", "Phase II") counts; it names nothing.
    if (name && run.length === 1 && ROMAN_RE.test(run[0]!.text)) name = false
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

const HEADING_END_RE = /^[^\S\n]*(?::|\n|$)/u
const LINE_START_RE = /\n[^\S\n]*$/u
const LETTER_RE = /\p{L}/u

/**
 * The words of headings in title case: a line's first words up to a colon or the line's end, two or more, every one
 * capitalised but the small words ("Important Update:", "Terms of Use"). Capitals there are no sign of a name.
 */
const headingWords = (p: Prepared, sets: NameLists, initial: ReadonlyArray<boolean>): ReadonlySet<number> => {
  const words = p.words
  const out = new Set<number>()
  // The first word of each line: the text's first word, and ones with a line break before them.
  const starts = [0]
  if (p.prose.includes("\n"))
    for (let k = 1; k < words.length; k++)
      if (initial[k] === true && LINE_START_RE.test(p.prose.slice(words[k - 1]!.end, words[k]!.start))) starts.push(k)
  for (const s of starts) {
    if (s >= words.length) break
    let e = s + 1
    while (e < words.length && !initial[e]) e++
    let capitals = 0
    let titleCase = HEADING_END_RE.test(p.prose.slice(words[e - 1]!.end, words[e]?.start ?? p.prose.length))
    for (let k = s; titleCase && k < e; k++) {
      const w = words[k] as Word
      if (CAPITALISED_RE.test(w.text)) capitals++
      else if (LETTER_RE.test(w.text) && !sets.common.has(w.lower) && !sets.connectors.has(w.lower)) titleCase = false
    }
    if (titleCase && capitals >= 2) for (let k = s; k < e; k++) out.add(k)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

/**
 * A name of `a` is kept in `b` when each of its words is there (an inflected form, an adjective or demonym made from
 * it too), or when `b` spells out the acronym. `loose`: a probable name is kept by any word that starts like it.
 */
const kept = (name: Name, a: Prepared, b: Prepared, lex: Lexicon, loose: boolean): boolean => {
  // "V3.6" → "3.6版本", "version 2.5" → "v2.5": a version is its number.
  const version = VERSION_RE.exec(name.text)?.[1]
  if (version !== undefined && hasText(b, version)) return true
  // A Chinese or Japanese name is kept as a whole: "李华明" has every character of "李明华".
  if (b.lang === "zh" || b.lang === "ja")
    return (
      hasText(b, name.text) ||
      // An organisation read with the two words before it may have taken words that are no part of it
      // ("学生|参观|博物|馆"): when the other text has each of its three or more words, it names the same one.
      (name.keys.length >= 3 &&
        nameLists(lex).organisations.some((o) => name.text.endsWith(o)) &&
        name.keys.every((k) => hasText(b, k))) ||
      (lex.names.expansions?.[name.text] ?? []).some((e) => b.prose.includes(e)) ||
      writtenOut(name, a, b)
    )
  const sets = nameLists(lex)
  const { index } = infoOf(b)
  if (name.keys.every((k) => hasWord(index, k, b.lang))) return true
  // "Ирине Павловне Кузнецовой" → "И. П. Кузнецовой", "Anna Maria Kowalski" → "A. M. Kowalski": the last name kept,
  // the others as initials.
  if (
    name.keys.length > 1 &&
    hasWord(index, name.keys.at(-1) as string, b.lang) &&
    name.keys.slice(0, -1).every((k) => hasWord(index, k, b.lang) || hasInitial(b, k))
  )
    return true
  // One word only: "Julia Hart" and "Julian Hart" are two people.
  if (name.keys.length === 1 && madeFrom(name.keys[0] as string, b, sets)) return true
  // "Санкт-Петербурге" → "петербургском", "Saint-Aubin" → "Aubin": a hyphenated name by its last part.
  const last = name.keys.length === 1 ? hyphenParts(name.keys[0] as string).at(-1)?.[1] : undefined
  if (last !== undefined && last.length >= 5 && (hasWord(index, last, b.lang) || madeFrom(last, b, sets))) return true
  // A name of three words or more ("XXVII Congreso Nacional de la Sociedad Española…", "Members of Westbrook Public
  // Library") whose words but its connectors are all there, or one that opens a sentence whose words but the first
  // are there ("Join Surfers Against Sewage" → "Surfers Against Sewage"): the same name, cut or joined otherwise.
  const words = name.keys.filter((k) => !sets.connectors.has(k))
  const opens = infoOf(a).initial[wordIndexAt(a.words, name.start)] === true
  if (words.length >= (opens ? 2 : 3) && words.slice(opens ? 1 : 0).every((k) => hasWord(index, k, b.lang))) return true
  // A German run of capitalised words may start with a common noun ("im Fach Biologie", "der Linie RB 41"): its
  // last word names it, and an acronym or digit word in it must be there too.
  if (
    b.lang === "de" &&
    name.keys.length > 1 &&
    hasWord(index, name.keys.at(-1) as string, "de") &&
    (!name.strong ||
      name.text.split(/\s+/u).every((w) => !isStrong(w) || hasWord(index, normalise(w).toLowerCase(), "de")))
  )
    return true
  // A sentence's first word whose stem the other text writes in lower case is a common word, not part of the name
  // after it ("Поддержка Python прекращена" → "Python больше не поддерживается").
  if (
    name.keys.length > 1 &&
    opens &&
    name.keys.slice(1).every((k) => hasWord(index, k, b.lang)) &&
    writtenLowerLike(b, name.keys[0] as string)
  )
    return true
  if (
    loose &&
    name.keys.every((k) => startingLike(index, k).some((w) => w.startsWith(k.slice(0, Math.max(4, k.length - 3)))))
  )
    return true
  return name.keys.length === 1 ? expands(name.text, b, sets.skip) : abbreviated(name.keys, b, index.all, sets.skip)
}

/** Whether `p` writes a word of the same stem as `key` in lower case ("поддержка", "поддерживается"). */
const writtenLowerLike = (p: Prepared, key: string): boolean => {
  const stem = key.slice(0, Math.max(4, Math.min(5, key.length - 3)))
  return startingLike(infoOf(p).index, key).some((w) => w.startsWith(stem) && inLowerCase(p, w))
}

/** Whether `p` writes the first letter of `key` as an initial ("И.", "A."). */
const hasInitial = (p: Prepared, key: string): boolean => {
  const initial = key.slice(0, 1).toUpperCase()
  return new RegExp(`(?<![\\p{L}])${escape(initial)}\\.`, "u").test(p.prose)
}

const textCache = new WeakMap<Prepared, Map<string, boolean>>()
/** Whether `p` has `text` anywhere, looked up once for each text: a long paragraph repeats its names. */
const hasText = (p: Prepared, text: string): boolean => {
  let found = textCache.get(p)
  if (found === undefined) textCache.set(p, (found = new Map()))
  let has = found.get(text)
  if (has === undefined) found.set(text, (has = p.prose.includes(text)))
  return has
}

/**
 * A name written as the adjective or demonym made from it, or the other way round ("étudiants de Bordeaux" →
 * "étudiants bordelais", "aus Bayern" → "bayerische", "in Spain" → "Spanish"): the same place or person. Where such
 * words are written in lower case (all but English and German), a capitalised one is a name of its own: "Mariano"
 * and "Mariana" are two people, "madrileños" is Madrid.
 */
const madeFrom = (key: string, b: Prepared, sets: NameLists): boolean => {
  const { index } = infoOf(b)
  const capitals = CAPITALISED_DERIVED.has(b.lang)
  return startingLike(index, key).some(
    (w) => (derivedFrom(key, w, sets) && (capitals || inLowerCase(b, w))) || (capitals && derivedFrom(w, key, sets))
  )
}

/** Languages that capitalise adjectives and demonyms made from names: "Spanish", "Mainzer". */
const CAPITALISED_DERIVED: ReadonlySet<Lang> = new Set(["en", "de"])

/** The index of the word that starts at `offset` (or the first one after it), by binary search. */
const wordIndexAt = (words: ReadonlyArray<Word>, offset: number): number => {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((words[mid] as Word).start < offset) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * Where a name stands: the two words before it and the two words after it in its sentence ("<the approved",
 * ">the budget"), or the one there is. One small word in common ("Llevad al menos" and "¿Subís al Mulhacén?") is no
 * sign that one name took the other's place.
 */
const placesOf = (p: Prepared, name: Name): ReadonlyArray<string> => {
  const words = p.words
  const first = wordIndexAt(words, name.start)
  const last = wordIndexAt(words, name.end) - 1
  const inSentence = (k: number) => {
    const w = words[k]
    return w !== undefined && w.sentence === name.sentence ? [w.lower] : []
  }
  const before = [...inSentence(first - 2), ...inSentence(first - 1)]
  const after = [...inSentence(last + 1), ...inSentence(last + 2)]
  return [...(before.length > 0 ? [`<${before.join(" ")}`] : []), ...(after.length > 0 ? [`>${after.join(" ")}`] : [])]
}

export const namesGuard: Guard = (input: GuardInput) => {
  const { original, rewrite, lexicon } = input
  const before = namesOf(original, rewrite, lexicon)
  const after = namesOf(rewrite, original, lexicon)
  if (before.length === 0 && after.length === 0 && !TITLE_RE.test(original.prose)) return []
  // A Chinese or Japanese name the segmenter cut differently is the one the other text has ("徐闻" and "徐闻轮",
  // "进入|化学|实验室" and "化学|实验室").
  const cjk = original.lang === "zh" || original.lang === "ja"
  const lost = dedupe(
    before.filter((n) => !kept(n, original, rewrite, lexicon, n.weak) && !(cjk && sameOrganisation(n, after, lexicon)))
  )
  const unknown = after.filter((n) => !kept(n, rewrite, original, lexicon, n.weak))
  const added = dedupe(unknown.filter((n) => !n.weak && !(cjk && sameEntity(n, before))))
  // A probable name is a fact when the rewrite has an unknown name in its place ("Priya approved" → "Kofi approved").
  const taken = new Set(unknown.flatMap((n) => placesOf(rewrite, n)))
  const swapped = (n: Name): boolean => placesOf(original, n).some((place) => taken.has(place))
  const facts = [...lost.filter((n) => !n.weak || swapped(n)).map((n) => n.text), ...titlesLost(original, rewrite)]
  // A capitalised word that only opens a sentence and has no name in its place is a common word as often as a name
  // ("Queda prohibido", "Pásate", "Staff"): its loss is no finding. A probable name inside a sentence ("in
  // Mainz") or in a heading is a question.
  const opens = (n: Name): boolean => infoOf(original).initial[wordIndexAt(original.words, n.start)] === true
  const doubts = lost.filter((n) => n.weak && !swapped(n) && !opens(n))
  // A name the rewrite adds with none lost is a fact where capitals mark names ("one of his pupils" → "one of
  // Rembrandt's pupils"). Where they mark every noun (German) or names are read by segmenting (Chinese and Japanese)
  // it may name what the original described ("die Buslinie 5" → "der Bus Nummer 5", "保险人" → "保险公司"): a
  // question, unless it has a name's form (an acronym, CamelCase, digits). With a name lost, the added one is the
  // name it became.
  const marked = !UNMARKED.has(rewrite.lang)
  const addedFacts = facts.length > 0 || marked ? added : added.filter((n) => n.strong)
  return [
    ...lostAndAdded(
      { kind: "name", noun: "name" },
      facts,
      addedFacts.map((n) => n.text)
    ),
    ...doubts.map(doubtfulLoss),
    ...added.filter((n) => !addedFacts.includes(n)).map(doubtfulAddition)
  ]
}

/** Languages whose capitals do not mark names. */
const UNMARKED: ReadonlySet<Lang> = new Set(["de", "zh", "ja"])

/** A name the rewrite adds in no name's place: a question to the model, not a refusal. */
const doubtfulAddition = (n: Name): Finding => ({
  ...finding("name", `the rewrite adds the name ${quote(n.text)}`, undefined, n.text),
  certainty: "suspect"
})

/** A probable name the rewrite does not have: a question to the model, not a refusal. */
const doubtfulLoss = (n: Name): Finding => ({
  ...finding("name", `the name ${quote(n.text)} was dropped`, n.text),
  certainty: "suspect"
})

const dedupe = (names: ReadonlyArray<Name>): ReadonlyArray<Name> => {
  const seen = new Set<string>()
  return names.filter((n) => {
    const key = n.keys.join(" ")
    return seen.has(key) ? false : (seen.add(key), true)
  })
}
