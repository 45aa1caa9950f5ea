import { describe, expect, it } from "vitest"
import { reviewedFileName } from "../../web/src/lib/download.ts"

describe("the reviewed text's file name", () => {
  it("is the document's title and the version", () => {
    expect(reviewedFileName("Upgrade notes", "notes.md", 2)).toBe("Upgrade notes.v2.md")
  })

  it("drops what a file system refuses, and keeps it short", () => {
    expect(reviewedFileName('Q3: plan / "draft"?', null, 1)).toBe("Q3 plan draft.v1.md")
    expect(reviewedFileName("a\tb\u0007c", null, 1)).toBe("a b c.v1.md")
    expect(reviewedFileName("x".repeat(200), null, 1)).toBe(`${"x".repeat(80)}.v1.md`)
  })

  it("falls back to the opened file's name, then to 'document'; an unsaved run is marked as such", () => {
    expect(reviewedFileName(undefined, "notes.md", 3)).toBe("notes.v3.md")
    expect(reviewedFileName("  ", null, 3)).toBe("document.v3.md")
    expect(reviewedFileName("Plan", null, null)).toBe("Plan.redraft.md")
  })
})
