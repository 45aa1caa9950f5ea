/**
 * The provider client (src/provider/LlmProvider.ts) against a scripted server: what Redraft sends, what it makes of
 * each kind of answer real servers give, and what the writer is told when the answer is no. No service around it, so
 * each case takes milliseconds.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { createServer } from "node:http"
import type { ProviderRejected } from "../../../src/domain/Errors.ts"
import { type ChatRequest, emptyUsage, LlmProvider } from "../../../src/provider/LlmProvider.ts"
import { listenOnLoopback } from "../../support/Loopback.ts"
import { models, providerLayer, reply, scriptedServer } from "./Scripted.ts"

const request = (baseUrl: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  target: { baseUrl, model: "qwen3-8b", reasoningEffort: "low" },
  messages: [
    { role: "system", content: "Rewrite plainly." },
    { role: "user", content: "We utilize 4 servers." }
  ],
  temperature: 0.3,
  purpose: "rewrite",
  ...extra
})

/** The failure's reason, for its message and fields. */
const failureOf = <A, R>(effect: Effect.Effect<A, { readonly reason: unknown }, R>) =>
  Effect.map(Effect.flip(effect), (e) => e.reason as ProviderRejected)

const json = (text: string): { ok: number } | undefined => {
  const parsed = /^\{.*\}$/s.test(text) ? (JSON.parse(text) as { ok?: number }) : undefined
  return parsed?.ok !== undefined ? { ok: parsed.ok } : undefined
}

describe("a chat request", () => {
  it.live(
    "sends the model, messages, temperature and reasoning effort, never streaming; max_tokens only when set",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer
        server.script("/chat/completions", reply("We use 4 servers."), reply("We use 4 servers."))
        const provider = yield* LlmProvider
        yield* provider.chat(request(server.baseUrl, { maxTokens: 300 }))
        yield* provider.chat(request(server.baseUrl))
        const [first, second] = server.seen()
        assert.strictEqual(first?.method, "POST")
        assert.strictEqual(first?.path, "/v1/chat/completions")
        assert.deepStrictEqual(first?.body, {
          model: "qwen3-8b",
          messages: [
            { role: "system", content: "Rewrite plainly." },
            { role: "user", content: "We utilize 4 servers." }
          ],
          temperature: 0.3,
          stream: false,
          reasoning_effort: "low",
          max_tokens: 300
        })
        assert.notProperty(second?.body, "max_tokens")
      }).pipe(Effect.provide(providerLayer()))
  )

  it.live("the answer is the content without its think block; finish_reason length marks it cut off", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        reply("<think>They want it short.</think>We use 4 servers.", "length"),
        reply("We use 4 servers.", "stop"),
        { json: { choices: [{ message: { content: "", reasoning_content: "From reasoning." } }] } }
      )
      const provider = yield* LlmProvider
      assert.deepStrictEqual(yield* provider.chat(request(server.baseUrl)), {
        text: "We use 4 servers.",
        truncated: true
      })
      assert.deepStrictEqual(yield* provider.chat(request(server.baseUrl)), {
        text: "We use 4 servers.",
        truncated: false
      })
      assert.deepStrictEqual(yield* provider.chat(request(server.baseUrl)), {
        text: "From reasoning.",
        truncated: false
      })
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("the meter counts each call and its tokens; a reply without usage counts the call alone", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        reply("One.", "stop", { prompt_tokens: 120, completion_tokens: 7 }),
        reply("Two.", "stop", { prompt_tokens: 80 }),
        reply("Three.")
      )
      const provider = yield* LlmProvider
      const meter = yield* Ref.make(emptyUsage)
      for (let i = 0; i < 3; i++) yield* provider.chat(request(server.baseUrl, { meter }))
      assert.deepStrictEqual(yield* Ref.get(meter), { calls: 3, promptTokens: 200, completionTokens: 7 })
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live(
    "a 200 without choices is refused naming the stage; one that carries an error gives the provider's words",
    () =>
      Effect.gen(function* () {
        const server = yield* scriptedServer
        server.script(
          "/chat/completions",
          { json: { choices: [] } },
          { json: { object: "error", message: "Model is not loaded" } }
        )
        const provider = yield* LlmProvider
        const empty = yield* failureOf(provider.chat(request(server.baseUrl, { purpose: "verification" })))
        assert.strictEqual(
          empty.message,
          `the provider at ${server.baseUrl}/chat/completions sent a verification reply without choices[0].message`
        )
        assert.isUndefined(empty.providerMessage)
        const refused = yield* failureOf(provider.chat(request(server.baseUrl)))
        assert.strictEqual(
          refused.message,
          `the provider at ${server.baseUrl}/chat/completions refused the rewrite request: Model is not loaded`
        )
        assert.strictEqual(refused.providerMessage, "Model is not loaded")
      }).pipe(Effect.provide(providerLayer()))
  )
})

