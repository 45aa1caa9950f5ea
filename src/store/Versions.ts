/**
 * Rewrite runs saved as versions of a document, and the writer's review of each rewritten paragraph: accepted,
 * rejected, edited or still pending. A version keeps the document as it was run, so its text with the decisions
 * applied is reassembled byte for byte around the protected blocks.
 */
import { Clock, Context, Effect, Layer } from "effect"
import type { Decision, DecisionRequest, ReviewParagraph, VersionDetail } from "../domain/Documents.ts"
import { DocumentNotFound, InvalidRequest, RouteNotFound } from "../domain/Errors.ts"
import { isCertain, withCertainty } from "../domain/Finding.ts"
import type { MeaningVerdict, RewriteResult, StyleProfile } from "../domain/Rewrite.ts"
import { segmentMarkdown } from "../markdown/Segments.ts"
import { checkSafety } from "../pipeline/Safety.ts"
import { Database, type DatabaseFailure } from "./Database.ts"

export interface SavedRun {
  readonly styleProfileId: string
  /** The profile itself when the run was given one inline rather than by id. */
  readonly styleProfile?: StyleProfile | undefined
  /** The document as it was run. */
  readonly original: string
  /** The run's result, with `debug` (each paragraph's text and scores). */
  readonly result: RewriteResult
}

export class Versions extends Context.Service<
  Versions,
  {
    /** Saves a run as the document's next version; answers its number. */
    readonly save: (documentId: string, run: SavedRun) => Effect.Effect<number, DocumentNotFound | DatabaseFailure>
    readonly get: (documentId: string, n: number) => Effect.Effect<VersionDetail, RouteNotFound | DatabaseFailure>
    readonly decide: (
      documentId: string,
      n: number,
      index: number,
      request: DecisionRequest
    ) => Effect.Effect<ReviewParagraph, RouteNotFound | InvalidRequest | DatabaseFailure>
    /** The paragraph's original and the profile its version was run with (by id, or itself if inline), for a retry. */
    readonly source: (
      documentId: string,
      n: number,
      index: number
    ) => Effect.Effect<
      { readonly original: string; readonly styleProfileId: string; readonly styleProfile?: StyleProfile },
      RouteNotFound | DatabaseFailure
    >
    /** Puts a retry's rewrite in place of the paragraph's (its decision back to pending). */
    readonly replace: (
      documentId: string,
      n: number,
      index: number,
      result: RewriteResult
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
            "INSERT INTO versions (document_id, n, created_at, style_profile_id, style_profile, provider, summary, original) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
          ).run(
            documentId,
            next,
            now,
            run.styleProfileId,
            run.styleProfile === undefined ? null : JSON.stringify(run.styleProfile),
            JSON.stringify(run.result.provider),
            JSON.stringify(run.result.summary),
            run.original
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
              "SELECT n, created_at, style_profile_id, provider, summary, original FROM versions WHERE document_id = ? AND n = ?"
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
        request: DecisionRequest
      ) {
        if (request.decision === "edited" && request.text === undefined) {
          return yield* new InvalidRequest({
            message: 'an "edited" decision needs the edited paragraph in "text"',
            details: ["text: is required with decision edited"]
          })
        }
        const edited = request.decision === "edited" ? (request.text ?? null) : null
        const row = yield* database.transaction((db) => {
          const before = db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as
            ParagraphRow | undefined
          if (before === undefined) return undefined
          // The writer's edit is checked against the original like any rewrite; its findings are kept beside the run's.
          const report: StoredReport = {
            ...parseReport(before.report),
            editFindings: edited === null ? undefined : checkSafety(before.original, edited).findings
          }
          db.prepare(
            "UPDATE paragraphs SET decision = ?, edited = ?, report = ? WHERE document_id = ? AND n = ? AND segment = ?"
          ).run(request.decision, edited, JSON.stringify(report), documentId, n, index)
          return db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as ParagraphRow | undefined
        })
        if (row === undefined) {
          return yield* paragraphNotFound(documentId, n, index)
        }
        return toParagraph(row)
      })

      const source = Effect.fn("Versions.source")(function* (documentId: string, n: number, index: number) {
        const row = yield* database.use(
          (db) =>
            db
              .prepare(
                "SELECT p.original, v.style_profile_id, v.style_profile FROM paragraphs p JOIN versions v ON v.document_id = p.document_id AND v.n = p.n WHERE p.document_id = ? AND p.n = ? AND p.segment = ?"
              )
              .get(documentId, n, index) as
              { original: string; style_profile_id: string; style_profile: string | null } | undefined
        )
        if (row === undefined) return yield* paragraphNotFound(documentId, n, index)
        return {
          original: row.original,
          styleProfileId: row.style_profile_id,
          ...(row.style_profile === null ? {} : { styleProfile: JSON.parse(row.style_profile) as StyleProfile })
        }
      })

      const replace = Effect.fn("Versions.replace")(function* (
        documentId: string,
        n: number,
        index: number,
        result: RewriteResult
      ) {
        // The paragraph was run alone: the run's one paragraph is this one.
        const [fresh] = paragraphRows(result)
        const row = yield* database.transaction((db) => {
          db.prepare(
            "UPDATE paragraphs SET rewrite = ?, report = ?, decision = 'pending', edited = NULL WHERE document_id = ? AND n = ? AND segment = ?"
          ).run(result.finalText.trim(), JSON.stringify(fresh?.report ?? {}), documentId, n, index)
          return db.prepare(`${PARAGRAPH_SELECT} AND segment = ?`).get(documentId, n, index) as ParagraphRow | undefined
        })
        if (row === undefined) return yield* paragraphNotFound(documentId, n, index)
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

interface VersionRow {
  readonly n: number
  readonly created_at: number
  readonly style_profile_id: string
  readonly provider: string
  readonly summary: string
  readonly original: string
}

interface ParagraphRow {
  readonly segment: number
  readonly original: string
  readonly rewrite: string
  readonly decision: Decision
  readonly edited: string | null
  readonly report: string
}

/** A version's paragraphs; add `AND segment = ?` for one, or an order. */
export const PARAGRAPH_SELECT =
  "SELECT segment, original, rewrite, decision, edited, report FROM paragraphs WHERE document_id = ? AND n = ?"

const paragraphNotFound = (documentId: string, n: number, index: number) =>
  new RouteNotFound({
    message: `version ${n} of document ${JSON.stringify(documentId)} has no rewritten paragraph ${index}; GET the version for its paragraphs`
  })

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
    warnings: report.warnings
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
    paragraphs: rows.map(toParagraph),
    // The document's blocks in order, blank lines left out; `kept` for those not under review.
    blocks: doc.segments
      .filter((s) => s.block !== "blank")
      .map((s) => ({ index: s.index, kept: !reviewed.has(s.index), text: s.text })),
    text: doc.reassemble(new Map(rows.map((row) => [row.segment, textOf(row)])))
  }
}
