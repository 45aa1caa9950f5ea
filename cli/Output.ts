import { Effect, Stdio, Stream } from "effect"

/** Writes to standard output through `Stdio`, so tests can capture what a command prints. */
export const writeOut = (text: string) =>
  Stdio.Stdio.use((stdio) => Stream.run(Stream.make(text), stdio.stdout())).pipe(Effect.orDie)

/** Writes to standard error: progress, summaries and warnings, never the document itself. */
export const writeErr = (text: string) =>
  Stdio.Stdio.use((stdio) => Stream.run(Stream.make(text), stdio.stderr())).pipe(Effect.orDie)

/** Reads all of standard input as UTF-8 text. */
export const readStdin = Stdio.Stdio.use((stdio) => stdio.stdin.pipe(Stream.decodeText(), Stream.mkString))
