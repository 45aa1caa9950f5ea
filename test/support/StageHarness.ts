import { Effect, Layer, Ref } from "effect"
import { type PipelineOptions, resolveOptions } from "../../src/domain/Rewrite.ts"
import { Pipeline } from "../../src/pipeline/Pipeline.ts"
import type { RunContext, Stage } from "../../src/pipeline/Stage.ts"
import { StageRegistry } from "../../src/pipeline/StageRegistry.ts"
import { emptyUsage, LlmProvider } from "../../src/provider/LlmProvider.ts"
import { buildStyleTarget } from "../../src/text/StyleMetrics.ts"
import { FakeProvider } from "./FakeProvider.ts"
import { configForFake } from "./TestApp.ts"

/** The pipeline with exactly `stages` registered (no provider: the stages answer themselves). */
export const pipelineWith = (stages: ReadonlyArray<Stage>) =>
  Pipeline.layerNoDeps.pipe(
    Layer.provideMerge(
      Layer.effectDiscard(
        Effect.gen(function* () {
          const registry = yield* StageRegistry
          for (const stage of stages) yield* registry.register(stage)
        })
      )
    ),
    Layer.provide(StageRegistry.layer)
  )

/** One stage with the real provider service, talking to the fake provider over HTTP. */
export const stageUnderTest = <A, E, R>(stage: Layer.Layer<A, E, R>) =>
  stage.pipe(
    Layer.provide(StageRegistry.layer),
    Layer.provideMerge(LlmProvider.layer),
    Layer.provide(configForFake()),
    Layer.provideMerge(FakeProvider.layer)
  )

export const SHORT_DIRECT_SAMPLES = [
  "Open the panel. Check the fuse. Replace it if it is dark. Close the panel.",
  "Run the tests first. Fix any failure. Then push the branch.",
  "Keep the battery above 20 percent. Charge it overnight. Unplug it when full."
]

/** A run context aimed at the fake provider, with a small direct profile. */
export const runContext = (options?: PipelineOptions) =>
  Effect.gen(function* () {
    const fake = yield* FakeProvider
    const meter = yield* Ref.make(emptyUsage)
    const profile = {
      id: "short-direct",
      name: "Short direct",
      description: "Short imperative sentences.",
      rules: ["Use short sentences."],
      avoid: ["leverage"],
      samples: SHORT_DIRECT_SAMPLES
    }
    return {
      target: { baseUrl: fake.baseUrl, model: "fake-model", reasoningEffort: "none" },
      profile: { profile, style: buildStyleTarget(profile.samples, profile.avoid) },
      options: resolveOptions(options),
      meter
    } satisfies RunContext
  })
