import { Effect, Layer, Option } from "effect"
import { Command, Flag } from "effect/cli"
import { FetchHttpClient } from "effect/http"
import { CliFailure } from "../client/CliFailure.ts"
import { writeOut } from "./Output.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { ServiceEndpoint, type WhenUnset } from "../client/ServiceEndpoint.ts"

/** `--json`, shared by the commands that can print machine-readable output. */
export const json = Flag.Boolean("json").pipe(
  Flag.withDescription("Print machine-readable JSON on stdout"),
  Flag.withDefault(false)
)

/** The `redraft` command itself; subcommands read its shared `--service` flag. */
export const redraft = Command.make("redraft").pipe(
  Command.withSharedFlags({
    service: Flag.String("service").pipe(
      Flag.withDescription(
        "Address of a running Redraft service (default: SERVICE_API_BASE_URL, else http://127.0.0.1:5174, else one started in-process)"
      ),
      Flag.optional
    )
  }),
  Command.withDescription("Rewrite markdown into a writing style with a local model, keeping its meaning")
)

/** Runs `effect` with a client for the service the flags and environment point at. */
export const withService =
  (whenUnset: WhenUnset) =>
  <A, R>(effect: Effect.Effect<A, CliFailure, R>) =>
    Effect.gen(function* () {
      const root = yield* redraft
      return yield* effect.pipe(
        Effect.provide(
          RedraftClient.layer.pipe(
            Layer.provideMerge(ServiceEndpoint.layer(root.service, whenUnset)),
            Layer.provide(FetchHttpClient.layer)
          )
        )
      )
    })

/** With `--json`, a failure is also printed on stdout as `{"error": {code, message, exitCode}}` for scripts. */
export const jsonErrors =
  (asJson: boolean) =>
  <A, R>(effect: Effect.Effect<A, CliFailure, R>) =>
    asJson
      ? effect.pipe(
          Effect.tapError((e) =>
            writeOut(
              `${JSON.stringify({ error: { code: e.code, message: e.message, exitCode: e.exitCode } }, null, 2)}\n`
            )
          )
        )
      : effect

export const optionalString = (o: Option.Option<string>): string | undefined => Option.getOrUndefined(o)
