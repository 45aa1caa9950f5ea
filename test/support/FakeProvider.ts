import { Context, Effect, Layer } from "effect"
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import { answerFor, everyKeyAnswer, faultyReply } from "./FakeAnswers.ts"
import { listenOnLoopback } from "./Loopback.ts"

export { fakeRewrite } from "./FakeAnswers.ts"

/** Ways a real OpenAI-compatible server has been seen to behave, switchable per test. */
export type Behaviour =
  | "fenced" // JSON inside a markdown fence
  | "prose" // JSON inside chatty prose
  | "think" // a <think> block before the answer
  | "reasoning-only" // empty content, answer in reasoning_content
  | "length" // finish_reason "length" with a cut-off answer, every time
  | "length-once"
  | "garbage" // unparseable text, every time
  | "garbage-once"
  | "empty-once"
  | "error-string" // 400 {"error": "text"}
  | "error-object" // 400 {"error": {"message": ...}}
  | "error-openai" // 404 {"object": "error", "message": ...}
  | "status-500" // 500 every time
  | "status-500-once"
  | "reset" // connection destroyed, every time
  | "reset-once"
  | "slow" // waits `delayMs` before answering chats
  | "no-models" // GET /models is 404
  | "empty-models"
  | "ignore-model" // answers with another model name
  | "drop-numbers" // rewrites lose every number
  | "add-heading" // rewrites start with a markdown heading
  | "bad-repair" // verification repairs that still lose details
  | "answers-kept" // the verification answers every wording question "kept" (the default answers "changed" and repairs)
  | "grade-low" // the verification grades every draft's style 10/100
  | "retry-varies" // every further rewrite round adds one more sentence ("Check the server now.", "Check the big server now.", …)
  | "smooth-marker" // smoothing prefixes "Next, " to paragraphs after the first
  | "short-verdict" // a faithful rewrite's verification is {"pass": true, "styleScore": …, "answers": […]} only
  | "first-task" // a model that does the first task its system messages name, whatever a later message asks
  | "latest-message" // a server that reads only the latest user message and fills every key it knows (everyKeyAnswer)

export interface FakeCall {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: Record<string, unknown> | undefined
  readonly task: string
  /** Chat requests being answered when this one arrived, itself included (0 for other requests). */
  readonly inFlight: number
}

/** A misbehaviour for one paragraph only: chat requests whose user message contains `match`. */
export interface Fault {
  readonly match: string
  readonly behaviour:
    | "length" // a cut-off reply (finish_reason "length") however large max_tokens is
    | "garbage" // an unparseable reply
    | "empty" // an empty reply
    | "slow" // answers after 10 s
    | "refuse" // 400 {"error": {"message": "the request exceeds the available context size"}}
    | "length-json" // the whole JSON answer, cut off right after it (finish_reason "length"), so it parses
    | "verdict-changed" // the verification says the meaning changed, gives no repair, whatever the guards found
    | "think-unclosed" // a rewrite that is an unclosed <think> holding a draft {"text": ...}, then nothing
    | "think-draft" // a rewrite with a fenced draft {"text": ...} in a closed <think>, then the real answer
}

export interface FakeSettings {
  readonly behaviours?: ReadonlyArray<Behaviour>
  readonly faults?: ReadonlyArray<Fault>
  readonly delayMs?: number
  /** Chats of these tasks ("rewrite", "verify", "smooth") answer only after 10 s; the others as usual. */
  readonly slowTasks?: ReadonlyArray<string>
  readonly models?: ReadonlyArray<string>
  /** Like llama.cpp while it loads a model: chats answer 503 "Loading model" with Retry-After for this long. */
  readonly loadingMs?: number
  /** Like vLLM or llama.cpp started with `--api-key`: every /v1 route needs `Authorization: Bearer <apiKey>`, else 401. */
  readonly apiKey?: string
  /** Like llama.cpp started with `-np N`: `GET /props` answers `{"total_slots": N}` (without it, 404 as elsewhere). */
  readonly slots?: number
  /**
   * Chats wait until this many are in flight, then the oldest is answered: a client that keeps that many slots busy
   * gets an answer for each request it sends. When fewer wait for `delayMs` (default 200 ms) with nothing arriving,
   * the oldest is answered anyway and counted in `idleAnswers`: the client had nothing more to send.
   */
  readonly answerWhenFull?: number
}

