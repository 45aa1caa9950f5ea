/**
 * Shared setup for the store tests: the whole store (documents, versions, backup, voices) on a real SQLite file in a
 * temporary folder, and rewrite results built by hand, as the pipeline would hand them to `Versions.save`.
 */
import { Effect, Layer } from "effect"
import type { Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import type { Finding } from "../../../src/domain/Finding.ts"
import type { ParagraphStatus, RewriteResult, SegmentDebug } from "../../../src/domain/Rewrite.ts"
import { Backup } from "../../../src/store/Backup.ts"
import { Database } from "../../../src/store/Database.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { Versions } from "../../../src/store/Versions.ts"
import { Voices } from "../../../src/store/Voices.ts"

export type Store = Database | Documents | Versions | Backup | Voices

/** Every store service over one connection to `file`, closed with the layer. */
export const storeAt = (file: string) =>
  Layer.mergeAll(Documents.layerNoDeps, Versions.layerNoDeps, Backup.layerNoDeps, Voices.layerNoDeps).pipe(
    Layer.provideMerge(Database.layerFile(file))
  )

/**
 * A database file in a new temporary folder, removed with the scope. Plain node:fs rather than the platform's
 * FileSystem: importing @effect/platform-node would cost each test file about a second.
 */
export const tempFile: Effect.Effect<string, never, Scope.Scope> = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "redraft-store-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
).pipe(Effect.map((dir) => join(dir, "redraft.db")))

/** Runs `body` against a fresh store on a new file. */
export const inStore = <A, E>(body: Effect.Effect<A, E, Store>): Effect.Effect<A, E> =>
  Effect.gen(function* () {
    const file = yield* tempFile
    return yield* body.pipe(Effect.provide(storeAt(file)))
  }).pipe(Effect.scoped)

/** Runs `body` with the file's path, for tests that open the file more than once or build it by hand. */
export const withFile = <A, E>(body: (file: string) => Effect.Effect<A, E>): Effect.Effect<A, E> =>
  Effect.gen(function* () {
    return yield* body(yield* tempFile)
  }).pipe(Effect.scoped)

/** A document as it was run: a heading (kept) and three rewritable blocks, segments 2, 4 and 6. */
export const DOCUMENT =
  "# Pump notes\n\nThe pump runs at 40 L/min.\n\nIt was serviced on 3 May.\n\n- Check the seal weekly.\n"

/** The original text of each rewritable segment of `DOCUMENT`. */
export const ORIGINALS: Readonly<Record<number, string>> = {
  2: "The pump runs at 40 L/min.",
  4: "It was serviced on 3 May.",
  6: "Check the seal weekly."
}

/** One paragraph of a hand-built run. */
export interface ParagraphRun {
  readonly index: number
  readonly status: ParagraphStatus
  /** The checked text the run put in the document. */
  readonly finalText: string
  /** The drafts the run scored, in order. */
  readonly attempts?: ReadonlyArray<{ readonly text: string; readonly styleScore: number }>
  readonly source?: SegmentDebug["source"]
  readonly reason?: string
  readonly findings?: ReadonlyArray<Finding>
  /** The meaning check's verdict; null when it was not run. */
  readonly meaningPass?: boolean | null
  /** Defaults to `ORIGINALS[index]`. */
  readonly original?: string
}

/** A rewrite result with `debug`, as a document run hands it to `Versions.save` (or a retry to `replace`). */
export const runResult = (paragraphs: ReadonlyArray<ParagraphRun>): RewriteResult => ({
  finalText: paragraphs.map((p) => p.finalText).join("\n\n"),
  summary: {
    segments: paragraphs.length,
    rewritten: paragraphs.filter((p) => p.status === "rewritten").length,
    protected: 1,
    styleScore: 80,
    meaning: "passed",
    failed: paragraphs.filter((p) => p.status === "failed").length,
    warnings: []
  },
  paragraphs: paragraphs.map((p, i) => ({
    index: p.index,
    paragraph: i + 1,
    status: p.status,
    ...(p.reason === undefined ? {} : { reason: p.reason }),
    ...(p.findings === undefined ? {} : { findings: p.findings })
  })),
  provider: { baseUrl: "http://127.0.0.1:9/v1", model: "test-model" },
  debug: {
    timingsMs: {},
    usage: { calls: 0, promptTokens: 0, completionTokens: 0 },
    segments: paragraphs.map((p) => ({
      index: p.index,
      status: p.status,
      ...(p.reason === undefined ? {} : { reason: p.reason }),
      original: p.original ?? ORIGINALS[p.index] ?? "",
      finalText: p.finalText,
      attempts: (p.attempts ?? []).map((a, i) => ({
        attempt: i + 1,
        text: a.text,
        styleScore: a.styleScore,
        feedback: []
      })),
      meaning:
        p.meaningPass === undefined || p.meaningPass === null
          ? null
          : { pass: p.meaningPass, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] },
      source: p.source ?? "rewrite",
      timingsMs: {}
    }))
  }
})

/** A run that rewrote each of `DOCUMENT`'s three paragraphs into `texts` (by segment). */
export const rewrittenRun = (texts: Readonly<Record<number, string>>): RewriteResult =>
  runResult(
    Object.entries(texts).map(([index, text]) => ({
      index: Number(index),
      status: "rewritten",
      finalText: text,
      attempts: [{ text, styleScore: 85 }],
      meaningPass: true
    }))
  )

/** Saves `DOCUMENT` as a new document with one version per run; answers the document's id. */
export const documentWithVersions = (runs: ReadonlyArray<RewriteResult>) =>
  Effect.gen(function* () {
    const documents = yield* Documents
    const versions = yield* Versions
    const { id } = yield* documents.create({ title: "Pump notes", text: DOCUMENT })
    for (const result of runs) yield* versions.save(id, { styleProfileId: "plain", original: DOCUMENT, result })
    return id
  })

/** Rows of `table` belonging to the document, read straight from the database. */
export const rowCount = (table: "versions" | "paragraphs", documentId: string) =>
  Database.use((database) =>
    database.use(
      (db) =>
        (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE document_id = ?`).get(documentId) as { n: number }).n
    )
  )

/** Sets the SQL SQLite keeps for `table`, as if the file had been written with that schema. */
const rewriteSchema = (file: string, table: string, from: string, to: string) => {
  const db = new DatabaseSync(file)
  db.exec("PRAGMA writable_schema = ON")
  db.prepare("UPDATE sqlite_master SET sql = replace(sql, ?, ?) WHERE type = 'table' AND name = ?").run(from, to, table)
  db.exec("PRAGMA writable_schema = OFF")
  db.close()
}

/** A store file with `count` documents whose titles were lost (NULL where the schema says NOT NULL). */
export const titlesLost = (file: string, count: number) =>
  Effect.gen(function* () {
    yield* Effect.gen(function* () {
      const documents = yield* Documents
      for (let i = 0; i < count + 1; i++) yield* documents.create({ text: `Note ${i}: the pump runs at 40 L/min.\n` })
    }).pipe(Effect.provide(storeAt(file)), Effect.scoped)
    rewriteSchema(file, "documents", "title TEXT NOT NULL", "title TEXT")
    const db = new DatabaseSync(file)
    db.prepare("UPDATE documents SET title = NULL WHERE rowid <= ?").run(count)
    db.close()
    rewriteSchema(file, "documents", "title TEXT,", "title TEXT NOT NULL,")
  })
