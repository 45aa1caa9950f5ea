import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { CliFailure } from "../client/CliFailure.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import type { ProviderInfo, ProviderInput } from "../src/domain/Providers.ts"
import { readDocument } from "./Files.ts"
import { writeErr, writeOut } from "./Output.ts"
import { json, jsonErrors, withService } from "./Root.ts"

/** "key from GPU_BOX_KEY", "key in providers.json", "no key", "key missing: …". */
const keyLine = (key: ProviderInfo["key"]): string =>
  key.problem !== undefined
    ? `key missing: ${key.problem}`
    : key.set
      ? key.from === "environment"
        ? `key from ${key.env ?? "the environment"}`
        : "key in providers.json"
      : "no key"

const add = Command.make(
  "add",
  {
    id: Argument.String("id").pipe(
      Argument.withDescription("An id of your choice: lower-case letters, digits and hyphens (e.g. gpu-box)")
    ),
    baseUrl: Flag.String("base-url").pipe(Flag.withDescription("The server's base URL, e.g. http://gpu-box:8000/v1")),
    name: Flag.String("name").pipe(Flag.withDescription("A name to show (default: the id)"), Flag.optional),
    keyEnv: Flag.String("key-env").pipe(
      Flag.withDescription("Read the key from this environment variable of the service (it is not stored)"),
      Flag.optional
    ),
    keyStdin: Flag.Boolean("key-stdin").pipe(
      Flag.withDescription("Read the key from stdin and keep it in providers.json (readable by you only)"),
      Flag.withDefault(false)
    ),
    noKey: Flag.Boolean("no-key").pipe(
      Flag.withDescription("Remove the key a provider of that id had"),
      Flag.withDefault(false)
    ),
    concurrency: Flag.Int("concurrency").pipe(
      Flag.withDescription("Requests sent at once (default: the number the server declares, else 4)"),
      Flag.optional
    ),
    json
  },
  Effect.fn("Cli.providers.add")(function* (input) {
    const run = Effect.gen(function* () {
      const keyEnv = Option.getOrUndefined(input.keyEnv)
      if ([keyEnv !== undefined, input.keyStdin, input.noKey].filter(Boolean).length > 1) {
        return yield* new CliFailure({
          code: "invalid_request",
          message: "give one of --key-env, --key-stdin and --no-key"
        })
      }
      const key = input.keyStdin ? (yield* readDocument("-")).trim() : input.noKey ? "" : undefined
      if (input.keyStdin && key === "") {
        return yield* new CliFailure({ code: "invalid_request", message: "--key-stdin read no key from stdin" })
      }
      const body: ProviderInput = {
        name: Option.getOrElse(input.name, () => input.id),
        baseUrl: input.baseUrl,
        ...(keyEnv !== undefined ? { apiKeyEnv: keyEnv } : {}),
        ...(key !== undefined ? { apiKey: key } : {}),
        ...Option.match(input.concurrency, { onNone: () => ({}), onSome: (concurrency) => ({ concurrency }) })
      }
      const saved = yield* (yield* RedraftClient).putProvider(input.id, body)
      if (input.json) return yield* writeOut(`${JSON.stringify(saved, null, 2)}\n`)
      yield* writeErr(`redraft: saved ${saved.id} (${saved.baseUrl}, ${keyLine(saved.key)})\n`)
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription("Add a model server of yours, or change one, with its key and concurrency"),
  Command.withExamples([
    {
      command: "redraft providers add gpu-box --base-url http://gpu-box:8000/v1 --key-env GPU_BOX_KEY",
      description: "A vLLM server started with --api-key; the service reads the key from GPU_BOX_KEY"
    },
    {
      command: 'printf %s "$TOKEN" | redraft providers add studio --base-url http://mac:1234/v1 --key-stdin',
      description: "LM Studio with its API token switched on; the token is kept in providers.json"
    }
  ])
)

const remove = Command.make(
  "remove",
  {
    id: Argument.String("id").pipe(Argument.withDescription("The id of one of your providers")),
    json
  },
  Effect.fn("Cli.providers.remove")(function* (input) {
    const run = Effect.gen(function* () {
      yield* (yield* RedraftClient).deleteProvider(input.id)
      if (input.json) yield* writeOut(`${JSON.stringify({ removed: input.id })}\n`)
      else yield* writeErr(`redraft: removed ${input.id} and its key\n`)
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(Command.withDescription("Remove one of your providers, with its key"))

export const providers = Command.make(
  "providers",
  { json },
  Effect.fn("Cli.providers")(function* (input) {
    const run = Effect.gen(function* () {
      const list = yield* (yield* RedraftClient).providers
      if (input.json) return yield* writeOut(`${JSON.stringify(list, null, 2)}\n`)
      const width = Math.max(...list.providers.map((p) => p.id.length))
      const urlWidth = Math.max(...list.providers.map((p) => p.baseUrl.length))
      for (const p of list.providers) {
        const extra = [
          keyLine(p.key),
          ...(p.concurrency !== undefined ? [`${p.concurrency} at once`] : []),
          ...(p.isDefault ? ["default"] : [])
        ]
        yield* writeOut(`${p.id.padEnd(width)}  ${p.baseUrl.padEnd(urlWidth)}  ${extra.join(", ")}\n`)
      }
      yield* writeErr(
        list.problem !== undefined
          ? `redraft: warning: ${list.problem}\n`
          : `redraft: your providers are in ${list.file}\n`
      )
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription(
    "List the model servers a run can name with --provider: the default, the presets and your own, with their keys' status"
  ),
  Command.withSubcommands([add, remove])
)
