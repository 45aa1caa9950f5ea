/**
 * The slots of one provider, handed out by rank instead of arrival. A run ranks its calls by paragraph, so a free slot
 * goes to the paragraph furthest ahead in the document that is waiting: a paragraph that has begun (its verification,
 * its next round) goes before one that has not, finished paragraphs stream from the first seconds, and every slot
 * stays busy while anything waits. At the end of a run (no more of its calls waiting than `TAIL_WAVES` times the
 * slots), the paragraphs with the most text go first: a long paragraph started last would keep its run going while the
 * other slots stand idle. Between runs, the run holding the fewest slots goes first, so one long document does not
 * shut another run out.
 *
 * A paragraph may keep the slot of its last call (`SlotLease`) until its next call or its end: the server's slot then
 * still holds the paragraph's conversation in its prompt cache when the verification continues it.
 */
import { Context, Deferred, Duration, Effect, Exit, Fiber } from "effect"

/** Where a call stands in line: its run, and its rank within the run (lower goes first). */
export interface CallRank {
  readonly run: number
  readonly rank: number
  /** The size of the call's paragraph in tokens (0 when unknown): at the end of a run, larger goes first. */
  readonly size?: number
}

/**
 * A run is at its end when no more of its calls wait than this many times the slots. Four: with two, 128 paragraphs on
 * 32 slots ran at 1.13 times the ideal, the last long paragraphs starting too late; with four, 1.10 (six: the same).
 */
export const TAIL_WAVES = 4

/** The rank of the calls made inside an effect; the pipeline sets it per paragraph. */
export const CallRank = Context.Reference<CallRank>("app/provider/CallRank", {
  defaultValue: () => ({ run: 0, rank: 0 })
})

/**
 * A paragraph's hold on the slot of its last successful call, between its calls: its next call goes to the server at
 * once, where the slot that just answered it is free and holds its conversation in the prompt cache (a server hands a
 * new request the free slot whose cache shares the longest prefix with it). A failed call, or one past its hold limit,
 * gives its slot back as before. Provided per paragraph by `leasingSlot`, which gives the slot back at its end.
 */
export interface SlotLease {
  held: { readonly gate: Gate; readonly run: number } | undefined
  ended: boolean
}

export const SlotLease = Context.Reference<SlotLease | undefined>("app/provider/SlotLease", {
  defaultValue: () => undefined
})

/** Runs `effect` (one paragraph's calls) with a lease of its own, given back when it ends however it ends. */
export const leasingSlot = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.suspend(() => {
    const lease: SlotLease = { held: undefined, ended: false }
    return effect.pipe(
      Effect.provideService(SlotLease, lease),
      Effect.ensuring(
        Effect.sync(() => {
          lease.ended = true
          const held = lease.held
          lease.held = undefined
          held?.gate.giveBack(held.run)
        })
      )
    )
  })

interface Waiter {
  readonly rank: CallRank
  readonly order: number
  readonly granted: Deferred.Deferred<void>
}

export class Gate {
  private free: number
  private arrivals = 0
  private readonly waiting: Array<Waiter> = []
  /** Slots held per run. */
  private readonly held = new Map<number, number>()

  private readonly permits: number

  constructor(permits: number) {
    this.permits = permits
    this.free = permits
  }

