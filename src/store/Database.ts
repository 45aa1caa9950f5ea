/**
 * The embedded database: SQLite through Node's built-in `node:sqlite` (no native build), in `redraft.db` under the
 * data directory. Write-ahead logging, versioned migrations applied in order at start-up, writes in transactions.
 *
 * The service starts whatever the file's state, and says what it found (`status`): a quick integrity check at
 * start-up names damage while everything readable is still served; a folder or file that cannot be written, another
 * application's database, a file that is not a database or one written by a newer Redraft opens the workspace
 * read-only (an empty one when nothing of it can be read), and such a file is never changed.
 */
import { Clock, Context, Effect, Layer, Schema, Semaphore } from "effect"
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync } from "node:fs"
import { dirname, join } from "node:path"
import { pathToFileURL } from "node:url"
import { DatabaseSync } from "node:sqlite"
import { AppConfig } from "../AppConfig.ts"
import { MIGRATIONS } from "./Migrations.ts"

/** The database could not be opened or migrated. */
export class DatabaseUnavailable extends Schema.TaggedError<DatabaseUnavailable>()("DatabaseUnavailable", {
  message: Schema.String
}) {}

/**
 * What a failed statement says about the storage: the disk is `full`, the workspace is `read_only`, the file is
 * `damaged`, another process holds it (`busy`), or something else (`other`, a bug).
 */
export const StorageFault = Schema.Literals(["full", "read_only", "damaged", "busy", "other"])
export type StorageFault = typeof StorageFault.Type

/** A statement failed on an open database: a full disk, a read-only workspace, damage, or a bug. */
export class DatabaseFailure extends Schema.TaggedError<DatabaseFailure>()("DatabaseFailure", {
  message: Schema.String,
  fault: StorageFault
}) {}

/** What the service found when it opened the workspace. */
export interface StorageStatus {
  readonly file: string
  /** Why nothing can be saved, when the workspace is read-only. */
  readonly readOnly?: string | undefined
  /** Damage named by the integrity check at start-up, in SQLite's words (at most 20). */
  readonly problems: ReadonlyArray<string>
}

export class Database extends Context.Service<
  Database,
  {
    /** The database file. */
    readonly file: string
    readonly status: StorageStatus
    /** Runs `work` against the connection, one caller at a time. */
    readonly use: <A>(work: (db: DatabaseSync) => A) => Effect.Effect<A, DatabaseFailure>
    /** Runs `work` in one transaction: all of its writes land, or none. */
    readonly transaction: <A>(work: (db: DatabaseSync) => A) => Effect.Effect<A, DatabaseFailure>
  }
