import { assert, describe, layer } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import type { ParagraphReport } from "../../src/domain/Rewrite.ts"
import { FakeProvider, type Fault } from "../support/FakeProvider.ts"
import { eventually } from "../support/Eventually.ts"
import { parseEvents, streamRewrite } from "../support/Sse.ts"
import { type ErrorJson, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

interface Result {
  readonly finalText: string
  readonly summary: { readonly rewritten: number; readonly failed: number; readonly warnings: ReadonlyArray<string> }
  readonly paragraphs: ReadonlyArray<ParagraphReport>
  readonly debug?: { readonly segments: ReadonlyArray<{ readonly status: string; readonly reason?: string }> }
}

/** Twenty paragraphs, each with its own number so every one is rewritten separately. */
const PARAGRAPHS = Array.from({ length: 20 }, (_, i) => `Paragraph ${i + 1}: utilize the ${i + 1} keys.`)
const DOCUMENT = PARAGRAPHS.join("\n\n") + "\n"
/** What the fake's rewrite makes of the document: "utilize" becomes "use". */
const REWRITTEN = (except: ReadonlyArray<number>) =>
  PARAGRAPHS.map((p, i) => (except.includes(i + 1) ? p : p.replace("utilize", "use"))).join("\n\n") + "\n"

const rewrite = (body: unknown) => postJson("/api/rewrite", body)
const rewriteCalls = (
  calls: ReadonlyArray<{ task: string; body: Record<string, unknown> | undefined }>,
  text: string
) => calls.filter((c) => c.task === "rewrite" && JSON.stringify(c.body).includes(text))

describe("a failure costs one paragraph", () => {
  layer(TestApp(), { excludeTestServices: true })("one paragraph misbehaves", (it) => {
    for (const [behaviour, words] of [
      ["length", "cut off"],
      ["garbage", "could not be used"],
      ["empty", "was empty"],
      ["refuse", "exceeds the available context size"]
    ] as const) {
      it.effect(`a ${behaviour} reply on paragraph 7 keeps that paragraph and rewrites the other 19`, () =>
        Effect.gen(function* () {
          const fake = yield* FakeProvider
          yield* fake.configure({ faults: [{ match: "Paragraph 7:", behaviour }] })
          const res = yield* rewrite({ document: DOCUMENT, options: { includeDebug: true } })
          assert.strictEqual(res.status, 200)
          const body = yield* jsonOf<Result>(res)
          assert.strictEqual(body.finalText, REWRITTEN([7]))
          assert.strictEqual(body.summary.rewritten, 19)
          assert.strictEqual(body.summary.failed, 1)
          assert.strictEqual(body.paragraphs.length, 20)
          const seventh = body.paragraphs[6]
          assert.strictEqual(seventh?.paragraph, 7)
          assert.strictEqual(seventh?.status, "failed")
          assert.strictEqual(seventh?.error, "provider_error")
          assert.include(seventh?.reason ?? "", words)
          assert.deepStrictEqual(
            body.paragraphs.filter((p) => p.status !== "rewritten").map((p) => p.paragraph),
            [7]
          )
          assert.strictEqual(body.debug?.segments[6]?.status, "failed")
          assert.strictEqual(body.summary.warnings.length, 1)
          assert.match(
            body.summary.warnings[0] ?? "",
            /^Paragraph 7 \("Paragraph 7: utilize the 7 keys\."\): kept as it was/
          )
          assert.include(body.summary.warnings[0] ?? "", words)
        })
      )
    }

    it.effect("a cut-off reply is retried once with twice the max_tokens, then the paragraph is given up", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ faults: [{ match: "Paragraph 3:", behaviour: "length" }] })
        yield* rewrite({ document: DOCUMENT })
        const tries = rewriteCalls(yield* fake.calls, "Paragraph 3:")
        assert.strictEqual(tries.length, 2)
        // "Paragraph 3: utilize the 3 keys." is 32 Latin characters, 8 tokens: 2 · 8 + 64 = 80 first, then twice that.
        assert.deepStrictEqual(
          tries.map((c) => c.body?.["max_tokens"]),
          [80, 160]
        )
      })
    )

    it.effect("identical paragraphs share one failure: asked for once, reported for each", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ faults: [{ match: "Repeat me", behaviour: "garbage" }] })
        const document = "Repeat me 2 times.\n\nWe utilize 4 servers.\n\nRepeat me 2 times.\n"
        const res = yield* rewrite({ document })
        const body = yield* jsonOf<Result>(res)
        assert.strictEqual(body.finalText, "Repeat me 2 times.\n\nWe use 4 servers.\n\nRepeat me 2 times.\n")
        assert.deepStrictEqual(
          body.paragraphs.map((p) => p.status),
          ["failed", "rewritten", "failed"]
        )
        // One paragraph's first try and its stricter retry; the copy waits for that outcome.
        assert.strictEqual(rewriteCalls(yield* fake.calls, "Repeat me").length, 2)
      })
    )

    it.effect("the event stream sends every paragraph, the failed one with its status, and ends with result", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ faults: [{ match: "Paragraph 2:", behaviour: "length" }] })
        const { status, text } = yield* streamRewrite({ document: PARAGRAPHS.slice(0, 4).join("\n\n") }, false)
        assert.strictEqual(status, 200)
        const events = parseEvents(text)
        const segments = events.filter((e) => e.event === "segment").map((e) => e.data)
        assert.strictEqual(segments.length, 4)
        const failed = segments.find((s) => s["status"] === "failed")
        assert.strictEqual(failed?.["text"], "Paragraph 2: utilize the 2 keys.")
        assert.include(String(failed?.["reason"]), "cut off")
        assert.strictEqual(events.at(-1)?.event, "result")
        assert.strictEqual(events.filter((e) => e.event === "error").length, 0)
      })
    )

    it.effect("every paragraph failing fails the run, with each paragraph's status in details.partialResult", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["garbage"] })
        const res = yield* rewrite({ document: "We utilize 4 servers.\n\nWe utilize 5 disks.\n" })
        assert.strictEqual(res.status, 502)
        const body = yield* jsonOf<ErrorJson & { error: { details: { partialResult: Result } } }>(res)
        assert.strictEqual(body.error.code, "provider_error")
        const partial = body.error.details.partialResult
        assert.strictEqual(partial.finalText, "We utilize 4 servers.\n\nWe utilize 5 disks.\n")
        assert.deepStrictEqual(
          partial.paragraphs.map((p) => [p.paragraph, p.status]),
          [
            [1, "failed"],
            [2, "failed"]
          ]
        )
      })
    )

    it.effect("a provider that refuses the model before anything succeeded fails the run at once, in its words", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["error-object"] })
        const res = yield* rewrite({ document: DOCUMENT })
        assert.strictEqual(res.status, 502)
        assert.include((yield* jsonOf<ErrorJson>(res)).error.message, "model 'x' not found")
        // Stopped at the first refusal: at most one call per slot (4), not one per paragraph (20).
        assert.isAtMost((yield* fake.calls).filter((c) => c.task === "rewrite").length, 4)
      })
    )
  })

  layer(TestApp({ PROVIDER_TIMEOUT: "200 millis", PROVIDER_RETRY_BUDGET: "100 millis" }), {
    excludeTestServices: true
  })("one paragraph times out", (it) => {
    it.effect("a paragraph whose calls time out keeps its text with provider_timeout; the others are rewritten", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        const faults: ReadonlyArray<Fault> = [{ match: "Paragraph 5:", behaviour: "slow" }]
        yield* fake.configure({ faults })
        const res = yield* rewrite({ document: PARAGRAPHS.slice(0, 6).join("\n\n") + "\n" })
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.deepStrictEqual(
          body.paragraphs.map((p) => p.status),
          ["rewritten", "rewritten", "rewritten", "rewritten", "failed", "rewritten"]
        )
        assert.strictEqual(body.paragraphs[4]?.error, "provider_timeout")
        // A time-out spends the budget: a hung call is not tried again at full length.
        assert.strictEqual(rewriteCalls(yield* fake.calls, "Paragraph 5:").length, 1)
      })
    )
  })
})

