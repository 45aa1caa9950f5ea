/**
 * What each paragraph costs in provider calls, and in what order the calls go out: one system text shared by every
 * call of a run, no verification of a paragraph the model left as it was, and paragraphs carried to the end in
 * document order while the slots stay full.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider, type FakeCall } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const messages = (call: FakeCall) => (call.body?.["messages"] ?? []) as ReadonlyArray<{ role: string; content: string }>
const system = (call: FakeCall) => messages(call).find((m) => m.role === "system")?.content ?? ""
const user = (call: FakeCall) => messages(call).find((m) => m.role === "user")?.content ?? ""

layer(TestApp(), { excludeTestServices: true })("provider calls per paragraph", (it) => {
  it.effect("every call of a run starts with the same system text, holding the profile; the task comes after it", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const document = "In order to start, utilize the key.\n\nThen utilize the lever twice."
      const res = yield* postJson("/api/rewrite", { document, options: { finalSmoothing: true } })
      assert.strictEqual(res.status, 200)
      const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
      assert.deepStrictEqual(calls.map((c) => c.task).toSorted(), ["rewrite", "rewrite", "smooth", "verify", "verify"])
      const prefixes = new Set(calls.map((c) => system(c).split("\n\nTask: ")[0]))
      assert.strictEqual(prefixes.size, 1)
      const [prefix = ""] = prefixes
      // The default profile (direct-technical): its rules, and the two shortest samples cut to whole sentences.
      assert.include(prefix, "Target style: Direct technical. Style rules:")
      assert.include(prefix, "- Do not use contractions.")
      assert.include(prefix, "<example>\nThe API allows 600 requests per minute per key. Requests above that limit")
      assert.notInclude(prefix, "A batch call accepts up to 100 records.")
      // The paragraph is the user's message, after the shared part.
      for (const c of calls) assert.notInclude(system(c), "utilize")
      // The system text of each task is the same, byte for byte, for every paragraph (and every smoothing window):
      // a server's prompt cache keeps all of it, and each call's own text comes after it, paragraph first.
      for (const task of ["rewrite", "verify"]) {
        const ofTask = calls.filter((c) => c.task === task)
        assert.strictEqual(ofTask.length, 2)
        assert.strictEqual(new Set(ofTask.map(system)).size, 1)
      }
      for (const c of calls.filter((k) => k.task === "rewrite")) assert.match(user(c), /^<paragraph>\n/)
      // A verification continues its paragraph's rewrite conversation, word for word, with its own task last: the
      // server's prompt cache holds all of it up to the draft.
      for (const c of calls.filter((k) => k.task === "verify")) {
        const rewrite = calls.find((k) => k.task === "rewrite" && user(k) === user(c))
        assert.isDefined(rewrite)
        const asked = messages(rewrite!)
        assert.deepStrictEqual(messages(c).slice(0, asked.length), asked)
        const [reply, last] = messages(c).slice(asked.length)
        assert.strictEqual(reply?.role, "assistant")
        assert.include(reply?.content, '"text"')
        assert.strictEqual(last?.role, "user")
        assert.match(last?.content ?? "", /^Task: verify\n/)
      }
    })
  )

  it.effect("a paragraph the model leaves as it was costs one call: there is nothing to verify", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const document = "Open the valve. Wait 5 minutes.\n\nUtilize the gauge."
      // A threshold every draft reaches, so each paragraph has one round.
      const res = yield* postJson("/api/rewrite", { document, options: { styleThreshold: 0 } })
      const body = yield* jsonOf<{ finalText: string }>(res)
      assert.strictEqual(body.finalText, "Open the valve. Wait 5 minutes.\n\nUse the gauge.")
      const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
      assert.deepStrictEqual(
        calls.map((c) => `${c.task}: ${user(c).includes("valve") ? "valve" : "gauge"}`).toSorted(),
        ["rewrite: gauge", "rewrite: valve", "verify: gauge"]
      )
    })
  )

  it.effect("a paragraph that has begun is carried on before new ones start", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ delayMs: 20 })
      const document = Array.from({ length: 12 }, (_, i) => `Step ${i + 1}: utilize tool ${i + 1}.`).join("\n\n")
      const res = yield* postJson("/api/rewrite", { document })
      assert.strictEqual(res.status, 200)
      const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
      // Each step: a rewrite and the verification; no second round, since the draft scores as the original did.
      assert.strictEqual(calls.length, 24)
      const at = (task: string, step: number) =>
        calls.findIndex((c) => c.task === task && user(c).includes(`Step ${step}: `))
      // Four slots: steps 1-4 start; as each finishes a round, its next call goes before the first rewrites of steps
      // 9-12. Handed out in arrival order instead, all twelve first rewrites would go first.
      assert.isBelow(at("verify", 1), at("rewrite", 9))
      assert.isBelow(at("verify", 4), at("rewrite", 12))
    })
  )

  it.effect("the slots stay full to the end of a run, and the longest paragraph left goes first", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      // The fake answers a chat each time four are in flight: every answer sent with fewer is a slot left idle.
      yield* fake.configure({ answerWhenFull: 4 })
      const long = Array.from({ length: 12 }, (_, i) => `Then utilize gauge ${i + 1} and note what it reads.`).join(" ")
      const steps = Array.from({ length: 11 }, (_, i) => `Step ${i + 1}: utilize tool ${i + 1}.`)
      const res = yield* postJson("/api/rewrite", { document: [...steps, long].join("\n\n") })
      assert.strictEqual(res.status, 200)
      const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
      // Twelve paragraphs, a rewrite and a verification each.
      assert.strictEqual(calls.length, 24)
      assert.strictEqual(yield* fake.maxInFlight, 4)
      // Eight first calls wait for four slots: the line is at its end from the start, and the long last paragraph
      // goes as soon as a slot frees, when one of the first four paragraphs has had its verification on the slot it
      // kept (in document order, it would be the twelfth to go).
      const first = (match: string) => calls.findIndex((c) => user(c).includes(match))
      assert.isAtMost(first("Then utilize gauge 1"), 8)
      assert.isBelow(first("Then utilize gauge 1"), first("Step 5:"))
      // Four slots stay busy until fewer than four paragraphs are left: at most their two calls each find one idle.
      const idle = yield* fake.idleAnswers
      assert.isAtMost(idle, 6, `idle ${idle}`)
    })
  )
})

layer(TestApp(), { excludeTestServices: true })(
  "a model that does not take up a continued conversation's task",
  (it) => {
    it.effect("gets the verification quoted, and after two failed continuations no more are tried", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["first-task"], delayMs: 20 })
        const document = Array.from({ length: 10 }, (_, i) => `Step ${i + 1}: utilize tool ${i + 1}.`).join("\n\n")
        const rewrite = () =>
          Effect.gen(function* () {
            const res = yield* postJson("/api/rewrite", { document })
            assert.strictEqual(res.status, 200)
            const body = yield* jsonOf<{ finalText: string; paragraphs: ReadonlyArray<{ status: string }> }>(res)
            assert.include(body.finalText, "Step 10: use tool 10.")
            assert.deepStrictEqual(new Set(body.paragraphs.map((p) => p.status)), new Set(["rewritten"]))
            const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
            yield* fake.configure({ behaviours: ["first-task"], delayMs: 20 })
            // A continued verification ends with its task in a user message; the fake answered it as a rewrite.
            const continued = calls.filter((c) => (messages(c).at(-1)?.content ?? "").startsWith("Task: verify\n"))
            const quoted = calls.filter((c) => c.task === "verify")
            return { continued: continued.length, quoted: quoted.length }
          })
        const first = yield* rewrite()
        // Every paragraph is verified in the quoted form. Until a continuation has worked, at most two are tried at
        // once, and after two failed none is: two calls in all found out that this model does not continue.
        assert.strictEqual(first.quoted, 10)
        assert.strictEqual(first.continued, 2)
        // The next run on the same server and model goes straight to the quoted form.
        assert.deepStrictEqual(yield* rewrite(), { continued: 0, quoted: 10 })
      })
    )
  }
)

layer(TestApp(), { excludeTestServices: true })(
  "a server that reads only the latest message and fills every key it knows",
  (it) => {
    it.effect(
      "rewrites every paragraph: a passing verdict's other text is no repair, and rounds name their paragraph once two lost it",
      () =>
        Effect.gen(function* () {
          const fake = yield* FakeProvider
          yield* fake.configure({ behaviours: ["latest-message"] })
          const document = Array.from({ length: 12 }, (_, i) => `We utilize ${i + 2} servers.`).join("\n\n")
          const rewrite = Effect.gen(function* () {
            // A threshold no draft reaches: further rounds, each continuing its paragraph's conversation.
            const res = yield* postJson("/api/rewrite", {
              document,
              options: { styleThreshold: 100, maxRewriteIterations: 1 }
            })
            assert.strictEqual(res.status, 200)
            const body = yield* jsonOf<{ finalText: string; paragraphs: ReadonlyArray<{ status: string }> }>(res)
            // The verification, answered about its own instructions, still passes, and a round's rewritten feedback
            // never takes the place of the paragraph's draft: each paragraph keeps its rewrite.
            assert.deepStrictEqual(
              body.paragraphs.map((p) => p.status),
              Array.from({ length: 12 }, () => "rewritten")
            )
            assert.strictEqual(body.finalText.trim(), document.replaceAll("utilize", "use"))
            const calls = (yield* fake.calls).filter((c) => c.path === "/chat/completions")
            return calls.filter((c) => c.task === "rewrite" && messages(c).length > 2)
          })
          const named = (round: FakeCall) => (messages(round).at(-1)?.content ?? "").includes("<paragraph>")
          // The first run's rounds send only their feedback after the conversation: such a server rewrites the
          // feedback, the guards refuse it, and the run's rounds stop, since none paid.
          const first = yield* rewrite
          assert.isAbove(first.length, 1)
          assert.isBelow(first.length, 12)
          assert.isFalse(named(first[0] as FakeCall))
          // Two rounds came back that way: from then on, each further round names its paragraph again.
          const second = (yield* rewrite).slice(first.length)
          assert.isAbove(second.length, 0)
          assert.isTrue(second.every(named))
        })
    )
  }
)
