/**
 * Interruption and the hold limit in the provider's slot gate (src/provider/Gate.ts), on Effect's TestClock: a call
 * interrupted while it waits in line, after its slot was granted but before it ran, or while it runs gives up its
 * place or its slot exactly once; a call holding its slot past `holdLimit` gives it back once, never twice. After each
 * scenario every slot is free again, and there are no more slots than the gate was made with.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber, Scheduler } from "effect"
import { TestClock } from "effect/testing"
import { Gate } from "../../src/provider/Gate.ts"

interface Options {
  readonly holdLimit?: Duration.Duration
  /** Wraps the gated call, e.g. to run it on another scheduler. */
  readonly around?: <A>(self: Effect.Effect<A>) => Effect.Effect<A>
}

/** Starts a call that notes its name in `started` when it gets a slot, and holds the slot until `finish`. */
const call = (gate: Gate, started: Array<string>, name: string, run: number, rank: number, options: Options = {}) =>
  Effect.gen(function* () {
    const done = yield* Deferred.make<void>()
    const gated = gate.withPermit(
      { run, rank },
      Effect.sync(() => started.push(name)).pipe(Effect.andThen(Deferred.await(done))),
      options.holdLimit
    )
    const fiber = yield* Effect.forkChild(options.around === undefined ? gated : options.around(gated))
    yield* Effect.yieldNow
    return { fiber, finish: Deferred.succeed(done, undefined).pipe(Effect.andThen(Fiber.join(fiber))) }
  })

/**
 * Every one of the gate's `permits` slots is free, and there is no extra one: that many new calls start at once, the
 * next one waits until one of them ends.
 */
const assertAllFree = (gate: Gate, permits: number) =>
  Effect.gen(function* () {
    const started: Array<string> = []
    const calls = []
    for (let i = 0; i <= permits; i++) calls.push(yield* call(gate, started, `free${i}`, 1000 + i, 0))
    const names = calls.map((_, i) => `free${i}`)
    assert.deepStrictEqual(started, names.slice(0, permits), "every slot should be free, and no more")
    for (const c of calls) yield* c.finish
    assert.deepStrictEqual(started, names)
  })

/**
 * A scheduler that, once armed, makes the next fiber that resumes on it yield before its first step: a call granted
 * its slot then stays suspended, so it can be interrupted after the grant and before it runs.
 */
const pausingScheduler = (base: Scheduler.Scheduler) => {
  let armed = false
  const scheduler: Scheduler.Scheduler = {
    executionMode: base.executionMode,
    makeDispatcher: () => base.makeDispatcher(),
    shouldYield: (fiber) => {
      if (!armed) return base.shouldYield(fiber)
      armed = false
      return true
    }
  }
  return {
    around: <A>(self: Effect.Effect<A>) => Effect.provideService(self, Scheduler.Scheduler, scheduler),
    arm: Effect.sync(() => {
      armed = true
    })
  }
}

