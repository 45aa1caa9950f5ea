/**
 * What src/markdown adds on top of the segmenter's contract (test/server/Segmenter.test.ts): the cases where the mdast
 * parse needs help to give the right segments.
 */
import { assert, describe, it } from "@effect/vitest"
import { segmentMarkdown } from "../../src/markdown/Segments.ts"

const shape = (source: string): Array<[string, string, string]> =>
  segmentMarkdown(source).segments.map((s) => [s.kind, s.block, s.text])

describe("markdown segments from the mdast parse", () => {
  it("still opens lists and quotes after an unclosed front matter fence", () => {
    assert.deepStrictEqual(shape("---\n<div>\n</div>\n\n- item\n> quote\n"), [
      ["protected", "thematic-break", "---\n"],
      ["protected", "html", "<div>\n</div>\n"],
      ["protected", "blank", "\n"],
      ["prose", "list-item", "item"],
      ["prose", "blockquote", "quote"]
    ])
  })

  it("reads YAML front matter closed by '...' and TOML front matter", () => {
    assert.deepStrictEqual(shape("---\na: 1\n...\n- item\n"), [
      ["protected", "front-matter", "---\na: 1\n...\n"],
      ["prose", "list-item", "item"]
    ])
    assert.deepStrictEqual(shape('+++\na = "b"\n+++\nText.\n'), [
      ["protected", "front-matter", '+++\na = "b"\n+++\n'],
      ["prose", "paragraph", "Text."]
    ])
  })

  it("protects a footnote definition with its indented continuation", () => {
    assert.deepStrictEqual(shape("Text.[^1]\n\n[^1]: The note,\n    continued.\n"), [
      ["prose", "paragraph", "Text.[^1]"],
      ["protected", "blank", "\n"],
      ["protected", "other", "[^1]: The note,\n    continued.\n"]
    ])
  })

  it("keeps link definitions out of a setext heading whose position includes them", () => {
    assert.deepStrictEqual(shape("[a]: https://a.example\n[b]: https://b.example\nTitle\n===\n"), [
      ["protected", "other", "[a]: https://a.example\n[b]: https://b.example\n"],
      ["protected", "heading", "Title\n===\n"]
    ])
  })
})

describe("segmentMarkdown: nesting", () => {
  it("keeps a document with a line nested more than 32 deep whole, as one protected block", () => {
    const doc = `Intro.\n\n${"- ".repeat(40)}x\n`
    const { segments, reassemble } = segmentMarkdown(doc)
    assert.deepStrictEqual(
      segments.map((s) => [s.kind, s.block]),
      [["protected", "other"]]
    )
    assert.strictEqual(reassemble(new Map([[0, "changed"]])), doc)
  })
})
