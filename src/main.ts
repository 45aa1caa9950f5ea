import { NodeRuntime } from "@effect/platform-node"
import { Layer } from "effect"
import { DefaultStages } from "../stages/index.ts"
import { AppConfig } from "./AppConfig.ts"
import { NodeServerLayer, serveApp } from "./http/HttpServerLayer.ts"

const MainLayer = serveApp(DefaultStages).pipe(Layer.provide(NodeServerLayer), Layer.provide(AppConfig.layer))

Layer.launch(MainLayer).pipe(NodeRuntime.runMain)
