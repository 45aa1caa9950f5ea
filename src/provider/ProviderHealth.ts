import { Effect } from "effect"
import type { HealthResult } from "../domain/Api.ts"
import type { ProviderFailure } from "../domain/Errors.ts"
import { LlmProvider } from "./LlmProvider.ts"
import { chooseModel, DEFAULT_MODEL_FAMILY } from "./ModelSelection.ts"

/**
 * Whether a base URL is an OpenAI-compatible API Redraft can use, with the HTTP status to answer with (503 when
 * nothing answers). Ready only when `{baseUrl}/models` answers an OpenAI-shaped list, or when the server has no
 * model list but a minimal chat request works. A server that answers but not as such an API is not ready, and when
 * the same address with `/v1` would be, the answer says so.
 */
export const checkHealth = Effect.fn("ProviderHealth.check")(function* (baseUrl: string) {
  const provider = yield* LlmProvider
  const listed = yield* provider.listModels(baseUrl).pipe(Effect.result)
  if (listed._tag === "Success") {
    const choice = chooseModel(listed.success, undefined)
    const slots = yield* provider.slots(baseUrl)
    return answer(200, {
      slots,
      ok: choice.model !== undefined,
      localProviderReachable: true,
      defaultModelFound: choice.defaultModelFound,
      model: choice.model ?? null,
      status: choice.model !== undefined ? "ready" : "no_model",
      baseUrl,
      ...(choice.model !== undefined
        ? {}
        : { error: "the provider is running but has no chat model loaded; load one and retry" })
    })
  }
  const reason = listed.failure.reason
  if (reason._tag !== "ProviderRejected") return answer(503, notReady(baseUrl, "unreachable", reason.message, false))
  if (reason.code === "provider_unauthorized")
    return answer(200, notReady(baseUrl, "unauthorized", reason.message, true))
  if (!isNotAnApi(reason)) return answer(200, notReady(baseUrl, "provider_error", reason.message, true))

  const withVersion = `${baseUrl}/v1`
  const answersWithVersion = provider.listModels(withVersion).pipe(
    Effect.as(true),
    Effect.orElseSucceed(() => false)
  )
  if (!/\/v\d+$/i.test(baseUrl) && (yield* answersWithVersion)) {
    return answer(200, {
      ...notReady(
        baseUrl,
        "wrong_base_url",
        `${baseUrl} is not an OpenAI-compatible API, but ${withVersion} is: use ${withVersion} as the endpoint`,
        true
      ),
      suggestedBaseUrl: withVersion
    })
  }
  // Some servers have no model list; they are usable when a minimal chat request works.
  const chat = yield* provider
    .chat({
      target: { baseUrl, model: DEFAULT_MODEL_FAMILY, reasoningEffort: "none" },
      messages: [{ role: "user", content: "Reply with OK." }],
      temperature: 0,
      maxTokens: 1,
      purpose: "health check",
      probe: true
    })
    .pipe(Effect.result)
  if (chat._tag === "Success") {
    return answer(200, {
      ok: true,
      localProviderReachable: true,
      defaultModelFound: false,
      model: DEFAULT_MODEL_FAMILY,
      status: "models_unlisted",
      baseUrl,
      error: `the provider does not list models; requests will name ${DEFAULT_MODEL_FAMILY} unless you choose a model`
    })
  }
  return answer(
    200,
    notReady(
      baseUrl,
      "not_openai_api",
      `the server at ${baseUrl} answers, but not as an OpenAI-compatible API (${reason.message}; a test chat request failed too: ${chat.failure.message}). Check the address: it usually ends in /v1, such as http://localhost:1234/v1`,
      true
    )
  )
})

// ---------------------------------------------------------------------------------------------------------------

const answer = (status: number, body: HealthResult) => ({ status, body })

const notReady = (
  baseUrl: string,
  status: HealthResult["status"],
  error: string,
  reachable: boolean
): HealthResult => ({
  ok: false,
  localProviderReachable: reachable,
  defaultModelFound: false,
  model: null,
  status,
  baseUrl,
  error
})

/** No model list there: no such route (404, 405, 501), or a page that is not an OpenAI-shaped list. */
const isNotAnApi = (reason: Extract<ProviderFailure, { _tag: "ProviderRejected" }>): boolean =>
  reason.providerStatus === undefined ||
  reason.providerStatus === 404 ||
  reason.providerStatus === 405 ||
  reason.providerStatus === 501
