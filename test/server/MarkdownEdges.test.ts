/**
 * The edges of src/markdown: each limit exactly at the limit and one past it (nesting depth, content indentation,
 * quote indentation, tab stops, list number digits), two of a kind where the code takes the first or last of a list,
 * and documents that mix "\n", "\r\n" and a lone "\r". Layouts are checked by replacing a paragraph: a continuation line
 * that CommonMark reads as part of the container keeps the author's indentation, a lazy one gets the container's.
 */
import { assert, describe, it } from "@effect/vitest"
import { readInline, type InlineOptions } from "../../src/markdown/Inline.ts"
import { parseMarkdown } from "../../src/markdown/Markdown.ts"
import { segmentMarkdown } from "../../src/markdown/Segments.ts"

const shape = (source: string): Array<[string, string, string]> =>
  segmentMarkdown(source).segments.map((s) => [s.kind, s.block, s.text])

const proseTexts = (source: string): Array<string> =>
  segmentMarkdown(source)
    .segments.filter((s) => s.kind === "prose")
    .map((s) => s.text)

/** The document with every prose segment replaced by `replacement`. */
const relayout = (source: string, replacement: string): string => {
  const doc = segmentMarkdown(source)
  const prose = doc.segments.filter((s) => s.kind === "prose")
  assert.isAbove(prose.length, 0, `no prose in ${JSON.stringify(source)}`)
  return doc.reassemble(new Map(prose.map((s) => [s.index, replacement])))
}

const spaces = (n: number): string => " ".repeat(n)

describe("markdown edges: a list item's content column", () => {
  it("starts after 1 to 4 spaces behind the marker, so a line indented one less is lazy", () => {
    for (let n = 1; n <= 4; n++) {
      // n spaces: one short of the content column, a lazy line that gets the item's indentation.
      assert.strictEqual(relayout(`-${spaces(n)}a\n${spaces(n)}b\n`, "x\ny"), `-${spaces(n)}x\n${spaces(n + 1)}y\n`)
      // n + 2 spaces: inside the item, the author's indentation stays.
      assert.strictEqual(relayout(`-${spaces(n)}a\n${spaces(n + 2)}b\n`, "x\ny"), `-${spaces(n)}x\n${spaces(n + 2)}y\n`)
    }
  })

  it("is one past the marker when 5 spaces follow it, which open indented code", () => {
    const source = "-     code\n\n  para\n  more\n"
    assert.deepStrictEqual(shape(source), [
      ["protected", "code", "-     code\n"],
      ["protected", "blank", "\n"],
      ["prose", "list-item", "para\nmore"]
    ])
    assert.strictEqual(relayout(source, "x\ny"), "-     code\n\n  x\n  y\n")
  })

  it("is two past the marker when the item's first line is empty, even with spaces after the marker", () => {
    assert.strictEqual(relayout("-\n  a\n b\n", "x\ny"), "-\n  x\n  y\n")
    assert.strictEqual(relayout("-\n  a\n   b\n", "x\ny"), "-\n  x\n   y\n")
    assert.strictEqual(relayout("-   \n  a\n b\n", "x\ny"), "-   \n  x\n  y\n")
  })

  it("counts the marker's own indentation", () => {
    assert.strictEqual(relayout(" - a\n  b\n", "x\ny"), " - x\n   y\n")
    assert.strictEqual(relayout(" - a\n    b\n", "x\ny"), " - x\n    y\n")
  })

  it("keeps every character of a lazy line and lays the replacement out at the content column", () => {
    assert.deepStrictEqual(proseTexts("- a\nbc\n"), ["a\nbc"])
    assert.strictEqual(relayout("- a\nb\n", "x\ny"), "- x\n  y\n")
  })

  it("leaves a blank line of a replacement without the item's indentation", () => {
    assert.strictEqual(relayout("- a\n", "x\n\ny"), "- x\n\n  y\n")
    assert.strictEqual(relayout("> - a\n", "x\n\ny"), "> - x\n>\n>   y\n")
  })

  it("opens an ordered item with up to 9 digits, and not with 10", () => {
    assert.deepStrictEqual(shape("123456789. nine\n"), [["prose", "list-item", "nine"]])
    assert.deepStrictEqual(shape("1234567890. ten\n"), [["prose", "paragraph", "1234567890. ten"]])
  })
})

describe("markdown edges: tabs", () => {
  it("reads a tab after a marker or in front of a line as indentation", () => {
    assert.deepStrictEqual(proseTexts("-\tTabbed item\n\tcontinued\n"), ["Tabbed item\ncontinued"])
    assert.strictEqual(relayout("-\ta\n\tb\n", "x\ny"), "-\tx\n\ty\n")
  })

  it("advances a tab to the next multiple of four columns", () => {
    // "-\t" puts the content at column 4: three spaces are one short (lazy), a tab at column 0 reaches 4.
    assert.strictEqual(relayout("-\ta\n   b\n", "x\ny"), "-\tx\n \ty\n")
    assert.strictEqual(relayout("-\ta\n    b\n", "x\ny"), "-\tx\n    y\n")
    assert.strictEqual(relayout("- a\n\tb\n", "x\ny"), "- x\n\ty\n")
    // Inside a quote the tab starts at column 3 and still ends at 4: the content column is 4.
    assert.strictEqual(relayout("> -\ta\n>   b\n", "x\ny"), "> -\tx\n>   y\n")
  })
})

