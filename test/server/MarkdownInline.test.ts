/**
 * The inline reading of src/markdown/Inline.ts that the guards and the style metrics share: what CommonMark calls
 * code, links and markup is taken out, and nothing else is.
 */
import { assert, describe, it } from "@effect/vitest"
import spec from "commonmark-spec"
import { type InlineOptions, readInline } from "../../src/markdown/Inline.ts"

const SOURCE: InlineOptions = { code: "<C>", link: "<L>", blocks: "source" }
const BREAK: InlineOptions = { ...SOURCE, blocks: "break" }

describe("readInline", () => {
  it("takes code spans out in order, with CommonMark's one stripped space", () => {
    const read = readInline("Run ``a `b` c`` then ` x ` and `y`.", SOURCE)
    assert.deepStrictEqual(read.codes, ["a `b` c", "x", "y"])
    assert.strictEqual(read.prose, "Run <C> then <C> and <C>.")
  })

  it("leaves backticks that open no code span as text", () => {
    const read = readInline("Odd ``two` ticks.", SOURCE)
    assert.deepStrictEqual(read.codes, [])
    assert.strictEqual(read.prose, "Odd ``two` ticks.")
  })

  it("keeps a link's label and lists its target; an autolink and a bare URL are links too", () => {
    const read = readInline(
      'See [the *guide*](https://example.com/a "title"), <https://x.org/b> or www.y.net/c. Mail me@z.io.',
      SOURCE
    )
    assert.deepStrictEqual(read.urls, ["https://example.com/a", "https://x.org/b", "www.y.net/c", "me@z.io"])
    assert.strictEqual(read.prose, "See the guide, <L> or <L>. Mail <L>.")
  })

  it("gives an image its alt text and a reference link its label", () => {
    const read = readInline("![a cat](cat.png) and [docs][1].\n\n[1]: https://d.example", SOURCE)
    assert.deepStrictEqual(read.urls, ["cat.png", "https://d.example"])
    assert.strictEqual(read.prose, "a cat and docs.\n\n ")
  })

  it("drops emphasis markers, HTML tags and escapes, and decodes entities", () => {
    const read = readInline("**Bold** _it_ <b>tag</b> \\*star\\* &amp; 5 * 3", SOURCE)
    assert.strictEqual(read.prose, "Bold it  tag  *star* & 5 * 3")
  })

  it("keeps block markers as written in source mode and breaks blocks apart in break mode", () => {
    const text = "# Title\n\n- one `a`\n- two\n\n> quoted"
    assert.strictEqual(readInline(text, SOURCE).prose, "# Title\n\n- one <C>\n- two\n\n> quoted")
    assert.strictEqual(readInline(text, BREAK).prose, "Title\n\none <C>\n\ntwo\n\nquoted")
  })

  it("reads a table row as one line in break mode", () => {
    const read = readInline("| a | b |\n|---|---|\n| 1 | `x` |", BREAK)
    assert.strictEqual(read.prose, "a b\n\n1 <C>")
    assert.deepStrictEqual(read.codes, ["x"])
  })

  it("takes a fenced code block out as one code", () => {
    const read = readInline("Before:\n\n```sh\nnpm test\n```\n\nafter.", SOURCE)
    assert.deepStrictEqual(read.codes, ["npm test"])
    assert.strictEqual(read.prose, "Before:\n\n<C>\n\nafter.")
  })

  it("reads quotes nested thousands deep without running out of stack", () => {
    const read = readInline(`${"> ".repeat(5000)}deep \`x\``, BREAK)
    assert.deepStrictEqual(read.codes, ["x"])
    assert.strictEqual(read.prose, "deep <C>")
  })

  // Plain text skips the parse; the parse of the same text with one code span after it must agree.
  it("gives plain text the same reading with and without the parse", () => {
    const plain = spec.tests.map((t) => t.markdown.trimEnd()).filter((t) => t !== "" && !/[`[\]<>*_\\&!~|]/.test(t))
    plain.push("Call 555-0100 at 9:30, or visit www.example.com/help.", "Line one\nline two 3.5 %")
    let compared = 0
    for (const text of plain) {
      for (const options of [SOURCE, BREAK]) {
        const alone = readInline(text, options)
        const parsed = readInline(`${text}\n\n\`z\``, options)
        if (parsed.codes.length !== 1) continue // the text left a block open that swallowed the code span
        assert.strictEqual(parsed.prose, `${alone.prose}\n\n<C>`, text)
        assert.deepStrictEqual(parsed.urls, alone.urls, text)
        compared++
      }
    }
    assert.isAbove(compared, 100)
  })
})
