/**
 * Rewrite runs saved as versions of a document, and the writer's review of each rewritten paragraph: accepted,
 * rejected, edited or still pending. A version keeps the document as it was run, so its text with the decisions
 * applied is reassembled byte for byte around the protected blocks.
 */
import { Clock, Context, Effect, Layer } from "effect"
import type {
  Decision,
  DecisionRequest,
  ReviewParagraph,
  VersionDetail,
  VersionOutcome,
  VersionSettings
} from "../domain/Documents.ts"
import { DocumentNotFound, InvalidRequest, PreconditionFailed, RouteNotFound } from "../domain/Errors.ts"
import { isCertain, withCertainty } from "../domain/Finding.ts"
import type { MeaningVerdict, RewriteResult, StyleProfile } from "../domain/Rewrite.ts"
import { segmentMarkdown } from "../markdown/Segments.ts"
import { Guards } from "../pipeline/Guards.ts"
import { Database, type DatabaseFailure } from "./Database.ts"
import { outcomeOf, settingsOf, VERSION_META_COLUMNS, type VersionMetaRow } from "./VersionMeta.ts"

export interface SavedRun {
  readonly styleProfileId: string
  /** The profile itself when the run was given one inline rather than by id. */
  readonly styleProfile?: StyleProfile | undefined
  /** The document as it was run. */
  readonly original: string
  /** The run's result, with `debug` (each paragraph's text and scores). */
  readonly result: RewriteResult
  /** What the run was asked for and how it ended (absent: told from the result, as for versions saved before). */
  readonly settings?: VersionSettings | undefined
  readonly outcome?: VersionOutcome | undefined
}

/** What a retry of one paragraph starts from. */
export interface ParagraphSource {
  readonly original: string
  readonly revision: number
  readonly styleProfileId: string
  readonly styleProfile?: StyleProfile
}

export class Versions extends Context.Service<
  Versions,
  {
    /** Saves a run as the document's next version; answers its number. */
    readonly save: (documentId: string, run: SavedRun) => Effect.Effect<number, DocumentNotFound | DatabaseFailure>
    readonly get: (documentId: string, n: number) => Effect.Effect<VersionDetail, RouteNotFound | DatabaseFailure>
    /** Records a decision; with `ifMatch`, only while the paragraph's revision is that one. Clears an alternative. */
    readonly decide: (
      documentId: string,
      n: number,
      index: number,
      request: DecisionRequest,
      ifMatch?: number
    ) => Effect.Effect<ReviewParagraph, RouteNotFound | InvalidRequest | PreconditionFailed | DatabaseFailure>
    /**
     * The paragraph's original, its revision and the profile its version was run with (by id, or itself if inline),
     * for a retry.
     */
    readonly source: (
      documentId: string,
      n: number,
      index: number
    ) => Effect.Effect<ParagraphSource, RouteNotFound | DatabaseFailure>
    /**
     * Puts a retry's rewrite in place of the paragraph's (its decision back to pending) when the paragraph is still at
     * `revision`, the one the retry started from. When the writer decided or edited it meanwhile, their decision
     * stays and the retry's text is kept as the paragraph's `alternative`.
     */
    readonly replace: (
      documentId: string,
      n: number,
      index: number,
      result: RewriteResult,
      revision: number
    ) => Effect.Effect<ReviewParagraph, RouteNotFound | DatabaseFailure>
  }
