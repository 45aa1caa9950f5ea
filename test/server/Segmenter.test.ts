import { assert, describe, it } from "@effect/vitest"
import { segmentMarkdown, type SegmentedDocument } from "../../src/pipeline/Segmenter.ts"

const lines = (...rows: ReadonlyArray<string>): string => rows.join("\n")
const fence = "```"

/** [kind, block, text] per segment, for compact expectations. */
const shape = (doc: SegmentedDocument): Array<[string, string, string]> =>
  doc.segments.map((s) => [s.kind, s.block, s.text])

const prose = (doc: SegmentedDocument) => doc.segments.filter((s) => s.kind === "prose")
const proseTexts = (source: string): Array<string> => prose(segmentMarkdown(source)).map((s) => s.text)

/** Replaces every prose segment with `f(text)`. */
const replaceAll = (doc: SegmentedDocument, f: (text: string) => string): string =>
  doc.reassemble(new Map(prose(doc).map((s) => [s.index, f(s.text)])))

/** Replaces the prose segment whose text is `original`. */
const replaceText = (source: string, original: string, replacement: string): string => {
  const doc = segmentMarkdown(source)
  const target = prose(doc).find((s) => s.text === original)
  assert.isDefined(target, `no prose segment with text ${JSON.stringify(original)}`)
  return doc.reassemble(new Map([[target?.index ?? -1, replacement]]))
}

const documents: Record<string, string> = {
  empty: "",
  "single line without newline": "Just one line",
  "only newlines": "\n\n\n",
  "only spaces": "   \n \t \n",
  "paragraphs with trailing spaces": "First line  \nhard break above.   \n\nSecond paragraph.\t\n",
  "no final newline": "# Title\n\nLast paragraph without newline",
  "two final newlines": "Text.\n\n",
  "front matter": lines("---", "title: Hello", "tags: [a, b]", "---", "", "Body text.", ""),
  "toml front matter": lines("+++", 'title = "x"', "+++", "Body.", ""),
  "unclosed front matter is a thematic break": lines("---", "Not front matter.", ""),
  table: lines("Intro:", "", "| Name | Value |", "| :--- | ----: |", "| a | 1 |", "| b | 2 |", "", "After.", ""),
  "table right after paragraph": lines("Some text", "a | b", "--|--", "1 | 2", ""),
  "nested lists with fences": lines(
    "- Install:",
    "  ```sh",
    "  npm install",
    "",
    "  npm test",
    "  ```",
    "- Configure",
    "  1. open the file",
    "     and edit it",
    "  2. save",
    "     ~~~",
    "     nested fence",
    "     ~~~",
    "* star item",
    "+ plus item",
    "10) paren item",
    ""
  ),
  "loose list": lines("- one", "", "  second paragraph of one", "", "- two", "", "      indented code in item", ""),
  "tilde fence containing backtick fences": lines("~~~~markdown", fence, "inner code", fence, "~~~~", "Text.", ""),
  "unclosed fence": lines("Text.", "", fence + "js", "const a = 1", "", "still code"),
  "indented code": lines("Paragraph.", "", "    code line 1", "\tcode line 2", "", "    more code", "", "End.", ""),
  "html blocks": lines(
    '<div class="note">',
    "  <p>Inside.</p>",
    "</div>",
    "",
    "<!-- a comment",
    "",
    "spanning lines -->",
    "Text after comment.",
    "",
    "<script>",
    "let x = 1",
    "",
    "</script>",
    ""
  ),
  blockquotes: lines(
    "> Quoted line one",
    "lazy continuation",
    ">",
    "> Second quoted paragraph.",
    "",
    "> > Nested.",
    ""
  ),
  "setext headings": lines("Title", "=====", "", "Subtitle", "--------", "", "Text.", ""),
  "link reference definitions": lines(
    "See [the docs][docs] and [home].",
    "",
    "[docs]: https://example.com/docs",
    '[home]: <https://example.com> "Home"',
    "[long]:",
    "  https://example.com/long",
    "  'Title'",
    ""
  ),
  crlf: "# Title\r\n\r\nLine one\r\nline two\r\n\r\n- item\r\n  more\r\n\r\n```\r\ncode\r\n```\r\n",
  "crlf without final newline": "Para one\r\n\r\nPara two",
  "bare carriage returns": "Line\rnext\r\rNew para\r",
  unicode: lines(
    "Emoji 👩‍👩‍👧‍👦 and 🎉 here.",
    "",
    "中文段落，包含标点。",
    "",
    "Cafe\u0301 with combining accent.",
    "",
    "עברית מימין לשמאל.",
    "",
    "- списък",
    ""
  ),
  bom: "\uFEFF# Title\n\nText after BOM.\n",
  "bom with front matter": "\uFEFF---\na: 1\n---\nText.\n",
  "thematic breaks": lines("Text.", "", "***", "- - -", "___", ""),
  "mixed tabs": "-\tTabbed item\n\tcontinued\n\n>\tTabbed quote\n",
  "empty list items": lines("-", "  late content", "- ", "1.", ""),
  "inline code and links": lines("Run `npm test` and read [docs](https://x.y/a_b) or <https://x.y>.", "")
}

