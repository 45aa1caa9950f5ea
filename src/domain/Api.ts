/** Response shapes of the HTTP API (DESIGN.md section 2) shared by the service, the CLI and the web UI. */
import { Schema } from "effect"

export const HealthStatus = Schema.Literals([
  "ready",
  "no_model",
  "models_unlisted",
  "wrong_base_url",
  "not_openai_api",
  "provider_error",
  "unauthorized",
  "unreachable"
])

/** `GET /api/health`: ready when `ok` and `localProviderReachable` are true and `model` is set. */
/** Can the workspace be saved to, and did the start-up check find damage? */
export const WorkspaceStatus = Schema.Struct({
  writable: Schema.Boolean,
  /** Why nothing can be saved, when the workspace is read-only. */
  readOnly: Schema.optionalKey(Schema.String),
  /** Damage the integrity check named at start-up; what can be read is still served. */
  problems: Schema.Array(Schema.String)
})
export type WorkspaceStatus = typeof WorkspaceStatus.Type

export const HealthResult = Schema.Struct({
  ok: Schema.Boolean,
  localProviderReachable: Schema.Boolean,
  defaultModelFound: Schema.Boolean,
  model: Schema.NullOr(Schema.String),
  status: HealthStatus,
  baseUrl: Schema.optionalKey(Schema.String),
  error: Schema.optionalKey(Schema.String),
  /**
   * How many chat requests Redraft sends the server at once, and who said so: `configured` (PROVIDER_CONCURRENCY),
   * `server` (llama.cpp's `GET /props`) or `default` (4).
   */
  slots: Schema.optionalKey(
    Schema.Struct({ count: Schema.Finite, source: Schema.Literals(["configured", "server", "default"]) })
  ),
  /** With `wrong_base_url`: the address that would work (the given one with `/v1`). */
  suggestedBaseUrl: Schema.optionalKey(Schema.String),
  /** The workspace's storage as the service found it at start-up. */
  workspace: Schema.optionalKey(WorkspaceStatus)
})
export type HealthResult = typeof HealthResult.Type

/** `GET /api/models`: the provider's models that can chat (embedding models left out), the one Redraft picks marked. */
export const ModelList = Schema.Struct({
  baseUrl: Schema.String,
  models: Schema.Array(Schema.Struct({ id: Schema.String, selected: Schema.Boolean }))
})
export type ModelList = typeof ModelList.Type