>()("app/store/Versions") {
  static readonly layerNoDeps = Layer.effect(
    Versions,
    Effect.gen(function* () {
      const database = yield* Database

      const save = Effect.fn("Versions.save")(function* (documentId: string, run: SavedRun) {
        const now = yield* Clock.currentTimeMillis
        const rows = paragraphRows(run.result)
        const n = yield* database.transaction((db) => {
          const exists = db.prepare("SELECT 1 FROM documents WHERE id = ?").get(documentId)
          if (exists === undefined) return undefined
          const last = db.prepare("SELECT MAX(n) AS n FROM versions WHERE document_id = ?").get(documentId) as {
            n: number | null
          }
          const next = (last.n ?? 0) + 1
          db.prepare(
            "INSERT INTO versions (document_id, n, created_at, style_profile_id, style_profile, provider, summary, original, settings, outcome) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
          ).run(
            documentId,
            next,
            now,
            run.styleProfileId,
            run.styleProfile === undefined ? null : JSON.stringify(run.styleProfile),
            JSON.stringify(run.result.provider),
            JSON.stringify(run.result.summary),
            run.original,
            run.settings === undefined ? null : JSON.stringify(run.settings),
            run.outcome === undefined ? null : JSON.stringify(run.outcome)
          )
          const insert = db.prepare(
            "INSERT INTO paragraphs (document_id, n, segment, original, rewrite, report) VALUES (?, ?, ?, ?, ?, ?)"
          )
          for (const row of rows) {
            insert.run(documentId, next, row.index, row.original, row.rewrite, JSON.stringify(row.report))
          }
          return next
        })
        if (n === undefined) {
          return yield* new DocumentNotFound({ message: `no document has the id ${JSON.stringify(documentId)}` })
        }
        return n
      })

      const get = Effect.fn("Versions.get")(function* (documentId: string, n: number) {
        const found = yield* database.use((db) => {
          const version = db
            .prepare(
              `SELECT v.n, v.created_at, v.original, ${VERSION_META_COLUMNS} FROM versions v WHERE v.document_id = ? AND v.n = ?`
            )
            .get(documentId, n) as VersionRow | undefined
          if (version === undefined) return undefined
          const paragraphs = db
            .prepare(`${PARAGRAPH_SELECT} ORDER BY segment`)
            .all(documentId, n) as unknown as ReadonlyArray<ParagraphRow>
          return { version, paragraphs }
        })
        if (found === undefined) return yield* versionNotFound(documentId, n)
        return toDetail(found.version, found.paragraphs)
      })

      const decide = Effect.fn("Versions.decide")(function* (
        documentId: string,
        n: number,
        index: number,
        request: DecisionRequest,
        ifMatch?: number
      ) {
        if (request.decision === "edited" && request.text === undefined) {
          return yield* new InvalidRequest({
            message: 'an "edited" decision needs the edited paragraph in "text"',
            details: ["text: is required with decision edited"]
          })
        }
        const edited = request.decision === "edited" ? (request.text ?? null) : null
        // The writer's edit is checked against the original like any rewrite, before the write: the check of a long
        // paragraph does not hold the database.
        const original = yield* database.use(
          (db) =>
            db
              .prepare("SELECT original FROM paragraphs WHERE document_id = ? AND n = ? AND segment = ?")
              .get(documentId, n, index) as { original: string } | undefined
        )
        if (original === undefined) return yield* paragraphNotFound(database, documentId, n, index)
        const editFindings =
          edited === null ? undefined : (yield* (yield* Guards).check(original.original, edited)).findings
        const outcome = yield* database.transaction((db) => {
          const before = db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as
            ParagraphRow | undefined
          if (before === undefined) return undefined
          if (ifMatch !== undefined && before.revision !== ifMatch) return { stale: before }
          const report: StoredReport = { ...parseReport(before.report), editFindings }
          db.prepare(
            "UPDATE paragraphs SET decision = ?, edited = ?, report = ?, revision = revision + 1, alternative = NULL WHERE document_id = ? AND n = ? AND segment = ?"
          ).run(request.decision, edited, JSON.stringify(report), documentId, n, index)
          return {
            row: db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as unknown as ParagraphRow
          }
        })
        if (outcome === undefined) return yield* paragraphNotFound(database, documentId, n, index)
        if ("stale" in outcome) {
          return yield* new PreconditionFailed({
            message: `paragraph ${index} of version ${n} was changed since revision ${ifMatch} (now ${outcome.stale.revision}: another tab, or a retry); GET the version again and decide on what it holds now`
          })
        }
        return toParagraph(outcome.row)
      })

      const source = Effect.fn("Versions.source")(function* (documentId: string, n: number, index: number) {
        const row = yield* database.use(
          (db) =>
            db
              .prepare(
                "SELECT p.original, p.revision, v.style_profile_id, v.style_profile FROM paragraphs p JOIN versions v ON v.document_id = p.document_id AND v.n = p.n WHERE p.document_id = ? AND p.n = ? AND p.segment = ?"
              )
              .get(documentId, n, index) as
              { original: string; revision: number; style_profile_id: string; style_profile: string | null } | undefined
        )
        if (row === undefined) return yield* paragraphNotFound(database, documentId, n, index)
        return {
          original: row.original,
          revision: row.revision,
          styleProfileId: row.style_profile_id,
          ...(row.style_profile === null ? {} : { styleProfile: JSON.parse(row.style_profile) as StyleProfile })
        }
      })

      const replace = Effect.fn("Versions.replace")(function* (
        documentId: string,
        n: number,
        index: number,
        result: RewriteResult,
        revision: number
      ) {
        // The paragraph was run alone: the run's one paragraph is this one.
        const [fresh] = paragraphRows(result)
        const text = result.finalText.trim()
        const row = yield* database.transaction((db) => {
          const applied = db
            .prepare(
              "UPDATE paragraphs SET rewrite = ?, report = ?, decision = 'pending', edited = NULL, alternative = NULL, revision = revision + 1 WHERE document_id = ? AND n = ? AND segment = ? AND revision = ?"
            )
            .run(text, JSON.stringify(fresh?.report ?? {}), documentId, n, index, revision)
          // Decided or edited while the retry ran: the writer's work stays, the retry's text is offered beside it.
          if (Number(applied.changes) === 0) {
            db.prepare("UPDATE paragraphs SET alternative = ? WHERE document_id = ? AND n = ? AND segment = ?").run(
              text,
              documentId,
              n,
              index
            )
          }
          return db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as ParagraphRow | undefined
        })
        if (row === undefined) return yield* paragraphNotFound(database, documentId, n, index)
        return toParagraph(row)
      })

      return Versions.of({ save, get, decide, source, replace })
    })
  )

  static readonly layer = Versions.layerNoDeps.pipe(Layer.provide(Database.layer))
}

