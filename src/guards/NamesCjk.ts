/**
 * Names in Chinese and Japanese: Latin-script names, katakana names written with "・", Chinese names (a family name
 * the segmenter could not join to a word), Japanese family names written alone ("人事部の高橋が"), words before an
 * honorific, organisations and venues ("清华大学", "東京大学", "西岸美术馆") and quoted titles (《三体》, 「冬の港」);
 * whether a rewrite may have written a Latin acronym out in its own script; and when two names that the segmenter
 * cut differently are one.
 */
import { isStrong } from "./Acronyms.ts"
import { makeName, type Name } from "./Name.ts"
import type { NameLists } from "./NameWords.ts"
import type { Prepared, Word } from "./Text.ts"

const CAPITALISED_RE = /^\p{Lu}/u
const LATIN_RE = /^\p{Script=Latin}/u
const SINGLE_HAN_RE = /^\p{Script=Han}$/u
/** A word before an honorific is a name when it is written in Han or katakana, not a particle ("は|先生"). */
const NAME_SCRIPT_RE = /^[\p{Script=Han}\p{Script=Katakana}ー]+$/u
const DIGIT_RE = /\d$/
const SPACE_RE = /^\s*$/
const KATAKANA_NAME_RE = /[\p{Script=Katakana}ー]+(?:[・=＝][\p{Script=Katakana}ー]+)+/gu

/** Whether two words stand side by side, nothing between them. */
const adjacent = (a: Word, b: Word | undefined): b is Word => b !== undefined && b.start === a.end

/**
 * A Chinese family name the segmenter left alone at word `i`, with one or two single characters after it: "张|伟",
 * "欧阳|娜", "李|明|华". Undefined where word `i` starts none.
 */
const surnameRun = (p: Prepared, sets: NameLists, i: number): ReadonlyArray<Word> | undefined => {
  const words = p.words
  const w = words[i] as Word
  const next = words[i + 1]
  if (
    !sets.surnames.has(w.text) ||
    !adjacent(w, next) ||
    !SINGLE_HAN_RE.test(next.text) ||
    sets.common.has(next.text) ||
    // After a number the character is a counter or unit ("16周岁", "16 周岁", "3 万元"), not a family name.
    (i > 0 && DIGIT_RE.test(words[i - 1]!.text) && SPACE_RE.test(p.prose.slice(words[i - 1]!.end, w.start)))
  )
    return undefined
  const third = words[i + 2]
  return adjacent(next, third) && SINGLE_HAN_RE.test(third.text) && !sets.common.has(third.text)
    ? [w, next, third]
    : [w, next]
}

const runsCache = new WeakMap<Prepared, ReadonlySet<string>>()
/** The Chinese names a text has by `surnameRun`, as written. */
const surnameRuns = (p: Prepared, sets: NameLists): ReadonlySet<string> => {
  let runs = runsCache.get(p)
  if (runs === undefined) {
    const found = new Set<string>()
    for (let i = 0; i < p.words.length; i++) {
      const run = surnameRun(p, sets, i)
      if (run !== undefined) found.add(run.map((w) => w.text).join(""))
    }
    runs = found
    runsCache.set(p, runs)
  }
  return runs
}

/** The names of a Chinese or Japanese text `p`; `other` is the text it is compared with. */
export const cjkNames = (p: Prepared, other: Prepared, sets: NameLists): ReadonlyArray<Name> => {
  const words = p.words
  const out: Array<Name> = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word
    const next = words[i + 1]
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
    } else if (p.lang === "zh") {
      const run = surnameRun(p, sets, i)
      if (run === undefined) continue
      // A one-character given name glued to the next character ("刘|洋|带着", "徐|闻|轮渡"): the other text has
      // the two-character name and not the three characters.
      const theirs = surnameRuns(other, sets)
      const two =
        run.length === 3 && theirs.has(run[0]!.text + run[1]!.text) && !theirs.has(run.map((r) => r.text).join(""))
      const name = two ? run.slice(0, 2) : run
      out.push(makeName(p, name, false, false))
      i += name.length - 1
    }
  }
  organisationNames(p, sets, out)
  if (p.lang === "ja") familyNames(p, sets, out)
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
 * "東京|大学"), or two words that end in one ("西岸|美术|馆": the segmenter cut "美术馆"), with up to two words
 * before it when it stands alone, unless those only say which one ("这家|公司").
 */