describe("markdown edges: block quotes", () => {
  it("takes a '>' indented by up to 3 spaces as a marker and one indented by 4 as text", () => {
    assert.deepStrictEqual(proseTexts("> a\n   > b\n"), ["a\nb"])
    assert.deepStrictEqual(proseTexts("> a\n    > b\n"), ["a\n> b"])
  })

  it("needs no space after '>' and keeps the author's marker on a continuation line", () => {
    assert.deepStrictEqual(proseTexts("> a\n>b\n"), ["a\nb"])
    assert.strictEqual(relayout("> a\n>b\n", "x\ny"), "> x\n>y\n")
  })

  it("measures a list item inside a quote from the quote's content", () => {
    assert.strictEqual(relayout("> -  a\n>     b\n", "x\ny"), "> -  x\n>     y\n")
    assert.strictEqual(relayout("> -\n>   a\n>   b\n", "x\ny"), "> -\n>   x\n>   y\n")
  })
})

describe("markdown edges: two of a kind", () => {
  it("gives two block quotes in a row a segment each", () => {
    const source = "> one\n\n> two\n"
    assert.deepStrictEqual(shape(source), [
      ["prose", "blockquote", "one"],
      ["protected", "blank", "\n"],
      ["prose", "blockquote", "two"]
    ])
    assert.strictEqual(relayout(source, "x\ny"), "> x\n> y\n\n> x\n> y\n")
  })

  it("gives two lists in a row (a new bullet starts a new list) an item segment each", () => {
    assert.strictEqual(relayout("- a\n+ b\n", "x\ny"), "- x\n  y\n+ x\n  y\n")
    assert.strictEqual(relayout("> - a\n> - b\n", "x\ny"), "> - x\n>   y\n> - x\n>   y\n")
  })

  it("names a paragraph by its innermost container", () => {
    assert.deepStrictEqual(shape("- > a\n  > b\n"), [["prose", "blockquote", "a\nb"]])
    assert.strictEqual(relayout("- > a\n  > b\n", "x\ny"), "- > x\n  > y\n")
    assert.deepStrictEqual(shape("> - a\n"), [["prose", "list-item", "a"]])
  })

  it("keeps all trailing blank lines as one blank block", () => {
    assert.deepStrictEqual(shape("Text.\n\n \n\t\n"), [
      ["prose", "paragraph", "Text."],
      ["protected", "blank", "\n \n\t\n"]
    ])
    assert.deepStrictEqual(shape("\n\n\n"), [["protected", "blank", "\n\n\n"]])
  })
})

describe("markdown edges: line endings", () => {
  const mixed = "First\r\nline.\n\nSecond\nline.\r\rThird\rline.\r\n\r\n- item\rmore\n"

  it("keeps a document that mixes \\n, \\r\\n and a lone \\r byte for byte", () => {
    const doc = segmentMarkdown(mixed)
    assert.deepStrictEqual(shape(mixed), [
      ["prose", "paragraph", "First\nline."],
      ["protected", "blank", "\n"],
      ["prose", "paragraph", "Second\nline."],
      ["protected", "blank", "\r"],
      ["prose", "paragraph", "Third\nline."],
      ["protected", "blank", "\r\n"],
      ["prose", "list-item", "item\nmore"]
    ])
    assert.strictEqual(doc.reassemble(new Map()), mixed)
    const prose = doc.segments.filter((s) => s.kind === "prose")
    assert.strictEqual(doc.reassemble(new Map(prose.map((s) => [s.index, s.text]))), mixed)
  })

  it("joins a replacement's lines with the line ending of the paragraph's first line", () => {
    assert.strictEqual(relayout(mixed, "new\ntext"), "new\r\ntext\n\nnew\ntext\r\rnew\rtext\r\n\r\n- new\r  text\n")
  })

  it("joins with \\n in a document that has no line ending at all", () => {
    assert.strictEqual(relayout("One line", "a\r\nb"), "a\nb")
  })
})

