import { Effect } from "effect"
import { HttpServer } from "effect/http"
import { request as httpRequest } from "node:http"

export interface SseEvent {
  readonly event: string
  readonly data: Record<string, unknown>
}

export const parseEvents = (text: string): Array<SseEvent> =>
  text
    .split("\n\n")
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? "",
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as Record<string, unknown>
    }))
    .filter((e) => e.event !== "")

/**
 * Opens a streamed rewrite over a raw socket. With `leaveOpen`, it returns as soon as the stream has started, with a
 * `hangUp` that closes the connection the way a closed browser tab would.
 */
export const streamRewrite = (body: unknown, leaveOpen: boolean, path = "/api/rewrite") =>
  Effect.gen(function* () {
    const server = yield* HttpServer.HttpServer
    const port = server.address._tag === "UnixPathAddress" ? 0 : server.address.port
    return yield* Effect.callback<{ status: number; text: string; hangUp: () => void }>((resume) => {
      const payload = JSON.stringify(body)
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path,
          headers: { "content-type": "application/json", accept: "text/event-stream" }
        },
        (res) => {
          let text = ""
          res.on("data", (chunk: Buffer) => {
            text += chunk.toString()
            if (leaveOpen && text.includes("run started")) {
              resume(Effect.succeed({ status: res.statusCode ?? 0, text, hangUp: () => req.destroy() }))
            }
          })
          res.on("end", () => resume(Effect.succeed({ status: res.statusCode ?? 0, text, hangUp: () => undefined })))
        }
      )
      req.on("error", () => undefined)
      req.end(payload)
    })
  })
