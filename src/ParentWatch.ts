import { Config, Effect, Layer, Schedule } from "effect"

/**
 * With REDRAFT_EXIT_WITH_PARENT set (the desktop launcher sets it), the service shuts down cleanly when the process
 * that started it is gone, so quitting the app never leaves a service running.
 */
export const ExitWithParentLayer = Layer.effectDiscard(
  Effect.gen(function* () {
    const enabled = yield* Config.Boolean("REDRAFT_EXIT_WITH_PARENT").pipe(Config.withDefault(false))
    if (!enabled) return
    const parent = process.ppid
    yield* Effect.sync(() => {
      // An orphan is adopted by another process: the parent id changes. SIGTERM runs the normal shutdown.
      if (process.ppid !== parent) process.kill(process.pid, "SIGTERM")
    }).pipe(Effect.repeat(Schedule.spaced("1 second")), Effect.forkScoped)
  })
)
