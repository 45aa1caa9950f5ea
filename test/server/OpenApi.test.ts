/**
 * The API's description, derived from its one declaration (src/api/Api.ts): `GET /api/openapi.json` is valid
 * OpenAPI 3.1 with every route, its request body and its answers, and `/api/docs` is a reference page that loads
 * nothing from another host.
 */
import { assert, layer } from "@effect/vitest"
import { Validator } from "@seriousme/openapi-schema-validator"
import { Effect } from "effect"
import { getPath, jsonOf, TestApp } from "../support/TestApp.ts"

interface Operation {
  readonly summary?: string
  readonly tags?: ReadonlyArray<string>
  readonly parameters?: ReadonlyArray<{ readonly name: string; readonly in: string; readonly schema: unknown }>
  readonly requestBody?: { readonly content: Record<string, { readonly schema: unknown }> }
  readonly responses: Record<string, { readonly content?: Record<string, { readonly schema: unknown }> }>
}
interface Document {
  readonly openapi: string
  readonly servers?: ReadonlyArray<{ readonly url: string }>
  readonly tags?: ReadonlyArray<{ readonly name: string; readonly description?: string }>
  readonly paths: Record<string, Record<string, Operation>>
  readonly components: { readonly schemas: Record<string, unknown> }
}

/** A schema with its `$ref`s to components replaced by them (three levels deep), as text to look into. */
const resolved = (spec: Document, schema: unknown): string => {
  let text = JSON.stringify(schema ?? {})
  for (let depth = 0; depth < 3; depth++) {
    text = text.replace(/\{"\$ref":"#\/components\/schemas\/([^"]+)"\}/g, (_, name: string) =>
      JSON.stringify(spec.components.schemas[name] ?? {})
    )
  }
  return text
}

const ROUTES: ReadonlyArray<readonly [string, string]> = [
  ["get", "/api/health"],
  ["get", "/api/models"],
  ["get", "/api/providers"],
  ["put", "/api/providers/{id}"],
  ["delete", "/api/providers/{id}"],
  ["get", "/api/profiles"],
  ["post", "/api/profiles"],
  ["get", "/api/profiles/{id}"],
  ["put", "/api/profiles/{id}"],
  ["delete", "/api/profiles/{id}"],
  ["get", "/api/profiles/{id}/export"],
  ["post", "/api/profiles/{id}/score"],
  ["get", "/api/profiles/{id}/suggestions"],
  ["post", "/api/profiles/{id}/suggestions/{suggestion}/accept"],
  ["post", "/api/profiles/{id}/suggestions/{suggestion}/dismiss"],
  ["post", "/api/rewrite"],
  ["post", "/api/eval/rewrite"],
  ["post", "/api/check"],
  ["get", "/api/documents"],
  ["post", "/api/documents"],
  ["get", "/api/documents/{id}"],
  ["put", "/api/documents/{id}"],
  ["delete", "/api/documents/{id}"],
  ["post", "/api/documents/{id}/rewrite"],
  ["get", "/api/documents/{id}/versions/{n}"],
  ["patch", "/api/documents/{id}/versions/{n}/paragraphs/{index}"],
  ["post", "/api/documents/{id}/versions/{n}/retry"],
  ["post", "/api/documents/{id}/versions/{n}/paragraphs/{index}/retry"],
  ["get", "/api/backup"],
  ["post", "/api/backup"]
]

layer(TestApp(), { excludeTestServices: true })("the API's description", (it) => {
  it.effect("GET /api/openapi.json is valid OpenAPI 3.1 with every route, its body and its answers", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/api/openapi.json")
      assert.strictEqual(res.status, 200)
      const spec = yield* jsonOf<Document>(res)
      const result = yield* Effect.promise(() =>
        new Validator().validate(spec as unknown as Parameters<Validator["validate"]>[0])
      )
      assert.isTrue(result.valid, JSON.stringify(result.errors))
      assert.strictEqual(spec.openapi, "3.1.0")
      assert.deepStrictEqual(
        Object.entries(spec.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => [method, path])),
        ROUTES.map(([method, path]) => [method, path])
      )
      for (const [method, path] of ROUTES) {
        const op = spec.paths[path]?.[method]
        const created = method === "post" && (path === "/api/documents" || path === "/api/profiles")
        const success = method === "delete" ? "204" : created ? "201" : "200"
        assert.isDefined(op?.responses[success], `${method} ${path} ${success}`)
        if (method !== "delete") {
          assert.isDefined(op?.responses[success]?.content?.["application/json"], `${method} ${path} ${success}`)
        }
        if (method === "post" || method === "put" || method === "patch") {
          assert.isDefined(op?.requestBody?.content["application/json"], `${method} ${path} body`)
          for (const status of ["400", "413", "415"]) {
            const schema = resolved(spec, op?.responses[status]?.content?.["application/json"]?.schema)
            assert.include(schema, '"code"', `${method} ${path} ${status}`)
            assert.include(schema, '"message"', `${method} ${path} ${status}`)
          }
        }
      }
      // The rewrite's request names its fields; its stream is described.
      const rewrite = resolved(spec, spec.paths["/api/rewrite"]?.["post"])
      for (const field of ["document", "styleProfileId", "styleProfile", "styleThreshold", "maxRewriteIterations"]) {
        assert.include(rewrite, `"${field}"`)
      }
      // The streamed routes declare their events; each event has its schema.
      for (const path of ["/api/rewrite", "/api/eval/rewrite", "/api/documents/{id}/rewrite"]) {
        const stream = spec.paths[path]?.["post"]?.responses["200"]?.content?.["text/event-stream"]?.schema
        for (const event of ["OutlineEvent", "ProgressEvent", "WaitingEvent", "SegmentEvent", "ErrorBody"]) {
          assert.include(JSON.stringify(stream), `#/components/schemas/${event}`, `${path} ${event}`)
          assert.isDefined(spec.components.schemas[event], event)
        }
      }
      // Every operation has a summary and a tag with a description; the default address is named; version and
      // paragraph numbers are integers; the error code is one of a known few.
      const described = new Set((spec.tags ?? []).filter((t) => (t.description ?? "") !== "").map((t) => t.name))
      for (const [method, path] of ROUTES) {
        const op = spec.paths[path]?.[method]
        assert.notStrictEqual(op?.summary ?? "", "", `${method} ${path} summary`)
        for (const tag of op?.tags ?? []) assert.isTrue(described.has(tag), `tag ${tag} has a description`)
        for (const p of op?.parameters ?? []) {
          if (p.in === "path" && (p.name === "n" || p.name === "index")) {
            assert.include(JSON.stringify(p.schema), '"type":"integer"', `${method} ${path} ${p.name}`)
          }
        }
      }
      assert.deepStrictEqual(
        spec.servers?.map((s) => s.url),
        ["http://127.0.0.1:5174"]
      )
      assert.include(JSON.stringify(spec.components.schemas["ErrorCode"]), '"provider_unreachable"')
      // Shared shapes are components: the description stays small.
      assert.isBelow(JSON.stringify(spec).length, 150_000)
    })
  )

  it.effect("GET /api/docs is a reference page that loads nothing from another host", () =>
    Effect.gen(function* () {
      const res = yield* getPath("/api/docs")
      assert.strictEqual(res.status, 200)
      assert.include(res.headers["content-type"] ?? "", "text/html")
      const html = yield* res.text
      assert.include(html, "Redraft")
      assert.notMatch(html, /<script[^>]+src=/i)
      assert.notMatch(html, /<link[^>]+href=["']https?:/i)
      // That the page then fetches nothing from another host is checked in Chromium (test/e2e).
    })
  )
})
