/**
 * The slots of one provider, handed out by rank instead of arrival. A run ranks its calls by paragraph, so a free slot
 * goes to the paragraph furthest ahead in the document that is waiting: a paragraph that has begun (its verification,
 * its next round) goes before one that has not, finished paragraphs stream from the first seconds, and every slot
 * stays busy while anything waits. Between runs, the run holding the fewest slots goes first, so one long document
 * does not shut another run out.
 */
import { Context, Deferred, Duration, Effect, Fiber } from "effect"

/** Where a call stands in line: its run, and its rank within the run (lower goes first). */
export interface CallRank {
  readonly run: number
  readonly rank: number
}

/** The rank of the calls made inside an effect; the pipeline sets it per paragraph. */
export const CallRank = Context.Reference<CallRank>("app/provider/CallRank", {
  defaultValue: () => ({ run: 0, rank: 0 })
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

  constructor(permits: number) {
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
    holdLimit?: Duration.Duration
  ): Effect.Effect<A, E, R> {
    return Effect.uninterruptibleMask((restore) =>
      Effect.gen({ self: this }, function* () {
        const waiter = this.enter(rank)
        if (waiter !== undefined) {
          yield* restore(Deferred.await(waiter.granted)).pipe(
            Effect.onInterrupt(() => Effect.sync(() => this.leave(waiter)))
          )
        }
        let holding = true
        const giveBack = Effect.sync(() => {
          if (!holding) return
          holding = false
          this.release(rank.run)
        })
        // The timer fiber is interruptible (forkChild's default), so the call's end stops it at once.
        const timer =
          holdLimit === undefined
            ? undefined
            : yield* Effect.forkChild(Effect.sleep(holdLimit).pipe(Effect.andThen(giveBack)))
        return yield* restore(effect).pipe(
          Effect.ensuring(timer === undefined ? giveBack : Fiber.interrupt(timer).pipe(Effect.andThen(giveBack)))
        )
      })
    )
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
      let best = 0
      for (let i = 1; i < this.waiting.length; i++) {
        if (this.before(this.waiting[i] as Waiter, this.waiting[best] as Waiter)) best = i
      }
      const [next] = this.waiting.splice(best, 1)
      if (next === undefined) return
      this.take(next.rank.run)
      Deferred.doneUnsafe(next.granted, Effect.void)
    }
  }

  /** The run with fewer slots first, then the earlier run, then the lower rank, then the earlier arrival. */
  private before(a: Waiter, b: Waiter): boolean {
    const heldA = this.held.get(a.rank.run) ?? 0
    const heldB = this.held.get(b.rank.run) ?? 0
    if (heldA !== heldB) return heldA < heldB
    if (a.rank.run !== b.rank.run) return a.rank.run < b.rank.run
    if (a.rank.rank !== b.rank.rank) return a.rank.rank < b.rank.rank
    return a.order < b.order
  }
}
