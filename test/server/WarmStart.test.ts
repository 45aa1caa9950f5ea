/**
 * The service's own start (`warmStart`): before its first request it has read, scored and checked a sample, and just
 * after it asks the default provider for its slots and its models, so that the first run finds them settled.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, References } from "effect"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { configForFake, getPath, jsonOf, postJson } from "../support/TestApp.ts"

interface Health {
  readonly slots?: { readonly count: number; readonly source: string }
}

/** The service with its warm start, against a fake set up before the service starts. */
const WarmApp = (setUp: (fake: FakeProvider["Service"]) => Effect.Effect<void>) =>
  serveApp(DefaultStages, { quiet: true, warmStart: true }).pipe(
    Layer.provide(configForFake()),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
    Layer.provide(Layer.effectDiscard(Effect.flatMap(FakeProvider, setUp))),
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(FakeProvider.layer)
  )

const modelLists = (fake: FakeProvider["Service"]) =>
  Effect.map(fake.calls, (calls) => calls.filter((c) => c.method === "GET" && c.path === "/models").length)

/** Waits (at most two seconds) until the fake has been asked for its models. */
const askedForModels = (fake: FakeProvider["Service"]) =>
  Effect.gen(function* () {
    for (let i = 0; i < 40 && (yield* modelLists(fake)) === 0; i++) yield* Effect.sleep("50 millis")
    return yield* modelLists(fake)
  })

layer(
  WarmApp((fake) => fake.configure({ slots: 16 })),
  { excludeTestServices: true }
)("a service that starts with its provider up", (it) => {
  it.effect("asks it for its slots and models before any request, and its first run keeps those slots", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      assert.strictEqual(yield* askedForModels(fake), 1)
      // The server now says 2: the service settled 16 at its start, and a server's slots are settled once.
      yield* fake.configure({ slots: 2, delayMs: 100 })
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 16, source: "server" })
      const document = Array.from({ length: 8 }, (_, i) => `We utilize server ${i + 1}.`).join("\n\n")
      const res = yield* postJson("/api/rewrite", { document, options: { runMeaningCheck: false } })
      assert.strictEqual(res.status, 200)
      assert.strictEqual(yield* fake.maxInFlight, 8)
    })
  )
})

layer(
  WarmApp((fake) => Effect.andThen(fake.configure({ slots: 16 }), fake.outage(1_000))),
  { excludeTestServices: true }
)("a service that starts before its provider", (it) => {
  it.effect("starts and answers, and asks for the slots again once the provider is up", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* getPath("/api/profiles")).status, 200)
      yield* Effect.sleep("1200 millis")
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 16, source: "server" })
      const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers." })
      assert.strictEqual(res.status, 200)
      assert.include((yield* jsonOf<{ finalText: string }>(res)).finalText, "use 4 servers")
    })
  )
})