/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1, port 0, for tests. Answers the four task prompts of Redraft's
 * stages (rewrite, grade, verify, smooth) deterministically, records every request, and misbehaves on demand.
 */
export class FakeProvider extends Context.Service<
  FakeProvider,
  {
    readonly baseUrl: string
    readonly configure: (settings: FakeSettings) => Effect.Effect<void>
    readonly calls: Effect.Effect<ReadonlyArray<FakeCall>>
    /** Chat requests whose client went away before the answer was sent. */
    readonly aborted: Effect.Effect<number>
    /** Goes away (closes the port and every connection) for `ms`, then listens on the same port again. */
    readonly outage: (ms: number) => Effect.Effect<void>
    readonly maxInFlight: Effect.Effect<number>
    readonly inFlight: Effect.Effect<number>
    /** Chats answered with fewer than `answerWhenFull` in flight (see FakeSettings). */
    readonly idleAnswers: Effect.Effect<number>
  }
>()("test/FakeProvider") {
  static readonly layer = Layer.effect(
    FakeProvider,
    Effect.gen(function* () {
      const state = {
        settings: {} as FakeSettings,
        configuredAt: 0,
        once: new Set<Behaviour>(),
        calls: [] as Array<FakeCall>,
        aborted: 0,
        inFlight: 0,
        maxInFlight: 0,
        held: [] as Array<() => void>,
        idleTimer: undefined as ReturnType<typeof setTimeout> | undefined,
        idleAnswers: 0
      }
      /** `answerWhenFull`: answers the oldest held chat when enough are held, or after a quiet spell. */
      const releaseHeld = () => {
        clearTimeout(state.idleTimer)
        if (state.held.length >= (state.settings.answerWhenFull ?? 0)) state.held.shift()?.()
        if (state.held.length === 0) return
        state.idleTimer = setTimeout(() => {
          state.idleAnswers++
          state.held.shift()?.()
          releaseHeld()
        }, state.settings.delayMs ?? 200)
      }
      const has = (b: Behaviour) => (state.settings.behaviours ?? []).includes(b)
      /** A "-once" behaviour fires on the first chat only. */
      const once = (b: Behaviour) => {
        if (!has(b) || state.once.has(b)) return false
        state.once.add(b)
        return true
      }

      const server = createServer((req, res) => {
        let raw = ""
        req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
        req.on("end", () => {
          const body = parseBody(raw)
          const url = req.url ?? "/"
          const path = url.replace(/^\/v1/, "")
          const task = has("first-task") ? firstTask(body) : taskOf(body)
          // The slots question (`GET /props`) is the service's own bookkeeping, asked once per server: not a call.
          if (url !== "/props") {
            const chat = req.method === "POST" && path === "/chat/completions"
            const inFlight = chat ? state.inFlight + 1 : 0
            state.calls.push({ method: req.method ?? "GET", path, headers: req.headers, body, task, inFlight })
          }
          if (req.method === "GET" && url === "/props" && state.settings.slots !== undefined)
            return send(res, 200, { total_slots: state.settings.slots, chat_template: "" })
          // Like LM Studio, the API lives under /v1 only.
          if (!url.startsWith("/v1/"))
            return send(res, 404, { error: `Unexpected endpoint or method. (${req.method} ${url})` })
          if (state.settings.apiKey !== undefined && req.headers.authorization !== `Bearer ${state.settings.apiKey}`)
            return send(res, 401, { error: { message: "Invalid API key", type: "authentication_error" } })
          if (req.method === "GET" && path === "/models") return answerModels(res)
          if (req.method === "POST" && path === "/chat/completions") return answerChat(res, body, task)
          send(res, 404, { error: `no route ${req.method} ${req.url}` })
        })
      })

      const answerModels = (res: ServerResponse) => {
        if (has("no-models")) return send(res, 404, { error: "Unexpected endpoint or method. (GET /v1/models)" })
        const ids = has("empty-models") ? [] : (state.settings.models ?? DEFAULT_MODELS)
        send(res, 200, { object: "list", data: ids.map((id) => ({ id, object: "model" })) })
      }

      const answerChat = (res: ServerResponse, body: Record<string, unknown> | undefined, task: string) => {
        if (
          state.settings.loadingMs !== undefined &&
          performance.now() - state.configuredAt < state.settings.loadingMs
        ) {
          res.setHeader("retry-after", "1")
          return send(res, 503, { error: { code: 503, message: "Loading model", type: "unavailable_error" } })
        }
        const fault = faultFor(body)
        if (fault === "refuse")
          return send(res, 400, {
            error: { message: "the request exceeds the available context size", type: "invalid_request_error" }
          })
        if (has("reset") || once("reset-once")) return res.socket?.destroy()
        if (has("status-500") || once("status-500-once")) return send(res, 500, { error: "internal server error" })
        if (has("error-string")) return send(res, 400, { error: "Model is unloaded." })
        if (has("error-object"))
          return send(res, 400, {
            error: { message: "model 'x' not found, try pulling it first", type: "invalid_request_error" }
          })
        if (has("error-openai"))
          return send(res, 404, {
            object: "error",
            message: "The model `x` does not exist.",
            type: "NotFoundError",
            code: 404
          })
        state.inFlight++
        state.maxInFlight = Math.max(state.maxInFlight, state.inFlight)
        let finished = false
        const done = () => {
          if (!finished) state.inFlight--
          finished = true
        }
        if (state.settings.answerWhenFull !== undefined) {
          const answer = () => {
            done()
            if (!res.destroyed) reply(res, body, task)
          }
          state.held.push(answer)
          res.on("close", () => {
            if (finished) return
            state.held = state.held.filter((h) => h !== answer)
            state.aborted++
            done()
          })
          return releaseHeld()
        }
        const timer = setTimeout(
          () => {
            done()
            if (!res.destroyed) reply(res, body, task)
          },
          fault === "slow" || (state.settings.slowTasks ?? []).includes(task)
            ? 10_000
            : has("slow")
              ? (state.settings.delayMs ?? 2000)
              : (state.settings.delayMs ?? 0)
        )
        res.on("close", () => {
          if (!finished) {
            clearTimeout(timer)
            state.aborted++
            done()
          }
        })
      }

      const reply = (res: ServerResponse, body: Record<string, unknown> | undefined, task: string) => {
        const user = userContent(body)
        let answer = has("latest-message")
          ? everyKeyAnswer(messages(body).findLast((m) => m.role === "user")?.content ?? "")
          : answerFor(task, user, has, lastDraft(body))
        let finish = "stop"
        let reasoning: string | undefined
        const fault = faultFor(body)
        const shaped = faultyReply(fault, task, user, answer)
        if (has("garbage") || fault === "garbage" || once("garbage-once"))
          answer = "I am not sure what you mean by that."
        else if (fault === "empty" || once("empty-once")) answer = ""
        else if (shaped !== undefined) ({ answer, finish } = shaped)
        else if (has("length") || fault === "length" || once("length-once")) {
          answer = answer.slice(0, Math.max(1, Math.floor(answer.length / 2)))
          finish = "length"
        } else if (has("fenced")) answer = "```json\n" + answer + "\n```"
        else if (has("prose"))
          answer = `Sure! Here is the JSON you asked for:\n${answer}\nLet me know if you need more.`
        else if (has("think"))
          answer = `<think>The user wants {"text": "draft"}. Let me think it over.</think>\n${answer}`
        if (has("reasoning-only")) {
          reasoning = answer
          answer = ""
        }
        // Like a real server, it stops at max_tokens (counted as characters / 4).
        const maxTokens = body?.["max_tokens"]
        if (typeof maxTokens === "number" && Math.ceil(answer.length / 4) > maxTokens) {
          answer = answer.slice(0, maxTokens * 4)
          finish = "length"
        }
        send(res, 200, {
          id: "chatcmpl-fake",
          object: "chat.completion",
          model: has("ignore-model") ? "some-other-model" : String(body?.["model"] ?? "unknown"),
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: answer,
                ...(reasoning !== undefined ? { reasoning_content: reasoning } : {})
              },
              finish_reason: finish
            }
          ],
          usage: {
            prompt_tokens: Math.ceil(JSON.stringify(body ?? {}).length / 4),
            completion_tokens: Math.ceil(answer.length / 4)
          }
        })
      }

      /** The paragraph-specific fault for a chat request, if its user message matches one. */
      const faultFor = (body: Record<string, unknown> | undefined) => {
        const user = userContent(body)
        return state.settings.faults?.find((f) => user.includes(f.match))?.behaviour
      }

      const port = yield* listenOnLoopback(server)
      // An outage's reopening is cancelled with the layer: a closed fake never listens again behind a later test.
      let reopen: ReturnType<typeof setTimeout> | undefined
      let closed = false
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          closed = true
          clearTimeout(reopen)
        })
      )

      return FakeProvider.of({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        configure: (settings) =>
          Effect.sync(() => {
            state.settings = settings
            state.configuredAt = performance.now()
            state.once.clear()
            state.calls = []
            state.aborted = 0
            state.maxInFlight = 0
            state.idleAnswers = 0
          }),
        calls: Effect.sync(() => [...state.calls]),
        aborted: Effect.sync(() => state.aborted),
        maxInFlight: Effect.sync(() => state.maxInFlight),
        outage: (ms) =>
          Effect.callback<void>((resume) => {
            server.close()
            server.closeAllConnections()
            clearTimeout(reopen)
            reopen = setTimeout(() => {
              if (!closed && !server.listening) server.listen(port, "127.0.0.1")
            }, ms)
            resume(Effect.void)
          }),
        inFlight: Effect.sync(() => state.inFlight),
        idleAnswers: Effect.sync(() => state.idleAnswers)
      })
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