// ---------------------------------------------------------------------------------------------------------------

interface StoredReport {
  readonly status: ReviewParagraph["status"]
  readonly styleScore: number | null
  /** Absent from paragraphs saved before it was kept. */
  readonly styleFeedback?: ReadonlyArray<string>
  readonly meaning: MeaningVerdict
  readonly findings: ReviewParagraph["findings"]
  /** What the guards found in the writer's edit, against the original; absent when the paragraph is not edited. */
  readonly editFindings?: ReviewParagraph["findings"] | undefined
  readonly warnings: ReadonlyArray<string>
}

interface VersionRow extends VersionMetaRow {
  readonly n: number
  readonly created_at: number
  readonly original: string
}

interface ParagraphRow {
  readonly segment: number
  readonly original: string
  readonly rewrite: string
  readonly decision: Decision
  readonly edited: string | null
  readonly report: string
  readonly revision: number
  readonly alternative: string | null
}

/** A version's paragraphs; add `AND segment = ?` for one, or an order. */
const PARAGRAPH_SELECT =
  "SELECT segment, original, rewrite, decision, edited, report, revision, alternative FROM paragraphs WHERE document_id = ? AND n = ?"

/**
 * A paragraph that is not there, named by what is missing: the document (deleted in another tab, say), its version, or
 * only the paragraph.
 */
