/**
 * The embedded database: SQLite through Node's built-in `node:sqlite` (no native build), in `redraft.db` under the
 * data directory. Write-ahead logging, versioned migrations applied in order at start-up, writes in transactions.
 * A file that cannot be opened, or is not a Redraft database, stops the service with a message that names it; it is
 * never deleted or overwritten.
 */
import { Clock, Context, Effect, Layer, Schema, Semaphore } from "effect"
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs"
import { dirname, join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { AppConfig } from "../AppConfig.ts"
import { MIGRATIONS } from "./Migrations.ts"

/** The database could not be opened or migrated: the service does not start. */
export class DatabaseUnavailable extends Schema.TaggedError<DatabaseUnavailable>()("DatabaseUnavailable", {
  message: Schema.String
}) {}

/** A statement failed on an open database: a bug or a full disk, not something a request can fix. */
export class DatabaseFailure extends Schema.TaggedError<DatabaseFailure>()("DatabaseFailure", {
  message: Schema.String
}) {}

export class Database extends Context.Service<
  Database,
  {
    /** The database file. */
    readonly file: string
    /** Runs `work` against the connection, one caller at a time. */
    readonly use: <A>(work: (db: DatabaseSync) => A) => Effect.Effect<A, DatabaseFailure>
    /** Runs `work` in one transaction: all of its writes land, or none. */
    readonly transaction: <A>(work: (db: DatabaseSync) => A) => Effect.Effect<A, DatabaseFailure>
  }
>()("app/store/Database") {
  /** Opens `file` (created if missing), migrates it, and closes it with the layer. */
  static readonly layerFile = (file: string) =>
    Layer.effect(
      Database,
      Effect.gen(function* () {
        const db = yield* Effect.acquireRelease(open(file), (opened) =>
          Effect.sync(() => opened.isOpen && opened.close())
        )
        // One connection, one caller at a time: a transaction's statements never interleave with another fiber's.
        const lock = yield* Semaphore.make(1)
        const run = <A>(work: (db: DatabaseSync) => A) =>
          Effect.try({
            try: () => work(db),
            catch: (e) => new DatabaseFailure({ message: `the database ${file} failed: ${describe(e)}` })
          })
        const use = <A>(work: (db: DatabaseSync) => A) => lock.withPermits(1)(run(work))
        const transaction = <A>(work: (db: DatabaseSync) => A) =>
          lock.withPermits(1)(inTransaction(run, work)).pipe(Effect.uninterruptible)
        yield* migrate(run, file)
        return Database.of({ file, use, transaction })
      })
    )

  /** `redraft.db` in the configured data directory. */
  static readonly layer = Layer.unwrap(
    Effect.gen(function* () {
      const { dataDir } = yield* AppConfig
      return Database.layerFile(join(dataDir, "redraft.db"))
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

type Run = <A>(work: (db: DatabaseSync) => A) => Effect.Effect<A, DatabaseFailure>

const describe = (e: unknown): string => (e instanceof Error ? e.message : String(e))

const unavailable = (file: string) => (e: unknown) =>
  new DatabaseUnavailable({
    message: `cannot open the documents database ${file}: ${e instanceof DatabaseFailure ? e.message.replace(/^the database \S+ failed: /, "") : describe(e)}. It was left as it is; move it aside or set REDRAFT_DATA_DIR to another folder.`
  })

/**
 * Opens the file, creating the folder (0700) and the file (0600) when missing: on a shared machine only the owner
 * reads the documents. Deleted text is overwritten (`secure_delete`), not left in free pages. A file that holds
 * another application's tables is refused before anything is written to it, its journal mode included.
 */
const open = (file: string) =>
  Effect.try({
    try: () => {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
      if (!existsSync(file)) closeSync(openSync(file, "a", 0o600))
      const db = new DatabaseSync(file, { timeout: 5_000 })
      const foreign = db
        .prepare(
          "SELECT COUNT(*) AS tables, SUM(name = 'schema_migrations') AS ours FROM sqlite_master WHERE type = 'table'"
        )
        .get() as { tables: number; ours: number | null }
      if (foreign.tables > 0 && (foreign.ours ?? 0) === 0) {
        db.close()
        throw new Error("it holds another application's tables, not Redraft's")
      }
      db.exec(
        "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;"
      )
      return db
    },
    catch: unavailable(file)
  })

const inTransaction = <A>(run: Run, work: (db: DatabaseSync) => A) =>
  run((db) => db.exec("BEGIN IMMEDIATE")).pipe(
    Effect.andThen(run(work)),
    Effect.tap(() => run((db) => db.exec("COMMIT"))),
    Effect.tapError(() => run((db) => db.isTransaction && db.exec("ROLLBACK")).pipe(Effect.ignore))
  )

/** Applies the migrations the file has not seen yet, each in its own transaction. */
const migrate = (run: Run, file: string) =>
  Effect.gen(function* () {
    yield* run((db) =>
      db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
    )
    const row = yield* run(
      (db) => db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null }
    )
    const current = row.version ?? 0
    if (current > MIGRATIONS.length) {
      return yield* new DatabaseUnavailable({
        message: `${file} was written by a newer Redraft (schema ${current}; this one knows ${MIGRATIONS.length}); it was left as it is`
      })
    }
    for (const [i, sql] of MIGRATIONS.slice(current).entries()) {
      const now = yield* Clock.currentTimeMillis
      yield* inTransaction(run, (db) => {
        db.exec(sql)
        db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(current + i + 1, now)
      })
    }
  }).pipe(Effect.mapError((e) => (e._tag === "DatabaseUnavailable" ? e : unavailable(file)(e))))
