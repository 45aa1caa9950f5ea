import { Effect, Schedule } from "effect"

/**
 * Waits until `condition` holds, looking every 10 ms for up to 10 s, then fails naming `what`. For tests that wait on
 * something the service or the fake does (a call arrives, a call is aborted), never on a fixed stretch of time.
 */
export const eventually = <E, R>(condition: Effect.Effect<boolean, E, R>, what: string) =>
  condition.pipe(
    Effect.flatMap((holds) => (holds ? Effect.void : Effect.fail(`still waiting for ${what}`))),
    Effect.retry({ schedule: Schedule.spaced("10 millis"), times: 1000 })
  )
