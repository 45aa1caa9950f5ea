import { assert, describe, layer } from "@effect/vitest"
import { Effect } from "effect"
import { HttpServer } from "effect/http"
import { type Behaviour, FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

interface Result {
  readonly finalText: string
  readonly summary: {
    readonly segments: number
    readonly rewritten: number
    readonly protected: number
    readonly styleScore: number
    readonly meaning: string
    readonly warnings: ReadonlyArray<string>
  }
  readonly provider: { readonly baseUrl: string; readonly model: string }
  readonly debug?: {
    readonly usage: { readonly calls: number }
    readonly segments: ReadonlyArray<{ readonly source: string; readonly attempts: ReadonlyArray<unknown> }>
  }
}

const DOC = [
  "---",
  "title: Release notes",
  "---",
  "",
  "# Upgrade guide",
  "",
  "In order to upgrade, utilize the installer on 12 March 2026 before 10:30.",
  "",
  "- Back up the 3 databases first.",
  "- It is important to note that the migration may take about 40 minutes.",
  "",
  "```sh",
  "npm run migrate -- --in order to utilize",
  "```",
  "",
  "| step | minutes |",
  "| ---- | ------- |",
  "| copy | 12      |",
  ""
].join("\n")

const rewrite = (body: unknown, headers: Record<string, string> = {}) => postJson("/api/rewrite", body, headers)

layer(TestApp(), { excludeTestServices: true })("rewrite over real HTTP", (it) => {
  it.effect("rewrites prose, keeps protected blocks byte for byte, and reports the summary", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* rewrite({ document: DOC, options: { includeDebug: true } })
      assert.strictEqual(res.status, 200)
      const body = yield* jsonOf<Result>(res)
      assert.include(body.finalText, "To upgrade, use the installer on 12 March 2026 before 10:30.")
      assert.include(body.finalText, "- the migration may take about 40 minutes.")
      assert.include(body.finalText, "```sh\nnpm run migrate -- --in order to utilize\n```")
      assert.include(body.finalText, "| copy | 12      |")
      assert.isTrue(body.finalText.startsWith("---\ntitle: Release notes\n---\n\n# Upgrade guide\n"))
      assert.strictEqual(body.summary.meaning, "passed")
      assert.strictEqual(body.summary.rewritten, 2)
      assert.strictEqual(body.provider.model, "google/gemma-4-12b-it-qat")
      assert.isAbove(body.debug?.usage.calls ?? 0, 0)
    })
  )

  it.effect("keeps block quotes word for word: a reworded quotation is a misquotation", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const document = "We utilize 2 keys.\n\n> In order to enter, utilize the side door.\n"
      const res = yield* rewrite({ document })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.finalText, "We use 2 keys.\n\n> In order to enter, utilize the side door.\n")
      assert.strictEqual(body.summary.protected, 1)
      const prompts = (yield* fake.calls).map((c) => JSON.stringify(c.body ?? {}))
      assert.isFalse(prompts.some((p) => p.includes("side door")))
    })
  )

  it.effect("never sends an Authorization header and sends the chat fields of the contract", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      yield* rewrite({ document: "Please utilize the 2 spare keys.", provider: { reasoningEffort: "low" } })
      const calls = yield* fake.calls
      assert.isAbove(calls.length, 0)
      for (const call of calls) assert.isUndefined(call.headers["authorization"])
      const chat = calls.find((c) => c.task === "rewrite")
      assert.strictEqual(chat?.body?.["stream"], false)
      assert.strictEqual(chat?.body?.["reasoning_effort"], "low")
      assert.isNumber(chat?.body?.["temperature"])
      const verify = calls.find((c) => c.task === "verify")
      assert.strictEqual(verify?.body?.["max_tokens"], 360)
      assert.strictEqual(verify?.body?.["reasoning_effort"], "low")
    })
  )

  for (const behaviour of ["fenced", "prose", "think", "reasoning-only", "ignore-model"] as const) {
    it.effect(`copes with a provider that answers ${behaviour}`, () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: [behaviour] })
        const res = yield* rewrite({ document: "We utilize 4 servers in order to serve 1,200 users." })
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.strictEqual(body.finalText, "We use 4 servers to serve 1,200 users.")
        assert.strictEqual(body.summary.meaning, "passed")
      })
    )
  }

  for (const behaviour of ["length-once", "garbage-once", "empty-once", "status-500-once", "reset-once"] as const) {
    it.effect(`retries once after ${behaviour} and succeeds`, () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: [behaviour] })
        const res = yield* rewrite({ document: "We utilize 4 servers." })
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.strictEqual(body.finalText, "We use 4 servers.")
      })
    )
  }

  for (const [behaviour, expected] of [
    ["error-string", "Model is unloaded."],
    ["error-object", "model 'x' not found, try pulling it first"],
    ["error-openai", "The model `x` does not exist."]
  ] as const) {
    it.effect(`reports the provider's own message from ${behaviour} as 502 provider_error`, () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: [behaviour] })
        const res = yield* rewrite({ document: "Some text." })
        assert.strictEqual(res.status, 502)
        const body = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(body.error.code, "provider_error")
        assert.include(body.error.message, expected)
      })
    )
  }

  it.effect("a reply that stays unusable after the retry is a 502 that says so", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["garbage"] })
      const res = yield* rewrite({ document: "Some text." })
      assert.strictEqual(res.status, 502)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.include(body.error.message, "could not be used twice")
      assert.strictEqual((yield* fake.calls).filter((c) => c.task === "rewrite").length, 2)
    })
  )

  it.effect("a truncated reply (finish_reason length) is never accepted", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["length"] })
      const res = yield* rewrite({ document: "Some text that is long enough to cut." })
      assert.strictEqual(res.status, 502)
      assert.include((yield* jsonOf<ErrorJson>(res)).error.message, "cut off")
    })
  )

  it.effect("5xx on every attempt: retried until the budget (500 ms here) is spent, then 502", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["status-500"] })
      const res = yield* rewrite({ document: "Some text." })
      assert.strictEqual(res.status, 502)
      // Waits of 10, 20, 40, 80, 160 ms (each 0.5-1.5x) fit at least four retries into 500 ms.
      assert.isAtLeast((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, 5)
      assert.include((yield* jsonOf<ErrorJson>(res)).error.message, "attempts over")
    })
  )

  it.effect("connection reset on every attempt: 503 provider_unreachable", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["reset"] })
      const res = yield* rewrite({ document: "Some text." })
      assert.strictEqual(res.status, 503)
      assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "provider_unreachable")
    })
  )

  it.effect("a rewrite that loses numbers is repaired by the verification request", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["drop-numbers"] })
      const res = yield* rewrite({ document: "We utilize 4 servers for 1,200 users.", options: { includeDebug: true } })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.finalText, "We utilize 4 servers for 1,200 users.")
      assert.strictEqual(body.summary.meaning, "passed")
      assert.strictEqual(body.debug?.segments[0]?.source, "repair")
    })
  )

  it.effect("a rewrite whose repair also fails falls back to the original with a warning", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["drop-numbers", "bad-repair"] })
      const res = yield* rewrite({ document: "We utilize 4 servers for 1,200 users." })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.finalText, "We utilize 4 servers for 1,200 users.")
      assert.strictEqual(body.summary.meaning, "failed")
      assert.strictEqual(body.summary.warnings.length, 1)
      assert.include(body.summary.warnings[0] ?? "", "kept as it was")
    })
  )

  it.effect("a rewrite that adds markdown structure (a heading) is repaired, never reassembled as is", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["add-heading"] })
      const document = "# Notes\n\nWe utilize 4 servers.\n\n- Keep the 2 spares.\n"
      const res = yield* rewrite({ document, options: { includeDebug: true } })
      const body = yield* jsonOf<Result>(res)
      // The fake's repair hands back the original paragraph: structure intact, no stray "## Summary".
      assert.strictEqual(body.finalText, document)
      assert.notInclude(body.finalText, "## Summary")
      const prompt = JSON.stringify((yield* fake.calls).find((c) => c.task === "verify")?.body)
      assert.include(prompt, "adds a heading")
    })
  )

  it.effect("meaning check off: guards still run, the verdict is skipped, no verification call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* rewrite({ document: "We utilize 4 servers.", options: { runMeaningCheck: false } })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.summary.meaning, "skipped")
      assert.strictEqual((yield* fake.calls).filter((c) => c.task === "verify").length, 0)
    })
  )

  it.effect("final smoothing runs as one more pass and keeps meaning", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["smooth-marker"] })
      const res = yield* rewrite({
        document: "We utilize 4 servers.\n\nThe backups run at 02:00.\n",
        options: { finalSmoothing: true }
      })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.finalText, "We use 4 servers.\n\nNext, the backups run at 02:00.\n")
      assert.strictEqual((yield* fake.calls).filter((c) => c.task === "smooth").length, 1)
    })
  )

  it.effect("identical paragraphs are rewritten once per run", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* rewrite({ document: "Utilize the 2 keys.\n\nUtilize the 2 keys.\n\nUtilize the 2 keys.\n" })
      const body = yield* jsonOf<Result>(res)
      assert.strictEqual(body.finalText, "Use the 2 keys.\n\nUse the 2 keys.\n\nUse the 2 keys.\n")
      assert.strictEqual((yield* fake.calls).filter((c) => c.task === "rewrite").length, 1)
    })
  )

  it.effect("the loop honours maxRewriteIterations and styleThreshold", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      const rewrites = (options: Record<string, unknown>, behaviours: ReadonlyArray<Behaviour> = ["retry-varies"]) =>
        Effect.gen(function* () {
          yield* fake.configure({ behaviours })
          const res = yield* rewrite({ document: "We utilize 4 servers.", options: { ...options, includeDebug: true } })
          const body = yield* jsonOf<Result>(res)
          return {
            attempts: body.debug?.segments[0]?.attempts.length,
            calls: (yield* fake.calls).filter((c) => c.task === "rewrite").length
          }
        })
      // A model that takes up feedback, and a threshold no draft reaches: the first rewrite plus every further round.
      assert.deepStrictEqual(yield* rewrites({ styleThreshold: 100, maxRewriteIterations: 2 }), {
        attempts: 3,
        calls: 3
      })
      assert.deepStrictEqual(yield* rewrites({ styleThreshold: 100, maxRewriteIterations: 0 }), {
        attempts: 1,
        calls: 1
      })
      // With room for 9 rounds the loop stops before them, once a draft leaves nothing to ask for or scores as the one
      // before it: here after the sixth draft (scores 72, 76, 77, 79, 81, 82).
      assert.deepStrictEqual(yield* rewrites({ styleThreshold: 100, maxRewriteIterations: 9 }), {
        attempts: 6,
        calls: 6
      })
      // A threshold every draft reaches: one round only.
      assert.deepStrictEqual(yield* rewrites({ styleThreshold: 0, maxRewriteIterations: 2 }), { attempts: 1, calls: 1 })
      // A model that brings back the same text: the second round shows it, and no third is sent.
      assert.deepStrictEqual(yield* rewrites({ styleThreshold: 100, maxRewriteIterations: 2 }, []), {
        attempts: 1,
        calls: 2
      })
    })
  )

  it.effect("the concurrency bound holds across runs, not per run", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ delayMs: 30 })
      const document = Array.from({ length: 6 }, (_, i) => `Run paragraph ${i + 1} is here.`).join("\n\n")
      const results = yield* Effect.all([rewrite({ document }), rewrite({ document: document + "\n\nOne more." })], {
        concurrency: "unbounded"
      })
      for (const res of results) assert.strictEqual(res.status, 200)
      assert.strictEqual(yield* fake.maxInFlight, 4)
    })
  )

  it.effect("keeps chat requests per provider within PROVIDER_CONCURRENCY (4)", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ delayMs: 30 })
      const document = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} says to utilize tool ${i}.`).join(
        "\n\n"
      )
      const res = yield* rewrite({ document })
      assert.strictEqual(res.status, 200)
      assert.strictEqual(yield* fake.maxInFlight, 4)
    })
  )
})

describe("models and health", () => {
  layer(TestApp(), { excludeTestServices: true })("provider listing", (it) => {
    it.effect("GET /api/models lists the provider's models and marks the selected one", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const res = yield* getPath("/api/models")
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<{ baseUrl: string; models: Array<{ id: string; selected: boolean }> }>(res)
        assert.strictEqual(body.baseUrl, fake.baseUrl)
        assert.deepStrictEqual(
          body.models.filter((m) => m.selected).map((m) => m.id),
          ["google/gemma-4-12b-it-qat"]
        )
        // Embedding models cannot rewrite: they are not offered.
        yield* fake.configure({ models: ["nomic-embed-text", "qwen3-8b", "text-embedding-3-small", "gemma-4-e4b"] })
        const listed = yield* jsonOf<{ models: Array<{ id: string; selected: boolean }> }>(
          yield* getPath("/api/models")
        )
        assert.deepStrictEqual(listed.models, [
          { id: "qwen3-8b", selected: false },
          { id: "gemma-4-e4b", selected: true }
        ])
      })
    )

    it.effect("GET /api/models without GET /models at the provider is 502", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["no-models"] })
        const res = yield* getPath("/api/models")
        assert.strictEqual(res.status, 502)
        assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "provider_error")
      })
    )

    it.effect("a provider without GET /models can still rewrite, with the model given or the default family", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["no-models"] })
        const res = yield* rewrite({ document: "We utilize 4 servers." })
        assert.strictEqual(res.status, 200)
        assert.strictEqual((yield* jsonOf<Result>(res)).provider.model, "gemma-4")
        const named = yield* rewrite({ document: "We utilize 4 servers.", provider: { model: "my-model" } })
        assert.strictEqual((yield* jsonOf<Result>(named)).provider.model, "my-model")
      })
    )

    it.effect("GET /api/health is ready with the default model found", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ models: ["qwen3-8b"] })
        const res = yield* getPath("/api/health")
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Record<string, unknown>>(res)
        assert.strictEqual(body["ok"], true)
        assert.strictEqual(body["localProviderReachable"], true)
        assert.strictEqual(body["defaultModelFound"], false)
        assert.strictEqual(body["model"], "qwen3-8b")
      })
    )

    it.effect("GET /api/health for the address without /v1 is not ok: wrong_base_url, naming the /v1 address", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const withoutV1 = fake.baseUrl.replace(/\/v1$/, "")
        const res = yield* getPath("/api/health?baseUrl=" + encodeURIComponent(withoutV1))
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Record<string, unknown>>(res)
        assert.strictEqual(body["ok"], false)
        assert.strictEqual(body["status"], "wrong_base_url")
        assert.strictEqual(body["suggestedBaseUrl"], fake.baseUrl)
        assert.include(String(body["error"]), `use ${fake.baseUrl} as the endpoint`)
      })
    )

    it.effect("GET /api/health for a server that is not an OpenAI API (Redraft's own address) is not ok", () =>
      Effect.gen(function* () {
        const server = yield* HttpServer.HttpServer
        const own = `http://127.0.0.1:${server.address._tag === "UnixPathAddress" ? 0 : server.address.port}`
        for (const baseUrl of [own, `${own}/v1`]) {
          const res = yield* getPath("/api/health?baseUrl=" + encodeURIComponent(baseUrl))
          const body = yield* jsonOf<Record<string, unknown>>(res)
          assert.strictEqual(body["ok"], false, baseUrl)
          assert.strictEqual(body["status"], "not_openai_api", baseUrl)
          assert.include(String(body["error"]), "not as an OpenAI-compatible API")
        }
      })
    )

    it.effect("GET /api/health without a model list is ok only when a test chat request works", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["no-models"] })
        const chats = yield* jsonOf<Record<string, unknown>>(yield* getPath("/api/health"))
        assert.strictEqual(chats["ok"], true)
        assert.strictEqual(chats["status"], "models_unlisted")
        const probe = (yield* fake.calls).find((c) => c.path === "/chat/completions")
        assert.strictEqual(probe?.body?.["max_tokens"], 1)
        yield* fake.configure({ behaviours: ["no-models", "error-string"] })
        const refuses = yield* jsonOf<Record<string, unknown>>(yield* getPath("/api/health"))
        assert.strictEqual(refuses["ok"], false)
        assert.strictEqual(refuses["status"], "not_openai_api")
        assert.include(String(refuses["error"]), "Model is unloaded.")
      })
    )

    it.effect("GET /api/health against an unreachable provider is 503 with a HealthResult", () =>
      Effect.gen(function* () {
        const res = yield* getPath("/api/health?baseUrl=" + encodeURIComponent("http://127.0.0.1:9/v1"))
        assert.strictEqual(res.status, 503)
        const body = yield* jsonOf<Record<string, unknown>>(res)
        assert.strictEqual(body["ok"], false)
        assert.strictEqual(body["localProviderReachable"], false)
        assert.include(String(body["error"]), "LM Studio")
      })
    )

    it.effect("a rewrite against a refused connection is 503 provider_unreachable", () =>
      Effect.gen(function* () {
        const res = yield* rewrite({ document: "Text.", provider: { baseUrl: "http://127.0.0.1:9/v1" } })
        assert.strictEqual(res.status, 503)
        assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "provider_unreachable")
      })
    )

    it.effect("a model name the provider does not list is sent as it is (llama.cpp serves any name)", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const res = yield* rewrite({ document: "We utilize 4 servers.", provider: { model: "llama-9000" } })
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.strictEqual(body.provider.model, "llama-9000")
        assert.strictEqual(body.finalText, "We use 4 servers.")
        const chats = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
        assert.isAbove(chats.length, 0)
        for (const chat of chats) assert.strictEqual(chat.body?.["model"], "llama-9000")
      })
    )
  })
})

describe("time-outs", () => {
  layer(TestApp({ PROVIDER_TIMEOUT: "300 millis" }), { excludeTestServices: true })("slow provider", (it) => {
    it.effect("a provider slower than PROVIDER_TIMEOUT gives 504 provider_timeout", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["slow"], delayMs: 2_000 })
        const res = yield* rewrite({ document: "Text." })
        assert.strictEqual(res.status, 504)
        const body = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(body.error.code, "provider_timeout")
        assert.include(body.error.message, "did not answer within")
      })
    )
  })
})
