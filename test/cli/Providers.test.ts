/**
 * `redraft providers`, `providers add|remove` and `rewrite --provider`, against the real service and a fake server that
 * demands a key: the key read from stdin reaches the server and is printed nowhere.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { redraft } from "./RunCli.ts"

const KEY = "sk-cli-5151-never-printed"

layer(TestApp(), { excludeTestServices: true })("redraft providers", (it) => {
  it.effect("add with --key-stdin, list, rewrite --provider with the key, health --provider, remove", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ apiKey: KEY })
      const added = yield* redraft(
        ["providers", "add", "team", "--base-url", fake.baseUrl, "--key-stdin", "--concurrency", "2"],
        { stdin: `${KEY}\n` }
      )
      assert.strictEqual(added.exitCode, 0, added.stderr)
      assert.include(added.stderr, `saved team (${fake.baseUrl}, key in providers.json)`)

      const listed = yield* redraft(["providers"])
      assert.strictEqual(listed.exitCode, 0, listed.stderr)
      assert.match(listed.stdout, /^default\s+\S+\s+no key, default$/m)
      assert.match(listed.stdout, /^team\s+\S+\s+key in providers\.json, 2 at once$/m)
      assert.include(listed.stderr, "providers.json")

      const rewritten = yield* redraft(["rewrite", "--provider", "team", "-p", "plain-english", "-q"], {
        stdin: "We utilize 4 servers.\n"
      })
      assert.strictEqual(rewritten.exitCode, 0, rewritten.stderr)
      assert.strictEqual(rewritten.stdout, "We use 4 servers.\n")
      for (const call of yield* fake.calls) assert.strictEqual(call.headers.authorization, `Bearer ${KEY}`)

      const health = yield* redraft(["health", "--provider", "team"])
      assert.strictEqual(health.exitCode, 0, health.stderr)
      assert.include(health.stdout, "2 at once (the provider's concurrency, or PROVIDER_CONCURRENCY)")

      const unknown = yield* redraft(["rewrite", "--provider", "nope", "-p", "plain-english"], { stdin: "Hi.\n" })
      assert.notStrictEqual(unknown.exitCode, 0)
      assert.include(unknown.stderr, "no provider has the id")

      const removed = yield* redraft(["providers", "remove", "team"])
      assert.strictEqual(removed.exitCode, 0, removed.stderr)
      const after = yield* redraft(["providers", "--json"])
      const ids = (JSON.parse(after.stdout) as { providers: ReadonlyArray<{ id: string }> }).providers.map((p) => p.id)
      assert.deepStrictEqual(ids, ["default", "lmstudio", "ollama", "llamacpp"])

      // Without the provider, nothing sends the key: the server's refusal is a provider error (exit 3).
      const refused = yield* redraft(["rewrite", "-p", "plain-english", "-q"], { stdin: "We utilize 4 servers.\n" })
      assert.strictEqual(refused.exitCode, 3, refused.stderr)
      assert.include(refused.stderr, "the server needs a key")

      for (const run of [added, listed, rewritten, health, unknown, removed, after, refused]) {
        assert.notInclude(run.stdout + run.stderr, "5151")
      }
    })
  )

  it.effect("refuses two ways of giving a key at once", () =>
    Effect.gen(function* () {
      const run = yield* redraft([
        "providers",
        "add",
        "x",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--no-key",
        "--key-env",
        "K"
      ])
      assert.notStrictEqual(run.exitCode, 0)
      assert.include(run.stderr, "give one of --key-env, --key-stdin and --no-key")
    })
  )
})
