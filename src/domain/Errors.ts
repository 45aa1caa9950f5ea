import { Schema } from "effect"
import { RewriteResult } from "./Rewrite.ts"

/**
 * Errors a client can act on. Each carries the HTTP status and the stable `code` of the JSON error body
 * `{"error": {"code", "message", "details?"}}` (DESIGN.md section 2).
 */
export class InvalidRequest extends Schema.TaggedError<InvalidRequest>()("InvalidRequest", {
  message: Schema.String,
  details: Schema.optional(Schema.Array(Schema.String))
}) {
  readonly status = 400
  readonly code = "invalid_request"
}

export class RouteNotFound extends Schema.TaggedError<RouteNotFound>()("RouteNotFound", {
  message: Schema.String
}) {
  readonly status = 404
  readonly code = "not_found"
}

export class ProfileNotFound extends Schema.TaggedError<ProfileNotFound>()("ProfileNotFound", {
  message: Schema.String
}) {
  readonly status = 404
  readonly code = "profile_not_found"
}

export class ProviderNotFound extends Schema.TaggedError<ProviderNotFound>()("ProviderNotFound", {
  message: Schema.String
}) {
  readonly status = 404
  readonly code = "provider_not_found"
}

export class DocumentNotFound extends Schema.TaggedError<DocumentNotFound>()("DocumentNotFound", {
  message: Schema.String
}) {
  readonly status = 404
  readonly code = "document_not_found"
}

/** No open proposal of that id for the voice: answered already, or no longer supported by the writer's decisions. */
export class SuggestionNotFound extends Schema.TaggedError<SuggestionNotFound>()("SuggestionNotFound", {
  message: Schema.String
}) {
  readonly status = 404
  readonly code = "suggestion_not_found"
}

/** A fixture profile cannot be changed or deleted; the writer's own voices can. */
export class ProfileReadOnly extends Schema.TaggedError<ProfileReadOnly>()("ProfileReadOnly", {
  message: Schema.String
}) {
  readonly status = 409
  readonly code = "profile_read_only"
}

/** A write sent with `If-Match` for a revision that is no longer the current one: another write came first. */
export class PreconditionFailed extends Schema.TaggedError<PreconditionFailed>()("PreconditionFailed", {
  message: Schema.String
}) {
  readonly status = 412
  readonly code = "precondition_failed"
}

export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String
}) {
  readonly status = 403
  readonly code = "forbidden"
}

export class DocumentTooLarge extends Schema.TaggedError<DocumentTooLarge>()("DocumentTooLarge", {
  message: Schema.String
}) {
  readonly status = 413
  readonly code = "document_too_large"
}

export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()("UnsupportedMediaType", {
  message: Schema.String
}) {
  readonly status = 415
  readonly code = "unsupported_media_type"
}

/** The provider could not be reached at all (connection refused, DNS, reset before any answer). */
export class ProviderUnreachable extends Schema.TaggedError<ProviderUnreachable>()("ProviderUnreachable", {
  message: Schema.String
}) {
  readonly status = 503
  readonly code = "provider_unreachable"
}

/** The provider did not answer within the time-out. */
export class ProviderTimeout extends Schema.TaggedError<ProviderTimeout>()("ProviderTimeout", {
  message: Schema.String
}) {
  readonly status = 504
  readonly code = "provider_timeout"
}

/** The provider answered, but with an error status or a reply Redraft cannot use (after retries). */
export class ProviderRejected extends Schema.TaggedError<ProviderRejected>()("ProviderRejected", {
  message: Schema.String,
  providerStatus: Schema.optional(Schema.Number),
  providerMessage: Schema.optional(Schema.String),
  /** The provider's `Retry-After`, in milliseconds. */
  retryAfterMs: Schema.optional(Schema.Number)
}) {
  readonly status = 502
  /** `provider_unauthorized` when the server refused the key (401, 403), else `provider_error`. */
  get code(): "provider_error" | "provider_unauthorized" {
    return this.providerStatus === 401 || this.providerStatus === 403 ? "provider_unauthorized" : "provider_error"
  }
}

export const ProviderFailure = Schema.Union([ProviderUnreachable, ProviderTimeout, ProviderRejected])
export type ProviderFailure = typeof ProviderFailure.Type

