/**
 * Reading around damage (`salvageRows`, `readOne`) on a real SQLite file. A scan that stops part-way stands in for a
 * damaged page: a view whose rows past a malformed JSON body cannot be scanned, as rows past a corrupt page cannot.
 * Every row that can be read is served once, in rowid order; a row found but not readable is counted.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import type { DatabaseSync } from "node:sqlite"
import { Database } from "../../../src/store/Database.ts"
import { readOne, salvageRows } from "../../../src/store/Salvage.ts"
import { inStore } from "./StoreAt.ts"

interface Note {
  readonly id: number
  readonly title: string
  readonly x: number
}

/** Notes a to e; c's body is not JSON, so any scan that reads `x` stops at it. */
const notes = (db: DatabaseSync) => {
  db.exec("CREATE TABLE notes (title TEXT NOT NULL, body TEXT NOT NULL)")
  for (const [title, body] of [
    ["a", '{"x":1}'],
    ["b", '{"x":2}'],
    ["c", "not json"],
    ["d", '{"x":4}'],
    ["e", '{"x":5}']
  ] as const) {
    db.prepare("INSERT INTO notes (title, body) VALUES (?, ?)").run(title, body)
  }
  // Scanning this view fails at c, like a scan that meets a damaged page.
  db.exec("CREATE VIEW scanned AS SELECT rowid AS rowid, title FROM notes WHERE json_extract(body, '$.x') IS NOT NULL")
}

const READ_NOTE = "SELECT rowid AS id, title, json_extract(body, '$.x') AS x FROM notes WHERE rowid = ?"
const READ_TITLE = "SELECT rowid AS id, title FROM notes WHERE rowid = ?"

const onNotes = <A>(work: (db: DatabaseSync) => A) =>
  inStore(
    Database.use((database) =>
      database.use((db) => {
        notes(db)
        return work(db)
      })
    )
  )

describe("reading around damage", () => {
  it.effect("a scan stopped part-way is walked from both ends: the rows on either side are read, in rowid order", () =>
    Effect.gen(function* () {
      const found = yield* onNotes((db) => salvageRows<Note>(db, "scanned", READ_NOTE))
      assert.deepStrictEqual(
        found.rows.map((r) => [r.id, r.title, r.x]),
        [
          [1, "a", 1],
          [2, "b", 2],
          [4, "d", 4],
          [5, "e", 5]
        ]
      )
      assert.strictEqual(found.unreadable, 0)
    })
  )

  it.effect("a row that a further walk finds but that cannot be read is counted, not served", () =>
    Effect.gen(function* () {
      const found = yield* onNotes((db) =>
        salvageRows<Note>(db, "scanned", READ_NOTE, ["SELECT rowid AS id FROM notes WHERE title = 'c'"])
      )
      assert.deepStrictEqual(
        found.rows.map((r) => r.title),
        ["a", "b", "d", "e"]
      )
      assert.strictEqual(found.unreadable, 1)
    })
  )

  it.effect("on a whole table each row is read once, however many walks find it", () =>
    Effect.gen(function* () {
      const found = yield* onNotes((db) =>
        salvageRows<Note>(db, "notes", READ_TITLE, [
          "SELECT rowid AS id FROM notes ORDER BY title DESC",
          "SELECT rowid AS id FROM no_such_table"
        ])
      )
      assert.deepStrictEqual(
        found.rows.map((r) => r.title),
        ["a", "b", "c", "d", "e"]
      )
      assert.strictEqual(found.unreadable, 0)
    })
  )

  it.effect("one row is read by itself: missing is undefined, unreadable says so", () =>
    Effect.gen(function* () {
      const [present, missing, unreadable] = yield* onNotes((db) => [
        readOne<Note>(db, READ_NOTE, 1),
        readOne<Note>(db, READ_NOTE, 99),
        readOne<Note>(db, READ_NOTE, 3)
      ])
      assert.deepStrictEqual(present === undefined || present === "unreadable" ? present : present.title, "a")
      assert.isUndefined(missing)
      assert.strictEqual(unreadable, "unreadable")
    })
  )
})
