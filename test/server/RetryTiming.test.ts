/**
 * The timing of `retryWithinBudget` (src/provider/Retry.ts) on Effect's TestClock, with the jitter pinned through the
 * Random service: the back-off doubles from the base delay up to the 2 s cap, the jitter keeps each wait within
 * [0.5, 1.5) of it, the budget counts the coming wait, a provider's `Retry-After` replaces the back-off, a provider
 * that was never reached gets its shorter budget, which failures are retried, and the note on the final error. Also
 * `parseRetryAfter` (src/provider/LlmProvider.ts), which turns the header into the milliseconds used here.
 */
import { assert, describe, it } from "@effect/vitest"
import { Clock, Duration, Effect, Exit, Fiber, Random } from "effect"
import { TestClock } from "effect/testing"
import { ProviderRejected, ProviderTimeout, ProviderUnreachable } from "../../src/domain/Errors.ts"
import { parseRetryAfter } from "../../src/provider/LlmProvider.ts"
import { isTransient, type RetryPolicy, retryWithinBudget } from "../../src/provider/Retry.ts"

type Failure = ProviderUnreachable | ProviderTimeout | ProviderRejected

const rejected = (status: number | undefined, retryAfterMs?: number) =>
  new ProviderRejected({
    message: `the provider answered ${status ?? "something unreadable"}`,
    ...(status !== undefined ? { providerStatus: status } : {}),
    providerMessage: "busy",
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {})
  })
const unreachable = new ProviderUnreachable({ message: "cannot reach the provider: ECONNREFUSED" })
const timeout = new ProviderTimeout({ message: "the provider did not answer within 5s" })

/** Jitter pinned: `Random.next` always gives `value`, so each wait is the back-off times `0.5 + value`. */
const jitter = (value: number) =>
  Effect.provideService(Random.Random, { nextDoubleUnsafe: () => value, nextIntUnsafe: () => 0 })

interface Script {
  /** Try i fails with `failures[i]`, the last one again when they run out. */
  readonly failures: ReadonlyArray<Failure>
  /** Succeeds once this many tries failed. */
  readonly succeedAfter?: number
  /** How long each try takes, in virtual time. */
  readonly takes?: Duration.Duration
  /** The Random service for the run: the jitter factor pinned at 1 (`jitter(0.5)`) unless given. */
  readonly random?: <A, E>(self: Effect.Effect<A, E>) => Effect.Effect<A, E>
}

/**
 * Runs `retryWithinBudget` over scripted tries for a minute of virtual time. Returns when each try started and when
 * the retries ended with what (`undefined` if still running), in milliseconds from the start.
 */
const retry = (script: Script, policy: RetryPolicy) =>
  Effect.gen(function* () {
    const startedAt = yield* Clock.currentTimeMillis
    const starts: Array<number> = []
    const attempt = Effect.gen(function* () {
      starts.push((yield* Clock.currentTimeMillis) - startedAt)
      if (script.takes !== undefined) yield* Effect.sleep(script.takes)
      if (script.succeedAfter !== undefined && starts.length > script.succeedAfter) return "answer"
      return yield* Effect.fail(script.failures[Math.min(starts.length, script.failures.length) - 1] as Failure)
    })
    const fiber = yield* Effect.forkChild(
      Effect.exit(retryWithinBudget(attempt, policy).pipe(script.random ?? jitter(0.5))).pipe(
        Effect.flatMap((exit) => Effect.map(Clock.currentTimeMillis, (at) => ({ exit, at: at - startedAt })))
      )
    )
    yield* TestClock.adjust(Duration.minutes(1))
    const done = fiber.pollUnsafe()
    if (done === undefined) yield* Fiber.interrupt(fiber)
    return { starts, ended: done !== undefined && Exit.isSuccess(done) ? done.value : undefined }
  })

const gaps = (starts: ReadonlyArray<number>) => starts.slice(1).map((at, i) => at - (starts[i] as number))

