import { Effect } from "effect"
import { Argument, Command } from "effect/cli"
import { RedraftClient } from "../client/RedraftClient.ts"
import { writeErr, writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"

export const documents = Command.make(
  "documents",
  {
    query: Argument.String("words").pipe(
      Argument.withDescription("Only documents whose title or text holds these words"),
      Argument.optional
    ),
    json
  },
  Effect.fn("Cli.documents")(function* (input) {
    const run = Effect.gen(function* () {
      const list = yield* (yield* RedraftClient).documents(optionalString(input.query))
      if (input.json) return yield* writeOut(`${JSON.stringify({ documents: list }, null, 2)}\n`)
      if (list.length === 0) return yield* writeErr("no documents yet; redraft rewrite FILE --save keeps one\n")
      for (const d of list) {
        const versions = d.versionCount === 1 ? "1 version" : `${d.versionCount} versions`
        yield* writeOut(`${d.id}  ${d.updatedAt.slice(0, 16).replace("T", " ")}  ${versions.padEnd(11)}  ${d.title}\n`)
      }
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(Command.withDescription("List the saved documents, most recently changed first"))
