/**
 * One segment's run: the draft and score loop (draft stages, then score stages, again with the scorers' feedback while
 * the score is below `styleThreshold`, rounds remain and a round can still change something; a round whose draft the
 * guards refuse for certain ends it, and that draft is never the best), then the check stages on the best draft.
 * Whatever a check stage returns must pass the meaning guards against the original (`Safety.ts`), or the pipeline keeps
 * the last text that did: meaning wins over style by rule of the pipeline, not by each stage's courtesy.
 */
import { Effect } from "effect"
import type { SegmentWork } from "./RunReport.ts"
import { Guards } from "./Guards.ts"
import { describeSafety } from "./Safety.ts"
import type { CheckOutcome, RunContext, ScoredAttempt, StageFailure, StyleScore } from "./Stage.ts"
import type { StageRegistry } from "./StageRegistry.ts"

export interface SegmentRunner {
  readonly registry: StageRegistry["Service"]
  readonly ctx: RunContext
  /** Runs a stage's effect and adds its time to the stage's total. */
  readonly timed: <A, E>(stage: string, effect: Effect.Effect<A, E>) => Effect.Effect<A, E>
  /** Reports that a stage starts on this segment. */
  readonly progress: (stage: string, attempt: number) => Effect.Effect<void>
  /** What the further rounds of this run have brought so far, shared by its segments. */
  readonly rounds: RoundLedger
}

/** Further rounds (after the first draft) of one run: how many came back, and how many of those paid. */
export interface RoundLedger {
  tried: number
  paid: number
}

export const emptyLedger = (): RoundLedger => ({ tried: 0, paid: 0 })

/**
 * Further rounds stop for the rest of a run once this many have come back and fewer than one in `PAYING_SHARE` paid
 * (a text not drafted before, scoring above the best so far): the model is not taking up the feedback, and every
 * further round would cost a call and delay its paragraph for nothing.
 */
export const LEDGER_MIN_ROUNDS = 3
export const PAYING_SHARE = 4

const roundsPay = (ledger: RoundLedger): boolean =>
  ledger.tried < LEDGER_MIN_ROUNDS || ledger.paid * PAYING_SHARE >= ledger.tried

const UNCHECKED: CheckOutcome["report"] = {
  pass: true,
  missingDetails: [],
  addedClaims: [],
  changedMeaning: [],
  findings: []
}

/**
 * Another round is sent only when it can change something: the score is below the threshold, the scorers said what
 * to change, and the last draft moved the score: from the previous draft's (a round that did not move it shows the
 * feedback is not taken up), or for the first draft from the original's (a draft the measurement cannot tell from the
 * original, most often the paragraph handed back as it was, shows the model found nothing it would change).
 */
const belowWithFeedback = (score: StyleScore, threshold: number): boolean =>
  score.score < threshold && score.feedback.length > 0

/** The lowest of the score stages' scores, with all their feedback (100 when there is no score stage). */
const scoreText = (runner: SegmentRunner, original: string, text: string) =>
  Effect.gen(function* () {
    let worst: StyleScore | undefined
    const feedback: Array<string> = []
    for (const stage of runner.registry.ofKind("score")) {
      const s = yield* runner.timed(stage.name, stage.score({ ctx: runner.ctx, original, text }))
      feedback.push(...s.feedback)
      if (worst === undefined || s.score < worst.score) worst = s
    }
    return { score: worst?.score ?? 100, feedback } satisfies StyleScore
  })

/** The original's score, for the first draft's comparison; the draft's own when it is the original. */
const originalScore = (runner: SegmentRunner, original: string, draft: string, draftScore: StyleScore) =>
  draft === original ? Effect.succeed(draftScore) : scoreText(runner, original, original)

export const runSegment = (runner: SegmentRunner, original: string): Effect.Effect<SegmentWork, StageFailure> =>
  Effect.gen(function* () {
    const { registry, ctx, timed, progress, rounds } = runner
    const attempts: Array<ScoredAttempt> = []
    /** Drafts of further rounds that change the meaning for certain: kept in the record, never the best. */
    const unusable = new Set<string>()
    let current = original
    let feedback: ReadonlyArray<string> = []
    for (let attempt = 0; attempt <= ctx.options.maxRewriteIterations; attempt++) {
      for (const stage of registry.ofKind("draft")) {
        yield* progress(stage.name, attempt)
        current = yield* timed(stage.name, stage.draft({ ctx, original, attempt, current, feedback }))
      }
      const repeated = attempts.some((a) => a.text === current)
      const score = repeated ? undefined : yield* scoreText(runner, original, current)
      // A further round's draft that changes the meaning for certain can never be used: it pays nothing, and a round
      // after it would go on from it (the model lost the paragraph, or rewrote it into other claims).
      const lost = attempt > 0 && score !== undefined && !(yield* (yield* Guards).check(original, current)).ok
      if (lost) unusable.add(current)
      if (attempt > 0) {
        const best = Math.max(...attempts.map((a) => a.score.score))
        rounds.tried++
        if (score !== undefined && score.score > best && !lost) rounds.paid++
      }
      // A round that brings back a text already drafted would only repeat itself from here on.
      if (score === undefined) break
      attempts.push({ attempt, text: current, score })
      if (lost || !belowWithFeedback(score, ctx.options.styleThreshold) || !roundsPay(rounds)) break
      // The original is scored only now, off the way of the first call, and only when a round is in question.
      const previous = attempts.at(-2)?.score ?? (yield* originalScore(runner, original, current, score))
      if (score.score === previous.score) break
      feedback = score.feedback
    }
    const best = attempts.reduce<ScoredAttempt | undefined>(
      (a, b) => (unusable.has(b.text) || (a !== undefined && b.score.score <= a.score.score) ? a : b),
      undefined
    )
    let outcome: CheckOutcome = {
      text: best?.text ?? original,
      report: UNCHECKED,
      source: best ? "rewrite" : "original",
      warnings: []
    }
    let safe: CheckOutcome | undefined
    let checked = false
    for (const stage of registry.ofKind("check")) {
      yield* progress(stage.name, attempts.length - 1)
      const next = yield* timed(stage.name, stage.check({ ctx, original, candidate: outcome.text, attempts }))
      checked = true
      const safety = next.text === original ? undefined : yield* (yield* Guards).check(original, next.text)
      if (safety === undefined || safety.ok) {
        outcome = next
        safe = next
        continue
      }
      // A check stage that returns a text the guards refuse: its text is not used.
      const fallback: CheckOutcome = safe ?? {
        text: original,
        report: { ...next.report, pass: false, findings: safety.findings },
        source: "original",
        warnings: []
      }
      outcome = {
        ...fallback,
        warnings: [
          ...fallback.warnings,
          `the ${stage.name} stage's text was not used, because it changed the meaning: ${describeSafety(safety)}`
        ]
      }
    }
    return { attempts, outcome, checked } satisfies SegmentWork
  })
