import { assert, describe, it } from "@effect/vitest"
import { segmentMarkdown } from "../../src/markdown/Segments.ts"
import { structureProblem } from "../../src/pipeline/Structure.ts"

/** Whether the parse reads `text` as more than one paragraph (what the guard decides, by the parse alone). */
const addsBlocksByParse = (text: string): boolean => {
  const blocks = segmentMarkdown(text.trim()).segments.filter((s) => s.block !== "blank" || s.text.includes("\n\n"))
  const [first, ...rest] = blocks
  return first === undefined || first.block !== "paragraph" || rest.length > 0
}

describe("structure guard", () => {
  const original = "We utilize 4 servers."

  it("accepts one paragraph, soft line breaks and inline markdown", () => {
    assert.isUndefined(structureProblem(original, "We use 4 servers."))
    assert.isUndefined(structureProblem(original, "We use 4 servers.\nThey run all day."))
    assert.isUndefined(structureProblem(original, "We use *4* `servers` ([docs](https://example.com/a))."))
    // Blank lines around the reply are trimmed away when it is put back: they add no block.
    assert.isUndefined(structureProblem(original, "\n\nWe use 4 servers.\n\n"))
  })

  it("names the block a rewrite would add", () => {
    assert.include(structureProblem(original, "# Servers\n\nWe use 4.") ?? "", "a heading")
    assert.include(structureProblem(original, "- We use 4 servers.") ?? "", "a list")
    assert.include(structureProblem(original, "1. We use 4 servers.") ?? "", "a list")
    assert.include(structureProblem(original, "We use 4.\n\nThey are servers.") ?? "", "a second paragraph")
    assert.include(structureProblem(original, "```\nservers: 4\n```") ?? "", "a code block")
    assert.include(structureProblem(original, "> We use 4 servers.") ?? "", "a block quote")
    assert.include(structureProblem(original, "   ") ?? "", "empty")
  })

  it("judges every mix of line starts as the parse does, letters and numbers included", () => {
    const starts = ["We use", "3 servers", "2024 was", "12. items", "1. item", "1) item", "- item", "* item", "+ item"]
    const more = [
      "> quote",
      "# Title",
      "===",
      "---",
      "| a |",
      "<div>",
      "    indented",
      "\tindented",
      "```",
      "[a]: /u",
      ""
    ]
    const lines = [...starts, ...more, "éclair", "Ünits", "Москва", "東京", "«quoted»", "(aside)"]
    for (const a of lines)
      for (const b of lines)
        for (const c of ["", "\nrest of it", "\n---"]) {
          const text = `${a}\n${b}${c}`
          assert.strictEqual(
            structureProblem(original, text) !== undefined,
            addsBlocksByParse(text),
            JSON.stringify(text)
          )
        }
  })

  it("does not blame a rewrite for a shape the original already had", () => {
    assert.isUndefined(structureProblem("> quoted words", "> quoted words, tidied"))
  })
})
