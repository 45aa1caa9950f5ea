/** The handlers of the documents routes (src/api/Api.ts): read the request, call the Documents store, answer. */
import { Deferred, Effect, Exit, Fiber } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import {
  CreateDocument,
  DecisionRequest,
  type DocumentList,
  DocumentRewriteRequest,
  RetryParagraphsRequest,
  type RetryParagraphsResult,
  UpdateDocument,
  type VersionOutcome,
  type VersionSettings
} from "../domain/Documents.ts"
import { BackupFile } from "../domain/Backup.ts"
import { DocumentNotFound, errorBody, StorageFailed } from "../domain/Errors.ts"
import type { RewriteResult } from "../domain/Rewrite.ts"
import { Pipeline, rewritableCount, type RunInput } from "../pipeline/Pipeline.ts"
import { DEFAULT_PROFILE_ID } from "../pipeline/Profiles.ts"
import type { DatabaseFailure } from "../store/Database.ts"
import { Backup } from "../store/Backup.ts"
import { DocumentRuns } from "../store/DocumentRuns.ts"
import { Documents } from "../store/Documents.ts"
import { type ParagraphSource, Versions } from "../store/Versions.ts"
import { apiHandler, etag, ifMatchRevision, readBody } from "./Respond.ts"
import { RequestNote } from "./RequestLog.ts"
import { prepareRewrite } from "./RunRequests.ts"
import { runResponse } from "./RunStream.ts"