describe("what the writer is told when the provider says no", () => {
  it.live("an error status names the address, the status and the provider's message, and is not retried", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", {
        status: 400,
        json: { error: { message: "the request exceeds the available context size" } }
      })
      const failure = yield* failureOf((yield* LlmProvider).chat(request(server.baseUrl)))
      assert.strictEqual(failure._tag, "ProviderRejected")
      assert.strictEqual(
        failure.message,
        `the provider at ${server.baseUrl}/chat/completions answered 400: the request exceeds the available context size`
      )
      assert.strictEqual(failure.providerStatus, 400)
      assert.strictEqual(failure.providerMessage, "the request exceeds the available context size")
      assert.isUndefined(failure.retryAfterMs)
      assert.strictEqual(server.seen().length, 1)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a 404 at an address without a version prefix suggests adding /v1; with /v1 it does not", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      const provider = yield* LlmProvider
      const bare = yield* failureOf(provider.chat(request(server.origin)))
      assert.strictEqual(
        bare.message,
        `the provider at ${server.origin}/chat/completions answered 404: no route /chat/completions; does the base URL need /v1 at its end?`
      )
      const versioned = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(
        versioned.message,
        `the provider at ${server.baseUrl}/chat/completions answered 404: no route /v1/chat/completions`
      )
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a plain-text error body is quoted trimmed and cut at 300 characters; an empty one adds nothing", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        { status: 422, raw: "  model not found \n" },
        { status: 422, raw: "x".repeat(500) },
        { status: 422, raw: "   " }
      )
      const provider = yield* LlmProvider
      const short = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(short.providerMessage, "model not found")
      assert.isTrue(short.message.endsWith("answered 422: model not found"))
      const long = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(long.providerMessage, "x".repeat(300))
      const blank = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(blank.message, `the provider at ${server.baseUrl}/chat/completions answered 422`)
      assert.isUndefined(blank.providerMessage)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a 429 whose Retry-After does not fit the budget fails at once and says how long the provider asked", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        { status: 429, headers: { "retry-after": "7" }, json: { error: "busy" } },
        {
          status: 503,
          headers: { "retry-after": "Thu, 26 Nov 2026 10:00:30 GMT", date: "Thu, 26 Nov 2026 10:00:00 GMT" },
          json: { error: "Loading model" }
        }
      )
      const provider = yield* LlmProvider
      const seconds = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(seconds.retryAfterMs, 7000)
      assert.strictEqual(seconds.providerStatus, 429)
      const date = yield* failureOf(provider.chat(request(server.baseUrl)))
      assert.strictEqual(date.retryAfterMs, 30_000)
      assert.strictEqual(date.providerMessage, "Loading model")
      assert.strictEqual(server.seen().length, 2)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a server error is retried, and an answer after it is used", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", { status: 500, raw: "oops" }, { status: 502, raw: "" }, reply("Fine."))
      const answer = yield* (yield* LlmProvider).chat(request(server.baseUrl))
      assert.strictEqual(answer.text, "Fine.")
      assert.strictEqual(server.seen().length, 3)
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "2 seconds" })))
  )

  it.live("a refused connection is provider_unreachable, naming the socket error and what to check", () =>
    Effect.gen(function* () {
      // A port that was just free: nothing listens there.
      const port = yield* Effect.scoped(listenOnLoopback(createServer()))
      const baseUrl = `http://127.0.0.1:${port}/v1`
      const failure = yield* failureOf((yield* LlmProvider).chat(request(baseUrl)))
      assert.strictEqual(failure._tag, "ProviderUnreachable")
      assert.match(
        failure.message,
        new RegExp(`^cannot reach the provider at ${baseUrl}/chat/completions: ECONNREFUSED`)
      )
      assert.include(failure.message, "Is LM Studio, Ollama or llama.cpp running, and is the address right?")
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a connection dropped without an answer is unreachable too", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", { reset: true }, { reset: true }, { reset: true }, { reset: true })
      const failure = yield* failureOf((yield* LlmProvider).chat(request(server.baseUrl)))
      assert.strictEqual(failure._tag, "ProviderUnreachable")
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "1 millis" })))
  )

  it.live("no answer within the time-out is provider_timeout, naming the address and the wait", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", { ...reply("Late."), delayMs: 1000 })
      const failure = yield* failureOf((yield* LlmProvider).chat(request(server.baseUrl)))
      assert.strictEqual(failure._tag, "ProviderTimeout")
      assert.strictEqual(
        failure.message,
        `the provider at ${server.baseUrl}/chat/completions did not answer within 150ms`
      )
    }).pipe(Effect.provide(providerLayer({ PROVIDER_TIMEOUT: "150 millis", PROVIDER_RETRY_BUDGET: "1 millis" })))
  )
})

