/**
 * Every error answer has the JSON error body, also those made before a handler runs: bad %-escapes in the path,
 * numbers that are not integers, a query parameter given twice.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { type ErrorJson, getPath, jsonOf, TestApp } from "../support/TestApp.ts"

const MALFORMED: ReadonlyArray<readonly [string, number, string]> = [
  ["/api/documents/%E0%A4%A", 404, "not_found"],
  ["/api/profiles/%", 404, "not_found"],
  ["/api/profiles/%zz/export", 404, "not_found"],
  ["/api/documents/abc/versions/x", 400, "invalid_request"],
  ["/api/documents/abc/versions/1.5", 400, "invalid_request"],
  ["/api/documents/abc/versions/1/paragraphs/1e400", 404, "not_found"],
  ["/api/documents?q=a&q=b", 400, "invalid_request"],
  ["/api/nothing/here", 404, "not_found"]
]

layer(TestApp(), { excludeTestServices: true })("error bodies", (it) => {
  it.effect("a malformed path or query is answered with the JSON error that says what to fix", () =>
    Effect.gen(function* () {
      for (const [path, status, code] of MALFORMED) {
        const res = yield* getPath(path)
        assert.strictEqual(res.status, status, path)
        assert.include(res.headers["content-type"] ?? "", "application/json", path)
        const body = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(body.error.code, code, path)
        assert.isAbove(body.error.message.length, 20, path)
      }
    })
  )
})
