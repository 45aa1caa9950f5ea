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
 * Rejects non-JSON and oversized POST, PUT and PATCH bodies (DESIGN.md section 6). Host and origin are checked for every request
 * before routing, by the middleware in Security.ts.
 */
const checkRequest = Effect.gen(function* () {
  const config = yield* AppConfig
  const request = yield* HttpServerRequest.HttpServerRequest
  if (request.method === "POST" || request.method === "PUT" || request.method === "PATCH") {
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

/**
 * Reads and validates a JSON body; every problem becomes a 400 whose message names the field. A field the request
 * does not have is refused too (a misspelt `styleprofileId` would otherwise be ignored and the default used), except
 * in files Redraft wrote (`lenient`: a backup, a `.voice.json`), which may come from a later version.
 */
export const readBody = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  options: { readonly lenient?: boolean } = {}
) => readJson.pipe(Effect.flatMap((json) => decodeBody(schema, json, options)))

/** The request body parsed as JSON, within its size limit. */
export const readJson = Effect.gen(function* () {
  const config = yield* AppConfig
  const request = yield* HttpServerRequest.HttpServerRequest
  const { limit, name } = bodyLimit(config, request.url)
  const text = yield* readCapped(request, limit, name)
  return yield* Effect.try({
    try: (): unknown => JSON.parse(text),
    catch: (e) =>
      new InvalidRequest({
        message: `the request body is not valid JSON (${e instanceof Error ? e.message : "parse error"})`
      })
  })
})

/** Decodes a parsed body with `schema` (see `readBody`). */
export const decodeBody = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  json: unknown,
  options: { readonly lenient?: boolean } = {}
) =>
  Schema.decodeUnknownEffect(schema)(json, {
    errors: "all",
    onExcessProperty: options.lenient === true ? "ignore" : "error"
  }).pipe(
    Effect.mapError((e) => {
      const details = formatSchemaIssues(e.message).map((d) => withSuggestion(d, schema))
      return new InvalidRequest({ message: `invalid request body: ${details.join("; ")}`, details })
    })
  )

/** "styleprofileId: is not a field of this request (did you mean styleProfileId?)". */
const withSuggestion = (detail: string, schema: Schema.Top): string => {
  const match = /^(.*): expected no excess property$/.exec(detail)
  if (match === null) return detail
  const path = (match[1] ?? "").split(".")
  const field = path.at(-1) ?? ""
  const known = fieldsAt(schema, path.slice(0, -1))
  const close = known.find((k) => k.toLowerCase() === field.toLowerCase()) ?? known.find((k) => nearby(k, field))
  const hint =
    close !== undefined
      ? ` (did you mean ${close}?)`
      : known.length > 0
        ? ` (the fields here: ${known.join(", ")})`
        : ""
  return `${match[1]}: is not a field of this request${hint}`
}

/** The field names of the struct at `path` inside `schema`, as far as they can be told. */
const fieldsAt = (schema: Schema.Top, path: ReadonlyArray<string>): ReadonlyArray<string> => {
  let at: unknown = schema
  for (const key of path) {
    const fields = (at as { fields?: Record<string, unknown> }).fields
    at = fields?.[key]
    // An optional field wraps its schema.
    while (at !== undefined && (at as { fields?: unknown }).fields === undefined && "schema" in (at as object)) {
      at = (at as { schema: unknown }).schema
    }
    if (at === undefined) return []
  }
  const fields = (at as { fields?: Record<string, unknown> }).fields
  return fields === undefined ? [] : Object.keys(fields)
}

/** Two names one or two edits apart: a typo. */
const nearby = (a: string, b: string): boolean => {
  if (Math.abs(a.length - b.length) > 2) return false
  const row = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!
    row[0] = i
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
      previous = current
    }
  }
  return row[b.length]! <= 2
}

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
