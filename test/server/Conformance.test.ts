/**
 * The service holds to its own description: every route is called (its answers, its errors, its event streams), and
 * each answer's status must be declared for the operation and its body must validate, with Ajv, against the schema
 * `GET /api/openapi.json` gives for that status. What a validating proxy would check, without one.
 */
import { assert, layer } from "@effect/vitest"
import { Ajv2020 } from "ajv/dist/2020.js"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { FakeProvider } from "../support/FakeProvider.ts"
import { parseEvents, streamRewrite } from "../support/Sse.ts"
import { getPath, jsonOf, TestApp } from "../support/TestApp.ts"

type Json = Record<string, any>

interface Checked {
  readonly operation: string
  readonly status: number
}

/** A text of `words` words, for voice samples. */
const words = (count: number, seed: string) =>
  Array.from({ length: count }, (_, i) => `${seed}${i % 7 === 0 ? "." : ""} we`).join(" ")

layer(TestApp(), { excludeTestServices: true })("the service against its description", (it) => {
  it.effect("every route answers as described: declared statuses, bodies and events that validate", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const spec = yield* jsonOf<Json>(yield* getPath("/api/openapi.json"))
      const ajv = new Ajv2020({ strict: false, allErrors: true })
      const toLocal = (schema: unknown): Json =>
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"api#/$defs/')) as Json
      ajv.addSchema({ $id: "api", $defs: toLocal(spec["components"]["schemas"]) })
      const checked: Array<Checked> = []

      /** Checks one answer against the operation `method template`; returns its body. */
      const check = (method: string, template: string, status: number, contentType: string, body: string) => {
        const operation = spec["paths"][template]?.[method] as Json | undefined
        assert.isDefined(operation, `${method} ${template} is described`)
        const declared = operation?.["responses"][String(status)] as Json | undefined
        assert.isDefined(declared, `${method} ${template} answered ${status}, which it does not declare: ${body}`)
        checked.push({ operation: `${method} ${template}`, status })
        if (body === "") return undefined
        const media = contentType.split(";")[0]?.trim() ?? ""
        const schema = declared?.["content"]?.[media]?.["schema"]
        assert.isDefined(schema, `${method} ${template} ${status} declares ${media}`)
        const parsed = JSON.parse(body) as unknown
        const validate = ajv.compile(toLocal(schema))
        assert.isTrue(
          validate(parsed),
          `${method} ${template} ${status}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${body.slice(0, 300)}`
        )
        return parsed as Json
      }

      const call = (method: string, template: string, path: string, body?: unknown, contentType?: string) =>
        Effect.gen(function* () {
          const client = yield* HttpClient.HttpClient
          let request = HttpClientRequest.make(method as "GET")(path)
          if (body !== undefined) {
            request =
              typeof body === "string"
                ? HttpClientRequest.bodyText(request, body, contentType ?? "text/plain")
                : HttpClientRequest.bodyJsonUnsafe(request, body)
          }
          const res = yield* client.execute(request)
          const text = yield* res.text
          return check(method.toLowerCase(), template, res.status, res.headers["content-type"] ?? "", text)
        })

      /** A streamed run: every event's data validates against the schema of its kind. */
      const streamed = (template: string, path: string, body: unknown) =>
        Effect.gen(function* () {
          const { status, text } = yield* streamRewrite(body, false, path)
          const events = parseEvents(text)
          const declared = spec["paths"][template]["post"]["responses"][String(status)] as Json
          const stream = declared["content"]["text/event-stream"]?.["schema"] as Json | undefined
          assert.isDefined(stream, `${template} declares its stream`)
          // The stream is text; the data of each of its events has the schema `x-events` names.
          assert.strictEqual(stream?.["type"], "string")
          const kinds = stream?.["x-events"] as Record<string, unknown>
          for (const event of events) {
            const validate = ajv.compile(toLocal(kinds[event.event]))
            assert.isTrue(validate(event.data), `${template} ${event.event}: ${JSON.stringify(validate.errors)}`)
          }
          checked.push({ operation: `post ${template}`, status })
          return events.map((e) => e.event)
        })

      // The provider and the styles.
      yield* call("GET", "/api/health", "/api/health")
      yield* call("GET", "/api/models", "/api/models")
      yield* call("GET", "/api/providers", "/api/providers")
      yield* call("PUT", "/api/providers/{id}", "/api/providers/gpu-box", {
        name: "GPU box",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "sk-example",
        concurrency: 2
      })
      yield* call("PUT", "/api/providers/{id}", "/api/providers/lmstudio", { name: "Mine", baseUrl: "http://h/v1" })
      yield* call("PUT", "/api/providers/{id}", "/api/providers/Bad_Id", { name: "Mine", baseUrl: "http://h/v1" })
      yield* call("DELETE", "/api/providers/{id}", "/api/providers/gpu-box")
      yield* call("DELETE", "/api/providers/{id}", "/api/providers/gpu-box")
      yield* call("GET", "/api/profiles", "/api/profiles")
      const voice = yield* call("POST", "/api/profiles", "/api/profiles", {
        name: "Conformance",
        samples: [words(120, "river"), words(120, "stone")]
      })
      const id = String(voice?.["id"])
      yield* call("GET", "/api/profiles/{id}", `/api/profiles/${id}`)
      yield* call("PUT", "/api/profiles/{id}", `/api/profiles/${id}`, { description: "Short and plain." })
      const exported = yield* call("GET", "/api/profiles/{id}/export", `/api/profiles/${id}/export`)
      yield* call("POST", "/api/profiles/{id}/score", `/api/profiles/${id}/score`, { text: words(40, "sand") })
      yield* call("GET", "/api/profiles/{id}/suggestions", `/api/profiles/${id}/suggestions`)
      for (const answer of ["accept", "dismiss"]) {
        yield* call(
          "POST",
          `/api/profiles/{id}/suggestions/{suggestion}/${answer}`,
          `/api/profiles/${id}/suggestions/no-such/${answer}`,
          {}
        )
      }
      const imported = yield* call("POST", "/api/profiles", "/api/profiles", exported)
      yield* call("DELETE", "/api/profiles/{id}", `/api/profiles/${String(imported?.["id"])}`)
      yield* call("GET", "/api/profiles/{id}", "/api/profiles/no-such-voice")

      // Runs, as JSON and as streams, and the check.
      const document = "# Notes\n\nWe utilize 4 servers.\n\nIn order to lock up, turn the key twice.\n"
      yield* call("POST", "/api/rewrite", "/api/rewrite", { document })
      assert.deepStrictEqual(
        (yield* streamed("/api/rewrite", "/api/rewrite", { document })).filter((e) => e !== "progress"),
        ["outline", "segment", "segment", "result"]
      )
      yield* call("POST", "/api/eval/rewrite", "/api/eval/rewrite", {
        source: document,
        styleProfileId: "plain-english",
        providerId: fake.baseUrl
      })
      yield* call("POST", "/api/check", "/api/check", {
        original: "Only admins can delete.",
        rewrite: "Admins can delete."
      })

      // Documents, versions and the review.
      yield* call("GET", "/api/documents", "/api/documents?q=notes")
      const created = yield* call("POST", "/api/documents", "/api/documents", { text: document })
      const doc = String(created?.["id"])
      yield* call("GET", "/api/documents/{id}", `/api/documents/${doc}`)
      yield* call("PUT", "/api/documents/{id}", `/api/documents/${doc}`, { title: "Notes" })
      yield* call("POST", "/api/documents/{id}/rewrite", `/api/documents/${doc}/rewrite`, {})
      yield* streamed("/api/documents/{id}/rewrite", `/api/documents/${doc}/rewrite`, {})
      const version = yield* call("GET", "/api/documents/{id}/versions/{n}", `/api/documents/${doc}/versions/1`)
      const index = Number(version?.["paragraphs"][0]["index"])
      const paragraph = `/api/documents/${doc}/versions/1/paragraphs/${index}`
      yield* call("PATCH", "/api/documents/{id}/versions/{n}/paragraphs/{index}", paragraph, { decision: "accepted" })
      yield* call("POST", "/api/documents/{id}/versions/{n}/paragraphs/{index}/retry", `${paragraph}/retry`, {})
      yield* call("POST", "/api/documents/{id}/versions/{n}/retry", `/api/documents/${doc}/versions/1/retry`, {
        indexes: [index]
      })
      const backup = yield* call("GET", "/api/backup", "/api/backup")
      yield* call("POST", "/api/backup", "/api/backup", backup)

      // Errors, each as described: a bad number, an unknown field, a body that is not JSON, what is not there.
      for (const n of ["abc", "1.5"]) {
        yield* call("GET", "/api/documents/{id}/versions/{n}", `/api/documents/${doc}/versions/${n}`)
      }
      yield* call("PATCH", "/api/documents/{id}/versions/{n}/paragraphs/{index}", `${paragraph}x`, {
        decision: "accepted"
      })
      yield* call("GET", "/api/documents/{id}/versions/{n}", `/api/documents/${doc}/versions/99`)
      yield* call("POST", "/api/rewrite", "/api/rewrite", { document, styleprofileId: "plain-english" })
      yield* call("PUT", "/api/documents/{id}", `/api/documents/${doc}`, "hello", "text/plain")
      yield* call("POST", "/api/documents/{id}/rewrite", `/api/documents/${doc}/rewrite`, { document: "other" })
      yield* call("DELETE", "/api/documents/{id}", `/api/documents/${doc}`)
      yield* call("GET", "/api/documents/{id}", `/api/documents/${doc}`)

      // Every example in the description holds to its own schema.
      const examples: Array<string> = []
      for (const [path, ops] of Object.entries(spec["paths"] as Json)) {
        for (const [method, op] of Object.entries(ops as Json)) {
          const bodies = [
            op["requestBody"]?.["content"]?.["application/json"],
            ...Object.values(op["responses"] as Json).map((r) => (r as Json)["content"]?.["application/json"])
          ]
          for (const media of bodies) {
            if (media?.["example"] === undefined) continue
            const validate = ajv.compile(toLocal(media["schema"]))
            assert.isTrue(validate(media["example"]), `${method} ${path} example: ${JSON.stringify(validate.errors)}`)
            examples.push(`${method} ${path}`)
          }
          const params = (op["parameters"] ?? []) as Array<Json>
          const hasExample = examples.includes(`${method} ${path}`) || params.some((p) => p["example"] !== undefined)
          assert.isTrue(hasExample, `${method} ${path} has an example`)
        }
      }

      // Every operation of the description was called.
      const operations = Object.entries(spec["paths"] as Json).flatMap(([path, ops]) =>
        Object.keys(ops as Json).map((method) => `${method} ${path}`)
      )
      const called = new Set(checked.map((c) => c.operation))
      assert.deepStrictEqual(
        operations.filter((o) => !called.has(o)),
        []
      )
      assert.includeMembers(
        checked.map((c) => c.status),
        [200, 201, 204, 400, 404, 415]
      )
    })
  )
})
