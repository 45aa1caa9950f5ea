import { Context, Effect, Layer } from "effect"
import type { Stage } from "./Stage.ts"

/**
 * Collects the stages that the main layer provides. A stage's layer registers it when the layer is built, so adding a
 * stage means adding a file and a layer; the orchestrator reads the registry and never names a stage.
 */
export class StageRegistry extends Context.Service<
  StageRegistry,
  {
    readonly register: (stage: Stage) => Effect.Effect<void>
    /** Registered stages of one kind, in `order`. */
    readonly ofKind: <K extends Stage["kind"]>(kind: K) => ReadonlyArray<Extract<Stage, { readonly kind: K }>>
  }
>()("app/pipeline/StageRegistry") {
  static readonly layer = Layer.sync(StageRegistry, () => {
    const stages: Array<Stage> = []
    return StageRegistry.of({
      register: (stage) =>
        Effect.sync(() => {
          stages.push(stage)
          stages.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
        }),
      ofKind: <K extends Stage["kind"]>(kind: K) =>
        stages.filter((s): s is Extract<Stage, { readonly kind: K }> => s.kind === kind)
    })
  })
}

/**
 * Builds a stage service and registers it. Each file in `stages/` defines its service class and
 * `static readonly layer = stageLayer(Service, make)`.
 */
export const stageLayer = <I, S extends Stage, E, R>(
  service: Context.Service<I, S>,
  make: Effect.Effect<S, E, R>
): Layer.Layer<I, E, R | StageRegistry> =>
  Layer.effect(
    service,
    Effect.gen(function* () {
      const stage = yield* make
      yield* (yield* StageRegistry).register(stage)
      return stage
    })
  )