describe("markdown edges: front matter", () => {
  const after = "\n\n- item\n> quote\n"
  const listAndQuote = [
    ["protected", "blank", "\n"],
    ["prose", "list-item", "item"],
    ["prose", "blockquote", "quote"]
  ]

  it("is read only when a closing fence follows, so a near miss leaves lists and quotes working", () => {
    for (const nearMiss of ["a: ---", "--- x", "---x", "... x", "x ...", "...x"]) {
      const segments = shape(`---\n${nearMiss}${after}`)
      assert.deepStrictEqual(segments[0], ["protected", "thematic-break", "---\n"], nearMiss)
      assert.deepStrictEqual(segments.slice(-3), listAndQuote, nearMiss)
    }
    for (const nearMiss of ["b +++", "+++ x", "+++x", "x = 1"]) {
      assert.deepStrictEqual(shape(`+++\n${nearMiss}${after}`).slice(-3), listAndQuote, nearMiss)
    }
  })

  it("allows spaces and tabs after the opening and closing fences", () => {
    for (const [source, matter] of [
      ["---  \na: 1\n---\nText\n", "---  \na: 1\n---\n"],
      ["---\na: 1\n--- \t\nText\n", "---\na: 1\n--- \t\n"],
      ["---\na: 1\n... \nText\n", "---\na: 1\n... \n"],
      ["+++ \nx = 1\n+++\t\nText\n", "+++ \nx = 1\n+++\t\n"]
    ] as const) {
      assert.deepStrictEqual(shape(source), [
        ["protected", "front-matter", matter],
        ["prose", "paragraph", "Text"]
      ])
    }
  })

  it("wants the byte order mark stripped before the parse, and only at the start", () => {
    assert.throws(() => parseMarkdown("\uFEFFText."), /byte order mark/)
    assert.strictEqual(parseMarkdown("Text.\uFEFF").children.length, 1)
  })
})

describe("markdown edges: nesting depth", () => {
  const deep = (markers: string): string => `Intro.\n\n${markers}deep words\n`

  for (const [name, marker] of [
    ["quote", "> "],
    ["bullet", "- "],
    ["ordered", "1. "],
    ["tabbed bullet", "-\t"]
  ] as const) {
    it(`segments a line of 32 ${name} markers and keeps a document with 33 whole`, () => {
      const allowed = deep(marker.repeat(32))
      assert.deepStrictEqual(
        segmentMarkdown(allowed).segments.map((s) => [s.kind, s.text]),
        [
          ["prose", "Intro."],
          ["protected", "\n"],
          ["prose", "deep words"]
        ]
      )
      assert.strictEqual(
        relayout(allowed, "Changed."),
        deep(marker.repeat(32)).replace(/Intro\.|deep words/g, "Changed.")
      )

      const tooDeep = deep(marker.repeat(33))
      assert.deepStrictEqual(shape(tooDeep), [["protected", "other", tooDeep]])
      assert.strictEqual(segmentMarkdown(tooDeep).reassemble(new Map([[0, "Changed."]])), tooDeep)
    })
  }

  it("counts quote and list markers together", () => {
    assert.strictEqual(proseTexts(deep("> - ".repeat(16))).length, 2)
    assert.strictEqual(shape(deep(`${"> - ".repeat(16)}> `)).length, 1)
  })
})

describe("markdown edges: inline reading", () => {
  const SOURCE: InlineOptions = { code: "<C>", link: "<L>", blocks: "source" }

  it("skips a byte order mark in front of the text", () => {
    const read = readInline("\uFEFFRun `x` now.", SOURCE)
    assert.strictEqual(read.prose, "Run <C> now.")
    assert.deepStrictEqual(read.codes, ["x"])
  })

  it("reads a hard line break, by trailing spaces or by a backslash, as a line break", () => {
    assert.strictEqual(readInline("one  \ntwo\\\nthree", SOURCE).prose, "one\ntwo\nthree")
  })

  it("gives an image without alt text nothing, and a reference image its alt text", () => {
    assert.deepStrictEqual(readInline("![](x.png) y", SOURCE), { prose: " y", codes: [], urls: ["x.png"] })
    assert.deepStrictEqual(readInline("![a cat][1] y\n\n[1]: cat.png", SOURCE), {
      prose: "a cat y\n\n ",
      codes: [],
      urls: ["cat.png"]
    })
  })

  it("keeps a footnote reference and a thematic break as written in source mode", () => {
    assert.strictEqual(readInline("Text[^1].\n\n***\n\n[^1]: Note.", SOURCE).prose, "Text[^1].\n\n***\n\n[^1]: Note.")
  })

  it("keeps a bare URL's own balanced brackets and drops a closing bracket it did not open", () => {
    const read = readInline(
      "See (www.example.com/a) and https://example.com/wiki/Foo(bar)). Or https://a.example/x)y.",
      SOURCE
    )
    assert.deepStrictEqual(read.urls, [
      "www.example.com/a",
      "https://example.com/wiki/Foo(bar)",
      "https://a.example/x)y"
    ])
    assert.strictEqual(read.prose, "See (<L>) and <L>). Or <L>.")
  })

  it("lists two links and two autolinks in order", () => {
    const read = readInline(
      "[one](https://a.example) <https://b.example> [two](https://c.example) <d@e.example>",
      SOURCE
    )
    assert.deepStrictEqual(read.urls, ["https://a.example", "https://b.example", "https://c.example", "d@e.example"])
    assert.strictEqual(read.prose, "one <L> two <L>")
  })
})
