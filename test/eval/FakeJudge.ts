import { Context, Effect, Layer } from "effect"
import { createServer } from "node:http"
import { listenOnLoopback } from "../support/Loopback.ts"

/**
 * A judge model on 127.0.0.1, port 0, that answers every chat with one fixed verdict (the fake provider answers only
 * Redraft's own tasks).
 */
export class FakeJudge extends Context.Service<FakeJudge, { readonly baseUrl: string }>()("test/FakeJudge") {
  static readonly layer = (verdict: { readonly pass: boolean; readonly reasons: ReadonlyArray<string> }) =>
    Layer.effect(
      FakeJudge,
      Effect.gen(function* () {
        const server = createServer((req, res) => {
          req.resume()
          req.on("end", () => {
            res.writeHead(200, { "content-type": "application/json" })
            res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: JSON.stringify(verdict) } }] }))
          })
        })
        const port = yield* listenOnLoopback(server)
        return FakeJudge.of({ baseUrl: `http://127.0.0.1:${port}/v1` })
      })
    )
}
