import { Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { AppConfig } from "../AppConfig.ts"
import type { ModelList } from "../domain/Api.ts"
import { CheckRequest, type CheckResult } from "../domain/Check.ts"
import { EvalRewriteRequest, RewriteRequest } from "../domain/Rewrite.ts"
import { normalizeBaseUrl } from "../provider/BaseUrl.ts"
import { LlmProvider } from "../provider/LlmProvider.ts"
import { chooseModel } from "../provider/ModelSelection.ts"
import { checkHealth } from "../provider/ProviderHealth.ts"
import { Pipeline, type RunInput } from "../pipeline/Pipeline.ts"
import { Profiles } from "../pipeline/Profiles.ts"
import { apiHandler, notFound, readBody } from "./Respond.ts"
import { checkSafety } from "../pipeline/Safety.ts"
import { checkDocumentSize, prepareEvalRewrite, prepareRewrite } from "./RunRequests.ts"
import { streamRun } from "./RunStream.ts"

const BaseUrlQuery = Schema.Struct({ baseUrl: Schema.optional(Schema.String) })

/** `?baseUrl=` or the configured default, validated. */
const queryBaseUrl = Effect.gen(function* () {
  const config = yield* AppConfig
  const query = yield* HttpServerRequest.schemaSearchParams(BaseUrlQuery).pipe(Effect.orDie)
  const raw = query.baseUrl === undefined || query.baseUrl.trim() === "" ? config.defaultBaseUrl : query.baseUrl
  return yield* Effect.fromResult(normalizeBaseUrl(raw, "baseUrl"))
})

const health = HttpRouter.add(
  "GET",
  "/api/health",
  apiHandler(
    Effect.gen(function* () {
      const { status, body } = yield* checkHealth(yield* queryBaseUrl)
      return HttpServerResponse.jsonUnsafe(body, { status })
    })
  )
)

const models = HttpRouter.add(
  "GET",
  "/api/models",
  apiHandler(
    Effect.gen(function* () {
      const baseUrl = yield* queryBaseUrl
      const ids = yield* (yield* LlmProvider).listModels(baseUrl)
      const selected = chooseModel(ids, undefined).model
      const body: ModelList = { baseUrl, models: ids.map((id) => ({ id, selected: id === selected })) }
      return HttpServerResponse.jsonUnsafe(body)
    })
  )
)

const profiles = HttpRouter.add(
  "GET",
  "/api/profiles",
  apiHandler(
    Effect.gen(function* () {
      const { list } = yield* Profiles
      return HttpServerResponse.jsonUnsafe({ profiles: list })
    })
  )
)

/** Answers with the result as JSON, or streams progress events when the client asks for `text/event-stream`. */
const runResponse = (input: RunInput) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const pipeline = yield* Pipeline
    if ((request.headers["accept"] ?? "").includes("text/event-stream")) return streamRun(pipeline, input)
    return HttpServerResponse.jsonUnsafe(yield* pipeline.run(input))
  })

const rewrite = HttpRouter.add(
  "POST",
  "/api/rewrite",
  apiHandler(readBody(RewriteRequest).pipe(Effect.flatMap(prepareRewrite), Effect.flatMap(runResponse)))
)

const evalRewrite = HttpRouter.add(
  "POST",
  "/api/eval/rewrite",
  apiHandler(readBody(EvalRewriteRequest).pipe(Effect.flatMap(prepareEvalRewrite), Effect.flatMap(runResponse)))
)

const check = HttpRouter.add(
  "POST",
  "/api/check",
  apiHandler(
    Effect.gen(function* () {
      const config = yield* AppConfig
      const body = yield* readBody(CheckRequest)
      yield* checkDocumentSize(body.original, "original", config.maxDocumentChars)
      yield* checkDocumentSize(body.rewrite, "rewrite", config.maxDocumentChars)
      const { ok, findings } = checkSafety(body.original, body.rewrite)
      return HttpServerResponse.jsonUnsafe({ ok, findings } satisfies CheckResult)
    })
  )
)

const apiNotFound = HttpRouter.add(
  "*",
  "/api/*",
  apiHandler(
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      return notFound(`no API route ${request.method} ${request.url}; see the README for the API`)
    })
  )
)

export const ApiRoutes = Layer.mergeAll(health, models, profiles, rewrite, evalRewrite, check, apiNotFound)
