import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { DefaultStages } from "../stages/index.ts"
import { AppConfig } from "./AppConfig.ts"
import { NodeServerLayer, serveApp } from "./http/HttpServerLayer.ts"
import { ExitWithParentLayer } from "./ParentWatch.ts"

const MainLayer = Layer.mergeAll(
  serveApp(DefaultStages).pipe(Layer.provide(NodeServerLayer), Layer.provide(AppConfig.layer)),
  ExitWithParentLayer
)

Layer.launch(MainLayer).pipe(NodeRuntime.runMain)
