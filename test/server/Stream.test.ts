import { assert, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { HttpServer } from "effect/http"
import { request as httpRequest } from "node:http"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"

interface SseEvent {
  readonly event: string
  readonly data: Record<string, unknown>
}

const parseEvents = (text: string): Array<SseEvent> =>
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
const streamRewrite = (body: unknown, leaveOpen: boolean) =>
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
          path: "/api/rewrite",
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

layer(TestApp(), { excludeTestServices: true })("streamed rewrite", (it) => {
  it.effect("sends progress, segment events, then one result", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* streamRewrite(
        { document: "We utilize 2 keys.\n\n# Title\n\nIn order to start, press 1.\n" },
        false
      )
      assert.strictEqual(res.status, 200)
      const events = parseEvents(res.text)
      const kinds = events.map((e) => e.event)
      assert.include(kinds, "progress")
      assert.strictEqual(kinds.filter((k) => k === "segment").length, 2)
      assert.strictEqual(kinds.at(-1), "result")
      assert.strictEqual(kinds.filter((k) => k === "result" || k === "error").length, 1)
      const progress = events.find((e) => e.event === "progress")?.data
      assert.strictEqual(progress?.["total"], 2)
      assert.isString(progress?.["stage"])
      const result = events.at(-1)?.data as { finalText: string }
      assert.strictEqual(result.finalText, "We use 2 keys.\n\n# Title\n\nTo start, press 1.\n")
    })
  )

  it.effect("a provider failure ends the stream with one error event", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["error-object"] })
      const res = yield* streamRewrite({ document: "We utilize 2 keys." }, false)
      const events = parseEvents(res.text)
      assert.strictEqual(events.at(-1)?.event, "error")
      const error = events.at(-1)?.data["error"] as { code: string; message: string }
      assert.strictEqual(error.code, "provider_error")
      assert.include(error.message, "try pulling it first")
    })
  )

  it.effect("closing the connection interrupts the run and its in-flight provider calls", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["slow"], delayMs: 10_000 })
      const document = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1} is here.`).join("\n\n")
      const stream = yield* streamRewrite({ document }, true)
      // Wait until the provider is busy with the run's calls, then hang up...
      yield* Effect.gen(function* () {
        if ((yield* fake.inFlight) < 4) return yield* Effect.fail("not yet")
      }).pipe(Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 100 }))
      stream.hangUp()
      // ...and then every one of them was abandoned by the service, long before the provider would answer.
      yield* Effect.gen(function* () {
        if ((yield* fake.inFlight) > 0) return yield* Effect.fail("still running")
      }).pipe(Effect.retry({ schedule: Schedule.spaced("20 millis"), times: 150 }))
      assert.strictEqual(yield* fake.aborted, 4)
      const chats = (yield* fake.calls).filter((c) => c.path === "/chat/completions").length
      yield* Effect.sleep("200 millis")
      assert.strictEqual((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, chats)
    })
  )
})
