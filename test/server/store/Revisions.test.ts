/**
 * Documents' revisions and concurrent writers, on a real SQLite file: each write counts one revision, a write sent
 * with a stale revision (If-Match) is refused and changes nothing, of writers racing from one revision exactly one
 * lands, and many creates and updates at once lose none.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { Documents } from "../../../src/store/Documents.ts"
import { inStore } from "./StoreAt.ts"

describe("revisions", () => {
  it.effect("a new document is at revision 0, and each change of its text or title counts one", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const created = yield* documents.create({ text: "# Field notes\n\nThe pump runs at 40 L/min." })
        assert.strictEqual(created.revision, 0)
        assert.strictEqual(created.title, "Field notes")
        const text = yield* documents.update(created.id, { text: "# Field notes\n\nThe pump runs at 45 L/min." })
        assert.strictEqual(text.revision, 1)
        assert.strictEqual(text.title, "Field notes")
        const title = yield* documents.update(created.id, { title: "Pump log" }, 1)
        assert.strictEqual(title.revision, 2)
        assert.strictEqual(title.title, "Pump log")
        assert.strictEqual(title.text, "# Field notes\n\nThe pump runs at 45 L/min.")
        assert.strictEqual((yield* documents.get(created.id)).revision, 2)
      })
    )
  )

  it.effect("a change sent with a stale revision is refused and changes nothing", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Notes", text: "First." })
        yield* documents.update(id, { text: "Second." }, 0)
        const stale = yield* documents.update(id, { text: "From an old tab." }, 0).pipe(Effect.flip)
        assert.strictEqual(stale._tag, "PreconditionFailed")
        const ahead = yield* documents.update(id, { text: "From the future." }, 2).pipe(Effect.flip)
        assert.strictEqual(ahead._tag, "PreconditionFailed")
        const now = yield* documents.get(id)
        assert.strictEqual(now.text, "Second.")
        assert.strictEqual(now.revision, 1)
      })
    )
  )

  it.effect("a change to a document that is not there is not found, with or without a revision", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        assert.strictEqual(
          (yield* documents.update("missing", { text: "x" }).pipe(Effect.flip))._tag,
          "DocumentNotFound"
        )
        assert.strictEqual(
          (yield* documents.update("missing", { text: "x" }, 0).pipe(Effect.flip))._tag,
          "DocumentNotFound"
        )
        assert.deepStrictEqual(yield* documents.list(undefined), [])
      })
    )
  )
})

describe("concurrent writers", () => {
  it.effect("of 20 changes racing from the same revision, exactly one lands and the rest are refused", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Shared", text: "Start." })
        const outcomes = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          (i) => documents.update(id, { text: `Writer ${i}.` }, 0).pipe(Effect.result),
          { concurrency: "unbounded" }
        )
        const landed = outcomes.flatMap((o) => (o._tag === "Success" ? [o.success] : []))
        const refused = outcomes.flatMap((o) => (o._tag === "Failure" ? [o.failure._tag] : []))
        assert.strictEqual(landed.length, 1)
        assert.deepStrictEqual(
          refused,
          Array.from({ length: 19 }, () => "PreconditionFailed")
        )
        const now = yield* documents.get(id)
        assert.strictEqual(now.revision, 1)
        assert.strictEqual(now.text, landed[0]?.text)
      })
    )
  )

  it.effect("writers that each send the revision they read, one after another, all land in turn", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Shared", text: "0" })
        for (let i = 1; i <= 10; i++) {
          const read = yield* documents.get(id)
          yield* documents.update(id, { text: `${read.text},${i}` }, read.revision)
        }
        const now = yield* documents.get(id)
        assert.strictEqual(now.revision, 10)
        assert.strictEqual(now.text, "0,1,2,3,4,5,6,7,8,9,10")
      })
    )
  )

  it.effect("30 changes at once without a revision each count one: none is lost", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Shared", text: "Start." })
        yield* Effect.forEach(
          Array.from({ length: 30 }, (_, i) => i),
          (i) => documents.update(id, { text: `Writer ${i}.` }),
          { concurrency: "unbounded", discard: true }
        )
        assert.strictEqual((yield* documents.get(id)).revision, 30)
      })
    )
  )

  it.effect("creates, changes and deletes of different documents at once lose nothing", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const before = yield* Effect.forEach(
          Array.from({ length: 20 }, (_, i) => i),
          (i) => documents.create({ title: `Old ${i}`, text: `Old text ${i}.` })
        )
        yield* Effect.all(
          [
            Effect.forEach(
              Array.from({ length: 20 }, (_, i) => i),
              (i) => documents.create({ title: `New ${i}`, text: `New text ${i}.` }),
              { concurrency: "unbounded", discard: true }
            ),
            Effect.forEach(before.slice(0, 10), (d) => documents.update(d.id, { title: `Changed ${d.title}` }, 0), {
              concurrency: "unbounded",
              discard: true
            }),
            Effect.forEach(before.slice(10), (d) => documents.remove(d.id), { concurrency: "unbounded", discard: true })
          ],
          { concurrency: "unbounded" }
        )
        const titles = (yield* documents.list(undefined)).map((d) => d.title).toSorted()
        assert.deepStrictEqual(
          titles,
          [
            ...Array.from({ length: 10 }, (_, i) => `Changed Old ${i}`),
            ...Array.from({ length: 20 }, (_, i) => `New ${i}`)
          ].toSorted()
        )
      })
    )
  )
})
