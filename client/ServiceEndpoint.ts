import { NodeHttpServer } from "@effect/platform-node"
import { Config, ConfigProvider, Context, Effect, Layer, Option } from "effect"
import { HttpClient, HttpServer } from "effect/http"
import { fileURLToPath } from "node:url"
import { AppConfig } from "../src/AppConfig.ts"
import { serveApp } from "../src/http/HttpServerLayer.ts"
import { createReadyServer } from "../src/http/ReadyServer.ts"
import { DefaultStages } from "../stages/index.ts"
import { CliFailure } from "./CliFailure.ts"

export const DEFAULT_SERVICE_URL = "http://127.0.0.1:5174"

/**
 * What to do when no service address is given (neither a flag nor `SERVICE_API_BASE_URL`):
 * - `probe-then-start`: use a Redraft already answering at the default address, else start one in this process;
 * - `start`: always start one in this process (the eval runner, so its settings come from this environment).
 */
export type WhenUnset = "probe-then-start" | "start"

/** Where the Redraft service the CLI talks to lives, and whether this process started it. */
export class ServiceEndpoint extends Context.Service<
  ServiceEndpoint,
  { readonly baseUrl: string; readonly inProcess: boolean }
>()("redraft/client/ServiceEndpoint") {
  static readonly layerFixed = (baseUrl: string) =>
    Layer.succeed(ServiceEndpoint, ServiceEndpoint.of({ baseUrl: trimSlash(baseUrl), inProcess: false }))

  /** Resolves the address (flag, then `SERVICE_API_BASE_URL`), starting the service in-process when allowed. */
  static readonly layer = (flag: Option.Option<string>, whenUnset: WhenUnset) =>
    Layer.effect(
      ServiceEndpoint,
      Effect.gen(function* () {
        const fromEnv = yield* Config.option(Config.String("SERVICE_API_BASE_URL")).pipe(Effect.orDie)
        const given = Option.orElse(flag, () => Option.filter(fromEnv, (url) => url.trim() !== ""))
        if (Option.isSome(given)) {
          if (!/^https?:\/\/[^/\s]/i.test(given.value.trim())) {
            return yield* new CliFailure({
              code: "invalid_service_url",
              message: `the service address must be an http(s) URL such as ${DEFAULT_SERVICE_URL} (got ${JSON.stringify(given.value)})`
            })
          }
          return ServiceEndpoint.of({ baseUrl: trimSlash(given.value), inProcess: false })
        }
        if (whenUnset === "probe-then-start" && (yield* answers(DEFAULT_SERVICE_URL))) {
          return ServiceEndpoint.of({ baseUrl: DEFAULT_SERVICE_URL, inProcess: false })
        }
        return ServiceEndpoint.of({ baseUrl: yield* startInProcess, inProcess: true })
      })
    )
}

// ---------------------------------------------------------------------------------------------------------------

const trimSlash = (url: string) => url.trim().replace(/\/+$/, "")

/** A Redraft service answers `GET /api/profiles` without touching the provider, so it is a cheap liveness probe. */
const answers = (baseUrl: string) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const response = yield* client.get(`${baseUrl}/api/profiles`)
    return response.status === 200
  }).pipe(
    Effect.timeout("1 second"),
    Effect.catch(() => Effect.succeed(false))
  )

/** The package root, so profiles are found whatever directory the command runs in. */
const packageRoot = fileURLToPath(new URL("..", import.meta.url))

/**
 * The real service (same routes, stages and settings as `npm start`) on 127.0.0.1 and a free port, living as long
 * as the command. It reads the same variables (`PROVIDER_BASE_URL`, `PROVIDER_TIMEOUT`, ...).
 */
const startInProcess = Effect.gen(function* () {
  const context = yield* Layer.build(
    serveApp(DefaultStages, { quiet: true }).pipe(
      Layer.provideMerge(NodeHttpServer.layer(createReadyServer, { host: "127.0.0.1", port: 0 })),
      Layer.provide(AppConfig.layer),
      Layer.provide(
        ConfigProvider.layerAdd(
          ConfigProvider.fromUnknown({
            PROFILES_DIR: `${packageRoot}fixtures/profiles`,
            WEB_DIR: `${packageRoot}web/dist`
          })
        )
      )
    )
  ).pipe(
    Effect.mapError(
      (e) =>
        new CliFailure({ code: "service_start_failed", message: `could not start Redraft in-process: ${String(e)}` })
    )
  )
  const server = Context.get(context, HttpServer.HttpServer)
  const address = server.address
  if (address._tag === "UnixPathAddress") return yield* Effect.die(new Error("the in-process service has no TCP port"))
  return `http://127.0.0.1:${address.port}`
})
