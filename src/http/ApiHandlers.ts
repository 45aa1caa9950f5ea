/**
 * The handlers of the API declared in src/api/Api.ts: thin, each reads its input, calls the services and answers.
 * They take the raw request, so a bad body gets Redraft's own JSON error naming the field (`readBody`, the same
 * schemas as the declaration) and the rewrite routes can answer with an event stream when asked. `/api/openapi.json`
 * and the reference page at `/api/docs` come from the same declaration; any other `/api/*` path is a JSON 404.
 */
import { Effect, Layer, Schema, Scope } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder, HttpApiScalar } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { AppConfig } from "../AppConfig.ts"
import type { ModelList, WorkspaceStatus } from "../domain/Api.ts"
import { CheckRequest, type CheckResult } from "../domain/Check.ts"
import { EvalRewriteRequest, RewriteRequest } from "../domain/Rewrite.ts"
import { ProviderInput } from "../domain/Providers.ts"
import { normalizeBaseUrl } from "../provider/BaseUrl.ts"
import { ProviderDirectory } from "../provider/ProviderDirectory.ts"
import { LlmProvider } from "../provider/LlmProvider.ts"
import { chatModelsOf, chooseModel } from "../provider/ModelSelection.ts"
import { checkHealth } from "../provider/ProviderHealth.ts"
import { Pipeline, type RunInput } from "../pipeline/Pipeline.ts"
import { Guards } from "../pipeline/Guards.ts"
import { Database } from "../store/Database.ts"
import { BackupHandlers, DocumentHandlers } from "./DocumentHandlers.ts"
import { ProfileHandlers } from "./ProfileHandlers.ts"
import { apiHandler, notFound, readBody } from "./Respond.ts"
import { checkDocumentSize, prepareEvalRewrite, prepareRewrite } from "./RunRequests.ts"
import { runResponse } from "./RunStream.ts"

const BaseUrlQuery = Schema.Struct({
  baseUrl: Schema.optional(Schema.String),
  providerId: Schema.optional(Schema.String)
})

/** `?providerId=`, `?baseUrl=` or the configured default, validated. */
const queryBaseUrl = Effect.gen(function* () {
  const config = yield* AppConfig
  const query = yield* HttpServerRequest.schemaSearchParams(BaseUrlQuery).pipe(Effect.orDie)
  if (query.providerId !== undefined && query.providerId.trim() !== "") {
    return (yield* (yield* ProviderDirectory).byId(query.providerId, "providerId")).baseUrl
  }
  const raw = query.baseUrl === undefined || query.baseUrl.trim() === "" ? config.defaultBaseUrl : query.baseUrl
  return yield* Effect.fromResult(normalizeBaseUrl(raw, "baseUrl"))
})

const ProviderHandlers = HttpApiBuilder.group(Api, "provider", (handlers) =>
  handlers
    .handleRaw("health", () =>
      apiHandler(
        Effect.gen(function* () {
          const { status, body } = yield* checkHealth(yield* queryBaseUrl)
          const storage = (yield* Database).status
          const workspace: WorkspaceStatus = {
            writable: storage.readOnly === undefined,
            ...(storage.readOnly !== undefined ? { readOnly: storage.readOnly } : {}),
            problems: storage.problems
          }
          return HttpServerResponse.jsonUnsafe({ ...body, workspace }, { status })
        })
      )
    )
    .handleRaw("models", () =>
      apiHandler(
        Effect.gen(function* () {
          const baseUrl = yield* queryBaseUrl
          // Embedding models are left out: they cannot rewrite, so they are no choice for the picker.
          const ids = chatModelsOf(yield* (yield* LlmProvider).listModels(baseUrl))
          const selected = chooseModel(ids, undefined).model
          const body: ModelList = { baseUrl, models: ids.map((id) => ({ id, selected: id === selected })) }
          return HttpServerResponse.jsonUnsafe(body)
        })
      )
    )
    .handleRaw("list", () =>
      apiHandler(
        Effect.gen(function* () {
          return HttpServerResponse.jsonUnsafe(yield* (yield* ProviderDirectory).list)
        })
      )
    )
    .handleRaw("put", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const input = yield* readBody(ProviderInput)
          return HttpServerResponse.jsonUnsafe(yield* (yield* ProviderDirectory).put(params.id, input))
        })
      )
    )
    .handleRaw("remove", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          yield* (yield* ProviderDirectory).remove(params.id)
          return HttpServerResponse.empty({ status: 204 })
        })
      )
    )
)

/** Answers with the result as JSON, or streams progress events when the client asks for `text/event-stream`. */
const respond = (input: RunInput) =>
  Effect.gen(function* () {
    return yield* runResponse(yield* Pipeline, input)
  })

const RewriteHandlers = HttpApiBuilder.group(Api, "rewrite", (handlers) =>
  handlers.handleRaw("rewrite", () =>
    apiHandler(readBody(RewriteRequest).pipe(Effect.flatMap(prepareRewrite), Effect.flatMap(respond)))
  )
)

const EvalHandlers = HttpApiBuilder.group(Api, "eval", (handlers) =>
  handlers.handleRaw("rewrite", () =>
    apiHandler(readBody(EvalRewriteRequest).pipe(Effect.flatMap(prepareEvalRewrite), Effect.flatMap(respond)))
  )
)

const CheckHandlers = HttpApiBuilder.group(Api, "check", (handlers) =>
  handlers.handleRaw("check", () =>
    apiHandler(
      Effect.gen(function* () {
        const config = yield* AppConfig
        const body = yield* readBody(CheckRequest)
        yield* checkDocumentSize(body.original, "original", config.maxDocumentChars)
        yield* checkDocumentSize(body.rewrite, "rewrite", config.maxDocumentChars)
        const { ok, findings } = yield* (yield* Guards).check(body.original, body.rewrite)
        return HttpServerResponse.jsonUnsafe({ ok, findings } satisfies CheckResult)
      })
    )
  )
)

const apiNotFound = HttpRouter.add(
  "*",
  "/api/*",
  apiHandler(
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      return notFound(`no API route ${request.method} ${request.url}; see /api/docs for the API`)
    })
  )
)

/**
 * The API reference page (Scalar, bundled: no network), built when it is first asked for. Its script is 3 MB of text,
 * which V8 would otherwise hold, with what it compiles, for the life of the service: about 16 MB at rest.
 */
const ApiDocs = HttpRouter.use(
  Effect.fnUntraced(function* (router) {
    const scope = yield* Effect.scope
    // Scalar's default fonts come from its own host: the page must work with no network.
    const page = yield* Effect.cached(
      HttpRouter.toHttpEffect(
        HttpApiScalar.layer(Api, { path: "/api/docs", scalar: { withDefaultFonts: false } })
      ).pipe(Scope.provide(scope))
    )
    yield* router.add("GET", "/api/docs", Effect.flatten(page))
  })
)

/** The declared API with its handlers, its OpenAPI description and its reference page (bundled, no network). */
export const ApiRoutes = Layer.mergeAll(
  HttpApiBuilder.layer(Api, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide([
      ProviderHandlers,
      ProfileHandlers,
      RewriteHandlers,
      EvalHandlers,
      CheckHandlers,
      DocumentHandlers,
      BackupHandlers
    ])
  ),
  ApiDocs,
  apiNotFound
)
