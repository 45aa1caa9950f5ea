/**
 * The page check at start-up (`checkPages` with `quick_check`, as `Database` runs it): a whole file has no problems;
 * damage the check can name is listed in the status, line by line up to the limit, and the workspace stays writable.
 * The damage here is made with SQLite itself: rows that break a NOT NULL the schema claims, as a torn write could leave.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { DatabaseSync } from "node:sqlite"
import { checkPages, Database } from "../../../src/store/Database.ts"
import { storeAt, titlesLost, withFile } from "./StoreAt.ts"

const statusOf = (file: string) =>
  Effect.map(Database, (db) => db.status).pipe(Effect.provide(storeAt(file)), Effect.scoped)

describe("the page check", () => {
  it.effect("a whole file has no problems", () =>
    withFile((file) =>
      Effect.gen(function* () {
        assert.deepStrictEqual((yield* statusOf(file)).problems, [])
        const db = new DatabaseSync(file)
        assert.deepStrictEqual(checkPages(db, "quick_check", 20), [])
        assert.deepStrictEqual(checkPages(db, "integrity_check", 100), [])
        db.close()
      })
    )
  )

  it.effect("what the check finds is listed at start-up, one line each, and the workspace stays writable", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* titlesLost(file, 3)
        const status = yield* statusOf(file)
        assert.deepStrictEqual(status.problems, [
          "NULL value in documents.title",
          "NULL value in documents.title",
          "NULL value in documents.title"
        ])
        assert.isUndefined(status.readOnly)
      })
    )
  )

  it.effect("the list stops at the limit: the start-up check names at most 20 problems", () =>
    withFile((file) =>
      Effect.gen(function* () {
        yield* titlesLost(file, 25)
        assert.strictEqual((yield* statusOf(file)).problems.length, 20)
        const db = new DatabaseSync(file)
        assert.strictEqual(checkPages(db, "integrity_check", 100).length, 25)
        assert.strictEqual(checkPages(db, "quick_check", 1).length, 1)
        db.close()
      })
    )
  )
})
