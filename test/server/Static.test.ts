import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type ErrorJson, getPath, jsonOf, TestApp } from "../support/TestApp.ts"

const webDir = mkdtempSync(join(tmpdir(), "redraft-web-"))
writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Redraft UI</title><div id=app></div>")
writeFileSync(join(webDir, "app.js"), "console.log('ui')")

layer(TestApp({ WEB_DIR: webDir }), { excludeTestServices: true })("a built web UI", (it) => {
  it.effect("is served at /", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/")
      assert.strictEqual(res.status, 200)
      assert.include(yield* res.text, "<title>Redraft UI</title>")
    })
  )

  it.effect("serves its assets and falls back to index.html for client routes", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* (yield* getPath("/app.js")).text, "console.log('ui')")
      const route = yield* getPath("/settings", { accept: "text/html" })
      assert.include(yield* route.text, "Redraft UI")
    })
  )

  it.effect("does not swallow unknown API routes: they stay JSON 404s", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/api/nothing-here", { accept: "text/html" })
      assert.strictEqual(res.status, 404)
      assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "not_found")
    })
  )
})

layer(TestApp({ WEB_DIR: join(webDir, "missing") }), { excludeTestServices: true })("no web UI built", (it) => {
  it.effect("/ explains how to use the API instead", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/")
      assert.strictEqual(res.status, 200)
      assert.include(yield* res.text, "/api/rewrite")
    })
  )
})