export const DocumentHandlers = HttpApiBuilder.group(Api, "documents", (handlers) =>
  handlers
    .handleRaw("list", () =>
      apiHandler(
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const q = new URL(request.url, "http://localhost").searchParams.get("q") ?? undefined
          const documents = yield* (yield* Documents).list(q).pipe(Effect.orDie)
          return HttpServerResponse.jsonUnsafe({ documents } satisfies DocumentList)
        })
      )
    )
    .handleRaw("create", () =>
      apiHandler(
        Effect.gen(function* () {
          const input = yield* readBody(CreateDocument)
          const document = yield* (yield* Documents).create(input).pipe(Effect.orDie)
          return HttpServerResponse.jsonUnsafe(document, { status: 201 })
        })
      )
    )
    .handleRaw("get", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const document = yield* (yield* Documents).get(params.id).pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(document, { headers: etag(document.revision) })
        })
      )
    )
    .handleRaw("update", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const ifMatch = yield* ifMatchRevision
          const input = yield* readBody(UpdateDocument)
          const document = yield* (yield* Documents).update(params.id, input, ifMatch).pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(document, { headers: etag(document.revision) })
        })
      )
    )
    .handleRaw("remove", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          yield* (yield* Documents).remove(params.id).pipe(withoutDatabaseFailure)
          // Its runs stop: their provider calls are cancelled, and they answer that the document is gone.
          yield* (yield* DocumentRuns).stop(params.id)
          return HttpServerResponse.empty({ status: 204 })
        })
      )
    )
    .handleRaw("rewrite", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const body = yield* readBody(DocumentRewriteRequest)
          const document = yield* (yield* Documents).get(params.id).pipe(withoutDatabaseFailure)
          const input = yield* prepareRewrite({ ...body, document: document.text })
          const versions = yield* Versions
          const pipeline = yield* Pipeline
          const styleProfileId = body.styleProfile?.id ?? body.styleProfileId ?? DEFAULT_PROFILE_ID
          const settings = settingsOf(styleProfileId, input)
          // A result that cannot be saved (a full disk, a read-only workspace) is still answered, with the storage
          // error; a document deleted while its run went on is a 404 (below).
          const save = (result: RewriteResult, ended: Ended = { state: "finished" }) =>
            versions
              .save(params.id, {
                styleProfileId,
                styleProfile: body.styleProfile,
                original: document.text,
                result,
                settings,
                outcome: outcomeOf(ended, result, document.text)
              })
              .pipe(
                Effect.catchTag("DatabaseFailure", (e) =>
                  Effect.die(
                    e.fault === "other"
                      ? e
                      : new StorageFailed({
                          fault: e.fault,
                          message: `${e.message}. The rewrite is in details.partialResult; copy it before leaving the page`,
                          partialResult: withDebugIf(result, input.options.includeDebug)
                        })
                  )
                ),
                Effect.orDie
              )
          const runs = yield* DocumentRuns
          const gone = new DocumentNotFound({
            message: `document ${JSON.stringify(params.id)} was deleted while its rewrite ran; the run was stopped and nothing was saved`
          })
          let deleted = false
          // The run stops when the document is deleted while it goes on (see DocumentRuns): its provider calls are
          // interrupted, and it ends with the document's 404 (a streamed run sends it as its error event).
          const stoppable = <A, E>(work: Effect.Effect<A, E>) =>
            Effect.scoped(
              Effect.gen(function* () {
                const signal = yield* runs.watch(params.id)
                const fiber = yield* Effect.forkChild(work)
                yield* Deferred.await(signal).pipe(
                  Effect.andThen(Effect.sync(() => (deleted = true))),
                  Effect.andThen(Fiber.interrupt(fiber)),
                  Effect.forkScoped
                )
                const exit = yield* Fiber.await(fiber)
                if (deleted) return yield* Effect.die(gone)
                return yield* Effect.suspend(() => exit)
              })
            )
          // Debug holds each paragraph's text for the version; the answer has it only when it was asked for.
          const saving: Pipeline["Service"] = {
            run: (run) =>
              stoppable(
                pipeline
                  .run({
                    ...run,
                    options: { ...run.options, includeDebug: true },
                    // A cancelled run still leaves the finished paragraphs as a version.
                    onCancel: (finished) => save(finished, { state: "cancelled" }).pipe(Effect.ignore)
                  })
                  .pipe(
                    // Paragraphs that finished before a failure are a version too.
                    Effect.tapError((e) =>
                      e.partialResult === undefined
                        ? Effect.void
                        : save(e.partialResult, { state: "failed", reason: e.message })
                    ),
                    Effect.flatMap((result) =>
                      save(result).pipe(
                        Effect.map((version) => ({ ...withDebugIf(result, input.options.includeDebug), version }))
                      )
                    )
                  )
              )
          }
          const answer = yield* Effect.exit(runResponse(saving, input))
          if (Exit.isFailure(answer) && deleted) return yield* gone
          return yield* Effect.suspend(() => answer)
        })
      )
    )
    .handleRaw("version", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const version = yield* (yield* Versions).get(params.id, params.n).pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(version)
        })
      )
    )
    .handleRaw("retry", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const body = yield* readBody(DocumentRewriteRequest)
          const versions = yield* Versions
          const source = yield* versions.source(params.id, params.n, params.index).pipe(withoutDatabaseFailure)
          const paragraph = yield* retryParagraph(params.id, params.n, params.index, source, body)
          return HttpServerResponse.jsonUnsafe(paragraph, { headers: etag(paragraph.revision) })
        })
      )
    )
    .handleRaw("retryMany", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const { indexes, ...body } = yield* readBody(RetryParagraphsRequest)
          const versions = yield* Versions
          const asked = [...new Set(indexes)]
          // Every paragraph is looked up before any provider call: one that is not there refuses the whole request.
          const sources = yield* Effect.forEach(asked, (index) =>
            versions.source(params.id, params.n, index).pipe(withoutDatabaseFailure)
          )
          const outcomes = yield* Effect.forEach(
            asked,
            (index, i) => Effect.result(retryParagraph(params.id, params.n, index, sources[i]!, body)),
            { concurrency: "unbounded" }
          )
          const paragraphs = outcomes.flatMap((o) => (o._tag === "Success" ? [o.success] : []))
          const failures = outcomes.flatMap((o, i) =>
            o._tag === "Failure" ? [{ index: asked[i]!, e: o.failure }] : []
          )
          // Nothing came back: the answer is the failure itself (a provider that is down is a 503, as for one).
          if (paragraphs.length === 0 && failures[0] !== undefined) return yield* Effect.fail(failures[0].e)
          const note = yield* RequestNote
          note.outcome = `${paragraphs.length} of ${asked.length} paragraphs rewritten again${failures[0] === undefined ? "" : `, ${failures.length} failed: ${failures[0].e.message}`}`
          return HttpServerResponse.jsonUnsafe({
            paragraphs,
            failed: failures.map(({ index, e }) => ({
              index,
              error: errorBody(e._tag === "ProviderError" ? e.reason : e).error
            }))
          } satisfies RetryParagraphsResult)
        })
      )
    )
    .handleRaw("decide", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const ifMatch = yield* ifMatchRevision
          const request = yield* readBody(DecisionRequest)
          const paragraph = yield* (yield* Versions)
            .decide(params.id, params.n, params.index, request, ifMatch)
            .pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(paragraph, { headers: etag(paragraph.revision) })
        })
      )
    )
)

