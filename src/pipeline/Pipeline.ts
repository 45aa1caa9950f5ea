import { Clock, Context, Deferred, Effect, Layer, Ref, Stream } from "effect"
import { type ProviderFailure, RunFailed } from "../domain/Errors.ts"
import type { ResolvedOptions, RewriteResult, RunEvent } from "../domain/Rewrite.ts"
import { CallRank, leasingSlot } from "../provider/Gate.ts"
import { RetryNotice } from "../provider/Retry.ts"
import { estimateTokens } from "../provider/Tokens.ts"
import { Conversation, emptyUsage, type ProviderTarget } from "../provider/LlmProvider.ts"
import { type Segment, segmentMarkdown } from "./Segmenter.ts"
import { buildResult, type FinishedSegment, paragraphStatus, type SegmentOutcome, segmentText } from "./RunReport.ts"
import { Guards, remembering } from "./Guards.ts"
import { describeSafety } from "./Safety.ts"
import { emptyLedger, runSegment } from "./SegmentRun.ts"
import type { PreparedProfile, RunContext } from "./Stage.ts"
import { StageRegistry } from "./StageRegistry.ts"
import { readDocument } from "./DocumentReader.ts"

export interface RunInput {
  readonly document: string
  readonly profile: PreparedProfile
  readonly options: ResolvedOptions
  readonly target: ProviderTarget
  /** Receives progress as it happens (streamed to clients); must not fail. */
  readonly emit?: (event: RunEvent) => Effect.Effect<void>
  /**
   * Receives, when the run is interrupted after some paragraphs finished, the result of those paragraphs (checked and
   * scored as usual; every other paragraph keeps its original text and is not listed). Must not fail.
   */
  readonly onCancel?: (finished: RewriteResult) => Effect.Effect<void>
}

/**
 * Segments a document, runs the registered stages over every prose segment concurrently, and reassembles it. A
 * segment whose provider calls fail keeps its text and the run goes on; the run fails only when the failure is
 * systemic (see `isSystemic`) before any segment succeeded, or when every segment failed.
 */
export class Pipeline extends Context.Service<
  Pipeline,
  { readonly run: (input: RunInput) => Effect.Effect<RewriteResult, RunFailed> }