/** The error the retries ended with. */
const failureOf = (ended: { readonly exit: Exit.Exit<string, Failure> } | undefined): Failure => {
  assert.isDefined(ended, "the retries should have ended")
  const exit = ended.exit
  if (Exit.isSuccess(exit)) return assert.fail("expected a failure")
  const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (failure?._tag !== "Fail") return assert.fail("expected a typed failure")
  return failure.error
}

const fast = { baseDelay: Duration.millis(250), budget: Duration.seconds(20) }

describe("back-off and jitter", () => {
  it.effect("the back-off doubles from the base delay and stops growing at 2 s", () =>
    Effect.gen(function* () {
      const { starts } = yield* retry(
        { failures: [rejected(503)] },
        { baseDelay: Duration.millis(250), budget: Duration.seconds(10) }
      )
      assert.deepStrictEqual(gaps(starts), [250, 500, 1000, 2000, 2000, 2000, 2000])
      // A base that doubles past the cap is cut to it: 300, 600, 1200, then 2000 rather than 2400.
      const capped = yield* retry(
        { failures: [rejected(503)] },
        { baseDelay: Duration.millis(300), budget: Duration.seconds(7) }
      )
      assert.deepStrictEqual(gaps(capped.starts), [300, 600, 1200, 2000, 2000])
    })
  )

  it.effect("the jitter takes each wait from half the back-off up to, not including, one and a half times it", () =>
    Effect.gen(function* () {
      const policy = { baseDelay: Duration.millis(250), budget: Duration.seconds(8) }
      const lowest = yield* retry({ failures: [timeout], random: jitter(0) }, policy)
      assert.deepStrictEqual(gaps(lowest.starts).slice(0, 6), [125, 250, 500, 1000, 1000, 1000])
      const highest = yield* retry({ failures: [timeout], random: jitter(0.999) }, policy)
      const expected = [250, 500, 1000, 2000].map((backoff) => backoff * 1.499)
      assert.strictEqual(gaps(highest.starts).length, expected.length)
      gaps(highest.starts).forEach((gap, i) => assert.closeTo(gap, expected[i] as number, 1e-6))
    })
  )

  it.effect("with a seeded generator, every wait stays within its jitter range, and the waits do vary", () =>
    Effect.gen(function* () {
      const ratios: Array<number> = []
      for (let seed = 1; seed <= 20; seed++) {
        const { starts } = yield* retry(
          { failures: [rejected(502)], random: Random.withSeed(seed) },
          { baseDelay: Duration.millis(100), budget: Duration.seconds(15) }
        )
        assert.isAbove(starts.length, 6)
        gaps(starts).forEach((gap, n) => ratios.push(gap / Math.min(100 * 2 ** n, 2000)))
      }
      for (const ratio of ratios) {
        assert.isAtLeast(ratio, 0.5)
        assert.isBelow(ratio, 1.5)
      }
      assert.isBelow(Math.min(...ratios), 0.6)
      assert.isAbove(Math.max(...ratios), 1.4)
    })
  )

  it.effect("a cancelled wait stops at once: no further attempt", () =>
    Effect.gen(function* () {
      let tries = 0
      const fiber = yield* Effect.forkChild(
        retryWithinBudget(
          Effect.suspend(() => {
            tries++
            return Effect.fail(unreachable)
          }),
          fast
        ).pipe(jitter(0.5))
      )
      yield* TestClock.adjust(Duration.millis(100))
      yield* Fiber.interrupt(fiber)
      yield* TestClock.adjust(Duration.minutes(1))
      assert.strictEqual(tries, 1)
    })
  )
})

