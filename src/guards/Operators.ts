/**
 * Meaning operators that limit or turn a statement: bounds ("at most", "up to"), scope ("only"), exceptions
 * ("except"), conditions ("unless", "only if", "provided that"), quantifiers ("some", "most", "all"), comparison direction ("faster",
 * "lower") and caveats ("but", "although"). Each cue of the original must survive as a cue of the same class and
 * value, in any wording of the language's list; the rewrite must not narrow the scope or turn a value into another.
 * The word lists are in `lang/*.json` under `operators`; `Cues.ts` finds them.
 */
import { added, around, became, becameOrDropped, dropped } from "./CueFindings.ts"
import { type Hit, label } from "./Cues.ts"
import { finding, type Finding, quote } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import { shiftedLimits } from "./Limits.ts"
import { negationBalance } from "./Negation.ts"
import type { Quantity } from "./Quantities.ts"
import { tradedSides } from "./Sides.ts"
import { gained, gainedOf, pick, type Tally, tallies } from "./Tallies.ts"
import type { Prepared } from "./Text.ts"
import { textTopics, topicList } from "./Topics.ts"

/**
 * How many of a value the rewrite has to stand for the original's: its own, and the substitutes it has more of than
 * the original ("截止" stands for a "最多" only when it is new: both texts give the same deadline).
 */
const standing = (a: Tally, b: Tally, cls: string, value: string): number =>
  b.strict(cls, value) +
  Math.max(0, b.any(cls, value) - b.strict(cls, value) - (a.any(cls, value) - a.strict(cls, value)))

/** A value the original has and the rewrite lacks entirely (new substitutes included). */
const lost = (a: Tally, b: Tally, cls: string, value: string): Hit | undefined =>
  a.strict(cls, value) > 0 && standing(a, b, cls, value) === 0 ? pick(a.hits, cls, value, b.hits) : undefined

/** A value the rewrite has fewer of than the original (new substitutes included). */
const fewer = (a: Tally, b: Tally, cls: string, value: string): Hit | undefined =>
  a.strict(cls, value) > standing(a, b, cls, value) ? pick(a.hits, cls, value, b.hits) : undefined

const OPPOSITE: Readonly<Record<string, string>> = { lower: "upper", upper: "lower", more: "less", less: "more" }
/** The condition values: any of them keeps a "provided that" a condition. */
const CONDITIONS = ["if", "onlyif", "unless", "provided"]
const QUANTITY_RANK: Readonly<Record<string, number>> = { few: 0, some: 1, notall: 1, most: 2, all: 3 }

/** A comparison that turned: fewer "more" cues and more "less" cues (or the reverse), as [from, to]. */
export const comparisonTurned = (a: Tally, b: Tally): readonly [Hit, Hit] | undefined => {
  for (const value of ["more", "less"]) {
    const hit = fewer(a, b, "comparison", value)
    // "cheaper than two singles" → "costs more than two singles": the other way round said as a bound.
    const other =
      hit === undefined
        ? undefined
        : (gainedOf(a, b, "comparison", [OPPOSITE[value] ?? ""]) ??
          gainedOf(a, b, "bound", [value === "less" ? "lower" : "upper"]))
    if (hit !== undefined && other !== undefined) return [hit, other]
  }
  // "cheaper, the other dearer" → "both dearer": one direction gone entirely, the other still said.
  for (const value of ["more", "less"]) {
    const hit = lost(a, b, "comparison", value)
    const other = b.hits.find((h) => h.cue.cls === "comparison" && h.cue.value === OPPOSITE[value])
    if (hit !== undefined && other !== undefined) return [hit, other]
  }
  return undefined
}

/** Whether a bound word stands right before a number ("unter 12"). */
const near = (hit: Hit, q: Quantity): boolean => q.start >= hit.end && q.start - hit.end <= 3

