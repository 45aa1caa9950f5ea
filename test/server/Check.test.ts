import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import type { CheckResult } from "../../src/domain/Check.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const check = (body: unknown) => postJson("/api/check", body)

layer(TestApp({ MAX_DOCUMENT_CHARS: "500" }), { excludeTestServices: true })("POST /api/check", (it) => {
  it.effect("a faithful rewrite is ok with no findings, and no provider is asked", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* check({
        original: "In order to upgrade, utilize the installer before 12 March 2026.",
        rewrite: "To upgrade, use the installer before March 12, 2026."
      })
      assert.strictEqual(res.status, 200)
      assert.deepStrictEqual(yield* jsonOf<CheckResult>(res), { ok: true, findings: [] })
      assert.strictEqual((yield* fake.calls).length, 0)
    })
  )

  it.effect("a changed unit is a finding that names both sides", () =>
    Effect.gen(function* () {
      const res = yield* check({
        original: "Each request times out after 250 ms.",
        rewrite: "Each request times out after 250 s."
      })
      const body = yield* jsonOf<CheckResult>(res)
      assert.isFalse(body.ok)
      assert.strictEqual(body.findings.length, 1)
      assert.strictEqual(body.findings[0]?.kind, "unit")
      assert.strictEqual(body.findings[0]?.certainty, "certain")
      assert.include(body.findings[0]?.original ?? "", "250 ms")
      assert.include(body.findings[0]?.rewrite ?? "", "250 s")
    })
  )

  it.effect("a dropped 'only' is a suspect scope finding: reported, but the check is ok", () =>
    Effect.gen(function* () {
      const res = yield* check({
        original: "Only admins can delete a workspace.",
        rewrite: "Admins can delete a workspace."
      })
      const body = yield* jsonOf<CheckResult>(res)
      assert.isTrue(body.ok)
      assert.deepStrictEqual(
        body.findings.map((f) => [f.kind, f.certainty]),
        [["scope", "suspect"]]
      )
    })
  )

  it.effect("a rewrite that adds a heading is a structure finding", () =>
    Effect.gen(function* () {
      const res = yield* check({ original: "We use 4 servers.", rewrite: "## Servers\n\nWe use 4 servers." })
      const body = yield* jsonOf<CheckResult>(res)
      assert.isFalse(body.ok)
      assert.include(
        body.findings.map((f) => f.kind),
        "structure"
      )
    })
  )

  it.effect("a missing or non-string field is a 400 that names it", () =>
    Effect.gen(function* () {
      const missing = yield* check({ original: "We use 4 servers." })
      assert.strictEqual(missing.status, 400)
      assert.include((yield* jsonOf<ErrorJson>(missing)).error.message, "rewrite")
      const wrongType = yield* check({ original: "We use 4 servers.", rewrite: 4 })
      assert.strictEqual(wrongType.status, 400)
      assert.include((yield* jsonOf<ErrorJson>(wrongType)).error.message, "rewrite")
    })
  )

  it.effect("a text over MAX_DOCUMENT_CHARS (500 here) is a 413, as for rewrites", () =>
    Effect.gen(function* () {
      const res = yield* check({ original: "a".repeat(501), rewrite: "a" })
      assert.strictEqual(res.status, 413)
      assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "document_too_large")
    })
  )
})
