/**
 * Byte-exact reassembly over real markdown: every CommonMark spec example and every document under fixtures/ comes
 * back unchanged when nothing is rewritten, and its segments account for all of it: with each prose text swapped for
 * a placeholder, the protected texts and placeholders appear in order with nothing but markers, indentation and line
 * endings between them.
 */
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { assert, describe, it } from "@effect/vitest"
import spec from "commonmark-spec"
import { segmentMarkdown } from "../../src/markdown/Segments.ts"

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures")

/** Markdown documents in fixtures/: .md files, and the `source` and `samples` texts of the JSON cases and profiles. */
const fixtureDocuments = (): ReadonlyArray<readonly [string, string]> => {
  const documents: Array<readonly [string, string]> = []
  const collect = (name: string, value: unknown, key = ""): void => {
    if (typeof value === "string") {
      if (key === "source" || key === "samples") documents.push([name, value])
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => collect(`${name}[${i}]`, item, key))
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) collect(`${name}.${k}`, v, k)
    }
  }
  for (const entry of readdirSync(FIXTURES, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    const name = path.relative(FIXTURES, file)
    if (entry.name.endsWith(".md")) documents.push([name, readFileSync(file, "utf8")])
    if (entry.name.endsWith(".json")) collect(name, JSON.parse(readFileSync(file, "utf8")))
  }
  return documents
}

/** Between segments there may only be container markers, list numbers, whitespace and line endings. */
const STRUCTURE_ONLY = /^[\s>*+\-0-9.)]*$/

const placeholder = (index: number): string => `\u0000${index}\u0000`

const assertRoundTrip = (source: string): void => {
  const doc = segmentMarkdown(source)
  assert.strictEqual(doc.reassemble(new Map()), source, "no replacements")
  const prose = doc.segments.filter((s) => s.kind === "prose")
  assert.strictEqual(doc.reassemble(new Map(prose.map((s) => [s.index, s.text]))), source, "every text as it was")

  const marked = doc.reassemble(new Map(prose.map((s) => [s.index, placeholder(s.index)])))
  let cursor = 0
  for (const segment of doc.segments) {
    const piece = segment.kind === "prose" ? placeholder(segment.index) : segment.text
    const at = marked.indexOf(piece, cursor)
    assert.isAtLeast(at, 0, `segment ${segment.index} in order: ${JSON.stringify(piece)}`)
    assert.match(marked.slice(cursor, at), STRUCTURE_ONLY, `only structure before segment ${segment.index}`)
    cursor = at + piece.length
  }
  assert.match(marked.slice(cursor), STRUCTURE_ONLY, "only structure after the last segment")
}

describe("markdown round trip: CommonMark spec examples", () => {
  for (const example of spec.tests) {
    it(`example ${example.number} (${example.section})`, () => {
      assertRoundTrip(example.markdown.replace(/\u2192/g, "\t"))
    })
  }
})

describe("markdown round trip: fixtures", () => {
  const documents = fixtureDocuments()

  it("finds the fixture documents", () => {
    assert.isAtLeast(documents.length, 30)
    assert.isTrue(documents.some(([name]) => name.endsWith(".md")))
  })

  for (const [name, source] of documents) {
    it(name, () => {
      assertRoundTrip(source)
      assertRoundTrip(source.replace(/\n/g, "\r\n"))
    })
  }
})