>()("app/store/Database") {
  /** Opens `file` (created if missing), migrates it, checks it, and closes it with the layer. */
  static readonly layerFile = (file: string) =>
    Layer.effect(
      Database,
      Effect.gen(function* () {
        const opened = yield* open(file)
        let db = opened.db
        let readOnly = opened.readOnly
        yield* Effect.addFinalizer(() => Effect.sync(() => db.isOpen && db.close()))
        // One connection, one caller at a time: a transaction's statements never interleave with another fiber's.
        const lock = yield* Semaphore.make(1)
        const run = <A>(work: (db: DatabaseSync) => A) =>
          Effect.try({
            try: () => work(db),
            catch: (e) => databaseFailure(file, e, readOnly)
          })
        const use = <A>(work: (db: DatabaseSync) => A) => lock.withPermits(1)(run(work))
        const transaction = <A>(work: (db: DatabaseSync) => A) =>
          lock.withPermits(1)(inTransaction(run, work)).pipe(Effect.uninterruptible)
        const migrated = yield* migrate(run, file, readOnly !== undefined).pipe(Effect.result)
        if (migrated._tag === "Failure") {
          // Nothing of the file can be used: an empty workspace, read-only, and the file left as it is.
          db.close()
          db = yield* emptyWorkspace(file)
          readOnly = emptyBecause(migrated.failure.message)
        }
        const problems = yield* run((connection) => checkPages(connection, "quick_check", 20)).pipe(
          Effect.catch((e) => Effect.succeed([`the integrity check stopped: ${e.message}`]))
        )
        const status: StorageStatus = { file, readOnly, problems }
        if (readOnly !== undefined) yield* Effect.logWarning(`the workspace is read-only: ${readOnly}`)
        if (problems.length > 0) {
          yield* Effect.logWarning(
            `${file} is damaged (${problems.length} problem${problems.length === 1 ? "" : "s"}: ${problems.slice(0, 3).join("; ")}); what can be read is served. Export a backup, then run \`redraft doctor\` for a full check.`
          )
        }
        return Database.of({ file, status, use, transaction })
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

/** SQLite's primary result codes, as node:sqlite reports them in `errcode`. */
const faultOf = (e: unknown): StorageFault => {
  const code = typeof e === "object" && e !== null && "errcode" in e ? Number(e.errcode) & 0xff : undefined
  switch (code) {
    case 13:
      return "full"
    case 8:
      return "read_only"
    case 11:
    case 26:
      return "damaged"
    case 5:
    case 6:
      return "busy"
    default:
      return "other"
  }
}

/** What a failed statement means for the writer: its fault (SQLite's result code) and what to do about it. */
export const databaseFailure = (file: string, e: unknown, readOnly: string | undefined): DatabaseFailure => {
  const fault = faultOf(e)
  const why = describe(e)
  const message =
    fault === "full"
      ? `the disk holding ${file} is full (${why}); free some space and try again. Nothing of this request was saved`
      : fault === "read_only"
        ? `the workspace is read-only: ${readOnly ?? `${file} cannot be written (${why})`}. Nothing can be saved until that is fixed`
        : fault === "damaged"
          ? `${file} is damaged where this request reads or writes (${why}). Export a backup of what can be read (GET /api/backup) and run \`redraft doctor\``
          : fault === "busy"
            ? `${file} is held by another process (${why}); try again in a moment`
            : `the database ${file} failed: ${why}`
  return new DatabaseFailure({ message, fault })
}

const unavailable = (file: string) => (e: unknown) =>
  new DatabaseUnavailable({
    message: `cannot use the documents database ${file}: ${e instanceof DatabaseFailure ? e.message.replace(/^the database \S+ failed: /, "") : describe(e)}. It was left as it is; move it aside or set REDRAFT_DATA_DIR to another folder`
  })

/** Why the workspace is an empty, read-only one: the file cannot be used, and was left as it is. */
const emptyBecause = (why: string): string => `${why}. Until then the workspace is empty and read-only`

const writable = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK)
    return true
  } catch {
    return false
  }
}

/**
 * Opens the file, creating the folder (0700) and the file (0600) when missing: on a shared machine only the owner
 * reads the documents. Deleted text is overwritten (`secure_delete`), not left in free pages. A folder or file that
 * cannot be written is opened read-only; a missing file in a folder that cannot be written is an empty, read-only
 * workspace. A file that holds another application's tables, or is not a database, is refused before anything is
 * written to it, its journal mode included.
 */
const open = (file: string) =>
  Effect.gen(function* () {
    const folder = dirname(file)
    const made = yield* Effect.try({
      try: () => mkdirSync(folder, { recursive: true, mode: 0o700 }),
      catch: (e) => describe(e)
    }).pipe(Effect.flip, Effect.option)
    const folderWritable = made._tag === "None" && writable(folder)
    if (!existsSync(file) && !folderWritable) {
      const why = made._tag === "Some" ? made.value : "permission denied or a read-only disk"
      const db = yield* emptyWorkspace(file)
      return { db, readOnly: `the data folder ${folder} cannot be written (${why}); the workspace is empty` }
    }
    return yield* Effect.try({
      try: () => {
        if (!existsSync(file)) closeSync(openSync(file, "a", 0o600))
        const readOnly =
          !folderWritable || !writable(file)
            ? `${folderWritable ? file : `the data folder ${folder}`} cannot be written (permission denied or a read-only disk)`
            : undefined
        // A read-only disk cannot hold the write-ahead log's index: the file is read as it is, unchanging.
        const db =
          readOnly === undefined
            ? withFunctions(new DatabaseSync(file, { timeout: 5_000 }))
            : withFunctions(new DatabaseSync(immutable(file), { readOnly: true }))
        const foreign = db
          .prepare(
            "SELECT COUNT(*) AS tables, SUM(name = 'schema_migrations') AS ours FROM sqlite_master WHERE type = 'table'"
          )
          .get() as { tables: number; ours: number | null }
        if (foreign.tables > 0 && (foreign.ours ?? 0) === 0) {
          db.close()
          throw new Error("it holds another application's tables, not Redraft's")
        }
        const newer = schemaVersion(db)
        if (newer > MIGRATIONS.length) {
          db.close()
          throw new Error(`it was written by a newer Redraft (schema ${newer}; this one knows ${MIGRATIONS.length})`)
        }
        if (readOnly === undefined) {
          db.exec(
            "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON;"
          )
        } else {
          db.exec("PRAGMA query_only = ON;")
        }
        return { db, readOnly }
      },
      catch: unavailable(file)
    }).pipe(
      Effect.catch((e) =>
        emptyWorkspace(file).pipe(
          Effect.map((db) => ({
            db,
            readOnly: emptyBecause(e.message)
          }))
        )
      )
    )
  })

/** The file as a URI that SQLite reads without locks or a log: for a file on a read-only disk. */
export const immutable = (file: string): URL => {
  const url = pathToFileURL(file)
  url.search = "immutable=1"
  return url
}

/** The last migration the file has seen; 0 for a new file. */
const schemaVersion = (db: DatabaseSync): number => {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()
  if (table === undefined) return 0
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as { version: number | null }
  return row.version ?? 0
}

/**
 * Search matches text case-folded in every script ("ärger" finds "Ärger"), not only in ASCII as SQLite's LIKE and
 * lower() do: the fold is a function each connection gets, used by the document search.
 */
export const FOLD_FUNCTION = "redraft_fold"
export const foldCase = (text: string): string => text.normalize("NFC").toLowerCase()

const withFunctions = (db: DatabaseSync): DatabaseSync => {
  db.function(FOLD_FUNCTION, { deterministic: true }, (text) => (typeof text === "string" ? foldCase(text) : text))
  return db
}

/** An empty workspace in memory that refuses every write: what is served when the file cannot be used at all. */
const emptyWorkspace = (file: string) =>
  Effect.try({
    try: () => {
      const db = withFunctions(new DatabaseSync(":memory:"))
      db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
      for (const [i, sql] of MIGRATIONS.entries()) {
        db.exec(sql)
        db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)").run(i + 1)
      }
      db.exec("PRAGMA query_only = ON;")
      return db
    },
    catch: unavailable(file)
  }).pipe(Effect.orDie)