export const BackupHandlers = HttpApiBuilder.group(Api, "backup", (handlers) =>
  handlers
    .handleRaw("export", () =>
      apiHandler(
        Effect.gen(function* () {
          const { backup, unreadable, damaged } = yield* (yield* Backup).export.pipe(Effect.orDie)
          // From a damaged file, what could be read; the header counts what was found but could not be read.
          return HttpServerResponse.jsonUnsafe(backup, {
            headers: {
              "content-disposition": 'attachment; filename="redraft-backup.json"',
              ...(damaged ? { "redraft-damaged": String(unreadable) } : {})
            }
          })
        })
      )
    )
    .handleRaw("restore", () =>
      apiHandler(
        Effect.gen(function* () {
          // A backup is read as it was written: one from a later version may hold fields this one does not know.
          const file = yield* readBody(BackupFile, { lenient: true })
          return HttpServerResponse.jsonUnsafe(yield* (yield* Backup).restore(file).pipe(Effect.orDie))
        })
      )
    )
)

/**
 * Rewrites one paragraph of a version again from its original: with the version's own profile unless the request
 * names another (inline profiles are kept with the version), and puts the rewrite in place (see `Versions.replace`).
 */
const retryParagraph = (
  documentId: string,
  n: number,
  index: number,
  source: ParagraphSource,
  body: DocumentRewriteRequest
) =>
  Effect.gen(function* () {
    const { original, revision, styleProfileId, styleProfile } = source
    const asked = body.styleProfile !== undefined || body.styleProfileId !== undefined
    const input = yield* prepareRewrite({
      ...(asked ? {} : styleProfile !== undefined ? { styleProfile } : { styleProfileId }),
      ...body,
      document: original,
      options: { ...body.options, includeDebug: true }
    })
    const result = yield* (yield* Pipeline).run(input)
    return yield* (yield* Versions).replace(documentId, n, index, result, revision).pipe(withoutDatabaseFailure)
  })

/** A failing database is a defect (logged, answered with a 500); a missing document stays a typed 404. */
const withoutDatabaseFailure = <A, E extends { readonly _tag: string }, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.catchTag("DatabaseFailure" as never, (e: DatabaseFailure) => Effect.die(e))) as Effect.Effect<
    A,
    Exclude<E, DatabaseFailure>,
    R
  >

type Ended = { readonly state: "finished" | "cancelled" } | { readonly state: "failed"; readonly reason: string }

/** What a document run was asked for, kept with its version. */
const settingsOf = (styleProfileId: string, input: RunInput): VersionSettings => ({
  styleProfileId,
  styleProfileName: input.profile.profile.name,
  instruction: input.options.instruction,
  model: input.target.model,
  provider: input.target.baseUrl,
  styleThreshold: input.options.styleThreshold,
  maxRewriteIterations: input.options.maxRewriteIterations,
  runMeaningCheck: input.options.runMeaningCheck
})

/**
 * How a run ended, with its counts. A finished or failed run's result holds every paragraph; a cancelled run's only
 * those that finished, so only then is the document counted again.
 */
const outcomeOf = (ended: Ended, result: RewriteResult, document: string): VersionOutcome => ({
  state: ended.state,
  paragraphs: ended.state === "cancelled" ? rewritableCount(document) : result.paragraphs.length,
  done:
    ended.state === "failed" ? result.paragraphs.filter((p) => p.status !== "failed").length : result.paragraphs.length,
  rewritten: result.summary.rewritten,
  failed: result.summary.failed,
  reason: ended.state === "failed" ? ended.reason : null
})

const withDebugIf = (result: RewriteResult, keep: boolean): RewriteResult => {
  if (keep) return result
  const { debug: _debug, ...rest } = result
  return rest
}
