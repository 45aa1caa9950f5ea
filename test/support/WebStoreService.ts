/**
 * The real service on 127.0.0.1, port 0, with the fake model server, for the web UI's store specs. Those run in
 * happy-dom, whose module pipeline is the browser's and cannot load the service (`node:sqlite`), so
 * test/web/support/RealService.ts loads this file with Node's own loader, in the same process.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime, References } from "effect"
import { HttpServer } from "effect/http"
import { mkdtempSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider, type FakeSettings } from "./FakeProvider.ts"
import { configForFake } from "./TestApp.ts"

/** Starts the service with `settings` over the test defaults (a data folder of its own, the fake provider). */
export const startService = async (settings: Readonly<Record<string, string>> = {}) => {
  const layer = serveApp(DefaultStages, { quiet: true }).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { host: "127.0.0.1", port: 0 })),
    // No built web UI: the specs use the API only.
    Layer.provide(configForFake({ WEB_DIR: mkdtempSync(join(tmpdir(), "redraft-no-web-")), ...settings })),
    // The service's warnings (a read-only workspace) are what some specs are about; the log stays quiet.
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
    Layer.provideMerge(FakeProvider.layer)
  )
  const runtime = ManagedRuntime.make(layer)
  const { port, fake } = await runtime.runPromise(
    Effect.gen(function* () {
      const address = (yield* HttpServer.HttpServer).address
      return { port: address._tag === "UnixPathAddress" ? 0 : address.port, fake: yield* FakeProvider }
    })
  )
  return {
    url: `http://127.0.0.1:${port}`,
    providerUrl: fake.baseUrl,
    slowProvider: (ms: number) =>
      runtime.runPromise(fake.configure(ms === 0 ? {} : { behaviours: ["slow"], delayMs: ms })),
    providerCallsInFlight: () => runtime.runPromise(fake.inFlight),
    configureProvider: (behaviour: FakeSettings) => runtime.runPromise(fake.configure(behaviour)),
    providerCalls: () =>
      runtime
        .runPromise(fake.calls)
        .then((calls) => calls.map(({ method, path, body, task }) => ({ method, path, body, task }))),
    stop: () => runtime.dispose()
  }
}