/**
 * SQLite's check of the file's pages, `quick_check` (at start-up) or the full `integrity_check` (`redraft doctor`):
 * nothing when the file is whole, else up to `limit` lines naming damage.
 */
export const checkPages = (
  db: DatabaseSync,
  pragma: "quick_check" | "integrity_check",
  limit: number
): ReadonlyArray<string> => {
  const rows = db.prepare(`PRAGMA ${pragma}(${limit})`).all() as unknown as ReadonlyArray<Record<string, string>>
  const lines = rows.map((r) => String(r[pragma]))
  return lines.length === 1 && lines[0] === "ok" ? [] : lines
}

const inTransaction = <A>(run: Run, work: (db: DatabaseSync) => A) =>
  run((db) => db.exec("BEGIN IMMEDIATE")).pipe(
    Effect.andThen(run(work)),
    Effect.tap(() => run((db) => db.exec("COMMIT"))),
    Effect.tapError(() => run((db) => db.isTransaction && db.exec("ROLLBACK")).pipe(Effect.ignore))
  )

/** Applies the migrations the file has not seen yet, each in its own transaction. */
const migrate = (run: Run, file: string, readOnly: boolean) =>
  Effect.gen(function* () {
    if (!readOnly) {
      yield* run((db) =>
        db.exec(
          "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
        )
      )
    }
    // A file from a newer Redraft was refused when it was opened.
    const current = yield* run(schemaVersion)
    if (readOnly && current < MIGRATIONS.length) {
      return yield* new DatabaseUnavailable({
        message: `${file} needs an update to this Redraft's schema (${current} to ${MIGRATIONS.length}) and cannot be written`
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