describe("a reply that must parse", () => {
  const HINT = 'Reply again with only {"ok": n}.'

  it.live("an unusable reply is asked once more with the hint as the last system message", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", reply("Sure! Here you go."), reply('{"ok": 2}'))
      const parsed = yield* (yield* LlmProvider).complete(request(server.baseUrl, { maxTokens: 100 }), json, HINT)
      assert.deepStrictEqual(parsed, { ok: 2 })
      const [first, second] = server.seen()
      const messages = second?.body?.["messages"] as ReadonlyArray<{ role: string; content: string }>
      assert.strictEqual(messages.length, 3)
      assert.deepStrictEqual(messages.at(-1), { role: "system", content: HINT })
      assert.deepStrictEqual(messages.slice(0, 2), first?.body?.["messages"])
      // Not cut off: the same room to answer in.
      assert.strictEqual(second?.body?.["max_tokens"], 100)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a first reply that parses is used at once", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/chat/completions", reply('{"ok": 1}'))
      assert.deepStrictEqual(yield* (yield* LlmProvider).complete(request(server.baseUrl), json, HINT), { ok: 1 })
      assert.strictEqual(server.seen().length, 1)
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a cut-off reply is not used even when it parses, and is asked again with twice the room", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        reply('{"ok": 1}', "length"),
        reply('{"ok": 3}'),
        reply("{", "length"),
        reply('{"ok": 4}')
      )
      const provider = yield* LlmProvider
      assert.deepStrictEqual(yield* provider.complete(request(server.baseUrl, { maxTokens: 250 }), json, HINT), {
        ok: 3
      })
      assert.strictEqual(server.seen()[1]?.body?.["max_tokens"], 500)
      // Without a max_tokens of its own, the second try adds none.
      assert.deepStrictEqual(yield* provider.complete(request(server.baseUrl), json, HINT), { ok: 4 })
      assert.notProperty(server.seen()[3]?.body, "max_tokens")
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("two failures end the request, saying whether the reply was cut off, empty or could not be used", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/chat/completions",
        reply("{", "length"),
        reply("{", "length"),
        reply(""),
        reply(""),
        reply("nope"),
        reply("")
      )
      const provider = yield* LlmProvider
      const ask = () => failureOf(provider.complete(request(server.baseUrl), json, HINT))
      const advice = "twice; try another model or a lower reasoning effort"
      assert.strictEqual(
        (yield* ask()).message,
        `the model's rewrite reply was cut off (finish_reason "length") ${advice}`
      )
      assert.strictEqual((yield* ask()).message, `the model's rewrite reply was empty ${advice}`)
      // What counts is the second reply: empty after an unusable one.
      assert.strictEqual((yield* ask()).message, `the model's rewrite reply was empty ${advice}`)
      server.script("/chat/completions", reply("nope"), reply("still nope"))
      assert.strictEqual((yield* ask()).message, `the model's rewrite reply could not be used ${advice}`)
    }).pipe(Effect.provide(providerLayer()))
  )
})

