import { Effect, type Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { CliFailure } from "../client/CliFailure.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { readDocument, writeFile } from "./Files.ts"
import { writeErr, writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"

const exportFlags = {
  out: Flag.String("out").pipe(
    Flag.withAlias("o"),
    Flag.withDescription("Write the backup to this file instead of stdout"),
    Flag.optional
  )
}

/** Writes every document, version and voice to stdout or `--out`. */
const writeBackup = Effect.fn("Cli.backup.export")(function* (input: { readonly out: Option.Option<string> }) {
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

const exportBackup = Command.make("export", exportFlags, writeBackup).pipe(
  Command.withDescription("Write every document, version and voice to one backup file (the same as redraft backup)")
)

const restoreFlags = {
  file: Argument.String("file").pipe(Argument.withDescription("A backup file from redraft backup (- for stdin)")),
  json
}

/** Restores a backup file: adds what is missing, keeps what is there, copies what differs. */
const readBackup = Effect.fn("Cli.backup.restore")(function* (input: {
  readonly file: string
  readonly json: boolean
}) {
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

const restoreDescription = "Restore a backup: add what is missing, keep what is there, copy what differs"

const restoreBackup = Command.make("restore", restoreFlags, readBackup).pipe(
  Command.withDescription(restoreDescription)
)

/** `redraft backup > file.json` writes the backup; `backup export` and `backup restore` say the same at length. */
export const backup = Command.make("backup", exportFlags, writeBackup).pipe(
  Command.withDescription("Write every document, version and voice to one backup file (stdout without --out)"),
  Command.withSubcommands([exportBackup, restoreBackup])
)

/** `redraft restore file.json`. */
export const restore = Command.make("restore", restoreFlags, readBackup).pipe(
  Command.withDescription(`${restoreDescription} (nothing is overwritten)`)
)
