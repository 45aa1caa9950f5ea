/**
 * The writer's own providers in `providers.json`: made and changed through the API, picked by a request's
 * `provider.id` or by a base URL of the same origin, each with its key (sent to its own origin only, never answered)
 * and its concurrency.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer, References } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DefaultStages } from "../../stages/index.ts"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { configForFake, LoggedApp, type ErrorJson, getPath, jsonOf, postJson } from "../support/TestApp.ts"

const KEY = "sk-team-7373-never-shown"
const ENV_KEY = "sk-env-8484-never-shown"

interface Info {
  readonly id: string
  readonly name: string
  readonly baseUrl: string
  readonly source: string
  readonly key: { readonly set: boolean; readonly from: string; readonly env?: string; readonly problem?: string }
  readonly concurrency?: number
  readonly isDefault: boolean
}
interface List {
  readonly providers: ReadonlyArray<Info>
  readonly file: string
  readonly problem?: string
}

const send = (method: "PUT" | "DELETE", path: string, body?: unknown) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const request = method === "PUT" ? HttpClientRequest.put(path) : HttpClientRequest.delete(path)
    return yield* client.execute(body === undefined ? request : request.pipe(HttpClientRequest.bodyJsonUnsafe(body)))
  })

const dataDir = mkdtempSync(join(tmpdir(), "redraft-providers-"))
const logged: Array<string> = []
/** Every answer's headers and body, to look for the keys in. */
const seen: Array<string> = []
const said = <A>(res: { headers: Record<string, string>; text: Effect.Effect<string, unknown> }) =>
  Effect.gen(function* () {
    const text = yield* res.text
    seen.push(JSON.stringify(res.headers), text)
    return (text === "" ? undefined : JSON.parse(text)) as A
  })

const App = LoggedApp({ REDRAFT_DATA_DIR: dataDir, TEAM_KEY: ENV_KEY }, logged)

const document = "We utilize 4 servers."

