import { NodeFileSystem, NodeHttpServer, NodePath } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { HttpRouter } from "effect/http"
import { AppConfig } from "../AppConfig.ts"
import { Pipeline } from "../pipeline/Pipeline.ts"
import { Profiles } from "../pipeline/Profiles.ts"
import { StageRegistry } from "../pipeline/StageRegistry.ts"
import { LlmProvider } from "../provider/LlmProvider.ts"
import { ProviderDirectory } from "../provider/ProviderDirectory.ts"
import { Backup } from "../store/Backup.ts"
import { Database } from "../store/Database.ts"
import { Documents } from "../store/Documents.ts"
import { Versions } from "../store/Versions.ts"
import { Voices } from "../store/Voices.ts"
import { ApiRoutes } from "./ApiHandlers.ts"
import { createReadyServer } from "./ReadyServer.ts"
import { ErrorBodiesMiddleware } from "./ErrorBodies.ts"
import { DocumentRuns } from "../store/DocumentRuns.ts"
import { RequestLogMiddleware } from "./RequestLog.ts"
import { SecurityMiddleware } from "./Security.ts"
import { StaticRoutes } from "./Static.ts"
import { layerWorker as GuardsOnWorker } from "../pipeline/Guards.ts"
import { WarmBeforeServing, WarmProvider } from "./WarmStart.ts"

/**
 * The services behind the routes. `stages` is the set of stage layers to run: each registers itself, and the
 * pipeline runs whatever is registered, so tests and other builds can swap or add stages.
 */
export const AppServices = <A, E, R>(stages: Layer.Layer<A, E, R>) =>
  Layer.mergeAll(
    Pipeline.layerNoDeps.pipe(Layer.provide(stages), Layer.provide(StageRegistry.layer)),
    Profiles.layerNoDeps.pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer]))
  ).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        Documents.layerNoDeps,
        Versions.layerNoDeps,
        Backup.layerNoDeps,
        Voices.layerNoDeps,
        DocumentRuns.layer
      ).pipe(Layer.provideMerge(Database.layer))
    ),
    Layer.provideMerge(LlmProvider.layer),
    // The same directory the provider sends keys by (a layer is built once however often it is named).
    Layer.provideMerge(ProviderDirectory.layer),
    // Long texts are checked on a worker thread: no request waits behind another's check.
    Layer.provideMerge(GuardsOnWorker)
  )

/** Listens on HOST:PORT from AppConfig (default 127.0.0.1:5174). */
export const NodeServerLayer = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    return NodeHttpServer.layer(createReadyServer, { host: config.host, port: config.port })
  })
)

/**
 * The HTTP application with its services; still needs an `HttpServer` (Node's, or a test server). `warmStart` does the
 * first request's cold work at start (`WarmStart.ts`): the service's own start sets it.
 */
export const serveApp = <A, E, R>(
  stages: Layer.Layer<A, E, R>,
  options?: { readonly quiet?: boolean; readonly warmStart?: boolean }
) =>
  Layer.mergeAll(
    HttpRouter.serve(
      Layer.mergeAll(
        ApiRoutes,
        StaticRoutes,
        SecurityMiddleware,
        ErrorBodiesMiddleware,
        // One line per request (RequestLog.ts) instead of the HTTP layer's own log; documents are never logged unless
        // LOG_DOCUMENTS is set.
        ...(options?.quiet === true ? [] : [RequestLogMiddleware])
      ),
      { disableLogger: true, disableListenLog: options?.quiet ?? false }
    ).pipe(Layer.provide(options?.warmStart === true ? WarmBeforeServing : Layer.empty)),
    options?.warmStart === true ? WarmProvider : Layer.empty
  ).pipe(Layer.provide(AppServices(stages)))
