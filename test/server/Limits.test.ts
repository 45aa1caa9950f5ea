/**
 * Every limit of the API, exactly at it and one past it: the document's length (MAX_DOCUMENT_CHARS, here 1,000) for
 * rewrites, checks and saved documents, the body's size (MAX_BODY_BYTES, here 50,000), a run's instruction, a
 * document's title, and a voice's name, samples and lines. At the limit is accepted; one past is refused with the
 * error that names it.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/** A text of exactly `n` characters that the fake model rewrites ("utilize" becomes "use"). */
const textOf = (n: number) => `We utilize it.${"x".repeat(n - 14)}`

/** `count` samples holding `words` words between them (a voice needs 200). */
const samples = (count: number, words = 200) =>
  Array.from({ length: count }, (_, i) => {
    const own = Math.floor(words / count) + (i < words % count ? 1 : 0)
    return Array.from({ length: own }, (_unused, w) => `word${w}`).join(" ")
  })

layer(TestApp({ MAX_DOCUMENT_CHARS: "1000", MAX_BODY_BYTES: "50000" }), { excludeTestServices: true })(
  "limits",
  (it) => {
    it.effect("accepts each limit exactly and refuses one past it", () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const cases: ReadonlyArray<readonly [string, string, (past: boolean) => unknown, number, string]> = [
          [
            "a rewrite's document",
            "/api/rewrite",
            (past) => ({ document: textOf(past ? 1001 : 1000) }),
            413,
            "document"
          ],
          [
            "a check's rewrite",
            "/api/check",
            (past) => ({ original: textOf(1000), rewrite: textOf(past ? 1001 : 1000) }),
            413,
            "rewrite"
          ],
          [
            "a run's instruction",
            "/api/rewrite",
            (past) => ({ document: "We utilize it.", options: { instruction: "i".repeat(past ? 501 : 500) } }),
            400,
            "instruction"
          ],
          [
            "a document's title",
            "/api/documents",
            (past) => ({ title: "t".repeat(past ? 201 : 200), text: "Notes." }),
            400,
            "title"
          ],
          [
            "a voice's name",
            "/api/profiles",
            (past) => ({ name: "n".repeat(past ? 101 : 100), samples: samples(2) }),
            400,
            "name"
          ],
          [
            "a voice's samples, at most",
            "/api/profiles",
            (past) => ({ name: "Many", samples: samples(past ? 51 : 50) }),
            400,
            "samples"
          ],
          [
            "a voice's samples, at least",
            "/api/profiles",
            (past) => ({ name: "Few", samples: samples(past ? 1 : 2) }),
            400,
            "samples"
          ],
          [
            "a voice's words, at least",
            "/api/profiles",
            (past) => ({ name: "Short", samples: samples(2, past ? 199 : 200) }),
            400,
            "a voice needs at least 200"
          ],
          [
            "a voice's sample length",
            "/api/profiles",
            (past) => ({ name: "Long", samples: [...samples(1), "s".repeat(past ? 20_001 : 20_000)] }),
            400,
            "20,000 characters"
          ],
          [
            "a voice's rules",
            "/api/profiles",
            (past) => ({
              name: "Ruled",
              samples: samples(2),
              rules: Array.from({ length: past ? 51 : 50 }, (_, i) => `Rule ${i}.`)
            }),
            400,
            "rules"
          ]
        ]
        for (const [what, path, body, status, words] of cases) {
          const at = yield* postJson(path, body(false))
          assert.isBelow(
            at.status,
            300,
            `${what} at its limit: ${JSON.stringify(yield* jsonOf<unknown>(at)).slice(0, 300)}`
          )
          const past = yield* postJson(path, body(true))
          assert.strictEqual(past.status, status, `${what} one past its limit`)
          assert.include(
            (yield* jsonOf<ErrorJson>(past)).error.message +
              JSON.stringify((yield* jsonOf<ErrorJson>(past)).error.details ?? []),
            words,
            what
          )
        }
      })
    )

    it.effect("a body of exactly MAX_BODY_BYTES is read; one byte more is a 413", () =>
      Effect.gen(function* () {
        const body = (size: number) => {
          const shell = JSON.stringify({ original: "", rewrite: "Notes." })
          return { original: " ".repeat(size - shell.length), rewrite: "Notes." }
        }
        const at = yield* postJson("/api/check", body(50_000))
        // Read and checked: refused for the document's length, not the body's size.
        assert.strictEqual(at.status, 413)
        assert.include((yield* jsonOf<ErrorJson>(at)).error.message, "MAX_DOCUMENT_CHARS")
        const past = yield* postJson("/api/check", body(50_001))
        assert.strictEqual(past.status, 413)
        assert.include((yield* jsonOf<ErrorJson>(past)).error.message, "MAX_BODY_BYTES")
      })
    )
  }
)
