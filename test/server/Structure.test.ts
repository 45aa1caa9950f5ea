import { assert, describe, it } from "@effect/vitest"
import { structureProblem } from "../../src/pipeline/Structure.ts"

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

  it("does not blame a rewrite for a shape the original already had", () => {
    assert.isUndefined(structureProblem("> quoted words", "> quoted words, tidied"))
  })
})