describe("interruption", () => {
  it.effect("a call interrupted while it waits leaves the line: the slot goes to the next, not to the call gone", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const started: Array<string> = []
      const holder = yield* call(gate, started, "holder", 1, 0)
      // The interrupted calls rank first, in their run and across runs; the one left ranks last.
      const gone = yield* call(gate, started, "gone", 1, 1)
      const goneToo = yield* call(gate, started, "goneToo", 2, 0)
      const next = yield* call(gate, started, "next", 1, 9)
      yield* Fiber.interrupt(gone.fiber)
      yield* Fiber.interrupt(goneToo.fiber)
      yield* holder.finish
      assert.deepStrictEqual(started, ["holder", "next"])
      yield* next.finish
      yield* assertAllFree(gate, 1)
    })
  )

  it.effect("a line emptied by interruption leaves every slot free", () =>
    Effect.gen(function* () {
      const gate = new Gate(2)
      const started: Array<string> = []
      const holders = [yield* call(gate, started, "h0", 1, 0), yield* call(gate, started, "h1", 2, 0)]
      const waiters = [
        yield* call(gate, started, "w0", 1, 1),
        yield* call(gate, started, "w1", 2, 1),
        yield* call(gate, started, "w2", 3, 0, { holdLimit: Duration.seconds(5) })
      ]
      for (const w of waiters) yield* Fiber.interrupt(w.fiber)
      for (const h of holders) yield* h.finish
      yield* TestClock.adjust(Duration.seconds(10))
      assert.deepStrictEqual(started, ["h0", "h1"])
      yield* assertAllFree(gate, 2)
    })
  )

  it.effect("a call interrupted after its slot was granted, before it ran, gives the slot on at once", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const started: Array<string> = []
      const pausing = pausingScheduler(yield* Scheduler.Scheduler)
      const holder = yield* call(gate, started, "holder", 1, 0)
      const granted = yield* call(gate, started, "granted", 1, 1, { around: pausing.around })
      const next = yield* call(gate, started, "next", 1, 2)
      yield* pausing.arm
      // The holder ends: the slot is granted, but the call has not taken a step since.
      yield* holder.finish
      yield* Fiber.interrupt(granted.fiber)
      assert.deepStrictEqual(started, ["holder", "next"])
      yield* next.finish
      yield* assertAllFree(gate, 1)
    })
  )

  it.effect("a call granted its slot and interrupted before it ran, with nobody waiting, leaves the slot free", () =>
    Effect.gen(function* () {
      const gate = new Gate(2)
      const started: Array<string> = []
      const pausing = pausingScheduler(yield* Scheduler.Scheduler)
      const first = yield* call(gate, started, "h0", 1, 0)
      const second = yield* call(gate, started, "h1", 1, 1)
      const granted = yield* call(gate, started, "granted", 2, 0, { around: pausing.around })
      yield* pausing.arm
      yield* first.finish
      yield* Fiber.interrupt(granted.fiber)
      assert.deepStrictEqual(started, ["h0", "h1"])
      yield* second.finish
      yield* assertAllFree(gate, 2)
    })
  )

  it.effect("a call interrupted while it runs gives its slot back once", () =>
    Effect.gen(function* () {
      const gate = new Gate(2)
      const started: Array<string> = []
      const running = yield* call(gate, started, "running", 1, 0)
      const other = yield* call(gate, started, "other", 1, 1)
      const waiting = yield* call(gate, started, "waiting", 2, 0)
      yield* Fiber.interrupt(running.fiber)
      assert.deepStrictEqual(started, ["running", "other", "waiting"])
      yield* other.finish
      yield* waiting.finish
      yield* assertAllFree(gate, 2)
    })
  )
})

describe("the hold limit", () => {
  it.effect("a call still running at its hold limit gives its slot back then, not a moment before", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const started: Array<string> = []
      const hung = yield* call(gate, started, "hung", 1, 0, { holdLimit: Duration.seconds(20) })
      const other = yield* call(gate, started, "other", 2, 0)
      yield* TestClock.adjust(Duration.millis(19_999))
      assert.deepStrictEqual(started, ["hung"])
      yield* TestClock.adjust(Duration.millis(1))
      assert.deepStrictEqual(started, ["hung", "other"])
      yield* other.finish
      // The hung call ends later and does not give back the slot a second time.
      yield* hung.finish
      yield* assertAllFree(gate, 1)
    })
  )

  it.effect("a call interrupted after its hold limit does not give its slot back a second time", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const started: Array<string> = []
      const hung = yield* call(gate, started, "hung", 1, 0, { holdLimit: Duration.seconds(20) })
      yield* TestClock.adjust(Duration.seconds(20))
      const other = yield* call(gate, started, "other", 2, 0)
      assert.deepStrictEqual(started, ["hung", "other"])
      yield* Fiber.interrupt(hung.fiber)
      const third = yield* call(gate, started, "third", 3, 0)
      assert.deepStrictEqual(started, ["hung", "other"])
      yield* other.finish
      assert.deepStrictEqual(started, ["hung", "other", "third"])
      yield* third.finish
      yield* assertAllFree(gate, 1)
    })
  )

  it.effect("a call that ends or is interrupted before its hold limit gives its slot back once, not again then", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const started: Array<string> = []
      const quick = yield* call(gate, started, "quick", 1, 0, { holdLimit: Duration.seconds(20) })
      yield* TestClock.adjust(Duration.seconds(5))
      yield* quick.finish
      const cut = yield* call(gate, started, "cut", 2, 0, { holdLimit: Duration.seconds(20) })
      yield* TestClock.adjust(Duration.seconds(5))
      yield* Fiber.interrupt(cut.fiber)
      const holder = yield* call(gate, started, "holder", 3, 0)
      const waiting = yield* call(gate, started, "waiting", 4, 0)
      // Past both calls' limits: their timers are gone and hand out no slot.
      yield* TestClock.adjust(Duration.seconds(30))
      assert.deepStrictEqual(started, ["quick", "cut", "holder"])
      yield* holder.finish
      yield* waiting.finish
      assert.deepStrictEqual(started, ["quick", "cut", "holder", "waiting"])
      yield* assertAllFree(gate, 1)
    })
  )
})
