/**
 * Names: people, organisations, places and products. Every name of the original must survive in the rewrite
 * (an acronym may be replaced by its expansion and back), and the rewrite must not bring in a name of its own.
 *
 * What counts as a name depends on the language. Everywhere: acronyms, CamelCase and words with digits ("NASA",
 * "GitHub", "GPT4"), words after a title ("Dr", "Frau", "Mme") or before a name suffix ("さん", "GmbH"). In English,
 * Spanish, French and Russian: capitalised words inside a sentence, and a capitalised word at a sentence start when
 * it is not a common word of the language. German capitalises every noun: there a name needs a title, a strong form
 * or a run of capitalised words. Chinese and Japanese: Latin-script names, katakana names written with "・",
 * Chinese names (a family name the segmenter could not join to a word), and words before an honorific.
 */
import { finding, type Finding } from "./Finding.ts"
import type { Guard, GuardInput } from "./Guard.ts"
import type { Lang, Lexicon } from "./Lexicon.ts"
import type { Prepared, Word } from "./Text.ts"

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
}

const ACRONYM_RE = /^\p{Lu}[\p{Lu}\d&]*\p{Lu}$/u
const CAMEL_RE = /^\p{Ll}+\p{Lu}|^\p{Lu}\p{Ll}+\p{Lu}/u
const DIGIT_WORD_RE = /^\p{L}[\p{L}\-.]*\d/u
const INNER_CAPITAL_OR_DIGIT_RE = /^.+[\p{Lu}\d]/u
const CAPITALISED_RE = /^\p{Lu}/u
const LATIN_RE = /^\p{Script=Latin}/u
const SINGLE_HAN_RE = /^\p{Script=Han}$/u
const DIGIT_RE = /\d$/
const POSSESSIVE_RE = /['’]s?$/u
const ELISION_RE = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/iu
const ACRONYM_PLURAL_RE = /^(\p{Lu}[\p{Lu}\d&]*\p{Lu})s$/u
const DOTTED_ACRONYM_RE = /^(?:\p{Lu}\.)+\p{Lu}$/u
const KATAKANA_NAME_RE = /[\p{Script=Katakana}ー]+(?:[・=＝][\p{Script=Katakana}ー]+)+/gu
const GAP_SPACE_RE = /^[\s\u00a0]*$/
const GAP_INITIAL_RE = /[:\n•]/
/** Languages that inflect names ("Ивана", "Kellers"): a shared stem is the same name. */
const INFLECTING: ReadonlySet<Lang> = new Set(["de", "ru"])

/** "Ada's" → "Ada", "APIs" → "API", "U.S" → "US", "l'Oréal" → "Oréal". */
const normalise = (text: string): string => {
  let word = text.replace(ELISION_RE, "")
  if (word.length > 2) word = word.replace(POSSESSIVE_RE, "")
  if (word.includes(".") && DOTTED_ACRONYM_RE.test(word)) return word.replaceAll(".", "")
  return ACRONYM_PLURAL_RE.exec(word)?.[1] ?? word
}

export const isStrong = (word: string): boolean =>
  INNER_CAPITAL_OR_DIGIT_RE.test(word) && (ACRONYM_RE.test(word) || CAMEL_RE.test(word) || DIGIT_WORD_RE.test(word))

interface Sets {
  readonly common: ReadonlySet<string>
  readonly titles: ReadonlySet<string>
  readonly connectors: ReadonlySet<string>
  readonly determiners: ReadonlySet<string>
  readonly skip: ReadonlySet<string>
  readonly suffixes: ReadonlySet<string>
  readonly surnames: ReadonlySet<string>
  readonly endings: RegExp
}

const setsCache = new Map<Lang, Sets>()
const setsOf = (lex: Lexicon): Sets => {
  let sets = setsCache.get(lex.lang)
  if (sets === undefined) {
    const n = lex.names
    sets = {
      common: new Set([...n.commonCapitalised, ...lex.months.flat()].map((w) => w.toLowerCase())),
      titles: new Set(n.titles),
      connectors: new Set(n.connectors),
      determiners: new Set(n.determiners),
      skip: new Set(n.expansionSkip),
      suffixes: new Set(n.suffixes),
      surnames: new Set(n.surnames),
      endings: n.commonEndings.length > 0 ? new RegExp(`(?:${n.commonEndings.join("|")})$`, "u") : /(?!)/
    }
    setsCache.set(lex.lang, sets)
  }
  return sets
}

/** The same name word: equal, or for inflecting languages a shared stem ("Иван" and "Ивану"). */
export const sameWord = (a: string, b: string, lang: Lang): boolean => {
  if (a === b) return true
  if (!INFLECTING.has(lang)) return false
  const n = Math.min(a.length, b.length)
  if (n < 3 || Math.abs(a.length - b.length) > 3) return false
  const need = Math.max(3, Math.max(a.length, b.length) - 3)
  let i = 0
  while (i < n && a[i] === b[i]) i++
  return i >= need
}

const hasWord = (keys: ReadonlyArray<string>, key: string, lang: Lang): boolean =>
  keys.some((k) => sameWord(k, key, lang))

/** The capitalised words used inside a sentence, where capitals mark names (not in German). */
const midSentenceCapitals = (p: Prepared, sets: Sets, into: Set<string>): void => {
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

const inContext = (context: ReadonlySet<string>, key: string, lang: Lang): boolean =>
  context.has(key) || (INFLECTING.has(lang) && [...context].some((c) => sameWord(c, key, lang)))

const namesCache = new WeakMap<Prepared, { readonly other: Prepared; readonly names: ReadonlyArray<Name> }>()

/** The names of `p`; `other` is the text it is compared with (a word capitalised mid-sentence there is a name here). */
export const namesOf = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Name> => {
  const cached = namesCache.get(p)
  if (cached !== undefined && cached.other === other) return cached.names
  const sets = setsOf(lex)
  const context = new Set<string>()
  midSentenceCapitals(p, sets, context)
  midSentenceCapitals(other, sets, context)
  const names = p.lang === "zh" || p.lang === "ja" ? cjkNames(p, sets) : alphabeticNames(p, sets, context)
  namesCache.set(p, { other, names })
  return names
}

const makeName = (p: Prepared, run: ReadonlyArray<Word>, strong: boolean, weak: boolean): Name => {
  const first = run[0] as Word
  const last = run[run.length - 1] as Word
  const keys = run.map((w) => normalise(w.text).toLowerCase())
  const text = p.prose.slice(first.start, last.end).replace(POSSESSIVE_RE, "").replace(ELISION_RE, "")
  return { text, keys, strong, weak, start: first.start, end: last.end, sentence: first.sentence }
}

const alphabeticNames = (p: Prepared, sets: Sets, context: ReadonlySet<string>): ReadonlyArray<Name> => {
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
      else if (sets.connectors.has(words[j]?.lower ?? "") && joined(j)) {
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
      const capitals = run.filter((w) => CAPITALISED_RE.test(w.text)).length - (start && p.lang === "de" ? 1 : 0)
      name = strong || titled || capitals >= 2
    } else if (start && !strong && !titled && run.length < 2 && !inContext(context, first, p.lang)) {
      const next = words[j]
      const imperative = next !== undefined && joined(j) && sets.determiners.has(next.lower)
      const possessive = POSSESSIVE_RE.test(run[0]!.text) && p.lang === "en"
      name = possessive || (listed && !imperative && !sets.endings.test(first))
      weak = !possessive
    }
    // After a German title only the next word is sure to be the name ("Herrn Özdemirs Team").
    if (name && german && titled && !strong && run.length > 1) run.length = 1
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

const cjkNames = (p: Prepared, sets: Sets): ReadonlyArray<Name> => {
  const words = p.words
  const out: Array<Name> = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word
    const next = words[i + 1]
    const adjacent = (a: Word, b: Word | undefined): b is Word => b !== undefined && b.start === a.end
    if (LATIN_RE.test(w.text)) {
      if (CAPITALISED_RE.test(w.text) || isStrong(w.text)) out.push(makeName(p, [w], isStrong(w.text), false))
    } else if (adjacent(w, next) && sets.suffixes.has(next.text) && !sets.common.has(w.text)) {
      out.push(makeName(p, [w], false, false))
    } else if (
      sets.surnames.has(w.text) &&
      adjacent(w, next) &&
      SINGLE_HAN_RE.test(next.text) &&
      !(i > 0 && adjacent(words[i - 1]!, w) && DIGIT_RE.test(words[i - 1]!.text))
    ) {
      // A family name the segmenter left alone, with one or two single characters after it: "张|伟", "欧阳|娜".
      const third = words[i + 2]
      const run = [w, next]
      if (adjacent(next, third) && SINGLE_HAN_RE.test(third.text) && !sets.common.has(third.text)) run.push(third)
      if (!sets.common.has(next.text)) {
        out.push(makeName(p, run, false, false))
        i += run.length - 1
      }
    }
  }
  if (p.prose.includes("・")) {
    for (const m of p.prose.matchAll(KATAKANA_NAME_RE)) {
      out.push({
        text: m[0],
        keys: [m[0]],
        strong: false,
        weak: false,
        start: m.index,
        end: m.index + m[0].length,
        sentence: 0
      })
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

/** Whether `text` spells out the acronym: words whose initials are its letters, small words skipped. */
export const expands = (acronym: string, p: Prepared, skip: ReadonlySet<string>): boolean => {
  const letters = acronym.toLowerCase()
  if (!ACRONYM_RE.test(acronym) || /\d/.test(letters)) return false
  const parts = p.words.flatMap((w) => w.lower.split("-"))
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
  return false
}

/** A name of `a` is kept in `b` when each of its words is there, or when `b` spells out the acronym. */
const kept = (name: Name, b: Prepared, lex: Lexicon, loose: boolean): boolean => {
  const keys = infoOf(b).keys
  if (name.keys.every((k) => hasWord(keys, k, b.lang))) return true
  if (b.lang === "zh" || b.lang === "ja") return b.prose.includes(name.text)
  if (loose && name.keys.every((k) => keys.some((w) => w.startsWith(k.slice(0, Math.max(4, k.length - 3))))))
    return true
  const skip = setsOf(lex).skip
  return name.keys.length === 1 ? expands(name.text, b, skip) : abbreviated(name, b, skip)
}

/** Whether `p` has the acronym of a multi-word name ("Transport Layer Security" → "TLS"). */
const abbreviated = (name: Name, p: Prepared, skip: ReadonlySet<string>): boolean => {
  const letters = name.keys
    .flatMap((k) => k.split("-"))
    .filter((k) => !skip.has(k))
    .map((k) => k.normalize("NFD")[0])
    .join("")
  return letters.length >= 2 && infoOf(p).keys.includes(letters) && p.prose.includes(letters.toUpperCase())
}

export const namesGuard: Guard = (input: GuardInput) => {
  const { original, rewrite, lexicon } = input
  const before = namesOf(original, rewrite, lexicon)
  const after = namesOf(rewrite, original, lexicon)
  if (before.length === 0 && after.length === 0) return []
  const lost = dedupe(before.filter((n) => !kept(n, rewrite, lexicon, n.weak)))
  const added = dedupe(after.filter((n) => !n.weak && !kept(n, original, lexicon, false)))
  const findings: Array<Finding> = []
  const pairs = Math.min(lost.length, added.length)
  for (let i = 0; i < pairs; i++) {
    const a = lost[i] as Name
    const b = added[i] as Name
    findings.push(finding("name", `the name "${a.text}" became "${b.text}"`, a.text, b.text))
  }
  for (const n of lost.slice(pairs)) findings.push(finding("name", `the name "${n.text}" was dropped`, n.text))
  for (const n of added.slice(pairs)) {
    findings.push(finding("name", `the rewrite adds the name "${n.text}"`, undefined, n.text))
  }
  return findings
}

const dedupe = (names: ReadonlyArray<Name>): ReadonlyArray<Name> => {
  const seen = new Set<string>()
  return names.filter((n) => {
    const key = n.keys.join(" ")
    return seen.has(key) ? false : (seen.add(key), true)
  })
}