describe("segmentMarkdown identity", () => {
  for (const [name, source] of Object.entries(documents)) {
    it(`round-trips without replacements: ${name}`, () => {
      const doc = segmentMarkdown(source)
      assert.strictEqual(doc.reassemble(new Map()), source)
    })

    it(`round-trips when every prose segment is given its own text: ${name}`, () => {
      const doc = segmentMarkdown(source)
      assert.strictEqual(
        replaceAll(doc, (t) => t),
        source
      )
    })

    it(`keeps segment invariants: ${name}`, () => {
      const doc = segmentMarkdown(source)
      doc.segments.forEach((s, i) => assert.strictEqual(s.index, i))
      for (const s of doc.segments) {
        if (s.kind === "protected") {
          assert.isTrue(source.includes(s.text), `protected text is source bytes: ${JSON.stringify(s.text)}`)
        } else {
          assert.notInclude(s.text, "\r")
          assert.strictEqual(s.text, s.text.trim())
          assert.isAbove(s.text.length, 0)
        }
      }
    })
  }
})

describe("segmentMarkdown classification", () => {
  it("splits paragraphs, headings and blank lines", () => {
    const doc = segmentMarkdown("# Title\n\nFirst line\nsecond line\n\nOther.\n")
    assert.deepStrictEqual(shape(doc), [
      ["protected", "heading", "# Title\n"],
      ["protected", "blank", "\n"],
      ["prose", "paragraph", "First line\nsecond line"],
      ["protected", "blank", "\n"],
      ["prose", "paragraph", "Other."]
    ])
  })

  it("gives each list item its own segment without markers or continuation indentation", () => {
    const source = lines("- parent item", "  continues here", "  - child item", "    continues too", "- sibling", "")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["prose", "list-item", "parent item\ncontinues here"],
      ["prose", "list-item", "child item\ncontinues too"],
      ["prose", "list-item", "sibling"]
    ])
  })

  it("recognises every bullet and ordered marker", () => {
    assert.deepStrictEqual(proseTexts(lines("- a", "* b", "+ c", "1. d", "2) e", "123. f", "")), [
      "a",
      "b",
      "c",
      "d",
      "e",
      "f"
    ])
  })

  it("keeps an ordered number inside a paragraph unless it starts at 1", () => {
    assert.deepStrictEqual(proseTexts("The year was\n1984. It rained.\n"), ["The year was\n1984. It rained."])
    assert.deepStrictEqual(proseTexts("Steps:\n1. first\n"), ["Steps:", "first"])
  })

  it("strips blockquote markers and keeps lazy lines in the quoted paragraph", () => {
    const doc = segmentMarkdown(lines("> Quoted one", "> quoted two", "lazy three", ">", "> Next.", ""))
    assert.deepStrictEqual(shape(doc), [
      ["prose", "blockquote", "Quoted one\nquoted two\nlazy three"],
      ["protected", "blank", ">\n"],
      ["prose", "blockquote", "Next."]
    ])
  })

  it("labels a list inside a quote as list items", () => {
    const doc = segmentMarkdown("> - quoted item\n>   more\n")
    assert.deepStrictEqual(shape(doc), [["prose", "list-item", "quoted item\nmore"]])
  })

  it("protects a fenced code block inside a list item", () => {
    const source = lines("1. Run this:", "   ```bash", "   echo hi", "   ```", "2. Done.", "")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["prose", "list-item", "Run this:"],
      ["protected", "code", "   ```bash\n   echo hi\n   ```\n"],
      ["prose", "list-item", "Done."]
    ])
  })

  it("ends a list item fence when the item ends, as CommonMark does", () => {
    const source = lines("- item", "  ```", "  code", "Outside.", "")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["prose", "list-item", "item"],
      ["protected", "code", "  ```\n  code\n"],
      ["prose", "paragraph", "Outside."]
    ])
  })

  it("keeps ``` lines inside a ~~~ fence and closes only with a long enough fence", () => {
    const source = lines("~~~~", fence, "not closed", "~~~", "~~~~~", "After.")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["protected", "code", "~~~~\n```\nnot closed\n~~~\n~~~~~\n"],
      ["prose", "paragraph", "After."]
    ])
  })

  it("runs an unclosed fence to the end of the document", () => {
    const source = lines("Before.", fence + "python", "x = 1", "", "Not prose.")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["prose", "paragraph", "Before."],
      ["protected", "code", "```python\nx = 1\n\nNot prose."]
    ])
  })

  it("does not treat a backtick line with backticks in the info string as a fence", () => {
    assert.deepStrictEqual(proseTexts("```inline``` code\n"), ["```inline``` code"])
  })

  it("protects indented code only where it cannot continue a paragraph", () => {
    const source = lines("Paragraph", "    continues here", "", "    real code", "")
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["prose", "paragraph", "Paragraph\ncontinues here"],
      ["protected", "blank", "\n"],
      ["protected", "code", "    real code\n"]
    ])
  })

  it("protects front matter, tables, HTML, thematic breaks and link definitions", () => {
    const source = lines(
      "---",
      "title: T",
      "---",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "<details>",
      "<summary>More</summary>",
      "</details>",
      "",
      "* * *",
      "[ref]: https://example.com 'Title'",
      "<!-- note -->",
      ""
    )
    assert.deepStrictEqual(shape(segmentMarkdown(source)), [
      ["protected", "front-matter", "---\ntitle: T\n---\n"],
      ["protected", "table", "| a | b |\n|---|---|\n| 1 | 2 |\n"],
      ["protected", "blank", "\n"],
      ["protected", "html", "<details>\n<summary>More</summary>\n</details>\n"],
      ["protected", "blank", "\n"],
      ["protected", "thematic-break", "* * *\n"],
      ["protected", "other", "[ref]: https://example.com 'Title'\n"],
      ["protected", "html", "<!-- note -->\n"]
    ])
  })

  it("splits a table header off the paragraph above it", () => {
    const doc = segmentMarkdown(lines("Totals below", "a | b", "--- | ---", "1 | 2", ""))
    assert.deepStrictEqual(shape(doc), [
      ["prose", "paragraph", "Totals below"],
      ["protected", "table", "a | b\n--- | ---\n1 | 2\n"]
    ])
  })

  it("does not take a delimiter row with a different cell count for a table", () => {
    assert.deepStrictEqual(proseTexts("a | b | c\n--|--\n"), ["a | b | c\n--|--"])
  })

  it("protects setext headings including their text", () => {
    const doc = segmentMarkdown(lines("Heading text", "over two lines", "===", "Sub", "---", "Body.", ""))
    assert.deepStrictEqual(shape(doc), [
      ["protected", "heading", "Heading text\nover two lines\n===\n"],
      ["protected", "heading", "Sub\n---\n"],
      ["prose", "paragraph", "Body."]
    ])
  })

  it("protects a link definition in front of a paragraph and keeps the rest as prose", () => {
    const doc = segmentMarkdown(lines("[a]: https://a.example", "Text using [a].", ""))
    assert.deepStrictEqual(shape(doc), [
      ["protected", "other", "[a]: https://a.example\n"],
      ["prose", "paragraph", "Text using [a]."]
    ])
  })

  it("keeps a paragraph that only starts with inline HTML out of the prose", () => {
    const doc = segmentMarkdown("<kbd>Ctrl</kbd> copies.\n\nText <b>bold</b> inline.\n")
    assert.deepStrictEqual(shape(doc), [
      ["protected", "html", "<kbd>Ctrl</kbd> copies.\n"],
      ["protected", "blank", "\n"],
      ["prose", "paragraph", "Text <b>bold</b> inline."]
    ])
  })

  it("keeps autolinks and inline code in prose text", () => {
    assert.deepStrictEqual(proseTexts("<https://example.com> is the site.\n\n`code` first.\n"), [
      "<https://example.com> is the site.",
      "`code` first."
    ])
  })

  it("keeps CR out of prose text in CRLF documents", () => {
    const doc = segmentMarkdown("Line one\r\nline two\r\n\r\n> quote\r\n")
    assert.deepStrictEqual(shape(doc), [
      ["prose", "paragraph", "Line one\nline two"],
      ["protected", "blank", "\r\n"],
      ["prose", "blockquote", "quote"]
    ])
  })

  it("keeps a byte order mark as its own protected segment", () => {
    const doc = segmentMarkdown("\uFEFFHello.\n")
    assert.deepStrictEqual(shape(doc), [
      ["protected", "other", "\uFEFF"],
      ["prose", "paragraph", "Hello."]
    ])
  })

  it("excludes trailing whitespace of the last line but keeps hard breaks inside", () => {
    assert.deepStrictEqual(proseTexts("one  \ntwo   \n"), ["one  \ntwo"])
  })
})

