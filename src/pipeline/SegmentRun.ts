/**
 * One segment's run: the draft and score loop (draft stages, then score stages, again with the scorers' feedback
 * while the score is below `styleThreshold`, rounds remain and a round can still change something), then the check
 * stages on the best draft. Whatever a
 * check stage returns must pass the meaning guards against the original (`Safety.ts`), or the pipeline keeps the last
 * text that did: meaning wins over style by rule of the pipeline, not by each stage's courtesy.
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
}

const UNCHECKED: CheckOutcome["report"] = {
  pass: true,
  missingDetails: [],
  addedClaims: [],
  changedMeaning: [],
  findings: []
}

/**
 * Another round is sent only when it can change something: the score is below the threshold, the scorers said what
 * to change, and the last round moved the score (a round that did not move it shows the feedback is not taken up).
 */
const worthAnotherRound = (score: StyleScore, previous: StyleScore | undefined, threshold: number): boolean =>
  score.score < threshold && score.feedback.length > 0 && (previous === undefined || score.score !== previous.score)

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

export const runSegment = (runner: SegmentRunner, original: string): Effect.Effect<SegmentWork, StageFailure> =>
  Effect.gen(function* () {
    const { registry, ctx, timed, progress } = runner
    const attempts: Array<ScoredAttempt> = []
    let current = original
    let feedback: ReadonlyArray<string> = []
    for (let attempt = 0; attempt <= ctx.options.maxRewriteIterations; attempt++) {
      for (const stage of registry.ofKind("draft")) {
        yield* progress(stage.name, attempt)
        current = yield* timed(stage.name, stage.draft({ ctx, original, attempt, current, feedback }))
      }
      // A round that brings back a text already drafted would only repeat itself from here on.
      if (attempt > 0 && attempts.some((a) => a.text === current)) break
      const score = yield* scoreText(runner, original, current)
      attempts.push({ attempt, text: current, score })
      if (!worthAnotherRound(score, attempts.at(-2)?.score, ctx.options.styleThreshold)) break
      feedback = score.feedback
    }
    const best = attempts.reduce<ScoredAttempt | undefined>(
      (a, b) => (a === undefined || b.score.score > a.score.score ? b : a),
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
