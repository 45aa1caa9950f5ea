/**
 * Order of events: "A before B", "B after A", "after A, B" and "A, then B" all say that A comes first. Each order
 * word splits its sentence into two events (its own clause and the rest); the guard reads which event comes first in
 * the original and in the rewrite, matching the events by their content words, and reports a reversal.
 * In Chinese and Japanese the order word ends its clause ("在运行迁移之前", "移行する前に"), except the words that open
 * the later step ("先…再…", "然后", "その後"). Accents do not tell two words of an event apart ("mézclalas", "mezcla").
 */
import { finding, type Finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lang, Lexicon } from "./Lexicon.ts"
import { escape } from "./Regex.ts"
import { firstIndex, type Prepared, type Word } from "./Text.ts"

interface Relation {
  readonly earlier: ReadonlyArray<Word>
  readonly later: ReadonlyArray<Word>
  readonly sentence: number
}

export interface OrderWords {
  /** Matches an order word. */
  readonly re: RegExp
  /** Order words whose own clause is the later event ("before", "then"). */
  readonly later: ReadonlySet<string>
  /** All order words of `before` and `after` (the ones that end their clause in a postposed language). */
  readonly ends: ReadonlySet<string>
  readonly stop: ReadonlySet<string>
  readonly openers: ReadonlySet<string>
  readonly postposed: boolean
  /** Words that open the later event even in a postposed language ("然后", "再"). */
  readonly next: ReadonlySet<string>
  readonly cjk: boolean
}

/** The order words as one alternation, longest first: a phrase must win over a shorter word it starts with. */
const alternation = (words: ReadonlyArray<string>): string =>
  words
    .toSorted((a, b) => b.length - a.length)
    .map(escape)
    .join("|")

const cache = new Map<Lang, OrderWords | null>()
export const orderWords = (lex: Lexicon): OrderWords | null => {
  let found = cache.get(lex.lang)
  if (found === undefined) {
    const { before, after, openers, postposed, next } = lex.order
    const cjk = lex.lang === "zh" || lex.lang === "ja"
    const [l, r] = cjk ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
    found =
      before.length === 0
        ? null
        : {
            re: new RegExp(`${l}(?:${alternation([...before, ...after, ...next])})${r}`, "gu"),
            later: new Set(before),
            ends: new Set([...before, ...after]),
            stop: new Set([...lex.markers, ...lex.order.stop]),
            openers: new Set(openers),
            postposed,
            next: new Set(next),
            cjk
          }
    cache.set(lex.lang, found)
  }
  return found
}

