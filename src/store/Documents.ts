/**
 * The writer's documents in the database: create, list (newest first, searched by title and text), read with the
 * versions saved from rewrite runs, update and delete. Every write is one transaction.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type {
  CreateDocument,
  DocumentDetail,
  DocumentSummary,
  UpdateDocument,
  VersionSummary
} from "../domain/Documents.ts"
import { DocumentNotFound, PreconditionFailed } from "../domain/Errors.ts"
import { Database, type DatabaseFailure, FOLD_FUNCTION, foldCase } from "./Database.ts"
import { salvageRows } from "./Salvage.ts"
import { outcomeOf, settingsOf, VERSION_META_COLUMNS, type VersionMetaRow } from "./VersionMeta.ts"

export class Documents extends Context.Service<
  Documents,
  {
    readonly create: (input: CreateDocument) => Effect.Effect<DocumentDetail, DatabaseFailure>
    readonly list: (query: string | undefined) => Effect.Effect<ReadonlyArray<DocumentSummary>, DatabaseFailure>
    readonly get: (id: string) => Effect.Effect<DocumentDetail, DocumentNotFound | DatabaseFailure>
    /** Changes a document; with `ifMatch`, only while its revision is that one. */
    readonly update: (
      id: string,
      input: UpdateDocument,
      ifMatch?: number
    ) => Effect.Effect<DocumentDetail, DocumentNotFound | PreconditionFailed | DatabaseFailure>
    readonly remove: (id: string) => Effect.Effect<void, DocumentNotFound | DatabaseFailure>
  }