describe("the budget", () => {
  it.effect("gives up, without waiting, when the coming wait would end past the budget", () =>
    Effect.gen(function* () {
      // Waits of 1000 then 2000 ms: the second would end at 3000, past 2500.
      const { starts, ended } = yield* retry(
        { failures: [rejected(503)] },
        { baseDelay: Duration.seconds(1), budget: Duration.millis(2500) }
      )
      assert.deepStrictEqual(starts, [0, 1000])
      assert.strictEqual(ended?.at, 1000)
    })
  )

  it.effect("a wait that ends exactly at the budget is still taken", () =>
    Effect.gen(function* () {
      const { starts, ended } = yield* retry(
        { failures: [rejected(503)] },
        { baseDelay: Duration.seconds(1), budget: Duration.seconds(3) }
      )
      assert.deepStrictEqual(starts, [0, 1000, 3000])
      assert.strictEqual(ended?.at, 3000)
    })
  )

  it.effect("counts from the first attempt: the time the attempts took is spent too", () =>
    Effect.gen(function* () {
      // 0-700 the first try, a 1000 ms wait, 1700-2400 the second; a 2000 ms wait would end at 4400, past 3000.
      const { starts, ended } = yield* retry(
        { failures: [timeout], takes: Duration.millis(700) },
        { baseDelay: Duration.seconds(1), budget: Duration.seconds(3) }
      )
      assert.deepStrictEqual(starts, [0, 1700])
      assert.strictEqual(ended?.at, 2400)
    })
  )

  it.effect("a provider never reached gets the shorter budget; the shorter of the two always wins", () =>
    Effect.gen(function* () {
      const policy = { ...fast, unreachedBudget: Duration.seconds(2) }
      // Waits of 250, 500 and 1000 ms; the next, 2000 ms from 1750, would end past 2 s.
      const refused = yield* retry({ failures: [unreachable] }, policy)
      assert.deepStrictEqual(refused.starts, [0, 250, 750, 1750])
      // Other failures under the same policy have the whole budget.
      const busy = yield* retry({ failures: [rejected(503)] }, policy)
      assert.strictEqual(busy.starts.at(-1), 19_750)
      // A short budget set longer than the budget does not lengthen it.
      const short = yield* retry(
        { failures: [unreachable] },
        { ...policy, budget: Duration.seconds(1), unreachedBudget: Duration.seconds(20) }
      )
      assert.deepStrictEqual(short.starts, [0, 250, 750])
    })
  )
})

