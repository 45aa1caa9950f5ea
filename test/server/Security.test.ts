import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { HttpServer } from "effect/http"
import { mkdtempSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, TestApp } from "../support/TestApp.ts"

const webDir = mkdtempSync(join(tmpdir(), "redraft-web-"))
writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Redraft UI</title><div id=app></div>")

interface RawResponse {
  readonly status: number
  readonly body: string
}

/**
 * A request with exactly the headers given (plus `Host`, unless given): the way a browser's requests look, including
 * the headers fetch will not let a client set (`Host`, `Sec-Fetch-Site`).
 */
const send = (path: string, headers: Record<string, string> = {}, body?: unknown) =>
  Effect.gen(function* () {
    const port = yield* servicePort
    return yield* Effect.callback<RawResponse>((resume) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          method: body === undefined ? "GET" : "POST",
          path,
          headers: body === undefined ? headers : { "content-type": "application/json", ...headers }
        },
        (res) => {
          let text = ""
          res.on("data", (chunk: Buffer) => (text += chunk.toString()))
          res.on("end", () => resume(Effect.succeed({ status: res.statusCode ?? 0, body: text })))
        }
      )
      req.on("error", (e) => resume(Effect.die(e)))
      req.end(body === undefined ? undefined : JSON.stringify(body))
    })
  })

const servicePort = Effect.gen(function* () {
  const address = (yield* HttpServer.HttpServer).address
  return address._tag === "UnixPathAddress" ? 0 : address.port
})

/** The origin the web UI's own page has: the one its requests carry in `Origin`. */
const ownOrigin = Effect.map(servicePort, (port) => `http://127.0.0.1:${port}`)

const assertForbidden = (res: RawResponse, messagePart: string) => {
  assert.strictEqual(res.status, 403, res.body)
  const body = JSON.parse(res.body) as ErrorJson
  assert.strictEqual(body.error.code, "forbidden")
  assert.include(body.error.message, messagePart)
}

/** Forgets earlier provider calls, so a test can tell whether its request reached the provider. */
const resetProvider = Effect.gen(function* () {
  const fake = yield* FakeProvider
  yield* fake.configure({})
  return fake
})

layer(TestApp({ WEB_DIR: webDir }), { excludeTestServices: true })("requests from other web pages", (it) => {
  it.effect("Origin: null (a sandboxed frame, a local file) is 403 and starts no rewrite", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const res = yield* send("/api/rewrite", { origin: "null" }, { document: "In order to start, utilize it." })
      assertForbidden(res, "Origin: null")
      assert.include(JSON.parse(res.body).error.message, "open Redraft's own page")
      assert.deepStrictEqual(yield* fake.calls, [])
    })
  )

  it.effect("an <img> from another site (Sec-Fetch-Site: cross-site, no Origin) is 403 and the URL is not called", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const path = `/api/models?baseUrl=${encodeURIComponent(fake.baseUrl)}`
      assertForbidden(yield* send(path, { "sec-fetch-site": "cross-site" }), "Sec-Fetch-Site: cross-site")
      assert.deepStrictEqual(yield* fake.calls, [])
    })
  )

  it.effect("the API is refused the same way under any spelling the router accepts", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      for (const path of ["/API/models", "//api/models", "/%61pi/models", "/api/Models?x=1"]) {
        assertForbidden(yield* send(path, { "sec-fetch-site": "cross-site" }), "Sec-Fetch-Site: cross-site")
      }
      assert.deepStrictEqual(yield* fake.calls, [])
    })
  )

  it.effect("a page on another port of this machine (Sec-Fetch-Site: same-site) is 403", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const res = yield* send("/api/models", { "sec-fetch-site": "same-site" })
      assertForbidden(res, "Sec-Fetch-Site: same-site")
      assert.deepStrictEqual(yield* fake.calls, [])
    })
  )

  it.effect("an Origin of another port, from a browser without Sec-Fetch-Site, is 403", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const res = yield* send("/api/models", { origin: "http://127.0.0.1:3000" })
      assertForbidden(res, "cross-origin requests from http://127.0.0.1:3000")
      assert.deepStrictEqual(yield* fake.calls, [])
    })
  )

  it.effect("the web UI's own requests (same-origin, its own Origin) are answered", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const origin = yield* ownOrigin
      const models = yield* send("/api/models", { "sec-fetch-site": "same-origin" })
      assert.strictEqual(models.status, 200, models.body)
      assert.include(models.body, "qwen3-8b")
      const rewrite = yield* send(
        "/api/rewrite",
        { "sec-fetch-site": "same-origin", origin },
        { document: "In order to start, utilize it." }
      )
      assert.strictEqual(rewrite.status, 200, rewrite.body)
      assert.include(JSON.parse(rewrite.body).finalText, "To start, use it.")
      assert.isTrue((yield* fake.calls).some((c) => c.task === "rewrite"))
    })
  )

  it.effect("an address typed by the user (Sec-Fetch-Site: none) is answered", () =>
    Effect.gen(function* () {
      const res = yield* send("/api/profiles", { "sec-fetch-site": "none" })
      assert.strictEqual(res.status, 200, res.body)
      assert.include(res.body, "plain-english")
    })
  )

  it.effect("clients that are not browsers (no Origin, no Sec-Fetch-Site: the CLI, curl) are answered", () =>
    Effect.gen(function* () {
      const fake = yield* resetProvider
      const res = yield* send(`/api/models?baseUrl=${encodeURIComponent(fake.baseUrl)}`)
      assert.strictEqual(res.status, 200, res.body)
      assert.deepStrictEqual(
        (yield* fake.calls).map((c) => c.path),
        ["/models"]
      )
    })
  )

  it.effect("a foreign Host (DNS rebinding) is 403 JSON on the web UI's files too", () =>
    Effect.gen(function* () {
      for (const path of ["/", "/index.html", "/api/nothing-here"]) {
        const res = yield* send(path, { host: "evil.example:5174" })
        assertForbidden(res, `"evil.example:5174"`)
        assert.notInclude(res.body, "Redraft UI")
      }
    })
  )

  it.effect("the service's own Host gets the web UI, even from a link on another site", () =>
    Effect.gen(function* () {
      const port = yield* servicePort
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
        for (const path of ["/", "/index.html"]) {
          const res = yield* send(path, { host, "sec-fetch-site": "cross-site" })
          assert.strictEqual(res.status, 200, `${host}${path}: ${res.body}`)
          assert.include(res.body, "<title>Redraft UI</title>")
        }
      }
    })
  )
})

layer(TestApp({ WEB_DIR: join(webDir, "missing") }), { excludeTestServices: true })("no web UI built", (it) => {
  it.effect("a foreign Host is 403 on the help page as well", () =>
    Effect.gen(function* () {
      assertForbidden(yield* send("/", { host: "evil.example" }), `"evil.example"`)
      assert.strictEqual((yield* send("/")).status, 200)
    })
  )
})
