/**
 * `redraft doctor`'s check (`examine`) on real files, and the register of running document runs (`DocumentRuns`)
 * that deleting a document stops.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Scope } from "effect"
import { writeFileSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { DocumentRuns } from "../../../src/store/DocumentRuns.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { examine } from "../../../src/store/Doctor.ts"
import { Voices } from "../../../src/store/Voices.ts"
import { storeAt, withFile } from "./StoreAt.ts"

describe("redraft doctor's check", () => {
  it.effect("a whole workspace: no problems, and every document and voice counted", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* Effect.gen(function* () {
          const documents = yield* Documents
          yield* documents.create({ text: "One.\n" })
          yield* documents.create({ text: "Two.\n" })
          yield* (yield* Voices).create({ name: "Mine", samples: ["I fixed the bike.", "We baked bread."] }, new Set())
        }).pipe(Effect.provide(storeAt(file)), Effect.scoped)
        assert.deepStrictEqual(examine(file), { file, problems: [], documents: 2, voices: 1, unreadable: 0 })
      })
    )
  )

  it.effect("no file, a file that is not a database, another application's database: each says why", () =>
    withFile((file) =>
      Effect.sync(() => {
        const empty = { file, problems: [], documents: 0, voices: 0, unreadable: 0 }
        assert.deepStrictEqual(examine(file), { ...empty, unusable: "there is no workspace file here yet" })
        const other = new DatabaseSync(file)
        other.exec("CREATE TABLE notes (body TEXT)")
        other.close()
        assert.deepStrictEqual(examine(file), {
          ...empty,
          unusable: "it is not a Redraft workspace (no Redraft tables)"
        })
        writeFileSync(file, "These are my notes, not a database. ".repeat(200))
        assert.deepStrictEqual(examine(file), { ...empty, unusable: "file is not a database" })
      })
    )
  )

  it.effect("a damaged workspace: the check's lines, and what can still be read", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* Effect.gen(function* () {
          const documents = yield* Documents
          for (const text of ["One.\n", "Two.\n", "Three.\n"]) yield* documents.create({ text })
        }).pipe(Effect.provide(storeAt(file)), Effect.scoped)
        // An index that no longer matches its table, as a torn write can leave it.
        const db = new DatabaseSync(file)
        db.exec("PRAGMA writable_schema = ON")
        db.exec(
          "UPDATE sqlite_master SET sql = 'CREATE INDEX documents_updated ON documents (title)' WHERE name = 'documents_updated'"
        )
        db.close()
        const report = examine(file)
        assert.isAbove(report.problems.length, 0)
        assert.match(report.problems[0] ?? "", /documents_updated/)
        assert.strictEqual(report.documents, 3)
        assert.isUndefined(report.unusable)
      })
    )
  )
})

describe("running document runs", () => {
  it.effect("stopping a document signals each of its runs, and only its own", () =>
    Effect.gen(function* () {
      const runs = yield* DocumentRuns
      const first = yield* runs.watch("a")
      const second = yield* runs.watch("a")
      const other = yield* runs.watch("b")
      yield* runs.stop("a")
      assert.isTrue(yield* Deferred.isDone(first))
      assert.isTrue(yield* Deferred.isDone(second))
      assert.isFalse(yield* Deferred.isDone(other))
      // Nothing running: stopping does nothing.
      yield* runs.stop("none")
    }).pipe(Effect.provide(DocumentRuns.layer))
  )

  it.effect("a run that ended is no longer stopped; one still going is", () =>
    Effect.gen(function* () {
      const runs = yield* DocumentRuns
      const ended = yield* Scope.make()
      const finished = yield* runs.watch("a").pipe(Scope.provide(ended))
      yield* Scope.close(ended, Exit.void)
      const going = yield* runs.watch("a")
      yield* runs.stop("a")
      assert.isFalse(yield* Deferred.isDone(finished))
      assert.isTrue(yield* Deferred.isDone(going))
    }).pipe(Effect.provide(DocumentRuns.layer))
  )
})
