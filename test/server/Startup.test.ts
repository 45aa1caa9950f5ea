import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { type ChildProcess, spawn } from "node:child_process"
import { createServer, request } from "node:http"
import type { AddressInfo } from "node:net"

/** How one poll ended: an answer (its status), no listener yet, or a connection that was never answered. */
type Poll =
  | { readonly _tag: "Answered"; readonly status: number }
  | { readonly _tag: "Refused" }
  | { readonly _tag: "Hung" }
  | { readonly _tag: "Failed"; readonly message: string }

/** A connected request must be answered within this long. */
const ANSWER_WITHIN_MS = 3000
/** Answers to collect after the first one before the polling stops. */
const ANSWERS_AFTER_FIRST = 40

const freePort = Effect.callback<number>((resume) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const port = (probe.address() as AddressInfo).port
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/** `GET /api/profiles` (it never calls the provider) on a fresh connection. */
const poll = (port: number) =>
  Effect.callback<Poll>((resume) => {
    let settled = false
    const settle = (outcome: Poll) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resume(Effect.succeed(outcome))
    }
    const req = request({ host: "127.0.0.1", port, path: "/api/profiles", agent: false }, (res) => {
      res.resume()
      res.on("end", () => settle({ _tag: "Answered", status: res.statusCode ?? 0 }))
    })
    let connected = false
    req.on("socket", (socket) => socket.once("connect", () => (connected = true)))
    req.on("error", (error: NodeJS.ErrnoException) =>
      settle(error.code === "ECONNREFUSED" ? { _tag: "Refused" } : { _tag: "Failed", message: error.message })
    )
    // Refusal on loopback is immediate, so this limit counts from the connection.
    const timer = setTimeout(
      () => settle(connected ? { _tag: "Hung" } : { _tag: "Failed", message: "no connection" }),
      ANSWER_WITHIN_MS
    )
    req.end()
    return Effect.sync(() => settle({ _tag: "Failed", message: "interrupted" }))
  })

/** Stops the service, and kills it if it has not exited after a few seconds. */
const stop = (child: ChildProcess) =>
  Effect.callback<void>((resume) => {
    if (child.exitCode !== null || child.signalCode !== null) return resume(Effect.void)
    const kill = setTimeout(() => child.kill("SIGKILL"), 5000)
    child.once("exit", () => {
      clearTimeout(kill)
      resume(Effect.void)
    })
    child.kill("SIGTERM")
  })

/** The real service (`src/main.ts` through tsx) on 127.0.0.1:`port`, with a provider address nothing listens on. */
const startService = (port: number, output: Array<string>) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const child = spawn(process.execPath, ["node_modules/.bin/tsx", "src/main.ts"], {
        env: {
          PATH: process.env["PATH"] ?? "",
          HOST: "127.0.0.1",
          PORT: String(port),
          PROVIDER_BASE_URL: "http://127.0.0.1:9/v1",
          PROVIDER_META_TIMEOUT: "200 millis",
          REDRAFT_DATA_DIR: process.env["REDRAFT_DATA_DIR"] ?? ""
        },
        stdio: ["ignore", "pipe", "pipe"]
      })
      const keep = (chunk: Buffer) => void output.push(chunk.toString("utf8"))
      child.stdout?.on("data", keep)
      child.stderr?.on("data", keep)
      return child
    }),
    stop
  )

describe("service start-up", () => {
  it.live(
    "answers every request that reaches its port, from the first moment it listens",
    () =>
      Effect.gen(function* () {
        const port = yield* freePort
        const output: Array<string> = []
        const child = yield* startService(port, output)
        const deadline = Date.now() + 30_000
        let answers = 0
        const polls: Array<Fiber.Fiber<Poll>> = []
        const keepPolling = () => answers <= ANSWERS_AFTER_FIRST && Date.now() < deadline && child.exitCode === null
        // Poll from the moment the process is spawned; each poll runs on its own so a hung one never delays the next.
        while (keepPolling()) {
          const fiber = yield* poll(port).pipe(
            Effect.tap((outcome) =>
              Effect.sync(() => {
                if (outcome._tag === "Answered") answers++
              })
            ),
            Effect.forkChild
          )
          polls.push(fiber)
          yield* Effect.sleep("3 millis")
        }
        const outcomes = yield* Fiber.joinAll(polls)
        const count = (tag: Poll["_tag"]) => outcomes.filter((o) => o._tag === tag).length
        const log = output.join("").slice(-2000)
        assert.isAbove(answers, ANSWERS_AFTER_FIRST, `the service answered ${answers} polls\n${log}`)
        assert.strictEqual(
          count("Hung"),
          0,
          `${count("Hung")} of ${outcomes.length - count("Refused")} connected polls were never answered`
        )
        assert.deepStrictEqual(
          outcomes.filter((o) => o._tag === "Failed"),
          [],
          "polls that failed otherwise"
        )
        assert.isTrue(
          outcomes.every((o) => o._tag !== "Answered" || o.status === 200),
          "every answer is 200"
        )
      }),
    60_000
  )
})