export const DEFAULT_MODELS = ["text-embedding-nomic-embed-text-v1.5", "qwen3-8b", "google/gemma-4-12b-it-qat"]

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" })
  res.end(JSON.stringify(body))
}

const parseBody = (raw: string): Record<string, unknown> | undefined => {
  try {
    const value: unknown = JSON.parse(raw)
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

const messages = (body: Record<string, unknown> | undefined): Array<{ role: string; content: string }> =>
  Array.isArray(body?.["messages"]) ? (body["messages"] as Array<{ role: string; content: string }>) : []

/** The "Task: <name>" lines of a request's messages of the given roles, in order. */
const tasksIn = (body: Record<string, unknown> | undefined, roles: ReadonlyArray<string>): ReadonlyArray<string> =>
  messages(body)
    .filter((m) => roles.includes(m.role))
    .flatMap((m) => [...m.content.matchAll(/^Task: (\w+)/gm)].map((t) => t[1] ?? "none"))

/** The first task a request's system messages name (a model that does not take up a task asked later). */
const firstTask = (body: Record<string, unknown> | undefined): string => tasksIn(body, ["system"])[0] ?? "none"

/** The task asked for last: a conversation's newest "Task: <name>" line, in a system or a user message. */
const taskOf = (body: Record<string, unknown> | undefined): string => tasksIn(body, ["system", "user"]).at(-1) ?? "none"

/**
 * The rewrite a verification asks about: quoted in `<rewrite>`, or the model's own last answer when the request
 * continues the rewrite's conversation.
 */
export const verifiedRewrite = (call: FakeCall): string | undefined => {
  const user = messages(call.body).findLast((m) => m.role === "user")?.content ?? ""
  return /<rewrite>\n([\s\S]*?)\n<\/rewrite>/.exec(user)?.[1] ?? (lastDraft(call.body) || undefined)
}

/** The "text" of the model's last answer in the conversation, when a request continues one. */
const lastDraft = (body: Record<string, unknown> | undefined): string => {
  const reply = messages(body).findLast((m) => m.role === "assistant")?.content
  const text = reply === undefined ? undefined : (parseBody(reply)?.["text"] as unknown)
  return typeof text === "string" ? text : ""
}

const userContent = (body: Record<string, unknown> | undefined): string =>
  messages(body)
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n")
