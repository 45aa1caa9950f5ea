/**
 * The whole service, not just the segmenter: every CommonMark spec example sent to `POST /api/rewrite`, with a model
 * that gives each paragraph back unchanged, comes back byte for byte.
 */
import { assert, layer } from "@effect/vitest"
import spec from "commonmark-spec"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/** The phrases the fake model rewrites: examples holding them would change on purpose. */
const REWRITTEN = /utilize|in order to|It is important to note that|delve into/i

layer(TestApp(), { excludeTestServices: true })("rewrite round trip", (it) => {
  it.effect(
    "every CommonMark spec example comes back byte for byte when the model changes nothing",
    () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const examples = spec.tests.filter((t) => !REWRITTEN.test(t.markdown))
        const changed: Array<string> = []
        // Four at a time, as several writers would: quicker, and each request stays short under load.
        yield* Effect.forEach(
          examples,
          (example) =>
            Effect.gen(function* () {
              // A threshold every draft reaches: one rewrite call per paragraph.
              const res = yield* postJson("/api/rewrite", {
                document: example.markdown,
                options: { styleThreshold: 0 }
              })
              const body = yield* jsonOf<{ finalText?: string }>(res)
              if (res.status !== 200 || body.finalText !== example.markdown) changed.push(`example ${example.number}`)
            }),
          { concurrency: 4, discard: true }
        )
        assert.isAbove(examples.length, 640)
        assert.deepStrictEqual(changed.toSorted(), [])
      }),
    // 650 whole rewrites: a time-out of its own, so a busy machine slows it down without failing it.
    120_000
  )
})