>()("app/pipeline/Pipeline") {
  static readonly layerNoDeps = Layer.effect(
    Pipeline,
    Effect.gen(function* () {
      const registry = yield* StageRegistry
      let runs = 0

      const run = Effect.fn("Pipeline.run")(function* (input: RunInput) {
        const emit = input.emit ?? (() => Effect.void)
        const runNumber = ++runs
        const startedAt = yield* Clock.currentTimeMillis
        const meter = yield* Ref.make(emptyUsage)
        const ctx: RunContext = { target: input.target, profile: input.profile, options: input.options, meter }
        const guards = remembering(yield* Guards)
        const stageTime = new Map<string, number>()
        const timed = <A, E>(name: string, effect: Effect.Effect<A, E>) =>
          Effect.gen(function* () {
            const t0 = yield* Clock.currentTimeMillis
            const out = yield* effect
            const t1 = yield* Clock.currentTimeMillis
            stageTime.set(name, (stageTime.get(name) ?? 0) + (t1 - t0))
            return out
          })

        // The document is read a part at a time while its first paragraphs already run (DocumentReader.ts).
        const reading = yield* readDocument(input.document, isRewritable, emit)
        let done = 0

        // Identical paragraphs (repeated notes, boilerplate) are rewritten once per run and share one outcome.
        const shared = new Map<string, Deferred.Deferred<SegmentOutcome>>()
        const rounds = emptyLedger()
        let succeeded = 0
        const finished: Array<FinishedSegment> = []
        const rewriteSegment = (index: number, original: string) =>
          runSegment(
            {
              registry,
              ctx,
              timed,
              rounds,
              progress: (stage, attempt) =>
                reading.emit({ type: "progress", segment: index, stage, attempt, done, total: reading.total() })
            },
            original
          ).pipe(
            // The paragraph keeps its slot between its calls, and its calls' words: the verification continues the
            // rewrite's conversation where the server's prompt cache still holds it (Gate.ts, LlmProvider.ts).
            leasingSlot,
            Effect.provideServiceEffect(
              Conversation,
              Effect.sync(() => [])
            ),
            // The paragraph's place in the document is its place in line for a provider slot; its size counts at the
            // end of the run (Gate.ts).
            Effect.provideService(CallRank, { run: runNumber, rank: index, size: estimateTokens(original) }),
            Effect.provideService(Guards, guards),
            // A call waiting to retry says so, with how long it goes on trying: the client can show the wait.
            Effect.provideService(RetryNotice, (wait) =>
              reading.emit({
                type: "waiting",
                segment: index,
                reason: wait.reason,
                retryInMs: Math.round(wait.waitMs),
                leftMs: Math.round(wait.leftMs),
                done,
                total: reading.total()
              })
            )
          )

        const processSegment = (index: number, paragraph: number, original: string) =>
          Effect.gen(function* () {
            const t0 = yield* Clock.currentTimeMillis
            const existing = shared.get(original)
            let outcome: SegmentOutcome
            if (existing !== undefined) outcome = yield* Deferred.await(existing)
            else {
              const deferred = yield* Deferred.make<SegmentOutcome>()
              shared.set(original, deferred)
              outcome = yield* rewriteSegment(index, original).pipe(
                Effect.map((work): SegmentOutcome => ({ _tag: "Done", work })),
                // A paragraph whose calls still fail after their retries keeps its text; the run goes on.
                Effect.catchTag("ProviderError", (e) =>
                  Effect.succeed<SegmentOutcome>({ _tag: "Failed", failure: e.reason })
                ),
                Effect.onExit((exit) => Deferred.done(deferred, exit))
              )
            }
            if (outcome._tag === "Failed" && succeeded === 0 && isSystemic(outcome.failure)) {
              return yield* Effect.fail(outcome.failure)
            }
            if (outcome._tag === "Done") succeeded++
            const t1 = yield* Clock.currentTimeMillis
            const segment: FinishedSegment = {
              index,
              paragraph,
              original,
              outcome,
              cached: existing !== undefined,
              ms: t1 - t0
            }
            finished.push(segment)
            done++
            const { status, reason } = paragraphStatus(segment, segmentText(segment))
            yield* reading.emit({
              type: "segment",
              segment: index,
              text: segmentText(segment),
              status,
              ...(reason !== undefined ? { reason } : {}),
              done,
              total: reading.total()
            })
            return segment
          })

        const counts = () => {
          const { segments } = reading.document()
          return {
            segments: segments.filter((s) => s.kind === "prose" || s.block !== "blank").length,
            protected: segments.filter((s) => !isRewritable(s) && s.block !== "blank").length
          }
        }
        const report = (
          segments: ReadonlyArray<FinishedSegment>,
          texts: ReadonlyMap<number, string>,
          documentWarnings: ReadonlyArray<string>
        ) =>
          Effect.gen(function* () {
            const finishedAt = yield* Clock.currentTimeMillis
            return buildResult({
              segments,
              texts,
              finalText: reading.document().reassemble(texts),
              counts: counts(),
              documentWarnings,
              options: input.options,
              provider: { baseUrl: input.target.baseUrl, model: input.target.model },
              timingsMs: { total: finishedAt - startedAt, ...Object.fromEntries(stageTime) },
              usage: yield* Ref.get(meter)
            })
          })

        /** Fails the run with `failure`, carrying whatever finished (everything else keeps its original text). */
        const failRun = (failure: ProviderFailure) =>
          Effect.gen(function* () {
            if (finished.length === 0) return yield* new RunFailed({ reason: failure })
            const byIndex = new Map(finished.map((s) => [s.index, s]))
            const segments = reading
              .document()
              .segments.filter(isRewritable)
              .map(
                (s, i): FinishedSegment =>
                  byIndex.get(s.index) ?? {
                    index: s.index,
                    paragraph: i + 1,
                    original: s.text,
                    outcome: { _tag: "Failed", failure },
                    cached: false,
                    ms: 0
                  }
              )
            const partialResult = yield* report(segments, new Map(segments.map((s) => [s.index, segmentText(s)])), [])
            return yield* new RunFailed({ reason: failure, partialResult })
          })

        /** A cancelled run hands what finished to `onCancel`; every other paragraph keeps its original text. */
        const reportOnCancel = <A, E>(effect: Effect.Effect<A, E>) =>
          effect.pipe(
            Effect.onInterrupt(() => {
              if (finished.length === 0 || input.onCancel === undefined) return Effect.void
              const segments = finished.toSorted((a, b) => a.index - b.index)
              const total = reading.document().segments.filter(isRewritable).length
              const warning = `The run was cancelled after ${segments.length} of ${total} paragraphs; the others keep their text.`
              return report(segments, new Map(segments.map((s) => [s.index, segmentText(s)])), [warning]).pipe(
                Effect.flatMap(input.onCancel)
              )
            })
          )

        /** The whole-document stages (smoothing), over the checked paragraphs. */
        const finishDocument = (results: ReadonlyArray<FinishedSegment>) =>
          Effect.gen(function* () {
            const texts = new Map<number, string>(results.map((r) => [r.index, segmentText(r)]))
            const documentWarnings: Array<string> = []
            for (const stage of registry.ofKind("document")) {
              yield* emit({
                type: "progress",
                segment: -1,
                stage: stage.name,
                attempt: 0,
                done,
                total: reading.total()
              })
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
              ).pipe(
                // A whole-document pass is a finishing touch: when its calls fail, the checked paragraphs stand.
                Effect.catchTag("ProviderError", (e) =>
                  Effect.succeed({
                    replacements: new Map<number, string>(),
                    warnings: [
                      `The ${stage.name} pass was skipped, because its provider calls failed: ${e.reason.message}.`
                    ]
                  })
                )
              )
              // A document stage's paragraph must keep its original's meaning too, or the paragraph keeps its text.
              for (const [index, text] of outcome.replacements) {
                const segment = results.find((r) => r.index === index)
                // Only the run's paragraphs can be replaced: a block quote or any protected block stays word for word.
                if (segment === undefined) continue
                const safety = yield* guards.check(segment.original, text)
                if (safety.ok) texts.set(index, text)
                else
                  documentWarnings.push(
                    `The ${stage.name} pass left paragraph ${segment.paragraph} as it was, because its text changed the meaning: ${describeSafety(safety)}.`
                  )
              }
              documentWarnings.push(...outcome.warnings)
            }
            return yield* report(results, texts, documentWarnings)
          })

        // Every paragraph waits in the provider's line (Gate.ts), which alone decides what goes next. They join it as
        // the document is read, `JOIN_BATCH` at a time, a turn of the event loop apart, so the first calls go out
        // before the later paragraphs have prepared theirs.
        let joined = 0
        const results = yield* reading.paragraphs.pipe(
          Stream.tap(() => (++joined % JOIN_BATCH === 0 ? Effect.yieldNow : Effect.void)),
          Stream.mapEffect((s, i) => processSegment(s.index, i + 1, s.text), { concurrency: "unbounded" }),
          Stream.runCollect,
          Effect.catch(failRun),
          reportOnCancel
        )
        const failures = results.flatMap((r) => (r.outcome._tag === "Failed" ? [r.outcome.failure] : []))
        const firstFailure = failures[0]
        if (firstFailure !== undefined && failures.length === results.length) return yield* failRun(firstFailure)
        return yield* finishDocument(results).pipe(reportOnCancel)
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
/** How many paragraphs of `document` a run rewrites (the `total` of its outline). */
export const rewritableCount = (document: string): number =>
  segmentMarkdown(document).segments.filter(isRewritable).length

/** Paragraphs that join the provider's line in one turn of the event loop. */
const JOIN_BATCH = 8

const isRewritable = (segment: Segment): boolean => segment.kind === "prose" && segment.block !== "blockquote"

/**
 * A failure that no other paragraph would escape: the provider cannot be reached, or it refuses the model itself
 * (unknown, not loaded). Before anything succeeded, such a failure ends the run; after, it costs one paragraph.
 */
const isSystemic = (failure: ProviderFailure): boolean => {
  if (failure._tag === "ProviderUnreachable") return true
  if (failure._tag !== "ProviderRejected" || failure.providerStatus === undefined) return false
  // A missing route, or a key the server refused: every paragraph would get the same answer.
  if (failure.providerStatus === 404 || failure.providerStatus === 401 || failure.providerStatus === 403) return true
  const words = failure.providerMessage ?? ""
  // "model 'x' not found", "Model is unloaded." name the model; "this model's maximum context length" is about the
  // paragraph, not the model.
  return /\bmodel\b/i.test(words) && !/context|token|length/i.test(words)
}
