/**
 * What a failed statement tells the writer (`databaseFailure`): SQLite's result code decides the fault (a full disk, a
 * read-only workspace, damage, another process holding the file), extended codes included, and each fault says what
 * to do. Also what the store logs at start-up: a read-only workspace and its reason, a damaged file and its problems.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { DatabaseSync } from "node:sqlite"
import { Database, databaseFailure } from "../../../src/store/Database.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { MIGRATIONS } from "../../../src/store/Migrations.ts"
import { storeAt, titlesLost, withFile } from "./StoreAt.ts"

const FILE = "/data/redraft.db"

/** An error as node:sqlite throws it: a message and SQLite's result code. */
const sqliteError = (errcode: number, message: string) => Object.assign(new Error(message), { errcode })

describe("what a failed statement tells the writer", () => {
  it("a full disk says to free space, and that nothing of the request was saved", () => {
    const failure = databaseFailure(FILE, sqliteError(13, "database or disk is full"), undefined)
    assert.strictEqual(failure.fault, "full")
    assert.strictEqual(
      failure.message,
      "the disk holding /data/redraft.db is full (database or disk is full); free some space and try again. Nothing of this request was saved"
    )
  })

  it("a read-only workspace gives the reason it was opened read-only, or else the file and SQLite's words", () => {
    const known = databaseFailure(FILE, sqliteError(8, "attempt to write a readonly database"), "the disk is read-only")
    assert.strictEqual(known.fault, "read_only")
    assert.strictEqual(
      known.message,
      "the workspace is read-only: the disk is read-only. Nothing can be saved until that is fixed"
    )
    const found = databaseFailure(FILE, sqliteError(8, "attempt to write a readonly database"), undefined)
    assert.strictEqual(
      found.message,
      "the workspace is read-only: /data/redraft.db cannot be written (attempt to write a readonly database). Nothing can be saved until that is fixed"
    )
  })

  it("damage (corrupt or not a database) says to export a backup and run redraft doctor", () => {
    for (const code of [11, 26]) {
      const failure = databaseFailure(FILE, sqliteError(code, "database disk image is malformed"), undefined)
      assert.strictEqual(failure.fault, "damaged")
      assert.strictEqual(
        failure.message,
        "/data/redraft.db is damaged where this request reads or writes (database disk image is malformed). Export a backup of what can be read (GET /api/backup) and run `redraft doctor`"
      )
    }
  })

  it("a file another process holds (busy or locked) says to try again in a moment", () => {
    for (const code of [5, 6]) {
      const failure = databaseFailure(FILE, sqliteError(code, "database is locked"), undefined)
      assert.strictEqual(failure.fault, "busy")
      assert.strictEqual(
        failure.message,
        "/data/redraft.db is held by another process (database is locked); try again in a moment"
      )
    }
  })

  it("extended result codes count by their primary code", () => {
    // SQLITE_READONLY_DBMOVED (8 | 4 << 8), SQLITE_CORRUPT_INDEX (11 | 3 << 8), SQLITE_BUSY_SNAPSHOT (5 | 2 << 8).
    assert.strictEqual(databaseFailure(FILE, sqliteError(8 | (4 << 8), "moved"), undefined).fault, "read_only")
    assert.strictEqual(databaseFailure(FILE, sqliteError(11 | (3 << 8), "index"), undefined).fault, "damaged")
    assert.strictEqual(databaseFailure(FILE, sqliteError(5 | (2 << 8), "snapshot"), undefined).fault, "busy")
  })

  it("anything else is the database's failure in its own words: a constraint, an error without a code, a thrown value", () => {
    const constraint = databaseFailure(FILE, sqliteError(19, "UNIQUE constraint failed: documents.id"), undefined)
    assert.strictEqual(constraint.fault, "other")
    assert.strictEqual(
      constraint.message,
      "the database /data/redraft.db failed: UNIQUE constraint failed: documents.id"
    )
    assert.strictEqual(databaseFailure(FILE, new Error("no code"), undefined).fault, "other")
    const thrown = databaseFailure(FILE, "a string", undefined)
    assert.strictEqual(thrown.fault, "other")
    assert.strictEqual(thrown.message, "the database /data/redraft.db failed: a string")
    assert.strictEqual(databaseFailure(FILE, null, undefined).fault, "other")
    assert.strictEqual(databaseFailure(FILE, { errcode: 13 }, undefined).fault, "full")
  })
})

/** The store opened on `file`, with every warning it logs while opening. */
const openLogging = (file: string) =>
  Effect.gen(function* () {
    const logged: Array<string> = []
    const collect = Logger.layer([
      Logger.make(({ message }) => {
        logged.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
      })
    ])
    const status = yield* Effect.map(Database, (db) => db.status).pipe(
      Effect.provide(storeAt(file).pipe(Layer.provide(collect))),
      Effect.scoped
    )
    return { status, logged }
  })

describe("what the store logs when it opens", () => {
  it.effect("a whole, writable file: nothing", () =>
    withFile((file) =>
      Effect.gen(function* () {
        const { status, logged } = yield* openLogging(file)
        assert.deepStrictEqual(status, { file, readOnly: undefined, problems: [] })
        assert.deepStrictEqual(logged, [])
      })
    )
  )

  it.effect("a damaged file: how many problems, the first three, and what to do", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* titlesLost(file, 1)
        const one = yield* openLogging(file)
        assert.deepStrictEqual(one.logged, [
          `${file} is damaged (1 problem: NULL value in documents.title); what can be read is served. Export a backup, then run \`redraft doctor\` for a full check.`
        ])
      })
    )
  )

  it.effect("many problems: the count, and only the first three named", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* titlesLost(file, 4)
        const { logged } = yield* openLogging(file)
        const line = "NULL value in documents.title"
        assert.deepStrictEqual(logged, [
          `${file} is damaged (4 problems: ${line}; ${line}; ${line}); what can be read is served. Export a backup, then run \`redraft doctor\` for a full check.`
        ])
      })
    )
  )

  it.effect("a file from a newer Redraft: the workspace is read-only, and the log says why", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* Effect.gen(function* () {
          yield* (yield* Documents).create({ text: "Kept.\n" })
        }).pipe(Effect.provide(storeAt(file)), Effect.scoped)
        const db = new DatabaseSync(file)
        db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)").run(MIGRATIONS.length + 1)
        db.close()
        const { status, logged } = yield* openLogging(file)
        const reason = `cannot use the documents database ${file}: it was written by a newer Redraft (schema ${MIGRATIONS.length + 1}; this one knows ${MIGRATIONS.length}). It was left as it is; move it aside or set REDRAFT_DATA_DIR to another folder. Until then the workspace is empty and read-only`
        assert.strictEqual(status.readOnly, reason)
        assert.deepStrictEqual(logged, [`the workspace is read-only: ${reason}`])
      })
    )
  )
})