const paragraphNotFound = (database: Database["Service"], documentId: string, n: number, index: number) =>
  database
    .use((db) => {
      if (db.prepare("SELECT 1 FROM documents WHERE id = ?").get(documentId) === undefined) {
        return new RouteNotFound({
          message: `no document has the id ${JSON.stringify(documentId)}; GET /api/documents lists them`
        })
      }
      if (db.prepare("SELECT 1 FROM versions WHERE document_id = ? AND n = ?").get(documentId, n) === undefined) {
        return versionNotFound(documentId, n)
      }
      return new RouteNotFound({
        message: `version ${n} of document ${JSON.stringify(documentId)} has no rewritten paragraph ${index}; GET the version for its paragraphs`
      })
    })
    .pipe(Effect.flatMap(Effect.fail))

const versionNotFound = (documentId: string, n: number) =>
  new RouteNotFound({
    message: `document ${JSON.stringify(documentId)} has no version ${n}; GET /api/documents/${documentId} lists its versions`
  })

/** One row per rewritable paragraph, from the run's paragraphs and its debug segments. */
const paragraphRows = (result: RewriteResult) => {
  const debug = new Map((result.debug?.segments ?? []).map((s) => [s.index, s]))
  return result.paragraphs.map((p) => {
    const segment = debug.get(p.index)
    const chosen = segment?.attempts.find((a) => a.text === segment.finalText) ?? segment?.attempts.at(-1)
    const report: StoredReport = {
      status: p.status,
      styleScore: chosen?.styleScore ?? null,
      styleFeedback: chosen?.feedback ?? [],
      meaning: segment?.meaning == null ? "skipped" : segment.meaning.pass ? "passed" : "failed",
      findings: p.findings ?? segment?.meaning?.findings ?? [],
      warnings: p.reason === undefined ? [] : [p.reason]
    }
    return {
      index: p.index,
      original: segment?.original ?? "",
      rewrite: segment?.finalText ?? segment?.original ?? "",
      report
    }
  })
}

const textOf = (row: ParagraphRow): string =>
  row.decision === "rejected" ? row.original : row.decision === "edited" ? (row.edited ?? row.rewrite) : row.rewrite

/** A stored report; findings saved before they had a tier get the tier of their kind. */
const parseReport = (json: string): StoredReport => {
  const report = JSON.parse(json) as StoredReport
  return {
    ...report,
    findings: (report.findings ?? []).map(withCertainty),
    editFindings: report.editFindings?.map(withCertainty)
  }
}

const toParagraph = (row: ParagraphRow): ReviewParagraph => {
  const report = parseReport(row.report)
  // An edit is judged by its own findings: "meaning kept" only when it kept every fact.
  const edit = row.decision === "edited" ? report.editFindings : undefined
  return {
    index: row.segment,
    original: row.original,
    rewrite: row.rewrite,
    decision: row.decision,
    text: textOf(row),
    status: report.status,
    styleScore: report.styleScore,
    styleFeedback: report.styleFeedback ?? [],
    meaning: edit === undefined ? report.meaning : edit.some(isCertain) ? "failed" : "passed",
    findings: edit ?? report.findings,
    warnings: report.warnings,
    revision: row.revision,
    alternative: row.alternative
  }
}

const toDetail = (version: VersionRow, rows: ReadonlyArray<ParagraphRow>): VersionDetail => {
  const doc = segmentMarkdown(version.original)
  const reviewed = new Set(rows.map((row) => row.segment))
  return {
    n: version.n,
    createdAt: new Date(version.created_at).toISOString(),
    styleProfileId: version.style_profile_id,
    provider: JSON.parse(version.provider) as VersionDetail["provider"],
    summary: JSON.parse(version.summary) as VersionDetail["summary"],
    settings: settingsOf(version),
    outcome: outcomeOf(version),
    paragraphs: rows.map(toParagraph),
    // The document's blocks in order, blank lines left out; `kept` for those not under review.
    blocks: doc.segments
      .filter((s) => s.block !== "blank")
      .map((s) => ({ index: s.index, kept: !reviewed.has(s.index), text: s.text })),
    text: doc.reassemble(new Map(rows.map((row) => [row.segment, textOf(row)])))
  }
}
