/**
 * Transactions and migrations on a real SQLite file: work that fails part-way leaves nothing written and the next
 * write goes through; a restore that fails part-way adds nothing; a file at an older schema is brought up to date
 * with its documents; a migration that fails leaves the file as it was and opens an empty read-only workspace.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { DatabaseSync } from "node:sqlite"
import type { BackupFile } from "../../../src/domain/Backup.ts"
import { Backup } from "../../../src/store/Backup.ts"
import { Database } from "../../../src/store/Database.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { MIGRATIONS } from "../../../src/store/Migrations.ts"
import { inStore, storeAt, withFile } from "./StoreAt.ts"

const insertDocument = (db: DatabaseSync, id: string, text: string) =>
  db
    .prepare("INSERT INTO documents (id, title, text, created_at, updated_at) VALUES (?, ?, ?, 0, 0)")
    .run(id, text, text)

/** Creates a document and lists the titles: the proof that writing and reading still work. */
const writeAndList = Effect.gen(function* () {
  const documents = yield* Documents
  yield* documents.create({ title: "After", text: "Written after the failure." })
  return (yield* documents.list(undefined)).map((d) => d.title)
})

/** A file as an older Redraft left it: the first `applied` migrations and one document. */
const oldFile = (file: string, applied: number, tamper?: (db: DatabaseSync) => void) => {
  const db = new DatabaseSync(file)
  db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
  for (const [i, sql] of MIGRATIONS.slice(0, applied).entries()) {
    db.exec(sql)
    db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)").run(i + 1)
  }
  insertDocument(db, "kept-1", "Kept from before.")
  tamper?.(db)
  db.close()
}

/** What the file holds, read with a plain connection after the store closed it. */
const fileState = (file: string) => {
  const db = new DatabaseSync(file, { readOnly: true })
  const state = {
    schema: (db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number }).v,
    documentColumns: (db.prepare("PRAGMA table_info(documents)").all() as Array<{ name: string }>).map((c) => c.name),
    documents: (db.prepare("SELECT id FROM documents ORDER BY id").all() as Array<{ id: string }>).map((r) => r.id)
  }
  db.close()
  return state
}

describe("transactions", () => {
  it.effect("work that throws part-way leaves nothing written, and the next write goes through", () =>
    inStore(
      Effect.gen(function* () {
        const database = yield* Database
        const failed = yield* database
          .transaction((db) => {
            insertDocument(db, "half-1", "The first half landed.")
            throw new Error("the work failed after its first write")
          })
          .pipe(Effect.flip)
        assert.strictEqual(failed._tag, "DatabaseFailure")
        assert.isFalse(yield* database.use((db) => db.isTransaction))
        assert.deepStrictEqual(yield* writeAndList, ["After"])
      })
    )
  )

  it.effect(
    "a statement that SQLite refuses rolls back the statements before it, and the next write goes through",
    () =>
      inStore(
        Effect.gen(function* () {
          const database = yield* Database
          yield* database.transaction((db) => insertDocument(db, "taken", "Already here."))
          const failed = yield* database
            .transaction((db) => {
              insertDocument(db, "new-1", "Would be new.")
              insertDocument(db, "taken", "Same id: the primary key refuses it.")
            })
            .pipe(Effect.flip)
          assert.match(failed.message, /UNIQUE constraint failed/)
          assert.deepStrictEqual(yield* writeAndList, ["After", "Already here."])
        })
      )
  )

  it.effect("a migration-like statement that fails rolls back the schema change before it, and writes go on", () =>
    inStore(
      Effect.gen(function* () {
        const database = yield* Database
        const failed = yield* database
          .transaction((db) => {
            db.exec("ALTER TABLE documents ADD COLUMN extra TEXT")
            db.exec("ALTER TABLE no_such_table ADD COLUMN extra TEXT")
          })
          .pipe(Effect.flip)
        assert.match(failed.message, /no such table/)
        const columns = yield* database.use((db) =>
          (db.prepare("PRAGMA table_info(documents)").all() as Array<{ name: string }>).map((c) => c.name)
        )
        assert.notInclude(columns, "extra")
        assert.deepStrictEqual(yield* writeAndList, ["After"])
      })
    )
  )

  it.effect("many failing transactions in a row never wedge the connection", () =>
    inStore(
      Effect.gen(function* () {
        const database = yield* Database
        for (let i = 0; i < 5; i++) {
          yield* database
            .transaction((db) => {
              insertDocument(db, `lost-${i}`, `Lost ${i}.`)
              throw new Error(`failure ${i}`)
            })
            .pipe(Effect.flip)
        }
        assert.deepStrictEqual(yield* writeAndList, ["After"])
      })
    )
  )

  it.effect("a restore that fails on its second document adds neither, and the next restore goes through", () =>
    inStore(
      Effect.gen(function* () {
        const backup = yield* Backup
        const document = (id: string, segments: ReadonlyArray<number>) => ({
          id,
          title: id,
          text: `Text of ${id}.`,
          createdAt: 0,
          updatedAt: 0,
          versions: [
            {
              n: 1,
              createdAt: 0,
              styleProfileId: "plain",
              provider: "{}",
              summary: "{}",
              original: `Text of ${id}.`,
              paragraphs: segments.map((segment) => ({
                segment,
                original: "a",
                rewrite: "b",
                decision: "pending" as const,
                edited: null,
                report: "{}"
              }))
            }
          ]
        })
        // The second document repeats a paragraph number: its insert fails after the first document was written.
        const broken: BackupFile = {
          format: "redraft-backup",
          formatVersion: 1,
          documents: [document("first", [0]), document("second", [0, 0])]
        }
        yield* backup.restore(broken).pipe(Effect.flip)
        assert.deepStrictEqual(yield* (yield* Documents).list(undefined), [])
        const restored = yield* backup.restore({ ...broken, documents: [document("first", [0])] })
        assert.deepStrictEqual(restored.added, ["first"])
      })
    )
  )
})

