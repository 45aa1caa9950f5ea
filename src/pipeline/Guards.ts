/**
 * Where the meaning guards run. A short text is checked in place: that takes a millisecond or two. A long one (past
 * `LONG_TEXT` characters, original and candidate together) is checked on a worker thread, so that no request (a
 * health check, another writer's save) waits on the event loop behind it. The worker starts with the first long text
 * and stops with the service; if it cannot start or fails, the check runs in place, never skipped.
 */
import { Context, Effect, Layer } from "effect"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Worker } from "node:worker_threads"
import type { GuardRequest } from "./GuardWorker.ts"
import { checkSafety, type Safety } from "./Safety.ts"

/** A pair of texts that touches most guards (numbers, dates, names, negation, conditions), checked once at start. */
export const WARM_UP = [
  "Only the 3 admins in Berlin may not delete projects before 12 March 2026 at 09:00, unless Dana Lee agrees.",
  "Unless Dana Lee agrees, just the 3 Berlin admins cannot delete projects before 09:00 on 12 March 2026."
] as const
const WARM_UP_AFTER = "20 millis"

/** Characters (original and candidate together) from which a check runs on the worker thread. */
export const LONG_TEXT = 20_000

export interface GuardsShape {
  /** The guards' verdict on `candidate` as a rewrite of `original`. */
  readonly check: (original: string, candidate: string) => Effect.Effect<Safety>
}

const inPlace = (original: string, candidate: string): Effect.Effect<Safety> =>
  Effect.sync(() => checkSafety(original, candidate))

/** The guards in place, on the calling thread: the default, and what the tests of single stages use. */
export const Guards = Context.Reference<GuardsShape>("app/pipeline/Guards", {
  defaultValue: () => ({ check: inPlace })
})

/**
 * The same guards with each verdict kept for the life of one run: a run asks about one pair of texts several times (the
 * check stage ranks its drafts, then the pipeline holds the stage's text to the guards again), and a verdict depends
 * on the two texts only. Dropped with the run, so it grows with one document at most.
 */
export const remembering = (guards: GuardsShape): GuardsShape => {
  const verdicts = new Map<string, Map<string, Safety>>()
  return {
    check: (original, candidate) => {
      const known = verdicts.get(original)?.get(candidate)
      if (known !== undefined) return Effect.succeed(known)
      return Effect.tap(guards.check(original, candidate), (safety) =>
        Effect.sync(() => {
          const byCandidate = verdicts.get(original) ?? new Map<string, Safety>()
          verdicts.set(original, byCandidate.set(candidate, safety))
        })
      )
    }
  }
}

/** The worker's module: the bundle's sibling file once built, else the TypeScript source; undefined without either. */
const workerUrl = (): URL | undefined =>
  [new URL("./guard-worker.mjs", import.meta.url), new URL("./GuardWorker.ts", import.meta.url)].find((url) =>
    existsSync(fileURLToPath(url))
  )

/** Long texts on one worker thread, checked one after another; short ones in place. */
export const layerWorker: Layer.Layer<never> = Layer.effect(
  Guards,
  Effect.gen(function* () {
    const waiting = new Map<number, (safety: Safety | undefined) => void>()
    let worker: Worker | undefined
    let next = 0
    // A worker that failed answers every check waiting on it with nothing: those run in place, and the next long
    // text starts a new worker.
    const lost = () => {
      worker = undefined
      for (const answer of waiting.values()) answer(undefined)
      waiting.clear()
    }
    const url = workerUrl()
    const spawn = (module: URL): Worker => {
      const started = new Worker(module)
      started.on("message", (reply: { id: number; safety: Safety }) => {
        waiting.get(reply.id)?.(reply.safety)
        waiting.delete(reply.id)
        if (waiting.size === 0) started.unref()
      })
      started.on("error", lost)
      started.on("exit", lost)
      return started
    }
    // The guards' first check builds their patterns and word lists, about a third of a second: done once just after
    // start, so the first paragraph of the first run does not wait for it.
    yield* Effect.forkScoped(Effect.andThen(Effect.sleep(WARM_UP_AFTER), inPlace(WARM_UP[0], WARM_UP[1])))
    yield* Effect.addFinalizer(() =>
      Effect.promise(() => {
        const running = worker
        worker = undefined
        return running === undefined ? Promise.resolve() : running.terminate().then(() => undefined)
      })
    )
    const offThread = (module: URL, original: string, candidate: string) =>
      Effect.callback<Safety | undefined>((resume) => {
        const id = next++
        waiting.set(id, (safety) => resume(Effect.succeed(safety)))
        worker ??= spawn(module)
        // A worker keeps the process alive only while a check waits on it.
        worker.ref()
        // A worker thread's port takes no target origin (that is a window's postMessage).
        // oxlint-disable-next-line unicorn/require-post-message-target-origin
        worker.postMessage({ id, original, candidate } satisfies GuardRequest)
        return Effect.sync(() => waiting.delete(id))
      }).pipe(
        Effect.flatMap((safety) => (safety === undefined ? inPlace(original, candidate) : Effect.succeed(safety)))
      )
    return {
      check: (original, candidate) =>
        url === undefined || original.length + candidate.length < LONG_TEXT
          ? inPlace(original, candidate)
          : offThread(url, original, candidate)
    }
  })
)
