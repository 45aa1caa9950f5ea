/**
 * The full check behind `redraft doctor`: opens the workspace file read-only (the service may be running on it),
 * runs SQLite's integrity check over every page, and counts what can still be read whole. Nothing is written.
 */
import { existsSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { salvageBackup } from "./Backup.ts"
import { checkPages, immutable } from "./Database.ts"

export interface DoctorReport {
  readonly file: string
  /** Why the file could not be examined at all (missing, not a database, another application's). */
  readonly unusable?: string
  /** `PRAGMA integrity_check`'s findings; empty when the file is whole. */
  readonly problems: ReadonlyArray<string>
  /** Documents (with their versions) and voices that can be read whole; `unreadable` were found but are damaged. */
  readonly documents: number
  readonly voices: number
  readonly unreadable: number
}

export const examine = (file: string): DoctorReport => {
  const empty = { file, problems: [], documents: 0, voices: 0, unreadable: 0 }
  if (!existsSync(file)) return { ...empty, unusable: "there is no workspace file here yet" }
  const db = openReadOnly(file)
  if (typeof db === "string") return { ...empty, unusable: db }
  try {
    const ours = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get()
    if (ours === undefined) return { ...empty, unusable: "it is not a Redraft workspace (no Redraft tables)" }
    const problems = integrity(db)
    const { backup, unreadable } = salvageBackup(db)
    return { file, problems, documents: backup.documents.length, voices: backup.profiles?.length ?? 0, unreadable }
  } catch (e) {
    return { ...empty, unusable: e instanceof Error ? e.message : String(e) }
  } finally {
    db.close()
  }
}

/** Read-only; on a disk that cannot hold the log's index, as an unchanging file. */
const openReadOnly = (file: string): DatabaseSync | string => {
  for (const target of [file, immutable(file)]) {
    try {
      const db = new DatabaseSync(target, { readOnly: true })
      db.prepare("SELECT COUNT(*) FROM sqlite_master").get()
      return db
    } catch (e) {
      if (target !== file) return e instanceof Error ? e.message : String(e)
    }
  }
  return "it could not be opened"
}

/** Every page checked; a check that damage stops is a finding too. */
const integrity = (db: DatabaseSync): ReadonlyArray<string> => {
  try {
    return checkPages(db, "integrity_check", 100)
  } catch (e) {
    return [`the check stopped: ${e instanceof Error ? e.message : String(e)}`]
  }
}