/** Clause boundaries inside a sentence. */
const BOUNDARY_RE = /[,;:()—–，；：、]/g
const ELISION_RE = /^(?:[cdjlmnst]|qu)['’]/u
const HAN_RE = /^\p{Script=Han}$/u
const CJK_OBJECT_RE = /^[把将用让给]$/u
const MARKS_RE = /\p{M}/gu
const DELAY_RE = /^\s*\d/u
const DELAY_BEFORE_RE = /\d[日天周年月]?$/u

/** Clause number of each word: sentences never share a clause number. */
export const clausesOf = (p: Prepared): ReadonlyArray<number> => {
  const cuts: Array<number> = []
  for (const m of p.prose.matchAll(BOUNDARY_RE)) cuts.push(m.index)
  let k = 0
  let clause = 0
  let sentence = 0
  return p.words.map((w) => {
    while (k < cuts.length && (cuts[k] as number) < w.start) {
      k++
      clause++
    }
    if (w.sentence !== sentence) {
      sentence = w.sentence
      clause++
    }
    return clause
  })
}

/** A word that tells one event from another: no order word, particle or other small word. */
export const isContent = (w: Word, ow: OrderWords): boolean => {
  // A single Han character is a word of its own in short steps ("把水烧开"); particles are in the stop list.
  if (ow.cjk) return (w.text.length >= 2 || HAN_RE.test(w.text)) && !ow.stop.has(w.lower) && !ow.openers.has(w.lower)
  const lower = w.lower.replace(ELISION_RE, "")
  return lower.length >= 3 && !ow.stop.has(lower)
}

/** Where each clause of `clausesOf` starts and ends, as [first word, last word + 1], read once. */
export const clauseSpans = (clauses: ReadonlyArray<number>): ReadonlyMap<number, readonly [number, number]> => {
  const spans = new Map<number, [number, number]>()
  clauses.forEach((clause, i) => {
    const span = spans.get(clause)
    if (span === undefined) spans.set(clause, [i, i + 1])
    else span[1] = i + 1
  })
  return spans
}

const relationsOf = (p: Prepared, ow: OrderWords): ReadonlyArray<Relation> => {
  const words = p.words
  const clauses = clausesOf(p)
  const content = (i: number): boolean => isContent(words[i] as Word, ow)
  const pick = (from: number, to: number, skip: ReadonlySet<number>): ReadonlyArray<Word> => {
    const out: Array<Word> = []
    for (let i = from; i < to; i++) if (!skip.has(i) && content(i)) out.push(words[i] as Word)
    return out
  }
  const spans = clauseSpans(clauses)
  const clauseRange = (clause: number): readonly [number, number] => spans.get(clause) ?? [0, 0]
  const relations: Array<Relation> = []
  for (const m of p.lower.matchAll(ow.re)) {
    const start = m.index
    const end = start + m[0].length
    // "after 14 days", "nach 14 Tagen", "14日後": a delay, not a second event.
    if (
      DELAY_RE.test(p.lower.slice(end, end + 3)) ||
      DELAY_BEFORE_RE.test(p.lower.slice(Math.max(0, start - 3), start))
    )
      continue
    const first = firstIndex(words.length, (i) => (words[i] as Word).end > start)
    if (first >= words.length) continue
    const markerWords = new Set<number>()
    for (let i = first; i < words.length && (words[i] as Word).start < end; i++) markerWords.add(i)
    const lastMarker = Math.max(...markerWords)
    // In Chinese and Japanese an order word must be whole words, not part of one ("前端", "后台"); a word that opens
    // the later step may have its object marker joined to it ("再把", "然后将").
    const lastWord = words[lastMarker] as Word
    const joined = ow.next.has(m[0]) && lastWord.end === end + 1 && CJK_OBJECT_RE.test(p.prose[end] ?? "")
    if (ow.cjk && ((words[first] as Word).start !== start || (lastWord.end !== end && !joined))) continue
    const clause = clauses[first] as number
    const [cStart] = clauseRange(clause)
    // An order word with a comma inside ("после того, как") reaches to the end of its last word's clause.
    const [, cEnd] = clauseRange(clauses[lastMarker] as number)
    // "…，然后…" and "…，之后…": a word that may also end a clause opens the later event at the start of its own.
    const opening = ow.next.has(m[0]) && (first === cStart || !ow.ends.has(m[0]))
    const ownIsLater = opening || ow.later.has(m[0])
    let own: ReadonlyArray<Word>
    let rest: ReadonlyArray<Word>
    if (ow.postposed && !opening) {
      let open = cStart
      for (let i = first - 1; i >= cStart; i--) {
        if (ow.openers.has((words[i] as Word).lower)) {
          open = i + 1
          break
        }
      }
      own = pick(open, first, markerWords)
      rest = [...pick(cStart, open, markerWords), ...pick(lastMarker + 1, cEnd, markerWords)]
    } else {
      own = pick(lastMarker + 1, cEnd, markerWords)
      rest = pick(cStart, first, markerWords)
    }
    // "Then, …" and "その後、…": a word that opens the later event before a comma opens the next clause.
    let others = [clause + 1, clause - 1]
    if (own.length === 0 && ownIsLater && (!ow.postposed || opening)) {
      const [s, e] = clauseRange((clauses[lastMarker] as number) + 1)
      own = pick(s, e, markerWords)
      others = [clause - 1]
    }
    // A fronted order clause ("After the checks pass, …"): the other event is the next clause, else the one before.
    // The clause after it only within its sentence: "Save the data. Then quit" reaches back, never forward.
    const sentence = (words[first] as Word).sentence
    for (const next of others) {
      if (rest.length > 0) break
      const [s, e] = clauseRange(next)
      if (next < clause || words[s]?.sentence === sentence) rest = pick(s, e, markerWords)
    }
    if (own.length === 0 || rest.length === 0) continue
    relations.push(ownIsLater ? { earlier: rest, later: own, sentence } : { earlier: own, later: rest, sentence })
  }
  return relations
}

const foldCache = new Map<string, string>()
const fold = (word: string): string => {
  let folded = foldCache.get(word)
  if (folded === undefined) {
    folded = word.normalize("NFD").replace(MARKS_RE, "").replace(ELISION_RE, "")
    if (foldCache.size > 10_000) foldCache.clear()
    foldCache.set(word, folded)
  }
  return folded
}

/** Two words of the same event: equal, or sharing a stem ("run" and "running", "validated" and "validation"). */
export const sameStem = (x: string, y: string, cjk: boolean): boolean => {
  if (x === y) return true
  if (cjk) return false
  // "mézclalas" and "mezcla", "póchalas" and "pocha": accents do not make another word.
  const a = fold(x)
  const b = fold(y)
  const n = Math.min(a.length, b.length)
  if (n < 3) return false
  // "shape" and "shaping" share "shap": a short word needs one letter less.
  const need = n <= 5 ? Math.min(4, n) : 5
  for (let i = 0; i < need; i++) if (a[i] !== b[i]) return false
  return true
}

const overlap = (a: ReadonlyArray<Word>, b: ReadonlyArray<Word>, cjk: boolean): number =>
  a.filter((x) => b.some((y) => sameStem(x.lower, y.lower, cjk))).length

const phrase = (p: Prepared, side: ReadonlyArray<Word>): string =>
  p.prose.slice((side[0] as Word).start, (side[side.length - 1] as Word).end)

const sentenceOf = (p: Prepared, index: number): string => {
  const [start, end] = p.sentences[index] ?? [0, p.prose.length]
  return p.prose.slice(start, end).trim()
}

/** How many characters around its expected place a relation's rewrite is looked for. */
const WINDOW = 3_000

/** Where a relation starts in its text. */
const at = (r: Relation): number => Math.min(r.earlier[0]?.start ?? 0, r.later[0]?.start ?? 0)

/** The relations (sorted by where they start) that start in [from, to]. */
const nearby = (sorted: ReadonlyArray<Relation>, from: number, to: number): ReadonlyArray<Relation> =>
  sorted.slice(
    firstIndex(sorted.length, (i) => at(sorted[i] as Relation) >= from),
    firstIndex(sorted.length, (i) => at(sorted[i] as Relation) > to)
  )

export const orderGuard: Guard = ({ original, rewrite, lexicon }) => {
  const ow = orderWords(lexicon)
  if (ow === null) return []
  ow.re.lastIndex = 0
  const any = ow.re.test(original.lower)
  ow.re.lastIndex = 0
  if (!any) return []
  const before = relationsOf(original, ow)
  const after = before.length > 0 ? relationsOf(rewrite, ow) : []
  const findings: Array<Finding> = []
  // A rewrite keeps the order of what it tells: a relation is looked for near where it falls in the rewrite (by
  // proportion), so a long paragraph's relations do not each meet all the others.
  const sorted = after.toSorted((x, y) => at(x) - at(y))
  const rank = new Map(after.map((r, i) => [r, i]))
  const ratio = rewrite.prose.length / Math.max(1, original.prose.length)
  for (const r of before) {
    let straight = 0
    let crossed = 0
    let match: Relation | undefined
    const expected = at(r) * ratio
    // In the rewrite's own order: of two that match as well, the first one counts.
    const window = nearby(sorted, expected - WINDOW, expected + WINDOW).toSorted(
      (x, y) => (rank.get(x) ?? 0) - (rank.get(y) ?? 0)
    )
    for (const s of window) {
      const st = overlap(r.earlier, s.earlier, ow.cjk) + overlap(r.later, s.later, ow.cjk)
      const cr = overlap(r.earlier, s.later, ow.cjk) + overlap(r.later, s.earlier, ow.cjk)
      if (Math.max(st, cr) > Math.max(straight, crossed)) {
        straight = st
        crossed = cr
        match = s
      }
    }
    // A relation the rewrite still tells as it was, every word of it in the same order, is kept, whatever a longer
    // relation around it reads crossed.
    const full = r.earlier.length + r.later.length
    const told = window.some((s) => overlap(r.earlier, s.earlier, ow.cjk) + overlap(r.later, s.later, ow.cjk) >= full)
    if (match !== undefined && crossed > straight && !told) {
      const a = phrase(original, r.earlier)
      const b = phrase(original, r.later)
      findings.push(
        finding(
          "order",
          `the order of "${a}" and "${b}" was reversed`,
          sentenceOf(original, r.sentence),
          sentenceOf(rewrite, match.sentence)
        )
      )
    }
  }
  return findings
}
