import { Effect, Stdio, Stream } from "effect"

/** Progress of long work on standard error: a redrawn bar on a terminal, plain lines otherwise (logs, CI, pipes). */
export interface Progress {
  readonly update: (done: number, total: number, detail: string) => Effect.Effect<void>
  /** A line that stays (on a terminal it is printed above the bar). */
  readonly note: (line: string) => Effect.Effect<void>
  readonly finish: Effect.Effect<void>
}

const BAR_WIDTH = 24

export const renderBar = (done: number, total: number): string => {
  const ratio = total <= 0 ? 0 : Math.min(1, done / total)
  const filled = Math.round(ratio * BAR_WIDTH)
  return `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] ${String(Math.round(ratio * 100)).padStart(3)}%`
}

/** `enabled: false` (e.g. `--quiet`) draws nothing. */
export const makeProgress = (label: string, enabled: boolean) =>
  Effect.gen(function* () {
    const stdio = yield* Stdio.Stdio
    const tty = yield* stdio.stderrIsTerminal
    const write = (text: string) => Stream.run(Stream.make(text), stdio.stderr()).pipe(Effect.orDie)
    let drawn = ""
    let lastPlain = ""
    const progress: Progress = {
      update: (done, total, detail) =>
        Effect.suspend(() => {
          if (!enabled) return Effect.void
          if (tty) {
            drawn = `${renderBar(done, total)} ${label} ${done}/${total} ${detail}`
            return write(`\r\x1b[2K${drawn}`)
          }
          const plain = `${label}: ${done}/${total} done`
          if (plain === lastPlain) return Effect.void
          lastPlain = plain
          return write(`${plain}${detail === "" ? "" : ` (${detail})`}\n`)
        }),
      note: (line) =>
        Effect.suspend(() => {
          if (!enabled) return Effect.void
          if (!tty || drawn === "") return write(`${line}\n`)
          return write(`\r\x1b[2K${line}\n${drawn}`)
        }),
      finish: Effect.suspend(() => {
        if (drawn === "") return Effect.void
        drawn = ""
        return write("\r\x1b[2K")
      })
    }
    return progress
  })
