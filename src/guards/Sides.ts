/**
 * The two sides of a relation word, in Chinese: "坐高铁比自驾节省一个小时" and "华信物流已向我公司赔付" say who is
 * compared with whom and who pays whom by the words left and right of "比" and "向". A rewrite that trades the two
 * sides ("自驾比坐高铁…", "我公司已向华信物流…") turns the statement, unless the comparison turned with it ("A比B快"
 * = "B比A慢"). The relation words are `roles.sides` in the data files; adverbs between the left side and the word
 * ("已", "将") are `roles.sideAdverbs`.
 */
import { finding, type Finding } from "./Finding.ts"
import type { GuardInput } from "./Guard.ts"
import type { Prepared } from "./Text.ts"

const BREAK_RE = /[\s，。、；：！？,.;:!?（）()「」“”]/u
const REACH = 6
const KEY = 2

interface Relation {
  readonly word: string
  readonly left: string
  readonly right: string
  /** The first characters of the clause. */
  readonly subject: string
}

/** The relations of a text: each relation word with the few characters on each side, up to a break. */
const relationsOf = (p: Prepared, words: ReadonlyArray<string>, adverbs: ReadonlyArray<string>): Relation[] => {
  const out: Array<Relation> = []
  // Where the clause around each offset starts: after the last break before it that is no space (read once, so
  // that a long paragraph is not read again for each word).
  let clauseStarts: Int32Array | undefined
  const clauseStart = (at: number): number => {
    if (clauseStarts === undefined) {
      clauseStarts = new Int32Array(p.prose.length + 1)
      let last = 0
      for (let i = 0; i < p.prose.length; i++) {
        clauseStarts[i] = last
        const c = p.prose[i] ?? ""
        if (BREAK_RE.test(c) && c !== " ") last = i + 1
      }
      clauseStarts[p.prose.length] = last
    }
    return clauseStarts[at] ?? 0
  }
  for (const word of words) {
    for (let at = p.prose.indexOf(word); at >= 0; at = p.prose.indexOf(word, at + word.length)) {
      // The clause's first characters only: a long clause is not copied for each word.
      const start = clauseStart(at)
      const clause = p.prose.slice(start, Math.min(at, start + KEY + 64))
      let left = p.prose.slice(Math.max(0, at - REACH), at)
      left = left.slice(Math.max(...[...left].map((c, i) => (BREAK_RE.test(c) ? i + 1 : 0)), 0))
      for (let again = true; again;) {
        again = false
        for (const adverb of adverbs) {
          if (left.endsWith(adverb) && left.length > adverb.length) {
            left = left.slice(0, -adverb.length)
            again = true
          }
        }
      }
      const after = p.prose.slice(at + word.length, at + word.length + REACH)
      const right = after.split(BREAK_RE)[0] ?? ""
      // The subject may stand at the start of the clause, far from the word ("甲方应在…日内向乙方支付").
      const subject = clause.replace(/^\s+/u, "").slice(0, KEY)
      if (left.length >= KEY && right.length >= KEY) out.push({ word, left, right, subject })
    }
  }
  return out
}

const cache = new WeakMap<Prepared, Relation | null>()

/** A relation of the original whose two sides the rewrite gives the other way round, if there is one. */
export const tradedSides = ({ original, rewrite, lexicon }: GuardInput): Relation | undefined => {
  const cached = cache.get(rewrite)
  if (cached !== undefined) return cached ?? undefined
  const words = lexicon.roles.sides ?? []
  let found: Relation | undefined
  if (words.length > 0) {
    const adverbs = lexicon.roles.sideAdverbs ?? []
    const after = relationsOf(rewrite, words, adverbs)
    for (const r of relationsOf(original, words, adverbs)) {
      const rt = r.right.slice(0, KEY)
      for (const l of new Set([r.left.slice(-KEY), r.subject])) {
        if (l === rt || l.length < KEY) continue
        const same = after.some((x) => x.word === r.word && x.left.includes(l) && x.right.includes(rt))
        const traded = after.some((x) => x.word === r.word && x.left.includes(rt) && x.right.includes(l))
        if (!same && traded) found ??= r
      }
      if (found !== undefined) break
    }
  }
  cache.set(rewrite, found ?? null)
  return found
}

/** A finding for traded sides (Roles.ts reports it, unless the comparison turned too). */
export const sidesFinding = (r: Relation): Finding =>
  finding(
    "role",
    `the sides of "${r.word}" were swapped: "${r.left}${r.word}${r.right}"`,
    `${r.left}${r.word}${r.right}`
  )
