/**
 * Where the guards run: a long text on the worker thread (same verdict as in place, and the event loop free while it
 * is checked), a short one in place.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { Guards, layerWorker, LONG_TEXT, remembering } from "../../src/pipeline/Guards.ts"
import { checkSafety } from "../../src/pipeline/Safety.ts"

const LONG = "The pump runs at 40 L/min and must not exceed 60 L/min before 12 March 2026, says Dr. Weber. ".repeat(600)

describe("Guards", () => {
  it.live(
    "checks a long text on the worker thread with the verdict it has in place, the event loop free meanwhile",
    () =>
      Effect.gen(function* () {
        const guards = yield* Guards
        const rewrite = LONG.replace("40 L/min", "45 L/min")
        assert.isAbove(LONG.length + rewrite.length, LONG_TEXT)
        let finished = false
        const checking = yield* Effect.forkChild(
          guards.check(LONG, rewrite).pipe(Effect.tap(() => Effect.sync(() => (finished = true))))
        )
        // In place, the check would hold the thread: this timer could only fire after it finished.
        yield* Effect.sleep("20 millis")
        const finishedWhenTimerFired = finished
        const safety = yield* Fiber.join(checking)
        assert.isFalse(finishedWhenTimerFired)
        assert.deepStrictEqual(safety, checkSafety(LONG, rewrite))
        assert.isFalse(safety.ok)
      }).pipe(Effect.provide(layerWorker))
  )

  it.effect("checks a short text in place, and the default (no layer) checks every text in place", () =>
    Effect.gen(function* () {
      const short = yield* (yield* Guards)
        .check("We use 4 servers.", "We use 5 servers.")
        .pipe(Effect.provide(layerWorker))
      assert.isFalse(short.ok)
      const inPlace = yield* (yield* Guards).check("We use 4 servers.", "We use four servers.")
      assert.isTrue(inPlace.ok)
    })
  )

  it.effect("remembers a verdict per pair of texts for a run: asked again, the guards do not run again", () =>
    Effect.gen(function* () {
      const asked: Array<string> = []
      const guards = remembering({
        check: (original, candidate) =>
          Effect.sync(() => {
            asked.push(candidate)
            return checkSafety(original, candidate)
          })
      })
      const first = yield* guards.check("We use 4 servers.", "We use 5 servers.")
      const again = yield* guards.check("We use 4 servers.", "We use 5 servers.")
      const other = yield* guards.check("We use 4 servers.", "We use four servers.")
      assert.strictEqual(again, first)
      assert.isFalse(first.ok)
      assert.isTrue(other.ok)
      assert.deepStrictEqual(asked, ["We use 5 servers.", "We use four servers."])
    })
  )
})