describe("migrations", () => {
  it.effect("a new file gets every migration once, and opening it again applies none", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* Effect.void.pipe(Effect.provide(storeAt(file)))
        yield* Effect.void.pipe(Effect.provide(storeAt(file)))
        const db = new DatabaseSync(file, { readOnly: true })
        const versions = (
          db.prepare("SELECT version FROM schema_migrations ORDER BY version").all() as Array<{
            version: number
          }>
        ).map((r) => r.version)
        db.close()
        assert.deepStrictEqual(
          versions,
          MIGRATIONS.map((_, i) => i + 1)
        )
      })
    )
  )

  it.effect("a file at an older schema is brought up to date and keeps its documents, at revision 0", () =>
    withFile((file) =>
      Effect.gen(function* () {
        oldFile(file, 3)
        const { status, kept, updated } = yield* Effect.gen(function* () {
          const documents = yield* Documents
          return {
            status: (yield* Database).status,
            kept: yield* documents.get("kept-1"),
            updated: yield* documents.update("kept-1", { text: "Changed." }, 0)
          }
        }).pipe(Effect.provide(storeAt(file)))
        assert.isUndefined(status.readOnly)
        assert.strictEqual(kept.text, "Kept from before.")
        assert.strictEqual(kept.revision, 0)
        assert.strictEqual(updated.revision, 1)
        assert.strictEqual(fileState(file).schema, MIGRATIONS.length)
      })
    )
  )

  it.effect("a migration that fails part-way leaves the file as it was and opens an empty, read-only workspace", () =>
    withFile((file) =>
      Effect.gen(function* () {
        // Migration 4 adds documents.revision, then paragraphs.revision: the second is already there, so it fails
        // after the first statement has run.
        oldFile(file, 3, (db) => db.exec("ALTER TABLE paragraphs ADD COLUMN revision INTEGER NOT NULL DEFAULT 0"))
        const before = fileState(file)
        const { status, listed, refused } = yield* Effect.gen(function* () {
          const documents = yield* Documents
          return {
            status: (yield* Database).status,
            listed: yield* documents.list(undefined),
            refused: yield* documents.create({ text: "Cannot be saved." }).pipe(Effect.flip)
          }
        }).pipe(Effect.provide(storeAt(file)))
        assert.match(status.readOnly ?? "", /duplicate column name: revision/)
        assert.deepStrictEqual(listed, [])
        assert.strictEqual(refused.fault, "read_only")
        const after = fileState(file)
        assert.deepStrictEqual(after, before)
        assert.notInclude(after.documentColumns, "revision")
        assert.strictEqual(after.schema, 3)
      })
    )
  )

  it.effect("a file from a newer Redraft is opened read-only and left unchanged", () =>
    withFile((file) =>
      Effect.gen(function* () {
        oldFile(file, MIGRATIONS.length, (db) =>
          db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)").run(MIGRATIONS.length + 1)
        )
        const before = fileState(file)
        const status = yield* Database.use((d) => Effect.succeed(d.status)).pipe(Effect.provide(storeAt(file)))
        assert.match(status.readOnly ?? "", /newer Redraft/)
        assert.deepStrictEqual(fileState(file), before)
      })
    )
  )
})