describe("segmentMarkdown reassembly with replacements", () => {
  it("replaces a paragraph and keeps surrounding structure", () => {
    const source = "# Title\n\nOld text here.\n\nKeep me.\n"
    assert.strictEqual(replaceText(source, "Old text here.", "New text."), "# Title\n\nNew text.\n\nKeep me.\n")
  })

  it("keeps the list marker and nested list when an item is replaced", () => {
    const source = lines("- parent item", "  - child item", "- sibling", "")
    assert.strictEqual(
      replaceText(source, "parent item", "Rewritten parent\nover two lines"),
      lines("- Rewritten parent", "  over two lines", "  - child item", "- sibling", "")
    )
    assert.strictEqual(
      replaceText(source, "child item", "New child\nsecond"),
      lines("- parent item", "  - New child", "    second", "- sibling", "")
    )
  })

  it("indents continuation lines to the content column of ordered items", () => {
    const source = "10. long item\n11. next\n"
    assert.strictEqual(replaceText(source, "long item", "a\nb"), "10. a\n    b\n11. next\n")
  })

  it("reuses the author's continuation indentation", () => {
    const source = "- item\n    continued deeper\n"
    assert.strictEqual(replaceText(source, "item\ncontinued deeper", "x\ny\nz"), "- x\n    y\n    z\n")
  })

  it("keeps the blockquote marker on every line of a replaced quote paragraph", () => {
    const source = lines("> Old quote", "> text.", "", "After.", "")
    assert.strictEqual(
      replaceText(source, "Old quote\ntext.", "New quote\nover\n\ntwo paragraphs"),
      lines("> New quote", "> over", ">", "> two paragraphs", "", "After.", "")
    )
  })

  it("uses the quote marker for continuation when the original quote paragraph was lazy", () => {
    const source = "> one\ntwo\n"
    assert.strictEqual(replaceText(source, "one\ntwo", "A\nB"), "> A\n> B\n")
  })

  it("keeps nested quote and list markers", () => {
    const source = "> > - deep item\n"
    assert.strictEqual(replaceText(source, "deep item", "a\nb"), "> > - a\n> >   b\n")
  })

  it("joins replacement lines with CRLF in a CRLF document", () => {
    const source = "Para one\r\nline two\r\n\r\n- item\r\n\r\nLast"
    const doc = segmentMarkdown(source)
    const replaced = replaceAll(doc, (t) => `${t.toUpperCase()}\nextra\r\nmore\n`)
    assert.strictEqual(
      replaced,
      "PARA ONE\r\nLINE TWO\r\nextra\r\nmore\r\n\r\n- ITEM\r\n  extra\r\n  more\r\n\r\nLAST\r\nextra\r\nmore"
    )
  })

  it("trims blank lines and indentation around a replacement", () => {
    const source = "- item\n\nNext.\n"
    assert.strictEqual(
      replaceText(source, "item", "\n\n   new item\n      second\n\n"),
      "- new item\n  second\n\nNext.\n"
    )
  })

  it("keeps trailing whitespace and a missing final newline after a replaced paragraph", () => {
    assert.strictEqual(replaceText("Old.   ", "Old.", "New."), "New.   ")
  })

  it("leaves protected segments untouched when the map names them", () => {
    const source = "# Title\n\nText.\n"
    const doc = segmentMarkdown(source)
    assert.strictEqual(doc.reassemble(new Map([[0, "# Hacked"]])), source)
  })

  it("leaves the fence inside a list item intact when the item text is replaced", () => {
    const source = lines("- Run:", "  ```", "  npm i", "  ```", "")
    assert.strictEqual(
      replaceText(source, "Run:", "Execute\nthis:"),
      lines("- Execute", "  this:", "  ```", "  npm i", "  ```", "")
    )
  })
})

