import { Effect } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { CliFailure } from "../client/CliFailure.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { readDocument, writeFile } from "./Files.ts"
import { writeErr, writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"

const exportBackup = Command.make(
  "export",
  {
    out: Flag.String("out").pipe(
      Flag.withAlias("o"),
      Flag.withDescription("Write the backup to this file instead of stdout"),
      Flag.optional
    )
  },
  Effect.fn("Cli.backup.export")(function* (input) {
    const run = Effect.gen(function* () {
      const { backup, damaged, unreadable } = yield* (yield* RedraftClient).exportBackup
      if (damaged) {
        yield* writeErr(
          `redraft: warning: the workspace file is damaged; this backup holds what could be read${unreadable > 0 ? ` (${unreadable} document(s) or voice(s) were found but could not be)` : ""}, and documents on the damaged pages may be missing (see redraft doctor)\n`
        )
      }
      const text = `${JSON.stringify(backup)}\n`
      const out = optionalString(input.out)
      if (out === undefined) return yield* writeOut(text)
      yield* writeFile(out, text)
      const voices = backup.profiles?.length ?? 0
      yield* writeErr(`redraft: wrote ${backup.documents.length} document(s) and ${voices} voice(s) to ${out}\n`)
    })
    yield* run.pipe(withService("probe-then-start"))
  })
).pipe(Command.withDescription("Write every document, version and voice to one backup file"))

const restoreBackup = Command.make(
  "restore",
  {
    file: Argument.String("file").pipe(Argument.withDescription("A backup file from backup export (- for stdin)")),
    json
  },
  Effect.fn("Cli.backup.restore")(function* (input) {
    const run = Effect.gen(function* () {
      const text = yield* readDocument(input.file)
      const file = yield* Effect.try({
        try: (): unknown => JSON.parse(text),
        catch: () =>
          new CliFailure({ code: "invalid_request", message: `${input.file} is not a backup file (it is not JSON)` })
      })
      const result = yield* (yield* RedraftClient).restoreBackup(file)
      if (input.json) return yield* writeOut(`${JSON.stringify(result, null, 2)}\n`)
      yield* writeErr(
        `redraft: added ${result.added.length}, skipped ${result.skipped.length} already there, copied ${result.copied.length} that differed; voices: added ${result.profiles.added.length}, skipped ${result.profiles.skipped.length}, copied ${result.profiles.copied.length}\n`
      )
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(Command.withDescription("Restore a backup: add what is missing, keep what is there, copy what differs"))

export const backup = Command.make("backup").pipe(
  Command.withDescription("Export the workspace to one file, or restore one (nothing is overwritten)"),
  Command.withSubcommands([exportBackup, restoreBackup])
)