const organisationNames = (p: Prepared, sets: NameLists, out: Array<Name>): void => {
  if (sets.organisations.length === 0) return
  const words = p.words
  const covered = coverage(p, out)
  const byLast = organisationsByLast(sets)
  // Where the last organisation read here ends: one does not overlap the one before it ("北京大学|医院").
  let last = 0
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as Word
    const prev = words[i - 1]
    const candidates = byLast.get(w.text.at(-1) ?? "")
    if (candidates === undefined) continue
    let own = 1
    let suffix = candidates.find((o) => w.text.endsWith(o))
    if (suffix === undefined && prev !== undefined && prev.end === w.start) {
      const pair = prev.text + w.text
      suffix = candidates.find((o) => o.length > w.text.length && pair.endsWith(o))
      own = 2
    }
    if (suffix === undefined) continue
    const run = own === 2 ? [prev as Word, w] : [w]
    if (run.map((r) => r.text).join("") === suffix) {
      for (let k = i - own; k >= Math.max(0, i - own - 1); k--) {
        const before = words[k] as Word
        if (before.end !== run[0]!.start || !HAN_WORD_RE.test(before.text) || sets.common.has(before.text)) break
        run.unshift(before)
      }
      if (run.length === own) continue
    }
    if (GENERIC_PREFIX_RE.test(run[0]!.text) || covered(run[0]!.start, w.end) || run[0]!.start < last) continue
    out.push(makeName(p, run, false, false))
    last = w.end
  }
}

const byLastCache = new WeakMap<NameLists, ReadonlyMap<string, ReadonlyArray<string>>>()
/** The organisation words by their last character, longest first: a word is looked up by how it ends. */
const organisationsByLast = (sets: NameLists): ReadonlyMap<string, ReadonlyArray<string>> => {
  let found = byLastCache.get(sets)
  if (found === undefined) {
    const map = new Map<string, Array<string>>()
    for (const o of sets.organisations) map.set(o.at(-1) ?? "", [...(map.get(o.at(-1) ?? "") ?? []), o])
    found = map
    byLastCache.set(sets, found)
  }
  return found
}

/**
 * Japanese family names written without an honorific, as a company writes its own staff ("人事部の高橋が担当いたし
 * ます"): a word that is a common family name ("高橋", "佐藤"), where no longer name covers it already.
 */
const familyNames = (p: Prepared, sets: NameLists, out: Array<Name>): void => {
  if (sets.surnames.size === 0) return
  const covered = coverage(p, out)
  for (const w of p.words)
    if (sets.surnames.has(w.text) && !covered(w.start, w.end)) out.push(makeName(p, [w], false, false))
}

/** Whether a span of `p` overlaps one of `names`, in constant time: the characters the names cover, marked once. */
const coverage = (p: Prepared, names: ReadonlyArray<Name>): ((start: number, end: number) => boolean) => {
  // How many covered characters come before each offset.
  const marks = new Int32Array(p.prose.length + 1)
  for (const n of names) {
    marks[n.start] = (marks[n.start] as number) + 1
    marks[n.end] = (marks[n.end] as number) - 1
  }
  const before = new Int32Array(p.prose.length + 1)
  let depth = 0
  for (let k = 0; k < p.prose.length; k++) {
    depth += marks[k] as number
    before[k + 1] = (before[k] as number) + (depth > 0 ? 1 : 0)
  }
  return (start, end) => (before[end] as number) - (before[start] as number) > 0
}

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
export const writtenOut = (name: Name, a: Prepared, b: Prepared): boolean => {
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

/** A title in Chinese or Japanese book quotes or corner brackets: 《三体》, 「冬の港」. */
export const TITLE_RE = /[《「『]([^《》「」『』]{2,12})[》」』]/u

/** The quoted titles of a Chinese or Japanese original that the rewrite does not have word for word. */
export const titlesLost = (original: Prepared, rewrite: Prepared): ReadonlyArray<string> => {
  if (original.lang !== "zh" && original.lang !== "ja") return []
  return [...original.prose.matchAll(new RegExp(TITLE_RE, "gu"))]
    .map((m) => m[1] as string)
    .filter((t) => !rewrite.prose.includes(t))
}

const CJK_NAME_RE = /^[\p{Script=Han}\p{Script=Katakana}ー・]{2,12}$/u

const partsCache = new WeakMap<
  ReadonlyArray<Name>,
  { readonly whole: ReadonlySet<string>; readonly parts: ReadonlySet<string> }
>()
/** The Han and katakana names of a text, and every part of two or more characters of them. */
const partsOf = (names: ReadonlyArray<Name>) => {
  let found = partsCache.get(names)
  if (found === undefined) {
    const whole = new Set(names.map((n) => n.text).filter((t) => CJK_NAME_RE.test(t)))
    const parts = new Set<string>()
    for (const t of whole)
      for (let i = 0; i < t.length - 1; i++) for (let j = i + 2; j <= t.length; j++) parts.add(t.slice(i, j))
    found = { whole, parts }
    partsCache.set(names, found)
  }
  return found
}

/**
 * Whether a Chinese or Japanese name the rewrite adds is one that `theirs` (the original's names) has, cut
 * differently by the segmenter: it contains one of them or is contained in one ("徐闻" and "徐闻轮", "石川真理子" and
 * "石川"). Han and katakana names only ("AI" is not "OpenAI"), of at most twelve characters: their parts are few.
 */
export const sameEntity = (name: Name, theirs: ReadonlyArray<Name>): boolean => {
  if (!CJK_NAME_RE.test(name.text)) return false
  const { whole, parts } = partsOf(theirs)
  if (parts.has(name.text)) return true
  for (let i = 0; i < name.text.length - 1; i++)
    for (let j = i + 2; j <= name.text.length; j++) if (whole.has(name.text.slice(i, j))) return true
  return false
}
