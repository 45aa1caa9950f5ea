/**
 * An OpenAI-compatible server on 127.0.0.1, port 0, that answers exactly what a test scripts, request by request:
 * a status, headers and a body (JSON or raw text), a delay, or a dropped connection. It records what it was sent.
 * For tests of the provider client itself; the rewriting fake model is test/support/FakeProvider.ts.
 */
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { AppConfig } from "../../../src/AppConfig.ts"
import { LlmProvider } from "../../../src/provider/LlmProvider.ts"
import { listenOnLoopback } from "../../support/Loopback.ts"

export interface Answer {
  readonly status?: number
  readonly headers?: Readonly<Record<string, string>>
  /** Sent as JSON. */
  readonly json?: unknown
  /** Sent as it is (`json` wins when both are given). */
  readonly raw?: string
  readonly delayMs?: number
  /** The connection is destroyed without an answer. */
  readonly reset?: boolean
}

export interface Seen {
  readonly method: string
  readonly path: string
  readonly body: Record<string, unknown> | undefined
}

/** A chat completion holding `content`. */
export const reply = (content: string, finishReason = "stop", usage?: object): Answer => ({
  json: {
    choices: [{ message: { role: "assistant", content }, finish_reason: finishReason }],
    ...(usage !== undefined ? { usage } : {})
  }
})

/** A model list of these ids. */
export const models = (...ids: ReadonlyArray<string>): Answer => ({
  json: { object: "list", data: ids.map((id) => ({ id, object: "model" })) }
})

/**
 * Starts the server for the scope. `script(path, ...answers)` queues answers for requests whose path ends with `path`
 * (e.g. "/models", "/chat/completions"); a request with nothing queued gets a 404.
 */
export const scriptedServer = Effect.gen(function* () {
  const queues = new Map<string, Array<Answer>>()
  const seen: Array<Seen> = []
  const server = createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const path = req.url ?? "/"
      const text = Buffer.concat(chunks).toString("utf8")
      seen.push({
        method: req.method ?? "",
        path,
        body: text === "" ? undefined : (JSON.parse(text) as Record<string, unknown>)
      })
      const queue = [...queues.entries()].find(([suffix]) => path.endsWith(suffix))?.[1]
      const answer = queue?.shift() ?? { status: 404, json: { error: { message: `no route ${path}` } } }
      const send = () => {
        if (answer.reset === true) return req.socket.destroy()
        const body = answer.json !== undefined ? JSON.stringify(answer.json) : (answer.raw ?? "")
        res.writeHead(answer.status ?? 200, {
          "content-type": answer.json !== undefined ? "application/json" : "text/plain",
          ...answer.headers
        })
        res.end(body)
      }
      if (answer.delayMs !== undefined) setTimeout(send, answer.delayMs)
      else send()
    })
  })
  const port = yield* listenOnLoopback(server)
  return {
    origin: `http://127.0.0.1:${port}`,
    baseUrl: `http://127.0.0.1:${port}/v1`,
    script: (path: string, ...answers: ReadonlyArray<Answer>) => {
      queues.set(path, [...(queues.get(path) ?? []), ...answers])
    },
    seen: () => [...seen]
  }
})

/**
 * The provider client with short retries and time-outs, so a failing case costs milliseconds. Its slots are given, so
 * the server is asked nothing but what a test scripts.
 */
export const providerLayer = (settings: Readonly<Record<string, string>> = {}) =>
  LlmProvider.layer.pipe(
    Layer.provide(
      AppConfig.layerTest({
        PROVIDER_CONCURRENCY: "4",
        PROVIDER_RETRY_DELAY: "5 millis",
        PROVIDER_RETRY_BUDGET: "60 millis",
        PROVIDER_TIMEOUT: "2 seconds",
        PROVIDER_META_TIMEOUT: "2 seconds",
        ...settings
      })
    )
  )
