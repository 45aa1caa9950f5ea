/**
 * Storage faults at the store, on real SQLite files: damage found at start-up and read around, files that cannot be
 * used opened as an empty read-only workspace and left as they were, and a full disk (a small tmpfs, where this
 * machine lets a test mount one).
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, FileSystem, Layer } from "effect"
import { closeSync, existsSync, openSync, readFileSync, writeFileSync, writeSync } from "node:fs"
import { dirname } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { Backup } from "../../src/store/Backup.ts"
import { Database } from "../../src/store/Database.ts"
import { Documents } from "../../src/store/Documents.ts"
import { runCli } from "../cli/RunCli.ts"
import { canMount, mountTmpfs, remountReadOnly, unmount } from "../support/Tmpfs.ts"

const storeAt = (file: string) =>
  Layer.mergeAll(Documents.layerNoDeps, Backup.layerNoDeps).pipe(Layer.provideMerge(Database.layerFile(file)))

const tempFile = Effect.gen(function* () {
  const fs = yield* FileSystem.FileSystem
  const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-storage-" })
  return `${dir}/redraft.db`
})

/** Writes `count` documents of a few KB each, then closes the file with its log checkpointed. */
const fill = (file: string, count: number) =>
  Effect.gen(function* () {
    const documents = yield* Documents
    for (let i = 0; i < count; i++) {
      yield* documents.create({ title: `Note ${i}`, text: `Note ${i}: ${"the pump runs at 40 L/min. ".repeat(120)}` })
    }
  }).pipe(Effect.provide(storeAt(file)))

/** Overwrites pages `from` to `to` (1-based, 4 KiB) with garbage. */
const damagePages = (file: string, from: number, to: number) => {
  const fd = openSync(file, "r+")
  for (let page = from; page <= to; page++) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096)
  closeSync(fd)
}

