import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { eventually } from "../support/Eventually.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { parseEvents, streamRewrite } from "../support/Sse.ts"
import { TestApp } from "../support/TestApp.ts"

layer(TestApp(), { excludeTestServices: true })("streamed rewrite", (it) => {
  it.effect("sends the outline, progress, segment events, then one result", () =>
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
      // The outline comes first: every block in order, the heading kept, blank lines left out.
      assert.strictEqual(kinds[0], "outline")
      assert.strictEqual(kinds.filter((k) => k === "outline").length, 1)
      assert.deepStrictEqual(events[0]?.data["blocks"], [
        { index: 0, kept: false, text: "We utilize 2 keys." },
        { index: 2, kept: true, text: "# Title\n" },
        { index: 4, kept: false, text: "In order to start, press 1." }
      ])
      assert.strictEqual(events[0]?.data["total"], 2)
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
      yield* eventually(
        Effect.map(fake.inFlight, (n) => n >= 4),
        "the run's four calls"
      )
      stream.hangUp()
      // ...and then every one of them was abandoned by the service, long before the provider would answer.
      yield* eventually(
        Effect.map(fake.inFlight, (n) => n === 0),
        "every call to be abandoned"
      )
      assert.strictEqual(yield* fake.aborted, 4)
      const chats = (yield* fake.calls).filter((c) => c.path === "/chat/completions").length
      yield* Effect.sleep("200 millis")
      assert.strictEqual((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, chats)
    })
  )

  for (const task of ["rewrite", "verify", "smooth"]) {
    it.effect(`closing the connection during the ${task} stage stops its call and starts no other`, () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ slowTasks: [task] })
        const document = "We utilize 2 keys.\n\nIn order to start, press 1.\n\nUtilize the 3 spare fuses.\n"
        const stream = yield* streamRewrite({ document, options: { finalSmoothing: true } }, true)
        // Wait until the run is held by a call of that stage, then hang up.
        yield* eventually(
          Effect.map(
            Effect.all([fake.inFlight, fake.calls]),
            ([inFlight, calls]) => inFlight > 0 && calls.some((c) => c.task === task)
          ),
          `a call of the ${task} stage`
        )
        stream.hangUp()
        yield* eventually(
          Effect.map(fake.inFlight, (n) => n === 0),
          "the call to be abandoned"
        )
        assert.isAtLeast(yield* fake.aborted, 1)
        const chats = (yield* fake.calls).filter((c) => c.path === "/chat/completions").length
        yield* Effect.sleep("200 millis")
        assert.strictEqual((yield* fake.calls).filter((c) => c.path === "/chat/completions").length, chats)
      })
    )
  }
})
