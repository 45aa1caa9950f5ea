/**
 * What a writer's edits and rejections say about their voice, as proposals the writer accepts or dismisses: a word
 * they keep replacing or cutting becomes a phrase to avoid, a length they keep cutting sentences to becomes a rule.
 * Nothing here changes a voice; an accepted proposal is added to the voice by the caller.
 */
import { splitSentences } from "../Prose.ts"

/** A paragraph the writer decided on: their edit of a rewrite, or a rewrite they rejected for the original. */
export type Decided =
  | { readonly kind: "edited"; readonly rewrite: string; readonly edited: string }
  | { readonly kind: "rejected"; readonly rewrite: string; readonly original: string }

export interface Suggestion {
  /** Stable across calls for the same proposal, so an answer to it can be kept. */
  readonly id: string
  /** `avoid`: add `value` to the voice's phrases to avoid. `rule`: add `value` to its rules. */
  readonly change: "avoid" | "rule"
  readonly value: string
  /** The question put to the writer. */
  readonly message: string
  /** How many times the writer's decisions showed it. */
  readonly count: number
}

/** A word must be replaced, cut or rejected this often before it is proposed. */
export const MIN_TIMES = 2
/** Sentences the edits must hold before their length is proposed as a rule. */
const MIN_SENTENCES = 6
/** Edited sentences this much shorter (or longer) than the rewrites', in share and in words, make a rule. */
const LENGTH_SHARE = 0.2
const LENGTH_WORDS = 3

const WORD_RE = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu

const wordsOf = (text: string): ReadonlyArray<string> => (text.match(WORD_RE) ?? []).map((w) => w.toLowerCase())

/** Words no one would avoid: too common to say anything about a voice. */
const COMMON = new Set(
  "a an the and or but of to in on at for with by from as is are was were be been it its this that these those i we you he she they them our your their my me us not no so if then than there here do does did have has had will would can could should may might".split(
    " "
  )
)

type Op = { readonly kind: "same" | "removed" | "added"; readonly word: string }

/** A word-level diff of `before` into `after` (longest common subsequence). */
export const wordDiff = (before: ReadonlyArray<string>, after: ReadonlyArray<string>): ReadonlyArray<Op> => {
  const n = before.length
  const m = after.length
  const lcs: Array<Uint16Array> = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1))
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const row = lcs[i] as Uint16Array
      row[j] = before[i] === after[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0)
    }
  const ops: Array<Op> = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      ops.push({ kind: "same", word: before[i] ?? "" })
      i++
      j++
    } else if (j < m && (i === n || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      ops.push({ kind: "added", word: after[j] ?? "" })
      j++
    } else {
      ops.push({ kind: "removed", word: before[i] ?? "" })
      i++
    }
  }
  return ops
}

/** Single words swapped for single words, and words cut, in one diff. */
const changes = (ops: ReadonlyArray<Op>) => {
  const swaps: Array<readonly [string, string]> = []
  const cut: Array<string> = []
  for (let k = 0; k < ops.length;) {
    if (ops[k]?.kind === "same") {
      k++
      continue
    }
    let end = k
    while (end < ops.length && ops[end]?.kind !== "same") end++
    const removed = ops.slice(k, end).filter((o) => o.kind === "removed")
    const added = ops.slice(k, end).filter((o) => o.kind === "added")
    if (removed.length === 1 && added.length === 1) swaps.push([removed[0]?.word ?? "", added[0]?.word ?? ""])
    else if (added.length === 0) for (const r of removed) cut.push(r.word)
    k = end
  }
  return { swaps, cut }
}

const meanSentenceWords = (texts: ReadonlyArray<string>) => {
  const lengths = texts.flatMap((t) => splitSentences(t).map((s) => wordsOf(s).length)).filter((n) => n > 0)
  return { sentences: lengths.length, mean: lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length) }
}

const tally = <K>(keys: ReadonlyArray<K>, keyOf: (k: K) => string) => {
  const counts = new Map<string, { readonly key: K; n: number }>()
  for (const k of keys) {
    const id = keyOf(k)
    const entry = counts.get(id) ?? { key: k, n: 0 }
    entry.n++
    counts.set(id, entry)
  }
  return [...counts.values()]
}

const times = (n: number) => (n === 1 ? "once" : n === 2 ? "twice" : `${n} times`)

/**
 * The proposals the decisions support, most often shown first. `avoid` lists what the voice avoids already: it is not
 * proposed again.
 */
export const suggestFrom = (
  decided: ReadonlyArray<Decided>,
  avoid: ReadonlyArray<string> = []
): ReadonlyArray<Suggestion> => {
  const avoided = new Set(avoid.map((a) => a.trim().toLowerCase()))
  const swaps: Array<readonly [string, string]> = []
  const cut: Array<string> = []
  const rejectedAdds: Array<string> = []
  for (const d of decided) {
    if (d.kind === "edited") {
      const found = changes(wordDiff(wordsOf(d.rewrite), wordsOf(d.edited)))
      swaps.push(...found.swaps)
      cut.push(...found.cut)
    } else {
      // Words the rejected rewrite brought in that the writer's own text did not have.
      const own = new Set(wordsOf(d.original))
      rejectedAdds.push(...new Set(wordsOf(d.rewrite).filter((w) => !own.has(w))))
    }
  }
  const out: Array<Suggestion> = []
  const proposed = new Set<string>()
  const propose = (word: string, count: number, message: string) => {
    if (count < MIN_TIMES || COMMON.has(word) || avoided.has(word) || proposed.has(word)) return
    proposed.add(word)
    out.push({ id: `avoid:${word}`, change: "avoid", value: word, message, count })
  }
  for (const {
    key: [from, to],
    n
  } of tally(swaps, ([a, b]) => `${a}\u0000${b}`).toSorted((a, b) => b.n - a.n))
    propose(from, n, `You replaced "${from}" with "${to}" ${times(n)}: avoid "${from}"?`)
  for (const { key: word, n } of tally(cut, (w) => w).toSorted((a, b) => b.n - a.n))
    propose(word, n, `You cut "${word}" ${times(n)}: avoid "${word}"?`)
  for (const { key: word, n } of tally(rejectedAdds, (w) => w).toSorted((a, b) => b.n - a.n))
    propose(word, n, `Rewrites you rejected brought in "${word}" ${times(n)}: avoid "${word}"?`)

  const edits = decided.filter((d) => d.kind === "edited")
  const mine = meanSentenceWords(edits.map((d) => d.edited))
  const theirs = meanSentenceWords(edits.map((d) => d.rewrite))
  const gap = theirs.mean - mine.mean
  if (mine.sentences >= MIN_SENTENCES && Math.abs(gap) >= LENGTH_WORDS && Math.abs(gap) >= LENGTH_SHARE * theirs.mean) {
    const target = Math.round(mine.mean)
    const way = gap > 0 ? "shorten" : "lengthen"
    out.push({
      id: `rule:sentences:${target}`,
      change: "rule",
      value: `Keep sentences to about ${target} words.`,
      message: `Your edits ${way} sentences to about ${target} words (the rewrites averaged ${Math.round(theirs.mean)}): make it a rule?`,
      count: edits.length
    })
  }
  return out.toSorted((a, b) => b.count - a.count)
}