describe("models", () => {
  it.live("the list gives the ids in the server's order; a list without data[].id is refused", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", models("qwen3-8b", "gemma-4-12b"), { json: { models: ["qwen3-8b"] } })
      const provider = yield* LlmProvider
      assert.deepStrictEqual(yield* provider.listModels(server.baseUrl), ["qwen3-8b", "gemma-4-12b"])
      assert.strictEqual(server.seen()[0]?.method, "GET")
      assert.strictEqual(server.seen()[0]?.path, "/v1/models")
      const failure = yield* failureOf(provider.listModels(server.baseUrl))
      assert.strictEqual(
        failure.message,
        `the provider at ${server.baseUrl}/models sent a model list without data[].id`
      )
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a named model is used as written, trimmed, without asking the server", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      const choice = yield* (yield* LlmProvider).selectModel(server.baseUrl, "  my-finetune  ")
      assert.deepStrictEqual(choice, { model: "my-finetune", defaultModelFound: false })
      assert.deepStrictEqual(server.seen(), [])
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("with no name or a blank one, the server's list is asked and the default family chosen from it", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script(
        "/models",
        models("nomic-embed-text", "llama-3.2", "google/gemma-4-12b-it-qat"),
        models("nomic-embed-text", "llama-3.2")
      )
      const provider = yield* LlmProvider
      assert.deepStrictEqual(yield* provider.selectModel(server.baseUrl, undefined), {
        model: "google/gemma-4-12b-it-qat",
        defaultModelFound: true
      })
      assert.deepStrictEqual(yield* provider.selectModel(server.baseUrl, " "), {
        model: "llama-3.2",
        defaultModelFound: false
      })
    }).pipe(Effect.provide(providerLayer()))
  )

  it.live("a server without a model list (404, 405, 501) is sent the default family; other refusals stop the run", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", { status: 404, raw: "" }, { status: 405, raw: "" }, { status: 501, raw: "" })
      const provider = yield* LlmProvider
      for (let i = 0; i < 3; i++) {
        assert.deepStrictEqual(yield* provider.selectModel(server.baseUrl, undefined), {
          model: "gemma-4",
          defaultModelFound: false
        })
      }
      server.script("/models", { status: 403, json: { error: "forbidden" } })
      const failure = yield* failureOf(provider.selectModel(server.baseUrl, undefined))
      assert.strictEqual(failure.providerStatus, 403)
      // A 501 counts as a server error, retried while the budget lasts: none here, so each status is asked once.
      assert.strictEqual(server.seen().length, 4)
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "0 millis" })))
  )

  it.live("a run waits for a restarting server's model list; a health check asks once", () =>
    Effect.gen(function* () {
      const server = yield* scriptedServer
      server.script("/models", { status: 503, raw: "Loading model" }, models("qwen3-8b"))
      const provider = yield* LlmProvider
      assert.deepStrictEqual(yield* provider.selectModel(server.baseUrl, undefined), {
        model: "qwen3-8b",
        defaultModelFound: false
      })
      assert.strictEqual(server.seen().length, 2)
      server.script("/models", { status: 503, raw: "Loading model" }, models("qwen3-8b"))
      const failure = yield* failureOf(provider.listModels(server.baseUrl))
      assert.strictEqual(failure.providerStatus, 503)
      assert.strictEqual(server.seen().length, 3)
    }).pipe(Effect.provide(providerLayer({ PROVIDER_RETRY_BUDGET: "2 seconds" })))
  )
})
