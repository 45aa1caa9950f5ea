/**
 * Body limits: a backup has its own limit (MAX_BACKUP_BYTES), so a workspace larger than MAX_BODY_BYTES restores;
 * a body sent in chunks without Content-Length is cut at the limit as it arrives.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, Stream } from "effect"
import { HttpBody, HttpClient, HttpClientRequest } from "effect/http"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

layer(TestApp({ MAX_BODY_BYTES: "4000", MAX_BACKUP_BYTES: "200000" }), { excludeTestServices: true })(
  "body limits",
  (it) => {
    it.effect("a backup larger than MAX_BODY_BYTES restores within MAX_BACKUP_BYTES, and not past it", () =>
      Effect.gen(function* () {
        for (let i = 0; i < 20; i++) {
          const created = yield* postJson("/api/documents", {
            text: `Note ${i}: ${"The pump runs at 40 L/min. ".repeat(40)}`
          })
          assert.strictEqual(created.status, 201)
        }
        const backup = yield* jsonOf<{ documents: Array<{ id: string }> }>(yield* getPath("/api/backup"))
        const body = JSON.stringify(backup)
        assert.isAbove(body.length, 4000)
        // The same documents again, under new ids: all of them are added.
        const renamed = { ...backup, documents: backup.documents.map((d, i) => ({ ...d, id: `restored-${i}` })) }
        const restored = yield* postJson("/api/backup", renamed)
        assert.strictEqual(restored.status, 200, yield* restored.text)
        assert.strictEqual((yield* jsonOf<{ added: ReadonlyArray<string> }>(restored)).added.length, 20)
        const huge = {
          ...backup,
          documents: [
            ...renamed.documents,
            ...renamed.documents.map((d) => ({ ...d, id: `${d.id}-x`, text: "x".repeat(200_000) }))
          ]
        }
        const refused = yield* postJson("/api/backup", huge)
        assert.strictEqual(refused.status, 413)
        assert.include((yield* jsonOf<ErrorJson>(refused)).error.message, "MAX_BACKUP_BYTES")
      })
    )

    it.effect("a chunked body without Content-Length is cut at MAX_BODY_BYTES with a 413", () =>
      Effect.gen(function* () {
        const client = yield* HttpClient.HttpClient
        const chunk = new TextEncoder().encode(`{"text": "${"a".repeat(1000)}`)
        const chunks = Stream.fromIterable([
          chunk,
          ...Array.from({ length: 20 }, () => new TextEncoder().encode("a".repeat(1000)))
        ])
        const res = yield* client.execute(
          HttpClientRequest.post("/api/documents").pipe(
            HttpClientRequest.setBody(HttpBody.stream(chunks, "application/json"))
          )
        )
        assert.strictEqual(res.status, 413)
        const error = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(error.error.code, "document_too_large")
        assert.include(error.error.message, "MAX_BODY_BYTES")
      })
    )
  }
)
