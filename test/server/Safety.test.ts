/** The verdict every changed text gets: meaning and shape, certain findings refuse it, suspect ones only ask. */
import { assert, describe, it } from "@effect/vitest"
import { certainFindings, checkSafety, describeSafety, suspectFindings } from "../../src/pipeline/Safety.ts"

describe("Safety", () => {
  it("accepts a text with only suspect findings, and describes them all", () => {
    const safety = checkSafety("Only admins can delete it.", "Admins can delete it.")
    assert.isTrue(safety.ok)
    assert.deepStrictEqual(
      safety.findings.map((f) => [f.kind, f.certainty]),
      [["scope", "suspect"]]
    )
    assert.deepStrictEqual(certainFindings(safety), [])
    assert.deepStrictEqual(suspectFindings(safety), safety.findings)
    assert.strictEqual(describeSafety(safety), '"only" was dropped ("Only admins can delete")')
  })

  it("refuses a text that adds block structure, listing the certain findings first and describing only those", () => {
    const safety = checkSafety("Only admins can delete it.", "# Admins can delete it.")
    assert.isFalse(safety.ok)
    assert.deepStrictEqual(
      safety.findings.map((f) => [f.kind, f.certainty]),
      [
        ["structure", "certain"],
        ["scope", "suspect"]
      ]
    )
    assert.deepStrictEqual(
      certainFindings(safety).map((f) => f.kind),
      ["structure"]
    )
    assert.deepStrictEqual(
      suspectFindings(safety).map((f) => f.kind),
      ["scope"]
    )
    assert.strictEqual(describeSafety(safety), "the rewrite adds a heading that the original paragraph does not have")
  })

  it("refuses a lost number, joining every certain finding", () => {
    const safety = checkSafety("We use 4 servers and 2 disks.", "We use servers and disks.")
    assert.isFalse(safety.ok)
    assert.strictEqual(describeSafety(safety), 'the number "4" was dropped; the number "2" was dropped')
  })

  it("finds nothing in an identical text, even one whose sentences a guard reads two ways", () => {
    assert.deepStrictEqual(checkSafety("We use 4 servers.", "We use 4 servers."), { ok: true, findings: [] })
    // The cause guard reads this sentence's parts in both orders: checked against itself it would ask a question.
    const text = "すべてのAPIキーはセキュリティチームによって更新されました。"
    assert.deepStrictEqual(checkSafety(text, text), { ok: true, findings: [] })
  })
})
