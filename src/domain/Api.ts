/** Response shapes of the HTTP API (DESIGN.md section 2) shared by the service, the CLI and the web UI. */

/** `GET /api/health`: ready when `ok` and `localProviderReachable` are true and `model` is set. */
export interface HealthResult {
  readonly ok: boolean
  readonly localProviderReachable: boolean
  readonly defaultModelFound: boolean
  readonly model: string | null
  readonly status:
    "ready" | "no_model" | "models_unlisted" | "wrong_base_url" | "not_openai_api" | "provider_error" | "unreachable"
  readonly baseUrl?: string
  readonly error?: string
  /** With `wrong_base_url`: the address that would work (the given one with `/v1`). */
  readonly suggestedBaseUrl?: string
}

/** `GET /api/models`. */
export interface ModelList {
  readonly baseUrl: string
  readonly models: ReadonlyArray<{ readonly id: string; readonly selected: boolean }>
}

/** `GET /api/profiles` lists these. */
export interface ProfileSummary {
  readonly id: string
  readonly name: string
  readonly description: string
}