describe("a hung call gives its slot back", () => {
  layer(TestApp({ PROVIDER_CONCURRENCY: "2", PROVIDER_TIMEOUT: "2 seconds", PROVIDER_RETRY_BUDGET: "300 millis" }), {
    excludeTestServices: true
  })("two runs on one provider with two slots", (it) => {
    it.effect("a run whose calls hang past the budget does not stall another writer's run", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({
          faults: [
            { match: "Paragraph 1:", behaviour: "slow" },
            { match: "Paragraph 2:", behaviour: "slow" }
          ]
        })
        // The hung run holds both slots until its calls are past the budget, then gives them back.
        const hung = yield* rewrite({ document: PARAGRAPHS.slice(0, 2).join("\n\n") + "\n" }).pipe(Effect.forkChild)
        yield* eventually(
          Effect.map(fake.inFlight, (n) => n === 2),
          "the hung run to hold both slots"
        )
        const other = yield* rewrite({ document: PARAGRAPHS.slice(2, 6).join("\n\n") + "\n" })
        assert.strictEqual(other.status, 200)
        assert.strictEqual((yield* jsonOf<Result>(other)).summary.failed, 0)
        // The other run finished while the hung calls were still waiting for their answer (they time out at 2 s).
        assert.isUndefined(hung.pollUnsafe())
        const res = yield* Fiber.join(hung)
        assert.strictEqual(res.status, 504)
        assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "provider_timeout")
      })
    )
  })
})

