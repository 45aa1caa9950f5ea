/**
 * The retry budget on Effect's TestClock: counted from the first attempt (a time-out spends it), and a provider that
 * refuses connections and never answered is given up within its short budget.
 */
import { assert, describe, it } from "@effect/vitest"
import { Clock, Duration, Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { ProviderTimeout, ProviderUnreachable } from "../../src/domain/Errors.ts"
import { retryWithinBudget } from "../../src/provider/Retry.ts"

/** An attempt that fails after `takes` of virtual time, noting when each attempt started. */
const failing = (error: ProviderUnreachable | ProviderTimeout, takes: Duration.Duration, starts: Array<number>) =>
  Effect.gen(function* () {
    starts.push(yield* Clock.currentTimeMillis)
    yield* Effect.sleep(takes)
    return yield* Effect.fail(error)
  })

const runFor = <A, E>(effect: Effect.Effect<A, E>, time: Duration.Input) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* TestClock.adjust(time)
    return yield* Fiber.await(fiber)
  })

describe("retryWithinBudget", () => {
  it.effect("a time-out spends the budget: a call that hung for longer than it is not tried again", () =>
    Effect.gen(function* () {
      const starts: Array<number> = []
      const timeout = new ProviderTimeout({ message: "the provider did not answer within 2m" })
      const exit = yield* runFor(
        retryWithinBudget(failing(timeout, Duration.seconds(120), starts), {
          baseDelay: Duration.millis(250),
          budget: Duration.seconds(20)
        }),
        "10 minutes"
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.strictEqual(starts.length, 1)
    })
  )

  it.effect("a quick time-out is retried while the budget lasts", () =>
    Effect.gen(function* () {
      const starts: Array<number> = []
      const timeout = new ProviderTimeout({ message: "the provider did not answer within 5s" })
      yield* runFor(
        retryWithinBudget(failing(timeout, Duration.seconds(5), starts), {
          baseDelay: Duration.millis(250),
          budget: Duration.seconds(20)
        }),
        "10 minutes"
      )
      assert.isAbove(starts.length, 1)
      assert.isAtMost(starts.at(-1) ?? 0, 20_000)
    })
  )

  it.effect("a provider that never answered and refuses connections is given up within its short budget", () =>
    Effect.gen(function* () {
      const refused = new ProviderUnreachable({ message: "cannot reach the provider: connection refused" })
      const never: Array<number> = []
      const exit = yield* runFor(
        retryWithinBudget(failing(refused, Duration.zero, never), {
          baseDelay: Duration.millis(250),
          budget: Duration.seconds(20),
          unreachedBudget: Duration.seconds(2)
        }),
        "1 minute"
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.isAbove(never.length, 1)
      assert.isAtMost(never.at(-1) ?? 0, 2_000)
      // One that answered before (no short budget) is waited for as long as the budget lasts: it may be restarting.
      const restarting: Array<number> = []
      yield* runFor(
        retryWithinBudget(failing(refused, Duration.zero, restarting), {
          baseDelay: Duration.millis(250),
          budget: Duration.seconds(20)
        }),
        "1 minute"
      )
      const waited = (restarting.at(-1) ?? 0) - (restarting[0] ?? 0)
      assert.isAbove(waited, 10_000)
      assert.isAtMost(waited, 20_000)
    })
  )
})