  /**
   * Runs `effect` holding one slot, after waiting for it in rank order; an interrupted wait leaves the line. A call
   * that holds its slot longer than `holdLimit` gives it back and goes on waiting for its answer: a hung call does not
   * stall every other run on the provider.
   */
  withPermit<A, E, R>(
    rank: CallRank,
    effect: Effect.Effect<A, E, R>,
    holdLimit?: Duration.Duration,
    lease?: SlotLease
  ): Effect.Effect<A, E, R> {
    return Effect.uninterruptibleMask((restore) =>
      Effect.gen({ self: this }, function* () {
        if (lease?.held?.gate === this) lease.held = undefined
        else {
          const waiter = this.enter(rank)
          if (waiter !== undefined) {
            yield* restore(Deferred.await(waiter.granted)).pipe(
              Effect.onInterrupt(() => Effect.sync(() => this.leave(waiter)))
            )
          }
        }
        let holding = true
        const giveBack = Effect.sync(() => {
          if (!holding) return
          holding = false
          this.release(rank.run)
        })
        // A successful call's slot stays with the paragraph's lease, unless the lease already holds one or has ended.
        const keepOrGiveBack = (exit: Exit.Exit<A, E>) =>
          Effect.suspend(() => {
            if (!holding || lease === undefined || lease.ended || lease.held !== undefined || !Exit.isSuccess(exit)) {
              return giveBack
            }
            holding = false
            lease.held = { gate: this, run: rank.run }
            return Effect.void
          })
        // The timer fiber is interruptible (forkChild's default), so the call's end stops it at once.
        const timer =
          holdLimit === undefined
            ? undefined
            : yield* Effect.forkChild(Effect.sleep(holdLimit).pipe(Effect.andThen(giveBack)))
        return yield* restore(effect).pipe(
          Effect.onExit((exit) =>
            timer === undefined
              ? keepOrGiveBack(exit)
              : Fiber.interrupt(timer).pipe(Effect.andThen(keepOrGiveBack(exit)))
          )
        )
      })
    )
  }

  /** A slot a lease held, back to the line. */
  giveBack(run: number): void {
    this.release(run)
  }

  /** Takes a slot at once when one is free and nobody waits; otherwise joins the line. */
  private enter(rank: CallRank): Waiter | undefined {
    if (this.free > 0 && this.waiting.length === 0) {
      this.take(rank.run)
      return undefined
    }
    const waiter: Waiter = { rank, order: this.arrivals++, granted: Deferred.makeUnsafe<void>() }
    this.waiting.push(waiter)
    this.dispatch()
    return waiter
  }

  /** An interrupted waiter: out of the line, or, when its slot was granted in the meantime, the slot back. */
  private leave(waiter: Waiter): void {
    const at = this.waiting.indexOf(waiter)
    if (at >= 0) this.waiting.splice(at, 1)
    else this.release(waiter.rank.run)
  }

  private take(run: number): void {
    this.free--
    this.held.set(run, (this.held.get(run) ?? 0) + 1)
  }

  private release(run: number): void {
    const held = (this.held.get(run) ?? 1) - 1
    if (held === 0) this.held.delete(run)
    else this.held.set(run, held)
    this.free++
    this.dispatch()
  }

  private dispatch(): void {
    while (this.free > 0 && this.waiting.length > 0) {
      const ending = this.endingRuns()
      let best = 0
      for (let i = 1; i < this.waiting.length; i++) {
        if (this.before(this.waiting[i] as Waiter, this.waiting[best] as Waiter, ending)) best = i
      }
      const [next] = this.waiting.splice(best, 1)
      if (next === undefined) return
      this.take(next.rank.run)
      Deferred.doneUnsafe(next.granted, Effect.void)
    }
  }

  /** Runs with no more than `TAIL_WAVES` times the slots of their calls waiting. */
  private endingRuns(): ReadonlySet<number> {
    const waiting = new Map<number, number>()
    for (const w of this.waiting) waiting.set(w.rank.run, (waiting.get(w.rank.run) ?? 0) + 1)
    const ending = new Set<number>()
    for (const [run, count] of waiting) if (count <= TAIL_WAVES * this.permits) ending.add(run)
    return ending
  }

  /**
   * The run with fewer slots first, then the earlier run; within a run at its end the larger paragraph (by powers of
   * two: like sizes keep their order); then the lower rank, then the earlier arrival.
   */
  private before(a: Waiter, b: Waiter, ending: ReadonlySet<number>): boolean {
    const heldA = this.held.get(a.rank.run) ?? 0
    const heldB = this.held.get(b.rank.run) ?? 0
    if (heldA !== heldB) return heldA < heldB
    if (a.rank.run !== b.rank.run) return a.rank.run < b.rank.run
    if (ending.has(a.rank.run)) {
      const sizeA = sizeClass(a.rank)
      const sizeB = sizeClass(b.rank)
      if (sizeA !== sizeB) return sizeA > sizeB
    }
    if (a.rank.rank !== b.rank.rank) return a.rank.rank < b.rank.rank
    return a.order < b.order
  }
}

const sizeClass = (rank: CallRank): number => Math.round(Math.log2(Math.max(1, rank.size ?? 0)))