describe("a model server that restarts", () => {
  layer(TestApp({ PROVIDER_RETRY_DELAY: "50 millis", PROVIDER_RETRY_BUDGET: "5 seconds" }), {
    excludeTestServices: true
  })("within the retry budget", (it) => {
    it.effect("a server that goes away for 1.5 s mid-run costs nothing: every paragraph is rewritten", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ delayMs: 60 })
        const document = PARAGRAPHS.slice(0, 12).join("\n\n") + "\n"
        const run = yield* rewrite({ document }).pipe(Effect.forkChild)
        // Let the first calls finish, then take the server down while others are in flight and queued.
        yield* eventually(
          Effect.map(fake.calls, (calls) => calls.length > 2),
          "the first calls"
        )
        const before = (yield* fake.calls).length
        yield* fake.outage(1_500)
        const res = yield* Fiber.join(run)
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.isAbove(before, 0)
        assert.strictEqual(body.summary.failed, 0)
        assert.strictEqual(
          body.finalText,
          PARAGRAPHS.slice(0, 12)
            .map((p) => p.replace("utilize", "use"))
            .join("\n\n") + "\n"
        )
      })
    )

    it.effect("a streamed run says while its calls wait for the server, with how long they go on trying", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ delayMs: 60 })
        const document = PARAGRAPHS.slice(0, 6).join("\n\n") + "\n"
        const run = yield* streamRewrite({ document }, false).pipe(Effect.forkChild)
        yield* eventually(
          Effect.map(fake.calls, (calls) => calls.length > 1),
          "the first calls"
        )
        yield* fake.outage(1_000)
        const events = parseEvents((yield* Fiber.join(run)).text)
        const waits = events.filter((e) => e.event === "waiting").map((e) => e.data as Record<string, unknown>)
        assert.isAbove(waits.length, 0)
        for (const wait of waits) {
          assert.match(String(wait["reason"]), /cannot reach the provider|unreadable|reset|ECONN/)
          assert.isAbove(Number(wait["leftMs"]), 0)
          assert.isAtMost(Number(wait["leftMs"]), 5_000)
          assert.isAbove(Number(wait["retryInMs"]), 0)
        }
        // Waited for, not lost: the run ends with every paragraph rewritten.
        const result = events.find((e) => e.event === "result")?.data as { summary: { failed: number } } | undefined
        assert.strictEqual(result?.summary.failed, 0)
      })
    )

    it.effect("a run that starts while the server is down waits for its model list and goes through", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        yield* fake.outage(1_000)
        const res = yield* rewrite({ document: "We utilize 4 servers." })
        assert.strictEqual(res.status, 200)
        assert.strictEqual((yield* jsonOf<Result>(res)).finalText, "We use 4 servers.")
      })
    )

    it.effect("cancelling while calls wait to retry stops them: no request reaches the server once it is back", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        yield* fake.outage(1_000)
        // A named model: the stream starts at once, without waiting for the model list.
        const document = PARAGRAPHS.slice(0, 6).join("\n\n")
        const stream = yield* streamRewrite({ document, provider: { model: "named-model" } }, true)
        yield* Effect.sleep("300 millis")
        stream.hangUp()
        // The server comes back after 1 s; a call still retrying would reach it within the 5 s budget.
        yield* Effect.sleep("2 seconds")
        assert.strictEqual((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, 0)
      })
    )

    it.effect("a server still loading its model (503 with Retry-After: 1) is waited for as it asks", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ loadingMs: 1_200 })
        const res = yield* rewrite({ document: "We utilize 4 servers.", options: { styleThreshold: 0 } })
        assert.strictEqual(res.status, 200)
        assert.strictEqual((yield* jsonOf<Result>(res)).finalText, "We use 4 servers.")
        // 503 at 0 s and 1 s, an answer at 2 s: three tries. Back-off alone (50, 100, 200 ms ...) would send more.
        assert.strictEqual((yield* fake.calls).filter((c) => c.task === "rewrite").length, 3)
      })
    )
  })

  layer(TestApp({ PROVIDER_RETRY_DELAY: "20 millis", PROVIDER_RETRY_BUDGET: "300 millis" }), {
    excludeTestServices: true
  })("longer than the retry budget", (it) => {
    it.effect("a server that goes away after some paragraphs finished: those are kept, the rest keep their text", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ delayMs: 40, faults: [{ match: "Paragraph 4:", behaviour: "slow" }] })
        const document = PARAGRAPHS.slice(0, 4).join("\n\n") + "\n"
        const run = yield* rewrite({ document }).pipe(Effect.forkChild)
        // Paragraphs 1-3 need a rewrite and a verification (about 100 ms); paragraph 4 is still waiting.
        yield* Effect.sleep("600 millis")
        yield* fake.outage(3_000)
        const res = yield* Fiber.join(run)
        assert.strictEqual(res.status, 200)
        const body = yield* jsonOf<Result>(res)
        assert.deepStrictEqual(
          body.paragraphs.map((p) => [p.status, p.error ?? ""]),
          [
            ["rewritten", ""],
            ["rewritten", ""],
            ["rewritten", ""],
            ["failed", "provider_unreachable"]
          ]
        )
        assert.include(body.summary.warnings[0] ?? "", "Paragraph 4")
      })
    )

    it.effect("a server that is down from the start fails the run with 503 once the budget is spent", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        yield* fake.outage(1_000)
        const res = yield* rewrite({ document: "We utilize 4 servers.", provider: { model: "named-model" } })
        assert.strictEqual(res.status, 503)
        const body = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(body.error.code, "provider_unreachable")
        assert.include(body.error.message, "attempts over")
        // Let the fake come back for the tests that follow.
        yield* Effect.sleep("800 millis")
      })
    )
  })
})
