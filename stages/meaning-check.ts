import { Context, Effect } from "effect"
import type { MeaningReport } from "../src/domain/Rewrite.ts"
import { estimateTokens } from "../src/provider/Tokens.ts"
import {
  type ChatMessage,
  type ChatReply,
  continuation,
  type Exchange,
  LlmProvider,
  recordedExchange
} from "../src/provider/LlmProvider.ts"
import { extractJsonObject } from "../src/provider/ModelReply.ts"
import type {
  CheckInput,
  CheckOutcome,
  CheckStage,
  RunContext,
  ScoredAttempt,
  StyleScore
} from "../src/pipeline/Stage.ts"
import { stageLayer } from "../src/pipeline/StageRegistry.ts"
import type { Finding, FindingAnswer } from "../src/domain/Finding.ts"
import { ANSWER_TOKENS, answered, MAX_QUESTIONS, questionsBlock, readAnswers } from "../src/pipeline/Questions.ts"
import { Guards } from "../src/pipeline/Guards.ts"
import { certainFindings, describeSafety, type Safety, suspectFindings } from "../src/pipeline/Safety.ts"
import { recordsPerModel, stringField, systemPrompt } from "./prompt.ts"
import { undecided, withModelGrade } from "./style-score.ts"

/**
 * What the verification asks, of the rewrite in the conversation (`continued`) or of two quoted texts. The answers to
 * the questions are asked for only when there are questions: every token after the cached prompt costs prefill time.
 */
const verifyInstructions = (continued: boolean, questions: number): ReadonlyArray<string> => {
  const answers = questions > 0 ? ', "answers": [...]' : ""
  return [
    continued
      ? "Does your rewrite keep all of the paragraph's meaning? Also grade its style (0-100)."
      : "Does the rewrite keep all of the original's meaning? Also grade its style (0-100).",
    `If so, answer only: {"pass": true, "styleScore": <0-100>${questions > 0 ? ', "answers": ["kept"|"changed" per question]' : ""}}`,
    `If not${questions > 0 ? ' (or an answer is "changed")' : ""}, answer only: {"pass": false, "styleScore": <0-100>${answers}, "missing": [...], "added": [...], "changed": [...], "finalText": "<the whole rewrite, repaired>"}`
  ]
}

/**
 * Continued verifications a server and model may fail before they get the quoted form only (unless at least four
 * times as many were tried).
 */
const CONTINUATION_FAILURES = 2

/** Continued verifications of one server and model: answered, failed (no verdict), and in flight. */
interface Continuations {
  tried: number
  failed: number
  pending: number
}

/** The verification request's answer budget (DESIGN.md section 1); long paragraphs get room for a repair. */
export const VERIFY_MAX_TOKENS = 360

/**
 * Keeps meaning: deterministic guards first, then the model's verdict, which confirms or repairs. A text with a
 * certain finding (a fact changed or lost) is never passed: it is repaired, or the segment falls back to the best
 * meaning-safe text, with a warning. Suspect findings (wording that may have changed a claim) ride on the same
 * verification call as pointed questions: a "changed" answer is repaired like a certain finding, a "kept" one lets
 * the rewrite through and stays on the paragraph as a note.
 */
