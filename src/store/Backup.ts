/**
 * Everything in the database (documents with their versions, and the writer's voices) as one JSON document, and
 * back. A restore adds what is missing and never overwrites: a document or voice whose id is already there with the
 * same content is skipped, and one that differs is added as a copy under a new id, so neither version of it is lost.
 */
import { Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { DatabaseSync } from "node:sqlite"
import type { BackupAnswer, BackupDocument, BackupFile, BackupProfile, RestoreResult } from "../domain/Backup.ts"
import { Database, type DatabaseFailure } from "./Database.ts"
import { salvageRows } from "./Salvage.ts"
import { insertVoice, slugOf, toVoice, VOICE_SELECT, type VoiceRow } from "./Voices.ts"

export interface BackupExport {
  readonly backup: BackupFile
  readonly unreadable: number
  readonly damaged: boolean
}

export class Backup extends Context.Service<
  Backup,
  {
    /**
     * Everything; or, when damage stopped the export (`damaged`), everything that can still be read, with the count of
     * documents and voices found but not readable (`unreadable`; those on the damaged pages themselves are not found).
     */
    readonly export: Effect.Effect<BackupExport, DatabaseFailure>
    readonly restore: (file: BackupFile) => Effect.Effect<RestoreResult, DatabaseFailure>
  }
>()("app/store/Backup") {
  static readonly layerNoDeps = Layer.effect(
    Backup,
    Effect.gen(function* () {
      const database = yield* Database
      const exportAll = database
        .use((db) => ({
          backup: {
            format: "redraft-backup",
            formatVersion: 1,
            documents: (
              db.prepare(`${DOCUMENT_SELECT} ORDER BY created_at, rowid`).all() as unknown as ReadonlyArray<DocumentRow>
            ).map((row) => readDocument(db, row)),
            profiles: (
              db.prepare(`${VOICE_SELECT} ORDER BY created_at, rowid`).all() as unknown as ReadonlyArray<VoiceRow>
            ).map((row) => backupVoice(row, readAnswers(db, row.id)))
          } satisfies BackupFile,
          unreadable: 0,
          damaged: false
        }))
        .pipe(
          // Damage stops the export's scans: everything that can still be read is exported, one row at a time.
          Effect.catchIf(
            (e) => e.fault === "damaged",
            (e) =>
              database
                .use((db): BackupExport => ({ ...salvageBackup(db), damaged: true }))
                .pipe(
                  Effect.tap(({ backup, unreadable }) =>
                    Effect.logWarning(
                      `${e.message}; the backup holds the ${backup.documents.length} documents and ${backup.profiles?.length ?? 0} voices that can be read (${unreadable} cannot)`
                    )
                  )
                )
          )
        )
      const restore = (file: BackupFile) =>
        database.transaction((db): RestoreResult => {
          const added: Array<string> = []
          const skipped: Array<string> = []
          const copied: Array<{ from: string; to: string }> = []
          for (const document of file.documents) {
            const existing = db.prepare(`${DOCUMENT_SELECT} WHERE id = ?`).get(document.id) as DocumentRow | undefined
            if (existing === undefined) {
              writeDocument(db, document, document.id)
              added.push(document.id)
            } else if (
              JSON.stringify(readDocument(db, existing)) === JSON.stringify(document) ||
              copyOf(db, document) !== undefined
            ) {
              // There already, or copied by an earlier restore of the same backup: restoring twice adds nothing.
              skipped.push(document.id)
            } else {
              const id = randomUUID()
              writeDocument(db, document, id)
              copied.push({ from: document.id, to: id })
            }
          }
          return { added, skipped, copied, profiles: restoreProfiles(db, file.profiles ?? []) }
        })
      return Backup.of({ export: exportAll, restore })
    })
  )
}

// ---------------------------------------------------------------------------------------------------------------

interface DocumentRow {
  readonly id: string
  readonly title: string
  readonly text: string
  readonly created_at: number
  readonly updated_at: number
}

const DOCUMENT_SELECT = "SELECT id, title, text, created_at, updated_at FROM documents"

/** A backup of what a damaged file still holds: each document and voice read by itself, whole or not at all. */
export const salvageBackup = (db: DatabaseSync): { readonly backup: BackupFile; readonly unreadable: number } => {
  const documents = salvageRows<DocumentRow>(db, "documents", `${DOCUMENT_SELECT} WHERE rowid = ?`)
  const voices = salvageRows<VoiceRow>(db, "profiles", `${VOICE_SELECT} WHERE rowid = ?`)
  const read: Array<BackupDocument> = []
  let unreadable = documents.unreadable + voices.unreadable
  for (const row of documents.rows) {
    const document = whole(() => readDocument(db, row))
    if (document === undefined) unreadable++
    else read.push(document)
  }
  return {
    backup: {
      format: "redraft-backup",
      formatVersion: 1,
      documents: read,
      // A voice's answers are a convenience: when damage keeps them from being read, the voice is kept without them.
      profiles: voices.rows.map((row) => backupVoice(row, whole(() => readAnswers(db, row.id)) ?? []))
    },
    unreadable
  }
}

/** `read`'s answer, or undefined when damage stops it. */
const whole = <A>(read: () => A): A | undefined => {
  try {
    return read()
  } catch {
    return undefined
  }
}

const readAnswers = (db: DatabaseSync, id: string): ReadonlyArray<BackupAnswer> =>
  (
    db
      .prepare(
        "SELECT suggestion, answer, answered_at FROM voice_answers WHERE profile_id = ? ORDER BY answered_at, suggestion"
      )
      .all(id) as unknown as ReadonlyArray<{ suggestion: string; answer: BackupAnswer["answer"]; answered_at: number }>
  ).map((a) => ({ suggestion: a.suggestion, answer: a.answer, answeredAt: a.answered_at }))

/** A voice as a backup holds it: its answers only when it has some, as backups made before them have none. */
const backupVoice = (row: VoiceRow, answers: ReadonlyArray<BackupAnswer>): BackupProfile =>
  answers.length === 0 ? toVoice(row) : { ...toVoice(row), answers }

/** Answers are kept, never overwritten: the writer may have answered again since the backup. */
const writeAnswers = (db: DatabaseSync, id: string, answers: ReadonlyArray<BackupAnswer>): void => {
  for (const a of answers)
    db.prepare(
      "INSERT OR IGNORE INTO voice_answers (profile_id, suggestion, answer, answered_at) VALUES (?, ?, ?, ?)"
    ).run(id, a.suggestion, a.answer, a.answeredAt)
}

/** The paragraph columns a backup holds: the review, not its revision counter or a pending retry's offer. */
const BACKUP_PARAGRAPH_SELECT =
  "SELECT segment, original, rewrite, decision, edited, report FROM paragraphs WHERE document_id = ? AND n = ?"

const readDocument = (db: DatabaseSync, row: DocumentRow): BackupDocument => ({
  id: row.id,
  title: row.title,
  text: row.text,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  versions: (
    db
      .prepare(
        "SELECT n, created_at, style_profile_id, style_profile, provider, summary, settings, outcome, original FROM versions WHERE document_id = ? ORDER BY n"
      )
      .all(row.id) as unknown as ReadonlyArray<{
      n: number
      created_at: number
      style_profile_id: string
      style_profile: string | null
      provider: string
      summary: string
      settings: string | null
      outcome: string | null
      original: string
    }>
  ).map((v) => ({
    n: v.n,
    createdAt: v.created_at,
    styleProfileId: v.style_profile_id,
    ...(v.style_profile === null ? {} : { styleProfile: v.style_profile }),
    provider: v.provider,
    summary: v.summary,
    // Left out when not kept, so a backup of a version saved before them reads as it did.
    ...(v.settings === null ? {} : { settings: v.settings }),
    ...(v.outcome === null ? {} : { outcome: v.outcome }),
    original: v.original,
    paragraphs: db
      .prepare(`${BACKUP_PARAGRAPH_SELECT} ORDER BY segment`)
      .all(row.id, v.n) as unknown as BackupDocument["versions"][number]["paragraphs"]
  }))
})

const writeDocument = (db: DatabaseSync, document: BackupDocument, id: string): void => {
  db.prepare("INSERT INTO documents (id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?)").run(
    id,
    document.title,
    document.text,
    document.createdAt,
    document.updatedAt
  )
  for (const v of document.versions) {
    db.prepare(
      "INSERT INTO versions (document_id, n, created_at, style_profile_id, style_profile, provider, summary, settings, outcome, original) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    ).run(
      id,
      v.n,
      v.createdAt,
      v.styleProfileId,
      v.styleProfile ?? null,
      v.provider,
      v.summary,
      v.settings ?? null,
      v.outcome ?? null,
      v.original
    )
    for (const p of v.paragraphs) {
      db.prepare(
        "INSERT INTO paragraphs (document_id, n, segment, original, rewrite, decision, edited, report) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
      ).run(id, v.n, p.segment, p.original, p.rewrite, p.decision, p.edited, p.report)
    }
  }
}

/**
 * A copy an earlier restore made of `document` under a new id: the same content, id aside. Copies keep the backup's
 * title and times, so only documents with those are compared.
 */
const copyOf = (db: DatabaseSync, document: BackupDocument): string | undefined => {
  const candidates = db
    .prepare(`${DOCUMENT_SELECT} WHERE title = ? AND created_at = ? AND updated_at = ? AND id <> ?`)
    .all(document.title, document.createdAt, document.updatedAt, document.id) as unknown as ReadonlyArray<DocumentRow>
  const wanted = JSON.stringify(document)
  return candidates.find((row) => JSON.stringify({ ...readDocument(db, row), id: document.id }) === wanted)?.id
}

/** A copy an earlier restore made of `voice` (its id is the name's slug and a random suffix). */
const voiceCopyOf = (db: DatabaseSync, voice: Omit<BackupProfile, "answers">): string | undefined => {
  const candidates = db
    .prepare(`${VOICE_SELECT} WHERE name = ? AND id <> ?`)
    .all(voice.name, voice.id) as unknown as ReadonlyArray<VoiceRow>
  const wanted = JSON.stringify(voice)
  return candidates.find((row) => JSON.stringify({ ...toVoice(row), id: voice.id }) === wanted)?.id
}

/** Voices are restored like documents: added, skipped when identical, or added as a copy under a new id. */
const restoreProfiles = (db: DatabaseSync, profiles: ReadonlyArray<BackupProfile>): RestoreResult["profiles"] => {
  const added: Array<string> = []
  const skipped: Array<string> = []
  const copied: Array<{ from: string; to: string }> = []
  for (const { answers = [], ...profile } of profiles) {
    const existing = db.prepare(`${VOICE_SELECT} WHERE id = ?`).get(profile.id) as VoiceRow | undefined
    if (existing === undefined) {
      insertVoice(db, profile.id, profile)
      writeAnswers(db, profile.id, answers)
      added.push(profile.id)
      continue
    }
    const same = JSON.stringify(toVoice(existing)) === JSON.stringify(profile) ? profile.id : voiceCopyOf(db, profile)
    if (same !== undefined) {
      // The same voice: answers given before the backup that it lacks are added to it.
      writeAnswers(db, same, answers)
      skipped.push(profile.id)
    } else {
      const id = `${slugOf(profile.name).slice(0, 50)}-${randomUUID().slice(0, 6)}`
      insertVoice(db, id, profile)
      writeAnswers(db, id, answers)
      copied.push({ from: profile.id, to: id })
    }
  }
  return { added, skipped, copied }
}
