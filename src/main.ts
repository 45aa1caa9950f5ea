import "./Memory.ts"
import { NodeRuntime } from "@effect/platform-node"
import { Layer, References } from "effect"
import { DefaultStages } from "../stages/index.ts"
import { AppConfig } from "./AppConfig.ts"
import { NodeServerLayer, serveApp } from "./http/HttpServerLayer.ts"
import { ExitWithParentLayer } from "./ParentWatch.ts"

// Nothing reads spans: without a tracer to feed, each provider call's would be bookkeeping for nobody.
const NoTracing = Layer.succeed(References.TracerEnabled, false)

const MainLayer = Layer.mergeAll(
  serveApp(DefaultStages, { warmStart: true }).pipe(Layer.provide(NodeServerLayer), Layer.provide(AppConfig.layer)),
  ExitWithParentLayer
).pipe(Layer.provide(NoTracing))

Layer.launch(MainLayer).pipe(NodeRuntime.runMain)
