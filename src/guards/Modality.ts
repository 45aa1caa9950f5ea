/**
 * Hedges, modality and claims: how sure and how binding a statement is.
 * - Uncertainty (may/might/could, probably/likely, suggests/appears, and the same in every language) must survive as
 *   uncertainty: "may" ↔ "might" ↔ "could possibly" ↔ "probably" pass; a lost hedge is reported, as a strengthened
 *   modal when the rewrite says "will" or "must" instead. A permission ("can", "is allowed to", "darf", "peut") may
 *   stand for a "may", and must not become an obligation ("can use" → "must use").
 * - Modal strength weak < medium (should, recommended) < strong (must, required): a lost "should" is reported, and
 *   so is a "must" that became "should" or "may". A dropped "will" or "must" is not: "you must run X" ↔ "run X".
 * - Approximations ("about 40", "roughly") must survive.
 * - The rewrite must not add an absolute ("always", "guaranteed", "proven", "completely") or a cause ("because of")
 *   when the original states none: a cause said in other words ("triggered by", "связано с") is a cause stated.
 */
import { added, became, dropped } from "./CueFindings.ts"
import type { Hit } from "./Cues.ts"
import type { Finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import { gained, pick, type Tally, tallies } from "./Tallies.ts"
import { foldAccents, type Prepared } from "./Text.ts"
import { clauseTopics, shareOf } from "./Topics.ts"

/** Values that state uncertainty; any of them may replace another when the rewrite has more of it than the original. */
const UNCERTAIN: ReadonlyArray<readonly [string, string]> = [
  ["modality", "weak"],
  ["hedge", "likely"],
  ["hedge", "evidence"]
]

const CJK = new Set(["zh", "ja"])
const CLAUSE_END_RE = /[，。、；！？,.;]/u
const NOT_HAN_RE = /[^\p{Script=Han}\p{Script=Katakana}]/gu

/**
 * Whether the words after a cue are mostly new to the other text: at least half of the next few content words (or
 * Han and kana characters) have no stem there.
 */
const newReason = (p: Prepared, hit: Hit, other: Prepared): boolean => {
  if (CJK.has(p.lang)) {
    const clause = p.prose.slice(hit.end, hit.end + 12).split(CLAUSE_END_RE)[0] ?? ""
    const next = [...clause.replace(NOT_HAN_RE, "")].slice(0, 8)
    return next.length > 0 && next.filter((c) => !other.prose.includes(c)).length * 2 >= next.length
  }
  const stems = new Set(other.words.map((w) => foldAccents(w.lower).slice(0, 5)))
  const sentence = p.words.find((x) => x.start >= hit.start)?.sentence
  const content = p.words
    .filter((w) => w.start >= hit.end && w.sentence === sentence && w.lower.length >= 4)
    .slice(0, 5)
  return (
    content.length > 0 &&
    content.filter((w) => !stems.has(foldAccents(w.lower).slice(0, 5))).length * 2 >= content.length
  )
}

const CLAUSE_BREAK_RE = /[，。、；！？,.;:!?—–]/u

/** Whether most of the clause around a cue is new to the other text (content words, or Han and katakana). */
const newClause = (p: Prepared, hit: Hit, other: Prepared): boolean => {
  const text = p.prose
  let start = hit.start
  while (start > 0 && !CLAUSE_BREAK_RE.test(text[start - 1] ?? "")) start--
  let end = hit.end
  while (end < text.length && !CLAUSE_BREAK_RE.test(text[end] ?? "")) end++
  if (CJK.has(p.lang)) {
    const chars = [...(text.slice(start, hit.start) + text.slice(hit.end, end)).replace(NOT_HAN_RE, "")]
    return chars.length >= 3 && chars.filter((c) => !other.prose.includes(c)).length * 5 >= chars.length * 3
  }
  const stems = new Set(other.words.map((w) => foldAccents(w.lower).slice(0, 5)))
  const content = p.words.filter(
    (w) => w.start >= start && w.end <= end && w.lower.length >= 4 && (w.end <= hit.start || w.start >= hit.end)
  )
  return (
    content.length >= 2 &&
    content.filter((w) => !stems.has(foldAccents(w.lower).slice(0, 5))).length * 5 >= content.length * 3
  )
}

/** Distinct phrases of the uncertainty values ("вероятно" is listed as a modal and as a likelihood: one phrase). */
const uncertainSpans = (t: Tally, strict: boolean): number => {
  const starts = new Set<number>()
  for (const h of t.hits) {
    if ((strict && h.cue.weak) || !UNCERTAIN.some(([c, v]) => h.cue.cls === c && h.cue.value === v)) continue
    starts.add(h.start)
  }
  return starts.size
}

/** Words between a modal and its verb: "should not be", "sollte danach", "should also", "应立即". */
const BETWEEN_RE =
  /^(?:not|be|also|always|first|then|still|never|nicht|danach|dann|auch|immer|zuerst|sich|pas|ne|se|también|primero|не|тоже|также|сначала|же)$/
/** A word that makes what follows a request ("please send", "asked to send", "bitte", "veuillez"): no statement. */
/** Words passed over backwards from the verb of a rewrite: "do not plant" is an instruction. */
const SKIPPED_BACK_RE = /^(?:not|do|don't|don’t|never|also|then|first|nicht|pas|ne|no|не)$/
const REQUEST_RE = /^(?:please|to|bitte|veuillez|merci|por|favor|пожалуйста|просим)$/
/** Han and kana before a verb that make it an instruction: "要在医生指导下用", "须", "请". */
const INSTRUCTION_HAN_RE = /[要须需得请該该应]$/u
const CJK_VERB_SPAN = 2

/**
 * A dropped "should" is a change when the statement stays ("this fix should resolve it" → "this fix resolves it"),
 * not when the rewrite turns it into an instruction or a request ("requests should go to X" → "send requests to X",
 * "• Notify your manager", "are asked to contact", "要在医生指导下用"): the verb after the modal must still be there,
 * inside a sentence or list item and not after a word of request.
 */
const statementKept = (original: Prepared, hit: Hit, rewrite: Prepared): boolean => {
  if (CJK.has(original.lang)) {
    const verb = original.prose
      .slice(hit.end, hit.end + 12)
      .replace(NOT_HAN_RE, "")
      .slice(0, CJK_VERB_SPAN)
    if (verb.length < CJK_VERB_SPAN) return false
    for (let at = rewrite.prose.indexOf(verb); at >= 0; at = rewrite.prose.indexOf(verb, at + 1)) {
      const before = rewrite.prose.slice(Math.max(0, at - 1), at)
      if (/[\p{Script=Han}\p{Script=Hiragana}]/u.test(before) && !INSTRUCTION_HAN_RE.test(before)) return true
    }
    return false
  }
  const verb = original.words.find((w) => w.start >= hit.end && !BETWEEN_RE.test(w.lower))
  if (verb === undefined || verb.lower.length < 3) return false
  const stem = verb.lower.slice(0, Math.min(4, verb.lower.length))
  return rewrite.words.some((w, i) => {
    if (!w.lower.startsWith(stem)) return false
    let j = i - 1
    while (j >= 0 && rewrite.words[j]?.sentence === w.sentence && SKIPPED_BACK_RE.test(rewrite.words[j]?.lower ?? ""))
      j--
    const before = rewrite.words[j]
    return before !== undefined && before.sentence === w.sentence && !REQUEST_RE.test(before.lower)
  })
}

/** How much of the words around a cue the words around the cue it became must share: a fifth. */
const SAME_CLAIM = 1 / 5

/**
 * The cue of the original of a value that a cue of the rewrite says the same claim as: the clauses around them share a
 * fifth of the original's topics. "应于每月1日至10日提交" and "谁可以申请" are two claims: the "应" did not become
 * "可以".
 */
const sameClaim = (
  original: Prepared,
  hits: ReadonlyArray<Hit>,
  cls: string,
  value: string,
  rewrite: Prepared,
  other: Hit | undefined
): Hit | undefined => {
  if (other === undefined) return undefined
  const theirs = clauseTopics(rewrite, other.start, other.end, original.lang, true)
  return hits.find((hit) => {
    if (hit.cue.cls !== cls || hit.cue.value !== value) return false
    const wanted = clauseTopics(original, hit.start, hit.end, original.lang)
    return wanted.size === 0 || shareOf(wanted, theirs) >= SAME_CLAIM
  })
}

const STRONGER_THAN_WEAK: ReadonlyArray<readonly [string, string]> = [
  ["modality", "strong"],
  ["modality", "medium"]
]
const WEAKER_THAN_STRONG: ReadonlyArray<readonly [string, string]> = [["modality", "medium"], ...UNCERTAIN]

export const modalityGuard: Guard = (input) => {
  const { original, rewrite } = input
  const { a, b } = tallies(input)
  const out: Array<Finding> = []

  // Uncertainty: a lost value is replaced by others when the rewrite has as many uncertain phrases as the original.
  const enough = uncertainSpans(b, false) >= uncertainSpans(a, true)
  for (const [cls, value] of UNCERTAIN) {
    if (enough || a.strict(cls, value) === 0 || b.any(cls, value) >= a.strict(cls, value)) continue
    const hit = pick(a.hits, cls, value, b.hits)
    if (hit === undefined) continue
    const stronger = gained(a, b, STRONGER_THAN_WEAK, true)
    const future = b.hits.find((h) => h.cue.cls === "modality" && h.cue.value === "strong" && h.cue.weak)
    const asStronger = sameClaim(original, a.hits, cls, value, rewrite, stronger)
    const asFuture = sameClaim(original, a.hits, cls, value, rewrite, future)
    if (asStronger !== undefined && stronger !== undefined)
      out.push(became("modality", original, asStronger, stronger, rewrite))
    else if (
      asFuture !== undefined &&
      future !== undefined &&
      a.any("modality", "strong") < b.any("modality", "strong")
    ) {
      out.push(became("hedge", original, asFuture, future, rewrite))
    } else out.push(dropped("hedge", original, hit))
    break
  }

  // A permission or possibility ("can", "is allowed to", "peut") that became an obligation or a recommendation.
  if (a.strict("modality", "weak") === 0 && a.any("modality", "weak") > 0 && b.any("modality", "weak") === 0) {
    const stronger = gained(a, b, STRONGER_THAN_WEAK, true)
    const hit = sameClaim(original, a.hits, "modality", "weak", rewrite, stronger)
    if (hit !== undefined && stronger !== undefined) out.push(became("modality", original, hit, stronger, rewrite))
  }

  // A recommendation that disappeared, became an obligation or a mere possibility.
  if (a.strict("modality", "medium") > 0 && b.any("modality", "medium") === 0) {
    const hit = pick(a.hits, "modality", "medium", b.hits)
    if (hit !== undefined) {
      const other = gained(a, b, [["modality", "strong"]]) ?? gained(a, b, UNCERTAIN)
      const from = sameClaim(original, a.hits, "modality", "medium", rewrite, other)
      if (from !== undefined && other !== undefined) out.push(became("modality", original, from, other, rewrite))
      else if (statementKept(original, hit, rewrite)) out.push(dropped("modality", original, hit))
    }
  }

  // An obligation weakened to a recommendation or a possibility.
  if (a.strict("modality", "strong") > 0 && b.any("modality", "strong") === 0) {
    const weaker = gained(a, b, WEAKER_THAN_STRONG)
    const hit = sameClaim(original, a.hits, "modality", "strong", rewrite, weaker)
    if (hit !== undefined && weaker !== undefined) out.push(became("modality", original, hit, weaker, rewrite))
  }

  // A source ("according to the survey", "laut", "по данным"): another source may say it ("the survey found"), but
  // a claim without its source is stated as fact. A source never stands for a "could".
  if (a.strict("hedge", "source") > 0 && b.any("hedge", "source") === 0) {
    const hit = pick(a.hits, "hedge", "source", b.hits)
    if (hit !== undefined) out.push(dropped("hedge", original, hit))
  }

  // Approximations.
  if (a.strict("hedge", "approx") > 0 && b.any("hedge", "approx") === 0) {
    const hit = pick(a.hits, "hedge", "approx", b.hits)
    const bound = gained(a, b, [
      ["bound", "upper"],
      ["bound", "lower"]
    ])
    if (hit !== undefined && bound === undefined) out.push(dropped("hedge", original, hit))
  }

  // Added absolutes: more of them than the original has.
  if (b.strict("claim", "absolute") > a.any("claim", "absolute")) {
    const hit = gained(a, b, [["claim", "absolute"]])
    if (hit !== undefined) out.push(added("claim", rewrite, hit))
  }
  // An added fact: "… and it also makes exports faster", "耗电量也明显降低": an "also" the original lacks, in a
  // clause of words the original does not have.
  if (b.strict("claim", "also") > a.any("claim", "also")) {
    const hit = b.hits.find((h) => h.cue.cls === "claim" && h.cue.value === "also" && !h.cue.weak)
    if (hit !== undefined && newClause(rewrite, hit, original)) out.push(added("claim", rewrite, hit))
  }
  // An added cause, when the original states none and the rewrite names a new one: "because of improved sleep", not
  // a "so" or "由于" that links two facts the original already gave side by side.
  if (b.strict("claim", "cause") > 0 && a.any("claim", "cause") === 0) {
    const hit = b.hits.find((h) => h.cue.cls === "claim" && h.cue.value === "cause" && !h.cue.weak)
    if (hit !== undefined && newReason(rewrite, hit, original)) out.push(added("claim", rewrite, hit))
  }
  return out
}
