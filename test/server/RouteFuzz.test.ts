/**
 * A fuzz of every route in the API's own description: malformed ids and numbers, bodies of every wrong shape and
 * type, wrong content types, repeated and malformed query parameters, wrong methods, and requests that are not
 * well-formed HTTP at all. Every error answer must carry the JSON error body, and none may be a 500.
 */
import { NodeHttpServer } from "@effect/platform-node"
import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpServer } from "effect/http"
import { OpenApi } from "effect/http-api"
import { connect } from "node:net"
import { Api } from "../../src/api/Api.ts"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { createReadyServer } from "../../src/http/ReadyServer.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { configForFake } from "../support/TestApp.ts"

/** The service on a real Node server (the one `npm start` runs), so that Node's own parsing errors are seen too. */
const RealServer = serveApp(DefaultStages, { quiet: true }).pipe(
  Layer.provideMerge(NodeHttpServer.layer(createReadyServer, { host: "127.0.0.1", port: 0 })),
  Layer.provide(configForFake()),
  Layer.provideMerge(FakeProvider.layer)
)

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/** Sends `raw` bytes as they are on a new connection and reads the answer until the server closes it. */
const sendRaw = (port: number, raw: string) =>
  Effect.callback<Answer>((resume) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Array<Buffer> = []
    socket.on("data", (chunk) => chunks.push(chunk))
    socket.on("error", () => undefined)
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      const [head = "", ...rest] = text.split("\r\n\r\n")
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0)
      const contentType = /^content-type: *(.*)$/im.exec(head)?.[1] ?? ""
      const chunked = /^transfer-encoding: *chunked/im.test(head)
      const body = rest.join("\r\n\r\n")
      resume(Effect.succeed({ status, contentType, body: chunked ? unchunk(body) : body }))
    })
    // Not half-closed: Node closes a connection whose client has ended it before a slow answer is written.
    socket.write(raw)
    return Effect.sync(() => socket.destroy())
  })

const unchunk = (body: string): string => {
  let out = ""
  let rest = body
  for (;;) {
    const at = rest.indexOf("\r\n")
    const size = Number.parseInt(rest.slice(0, at), 16)
    if (!(size > 0)) return out
    out += rest.slice(at + 2, at + 2 + size)
    rest = rest.slice(at + 2 + size + 2)
  }
}

const request = (
  port: number,
  method: string,
  path: string,
  body?: string,
  contentType: string | undefined = "application/json"
) =>
  sendRaw(
    port,
    [
      `${method} ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      "Connection: close",
      ...(body === undefined ? [] : [`Content-Length: ${Buffer.byteLength(body)}`]),
      ...(body === undefined || contentType === undefined ? [] : [`Content-Type: ${contentType}`]),
      "",
      body ?? ""
    ].join("\r\n")
  )

/** An error answer without the JSON error body, said in a line; undefined when the answer is fine. */
const fault = (answer: Answer): string | undefined => {
  if (answer.status === 0) return "no answer"
  if (answer.status >= 500 && answer.status !== 502 && answer.status !== 503 && answer.status !== 504)
    return `status ${answer.status}: ${answer.body.slice(0, 200)}`
  if (answer.status < 400) return undefined
  if (!answer.contentType.includes("application/json"))
    return `status ${answer.status} as ${answer.contentType || "no type"}`
  const parsed = parse(answer.body) as { error?: { code?: unknown; message?: unknown } } | undefined
  if (
    typeof parsed?.error?.code !== "string" ||
    typeof parsed.error.message !== "string" ||
    parsed.error.message === ""
  )
    return `status ${answer.status} without an error body: ${JSON.stringify(answer.body.slice(0, 100))}`
  return undefined
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const PARAMS = [
  "doc-1",
  "%",
  "%zz",
  "%E0%A4%A",
  "..%2F..",
  "x".repeat(3000),
  "1e400",
  "-1",
  "1.5",
  "null",
  "%00",
  "%20"
]
const BODIES = [
  "",
  "{",
  "[]",
  "null",
  "123",
  '"text"',
  '{"x":1}',
  '{"document":5,"text":5,"title":[],"decision":"maybe","samples":"x","name":7,"original":1,"rewrite":null}',
  '{"document":"x","options":{"maxRewriteIterations":99,"styleThreshold":-4}}',
  '{"format":"redraft-backup","formatVersion":1,"documents":[{"id":""}]}',
  '{"text":"\\ud800"}'
]
const CONTENT_TYPES = ["application/json", "text/plain", "application/json; charset=latin1", undefined]
const QUERIES = ["?q=a&q=b", "?baseUrl=%", "?baseUrl=ftp://x", "?n=%zz", "?q=%"]
const FRAMING = [
  "HELLO\r\n\r\n",
  "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
  `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
  "POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n\r\n",
  "POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -1\r\n\r\n",
  "POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
  "GET /api/health HTTP/9.9\r\n\r\n"
]

/** Every route of the API's own description, with `{param}` for its path parameters. */
const routes = (): ReadonlyArray<{ readonly method: string; readonly path: string }> => {
  const spec = OpenApi.fromApi(Api) as { paths: Record<string, Record<string, unknown>> }
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
      .map((method) => ({ method: method.toUpperCase(), path }))
  )
}

layer(RealServer, { excludeTestServices: true, timeout: 120_000 })("every route, fuzzed", (it) => {
  it.effect("answers every malformed request with the JSON error body, never an empty one, never a 500", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const server = yield* HttpServer.HttpServer
      const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
      const faults: Array<string> = []
      let sent = 0
      const check = (label: string, answer: Answer) => {
        sent++
        const problem = fault(answer)
        if (problem !== undefined) faults.push(`${label}: ${problem}`)
      }
      const all = routes()
      for (const { method, path } of all) {
        const withParams = (value: string) => path.replace(/\{[^}]+\}/g, value)
        const hasBody = method === "POST" || method === "PUT" || method === "PATCH"
        for (const value of path.includes("{") ? PARAMS : []) {
          const target = withParams(value)
          check(`${method} ${target.slice(0, 80)}`, yield* request(port, method, target, hasBody ? "{}" : undefined))
        }
        for (const body of hasBody ? BODIES : []) {
          for (const type of CONTENT_TYPES) {
            const target = withParams("doc-1")
            check(`${method} ${target} ${type} ${body.slice(0, 40)}`, yield* request(port, method, target, body, type))
          }
        }
        for (const query of QUERIES) {
          const target = withParams("doc-1") + query
          check(`${method} ${target}`, yield* request(port, method, target, hasBody ? "{}" : undefined))
        }
        const wrong = method === "GET" ? "PATCH" : "GET"
        check(`${wrong} ${path}`, yield* request(port, wrong, withParams("doc-1")))
      }
      for (const raw of FRAMING) check(`raw ${JSON.stringify(raw.slice(0, 60))}`, yield* sendRaw(port, raw))
      assert.isAbove(all.length, 20)
      assert.isAbove(sent, 800)
      assert.deepStrictEqual(faults.slice(0, 20), [], `${faults.length} of ${sent} answers were not JSON errors`)
    })
  )
})