>()("app/store/Documents") {
  static readonly layerNoDeps = Layer.effect(
    Documents,
    Effect.gen(function* () {
      const database = yield* Database

      const get = Effect.fn("Documents.get")(function* (id: string) {
        const found = yield* database.use((db) => {
          const row = db.prepare(`${SUMMARY_SELECT} WHERE d.id = ?`).get(id) as DocumentRow | undefined
          if (row === undefined) return undefined
          const versions = db
            .prepare(
              `SELECT v.n, v.created_at, ${VERSION_META_COLUMNS} FROM versions v WHERE v.document_id = ? ORDER BY v.n DESC`
            )
            .all(id) as unknown as ReadonlyArray<VersionRow>
          return { row, versions }
        })
        if (found === undefined) return yield* notFound(id)
        return {
          ...toSummary(found.row),
          revision: found.row.revision,
          text: found.row.text,
          versions: found.versions.map(toVersionSummary)
        } satisfies DocumentDetail
      })

      const create = Effect.fn("Documents.create")(function* (input: CreateDocument) {
        const id = randomUUID()
        const now = yield* Clock.currentTimeMillis
        const title = titleFor(input.title, input.text)
        yield* database.transaction((db) =>
          db
            .prepare("INSERT INTO documents (id, title, text, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
            .run(id, title, input.text, now, now)
        )
        return yield* get(id).pipe(Effect.orDie)
      })

      const list = Effect.fn("Documents.list")(function* (query: string | undefined) {
        const q = query?.trim() ?? ""
        const rows = yield* database
          .use((db): ReadonlyArray<DocumentRow> => {
            if (q === "") {
              return db
                .prepare(`${SUMMARY_SELECT} ORDER BY d.updated_at DESC, d.rowid DESC`)
                .all() as unknown as ReadonlyArray<DocumentRow>
            }
            const { where, needle } = search(q)
            return db
              .prepare(`${SUMMARY_SELECT} WHERE ${where} ORDER BY d.updated_at DESC, d.rowid DESC`)
              .all(needle, needle) as unknown as ReadonlyArray<DocumentRow>
          })
          .pipe(
            // Damage stops the list's scan: the documents that can still be read are listed, one by one.
            Effect.catchIf(
              (e) => e.fault === "damaged",
              (e) =>
                database
                  .use((db) =>
                    salvageRows<DocumentRow>(db, "documents", `${SUMMARY_SELECT} WHERE d.rowid = ?`, SALVAGE_WALKS)
                  )
                  .pipe(
                    Effect.tap((found) =>
                      Effect.logWarning(
                        `${e.message}; listing the ${found.rows.length} documents that can be read (${found.unreadable} cannot)`
                      )
                    ),
                    Effect.map((found) => sortedMatches(found.rows, q))
                  )
            )
          )
        return rows.map(toSummary)
      })

      const update = Effect.fn("Documents.update")(function* (id: string, input: UpdateDocument, ifMatch?: number) {
        const now = yield* Clock.currentTimeMillis
        const outcome = yield* database.transaction((db): "missing" | "stale" | "done" => {
          const current = db.prepare("SELECT revision FROM documents WHERE id = ?").get(id) as
            { revision: number } | undefined
          if (current === undefined) return "missing"
          if (ifMatch !== undefined && current.revision !== ifMatch) return "stale"
          db.prepare(
            "UPDATE documents SET title = COALESCE(?, title), text = COALESCE(?, text), updated_at = ?, revision = revision + 1 WHERE id = ?"
          ).run(input.title === undefined ? null : titleFor(input.title, input.text ?? ""), input.text ?? null, now, id)
          return "done"
        })
        if (outcome === "missing") return yield* notFound(id)
        if (outcome === "stale") {
          return yield* new PreconditionFailed({
            message: `document ${JSON.stringify(id)} was changed since revision ${ifMatch} (another tab or client saved it); GET it again, merge, and send the new revision in If-Match`
          })
        }
        return yield* get(id)
      })

      const remove = Effect.fn("Documents.remove")(function* (id: string) {
        const changes = yield* database.transaction((db) => db.prepare("DELETE FROM documents WHERE id = ?").run(id))
        if (Number(changes.changes) === 0) return yield* notFound(id)
      })

      return Documents.of({ create, list, get, update, remove })
    })
  )

  static readonly layer = Documents.layerNoDeps.pipe(Layer.provide(Database.layer))
}

// ---------------------------------------------------------------------------------------------------------------

interface DocumentRow {
  readonly id: string
  readonly title: string
  readonly text: string
  readonly created_at: number
  readonly updated_at: number
  readonly revision: number
  readonly version_count: number
}

interface VersionRow extends VersionMetaRow {
  readonly n: number
  readonly created_at: number
}

const SUMMARY_SELECT = `SELECT d.id, d.title, d.text, d.created_at, d.updated_at, d.revision,
  (SELECT COUNT(*) FROM versions v WHERE v.document_id = d.id) AS version_count FROM documents d`

/** Further ways to the documents' rowids when the table is damaged: through the two indexes. */
const SALVAGE_WALKS = [
  "SELECT rowid AS id FROM documents ORDER BY updated_at",
  "SELECT rowid AS id FROM documents ORDER BY id"
]

/**
 * The search's condition. SQLite's LIKE folds the case of ASCII letters only. For a query of ASCII characters that
 * is the same match (only rare symbols such as the Kelvin sign fold to an ASCII letter), and ten times quicker than a
 * fold per row, so it serves those. Any other query is matched case-folded in every script, by the connection's fold
 * function.
 */
const search = (q: string): { readonly where: string; readonly needle: string } =>
  ASCII.test(q)
    ? {
        where: "d.title LIKE ? ESCAPE '\\' OR d.text LIKE ? ESCAPE '\\'",
        needle: `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      }
    : {
        where: `instr(${FOLD_FUNCTION}(d.title), ?) > 0 OR instr(${FOLD_FUNCTION}(d.text), ?) > 0`,
        needle: foldCase(q)
      }
const ASCII = /^[\x20-\x7e]*$/

/** What the list query would have answered, over rows read one by one: the same case-folded match, newest first. */
const sortedMatches = (rows: ReadonlyArray<DocumentRow>, q: string): ReadonlyArray<DocumentRow> => {
  const needle = foldCase(q)
  return rows
    .filter((r) => needle === "" || foldCase(r.title).includes(needle) || foldCase(r.text).includes(needle))
    .toReversed()
    .toSorted((a, b) => b.updated_at - a.updated_at)
}

const iso = (ms: number): string => new Date(ms).toISOString()

const toSummary = (row: DocumentRow): DocumentSummary => ({
  id: row.id,
  title: row.title,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  versionCount: row.version_count
})

const toVersionSummary = (row: VersionRow): VersionSummary => ({
  n: row.n,
  createdAt: iso(row.created_at),
  styleProfileId: row.style_profile_id,
  summary: JSON.parse(row.summary) as VersionSummary["summary"],
  settings: settingsOf(row),
  outcome: outcomeOf(row)
})

const notFound = (id: string) =>
  new DocumentNotFound({ message: `no document has the id ${JSON.stringify(id)}; GET /api/documents lists them` })

/** The title given, else the document's first heading or line, else "Untitled". */
export const titleFor = (title: string | undefined, text: string): string => {
  const given = title?.trim() ?? ""
  if (given !== "") return given.slice(0, 200)
  const line = text
    .split(/\r?\n/)
    .map((l) => l.replace(/^#{1,6}\s+/, "").trim())
    .find((l) => l !== "" && !/^(?:---|\+\+\+)$/.test(l))
  if (line === undefined) return "Untitled"
  return line.length <= 80 ? line : `${line.slice(0, 79).trimEnd()}…`
}

/** A LIKE pattern that finds `q` anywhere, with its own `%`, `_` and `\` taken literally. */
