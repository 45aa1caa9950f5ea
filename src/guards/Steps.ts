/**
 * Steps of a procedure: a sentence that tells its steps in the order they happen ("Shake the inhaler, breathe out
 * fully, then press the canister"; "まず玉ねぎを炒め、次に肉を加えてから、水を入れます") must keep that order.
 * The steps are the sentence's clauses, cut at commas and step words; each step of the original is found in the
 * rewrite by its content words, and two steps told the other way round are reported. Only sentences whose order
 * words all keep the told order ("then", "next", "まず", "然后") are compared on both sides: where "after" or
 * "before" may turn it ("Before you press, shake"), the order guard reads the events instead.
 */
import { finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import { alternation } from "./Regex.ts"
import { isContent, orderWords, sameStem, type OrderWords } from "./Order.ts"
import type { Lexicon } from "./Lexicon.ts"
import { type Prepared, type Word, wordsIn } from "./Text.ts"

interface Step {
  readonly words: ReadonlyArray<Word>
  readonly sentence: number
}

const CUT_RE = /[,;:()—–，；：、]/u
const CLAUSE_END_RE = /[,;:()—–，；：、]\s*$/u

const stepWordCache = new WeakMap<Lexicon, RegExp | null>()
const stepWords = (lex: Lexicon): RegExp | null => {
  let found = stepWordCache.get(lex)
  if (found === undefined) {
    const steps = lex.order.steps ?? []
    const cjk = lex.lang === "zh" || lex.lang === "ja"
    const [l, r] = cjk ? ["", ""] : ["(?<![\\p{L}\\p{N}])", "(?![\\p{L}\\p{N}])"]
    found = steps.length === 0 ? null : new RegExp(`${l}(?:${alternation(steps)})${r}`, "gu")
    stepWordCache.set(lex, found)
  }
  return found
}

/** The steps of each sentence that has a step word and no order word that may turn the told order. */
const stepsOf = (p: Prepared, ow: OrderWords, steps: RegExp, lex: Lexicon): ReadonlyArray<Step> => {
  const stepSet = new Set((lex.order.steps ?? []).map((s) => s.toLowerCase()))
  const because = lex.operators.claim?.cause ?? []
  const causes =
    because.length === 0 ? null : new RegExp(`(?:${alternation(because.filter((c) => !c.startsWith("re:")))})`, "u")
  const coordinator = new RegExp(`(?:${alternation(lex.roles.coordinators)})\\s*$`, "u")
  const out: Array<Step> = []
  p.sentences.forEach(([start, stop], sentence) => {
    const text = p.lower.slice(start, stop)
    const cuts = new Set<number>()
    let marked = false
    for (const m of text.matchAll(steps)) {
      cuts.add(start + m.index)
      // "then press", "次に肉を": a step word opens its clause ("the first week", "the next train" are no steps).
      const lead = text.slice(0, m.index).replace(coordinator, "")
      if (ow.cjk || lead.trim() === "" || CLAUSE_END_RE.test(lead)) marked = true
    }
    // "味噌は沸騰させると風味が飛ぶので、火を止めて…": a reason among the steps may move freely.
    if (!marked || (causes !== null && causes.test(text))) return
    // "最後に" holds "後に": an order word inside a step word is that step word.
    const spans = [...text.matchAll(steps)].map((m) => [m.index, m.index + m[0].length] as const)
    const inStep = (at: number, end: number) => spans.some(([s, e]) => s <= at && e >= end)
    for (const m of text.matchAll(ow.re)) if (!stepSet.has(m[0]) && !inStep(m.index, m.index + m[0].length)) return
    let current: Array<Word> = []
    let last = start
    const flush = () => {
      if (current.length > 0) out.push({ words: current, sentence })
      current = []
    }
    for (const w of wordsIn(p, start, stop)) {
      if (w.sentence !== sentence) continue
      if (CUT_RE.test(p.prose.slice(last, w.start)) || [...cuts].some((c) => c >= last && c <= w.start)) flush()
      last = w.end
      if (isContent(w, ow)) current.push(w)
    }
    flush()
  })
  return out
}

const overlap = (a: Step, b: Step, cjk: boolean): number =>
  a.words.filter((x) => b.words.some((y) => sameStem(x.lower, y.lower, cjk))).length

/** The one step of `steps` that shares the most content words with `step`, if no other shares as many. */
const bestMatch = (step: Step, steps: ReadonlyArray<Step>, cjk: boolean): number | undefined => {
  let best = -1
  let score = 0
  let tie = false
  steps.forEach((s, i) => {
    const n = overlap(step, s, cjk)
    if (n > score) [best, score, tie] = [i, n, false]
    else if (n === score && n > 0) tie = true
  })
  return best >= 0 && !tie ? best : undefined
}

const told = (p: Prepared, step: Step): string => p.prose.slice(step.words[0]!.start, step.words.at(-1)!.end)

export const stepsGuard: Guard = ({ original, rewrite, lexicon }) => {
  const ow = orderWords(lexicon)
  const steps = stepWords(lexicon)
  if (ow === null || steps === null) return []
  if (original.lower.search(steps) < 0) return []
  const before = stepsOf(original, ow, steps, lexicon)
  if (before.length < 2) return []
  const after = stepsOf(rewrite, ow, steps, lexicon)
  const matched = before.map((s) => bestMatch(s, after, ow.cjk))
  for (let i = 0; i < before.length; i++) {
    for (let j = i + 1; j < before.length; j++) {
      const [a, b] = [before[i]!, before[j]!]
      const [x, y] = [matched[i], matched[j]]
      if (a.sentence !== b.sentence || x === undefined || y === undefined || x <= y) continue
      const text = `the steps "${told(original, a)}" and "${told(original, b)}" were swapped`
      return [finding("order", text, told(original, a), told(rewrite, after[x]!))]
    }
  }
  return []
}
