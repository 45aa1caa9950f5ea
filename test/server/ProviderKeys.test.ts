/**
 * A model server that needs a key (vLLM or llama.cpp started with `--api-key`, LM Studio with its token): the key in
 * PROVIDER_API_KEY goes to the default provider's origin only, a refused key is `provider_unauthorized`, and the key
 * is in no answer, header, log line or backup.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { LoggedApp, type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const KEY = "sk-secret-4242-do-not-show"

const logged: Array<string> = []
const App = LoggedApp({ PROVIDER_API_KEY: KEY }, logged)

/** Everything the service said back: status, headers and body. */
const seen: Array<string> = []
const said = (res: { status: number; headers: Record<string, string>; text: Effect.Effect<string, unknown> }) =>
  Effect.gen(function* () {
    const text = yield* res.text
    seen.push(JSON.stringify(res.headers), text)
    return JSON.parse(text) as unknown
  })

layer(App, { excludeTestServices: true })("a provider that needs a key", (it) => {
  it.effect("the configured key goes with every call to the default provider, and the run succeeds", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY })
      const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers." })
      assert.strictEqual(res.status, 200)
      assert.strictEqual(((yield* said(res)) as { finalText: string }).finalText, "We use 4 servers.")
      const calls = yield* fake.calls
      assert.isAbove(calls.length, 1)
      for (const call of calls) assert.strictEqual(call.headers.authorization, `Bearer ${KEY}`)
    })
  )

  it.effect("a key the server refuses is provider_unauthorized, said in the answer and in health", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: "another-key" })
      const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers." })
      assert.strictEqual(res.status, 502)
      const body = (yield* said(res)) as ErrorJson
      assert.strictEqual(body.error.code, "provider_unauthorized")
      assert.include(body.error.message, "refused the key of provider default (from PROVIDER_API_KEY)")
      // Refused at once: a key is not retried.
      assert.strictEqual((yield* fake.calls).length, 1)
      const health = yield* getPath("/api/health")
      const status = (yield* said(health)) as { status: string; ok: boolean; error: string }
      assert.deepStrictEqual([status.status, status.ok], ["unauthorized", false])
      assert.include(status.error, "PROVIDER_API_KEY")
    })
  )

  it.effect("a request naming another origin gets no key, even the same server under another name", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY })
      const elsewhere = fake.baseUrl.replace("127.0.0.1", "localhost")
      const res = yield* postJson("/api/rewrite", {
        document: "We utilize 4 servers.",
        provider: { baseUrl: elsewhere }
      })
      assert.strictEqual(res.status, 502)
      const body = (yield* said(res)) as ErrorJson
      assert.strictEqual(body.error.code, "provider_unauthorized")
      assert.include(body.error.message, "a key goes only to its own provider's address")
      for (const call of yield* fake.calls) assert.isUndefined(call.headers.authorization)
    })
  )

  it.effect("the key is in no answer, header, log line or backup", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY })
      const doc = (yield* said(yield* postJson("/api/documents", { text: "We utilize 4 servers." }))) as { id: string }
      yield* said(yield* postJson(`/api/documents/${doc.id}/rewrite`, {}))
      for (const path of [
        "/api/health",
        "/api/models",
        "/api/backup",
        "/api/openapi.json",
        `/api/documents/${doc.id}`
      ]) {
        yield* said(yield* getPath(path))
      }
      assert.isAbove(seen.length, 10)
      assert.isAbove(logged.length, 5)
      assert.deepStrictEqual(
        [...seen, ...logged].filter((text) => text.includes("4242")),
        []
      )
    })
  )
})

layer(TestApp(), { excludeTestServices: true })("a provider that needs a key none was given", (it) => {
  it.effect("is provider_unauthorized, saying where the key goes", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ apiKey: KEY })
      const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers." })
      assert.strictEqual(res.status, 502)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(body.error.code, "provider_unauthorized")
      assert.include(body.error.message, "the server needs a key: give it to a provider at this address")
    })
  )
})
