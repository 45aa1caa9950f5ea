import { Clock, Context, Deferred, Effect, Layer, Ref } from "effect"
import type { ProviderError } from "../domain/Errors.ts"
import type { ProgressEvent, ResolvedOptions, RewriteResult, SegmentDebug } from "../domain/Rewrite.ts"
import { emptyUsage, type ProviderTarget } from "../provider/LlmProvider.ts"
import { type Segment, segmentMarkdown } from "./Segmenter.ts"
import type { CheckOutcome, PreparedProfile, RunContext, ScoredAttempt, StyleScore } from "./Stage.ts"
import { StageRegistry } from "./StageRegistry.ts"

export interface RunInput {
  readonly document: string
  readonly profile: PreparedProfile
  readonly options: ResolvedOptions
  readonly target: ProviderTarget
  /** Receives progress as it happens (streamed to clients); must not fail. */
  readonly emit?: (event: ProgressEvent) => Effect.Effect<void>
}

/** Segments a document, runs the registered stages over every prose segment concurrently, and reassembles it. */
export class Pipeline extends Context.Service<
  Pipeline,
  { readonly run: (input: RunInput) => Effect.Effect<RewriteResult, ProviderError> }
>()("app/pipeline/Pipeline") {
  static readonly layerNoDeps = Layer.effect(
    Pipeline,
    Effect.gen(function* () {
      const registry = yield* StageRegistry

      const run = Effect.fn("Pipeline.run")(function* (input: RunInput) {
        const emit = input.emit ?? (() => Effect.void)
        const startedAt = yield* Clock.currentTimeMillis
        const meter = yield* Ref.make(emptyUsage)
        const ctx: RunContext = { target: input.target, profile: input.profile, options: input.options, meter }
        const stageTime = new Map<string, number>()
        const timed = <A, E>(name: string, effect: Effect.Effect<A, E>) =>
          Effect.gen(function* () {
            const t0 = yield* Clock.currentTimeMillis
            const out = yield* effect
            const t1 = yield* Clock.currentTimeMillis
            stageTime.set(name, (stageTime.get(name) ?? 0) + (t1 - t0))
            return out
          })

        const doc = segmentMarkdown(input.document)
        const prose = doc.segments.filter(isRewritable)
        const total = prose.length
        let done = 0

        // Identical paragraphs (repeated notes, boilerplate) are rewritten once per run.
        const shared = new Map<string, Deferred.Deferred<SegmentWork, ProviderError>>()

        const rewriteSegment = (index: number, original: string) =>
          Effect.gen(function* () {
            const progress = (stage: string, attempt: number) =>
              emit({ type: "progress", segment: index, stage, attempt, done, total })
            const attempts: Array<ScoredAttempt> = []
            let current = original
            let feedback: ReadonlyArray<string> = []
            for (let attempt = 0; attempt <= input.options.maxRewriteIterations; attempt++) {
              for (const stage of registry.ofKind("draft")) {
                yield* progress(stage.name, attempt)
                current = yield* timed(stage.name, stage.draft({ ctx, original, attempt, current, feedback }))
              }
              const score = yield* scoreText(original, current)
              attempts.push({ attempt, text: current, score })
              if (score.score >= input.options.styleThreshold) break
              feedback = score.feedback
            }
            const best = attempts.reduce<ScoredAttempt | undefined>(
              (a, b) => (a === undefined || b.score.score > a.score.score ? b : a),
              undefined
            )
            let outcome: CheckOutcome = {
              text: best?.text ?? original,
              report: { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [] },
              source: best ? "rewrite" : "original",
              warnings: []
            }
            let checked = false
            for (const stage of registry.ofKind("check")) {
              yield* progress(stage.name, attempts.length - 1)
              outcome = yield* timed(stage.name, stage.check({ ctx, original, candidate: outcome.text, attempts }))
              checked = true
            }
            return { attempts, outcome, checked } satisfies SegmentWork
          })

        const scoreText = (original: string, text: string) =>
          Effect.gen(function* () {
            let worst: StyleScore | undefined
            const feedback: Array<string> = []
            for (const stage of registry.ofKind("score")) {
              const s = yield* timed(stage.name, stage.score({ ctx, original, text }))
              feedback.push(...s.feedback)
              if (worst === undefined || s.score < worst.score) worst = s
            }
            return { score: worst?.score ?? 100, feedback } satisfies StyleScore
          })

        const processSegment = (index: number, original: string) =>
          Effect.gen(function* () {
            const t0 = yield* Clock.currentTimeMillis
            const existing = shared.get(original)
            let work: SegmentWork
            let cached = false
            if (existing !== undefined) {
              work = yield* Deferred.await(existing)
              cached = true
            } else {
              const deferred = yield* Deferred.make<SegmentWork, ProviderError>()
              shared.set(original, deferred)
              work = yield* rewriteSegment(index, original).pipe(Effect.onExit((exit) => Deferred.done(deferred, exit)))
            }
            const t1 = yield* Clock.currentTimeMillis
            done++
            yield* emit({ type: "segment", segment: index, text: work.outcome.text, done, total })
            return { index, original, work, cached, ms: t1 - t0 }
          })

        const results = yield* Effect.forEach(prose, (s) => processSegment(s.index, s.text), { concurrency: 64 })

        const texts = new Map<number, string>(results.map((r) => [r.index, r.work.outcome.text]))
        const warnings = results.flatMap((r) => r.work.outcome.warnings.map((w) => `Segment ${r.index + 1}: ${w}`))
        for (const stage of registry.ofKind("document")) {
          yield* emit({ type: "progress", segment: -1, stage: stage.name, attempt: 0, done, total })
          const outcome = yield* timed(
            stage.name,
            stage.apply({
              ctx,
              segments: results.map((r) => ({
                index: r.index,
                original: r.original,
                text: texts.get(r.index) ?? r.original
              }))
            })
          )
          for (const [index, text] of outcome.replacements) texts.set(index, text)
          warnings.push(...outcome.warnings)
        }

        const finalText = doc.reassemble(texts)
        const scores = results.map((r) => lastScore(r.work))
        const styleScore = scores.length === 0 ? 100 : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length)
        const anyChecked = results.some((r) => r.work.checked)
        const meaning =
          !anyChecked || !input.options.runMeaningCheck
            ? "skipped"
            : results.every((r) => r.work.outcome.report.pass)
              ? "passed"
              : "failed"
        const finishedAt = yield* Clock.currentTimeMillis
        const usage = yield* Ref.get(meter)

        const result: RewriteResult = {
          finalText,
          summary: {
            segments: doc.segments.filter((s) => s.kind === "prose" || s.block !== "blank").length,
            rewritten: results.filter((r) => texts.get(r.index) !== r.original).length,
            protected: doc.segments.filter((s) => !isRewritable(s) && s.block !== "blank").length,
            styleScore,
            meaning,
            warnings
          },
          provider: { baseUrl: input.target.baseUrl, model: input.target.model },
          ...(input.options.includeDebug
            ? {
                debug: {
                  timingsMs: { total: finishedAt - startedAt, ...Object.fromEntries(stageTime) },
                  usage,
                  segments: results.map((r): SegmentDebug => ({
                    index: r.index,
                    original: r.original,
                    finalText: texts.get(r.index) ?? r.original,
                    attempts: r.work.attempts.map((a) => ({
                      attempt: a.attempt,
                      text: a.text,
                      styleScore: a.score.score,
                      feedback: a.score.feedback
                    })),
                    meaning: r.work.checked ? r.work.outcome.report : null,
                    source: r.cached ? "cached" : r.work.outcome.source,
                    timingsMs: { total: r.ms }
                  }))
                }
              }
            : {})
        }
        return result
      })

      return Pipeline.of({ run })
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Paragraphs and list items are rewritten. Block quotes are kept word for word as well as protected blocks: they
 * quote someone, and a reworded quotation is a misquotation.
 */
const isRewritable = (segment: Segment): boolean => segment.kind === "prose" && segment.block !== "blockquote"

interface SegmentWork {
  readonly attempts: ReadonlyArray<ScoredAttempt>
  readonly outcome: CheckOutcome
  readonly checked: boolean
}

/** The style score of the text the segment ended with. */
const lastScore = (work: SegmentWork): number => {
  const chosen = work.attempts.find((a) => a.text === work.outcome.text)
  return chosen?.score.score ?? work.attempts.at(-1)?.score.score ?? 100
}
