import { NodeHttpClient } from "@effect/platform-node"
import { Context, Deferred, Duration, Effect, Layer, Option, Ref, Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { AppConfig } from "../AppConfig.ts"
import { ProviderError, ProviderRejected, ProviderTimeout, ProviderUnreachable } from "../domain/Errors.ts"
import type { ReasoningEffort, UsageFigures } from "../domain/Rewrite.ts"
import { CallRank, Gate, SlotLease } from "./Gate.ts"
import { providerErrorMessage, replyText } from "./ModelReply.ts"
import { chooseModel, type ModelChoice } from "./ModelSelection.ts"
import { originOf, ProviderDirectory } from "./ProviderDirectory.ts"
import { retryWithinBudget } from "./Retry.ts"

/** What to do when nothing answers at the provider's address. */
const START_HINT =
  "Is LM Studio, Ollama or llama.cpp running, and is the address right? Start the model server (LM Studio: the Developer tab's Start Server; Ollama: ollama serve; llama.cpp: llama-server -m MODEL.gguf), or set the endpoint to where it listens"

/** Chat requests in flight per server when neither PROVIDER_CONCURRENCY nor the server says how many. */
const DEFAULT_SLOTS = 4

/** How many chat requests a server gets at once, and who said so. */
export interface Slots {
  readonly count: number
  readonly source: "configured" | "server" | "default"
}

/** How long a provider that never answered is retried when it refuses connections: it is not running. */
const UNREACHED_BUDGET = Duration.seconds(2)

export interface ChatMessage {
  readonly role: "system" | "user" | "assistant"
  readonly content: string
}

/** One successful chat of a piece of work, word for word: what was asked, what the model answered, and its reading. */
export interface Exchange {
  readonly purpose: string
  readonly messages: ReadonlyArray<ChatMessage>
  readonly reply: string
  readonly value: unknown
}

/**
 * The exchanges of one paragraph so far (`complete` adds each). A later call can continue the conversation instead of
 * quoting it: the server's prompt cache holds it up to its last answer. Provided per paragraph by the pipeline.
 */
export const Conversation = Context.Reference<Array<Exchange> | undefined>("app/provider/Conversation", {
  defaultValue: () => undefined
})

/** This paragraph's latest recorded exchange of `purpose` whose reading was `value`, if any was recorded. */
export const recordedExchange = (purpose: string, value: unknown): Effect.Effect<Exchange | undefined> =>
  Effect.gen(function* () {
    const exchanges = yield* Conversation
    return exchanges?.findLast((e) => e.purpose === purpose && e.value === value)
  })

/** The exchange's conversation continued: its messages word for word, the model's answer, then `content`. */
export const continuation = (exchange: Exchange, content: string): ReadonlyArray<ChatMessage> => [
  ...exchange.messages,
  { role: "assistant", content: exchange.reply },
  { role: "user", content }
]

/** Where a run's chat requests go. */
export interface ProviderTarget {
  readonly baseUrl: string
  readonly model: string
  readonly reasoningEffort: ReasoningEffort
}

export interface ChatRequest {
  readonly target: ProviderTarget
  readonly messages: ReadonlyArray<ChatMessage>
  readonly temperature: number
  readonly maxTokens?: number
  /** Per-run counters of calls and tokens, for the debug report and the benchmark. */
  readonly meter?: Ref.Ref<UsageFigures>
  /** Names the request in error messages, e.g. "rewrite" or "verification". */
  readonly purpose: string
  /** A health probe: the short time-out of health checks and no retries. */
  readonly probe?: boolean
}

export interface ChatReply {
  readonly text: string
  readonly truncated: boolean
}

export const emptyUsage: UsageFigures = { calls: 0, promptTokens: 0, completionTokens: 0 }

/**
 * The one way Redraft talks to a model server. Adds the endpoint paths, bounds chat requests per base URL across all
 * runs (handing free slots out by `CallRank`, see Gate.ts), times out, retries transient failures with back-off, and retries an unusable reply once with a stricter
 * instruction. Sends a configured provider's key to that provider's origin only (ProviderDirectory).
 */
export class LlmProvider extends Context.Service<
  LlmProvider,
  {
    readonly listModels: (baseUrl: string) => Effect.Effect<ReadonlyArray<string>, ProviderError>
    readonly selectModel: (baseUrl: string, requested: string | undefined) => Effect.Effect<ModelChoice, ProviderError>
    readonly chat: (request: ChatRequest) => Effect.Effect<ChatReply, ProviderError>
    /** How many chat requests the server at `baseUrl` gets at once, and who said so (settled on first use). */
    readonly slots: (baseUrl: string) => Effect.Effect<Slots>
    /**
     * A chat whose answer must pass `parse`. An empty, truncated or unparseable answer is asked for once more with
     * `retryHint` appended; a second failure is a `provider_error`.
     */
    readonly complete: <A>(
      request: ChatRequest,
      parse: (text: string) => A | undefined,
      retryHint: string
    ) => Effect.Effect<A, ProviderError>
  }
>()("app/provider/LlmProvider") {
  static readonly layerNoDeps = Layer.effect(
    LlmProvider,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const client = (yield* HttpClient.HttpClient).pipe(HttpClient.mapRequest(HttpClientRequest.acceptJson))
      const directory = yield* ProviderDirectory
      /** The request with the key of the configured provider at its origin, if that provider has one. */
      const withKey = (request: HttpClientRequest.HttpClientRequest) =>
        Effect.map(directory.serverSettings(request.url), (settings) =>
          Option.match(settings.key, {
            onNone: () => request,
            onSome: (key) => HttpClientRequest.bearerToken(request, key.value)
          })
        )
      /** What to do about a refused key: which key was sent, if any, and where a key is set. */
      const keyHint = (url: string) =>
        Effect.map(directory.serverSettings(url), (settings) =>
          Option.match(settings.key, {
            onSome: ({ provider }) =>
              `; the server refused the key of provider ${provider.id} (${
                provider.keyStatus.env !== undefined ? `from ${provider.keyStatus.env}` : "kept in providers.json"
              }): set the key the server was started with`,
            onNone: () =>
              "; the server needs a key: give it to a provider at this address (the Model server settings, `redraft providers add`, or PROVIDER_API_KEY for the default provider); a key goes only to its own provider's address"
          })
        )
      // Each server's slots are settled once, on its first call: the configured concurrency of the provider at its
      // origin (else PROVIDER_CONCURRENCY), else what the server declares, else DEFAULT_SLOTS. A run waiting for them
      // is one Deferred, so two runs starting at once ask the server once. A changed configuration is a new gate.
      const gates = new Map<string, Deferred.Deferred<{ readonly gate: Gate; readonly slots: Slots }>>()
      const settle = (baseUrl: string) =>
        Effect.gen(function* () {
          const configured = (yield* directory.serverSettings(baseUrl)).concurrency
          const gateKey = `${baseUrl} ${Option.getOrElse(configured, () => 0)}`
          const known = gates.get(gateKey)
          if (known !== undefined) return yield* Deferred.await(known)
          const deferred = yield* Deferred.make<{ readonly gate: Gate; readonly slots: Slots }>()
          gates.set(gateKey, deferred)
          // Not interruptible (the question is bounded by PROVIDER_META_TIMEOUT): a run cancelled meanwhile must not
          // leave the next runs waiting on an answer nobody gives.
          return yield* Effect.uninterruptible(
            Effect.gen(function* () {
              const declared = Option.isSome(configured)
                ? { reached: true, slots: configured }
                : yield* declaredSlots(baseUrl)
              const slots: Slots = Option.isSome(configured)
                ? { count: configured.value, source: "configured" }
                : Option.match(declared.slots, {
                    onNone: (): Slots => ({ count: DEFAULT_SLOTS, source: "default" }),
                    onSome: (count): Slots => ({ count, source: "server" })
                  })
              const settled = { gate: new Gate(slots.count), slots }
              yield* Deferred.succeed(deferred, settled)
              // A server that did not answer at all is asked again on its next use: it may be starting.
              if (!declared.reached) gates.delete(gateKey)
              return settled
            })
          )
        })
      const gateFor = (baseUrl: string) => Effect.map(settle(baseUrl), (s) => s.gate)

      /** llama.cpp's `GET /props` (at the server's root) says how many slots it runs; other servers say nothing. */
      const declaredSlots = (baseUrl: string) => {
        const origin = originOf(baseUrl)
        const none = { reached: false, slots: Option.none<number>() }
        if (origin === undefined) return Effect.succeed(none)
        return exchange(HttpClientRequest.get(`${origin}/props`), config.metaTimeout).pipe(
          Effect.map(({ body }) => {
            const total = (body as { total_slots?: unknown } | undefined)?.total_slots
            const valid = typeof total === "number" && Number.isInteger(total) && total >= 1 && total <= 1024
            return { reached: true, slots: valid ? Option.some(total) : Option.none<number>() }
          }),
          // An error status is an answer (no /props there); a connection that fails is none.
          Effect.catch((e) =>
            Effect.succeed(e._tag === "ProviderRejected" ? { reached: true, slots: Option.none<number>() } : none)
          )
        )
      }

      /**
       * One HTTP exchange: a 2xx answer with its parsed JSON body; transport failures, time-outs and error statuses
       * already classified.
       */
      const exchange = (request: HttpClientRequest.HttpClientRequest, timeout: Duration.Duration) =>
        withKey(request).pipe(
          Effect.flatMap(client.execute),
          Effect.flatMap((response) =>
            response.text.pipe(
              Effect.map((text) => ({
                status: response.status,
                body: parseJson(text),
                raw: text,
                retryAfterMs: parseRetryAfter(response.headers["retry-after"], response.headers["date"])
              }))
            )
          ),
          Effect.timeout(timeout),
          Effect.catchTags({
            TimeoutError: () =>
              Effect.fail(
                new ProviderTimeout({
                  message: `the provider at ${request.url} did not answer within ${Duration.format(timeout)}`
                })
              ),
            HttpClientError: (e) =>
              Effect.fail(
                e.reason._tag === "TransportError" || e.reason._tag === "InvalidUrlError"
                  ? new ProviderUnreachable({
                      message: `cannot reach the provider at ${request.url}: ${describeCause(e)}. ${START_HINT}`
                    })
                  : new ProviderRejected({ message: `the provider at ${request.url} sent an unreadable response` })
              )
          }),
          Effect.flatMap((r) =>
            r.status >= 200 && r.status < 300
              ? Effect.succeed(r)
              : Effect.flatMap(failOnStatus(request.url, r), Effect.fail)
          )
        )

      const failOnStatus = (
        url: string,
        {
          status,
          body,
          raw,
          retryAfterMs
        }: { status: number; body: unknown; raw: string; retryAfterMs: number | undefined }
      ) => {
        const providerMessage = providerErrorMessage(body) ?? (raw.trim().slice(0, 300) || undefined)
        // The most common set-up mistake: the address without its /v1.
        const hinted =
          status === 404 && !/\/v\d+\/[a-z/]+$/i.test(url)
            ? Effect.succeed("; does the base URL need /v1 at its end?")
            : status === 401 || status === 403
              ? keyHint(url)
              : Effect.succeed("")
        return Effect.map(
          hinted,
          (hint) =>
            new ProviderRejected({
              message: `the provider at ${url} answered ${status}${providerMessage ? `: ${providerMessage}` : ""}${hint}`,
              providerStatus: status,
              ...(providerMessage !== undefined ? { providerMessage } : {}),
              ...(retryAfterMs !== undefined ? { retryAfterMs } : {})
            })
        )
      }

      const basePolicy = { baseDelay: config.retryBaseDelay, budget: config.retryBudget }
      /** Health checks and model listing answer at once. */
      const noRetry = { ...basePolicy, budget: Duration.zero }
      // Providers that have answered at least once: one that is restarting is waited for, within the budget; one
      // that never answered and refuses connections is not running, and the writer hears so within UNREACHED_BUDGET.
      const answered = new Set<string>()
      const retryPolicy = (baseUrl: string) =>
        answered.has(baseUrl) ? basePolicy : { ...basePolicy, unreachedBudget: UNREACHED_BUDGET }
      const noted =
        (baseUrl: string) =>
        <A, E extends { readonly _tag: string }, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
          self.pipe(
            Effect.tap(() => Effect.sync(() => answered.add(baseUrl))),
            Effect.tapError((e) =>
              Effect.sync(() => {
                if (e._tag !== "ProviderUnreachable") answered.add(baseUrl)
              })
            )
          )

      /** `GET /models`; retried within the budget when a run depends on it, answered at once for health checks. */
      const fetchModels = Effect.fnUntraced(function* (baseUrl: string, retry: boolean) {
        const url = `${baseUrl}/models`
        const { body } = yield* retryWithinBudget(
          exchange(HttpClientRequest.get(url), config.metaTimeout).pipe(noted(baseUrl)),
          retry ? retryPolicy(baseUrl) : noRetry
        )
        const decoded = Schema.decodeUnknownOption(ModelList)(body)
        if (decoded._tag === "None") {
          return yield* new ProviderRejected({ message: `the provider at ${url} sent a model list without data[].id` })
        }
        return decoded.value.data.map((m) => m.id)
      }, wrap)

      const listModels = Effect.fn("LlmProvider.listModels")((baseUrl: string) => fetchModels(baseUrl, false))

      const selectModel = Effect.fn("LlmProvider.selectModel")(function* (
        baseUrl: string,
        requested: string | undefined
      ) {
        // A named model is sent as it is: llama.cpp serves any name and LM Studio loads models on demand, so only
        // the provider's own refusal of a chat request says the model is wrong.
        if (requested !== undefined && requested.trim() !== "") return chooseModel(undefined, requested)
        // A run starting while the server restarts waits for it, as its chat requests would.
        const models = yield* fetchModels(baseUrl, true).pipe(
          Effect.map((ids): ReadonlyArray<string> | undefined => ids),
          // A server without GET /models can still chat: use the requested model, or the default family name.
          Effect.catchReasons("ProviderError", {
            ProviderRejected: (r) =>
              r.providerStatus === 404 || r.providerStatus === 405 || r.providerStatus === 501
                ? Effect.succeed(undefined)
                : Effect.fail(new ProviderError({ reason: r }))
          })
        )
        return chooseModel(models, requested)
      })

      // The hot path (every provider call) is untraced: span bookkeeping cost more than the rest of the call.
      const chat = Effect.fnUntraced(function* (request: ChatRequest) {
        const url = `${request.target.baseUrl}/chat/completions`
        const body = {
          model: request.target.model,
          messages: request.messages,
          temperature: request.temperature,
          stream: false,
          reasoning_effort: request.target.reasoningEffort,
          ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {})
        }
        const gate = yield* gateFor(request.target.baseUrl)
        const rank = yield* CallRank
        const lease = yield* SlotLease
        // The slot is held for one attempt only: a call waiting to retry leaves it to others, and so does a call still
        // unanswered past the retry budget (it goes on waiting, up to PROVIDER_TIMEOUT, without a slot).
        const answer = yield* retryWithinBudget(
          gate.withPermit(
            rank,
            exchange(
              HttpClientRequest.post(url).pipe(HttpClientRequest.bodyJsonUnsafe(body)),
              request.probe ? config.metaTimeout : config.providerTimeout
            ).pipe(noted(request.target.baseUrl)),
            request.probe ? undefined : config.retryBudget,
            lease
          ),
          request.probe ? noRetry : retryPolicy(request.target.baseUrl)
        )
        const reply = answer.body
        const decoded = Schema.decodeUnknownOption(ChatCompletion)(reply)
        if (decoded._tag === "None" || decoded.value.choices.length === 0) {
          const providerMessage = providerErrorMessage(reply)
          return yield* new ProviderRejected({
            message: providerMessage
              ? `the provider at ${url} refused the ${request.purpose} request: ${providerMessage}`
              : `the provider at ${url} sent a ${request.purpose} reply without choices[0].message`,
            ...(providerMessage !== undefined ? { providerMessage } : {})
          })
        }
        const completion = decoded.value
        const choice = completion.choices[0]
        if (request.meter) {
          yield* Ref.update(request.meter, (u) => ({
            calls: u.calls + 1,
            promptTokens: u.promptTokens + (completion.usage?.prompt_tokens ?? 0),
            completionTokens: u.completionTokens + (completion.usage?.completion_tokens ?? 0)
          }))
        }
        return { text: replyText(choice?.message), truncated: choice?.finish_reason === "length" }
      }, wrap)

      const complete = <A>(request: ChatRequest, parse: (text: string) => A | undefined, retryHint: string) => {
        const attempt = (req: ChatRequest) =>
          Effect.gen(function* () {
            const reply = yield* chat(req)
            const parsed = reply.truncated ? undefined : parse(reply.text)
            if (parsed !== undefined) {
              const conversation = yield* Conversation
              conversation?.push({ purpose: req.purpose, messages: req.messages, reply: reply.text, value: parsed })
            }
            return { reply, parsed }
          })
        return Effect.gen(function* () {
          const first = yield* attempt(request)
          if (first.parsed !== undefined) return first.parsed
          const retry: ChatRequest = {
            ...request,
            messages: [...request.messages, { role: "system", content: retryHint }],
            ...(first.reply.truncated && request.maxTokens !== undefined ? { maxTokens: request.maxTokens * 2 } : {})
          }
          const second = yield* attempt(retry)
          if (second.parsed !== undefined) return second.parsed
          const why = second.reply.truncated
            ? 'was cut off (finish_reason "length")'
            : second.reply.text.length === 0
              ? "was empty"
              : "could not be used"
          return yield* new ProviderError({
            reason: new ProviderRejected({
              message: `the model's ${request.purpose} reply ${why} twice; try another model or a lower reasoning effort`
            })
          })
        })
      }

      const slots = (baseUrl: string) => Effect.map(settle(baseUrl), (s) => s.slots)

      return LlmProvider.of({ listModels, selectModel, chat, complete, slots })
    })
  )

  /** Fully wired: the provider gets its own undici client (far cheaper per call than fetch), never the app's. */
  static readonly layer = LlmProvider.layerNoDeps.pipe(
    Layer.provide([NodeHttpClient.layerUndici, ProviderDirectory.layer])
  )
}

