import { describe, expect, it } from "vitest"
import { diffWords } from "../../web/src/lib/diff.ts"

describe("diffWords", () => {
  it("marks replaced words and keeps the rest", () => {
    expect(diffWords("We utilize 4 servers.", "We use 4 servers.")).toEqual([
      { kind: "same", text: "We " },
      { kind: "removed", text: "utilize" },
      { kind: "added", text: "use" },
      { kind: "same", text: " 4 servers." }
    ])
  })

  it("handles insertions, deletions and empty sides", () => {
    expect(diffWords("", "New text")).toEqual([{ kind: "added", text: "New text" }])
    expect(diffWords("Old text", "")).toEqual([{ kind: "removed", text: "Old text" }])
    const parts = diffWords("It is important to note that the run may fail.", "The run may fail.")
    expect(
      parts
        .filter((p) => p.kind === "same")
        .map((p) => p.text)
        .join("")
    ).toContain("run may fail.")
  })

  it("rebuilds both sides exactly", () => {
    const before = "Alpha beta  gamma\ndelta epsilon."
    const after = "Alpha gamma\ndelta zeta epsilon!"
    const parts = diffWords(before, after)
    expect(
      parts
        .filter((p) => p.kind !== "added")
        .map((p) => p.text)
        .join("")
    ).toBe(before)
    expect(
      parts
        .filter((p) => p.kind !== "removed")
        .map((p) => p.text)
        .join("")
    ).toBe(after)
  })
})
