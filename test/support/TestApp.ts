import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Logger, References } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { AppConfig } from "../../src/AppConfig.ts"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "./FakeProvider.ts"

/** The service's configuration, aimed at the fake provider (which must be provided alongside). */
export const configForFake = (settings: Readonly<Record<string, string>> = {}) =>
  Layer.unwrap(
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      // Retries are kept short so a failing provider costs a test half a second, not the default 20.
      return AppConfig.layerTest({
        PROVIDER_BASE_URL: fake.baseUrl,
        // Each service under test gets a database of its own.
        REDRAFT_DATA_DIR: mkdtempSync(join(tmpdir(), "redraft-test-")),
        PROVIDER_RETRY_DELAY: "10 millis",
        PROVIDER_RETRY_BUDGET: "500 millis",
        ...settings
      })
    })
  )

/**
 * The real service on an ephemeral port, configured to use a fake provider that is also real HTTP on port 0. The
 * layer exposes the fake (to steer and inspect it) and an HttpClient aimed at the service.
 */
export const TestApp = <A, E, R>(
  settings: Readonly<Record<string, string>> = {},
  stages: Layer.Layer<A, E, R> = DefaultStages as unknown as Layer.Layer<A, E, R>
) =>
  serveApp(stages, { quiet: true }).pipe(
    Layer.provide(configForFake(settings)),
    // The service's own warnings (a read-only workspace, a full disk) are what some tests are about: they assert
    // the answers, and the log stays quiet.
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(FakeProvider.layer)
  )

/** POST a JSON body to the service under test. */
export const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    return yield* client.execute(
      HttpClientRequest.post(path).pipe(HttpClientRequest.bodyJsonUnsafe(body), HttpClientRequest.setHeaders(headers))
    )
  })

export const getPath = (path: string, headers: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    return yield* client.execute(HttpClientRequest.get(path).pipe(HttpClientRequest.setHeaders(headers)))
  })

export interface ErrorJson {
  readonly error: { readonly code: string; readonly message: string; readonly details?: ReadonlyArray<string> }
}

export const jsonOf = <A>(response: HttpClientResponse.HttpClientResponse) =>
  Effect.map(response.json, (body) => body as unknown as A)

/**
 * The real service, like `TestApp`, whose log lines (at Info and above) are pushed to `logged`: for tests that look
 * for what the service writes, such as a key that must appear nowhere.
 */
export const LoggedApp = (settings: Readonly<Record<string, string>>, logged: Array<string>) =>
  serveApp(DefaultStages).pipe(
    Layer.provide(configForFake(settings)),
    Layer.provide(
      Logger.layer([
        Logger.make(({ message }) => {
          logged.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
        })
      ])
    ),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "Info")),
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(FakeProvider.layer)
  )
