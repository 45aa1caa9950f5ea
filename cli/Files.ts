import { Effect, FileSystem, Stdio } from "effect"
import { CliFailure } from "../client/CliFailure.ts"
import { readStdin } from "./Output.ts"

/** A file's text, or stdin's for `-` (and for no file at all, unless stdin is a terminal with nothing piped in). */
export const readDocument = (file: string | undefined) =>
  Effect.gen(function* () {
    if (file === undefined || file === "-") {
      if (file === undefined && (yield* Stdio.Stdio.use((stdio) => stdio.stdinIsTerminal))) {
        return yield* new CliFailure({
          code: "no_input",
          message: "give a markdown FILE, or pipe a document on stdin (see: redraft rewrite --help)"
        })
      }
      return yield* readStdin.pipe(
        Effect.mapError(() => new CliFailure({ code: "input_unreadable", message: "could not read stdin" }))
      )
    }
    const fs = yield* FileSystem.FileSystem
    return yield* fs
      .readFileString(file)
      .pipe(Effect.mapError(() => new CliFailure({ code: "input_unreadable", message: `cannot read ${file}` })))
  })

export const writeFile = (file: string, text: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    yield* fs
      .writeFileString(file, text)
      .pipe(Effect.mapError(() => new CliFailure({ code: "output_unwritable", message: `cannot write ${file}` })))
  })

/**
 * The text to rewrite or score, as `readDocument` reads it; one with nothing but white space in it is a usage error:
 * there is nothing to work on, and an empty answer would hide it.
 */
export const readText = (file: string | undefined) =>
  readDocument(file).pipe(
    Effect.filterOrFail(
      (text) => text.trim() !== "",
      () =>
        new CliFailure({
          code: "empty_input",
          message: `${file === undefined || file === "-" ? "stdin" : file} holds no text: give a markdown file with text in it, or pipe one on stdin`
        })
    )
  )