describe("storage faults", () => {
  it.effect("damage is named at start-up, and the documents around it are still listed and backed up", () =>
    Effect.gen(function* () {
      const file = yield* tempFile
      yield* fill(file, 60)
      const pages = readFileSync(file).length / 4096
      damagePages(file, Math.floor(pages / 2), Math.floor(pages / 2) + 2)
      const { status, listed, exported } = yield* Effect.gen(function* () {
        return {
          status: (yield* Database).status,
          listed: yield* (yield* Documents).list(undefined),
          exported: yield* (yield* Backup).export
        }
      }).pipe(Effect.provide(storeAt(file)))
      assert.isAbove(status.problems.length, 0)
      assert.isUndefined(status.readOnly)
      // Most documents are intact, and all of those are listed, newest first; the lost ones are counted.
      assert.isAbove(listed.length, 40)
      assert.isBelow(listed.length, 60)
      const numbers = listed.map((d) => Number(d.title.replace("Note ", "")))
      assert.deepStrictEqual(
        numbers,
        numbers.toSorted((a, b) => b - a)
      )
      assert.deepStrictEqual(exported.backup.documents.map((d) => d.id).toSorted(), listed.map((d) => d.id).toSorted())
      // Rows found on a walk but not readable are counted; rows on the damaged pages themselves cannot be found.
      assert.isAtMost(exported.backup.documents.length + exported.unreadable, 60)

      // redraft doctor checks every page, names the damage, counts what can be read, and exits 4.
      const doctor = yield* runCli(["doctor", "--data-dir", dirname(file)], { env: {} })
      assert.strictEqual(doctor.exitCode, 4)
      assert.match(doctor.stdout, /integrity: \d+ problem/)
      assert.include(doctor.stdout, `readable: ${listed.length} document(s)`)
      assert.include(doctor.stdout, "what to do: export what can be read")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  for (const [kind, prepare, words] of [
    [
      "a file that is not a database",
      (file: string) => writeFileSync(file, "this is not a database, but somebody's notes\n".repeat(200)),
      "file is not a database"
    ],
    [
      "another application's database",
      (file: string) => {
        const foreign = new DatabaseSync(file)
        foreign.exec("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
        foreign.close()
      },
      "another application's tables"
    ],
    [
      "a file written by a newer Redraft",
      (file: string) => {
        const newer = new DatabaseSync(file)
        newer.exec(
          "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL); INSERT INTO schema_migrations VALUES (99, 0)"
        )
        newer.close()
      },
      "was written by a newer Redraft (schema 99"
    ]
  ] as const) {
    it.effect(`${kind} opens an empty, read-only workspace that says why, and is left as it was`, () =>
      Effect.gen(function* () {
        const file = yield* tempFile
        prepare(file)
        const before = readFileSync(file)
        const { status, listed, write } = yield* Effect.gen(function* () {
          const documents = yield* Documents
          return {
            status: (yield* Database).status,
            listed: yield* documents.list(undefined),
            write: yield* documents.create({ text: "A new note." }).pipe(Effect.exit)
          }
        }).pipe(Effect.provide(storeAt(file)))
        assert.include(status.readOnly ?? "", words)
        assert.include(status.readOnly ?? "", "the workspace is empty and read-only")
        assert.deepStrictEqual(listed, [])
        assert.isTrue(Exit.isFailure(write))
        assert.include(String(Exit.isFailure(write) ? write.cause : ""), "the workspace is read-only")
        assert.isTrue(readFileSync(file).equals(before))
        assert.isFalse(existsSync(`${file}-wal`))
      }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
    )
  }

  it.effect("redraft doctor finds a whole file whole, and says so with exit 0", () =>
    Effect.gen(function* () {
      const file = yield* tempFile
      yield* fill(file, 3)
      const doctor = yield* runCli(["doctor", "--data-dir", dirname(file), "--json"], { env: {} })
      assert.strictEqual(doctor.exitCode, 0)
      const report = JSON.parse(doctor.stdout) as { problems: ReadonlyArray<string>; documents: number }
      assert.deepStrictEqual([report.problems, report.documents], [[], 3])
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a data folder that cannot be created opens an empty, read-only workspace", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-storage-" })
      // A file stands where the folder should be: nobody, root included, can create the folder.
      writeFileSync(`${dir}/data`, "")
      const status = yield* Database.use((db) => Effect.succeed(db.status)).pipe(
        Effect.provide(Database.layerFile(`${dir}/data/redraft.db`))
      )
      assert.include(status.readOnly ?? "", `the data folder ${dir}/data cannot be written`)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect.skipIf(!canMount)("a read-only disk opens the workspace read-only, with everything on it readable", () =>
    Effect.gen(function* () {
      const dir = mountTmpfs("4m") as string
      yield* Effect.addFinalizer(() => Effect.sync(() => unmount(dir)))
      const file = `${dir}/data/redraft.db`
      yield* fill(file, 3)
      remountReadOnly(dir)
      const { status, listed, write } = yield* Effect.gen(function* () {
        const documents = yield* Documents
        return {
          status: (yield* Database).status,
          listed: yield* documents.list(undefined),
          write: yield* documents.create({ text: "A new note." }).pipe(Effect.flip)
        }
      }).pipe(Effect.provide(storeAt(file)))
      assert.include(status.readOnly ?? "", "cannot be written")
      assert.strictEqual(listed.length, 3)
      assert.strictEqual(write.fault, "read_only")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect.skipIf(!canMount)("a full disk fails a write as full, and what was saved before stays", () =>
    Effect.gen(function* () {
      const dir = mountTmpfs("512k") as string
      yield* Effect.addFinalizer(() => Effect.sync(() => unmount(dir)))
      const file = `${dir}/data/redraft.db`
      const { fault, count } = yield* Effect.gen(function* () {
        const documents = yield* Documents
        const failed = yield* Effect.gen(function* () {
          for (;;) yield* documents.create({ text: `A note: ${"x".repeat(20_000)}` })
        }).pipe(Effect.flip)
        return { fault: failed.fault, count: (yield* documents.list(undefined)).length }
      }).pipe(Effect.provide(storeAt(file)))
      assert.strictEqual(fault, "full")
      assert.isAbove(count, 0)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})
