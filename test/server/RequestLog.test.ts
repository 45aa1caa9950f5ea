/**
 * The service's log: one line per request, with the provider a run used and why it failed, and nothing of the
 * document. Read through a logger that collects what the real service logs.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Logger, References } from "effect"
import { DefaultStages } from "../../stages/index.ts"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { eventually } from "../support/Eventually.ts"
import { streamRewrite } from "../support/Sse.ts"
import { configForFake, getPath, postJson } from "../support/TestApp.ts"

const logged: Array<string> = []
const collect = Logger.layer([
  Logger.make(({ message }) => {
    logged.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
  })
])

/** The lines logged for requests to `path`, once `count` of them are there. */
const linesFor = (path: string, count = 1) =>
  Effect.gen(function* () {
    yield* eventually(
      Effect.sync(() => logged.filter((l) => l.includes(` ${path} `)).length >= count),
      `${count} log line(s) for ${path}`
    )
    return logged.filter((l) => l.includes(` ${path} `))
  })

const App = serveApp(DefaultStages).pipe(
  Layer.provide(configForFake()),
  Layer.provide(collect),
  Layer.provide(Layer.succeed(References.MinimumLogLevel, "Info")),
  Layer.provideMerge(NodeHttpServer.layerTest),
  Layer.provideMerge(FakeProvider.layer)
)

layer(App, { excludeTestServices: true })("the request log", (it) => {
  it.effect("a run is one line with its provider and model, and what became of its paragraphs", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      logged.length = 0
      const document = "We utilize 4 servers in the secret basement.\n\nWe utilize 2 disks.\n"
      assert.strictEqual((yield* postJson("/api/rewrite", { document })).status, 200)
      const [line, ...more] = yield* linesFor("/api/rewrite")
      assert.deepStrictEqual(more, [])
      assert.match(
        line!,
        new RegExp(`^POST /api/rewrite 200 \\d+ ms · provider ${fake.baseUrl} \\(.+\\) · 2 of 2 paragraphs rewritten$`)
      )
      // The document is never logged.
      assert.notInclude(logged.join("\n"), "secret basement")
    })
  )

  it.effect("a streamed run is logged when it ends, with why its paragraphs failed", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ faults: [{ match: "2 disks", behaviour: "refuse" }] })
      logged.length = 0
      const document = "We utilize 4 servers.\n\nWe utilize 2 disks.\n"
      const streamed = yield* streamRewrite({ document }, false)
      assert.include(streamed.text, "event: result")
      const [line, ...more] = yield* linesFor("/api/rewrite")
      assert.deepStrictEqual(more, [])
      assert.match(
        line!,
        /^POST \/api\/rewrite 200 \d+ ms · provider .* · 1 of 2 paragraphs rewritten, 1 failed: .*context size/
      )
    })
  )

  it.effect("a run whose provider is down says so, and an error answer gives its code and message", () =>
    Effect.gen(function* () {
      logged.length = 0
      const down = yield* postJson("/api/rewrite", {
        document: "We utilize 4 servers.",
        provider: { baseUrl: "http://127.0.0.1:9/v1" }
      })
      assert.strictEqual(down.status, 503)
      const [line] = yield* linesFor("/api/rewrite")
      assert.match(
        line!,
        /^POST \/api\/rewrite 503 .* · provider http:\/\/127\.0\.0\.1:9\/v1 · provider_unreachable: cannot reach/
      )
      assert.strictEqual((yield* getPath("/api/nowhere")).status, 404)
      const [missing] = yield* linesFor("/api/nowhere")
      assert.match(missing!, /^GET \/api\/nowhere 404 \d+ ms · not_found: no API route GET \/api\/nowhere/)
      assert.strictEqual((yield* getPath("/api/health")).status, 200)
      const [health] = yield* linesFor("/api/health")
      assert.match(health!, /^GET \/api\/health 200 \d+ ms$/)
    })
  )
})
