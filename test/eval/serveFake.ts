/**
 * Serves the test suite's fake provider until interrupted, for trying the CLI or `npm run eval` without a model:
 *   npx tsx test/eval/serveFake.ts            # prints its base URL, e.g. http://127.0.0.1:40123/v1
 *   FAKE_BEHAVIOURS=slow,grade-low npx tsx test/eval/serveFake.ts
 */
import { NodeRuntime } from "@effect/platform-node"
import { Config, Effect, Layer } from "effect"
import { type Behaviour, FakeProvider } from "../support/FakeProvider.ts"

const announce = Layer.effectDiscard(
  Effect.gen(function* () {
    const fake = yield* FakeProvider
    const behaviours = yield* Config.String("FAKE_BEHAVIOURS").pipe(Config.withDefault(""))
    yield* fake.configure({
      behaviours: behaviours
        .split(",")
        .map((b) => b.trim())
        .filter((b) => b !== "") as Array<Behaviour>
    })
    yield* Effect.sync(() => process.stdout.write(`${fake.baseUrl}\n`))
  })
)

Layer.launch(announce.pipe(Layer.provide(FakeProvider.layer))).pipe(NodeRuntime.runMain)