export class MeaningCheckStage extends Context.Service<MeaningCheckStage, CheckStage>()("app/stages/MeaningCheck") {
  static readonly layer = stageLayer(
    MeaningCheckStage,
    Effect.gen(function* () {
      const provider = yield* LlmProvider

      /**
       * Per server and model, how verifications that continued a rewrite's conversation went. A model that does not
       * take up the new task there (it answers the rewrite's format again) gets the quoted form from then on: a
       * continuation that fails costs a call. Until one has worked, at most two are tried at once, so that a run's
       * first paragraphs do not all pay for finding out.
       */
      const recordOf = recordsPerModel((): Continuations => ({ tried: 0, failed: 0, pending: 0 }))
      const continuing = (record: Continuations): boolean =>
        (record.failed < CONTINUATION_FAILURES || record.tried >= 4 * record.failed) &&
        (record.tried > record.failed || record.pending < 2)
      /**
       * Runs a continued verification, noting how it went: a whole reply that is no verdict counts as failed (one cut
       * off at `max_tokens` says nothing about the form, and the quoted verification gets more room).
       */
      const tracked = <E>(record: Continuations, attempt: Effect.Effect<ChatReply, E>, questions: number) =>
        Effect.suspend(() => {
          record.pending++
          return attempt.pipe(
            Effect.map((reply) => {
              const verdict = reply.truncated ? undefined : parseVerdict(reply.text, questions)
              record.tried++
              if (verdict === undefined && !reply.truncated) record.failed++
              return verdict
            }),
            Effect.ensuring(Effect.sync(() => record.pending--))
          )
        })

      const verify = (
        ctx: RunContext,
        original: string,
        candidate: string,
        guard: Safety,
        asked: ReadonlyArray<Finding>,
        drafted: Exchange | undefined
      ) =>
        Effect.gen(function* () {
          const checks = [
            guard.ok
              ? ""
              : [
                  "An automatic check found that the rewrite changes the meaning:",
                  ...certainFindings(guard).map((f) => `- ${f.message}`),
                  "Fix that and keep everything else."
                ].join("\n"),
            questionsBlock(asked)
          ].filter((p) => p !== "")
          const request = {
            target: ctx.target,
            purpose: "verification",
            temperature: 0,
            maxTokens:
              Math.max(VERIFY_MAX_TOKENS, Math.ceil(estimateTokens(original) * 1.5) + 120) +
              ANSWER_TOKENS * asked.length,
            meter: ctx.meter
          }
          // The rewrite's own conversation, continued: the server's prompt cache holds all of it up to the draft, so
          // only the task below is new to it. One answer that cannot be read is not asked again in this form.
          const record = recordOf(ctx)
          if (drafted !== undefined && continuing(record)) {
            const task = `Task: verify\n${verifyInstructions(true, asked.length).join("\n")}`
            const verdict = yield* tracked(
              record,
              provider.chat({
                ...request,
                messages: continuation(drafted, [task, ...checks].join("\n\n"))
              }),
              asked.length
            )
            if (verdict !== undefined) return verdict
          }
          // Otherwise (an earlier draft chosen, or a model that did not take the task up) both texts are quoted.
          const messages: ReadonlyArray<ChatMessage> = [
            { role: "system", content: systemPrompt(ctx, "verify", verifyInstructions(false, asked.length)) },
            {
              role: "user",
              content: [`<original>\n${original}\n</original>`, `<rewrite>\n${candidate}\n</rewrite>`, ...checks].join(
                "\n\n"
              )
            }
          ]
          return yield* provider.complete(
            { ...request, messages },
            (reply) => parseVerdict(reply, asked.length),
            'Reply again with only the JSON object: {"pass": true, "styleScore": ..., "answers": [...]} if the rewrite is faithful, else {"pass": false, "styleScore": ..., "answers": [...], "missing": [...], "added": [...], "changed": [...], "finalText": "..."}.'
          )
        })

      const check = Effect.fn("MeaningCheck.check")(function* (input: CheckInput) {
        const { ctx, original, candidate, attempts } = input
        // The chosen candidate first, then the other attempts from the best style score down.
        const ranked = [candidate, ...attempts.toSorted((a, b) => b.score.score - a.score.score).map((a) => a.text)]
        const guards = yield* Guards
        // A draft with nothing to ask about beats one with questions; any draft with a certain finding comes last.
        // The drafts are checked in their order until one has nothing to ask about: none after it could be chosen.
        const guarded: Array<{ readonly text: string; readonly guard: Safety }> = []
        for (const text of ranked) {
          const guard = yield* guards.check(original, text)
          guarded.push({ text, guard })
          if (guard.findings.length === 0) break
        }
        const clean = guarded.find((g) => g.guard.findings.length === 0)
        const safe = clean ?? guarded.find((g) => g.guard.ok)
        const first = guarded[0] ?? { text: original, guard: yield* guards.check(original, original) }

        if (!ctx.options.runMeaningCheck) {
          if (safe !== undefined) {
            const notes: MeaningReport = { ...passed, findings: safe.guard.findings }
            return outcome(safe.text, notes, "rewrite", switchedWarning(safe.text, candidate, first.guard))
          }
          return keepOriginal(original, first.guard, `the rewrite changes the meaning (${describeSafety(first.guard)})`)
        }

        const chosen = safe ?? first
        // The paragraph as it was has nothing to verify: a call could only confirm it.
        if (chosen.text === original) {
          return outcome(original, passed, "rewrite", switchedWarning(chosen.text, candidate, first.guard))
        }
        const suspects = suspectFindings(chosen.guard)
        const asked = suspects.slice(0, MAX_QUESTIONS)
        // The exchange that wrote the chosen text, if this paragraph's calls were recorded (the pipeline records them).
        const drafted = yield* recordedExchange("rewrite", chosen.text)
        const verdict = yield* verify(ctx, original, chosen.text, chosen.guard, asked, drafted)
        const notes = answered(suspects, verdict.answers)
        const changed = notes.filter((f) => f.answer === "changed")
        const report: MeaningReport = {
          pass: verdict.pass && chosen.guard.ok && changed.length === 0,
          missingDetails: verdict.missingDetails,
          addedClaims: verdict.addedClaims,
          changedMeaning: [
            ...certainFindings(chosen.guard).map((f) => f.message),
            ...changed.map((f) => f.message),
            ...verdict.changedMeaning
          ],
          findings: [...certainFindings(chosen.guard), ...notes]
        }
        // A faithful verdict keeps the chosen text: a "finalText" beside "pass": true is no repair (some models and
        // servers fill every key they know, with whatever text they took the task to be about).
        if (report.pass) {
          const warnings = switchedWarning(chosen.text, candidate, first.guard)
          const style = gradedStyle(ctx, attempts, chosen.text, verdict.styleScore)
          return { ...outcome(chosen.text, report, "rewrite", warnings), ...(style ? { style } : {}) }
        }
        const repaired = verdict.finalText.trim()
        if (repaired !== "") {
          const repairGuard = yield* guards.check(original, repaired)
          // The repair's own suspect findings stay as notes: the model wrote it to answer the questions.
          if (repairGuard.ok) {
            return outcome(repaired, { ...report, pass: true, findings: repairGuard.findings }, "repair", [])
          }
          return keepOriginal(
            original,
            repairGuard,
            `the repaired rewrite still changes the meaning (${describeSafety(repairGuard)})`,
            { ...report, findings: repairGuard.findings }
          )
        }
        return keepOriginal(
          original,
          chosen.guard,
          !chosen.guard.ok
            ? `the rewrite changes the meaning (${describeSafety(chosen.guard)})`
            : `the model found the meaning changed (${[...report.changedMeaning, ...report.missingDetails, ...report.addedClaims].join("; ") || "no details"}) and gave no repair`,
          report
        )
      })

      return { kind: "check", name: "meaning-check", order: 0, check } satisfies CheckStage
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

interface Verdict extends MeaningReport {
  readonly finalText: string
  /** The model's answer to each question asked, in order; undefined where it gave none. */
  readonly answers: ReadonlyArray<FindingAnswer | undefined>
  /** The model's grade of the rewrite's style, 0-100, when it gave one. */
  readonly styleScore: number | undefined
}

/** The chosen attempt's score with the model's grade folded in, where the measurement alone is not sure. */
const gradedStyle = (
  ctx: RunContext,
  attempts: ReadonlyArray<ScoredAttempt>,
  text: string,
  grade: number | undefined
): StyleScore | undefined => {
  const measured = attempts.find((a) => a.text === text)?.score
  if (grade === undefined || measured === undefined || !undecided(measured.score, ctx.options.styleThreshold)) {
    return undefined
  }
  return { score: withModelGrade(measured.score, grade), feedback: measured.feedback }
}

const passed: MeaningReport = { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] }

const outcome = (
  text: string,
  report: MeaningReport,
  source: CheckOutcome["source"],
  warnings: ReadonlyArray<string>
): CheckOutcome => ({ text, report, source, warnings })

const switchedWarning = (chosen: string, candidate: string, candidateGuard: Safety): ReadonlyArray<string> =>
  chosen === candidate
    ? []
    : [`used an earlier draft, because the best-scoring one changes the meaning (${describeSafety(candidateGuard)}).`]

/** The safest text there is: the original, reported as a failed check with the reason. */
const keepOriginal = (original: string, guard: Safety, why: string, report?: MeaningReport): CheckOutcome => ({
  text: original,
  report: report ?? {
    pass: false,
    missingDetails: [],
    addedClaims: [],
    changedMeaning: guard.findings.map((f) => f.message),
    findings: guard.findings
  },
  source: "original",
  warnings: [`kept as it was, because ${why}.`]
})

const strings = (value: unknown): ReadonlyArray<string> =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []

/**
 * The verdict in either form: the short one of a faithful rewrite (`pass` and the grade), or the full one with what
 * changed and the repair. An answer with neither `pass` nor `finalText` (another task's format) is none.
 */
const parseVerdict = (reply: string, questions: number): Verdict | undefined => {
  const json = extractJsonObject(reply, "pass") ?? extractJsonObject(reply, "finalText")
  if (json === undefined) return undefined
  const finalText = stringField(json, "finalText") ?? ""
  const pass = typeof json["pass"] === "boolean" ? json["pass"] : finalText.trim() === ""
  const style = typeof json["styleScore"] === "number" ? json["styleScore"] : Number.NaN
  return {
    pass,
    finalText,
    answers: readAnswers(json["answers"], questions),
    styleScore: Number.isFinite(style) ? Math.min(100, Math.max(0, style)) : undefined,
    findings: [],
    missingDetails: strings(json["missing"] ?? json["missingDetails"]),
    addedClaims: strings(json["added"] ?? json["addedClaims"]),
    changedMeaning: strings(json["changed"] ?? json["changedMeaning"])
  }
}
