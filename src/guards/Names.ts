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
import { abbreviated, acronymForm, expands, isStrong } from "./Acronyms.ts"
import { lostAndAdded } from "./Finding.ts"
import type { Guard, GuardInput } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { hasWord, inContext, type NameLists, nameLists } from "./NameWords.ts"
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
  /** A party after a preposition or, in Russian, not in the nominative: not the subject of its clause. */
  readonly oblique?: boolean
  /** A Russian party in the instrumental: the agent of a passive clause. */
  readonly instrumental?: boolean
}

const CAPITALISED_RE = /^\p{Lu}/u
const LATIN_RE = /^\p{Script=Latin}/u
const SINGLE_HAN_RE = /^\p{Script=Han}$/u
/** A word before an honorific is a name when it is written in Han or katakana, not a particle ("は|先生"). */
const NAME_SCRIPT_RE = /^[\p{Script=Han}\p{Script=Katakana}ー]+$/u
const DIGIT_RE = /\d$/
const POSSESSIVE_RE = /['’]s?$/u
const ELISION_RE = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’](?=\p{L})/iu
const KATAKANA_NAME_RE = /[\p{Script=Katakana}ー]+(?:[・=＝][\p{Script=Katakana}ー]+)+/gu
const GAP_SPACE_RE = /^[\s\u00a0]*$/
const GAP_INITIAL_RE = /[:\n•]/

/** "Ada's" → "Ada", "APIs" → "API", "U.S" → "US", "l'Oréal" → "Oréal". */
const normalise = (text: string): string => {
  let word = text.replace(ELISION_RE, "")
  if (word.length > 2) word = word.replace(POSSESSIVE_RE, "")
  return acronymForm(word)
}

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

