/**
 * The provider health check (src/provider/ProviderHealth.ts) against a scripted server, one case per answer a writer
 * can get in the settings: ready, no chat model, unreachable, an error, the address missing its /v1, a server with no
 * model list, and a server that is not an OpenAI-compatible API at all.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import { checkHealth } from "../../../src/provider/ProviderHealth.ts"
import { listenOnLoopback } from "../../support/Loopback.ts"
import { models, providerLayer, reply, scriptedServer } from "./Scripted.ts"

describe("provider health", () => {
  it.live("a list with a chat model is ready, naming the model chosen and whether it is of the default family", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", models("nomic-embed-text", "gemma-4-e4b"), models("qwen3-8b"))
      assert.deepStrictEqual(yield* checkHealth(server.baseUrl), {
        status: 200,
        body: {
          slots: { count: 4, source: "configured" },
          ok: true,
          localProviderReachable: true,
          defaultModelFound: true,
          model: "gemma-4-e4b",
          status: "ready",
          baseUrl: server.baseUrl
        }
      })
      const other = yield* checkHealth(server.baseUrl)
      assert.strictEqual(other.body.model, "qwen3-8b")
      assert.isFalse(other.body.defaultModelFound)
      assert.isTrue(other.body.ok)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a list of embedding models only is running but has no chat model, and says to load one", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", models("text-embedding-nomic-embed-text-v1.5"))
      assert.deepStrictEqual(yield* checkHealth(server.baseUrl), {
        status: 200,
        body: {
          slots: { count: 4, source: "configured" },
          ok: false,
          localProviderReachable: true,
          defaultModelFound: false,
          model: null,
          status: "no_model",
          baseUrl: server.baseUrl,
          error: "the provider is running but has no chat model loaded; load one and retry"
        }
      })
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("nothing listening is 503 unreachable, at once", () =>
    Effect.gen(function* () {
      const port = yield* Effect.scoped(listenOnLoopback(createServer()))
      const baseUrl = `http://127.0.0.1:${port}/v1`
      const { status, body } = yield* checkHealth(baseUrl)
      assert.strictEqual(status, 503)
      assert.strictEqual(body.status, "unreachable")
      assert.isFalse(body.ok)
      assert.isFalse(body.localProviderReachable)
      assert.include(body.error, "ECONNREFUSED")
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "10 seconds" })))
  )

  it.live("a model list that answers an error is a reachable provider_error with the provider's words", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", { status: 500, json: { error: { message: "out of memory" } } })
      const { status, body } = yield* checkHealth(server.baseUrl)
      assert.strictEqual(status, 200)
      assert.strictEqual(body.status, "provider_error")
      assert.isTrue(body.localProviderReachable)
      assert.isFalse(body.ok)
      assert.strictEqual(body.error, `the provider at ${server.baseUrl}/models answered 500: out of memory`)
      // A health check asks once: no retry of the 500.
      assert.strictEqual(server.seen().length, 1)
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "10 seconds" })))
  )

  it.live("an address missing its /v1, where the same address with /v1 lists models, suggests it", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      // The bare address has no /models route (404); /v1/models answers.
      server.script("/v1/models", models("qwen3-8b"))
      const { status, body } = yield* checkHealth(server.origin)
      assert.strictEqual(status, 200)
      assert.strictEqual(body.status, "wrong_base_url")
      assert.strictEqual(body.suggestedBaseUrl, server.baseUrl)
      assert.strictEqual(
        body.error,
        `${server.origin} is not an OpenAI-compatible API, but ${server.baseUrl} is: use ${server.baseUrl} as the endpoint`
      )
      assert.isFalse(body.ok)
      assert.isTrue(body.localProviderReachable)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("an address missing its /v1, where /v1 does not answer either, gets no suggestion", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", { status: 404, raw: "" })
      const { body } = yield* checkHealth(server.origin)
      assert.deepStrictEqual(
        server.seen().map((s) => s.path),
        ["/models", "/v1/models", "/chat/completions"]
      )
      assert.strictEqual(body.status, "not_openai_api")
      assert.isUndefined(body.suggestedBaseUrl)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a server with no model list whose test chat works is usable, naming the default family", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", reply("OK"))
      // The address already ends in /v1: no /v1/v1 is tried.
      const { status, body } = yield* checkHealth(server.baseUrl)
      assert.deepStrictEqual(
        server.seen().map((s) => s.path),
        ["/v1/models", "/v1/chat/completions"]
      )
      assert.strictEqual(status, 200)
      assert.deepStrictEqual(body, {
        ok: true,
        localProviderReachable: true,
        defaultModelFound: false,
        model: "gemma-4",
        status: "models_unlisted",
        baseUrl: server.baseUrl,
        error: "the provider does not list models; requests will name gemma-4 unless you choose a model"
      })
      // The test chat is as small as a chat can be.
      const probe = server.seen()[1]?.body
      assert.strictEqual(probe?.["max_tokens"], 1)
      assert.strictEqual(probe?.["temperature"], 0)
      assert.strictEqual(probe?.["model"], "gemma-4")
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live(
    "a page that is not a model list, with a failing test chat, is not an OpenAI API and says where to look",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer
        server.script("/models", { raw: "<html>router login</html>" })
        server.script("/chat/completions", { status: 405, raw: "" })
        const { status, body } = yield* checkHealth(server.baseUrl)
        assert.strictEqual(status, 200)
        assert.strictEqual(body.status, "not_openai_api")
        assert.isFalse(body.ok)
        assert.isTrue(body.localProviderReachable)
        assert.include(body.error, `the server at ${server.baseUrl} answers, but not as an OpenAI-compatible API (`)
        assert.include(body.error, "sent a model list without data[].id")
        assert.include(body.error, "a test chat request failed too: ")
        assert.include(body.error, "answered 405")
        assert.include(body.error, "it usually ends in /v1, such as http://localhost:1234/v1")
      }).pipe(Effect.provide(providerLayer()))
  )
})
