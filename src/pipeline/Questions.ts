/**
 * Suspect findings as questions to the model. A suspect finding says the wording of a claim changed somewhere; the
 * verification call that is made anyway asks about that exact place, as a yes/no question the model answers with
 * "kept" or "changed". Pure.
 */
import type { Finding, FindingAnswer, FindingKind } from "../domain/Finding.ts"

/** At most this many questions ride on one verification; the other suspect findings stay as notes. */
export const MAX_QUESTIONS = 6

/** The answer tokens one question costs: `"changed", ` and a little room. */
export const ANSWER_TOKENS = 4

/** What to ask about each kind of wording, after the phrases on each side. */
const ASK: Record<FindingKind, string> = {
  negation: "Does the rewrite still affirm or deny exactly the same thing?",
  hedge: "Is the rewrite exactly as sure as the original here, and does it keep the same source?",
  modality: "Does the rewrite still allow, require or forbid exactly the same thing, at the same strength?",
  bound: "Does the rewrite keep the same limit (at least, at most, before, after)?",
  scope: "Does the rewrite apply to exactly the same cases, no more and no fewer?",
  quantifier: "Does the rewrite keep the same amount (all, most, some, none, only)?",
  condition: "Does the rewrite keep the same condition?",
  exception: "Does the rewrite keep the same exception?",
  order: "Does the rewrite keep the same order of steps or events?",
  role: "Does the same one still do the same thing to the same one?",
  comparison: "Does the rewrite compare in the same direction?",
  cause: "Does the rewrite keep what causes what?",
  antonym: "Does the rewrite still say this, and not its opposite?",
  claim: "Does the original say this too?",
  time: "Does the rewrite keep the same time reference (past, present or future; by, before, after, since, until)?",
  contrast: "Does the rewrite keep this caveat?",
  number: "Does the rewrite keep this number?",
  unit: "Does the rewrite keep this unit?",
  date: "Does the rewrite keep this date or time?",
  name: "Does the rewrite keep this name?",
  url: "Does the rewrite keep this link?",
  code: "Does the rewrite keep this code?",
  structure: "Does the rewrite keep the same structure?"
}

/**
 * One pointed question about the exact phrases of a suspect finding: what the guard noticed, in its own words with
 * the phrase on each side (`"may" was dropped ("The upgrade may take about 40")`), then what to decide about it.
 */
export const question = (f: Finding): string => `Noticed: ${f.message}. ${ASK[f.kind]}`

/** The numbered questions block of a verification's user message, or "" when there is nothing to ask. */
export const questionsBlock = (asked: ReadonlyArray<Finding>): string =>
  asked.length === 0
    ? ""
    : [
        `Questions about the wording: answer each with "kept" (the meaning is the same) or "changed", in order, in "answers".`,
        ...asked.map((f, i) => `${i + 1}. ${question(f)}`)
      ].join("\n")

/**
 * The model's answers, one per question asked, from the `answers` field of its reply: "kept"/"changed", yes/no,
 * true/false, or objects with an `answer` field. A missing or unreadable answer is undefined.
 */
export const readAnswers = (value: unknown, count: number): ReadonlyArray<FindingAnswer | undefined> => {
  const list = Array.isArray(value) ? value : []
  return Array.from({ length: count }, (_, i) => answerOf(list[i]))
}

/** The suspect findings with the model's answers on those it was asked about. */
export const answered = (
  suspects: ReadonlyArray<Finding>,
  answers: ReadonlyArray<FindingAnswer | undefined>
): ReadonlyArray<Finding> =>
  suspects.map((f, i) => {
    const answer = answers[i]
    return answer === undefined ? f : { ...f, answer }
  })

// ---------------------------------------------------------------------------------------------------------------

const KEPT = /^\s*(kept|keeps|same|yes|true|unchanged|ok)\b/i
const CHANGED = /^\s*(changed|changes|different|no|false)\b/i

const answerOf = (value: unknown): FindingAnswer | undefined => {
  if (typeof value === "boolean") return value ? "kept" : "changed"
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>
    return answerOf(record["answer"] ?? record["kept"] ?? record["a"])
  }
  if (typeof value !== "string") return undefined
  if (KEPT.test(value)) return "kept"
  if (CHANGED.test(value)) return "changed"
  return undefined
}