/** Small deterministic generator (mulberry32) so a failing case can be reproduced from its seed. */
const randomGenerator = (seed: number) => {
  let state = seed >>> 0
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const snippets: ReadonlyArray<string> = [
  "Plain paragraph with `code` and a [link](https://example.com).\n",
  "Two line\nparagraph.  \n",
  "# Heading\n",
  "Setext\n===\n",
  "- item one\n  continued\n- item two\n  - nested\n",
  "1. first\n   ```js\n   let a = 1\n   ```\n2) second\n",
  "> quote\nlazy\n> > nested quote\n",
  "```\ncode\n```\n",
  "~~~~\n```\nnot a fence end\n~~~~\n",
  "    indented code\n",
  "| a | b |\n|---|:-:|\n| 1 | 2 |\n",
  "<div>\nhtml\n</div>\n",
  "<!-- comment -->\n",
  "[ref]: https://example.com\n",
  "---\n",
  "\n",
  "  \t\n",
  "Emoji 🎉 中文 e\u0301 שלום\n",
  "Trailing tab\t\n",
  "- \n",
  ">\n"
]

describe("segmentMarkdown properties", () => {
  it("round-trips random documents and never alters protected text", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const random = randomGenerator(seed)
      const count = 1 + Math.floor(random() * 12)
      let source = random() < 0.2 ? "---\nfront: matter\n---\n" : ""
      for (let i = 0; i < count; i++) source += snippets[Math.floor(random() * snippets.length)]
      if (random() < 0.3) source = source.replace(/\n/g, "\r\n")
      if (random() < 0.3) source = source.replace(/(\r?\n)+$/, "")

      const doc = segmentMarkdown(source)
      assert.strictEqual(doc.reassemble(new Map()), source, `identity, seed ${seed}`)
      const replaced = replaceAll(doc, () => "X")
      for (const segment of doc.segments) {
        if (segment.kind === "protected") {
          assert.include(replaced, segment.text, `protected segment ${segment.index} kept, seed ${seed}`)
        } else {
          assert.notInclude(segment.text, "\r", `no CR in prose, seed ${seed}`)
        }
      }
      // Rewriting into text with the same structure gives the same segmentation again.
      const again = segmentMarkdown(replaced)
      assert.deepStrictEqual(
        again.segments.map((s) => [s.kind, s.block]),
        doc.segments.map((s) => [s.kind, s.block]),
        `stable structure, seed ${seed}`
      )
    }
  })
})
