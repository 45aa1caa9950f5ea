/**
 * A document's title (`titleFor`) and its updates on a real SQLite file: what a title is made of when none is given,
 * what an update changes and keeps, and what a missing or stale document answers.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Documents, titleFor } from "../../../src/store/Documents.ts"
import { inStore } from "./StoreAt.ts"

describe("a document's title", () => {
  it("is the one given, trimmed and cut at 200 characters", () => {
    assert.strictEqual(titleFor("  Pump log  ", "# Other"), "Pump log")
    assert.strictEqual(titleFor("x".repeat(250), ""), "x".repeat(200))
  })

  it("else the first line that says something, without its heading marks or a front-matter fence", () => {
    assert.strictEqual(titleFor(undefined, "###### Pump log\n\nText"), "Pump log")
    assert.strictEqual(titleFor(" ", "\r\n\r\n  First line here  \r\nsecond"), "First line here")
    assert.strictEqual(titleFor(undefined, "---\ntitle: x\n---\n# Notes"), "title: x")
    assert.strictEqual(titleFor(undefined, "+++\n\n+++\nBody"), "Body")
    // Seven marks are not a heading; a mark without a space is text.
    assert.strictEqual(titleFor(undefined, "####### Seven"), "####### Seven")
    assert.strictEqual(titleFor(undefined, "#hashtag day"), "#hashtag day")
    assert.strictEqual(titleFor(undefined, "--- not a fence"), "--- not a fence")
    assert.strictEqual(titleFor(undefined, "#   Spaced   "), "Spaced")
  })

  it("a blank document is Untitled", () => {
    assert.strictEqual(titleFor(undefined, ""), "Untitled")
    assert.strictEqual(titleFor("  ", "\n\n#  \n---\n"), "Untitled")
  })

  it("a line up to 80 characters is whole; a longer one is cut at 79 with an ellipsis, no space before it", () => {
    const eighty = "a".repeat(80)
    assert.strictEqual(titleFor(undefined, eighty), eighty)
    assert.strictEqual(titleFor(undefined, `${"b".repeat(79)}c`), `${"b".repeat(79)}c`)
    assert.strictEqual(titleFor(undefined, "a".repeat(81)), `${"a".repeat(79)}…`)
    assert.strictEqual(titleFor(undefined, `${"a".repeat(78)} bcd`), `${"a".repeat(78)}…`)
  })
})

describe("updating a document", () => {
  it.effect("a new title alone keeps the text; new text alone keeps the title; each counts one revision", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const doc = yield* documents.create({ text: "# Pump\n\nIt runs at 40 L/min.\n" })
        assert.strictEqual(doc.title, "Pump")
        const renamed = yield* documents.update(doc.id, { title: "  Pump notes " })
        assert.strictEqual(renamed.title, "Pump notes")
        assert.strictEqual(renamed.text, "# Pump\n\nIt runs at 40 L/min.\n")
        assert.strictEqual(renamed.revision, 1)
        const edited = yield* documents.update(doc.id, { text: "# Valve\n\nRated to 6 bar.\n" }, 1)
        assert.strictEqual(edited.title, "Pump notes")
        assert.strictEqual(edited.text, "# Valve\n\nRated to 6 bar.\n")
        assert.strictEqual(edited.revision, 2)
        // A blank title takes the text's first line again.
        const blank = yield* documents.update(doc.id, { title: " ", text: "# Gauge\n" })
        assert.strictEqual(blank.title, "Gauge")
      })
    )
  )

  it.effect("a document that is not there is not found; a stale revision is refused, naming both", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const missing = yield* documents.update("gone", { text: "x" }).pipe(Effect.flip)
        assert.strictEqual(missing._tag, "DocumentNotFound")
        assert.strictEqual(missing.message, 'no document has the id "gone"; GET /api/documents lists them')
        const doc = yield* documents.create({ text: "One.\n" })
        yield* documents.update(doc.id, { text: "Two.\n" }, 0)
        const stale = yield* documents.update(doc.id, { text: "Three.\n" }, 0).pipe(Effect.flip)
        assert.strictEqual(stale._tag, "PreconditionFailed")
        assert.strictEqual(
          stale.message,
          `document ${JSON.stringify(doc.id)} was changed since revision 0 (another tab or client saved it); GET it again, merge, and send the new revision in If-Match`
        )
        assert.strictEqual((yield* documents.get(doc.id)).text, "Two.\n")
      })
    )
  )
})
