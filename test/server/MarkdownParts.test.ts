/**
 * A document read in parts segments exactly as it does read whole: every CommonMark spec example, each with a
 * paragraph before and after it (so that a cut may fall on either side), read in the smallest parts there are, and
 * the cases that a cut at a blank line would break (a fence, an HTML comment or front matter with a blank line and a
 * line of words inside).
 */
import { readFileSync } from "node:fs"
import { assert, describe, it } from "@effect/vitest"
import spec from "commonmark-spec"
import { FIRST_PART_CHARS, segmentMarkdown, segmentParts } from "../../src/markdown/Segments.ts"

const WHOLE = Number.POSITIVE_INFINITY

const assertSameInParts = (source: string, label: string): void => {
  const whole = segmentMarkdown(source, WHOLE)
  const parts = segmentMarkdown(source, 1)
  assert.deepStrictEqual(parts.segments, whole.segments, label)
  const replacements = new Map(
    whole.segments.filter((s) => s.kind === "prose").map((s) => [s.index, `Changed ${s.index}\nover two lines.`])
  )
  assert.strictEqual(parts.reassemble(replacements), whole.reassemble(replacements), label)
}

/** How many parts `source` is read in, at the smallest part size. */
const partCount = (source: string): number => {
  let count = 0
  const parts = segmentParts(source, 1)
  for (let part = parts.next(); part.done !== true; part = parts.next()) count++
  return count
}

describe("markdown in parts", () => {
  it("segments every CommonMark spec example between two paragraphs as the whole document does", () => {
    const examples = spec.tests.map((t) => t.markdown)
    for (const [i, markdown] of examples.entries()) {
      assertSameInParts(`Before example ${i}.\n\n${markdown}\nAfter example ${i}.\n\nEnd.\n`, `example ${i}`)
    }
    const all = examples.map((markdown, i) => `Paragraph ${i} comes first.\n\n${markdown}\n`).join("\n")
    assertSameInParts(all, "all examples in one document")
    // Cut until the first example that leaves a fence open to the end of the document.
    assert.isAbove(partCount(all), 100)
  })

  it("does not cut inside a fence, an HTML block that a blank line does not end, or front matter", () => {
    const cases = [
      "Intro.\n\n```\ncode\n\nWords inside the fence.\n```\n\nAfter.\n",
      "Intro.\n\n  ~~~~ js\ncode\n\nWords inside.\n  ~~~\n\nStill inside.\n~~~~\n\nAfter.\n",
      "Intro.\n\n<!-- a comment\n\nWords inside it.\n-->\n\nAfter.\n",
      "Intro.\n\n<pre>\n\nWords inside.\n</pre>\n\nAfter.\n",
      "Intro.\n\n<!-->\n\nWords after a short comment.\n-->\n\nAfter.\n",
      "---\ntitle: x\n\nwords: inside\n---\n\nAfter.\n",
      "+++\ntitle = 1\n\nwords = 2\n+++\n\nAfter.\n",
      "- item\n  ```\n\nWords after the item.\n\n  ```\n\nAfter.\n",
      "> quote\n> ```\n\nWords after the quote.\n",
      "\uFEFFIntro with a mark.\n\nSecond.\n\r\nThird.\r\n"
    ]
    for (const source of cases) assertSameInParts(source, JSON.stringify(source))
    assert.strictEqual(partCount(cases[0] as string), 2, "one cut, after the fence")
    assert.strictEqual(partCount(cases[5] as string), 2, "one cut, after the front matter")
    assert.strictEqual(partCount(cases[7] as string), 1, "a fence left open by its list item: the rest is read whole")
  })

  it("reads a long document in parts of the size asked, the same as whole", () => {
    const handbook = readFileSync("bench/handbook-draft.md", "utf8")
    const long = Array.from({ length: 8 }, (_, k) => handbook.replaceAll("the ", `the ${k} `)).join("\n\n")
    assertSameInParts(long, "handbook x8")
    const parts = segmentParts(long, 16_384)
    const chars: Array<number> = []
    for (let part = parts.next(); part.done !== true; part = parts.next()) {
      chars.push(part.value.reduce((n, s) => n + s.text.length, 0))
    }
    assert.isAtLeast(chars.length, 3)
    // The first part is small, so that a run's first calls go out before the rest is read; each next one is twice as
    // long, up to the size asked.
    assert.isAtLeast(chars[0] as number, FIRST_PART_CHARS - 200)
    assert.isBelow(chars[0] as number, 4_096)
    assert.isBelow(chars[1] as number, 8_192)
    for (const size of chars.slice(4, -1)) assert.isAtLeast(size, 16_384 - 200)
  })
})