layer(App, { excludeTestServices: true })("providers of the writer's own", (it) => {
  it.effect("a provider made through the API is kept in providers.json, readable by its owner only", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const res = yield* send("PUT", "/api/providers/team", {
        name: "Team server",
        baseUrl: `${fake.baseUrl}/`,
        apiKey: KEY,
        concurrency: 3
      })
      assert.strictEqual(res.status, 200)
      const info = yield* said<Info>(res)
      assert.deepStrictEqual(info, {
        id: "team",
        name: "Team server",
        baseUrl: fake.baseUrl,
        source: "file",
        key: { set: true, from: "file" },
        concurrency: 3,
        isDefault: false
      })
      const file = join(dataDir, "providers.json")
      assert.strictEqual(statSync(file).mode & 0o777, 0o600)
      const kept = JSON.parse(readFileSync(file, "utf8")) as { providers: ReadonlyArray<{ apiKey?: string }> }
      assert.strictEqual(kept.providers[0]?.apiKey, KEY)
      const list = yield* said<List>(yield* getPath("/api/providers"))
      assert.deepStrictEqual(
        list.providers.map((p) => [p.id, p.source, p.isDefault]),
        [
          ["default", "environment", true],
          ["lmstudio", "preset", false],
          ["ollama", "preset", false],
          ["llamacpp", "preset", false],
          ["team", "file", false]
        ]
      )
      assert.strictEqual(list.file, file)
    })
  )

  it.effect("a run naming it by id sends its key; health by id shows its concurrency", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY, delayMs: 60 })
      const health = yield* said<{ status: string; slots: unknown }>(yield* getPath("/api/health?providerId=team"))
      assert.deepStrictEqual(health.slots, { count: 3, source: "configured" })
      const res = yield* postJson("/api/rewrite", {
        document: Array.from({ length: 8 }, (_, i) => `We utilize server ${i + 1}.`).join("\n\n"),
        provider: { id: "team" },
        options: { runMeaningCheck: false }
      })
      assert.strictEqual(res.status, 200)
      yield* said(res)
      const calls = yield* fake.calls
      assert.isAbove(calls.length, 1)
      for (const call of calls) assert.strictEqual(call.headers.authorization, `Bearer ${KEY}`)
      assert.strictEqual(yield* fake.maxInFlight, 3)
    })
  )

  it.effect("a base URL of the same origin gets the key; another origin gets none", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY })
      const same = yield* postJson("/api/rewrite", { document, provider: { baseUrl: fake.baseUrl } })
      assert.strictEqual(same.status, 200)
      yield* said(same)
      yield* fake.configure({ apiKey: KEY })
      const elsewhere = fake.baseUrl.replace("127.0.0.1", "localhost")
      const other = yield* postJson("/api/rewrite", { document, provider: { baseUrl: elsewhere } })
      assert.strictEqual(other.status, 502)
      assert.strictEqual((yield* said<ErrorJson>(other)).error.code, "provider_unauthorized")
      for (const call of yield* fake.calls) assert.isUndefined(call.headers.authorization)
    })
  )

  it.effect(
    "a key left out is kept, an empty one removes it, and a variable's name reads it from the environment",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        const kept = yield* said<Info>(
          yield* send("PUT", "/api/providers/team", { name: "Team server, renamed", baseUrl: fake.baseUrl })
        )
        assert.deepStrictEqual([kept.name, kept.key.set, kept.concurrency], ["Team server, renamed", true, undefined])
        const removed = yield* said<Info>(
          yield* send("PUT", "/api/providers/team", { name: "Team server", baseUrl: fake.baseUrl, apiKey: "" })
        )
        assert.deepStrictEqual(removed.key, { set: false, from: "none" })
        const fromEnv = yield* said<Info>(
          yield* send("PUT", "/api/providers/team", { name: "Team", baseUrl: fake.baseUrl, apiKeyEnv: "TEAM_KEY" })
        )
        assert.deepStrictEqual(fromEnv.key, { set: true, from: "environment", env: "TEAM_KEY" })
        assert.notInclude(readFileSync(join(dataDir, "providers.json"), "utf8"), ENV_KEY)
        yield* fake.configure({ apiKey: ENV_KEY })
        const run = yield* postJson("/api/rewrite", { document, provider: { id: "team" } })
        assert.strictEqual(run.status, 200)
        yield* said(run)
        const missing = yield* said<Info>(
          yield* send("PUT", "/api/providers/spare", {
            name: "Spare",
            baseUrl: "http://127.0.0.1:9/v1",
            apiKeyEnv: "NOT_SET_ANYWHERE"
          })
        )
        assert.strictEqual(missing.key.set, false)
        assert.include(missing.key.problem ?? "", "has no NOT_SET_ANYWHERE")
      })
  )

  it.effect("wrong names, ids and keys are 400s and 404s that say what to fix", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const builtIn = yield* send("PUT", "/api/providers/lmstudio", { name: "Mine", baseUrl: fake.baseUrl })
      assert.strictEqual(builtIn.status, 400)
      assert.include((yield* said<ErrorJson>(builtIn)).error.message, "lmstudio is a built-in provider")
      const twoKeys = yield* send("PUT", "/api/providers/other", {
        name: "Other",
        baseUrl: `${fake.baseUrl.replace(/\/v1$/, "")}/v2`,
        apiKey: "sk-different"
      })
      assert.strictEqual(twoKeys.status, 400)
      assert.include((yield* said<ErrorJson>(twoKeys)).error.message, "with different keys")
      const badUrl = yield* send("PUT", "/api/providers/other", { name: "Other", baseUrl: "gpu-box:8000" })
      assert.strictEqual(badUrl.status, 400)
      yield* said(badUrl)
      const unknown = yield* postJson("/api/rewrite", { document, provider: { id: "nope" } })
      assert.strictEqual(unknown.status, 400)
      assert.include((yield* said<ErrorJson>(unknown)).error.message, "the configured ones are default, lmstudio")
      const both = yield* postJson("/api/rewrite", { document, provider: { id: "team", baseUrl: fake.baseUrl } })
      assert.strictEqual(both.status, 400)
      yield* said(both)
      const gone = yield* send("DELETE", "/api/providers/nope")
      assert.strictEqual(gone.status, 404)
      assert.strictEqual((yield* said<ErrorJson>(gone)).error.code, "provider_not_found")
      const removed = yield* send("DELETE", "/api/providers/spare")
      assert.strictEqual(removed.status, 204)
      const list = yield* said<List>(yield* getPath("/api/providers"))
      assert.notInclude(
        list.providers.map((p) => p.id),
        "spare"
      )
    })
  )

  it.effect("neither key is in any answer, header, log line or backup; only providers.json holds one", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* send("PUT", "/api/providers/team", { name: "Team", baseUrl: fake.baseUrl, apiKey: KEY })
      yield* fake.configure({ apiKey: "wrong" })
      yield* said(yield* postJson("/api/rewrite", { document, provider: { id: "team" } }))
      for (const path of ["/api/providers", "/api/health?providerId=team", "/api/backup", "/api/openapi.json"]) {
        yield* said(yield* getPath(path))
      }
      assert.isAbove(seen.length, 20)
      assert.isAbove(logged.length, 5)
      assert.deepStrictEqual(
        [...seen, ...logged].filter((text) => text.includes("7373") || text.includes("8484")),
        []
      )
      assert.include(readFileSync(join(dataDir, "providers.json"), "utf8"), KEY)
    })
  )
})

const brokenDir = mkdtempSync(join(tmpdir(), "redraft-providers-broken-"))
writeFileSync(join(brokenDir, "providers.json"), '{"providers": [{"id": "x"')

layer(
  serveApp(DefaultStages).pipe(
    Layer.provide(configForFake({ REDRAFT_DATA_DIR: brokenDir })),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
    Layer.provideMerge(NodeHttpServer.layerTest),
    Layer.provideMerge(FakeProvider.layer)
  ),
  { excludeTestServices: true }
)("a providers.json that cannot be read", (it) => {
  it.effect("is named in the list and never written over", () =>
    Effect.gen(function* () {
      const list = yield* jsonOf<List>(yield* getPath("/api/providers"))
      assert.include(list.problem ?? "", "is not a valid providers file")
      const res = yield* send("PUT", "/api/providers/team", { name: "Team", baseUrl: "http://127.0.0.1:9/v1" })
      assert.strictEqual(res.status, 400)
      assert.include((yield* jsonOf<ErrorJson>(res)).error.message, "it is not written over")
      assert.strictEqual(readFileSync(join(brokenDir, "providers.json"), "utf8"), '{"providers": [{"id": "x"')
    })
  )
})
