import { Effect, Schema, Stream } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { AppConfig } from "../AppConfig.ts"
import {
  type ApiError,
  DocumentTooLarge,
  errorBody,
  InvalidRequest,
  PreconditionFailed,
  ProviderError,
  RouteNotFound,
  StorageFailed,
  UnsupportedMediaType
} from "../domain/Errors.ts"
import { DatabaseFailure } from "../store/Database.ts"

/** The JSON error body with the error's status. */
export const errorResponse = (error: ApiError): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.jsonUnsafe(errorBody(error), { status: error.status })

export const notFound = (message: string) => errorResponse(new RouteNotFound({ message }))

/**
 * Wraps an API handler: body checks first (content type, size), then the handler, then
 * every typed failure as the JSON error body. Anything else is a bug: logged, answered with a 500 JSON body, and the
 * service keeps serving.
 */
export const apiHandler = <E extends ApiError | ProviderError, R>(
  handler: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  Effect.gen(function* () {
    yield* checkRequest
    return yield* handler
  }).pipe(
    Effect.catch((e: ApiError | ProviderError) =>
      Effect.succeed(errorResponse(e._tag === "ProviderError" ? e.reason : e))
    ),
    Effect.catchDefect((defect) => {
      const storage = storageFailureOf(defect)
      if (storage !== undefined) {
        return Effect.logWarning(storage.message).pipe(Effect.as(errorResponse(storage)))
      }
      return Effect.logError("unexpected failure while handling a request", defect).pipe(
        Effect.as(
          HttpServerResponse.jsonUnsafe(
            {
              error: {
                code: "internal_error",
                message: "Redraft hit an unexpected error; the request was not completed"
              }
            },
            { status: 500 }
          )
        )
      )
    })
  )

/**
 * A storage fault behind a failed request, as the error the client is answered with: the store's failures reach the
 * handlers as defects, and those that say what happened to the disk or the file are not "unexpected".
 */
export const storageFailureOf = (defect: unknown): StorageFailed | undefined => {
  if (defect instanceof StorageFailed) return defect
  if (defect instanceof DatabaseFailure && defect.fault !== "other") {
    return new StorageFailed({ fault: defect.fault, message: defect.message })
  }
  return undefined
}

/**
 * Rejects non-JSON and oversized POST bodies (DESIGN.md section 6). Host and origin are checked for every request
 * before routing, by the middleware in Security.ts.
 */
const checkRequest = Effect.gen(function* () {
  const config = yield* AppConfig
  const request = yield* HttpServerRequest.HttpServerRequest
  if (request.method === "POST") {
    const contentType = (request.headers["content-type"] ?? "").toLowerCase()
    if (!/^application\/json\s*(;|$)/.test(contentType)) {
      return yield* new UnsupportedMediaType({
        message: `send the body as JSON with the header Content-Type: application/json (got ${contentType === "" ? "no content type" : JSON.stringify(contentType)})`
      })
    }
    const length = Number(request.headers["content-length"] ?? "0")
    const { limit, name } = bodyLimit(config, request.url)
    if (length > limit) {
      return yield* new DocumentTooLarge({
        message: `the request body is ${length} bytes; the limit is ${limit} bytes (${name})`
      })
    }
  }
})

/** The body limit of a route: a backup has its own, every other body `MAX_BODY_BYTES`. */
const bodyLimit = (config: AppConfig["Service"], url: string): { readonly limit: number; readonly name: string } =>
  url.split("?")[0] === "/api/backup"
    ? { limit: config.maxBackupBytes, name: "MAX_BACKUP_BYTES" }
    : { limit: config.maxBodyBytes, name: "MAX_BODY_BYTES" }

/**
 * The body as text, read as it arrives and cut off at `limit` bytes: a body sent without `Content-Length` (chunked)
 * is never buffered past the limit.
 */
const readCapped = (request: HttpServerRequest.HttpServerRequest, limit: number, name: string) =>
  request.stream.pipe(
    Stream.mapError(() => new InvalidRequest({ message: "the request body could not be read; send a JSON object" })),
    Stream.runFoldEffect(
      () => ({ chunks: [] as Array<Uint8Array>, size: 0 }),
      (read, chunk: Uint8Array) => {
        read.size += chunk.length
        if (read.size > limit) {
          return Effect.fail(
            new DocumentTooLarge({ message: `the request body is larger than ${limit} bytes (${name})` })
          )
        }
        read.chunks.push(chunk)
        return Effect.succeed(read)
      }
    ),
    Effect.map((read) => Buffer.concat(read.chunks).toString("utf8"))
  )

/**
 * The revision an `If-Match` header asks for: `"3"`, `W/"3"` or `3`; undefined without the header or with `*`. A
 * value that names no revision of ours matches none, like a stale one.
 */
export const ifMatchRevision = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const header = request.headers["if-match"]?.trim()
  if (header === undefined || header === "" || header === "*") return undefined
  const value = /^(?:W\/)?"?(\d{1,15})"?$/.exec(header)?.[1]
  if (value === undefined) {
    return yield* new PreconditionFailed({
      message: `If-Match ${JSON.stringify(header)} names no revision; send the ETag of the last GET, like "3"`
    })
  }
  return Number(value)
})

/** The `ETag` header of a revision. */
export const etag = (revision: number): Record<string, string> => ({ etag: `"${revision}"` })

/** Reads and validates a JSON body; every problem becomes a 400 whose message names the field. */
export const readBody = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const request = yield* HttpServerRequest.HttpServerRequest
    const { limit, name } = bodyLimit(config, request.url)
    const text = yield* readCapped(request, limit, name)
    const json = yield* Effect.try({
      try: (): unknown => JSON.parse(text),
      catch: (e) =>
        new InvalidRequest({
          message: `the request body is not valid JSON (${e instanceof Error ? e.message : "parse error"})`
        })
    })
    return yield* Schema.decodeUnknownEffect(schema)(json, { errors: "all" }).pipe(
      Effect.mapError((e) => {
        const details = formatSchemaIssues(e.message)
        return new InvalidRequest({ message: `invalid request body: ${details.join("; ")}`, details })
      })
    )
  })

/** Turns "Expected string\n  at ["options"]["x"]" pairs into "options.x: expected string". */
export const formatSchemaIssues = (message: string): Array<string> => {
  const lines = message.split("\n")
  const out: Array<string> = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]?.trim() ?? ""
    if (line === "" || line.startsWith("at [")) continue
    const next = lines[i + 1]?.trim() ?? ""
    const path = next.startsWith("at [")
      ? next
          .slice(3)
          .replace(/^\[|\]$/g, "")
          .split("][")
          .map((p) => p.replace(/^"|"$/g, ""))
          .join(".")
      : "body"
    const what = line === "Missing key" ? "is required" : line.charAt(0).toLowerCase() + line.slice(1)
    out.push(`${path}: ${what}`)
  }
  return out.length > 0 ? out : [message]
}