const makeName = (p: Prepared, run: ReadonlyArray<Word>, strong: boolean, weak: boolean): Name => {
  const first = run[0] as Word
  const last = run[run.length - 1] as Word
  const keys = run.map((w) => normalise(w.text).toLowerCase())
  const text = p.prose.slice(first.start, last.end).replace(POSSESSIVE_RE, "").replace(ELISION_RE, "")
  return { text, keys, strong, weak, start: first.start, end: last.end, sentence: first.sentence }
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

const cjkNames = (p: Prepared, sets: NameLists): ReadonlyArray<Name> => {
  const words = p.words
  const out: Array<Name> = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word
    const next = words[i + 1]
    const adjacent = (a: Word, b: Word | undefined): b is Word => b !== undefined && b.start === a.end
    if (LATIN_RE.test(w.text)) {
      if ((CAPITALISED_RE.test(w.text) || isStrong(w.text)) && !sets.common.has(w.lower))
        out.push(makeName(p, [w], isStrong(w.text), false))
    } else if (
      adjacent(w, next) &&
      sets.suffixes.has(next.text) &&
      NAME_SCRIPT_RE.test(w.text) &&
      !sets.common.has(w.text)
    ) {
      // "石川|真理子|さん": the family name the Japanese segmenter split off belongs to the name too.
      const run = [w]
      for (let k = i - 1; p.lang === "ja" && k >= Math.max(0, i - 2); k--) {
        const prev = words[k] as Word
        if (!adjacent(prev, run[0]) || !NAME_SCRIPT_RE.test(prev.text) || sets.common.has(prev.text)) break
        run.unshift(prev)
      }
      out.push(makeName(p, run, false, false))
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
  organisationNames(p, sets, out)
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

const HAN_WORD_RE = /^\p{Script=Han}{2,}$/u
/** Words that make "… 大学" a university, not a named one: "本公司", "这家银行", "一所大学", "我们学院". */
const GENERIC_PREFIX_RE = /^[本该此这那哪各每其贵我你您他她它某全另同一二三四五六七八九十几多数两当弊当]/u

/**
 * Organisations in Chinese and Japanese: a word ending in an organisation word ("清华大学", "北京|大学",
 * "東京|大学"), with up to two words before it, unless those only say which one ("这家|公司").
 */
const organisationNames = (p: Prepared, sets: NameLists, out: Array<Name>): void => {
  if (sets.organisations.length === 0) return
  const words = p.words
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word
    const suffix = sets.organisations.find((o) => w.text.endsWith(o))
    if (suffix === undefined) continue
    const run = [w]
    if (w.text.length === suffix.length) {
      for (let k = i - 1; k >= Math.max(0, i - 2); k--) {
        const prev = words[k] as Word
        if (prev.end !== run[0]!.start || !HAN_WORD_RE.test(prev.text) || sets.common.has(prev.text)) break
        run.unshift(prev)
      }
      if (run.length === 1) continue
    }
    if (GENERIC_PREFIX_RE.test(run[0]!.text)) continue
    if (!out.some((n) => n.start < w.end && n.end > run[0]!.start)) out.push(makeName(p, run, false, false))
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Comparison

const LATIN_ACRONYM_RE = /^[A-Z]{2,6}$/
const CJK_RUN_RE = /^[\p{Script=Han}\p{Script=Katakana}ー・]+$/u
const CJK_BREAK_RE = /[のをはがにでとへもや、，。！？：；（）「」的和与及是在]/u
/** Up to this many characters for an expansion written in katakana or Han ("仮想プライベートネットワーク"). */
const EXPANSION_REACH = 24

/**
 * Whether a Chinese or Japanese text `b` may write the Latin acronym `name` of `a` out in its own script
 * ("VPN" → "仮想プライベートネットワーク", "AI" → "人工智能"): between the characters that surround the acronym in
 * `a` (or after the one before it, up to a particle) stands a katakana or Han run that `a` does not have. Initials
 * cannot be checked there, so when this may be the case the acronym is not reported.
 */
const writtenOut = (name: Name, a: Prepared, b: Prepared): boolean => {
  if (!LATIN_ACRONYM_RE.test(name.text)) return false
  const left = a.prose.slice(Math.max(0, name.start - 2), name.start).replace(/^.*[\s\p{P}]/u, "")
  const right = a.prose.slice(name.end, name.end + 1).replace(/[\s\p{P}A-Za-z0-9]/u, "")
  const fresh = (middle: string): boolean => middle.length >= 2 && CJK_RUN_RE.test(middle) && !a.prose.includes(middle)
  const after = (from: number): string => {
    const rest = b.prose.slice(from, from + EXPANSION_REACH)
    const cut = right !== "" && rest.indexOf(right, 2) > 0 ? rest.indexOf(right, 2) : rest.search(CJK_BREAK_RE)
    return cut > 0 ? rest.slice(0, cut) : ""
  }
  if (left !== "") {
    for (let i = b.prose.indexOf(left); i >= 0; i = b.prose.indexOf(left, i + 1))
      if (fresh(after(i + left.length))) return true
  }
  if (right === "") return false
  for (let i = b.prose.indexOf(right, 2); i >= 0; i = b.prose.indexOf(right, i + 1)) {
    const before = b.prose.slice(Math.max(0, i - EXPANSION_REACH), i)
    const cut = Math.max(...[...before.matchAll(new RegExp(CJK_BREAK_RE, "gu"))].map((m) => m.index + 1), 0)
    if (fresh(before.slice(cut))) return true
  }
  return false
}

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

/** A title in Chinese or Japanese book quotes or corner brackets: 《三体》, 「冬の港」. */
const TITLE_RE = /[《「『]([^《》「」『』]{2,12})[》」』]/u

/** The quoted titles of a Chinese or Japanese original that the rewrite does not have word for word. */
const titlesLost = (original: Prepared, rewrite: Prepared): ReadonlyArray<string> => {
  if (original.lang !== "zh" && original.lang !== "ja") return []
  return [...original.prose.matchAll(new RegExp(TITLE_RE, "gu"))]
    .map((m) => m[1] as string)
    .filter((t) => !rewrite.prose.includes(t))
}

const dedupe = (names: ReadonlyArray<Name>): ReadonlyArray<Name> => {
  const seen = new Set<string>()
  return names.filter((n) => {
    const key = n.keys.join(" ")
    return seen.has(key) ? false : (seen.add(key), true)
  })
}