describe("Retry-After", () => {
  it.effect("a provider's Retry-After replaces the back-off, even beyond the 2 s cap", () =>
    Effect.gen(function* () {
      const { starts, ended } = yield* retry({ failures: [rejected(503, 5000)], succeedAfter: 1 }, fast)
      assert.deepStrictEqual(starts, [0, 5000])
      assert.isTrue(ended !== undefined && Exit.isSuccess(ended.exit))
      // A 429 with Retry-After too; a later failure without one goes back to the back-off (the second retry's 500 ms).
      const limited = yield* retry({ failures: [rejected(429, 1500), rejected(429)], succeedAfter: 2 }, fast)
      assert.deepStrictEqual(limited.starts, [0, 1500, 2000])
    })
  )

  it.effect("a Retry-After that does not fit in the budget gives up at once, with the provider's error", () =>
    Effect.gen(function* () {
      const busy = rejected(503, 30_000)
      const { starts, ended } = yield* retry({ failures: [busy] }, fast)
      assert.deepStrictEqual(starts, [0])
      assert.strictEqual(ended?.at, 0)
      assert.strictEqual(failureOf(ended), busy)
    })
  )

  it.effect("a Retry-After of 0 still waits the base delay, and a call with no budget is not tried again", () =>
    Effect.gen(function* () {
      const { starts } = yield* retry({ failures: [rejected(503, 0)], succeedAfter: 3 }, fast)
      assert.deepStrictEqual(starts, [0, 250, 500, 750])
      const probe = yield* retry({ failures: [rejected(503, 0)] }, { ...fast, budget: Duration.zero })
      assert.deepStrictEqual(probe.starts, [0])
    })
  )

  it("parseRetryAfter reads delay-seconds as seconds", () => {
    assert.strictEqual(parseRetryAfter("1", undefined), 1000)
    assert.strictEqual(parseRetryAfter("120", undefined), 120_000)
    assert.strictEqual(parseRetryAfter(" 3 ", undefined), 3000)
    assert.strictEqual(parseRetryAfter("0", undefined), 0)
    assert.strictEqual(parseRetryAfter("-5", undefined), 0)
    assert.isUndefined(parseRetryAfter(undefined, undefined))
    assert.isUndefined(parseRetryAfter("", undefined))
    assert.isUndefined(parseRetryAfter("soon", "Wed, 21 Oct 2015 07:28:00 GMT"))
  })

  it("parseRetryAfter reads an HTTP date against the response's own Date header", () => {
    const date = "Wed, 21 Oct 2015 07:28:00 GMT"
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", date), 30_000)
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:30:00 GMT", date), 120_000)
    // A date already past: retry now.
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:27:00 GMT", date), 0)
    // Without the response's date (or with a broken one) there is nothing to read it against.
    assert.isUndefined(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", undefined))
    assert.isUndefined(parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", "yesterday"))
  })
})

describe("which failures are retried", () => {
  it("5xx, 429, an unreachable provider and a time-out are transient; other 4xx and unreadable answers are not", () => {
    for (const status of [500, 502, 503, 504, 599, 429]) assert.isTrue(isTransient(rejected(status)), `${status}`)
    for (const status of [400, 401, 403, 404, 413, 422, 428, 430, 499]) {
      assert.isFalse(isTransient(rejected(status)), `${status}`)
    }
    assert.isFalse(isTransient(rejected(undefined)))
    assert.isTrue(isTransient(unreachable))
    assert.isTrue(isTransient(timeout))
  })

  it.effect("a 429 is tried again; a 4xx is returned at once, even with a Retry-After", () =>
    Effect.gen(function* () {
      const limited = yield* retry({ failures: [rejected(429)], succeedAfter: 2 }, fast)
      assert.deepStrictEqual(limited.starts, [0, 250, 750])
      assert.isTrue(limited.ended !== undefined && Exit.isSuccess(limited.ended.exit))
      for (const refusal of [rejected(400), rejected(404, 1000), rejected(499), rejected(undefined)]) {
        const { starts, ended } = yield* retry({ failures: [refusal] }, fast)
        assert.deepStrictEqual(starts, [0])
        assert.strictEqual(ended?.at, 0)
        assert.strictEqual(failureOf(ended), refusal)
      }
    })
  )
})

describe("the final error", () => {
  it.effect("says how many attempts were made over how long, and keeps the provider's details", () =>
    Effect.gen(function* () {
      const policy = { baseDelay: Duration.seconds(1), budget: Duration.seconds(3) }
      const busy = failureOf(
        (yield* retry({ failures: [rejected(503)] }, { ...policy, budget: Duration.millis(2500) })).ended
      )
      assert.strictEqual(busy._tag, "ProviderRejected")
      assert.strictEqual(busy.message, "the provider answered 503 (2 attempts over 1.0 s)")
      if (busy._tag === "ProviderRejected") {
        assert.strictEqual(busy.providerStatus, 503)
        assert.strictEqual(busy.providerMessage, "busy")
      }
      const slow = failureOf((yield* retry({ failures: [timeout], takes: Duration.millis(700) }, policy)).ended)
      assert.strictEqual(slow._tag, "ProviderTimeout")
      assert.strictEqual(slow.message, "the provider did not answer within 5s (2 attempts over 2.4 s)")
      const down = failureOf((yield* retry({ failures: [unreachable] }, policy)).ended)
      assert.strictEqual(down._tag, "ProviderUnreachable")
      assert.strictEqual(down.message, "cannot reach the provider: ECONNREFUSED (3 attempts over 3.0 s)")
    })
  )

  it.effect("a failure given up on the first attempt is returned unchanged", () =>
    Effect.gen(function* () {
      const { ended } = yield* retry({ failures: [timeout] }, { baseDelay: Duration.seconds(1), budget: Duration.zero })
      assert.strictEqual(failureOf(ended), timeout)
    })
  )
})
