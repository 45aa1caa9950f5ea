import { Effect, Queue, Stream } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { DocumentNotFound, errorBody } from "../domain/Errors.ts"
import type { RewriteResult } from "../domain/Rewrite.ts"
import { storageFailureOf } from "./Respond.ts"
import { RequestNote } from "./RequestLog.ts"
import type { Pipeline, RunInput } from "../pipeline/Pipeline.ts"

const encoder = new TextEncoder()
const sseEvent = (event: string, data: unknown) => encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)

/**
 * Streams a run as Server-Sent Events (DESIGN.md section 4): one `outline` (the document's blocks), `progress` and
 * `segment` while it runs, then one `result` or `error`. The run lives in the stream's scope, so a client that closes
 * the connection interrupts the run and its in-flight provider calls.
 */
export const streamRun = (
  pipeline: Pipeline["Service"],
  input: RunInput,
  note: RequestNote = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.stream(
    Stream.callback<Uint8Array>((queue) =>
      Effect.gen(function* () {
        const offer = (event: string, data: unknown) => Queue.offer(queue, sseEvent(event, data)).pipe(Effect.asVoid)
        // A comment line first, so the client sees the stream open before the first provider call returns.
        yield* Queue.offer(queue, encoder.encode(": run started\n\n"))
        yield* pipeline.run({ ...input, emit: (event) => offer(event.type, event) }).pipe(
          Effect.matchEffect({
            onSuccess: (result) => {
              note.outcome = runOutcome(result)
              return offer("result", result)
            },
            onFailure: (e) => {
              note.outcome = `${e.code}: ${e.message}`
              return offer("error", errorBody(e))
            }
          }),
          Effect.onInterrupt(() => Effect.sync(() => (note.outcome ??= "cancelled: the client closed the stream"))),
          Effect.catchDefect((defect) => {
            // A run stopped because its document was deleted ends with that 404, and one whose result could not be
            // saved with the storage error (the result in its details), as error events.
            const known = defect instanceof DocumentNotFound ? defect : storageFailureOf(defect)
            note.outcome = known !== undefined ? `${known.code}: ${known.message}` : "internal_error"
            return known !== undefined
              ? offer("error", errorBody(known))
              : Effect.logError("run failed unexpectedly", defect).pipe(
                  Effect.andThen(
                    offer("error", { error: { code: "internal_error", message: "Redraft hit an unexpected error" } })
                  )
                )
          }),
          Effect.andThen(Queue.end(queue)),
          Effect.forkScoped
        )
      })
    ),
    {
      contentType: "text/event-stream",
      headers: { "cache-control": "no-cache", "x-accel-buffering": "no" }
    }
  )

/** Answers with the run's result as JSON, or streams it when the client asks for `text/event-stream`. */
export const runResponse = (pipeline: Pipeline["Service"], input: RunInput) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const note = yield* RequestNote
    if ((request.headers["accept"] ?? "").includes("text/event-stream")) return streamRun(pipeline, input, note)
    const result = yield* pipeline.run(input)
    note.outcome = runOutcome(result)
    return HttpServerResponse.jsonUnsafe(result)
  })

/** "12 of 12 paragraphs rewritten", or with the paragraphs that failed and why: for the request's log line. */
export const runOutcome = (result: RewriteResult): string => {
  const { summary } = result
  const done = `${summary.rewritten} of ${result.paragraphs.length} paragraphs rewritten`
  const failed = result.paragraphs.find((p) => p.status === "failed")
  return failed === undefined ? done : `${done}, ${summary.failed} failed: ${failed.reason ?? failed.error ?? "?"}`
}
