/**
 * The provider's slots by rank (src/provider/Gate.ts): a free slot goes to the waiting call of the paragraph furthest
 * ahead, between runs to the run holding fewer slots, a call that is interrupted while it waits leaves the line, and
 * a call that holds its slot past the hold limit gives it back.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { Gate, leasingSlot, SlotLease, TAIL_WAVES } from "../../src/provider/Gate.ts"

/** Starts a call that records its name when it gets a slot and holds the slot until `done` is completed. */
const call = (
  gate: Gate,
  order: Array<string>,
  name: string,
  run: number,
  rank: number,
  holdLimit?: Duration.Duration,
  size?: number
) =>
  Effect.gen(function* () {
    const done = yield* Deferred.make<void>()
    const fiber = yield* Effect.forkChild(
      gate.withPermit(
        { run, rank, ...(size !== undefined ? { size } : {}) },
        Effect.sync(() => order.push(name)).pipe(Effect.andThen(Deferred.await(done))),
        holdLimit
      )
    )
    yield* Effect.yieldNow
    return { fiber, finish: Deferred.succeed(done, undefined) }
  })

describe("Gate", () => {
  it.effect("hands a free slot to the lowest rank that waits, not the first to arrive", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const first = yield* call(gate, order, "p0", 1, 0)
      const late = yield* call(gate, order, "p7", 1, 7)
      const early = yield* call(gate, order, "p2", 1, 2)
      const middle = yield* call(gate, order, "p5", 1, 5)
      assert.deepStrictEqual(order, ["p0"])
      for (const c of [first, early, middle, late]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["p0", "p2", "p5", "p7"])
    })
  )

  it.effect("between runs, the run holding fewer slots goes first", () =>
    Effect.gen(function* () {
      const gate = new Gate(2)
      const order: Array<string> = []
      const a0 = yield* call(gate, order, "a0", 1, 0)
      const a1 = yield* call(gate, order, "a1", 1, 1)
      const a2 = yield* call(gate, order, "a2", 1, 2)
      const b9 = yield* call(gate, order, "b9", 2, 9)
      // Run 1 holds both slots; when one frees, run 2 (holding none) goes before run 1's lower rank.
      yield* a0.finish
      yield* Fiber.join(a0.fiber)
      assert.deepStrictEqual(order, ["a0", "a1", "b9"])
      for (const c of [a1, a2, b9]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["a0", "a1", "b9", "a2"])
    })
  )

  it.effect("calls of one rank in one run get their slots in the order they arrived", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const calls = [
        yield* call(gate, order, "first", 1, 3),
        yield* call(gate, order, "second", 1, 3),
        yield* call(gate, order, "third", 1, 3),
        yield* call(gate, order, "fourth", 1, 3)
      ]
      for (const c of calls) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["first", "second", "third", "fourth"])
    })
  )

  it.effect("between runs holding as many slots, the earlier run goes first, whatever the ranks", () =>
    Effect.gen(function* () {
      const gate = new Gate(3)
      const order: Array<string> = []
      const a0 = yield* call(gate, order, "a0", 1, 0)
      const b0 = yield* call(gate, order, "b0", 2, 0)
      const c0 = yield* call(gate, order, "c0", 3, 0)
      // Runs 1 and 2 hold one slot each; run 2's call arrives first and ranks lower.
      const b1 = yield* call(gate, order, "b1", 2, 1)
      const a9 = yield* call(gate, order, "a9", 1, 9)
      yield* c0.finish
      yield* Fiber.join(c0.fiber)
      assert.deepStrictEqual(order, ["a0", "b0", "c0", "a9"])
      for (const c of [a0, b0, a9, b1]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["a0", "b0", "c0", "a9", "b1"])
    })
  )

  it.effect("slots a run gave back no longer count against it", () =>
    Effect.gen(function* () {
      const gate = new Gate(2)
      const order: Array<string> = []
      // Run 1 takes both slots and gives both back.
      for (const name of ["a0", "a1"]) {
        const c = yield* call(gate, order, name, 1, 0)
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      // Now run 2 holds both, and one call of each run waits: run 2's arrived first.
      const b0 = yield* call(gate, order, "b0", 2, 0)
      const b1 = yield* call(gate, order, "b1", 2, 1)
      const b2 = yield* call(gate, order, "b2", 2, 2)
      const a2 = yield* call(gate, order, "a2", 1, 2)
      yield* b0.finish
      yield* Fiber.join(b0.fiber)
      // Run 1 holds nothing and run 2 one: run 1's call goes first.
      assert.deepStrictEqual(order, ["a0", "a1", "b0", "b1", "a2"])
      for (const c of [b1, a2, b2]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["a0", "a1", "b0", "b1", "a2", "b2"])
    })
  )

  it.effect("without a hold limit, a call keeps its slot however long it runs", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const slow = yield* call(gate, order, "slow", 1, 0)
      const next = yield* call(gate, order, "next", 1, 1)
      yield* TestClock.adjust(Duration.hours(1))
      assert.deepStrictEqual(order, ["slow"])
      yield* slow.finish
      yield* Fiber.join(slow.fiber)
      assert.deepStrictEqual(order, ["slow", "next"])
      yield* next.finish
      yield* Fiber.join(next.fiber)
    })
  )

  it.effect("a call interrupted while it waits leaves the line, and its slot goes to the next", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const holder = yield* call(gate, order, "p0", 1, 0)
      const gone = yield* call(gate, order, "p1", 1, 1)
      const next = yield* call(gate, order, "p2", 1, 2)
      yield* Fiber.interrupt(gone.fiber)
      yield* holder.finish
      yield* Fiber.join(holder.fiber)
      yield* next.finish
      yield* Fiber.join(next.fiber)
      assert.deepStrictEqual(order, ["p0", "p2"])
      // Every slot is free again: a new call gets one at once.
      const last = yield* call(gate, order, "p3", 1, 3)
      assert.deepStrictEqual(order, ["p0", "p2", "p3"])
      yield* last.finish
    })
  )

  it.effect("a call that holds its slot past the hold limit gives it back and still gets its answer", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const hung = yield* call(gate, order, "hung", 1, 0, Duration.seconds(20))
      const other = yield* call(gate, order, "other", 2, 0, Duration.seconds(20))
      yield* TestClock.adjust(Duration.seconds(19))
      assert.deepStrictEqual(order, ["hung"])
      yield* TestClock.adjust(Duration.seconds(1))
      yield* Effect.yieldNow
      assert.deepStrictEqual(order, ["hung", "other"])
      yield* other.finish
      yield* Fiber.join(other.fiber)
      // The hung call's answer still arrives; its slot is not given back twice.
      yield* hung.finish
      yield* Fiber.join(hung.fiber)
      const a = yield* call(gate, order, "a", 3, 0)
      const b = yield* call(gate, order, "b", 3, 1)
      assert.deepStrictEqual(order, ["hung", "other", "a"])
      yield* a.finish
      yield* Fiber.join(a.fiber)
      yield* b.finish
      yield* Fiber.join(b.fiber)
      assert.deepStrictEqual(order, ["hung", "other", "a", "b"])
    })
  )

  it.effect("at the end of a run, the paragraph with the most text goes first; before it, document order", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const first = yield* call(gate, order, "p0", 1, 0, undefined, 40)
      // One call more than TAIL_WAVES times the slots waits: the line keeps document order.
      const short = yield* call(gate, order, "p1 short", 1, 1, undefined, 40)
      const long = yield* call(gate, order, "p2 long", 1, 2, undefined, 400)
      const alike = []
      for (let i = 3; i < TAIL_WAVES + 2; i++) alike.push(yield* call(gate, order, `p${i} alike`, 1, i, undefined, 50))
      yield* first.finish
      yield* Fiber.join(first.fiber)
      assert.deepStrictEqual(order, ["p0", "p1 short"])
      // TAIL_WAVES wait: the run is at its end, and the long paragraph goes before those of about the same size as p1.
      yield* short.finish
      yield* Fiber.join(short.fiber)
      assert.deepStrictEqual(order, ["p0", "p1 short", "p2 long"])
      for (const c of [long, ...alike]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, [
        "p0",
        "p1 short",
        "p2 long",
        ...Array.from({ length: TAIL_WAVES - 1 }, (_, i) => `p${i + 3} alike`)
      ])
    })
  )

  it.effect("at the end of a run, paragraphs of about the same size keep document order", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const first = yield* call(gate, order, "p0", 1, 0, undefined, 40)
      const a = yield* call(gate, order, "p1", 1, 1, undefined, 40)
      const b = yield* call(gate, order, "p2", 1, 2, undefined, 45)
      for (const c of [first, a, b]) {
        yield* c.finish
        yield* Fiber.join(c.fiber)
      }
      assert.deepStrictEqual(order, ["p0", "p1", "p2"])
    })
  )

  it.effect(
    "a paragraph's lease keeps the slot of its successful call for its next call, and gives it back at its end",
    () =>
      Effect.gen(function* () {
        const gate = new Gate(1)
        const order: Array<string> = []
        const lease: SlotLease = { held: undefined, ended: false }
        // The paragraph's first call, then another paragraph waits, then the paragraph's second call comes.
        yield* gate.withPermit(
          { run: 1, rank: 0 },
          Effect.sync(() => order.push("p0 rewrite")),
          undefined,
          lease
        )
        assert.isDefined(lease.held)
        const other = yield* call(gate, order, "p1", 1, 1)
        assert.deepStrictEqual(order, ["p0 rewrite"])
        yield* gate.withPermit(
          { run: 1, rank: 0 },
          Effect.sync(() => order.push("p0 verify")),
          undefined,
          lease
        )
        assert.deepStrictEqual(order, ["p0 rewrite", "p0 verify"])
        // The paragraph ends: its slot goes to the one waiting.
        lease.ended = true
        const held = lease.held
        lease.held = undefined
        held?.gate.giveBack(held.run)
        yield* Effect.yieldNow
        assert.deepStrictEqual(order, ["p0 rewrite", "p0 verify", "p1"])
        yield* other.finish
        yield* Fiber.join(other.fiber)
      })
  )

  it.effect("a failed call gives its slot back at once, lease or not; leasingSlot gives a kept slot back", () =>
    Effect.gen(function* () {
      const gate = new Gate(1)
      const order: Array<string> = []
      const lease: SlotLease = { held: undefined, ended: false }
      const failed = yield* gate
        .withPermit({ run: 1, rank: 0 }, Effect.fail("refused"), undefined, lease)
        .pipe(Effect.flip)
      assert.strictEqual(failed, "refused")
      assert.isUndefined(lease.held)
      const next = yield* call(gate, order, "p1", 1, 1)
      assert.deepStrictEqual(order, ["p1"])
      yield* next.finish
      yield* Fiber.join(next.fiber)
      // Through leasingSlot: the paragraph's call keeps the slot until the paragraph ends.
      const waiting = yield* Deferred.make<void>()
      const paragraph = yield* Effect.forkChild(
        leasingSlot(
          Effect.gen(function* () {
            const own = yield* SlotLease
            yield* gate.withPermit(
              { run: 1, rank: 2 },
              Effect.sync(() => order.push("p2")),
              undefined,
              own
            )
            yield* Deferred.await(waiting)
          })
        )
      )
      yield* Effect.yieldNow
      const later = yield* call(gate, order, "p3", 1, 3)
      assert.deepStrictEqual(order, ["p1", "p2"])
      yield* Deferred.succeed(waiting, undefined)
      yield* Fiber.join(paragraph)
      yield* Effect.yieldNow
      assert.deepStrictEqual(order, ["p1", "p2", "p3"])
      yield* later.finish
      yield* Fiber.join(later.fiber)
    })
  )
})
