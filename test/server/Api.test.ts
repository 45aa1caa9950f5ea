import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest, HttpServer } from "effect/http"
import { request as httpRequest } from "node:http"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/** A raw request, for headers that fetch will not let a client set (Host). */
const rawRequest = (options: { method: string; path: string; headers: Record<string, string>; body?: string }) =>
  Effect.gen(function* () {
    const server = yield* HttpServer.HttpServer
    const address = server.address
    const port = address._tag === "UnixPathAddress" ? 0 : address.port
    return yield* Effect.callback<{ status: number; body: string }>((resume) => {
      const req = httpRequest(
        { host: "127.0.0.1", port, method: options.method, path: options.path, headers: options.headers },
        (res) => {
          let body = ""
          res.on("data", (chunk: Buffer) => (body += chunk.toString()))
          res.on("end", () => resume(Effect.succeed({ status: res.statusCode ?? 0, body })))
        }
      )
      req.on("error", (e) => resume(Effect.die(e)))
      req.end(options.body)
    })
  })

const postRaw = (body: string, contentType = "application/json") =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    return yield* client.execute(
      HttpClientRequest.post("/api/rewrite").pipe(HttpClientRequest.bodyText(body, contentType))
    )
  })

const expectError = (status: number, code: string, messagePart: string) =>
  Effect.fnUntraced(function* (res: { status: number; json: Effect.Effect<unknown, unknown> }) {
    assert.strictEqual(res.status, status)
    const body = (yield* res.json) as ErrorJson
    assert.strictEqual(body.error.code, code)
    assert.include(body.error.message, messagePart)
  })

layer(TestApp({ MAX_DOCUMENT_CHARS: "1000" }), { excludeTestServices: true })("bad input", (it) => {
  it.effect("malformed JSON is 400 invalid_request", () =>
    postRaw("{not json").pipe(Effect.flatMap(expectError(400, "invalid_request", "not valid JSON")))
  )

  it.effect("a missing document is 400 naming the field", () =>
    postJson("/api/rewrite", { provider: {} }).pipe(
      Effect.flatMap(expectError(400, "invalid_request", "document: is required"))
    )
  )

  it.effect("wrong types are 400 naming every bad field", () =>
    Effect.gen(function* () {
      const res = yield* postJson("/api/rewrite", {
        document: 42,
        options: { styleThreshold: 200, includeDebug: "yes" },
        provider: { reasoningEffort: "max" }
      })
      assert.strictEqual(res.status, 400)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.include(body.error.message, "document: expected string")
      assert.include(body.error.message, "options.styleThreshold")
      assert.include(body.error.message, "options.includeDebug")
      assert.include(body.error.message, "provider.reasoningEffort")
      assert.strictEqual(body.error.details?.length, 4)
    })
  )

  it.effect("a base URL without a scheme is 400 with the contract's message", () =>
    postJson("/api/rewrite", { document: "Hi.", provider: { baseUrl: "localhost:1234/v1" } }).pipe(
      Effect.flatMap(expectError(400, "invalid_request", "provider.baseUrl must be an http(s) URL"))
    )
  )

  it.effect("a base URL that names an endpoint is 400 saying so", () =>
    postJson("/api/rewrite", {
      document: "Hi.",
      provider: { baseUrl: "http://localhost:1234/v1/chat/completions" }
    }).pipe(Effect.flatMap(expectError(400, "invalid_request", "not at an endpoint")))
  )

  it.effect("an oversized document is 413 document_too_large", () =>
    postJson("/api/rewrite", { document: "x".repeat(1001) }).pipe(
      Effect.flatMap(expectError(413, "document_too_large", "1,001 characters; the limit is 1,000"))
    )
  )

  it.effect("the evaluation route holds its source to the same limit: 413 document_too_large, no model call", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* postJson("/api/eval/rewrite", {
        source: "x".repeat(1001),
        styleProfileId: "plain-english",
        providerId: fake.baseUrl
      })
      yield* expectError(413, "document_too_large", "source has 1,001 characters; the limit is 1,000")(res)
      assert.deepStrictEqual(yield* fake.calls, [])
      // A source of exactly the limit is still accepted.
      const atLimit = yield* postJson("/api/eval/rewrite", {
        source: "x".repeat(1000),
        styleProfileId: "plain-english",
        providerId: fake.baseUrl,
        options: { maxRewriteIterations: 0 }
      })
      assert.strictEqual(atLimit.status, 200)
    })
  )

  it.effect("a body over 2 MiB is 413 before it is parsed", () =>
    postRaw(JSON.stringify({ document: "y".repeat(2 * 1024 * 1024 + 10) })).pipe(
      Effect.flatMap(expectError(413, "document_too_large", "MAX_BODY_BYTES"))
    )
  )

  it.effect("a wrong content type is 415", () =>
    postRaw("document=hello", "application/x-www-form-urlencoded").pipe(
      Effect.flatMap(expectError(415, "unsupported_media_type", "Content-Type: application/json"))
    )
  )

  it.effect("PUT and PATCH with a body that is not JSON are 415 too", () =>
    Effect.gen(function* () {
      const doc = (yield* (yield* postJson("/api/documents", { text: "Some text." })).json) as { id: string }
      for (const [method, path] of [
        ["PUT", `/api/documents/${doc.id}`],
        ["PATCH", `/api/documents/${doc.id}/versions/1/paragraphs/0`],
        ["PUT", "/api/profiles/someone"]
      ] as const) {
        const res = yield* rawRequest({ method, path, headers: { "content-type": "text/plain" }, body: "hello" })
        assert.strictEqual(res.status, 415, `${method} ${path}`)
        assert.include(JSON.parse(res.body).error.code, "unsupported_media_type")
      }
    })
  )

  it.effect("a field the request does not have is a 400 naming it, with the field meant when it is a typo", () =>
    Effect.gen(function* () {
      const misspelt = yield* postJson("/api/rewrite", { document: "We utilize it.", styleprofileId: "plain-english" })
      assert.strictEqual(misspelt.status, 400)
      const body = yield* jsonOf<ErrorJson>(misspelt)
      assert.deepStrictEqual(body.error.details, [
        "styleprofileId: is not a field of this request (did you mean styleProfileId?)"
      ])
      const nested = yield* postJson("/api/rewrite", { document: "x", options: { treshold: 50 } })
      assert.include((yield* jsonOf<ErrorJson>(nested)).error.details?.[0], "options.treshold: is not a field")
      // A document rewrite runs the saved text: a `document` field is refused, not ignored.
      const doc = (yield* (yield* postJson("/api/documents", { text: "Some text." })).json) as { id: string }
      const withDocument = yield* postJson(`/api/documents/${doc.id}/rewrite`, { document: "Other text." })
      assert.strictEqual(withDocument.status, 400)
      assert.include((yield* jsonOf<ErrorJson>(withDocument)).error.details?.[0], "document: is not a field")
      const unknown = yield* postJson("/api/documents", { text: "x", colour: "blue" })
      assert.strictEqual(unknown.status, 400)
      assert.include((yield* jsonOf<ErrorJson>(unknown)).error.message, "colour: is not a field of this request")
    })
  )

  it.effect("a foreign Host (DNS rebinding) is 403", () =>
    Effect.gen(function* () {
      const res = yield* rawRequest({ method: "GET", path: "/api/profiles", headers: { host: "evil.example:5174" } })
      assert.strictEqual(res.status, 403)
      assert.include(res.body, "evil.example")
    })
  )

  it.effect("a foreign Origin is 403", () =>
    getPath("/api/profiles", { origin: "https://evil.example" }).pipe(
      Effect.flatMap(expectError(403, "forbidden", "cross-origin requests from https://evil.example"))
    )
  )

  it.effect("an unknown API path is a JSON 404, even for a browser", () =>
    getPath("/api/nope", { accept: "text/html" }).pipe(Effect.flatMap(expectError(404, "not_found", "/api/nope")))
  )

  it.effect("an unknown profile is 404 profile_not_found listing the known ones", () =>
    postJson("/api/rewrite", { document: "Hi.", styleProfileId: "pirate" }).pipe(
      Effect.flatMap(expectError(404, "profile_not_found", "direct-technical"))
    )
  )

  it.effect("an eval request with an unknown provider id is 400", () =>
    postJson("/api/eval/rewrite", { source: "Hi.", styleProfileId: "plain-english", providerId: "cloudy" }).pipe(
      Effect.flatMap(
        expectError(
          400,
          "invalid_request",
          'providerId: no provider has the id "cloudy"; the configured ones are default, lmstudio, ollama, llamacpp'
        )
      )
    )
  )

  it.effect("after all that, the service still serves", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* postJson("/api/rewrite", { document: "We utilize it." })
      assert.strictEqual(res.status, 200)
      assert.strictEqual(((yield* res.json) as { finalText: string }).finalText, "We use it.")
    })
  )
})

