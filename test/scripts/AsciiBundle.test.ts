/**
 * The service bundle is written in ASCII only (scripts/build-server.ts), so that V8 holds its source at one byte a
 * character: the escaped code must mean what it meant, in regular expressions with and without the `u` flag.
 */
import { assert, describe, it } from "@effect/vitest"
import { asciiOnly } from "../../scripts/build-server.ts"

/** The value of a JavaScript expression, as written and as escaped. */
const both = (expression: string) => {
  const escaped = asciiOnly(expression)
  assert.notMatch(escaped, /[\u0080-\uffff]/)
  return [new Function(`return (${expression})`)(), new Function(`return (${escaped})`)()] as const
}

describe("asciiOnly", () => {
  it("keeps what regular expressions match: classes, ranges, astral characters and identity escapes", () => {
    const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
      ["/[äöüß]/i", ["Größe", "Grosse", "ÄRGER"]],
      ["/[а-я]+/u", ["привет", "hello"]],
      ["/[。！？]+|т\\.е\\./g", ["終わり。", "т.е.", "t.e."]],
      ["/😀+/u", ["😀😀", "🙂"]],
      ["/[😀-😂]/u", ["😁", "🙂"]],
      ["/\\é/", ["café", "cafe"]],
      ["/\\\\é/", ["\\é", "é"]]
    ]
    for (const [source, inputs] of cases) {
      const [written, escaped] = both(source) as [RegExp, RegExp]
      for (const input of inputs) assert.strictEqual(escaped.test(input), written.test(input), `${source} on ${input}`)
      assert.strictEqual(escaped.flags, written.flags)
    }
  })

  it("keeps strings and leaves comments harmless", () => {
    const [written, escaped] = both('"naïve — 東京" /* “quoted” */ + "x"')
    assert.strictEqual(escaped, written)
    assert.strictEqual(asciiOnly("plain ascii\n"), "plain ascii\n")
  })
})