/** One wrapper error for everything that can go wrong talking to a provider. */
export class ProviderError extends Schema.TaggedError<ProviderError>()("ProviderError", {
  reason: ProviderFailure
}) {
  override get message() {
    return this.reason.message
  }
}

/**
 * A run that failed as a whole: the provider was unreachable or refused the model before any paragraph succeeded,
 * or every paragraph failed. Answers with the provider failure's status and words; paragraphs that had finished
 * travel in `details.partialResult` (a rewrite result in which every other paragraph keeps its original text).
 */
export class RunFailed extends Schema.TaggedError<RunFailed>()("RunFailed", {
  reason: ProviderFailure,
  partialResult: Schema.optionalKey(RewriteResult)
}) {
  override get message() {
    return this.reason.message
  }
  get status() {
    return this.reason.status
  }
  get code() {
    return this.reason.code
  }
}

/**
 * The workspace's storage failed: a full disk (507 `storage_full`), a read-only workspace (503
 * `workspace_read_only`), a damaged file (500 `storage_damaged`) or another process holding it (503 `storage_busy`).
 * A run whose result could not be saved still answers it, in `details.partialResult`.
 */
export class StorageFailed extends Schema.TaggedError<StorageFailed>()("StorageFailed", {
  fault: Schema.Literals(["full", "read_only", "damaged", "busy"]),
  message: Schema.String,
  partialResult: Schema.optionalKey(RewriteResult)
}) {
  get status() {
    return STORAGE_STATUS[this.fault]
  }
  get code() {
    return STORAGE_CODE[this.fault]
  }
}

const STORAGE_STATUS = { full: 507, read_only: 503, damaged: 500, busy: 503 } as const
const STORAGE_CODE = {
  full: "storage_full",
  read_only: "workspace_read_only",
  damaged: "storage_damaged",
  busy: "storage_busy"
} as const

export type ApiError =
  | InvalidRequest
  | RouteNotFound
  | ProfileNotFound
  | ProviderNotFound
  | ProfileReadOnly
  | SuggestionNotFound
  | PreconditionFailed
  | DocumentNotFound
  | Forbidden
  | DocumentTooLarge
  | UnsupportedMediaType
  | ProviderFailure
  | RunFailed
  | StorageFailed

/** Every `code` an error answer can carry; stable, so clients can branch on it. */
export const ErrorCode = Schema.Literals([
  "invalid_request",
  "forbidden",
  "not_found",
  "profile_not_found",
  "provider_not_found",
  "document_not_found",
  "suggestion_not_found",
  "profile_read_only",
  "precondition_failed",
  "document_too_large",
  "unsupported_media_type",
  "provider_unreachable",
  "provider_timeout",
  "provider_error",
  "provider_unauthorized",
  "storage_full",
  "workspace_read_only",
  "storage_damaged",
  "storage_busy",
  "internal_error"
]).annotate({ identifier: "ErrorCode" })
export type ErrorCode = typeof ErrorCode.Type

/** Every error answer: `{"error": {"code", "message", "details?"}}` (DESIGN.md section 2). */
export const ErrorBody = Schema.Struct({
  error: Schema.Struct({
    /** Stable, e.g. `invalid_request`, `profile_not_found`, `provider_unreachable`. */
    code: ErrorCode,
    /** What went wrong and what to do about it, in words. */
    message: Schema.String,
    /** The fields at fault (400), or `{partialResult}` for a failed run that finished some paragraphs. */
    details: Schema.optionalKey(
      Schema.Union([Schema.Array(Schema.String), Schema.Struct({ partialResult: Schema.optionalKey(RewriteResult) })])
    )
  })
}).annotate({ identifier: "ErrorBody" })
export type ErrorBody = typeof ErrorBody.Type

const detailsOf = (error: ApiError): ErrorBody["error"]["details"] => {
  if (error._tag === "InvalidRequest") return error.details
  if ((error._tag === "RunFailed" || error._tag === "StorageFailed") && error.partialResult !== undefined) {
    return { partialResult: error.partialResult }
  }
  return undefined
}

export const errorBody = (error: ApiError): ErrorBody => {
  const details = detailsOf(error)
  return { error: { code: error.code, message: error.message, ...(details !== undefined ? { details } : {}) } }
}