layer(TestApp(), { excludeTestServices: true })("profiles and eval", (it) => {
  it.effect("GET /api/profiles lists at least the five fixture profiles", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/api/profiles")
      const body = yield* jsonOf<{ profiles: Array<{ id: string; name: string; description: string }> }>(res)
      const ids = body.profiles.map((p) => p.id)
      for (const id of [
        "direct-technical",
        "student-feedback",
        "casual-explanatory",
        "formal-academic",
        "plain-english"
      ]) {
        assert.include(ids, id)
      }
    })
  )

  it.effect("an inline style profile is used instead of a fixture", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* postJson("/api/rewrite", {
        document: "We utilize it.",
        styleProfile: {
          id: "mine",
          name: "Mine",
          description: "Mine.",
          rules: ["Be brief."],
          avoid: [],
          samples: ["Short. Clear."]
        }
      })
      assert.strictEqual(res.status, 200)
      const rewrite = (yield* fake.calls).find((c) => c.task === "rewrite")
      assert.include(JSON.stringify(rewrite?.body), "Target style: Mine.")
    })
  )

  it.effect("POST /api/eval/rewrite runs the pipeline with debug against a fixture profile", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* postJson("/api/eval/rewrite", {
        source: "We utilize 3 tools.",
        styleProfileId: "plain-english",
        providerId: fake.baseUrl,
        options: { maxRewriteIterations: 0, runMeaningCheck: true }
      })
      assert.strictEqual(res.status, 200)
      const body = yield* jsonOf<{ finalText: string; debug?: { segments: Array<{ attempts: Array<unknown> }> } }>(res)
      assert.strictEqual(body.finalText, "We use 3 tools.")
      assert.strictEqual(body.debug?.segments[0]?.attempts.length, 1)
    })
  )

  it.effect("POST /api/eval/rewrite with an unknown styleProfileId is a 400 naming the field: the case is broken", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const res = yield* postJson("/api/eval/rewrite", { source: "We utilize 3 tools.", styleProfileId: "no-such" })
      assert.strictEqual(res.status, 400)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(body.error.code, "invalid_request")
      assert.include(body.error.message, "no-such")
      assert.strictEqual(body.error.details?.[0]?.startsWith("styleProfileId: "), true)
      assert.lengthOf(
        (yield* fake.calls).filter((c) => c.path === "/chat/completions"),
        0
      )
    })
  )
})