// ---------------------------------------------------------------------------------------------------------------

const ModelList = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.String })) })

const Text = Schema.optional(Schema.NullOr(Schema.String))
const ChatCompletion = Schema.Struct({
  choices: Schema.Array(
    Schema.Struct({
      message: Schema.optional(Schema.Struct({ content: Text, reasoning_content: Text, reasoning: Text })),
      finish_reason: Text
    })
  ),
  usage: Schema.optional(
    Schema.NullOr(
      Schema.Struct({
        prompt_tokens: Schema.optional(Schema.Number),
        completion_tokens: Schema.optional(Schema.Number)
      })
    )
  )
})

/**
 * `Retry-After` in milliseconds: delay-seconds, or an HTTP date read against the response's own `Date` header (so no
 * clock is consulted here).
 */
export const parseRetryAfter = (header: string | undefined, dateHeader: string | undefined): number | undefined => {
  if (header === undefined || header.trim() === "") return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const at = Date.parse(header)
  const now = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader)
  return Number.isNaN(at) || Number.isNaN(now) ? undefined : Math.max(0, at - now)
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const describeCause = (e: { readonly message: string; readonly cause?: unknown }): string => {
  let cause: unknown = e.cause
  // fetch hides the socket error (ECONNREFUSED, ECONNRESET) two levels down.
  for (let i = 0; i < 3 && cause instanceof Error; i++) {
    const code = (cause as { code?: unknown }).code
    if (typeof code === "string") return code
    cause = cause.cause
  }
  return e.message
}

const wrap = <A, R>(
  effect: Effect.Effect<A, ProviderUnreachable | ProviderTimeout | ProviderRejected | ProviderError, R>
) => effect.pipe(Effect.mapError((e) => (e._tag === "ProviderError" ? e : new ProviderError({ reason: e }))))
