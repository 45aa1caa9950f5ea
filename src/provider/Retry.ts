import { Clock, Context, Duration, Effect, Random } from "effect"
import { ProviderRejected, ProviderTimeout, ProviderUnreachable } from "../domain/Errors.ts"

/** The longest wait between two attempts, unless the provider asks for more with `Retry-After`. */
export const MAX_RETRY_DELAY = Duration.seconds(2)

export interface RetryPolicy {
  /** The first back-off delay; each retry doubles it, up to `MAX_RETRY_DELAY`, with jitter. */
  readonly baseDelay: Duration.Duration
  /** How long to keep retrying, counted from the start of the first attempt: a time-out spends it too. */
  readonly budget: Duration.Duration
  /**
   * A shorter budget for a provider that cannot be reached at all and has never answered: nothing is running there,
   * so the writer hears it at once instead of after the whole budget.
   */
  readonly unreachedBudget?: Duration.Duration | undefined
}

type Failure = ProviderUnreachable | ProviderTimeout | ProviderRejected

/** A call about to wait before its next attempt: why, and how much of its budget is left once it has waited. */
export interface RetryWait {
  readonly reason: string
  readonly waitMs: number
  readonly leftMs: number
}

/** Told of every wait before a retry; a run sets it to tell its client that it is waiting for the model server. */
export const RetryNotice = Context.Reference<(wait: RetryWait) => Effect.Effect<void>>("app/provider/RetryNotice", {
  defaultValue: () => () => Effect.void
})

/**
 * Failures that a later attempt can cure: the server is down or restarting (connection refused or reset), busy or
 * still loading a model (5xx, 429), or slow (time-out). A refusal (4xx) would only be repeated.
 */
export const isTransient = (e: Failure): boolean =>
  e._tag !== "ProviderRejected" ||
  (e.providerStatus !== undefined && (e.providerStatus >= 500 || e.providerStatus === 429))

/**
 * Runs `attempt` until it succeeds, fails for good, or the budget is spent. Waits grow exponentially with jitter (so
 * parallel calls do not hammer a restarting server in step) and follow the provider's `Retry-After` when it gives one
 * that fits in the budget (never shorter than the base delay). Every wait is interruptible: a cancelled run stops at
 * once.
 */
export const retryWithinBudget = <A>(attempt: Effect.Effect<A, Failure>, policy: RetryPolicy) =>
  Effect.gen(function* () {
    const startedAt = yield* Clock.currentTimeMillis
    for (let retry = 0; ; retry++) {
      const result = yield* Effect.result(attempt)
      if (result._tag === "Success") return result.success
      const failure = result.failure
      if (!isTransient(failure)) return yield* Effect.fail(failure)
      const budgetMs = Duration.toMillis(
        failure._tag === "ProviderUnreachable" && policy.unreachedBudget !== undefined
          ? Duration.min(policy.budget, policy.unreachedBudget)
          : policy.budget
      )
      const now = yield* Clock.currentTimeMillis
      const spent = now - startedAt
      const backoff = Math.min(Duration.toMillis(policy.baseDelay) * 2 ** retry, Duration.toMillis(MAX_RETRY_DELAY))
      // A Retry-After of 0 ("now") still waits the base delay: a provider that always says 0 is not hammered.
      const asked = retryAfterOf(failure)
      const wait =
        asked !== undefined
          ? Math.max(asked, Duration.toMillis(policy.baseDelay))
          : backoff * (0.5 + (yield* Random.next))
      if (spent + wait > budgetMs) return yield* Effect.fail(gaveUp(failure, retry + 1, spent))
      yield* (yield* RetryNotice)({ reason: failure.message, waitMs: wait, leftMs: budgetMs - spent })
      yield* Effect.sleep(Duration.millis(wait))
    }
  })

// ---------------------------------------------------------------------------------------------------------------

const retryAfterOf = (e: Failure): number | undefined => (e._tag === "ProviderRejected" ? e.retryAfterMs : undefined)

/** The last failure, with how long it was retried, so the user knows a restart was waited for. */
const gaveUp = (e: Failure, attempts: number, spentMs: number): Failure => {
  if (attempts === 1) return e
  const note = ` (${attempts} attempts over ${(spentMs / 1000).toFixed(1)} s)`
  switch (e._tag) {
    case "ProviderRejected":
      return new ProviderRejected({ ...e, message: e.message + note })
    case "ProviderTimeout":
      return new ProviderTimeout({ message: e.message + note })
    case "ProviderUnreachable":
      return new ProviderUnreachable({ message: e.message + note })
  }
}
