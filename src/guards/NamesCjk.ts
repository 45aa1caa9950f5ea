/**
 * Names in Chinese and Japanese: Latin-script names, katakana names written with "・", Chinese names (a family name
 * the segmenter could not join to a word), words before an honorific, organisations ("清华大学", "東京大学") and
 * quoted titles (《三体》, 「冬の港」); and whether a rewrite may have written a Latin acronym out in its own script.
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
const KATAKANA_NAME_RE = /[\p{Script=Katakana}ー]+(?:[・=＝][\p{Script=Katakana}ー]+)+/gu

export const cjkNames = (p: Prepared, sets: NameLists): ReadonlyArray<Name> => {
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
