import { Result } from "effect"
import { InvalidRequest } from "../domain/Errors.ts"

/** Built-in local providers (DESIGN.md section 1). */
export const PROVIDER_PRESETS: Readonly<Record<string, string>> = {
  lmstudio: "http://localhost:1234/v1",
  ollama: "http://localhost:11434/v1",
  llamacpp: "http://localhost:8080/v1"
}

export const DEFAULT_PROVIDER_ID = "lmstudio"

/**
 * Validates a provider base URL and puts it in canonical form: http(s), no trailing slash, no endpoint path
 * (Redraft appends `/models` and `/chat/completions` itself).
 */
export const normalizeBaseUrl = (raw: string, field = "provider.baseUrl"): Result.Result<string, InvalidRequest> => {
  const trimmed = raw.trim().replace(/\/+$/, "")
  if (!/^https?:\/\/[^/\s]/i.test(trimmed)) {
    return Result.fail(
      new InvalidRequest({
        message: `${field} must be an http(s) URL such as http://localhost:1234/v1 (got ${JSON.stringify(raw)})`
      })
    )
  }
  let url: URL
  try {
    url = new URL(trimmed)
  } catch {
    return Result.fail(
      new InvalidRequest({ message: `${field} must be an http(s) URL; ${JSON.stringify(raw)} is not a valid URL` })
    )
  }
  if (url.search !== "" || url.hash !== "" || url.username !== "" || url.password !== "") {
    return Result.fail(
      new InvalidRequest({ message: `${field} must be a plain base URL without query, fragment or credentials` })
    )
  }
  if (/\/(models|chat\/completions|completions)$/i.test(url.pathname)) {
    return Result.fail(
      new InvalidRequest({
        message: `${field} must end at the version prefix (e.g. http://localhost:1234/v1), not at an endpoint: remove ${
          /\/([a-z/]+)$/i.exec(url.pathname)?.[0] ?? "the endpoint path"
        }`
      })
    )
  }
  return Result.succeed(trimmed)
}
