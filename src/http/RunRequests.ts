import { Effect } from "effect"
import { AppConfig } from "../AppConfig.ts"
import { DocumentTooLarge, InvalidRequest, ProviderError, ProviderRejected } from "../domain/Errors.ts"
import {
  type EvalRewriteRequest,
  type ReasoningEffort,
  resolveOptions,
  type RewriteRequest
} from "../domain/Rewrite.ts"
import { normalizeBaseUrl } from "../provider/BaseUrl.ts"
import { ProviderDirectory } from "../provider/ProviderDirectory.ts"
import { LlmProvider } from "../provider/LlmProvider.ts"
import type { RunInput } from "../pipeline/Pipeline.ts"
import { RequestNote } from "./RequestLog.ts"
import { DEFAULT_PROFILE_ID, Profiles } from "../pipeline/Profiles.ts"
import type { PreparedProfile } from "../pipeline/Stage.ts"

/** Turns a validated `POST /api/rewrite` body into a pipeline run: limits, provider, model, profile, options. */
export const prepareRewrite = Effect.fn("RunRequests.prepareRewrite")(function* (body: RewriteRequest) {
  const config = yield* AppConfig
  yield* checkDocumentSize(body.document, "document", config.maxDocumentChars)
  if (config.logDocuments) yield* Effect.logInfo("rewrite request", body.document)
  const baseUrl = yield* providerBaseUrl(body.provider?.id, body.provider?.baseUrl)
  const profiles = yield* Profiles
  const profile =
    body.styleProfile !== undefined
      ? profiles.prepare(body.styleProfile)
      : yield* profiles.get(body.styleProfileId ?? DEFAULT_PROFILE_ID)
  return yield* runInput(body.document, profile, baseUrl, body.provider?.model, body.provider?.reasoningEffort, {
    ...resolveOptions(body.options)
  })
})

/** Turns a validated `POST /api/eval/rewrite` body into a run: a fixture profile, always with debug. */
export const prepareEvalRewrite = Effect.fn("RunRequests.prepareEvalRewrite")(function* (body: EvalRewriteRequest) {
  const config = yield* AppConfig
  yield* checkDocumentSize(body.source, "source", config.maxDocumentChars)
  if (config.logDocuments) yield* Effect.logInfo("eval rewrite request", body.source)
  const baseUrl =
    body.providerId === undefined
      ? config.defaultBaseUrl
      : /^https?:/i.test(body.providerId.trim())
        ? yield* Effect.fromResult(normalizeBaseUrl(body.providerId, "providerId"))
        : (yield* (yield* ProviderDirectory).byId(body.providerId, "providerId")).baseUrl
  // An evaluation case that names a profile nobody has is a broken case, not a missing resource: a 404 reads to
  // harnesses such as Promptfoo as a dead target and ends the whole run.
  const profile = yield* (yield* Profiles)
    .get(body.styleProfileId)
    .pipe(
      Effect.catchTag("ProfileNotFound", (e) =>
        Effect.fail(new InvalidRequest({ message: e.message, details: [`styleProfileId: ${e.message}`] }))
      )
    )
  const options = resolveOptions({
    includeDebug: true,
    ...(body.options?.maxRewriteIterations !== undefined
      ? { maxRewriteIterations: body.options.maxRewriteIterations }
      : {}),
    ...(body.options?.runMeaningCheck !== undefined ? { runMeaningCheck: body.options.runMeaningCheck } : {}),
    ...(body.options?.runFinalSmoothing !== undefined ? { finalSmoothing: body.options.runFinalSmoothing } : {})
  })
  return yield* runInput(body.source, profile, baseUrl, body.model, body.options?.reasoningEffort, options)
})

/**
 * The base URL a run goes to: the configured provider `id` names, else `baseUrl` (which gets a key only when a
 * configured provider has its origin), else the default provider.
 */
export const providerBaseUrl = Effect.fnUntraced(function* (id: string | undefined, baseUrl: string | undefined) {
  if (id !== undefined && baseUrl !== undefined) {
    return yield* new InvalidRequest({
      message: "provider: give `id` (a configured provider) or `baseUrl`, not both",
      details: ["provider.id: give it or provider.baseUrl, not both"]
    })
  }
  if (id !== undefined) return (yield* (yield* ProviderDirectory).byId(id, "provider.id")).baseUrl
  return yield* Effect.fromResult(normalizeBaseUrl(baseUrl ?? (yield* AppConfig).defaultBaseUrl))
})

/** A 413 naming the field when `text` is longer than `limit` characters (MAX_DOCUMENT_CHARS). */
export const checkDocumentSize = (text: string, field: string, limit: number) =>
  text.length > limit
    ? Effect.fail(
        new DocumentTooLarge({
          message: `${field} has ${text.length.toLocaleString("en-US")} characters; the limit is ${limit.toLocaleString("en-US")} (MAX_DOCUMENT_CHARS). Split the document and rewrite it in parts.`
        })
      )
    : Effect.void

// ---------------------------------------------------------------------------------------------------------------

const runInput = Effect.fnUntraced(function* (
  document: string,
  profile: PreparedProfile,
  baseUrl: string,
  requestedModel: string | undefined,
  reasoningEffort: ReasoningEffort | undefined,
  options: RunInput["options"]
) {
  const provider = yield* LlmProvider
  const note = yield* RequestNote
  note.provider = baseUrl
  const choice = yield* provider.selectModel(baseUrl, requestedModel)
  if (choice.model !== undefined) note.provider = `${baseUrl} (${choice.model})`
  if (choice.model === undefined) {
    return yield* new ProviderError({
      reason: new ProviderRejected({
        message: `the provider at ${baseUrl} lists no chat model; load one (in LM Studio, or with "ollama pull") and try again`
      })
    })
  }
  return {
    document,
    profile,
    options,
    target: { baseUrl, model: choice.model, reasoningEffort: reasoningEffort ?? "none" }
  } satisfies RunInput
})
