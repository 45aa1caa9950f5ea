/**
 * How many chat requests a server gets at once: PROVIDER_CONCURRENCY when it is set, else the slots the server
 * declares (llama.cpp's `GET /props`), else 4; health says the number and where it came from.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const document = Array.from({ length: 40 }, (_, i) => `We utilize server ${i + 1} in order to test.`).join("\n\n")

interface Health {
  readonly slots?: { readonly count: number; readonly source: string }
}

layer(TestApp(), { excludeTestServices: true })("a server that declares its slots", (it) => {
  it.effect("16 slots in llama.cpp's /props give 16 requests in flight, and health says so", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ slots: 16, delayMs: 150 })
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 16, source: "server" })
      const res = yield* postJson("/api/rewrite", { document, options: { runMeaningCheck: false } })
      assert.strictEqual(res.status, 200)
      assert.strictEqual(yield* fake.maxInFlight, 16)
    })
  )
})

layer(TestApp(), { excludeTestServices: true })("a server that declares nothing", (it) => {
  it.effect("gets 4 at once", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ delayMs: 150 })
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 4, source: "default" })
      assert.strictEqual(
        (yield* postJson("/api/rewrite", { document, options: { runMeaningCheck: false } })).status,
        200
      )
      assert.strictEqual(yield* fake.maxInFlight, 4)
    })
  )
})

layer(TestApp({ PROVIDER_CONCURRENCY: "2" }), { excludeTestServices: true })("PROVIDER_CONCURRENCY", (it) => {
  it.effect("wins over what the server declares", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ slots: 16, delayMs: 100 })
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 2, source: "configured" })
      const short = document.split("\n\n").slice(0, 8).join("\n\n")
      assert.strictEqual(
        (yield* postJson("/api/rewrite", { document: short, options: { runMeaningCheck: false } })).status,
        200
      )
      assert.strictEqual(yield* fake.maxInFlight, 2)
    })
  )
})

layer(TestApp(), { excludeTestServices: true })("a server that is not up on its first use", (it) => {
  it.effect("is asked again once it answers", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ slots: 16 })
      yield* fake.outage(1_000)
      // A named model: the run's first call is a chat, whose slots are settled while nothing answers.
      yield* postJson("/api/rewrite", { document: "We utilize 4 servers.", provider: { model: "named-model" } })
      yield* Effect.sleep("1200 millis")
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.deepStrictEqual(health.slots, { count: 16, source: "server" })
    })
  )
})
