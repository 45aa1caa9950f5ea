/**
 * Conditions in a list: "if you have X, Y and Z", "once it has two approvals, a green run and no open comments", "il
 * faut avoir A, B et C". Each item of such a list must survive: an item none of whose content words (nor numbers)
 * reappear in the rewrite was dropped. Only lists after a condition, an obligation or a phrase naming who qualifies
 * ("members who are", "qui sont") that does not open its sentence are read, so that "If A, B and C happen" does not
 * mistake the main clause for an item. Spaced languages only.
 */
import { around } from "./CueFindings.ts"
import type { Hit } from "./Cues.ts"
import { finding, type Finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lexicon } from "./Lexicon.ts"
import { tallies } from "./Tallies.ts"
import { type Prepared, type Word, wordsIn } from "./Text.ts"

const CJK = new Set(["zh", "ja"])
const SEPARATOR_RE = /[,;]/g

/** A cue after which a list names what must hold: a condition, an obligation, or who qualifies ("members who are"). */
const opensList = (h: Hit): boolean =>
  h.cue.cls === "condition" ||
  (h.cue.cls === "list" && h.cue.value === "opens") ||
  (h.cue.cls === "modality" && h.cue.value === "strong" && !h.cue.weak)

/** A list word between two items: "and", "or". */
const joinsItems = (h: Hit): boolean => h.cue.cls === "list" && (h.cue.value === "and" || h.cue.value === "or")

/** A word that carries an item's meaning: a number, or a longer word that is not a small marker word. */
const isContent = (w: Word, lex: Lexicon): boolean =>
  /\d/.test(w.lower) || (w.lower.length >= 4 && !lex.markerSet.has(w.lower))

const stemOf = (w: string) => w.slice(0, Math.min(5, w.length))

/** The list items after `start` up to `end`: split at commas, semicolons and the list words ("and", "or"). */
const items = (text: Prepared, hits: ReadonlyArray<Hit>, start: number, end: number) => {
  const cuts = [start]
  SEPARATOR_RE.lastIndex = start
  for (let m = SEPARATOR_RE.exec(text.prose); m !== null && m.index < end; m = SEPARATOR_RE.exec(text.prose)) {
    // A comma between digits is a number ("1,200").
    if (!/\d/.test(text.prose[m.index + 1] ?? "")) cuts.push(m.index)
  }
  for (const h of hits) if (joinsItems(h) && h.start >= start && h.end <= end) cuts.push(h.start, h.end)
  cuts.push(end)
  cuts.sort((x, y) => x - y)
  const out: Array<readonly [number, number]> = []
  for (let i = 0; i + 1 < cuts.length; i++) {
    const from = cuts[i] ?? 0
    const to = cuts[i + 1] ?? 0
    if (text.prose.slice(from, to).replace(/[,;]/g, "").trim() !== "") out.push([from, to])
  }
  return out
}

export const listConditionsGuard: Guard = (input) => {
  const { original, rewrite } = input
  if (CJK.has(original.lang)) return []
  const { a, lex } = tallies(input)
  if (!a.hits.some(joinsItems)) return []
  const stems = new Set(rewrite.words.map((w) => stemOf(w.lower)))
  const out: Array<Finding> = []
  // The hits of each sentence, read in one pass: a long paragraph's sentences do not each scan all of them.
  const hits = a.hits.toSorted((x, y) => x.start - y.start)
  let opening = 0
  for (const [s, e] of original.sentences) {
    while (opening < hits.length && (hits[opening] as Hit).start < s) opening++
    let closing = opening
    while (closing < hits.length && (hits[closing] as Hit).start < e) closing++
    const own = hits.slice(opening, closing).filter((h) => h.end <= e)
    const trigger = own.find(opensList)
    if (trigger === undefined || original.prose.slice(s, trigger.start).trim() === "") continue
    const parts = items(original, own, trigger.end, e)
    if (parts.length < 2) continue
    const contentOf = ([from, to]: readonly [number, number]) =>
      wordsIn(original, from, to).filter((w) => isContent(w, lex))
    const withContent = parts.map(contentOf).filter((words) => words.length > 0)
    if (withContent.length < 2) continue
    const kept = withContent.filter((words) => words.some((w) => stems.has(stemOf(w.lower))))
    // Every item gone means the clause was reworded as a whole, which the other guards judge.
    if (kept.length === 0 || kept.length === withContent.length) continue
    for (const words of withContent) {
      if (kept.includes(words)) continue
      const first = words[0]
      const last = words.at(-1)
      if (first === undefined || last === undefined) continue
      const item = original.prose.slice(first.start, last.end)
      out.push(
        finding(
          "condition",
          `the condition "${item}" was dropped ("${around(original, trigger.start, trigger.end, 0, 6)} …")`,
          item
        )
      )
    }
  }
  return out
}
