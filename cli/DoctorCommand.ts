import { Effect } from "effect"
import { Command, Flag } from "effect/cli"
import { join } from "node:path"
import { AppConfig } from "../src/AppConfig.ts"
import { examine } from "../src/store/Doctor.ts"
import { CliFailure } from "../client/CliFailure.ts"
import { writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString } from "./Root.ts"

/**
 * `redraft doctor`: the full check of the workspace file, without the service (it may be running, or unable to
 * start). Prints what it found; exits 4 when the file is damaged or cannot be used.
 */
export const doctor = Command.make(
  "doctor",
  {
    dataDir: Flag.String("data-dir").pipe(
      Flag.withDescription(
        "The data folder to check (default: REDRAFT_DATA_DIR, else the platform's user data folder)"
      ),
      Flag.optional
    ),
    json
  },
  Effect.fn("Cli.doctor")(function* (input) {
    const run = Effect.gen(function* () {
      const dataDir =
        optionalString(input.dataDir) ??
        (yield* Effect.provide(
          AppConfig.useSync((c) => c.dataDir),
          AppConfig.layer
        ).pipe(Effect.orDie))
      const report = examine(join(dataDir, "redraft.db"))
      if (input.json) yield* writeOut(`${JSON.stringify(report, null, 2)}\n`)
      else {
        const lines = [
          `redraft doctor: ${report.file}`,
          ...(report.unusable !== undefined
            ? [`  cannot be used: ${report.unusable}`]
            : [
                report.problems.length === 0
                  ? "  integrity: ok (every page checked)"
                  : `  integrity: ${report.problems.length} problem(s):\n${report.problems.map((p) => `    - ${p}`).join("\n")}`,
                `  readable: ${report.documents} document(s) with their versions, ${report.voices} voice(s)`,
                ...(report.unreadable > 0 ? [`  unreadable: ${report.unreadable} (damaged)`] : [])
              ])
        ]
        if (report.unusable === undefined && (report.problems.length > 0 || report.unreadable > 0)) {
          lines.push(
            "  what to do: export what can be read (redraft backup export -o backup.json), move redraft.db aside,",
            "  start Redraft again (it creates a new file) and restore the backup (redraft backup restore backup.json)"
          )
        }
        yield* writeOut(`${lines.join("\n")}\n`)
      }
      if (report.unusable !== undefined || report.problems.length > 0 || report.unreadable > 0) {
        return yield* new CliFailure({
          code: "storage_damaged",
          message:
            report.unusable !== undefined
              ? `${report.file} cannot be used: ${report.unusable}`
              : `${report.file} is damaged`
        })
      }
    })
    yield* run.pipe(jsonErrors(input.json))
  })
).pipe(Command.withDescription("Check the workspace file page by page and count what can still be read"))
