/**
 * One log line per request, at info: method, path, status and time, and for a run the provider it used and why it
 * failed. A streamed run is logged when its stream ends, with how it ended. Documents are not logged here.
 */
import { Clock, Context, Effect, Option, Schema, Stream, type Types } from "effect"
import { HttpBody, HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { ErrorBody } from "../domain/Errors.ts"

/** What a request did beyond its status, written by its handler: the provider it ran on, and why it failed. */
export interface RequestNote {
  provider?: string
  outcome?: string
}

/** The note of the request being handled; a handler writes to it (closures keep it for a stream that ends later). */
export const RequestNote = Context.Reference<RequestNote>("app/http/RequestNote", { defaultValue: () => ({}) })

const decoder = new TextDecoder()
const decodeError = Schema.decodeUnknownOption(Schema.fromJsonString(ErrorBody))

/** "code: message" of a JSON error answer. */
const errorMessage = (body: HttpBody.HttpBody): string | undefined =>
  body._tag !== "Uint8Array"
    ? undefined
    : Option.getOrUndefined(
        Option.map(decodeError(decoder.decode(body.body)), ({ error }) => `${error.code}: ${error.message}`)
      )

const line = (method: string, url: string, status: number, ms: number, note: RequestNote, fallback?: string) => {
  const path = url.split("?")[0]?.slice(0, 200) ?? ""
  const time = ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`
  const outcome = note.outcome ?? fallback
  return [
    `${method} ${path} ${status} ${time}`,
    ...(note.provider === undefined ? [] : [`provider ${note.provider}`]),
    ...(outcome === undefined ? [] : [outcome.replace(/\s+/g, " ").slice(0, 400)])
  ].join(" · ")
}

const logged = (
  httpApp: Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled>
): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const startedAt = yield* Clock.currentTimeMillis
    const note: RequestNote = {}
    const response = yield* httpApp.pipe(Effect.provideService(RequestNote, note))
    const log = Effect.gen(function* () {
      const ms = (yield* Clock.currentTimeMillis) - startedAt
      const fallback = response.status >= 400 ? errorMessage(response.body) : undefined
      yield* Effect.logInfo(line(request.method, request.url, response.status, ms, note, fallback))
    })
    if (response.body._tag !== "Stream") {
      yield* log
      return response
    }
    // A stream is logged when it ends (a run's result or error, or the client going away).
    const body = response.body
    return HttpServerResponse.setBody(
      response,
      HttpBody.stream(body.stream.pipe(Stream.ensuring(log)), body.contentType, body.contentLength)
    )
  })

export const RequestLogMiddleware = HttpRouter.middleware(logged, { global: true })