export const operatorsGuard: Guard = (input) => {
  const { original, rewrite } = input
  const { a, b } = tallies(input)
  if (a.hits.length === 0 && b.hits.length === 0) return []
  const out: Array<Finding> = []

  // Bounds: "at most" must stay an upper bound; "up to 30 %" is not "30 %" nor "exactly 30 %".
  for (const value of ["lower", "upper"]) {
    const gone = lost(a, b, "bound", value)
    const other = gainedOf(a, b, "bound", [OPPOSITE[value] ?? "", "exact"])
    // One of two lower bounds that became an upper one ("never fewer than 3" → "never more than 3").
    const hit = gone ?? (other === undefined ? undefined : fewer(a, b, "bound", value))
    if (hit === undefined) continue
    // "Kinder unter 12 Jahren" → "Kinder bis einschließlich 11 Jahre": the same limit said with the other kind of
    // bound (Limits.ts), not a bound dropped.
    if (other === undefined && [...shiftedLimits(original, rewrite, input.lexicon).keys()].some((q) => near(hit, q)))
      continue
    out.push(becameOrDropped("bound", original, hit, other, rewrite))
  }

  // "Nothing but X" said as an exception: "bicycles cannot be carried, except folding ones" = "only folding bicycles
  // can be carried". An "except" with a negation that became an "only" (or the reverse) is one restriction.
  const { plain, unlessSwap } = negationBalance(input)
  const exceptToOnly =
    plain < 0 && lost(a, b, "exception", "except") !== undefined && gainedOf(a, b, "scope", ["only"]) !== undefined
  const onlyToExcept =
    plain > 0 && fewer(a, b, "scope", "only") !== undefined && gainedOf(a, b, "exception", ["except"]) !== undefined

  // Scope: "only" must survive; the rewrite must not add one.
  const scopeLost = onlyToExcept ? undefined : fewer(a, b, "scope", "only")
  if (scopeLost !== undefined) out.push(dropped("scope", original, scopeLost))
  // A condition said as a scope ("à condition d'avoir validé …" → "réservé aux salariés qui …") is no added "only".
  else if (
    !exceptToOnly &&
    b.strict("scope", "only") > a.any("scope", "only") &&
    lost(a, b, "condition", "provided") === undefined &&
    lost(a, b, "condition", "onlyif") === undefined
  ) {
    const hit = gainedOf(a, b, "scope", ["only"])
    if (hit !== undefined) out.push(added("scope", rewrite, hit))
  }

  // Exceptions: an "except" may become an "unless", never disappear.
  // An exclusion said as a negation ("10 pages, excluding references" → "references not counted") is kept: the
  // rewrite has a negation more than the original.
  const exceptLost = exceptToOnly || plain > 0 ? undefined : lost(a, b, "exception", "except")
  if (exceptLost !== undefined && gainedOf(a, b, "condition", ["unless"]) === undefined) {
    out.push(dropped("exception", original, exceptLost))
  }

  // Conditions: "unless" ↔ "if … not" passes (see Negation.ts); "unless" → "if" and "only if" → "if" do not.
  if (!unlessSwap) {
    const unlessLost = fewer(a, b, "condition", "unless")
    if (unlessLost !== undefined && gainedOf(a, b, "exception", ["except"]) === undefined) {
      const other = gainedOf(a, b, "condition", ["onlyif", "if"])
      out.push(becameOrDropped("condition", original, unlessLost, other, rewrite))
    }
    const onlyIfLost = lost(a, b, "condition", "onlyif")
    const providedGained = b.any("condition", "provided") > a.any("condition", "provided")
    if (onlyIfLost !== undefined && !providedGained && gainedOf(a, b, "scope", ["only"]) === undefined) {
      const other = gainedOf(a, b, "condition", ["unless", "if"])
      out.push(becameOrDropped("condition", original, onlyIfLost, other, rewrite))
    } else if (unlessLost === undefined && b.strict("condition", "unless") > a.any("condition", "unless")) {
      const hit = gainedOf(a, b, "condition", ["unless"])
      const from = a.hits.find((h) => h.cue.cls === "condition")
      if (hit !== undefined && from !== undefined) out.push(became("condition", original, from, hit, rewrite))
    }
  }

  // A condition of the "provided that" kind may be said with another conditional ("sofern" → "wenn", "à condition
  // que" → "pourvu que") or in a sentence of its own ("… You must keep the receipt."), never disappear.
  const providedLost = lost(a, b, "condition", "provided")
  if (
    providedLost !== undefined &&
    !CONDITIONS.some((value) => b.any("condition", value) > 0) &&
    gained(a, b, [["modality", "strong"]], true) === undefined &&
    gainedOf(a, b, "scope", ["only"]) === undefined
  ) {
    out.push(dropped("condition", original, providedLost))
  }

  // Quantifiers: "some" must not become "all", "few" not "most", "most" must not become "every" nor disappear.
  for (const value of ["notall", "most", "few", "some", "all"]) {
    const hit = lost(a, b, "quantifier", value)
    if (hit === undefined) continue
    const rank = QUANTITY_RANK[value] ?? 0
    const other = gainedOf(
      a,
      b,
      "quantifier",
      Object.keys(QUANTITY_RANK).filter((v) => QUANTITY_RANK[v] !== rank)
    )
    if (other !== undefined) out.push(became("quantifier", original, hit, other, rewrite))
    else if (
      (value === "most" || value === "notall" || value === "some") &&
      gainedOf(a, b, "quantifier", ["some", "notall", "few"]) === undefined
    ) {
      // "some trains are cancelled" → "the trains are cancelled": a part became the whole.
      out.push(dropped("quantifier", original, hit))
    }
    if (other !== undefined || value === "most" || value === "notall" || value === "some") break
  }

  // Comparison direction, unless the two sides traded places too ("A比B快" = "B比A慢").
  const turned = comparisonTurned(a, b)
  if (turned !== undefined && tradedSides(input) === undefined) {
    out.push(became("comparison", original, turned[0], turned[1], rewrite))
  }

  // Caveats: every contrast connective of the original needs one in the rewrite, unless what it introduced is still
  // there in other words ("X, but Y" → "X. Y" keeps the caveat Y; "X, although Y" → "X" loses it).
  const caveat = fewer(a, b, "contrast", "contrast")
  if (caveat !== undefined && !clauseSurvives(original, caveat.end, rewrite)) {
    const context = around(original, caveat.start, caveat.end, 1, 6)
    out.push(finding("contrast", `the caveat ${quote(label(caveat))} was dropped (${quote(context)})`, context))
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------------

const CLAUSE_END_RE = /[.;!?。；！？\n]/u

/**
 * Whether the clause after `from` in `original` (up to its end of sentence) is still said in `rewrite`: at least half
 * of its first twelve topics (Topics.ts) come back.
 */
const clauseSurvives = (original: Prepared, from: number, rewrite: Prepared): boolean => {
  const rest = original.lower.slice(from, from + 240)
  const end = rest.search(CLAUSE_END_RE)
  const clause = topicList(end < 0 ? rest : rest.slice(0, end), original.lang).slice(0, 12)
  if (clause.length < 2) return false
  const said = textTopics(rewrite, original.lang)
  return clause.filter((t) => said.has(t)).length * 2 >= clause.length
}
