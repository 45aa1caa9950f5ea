import { Context, Effect, Layer, Schema, Stream } from "effect"
import { Sse } from "effect/encoding"
import { FetchHttpClient, HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import type { HealthResult, ProfileSummary } from "../src/domain/Api.ts"
import type { CheckRequest, CheckResult } from "../src/domain/Check.ts"
import type { EvalRewriteRequest, ProgressEvent, RewriteRequest, RewriteResult } from "../src/domain/Rewrite.ts"
import { CliFailure } from "./CliFailure.ts"
import { ServiceEndpoint } from "./ServiceEndpoint.ts"

export type { HealthResult, ProfileSummary }

/** A typed client for Redraft's own HTTP API (DESIGN.md section 2), used by the CLI and the eval runner. */
export class RedraftClient extends Context.Service<
  RedraftClient,
  {
    readonly baseUrl: string
    readonly health: (providerBaseUrl: string | undefined) => Effect.Effect<HealthResult, CliFailure>
    readonly profiles: Effect.Effect<ReadonlyArray<ProfileSummary>, CliFailure>
    /** A streamed rewrite: `onProgress` sees every `progress` and `segment` event before the result arrives. */
    readonly rewrite: (
      body: RewriteRequest,
      onProgress: (event: ProgressEvent) => Effect.Effect<void>
    ) => Effect.Effect<RewriteResult, CliFailure>
    readonly evalRewrite: (body: EvalRewriteRequest) => Effect.Effect<RewriteResult, CliFailure>
    readonly check: (body: CheckRequest) => Effect.Effect<CheckResult, CliFailure>
  }
>()("redraft/cli/RedraftClient") {
  static readonly layerNoDeps = Layer.effect(
    RedraftClient,
    Effect.gen(function* () {
      const { baseUrl } = yield* ServiceEndpoint
      const client = yield* HttpClient.HttpClient
      const unreachable = (e: unknown) =>
        new CliFailure({
          code: "service_unreachable",
          message: `cannot reach the Redraft service at ${baseUrl} (${describe(e)}); check --service and SERVICE_API_BASE_URL, or start it with "npm start"`
        })
      const send = (request: HttpClientRequest.HttpClientRequest) =>
        client.execute(request).pipe(Effect.mapError(unreachable))

      const json = <A>(response: HttpClientResponse.HttpClientResponse, okStatuses: ReadonlyArray<number> = [200]) =>
        Effect.gen(function* () {
          const body = yield* response.json.pipe(
            Effect.mapError(
              () =>
                new CliFailure({
                  code: "unexpected_reply",
                  message: `the service at ${baseUrl} answered ${response.status} without a JSON body; is it Redraft?`
                })
            )
          )
          if (!okStatuses.includes(response.status)) return yield* apiFailure(body, response.status)
          return body as A
        })

      const postJson = (path: string, body: unknown, accept: string) =>
        HttpClientRequest.post(`${baseUrl}${path}`).pipe(
          HttpClientRequest.bodyJsonUnsafe(body),
          HttpClientRequest.setHeader("accept", accept)
        )

      const rewrite = Effect.fn("RedraftClient.rewrite")(function* (
        body: RewriteRequest,
        onProgress: (event: ProgressEvent) => Effect.Effect<void>
      ) {
        const response = yield* send(postJson("/api/rewrite", body, "text/event-stream"))
        if (!(response.headers["content-type"] ?? "").includes("text/event-stream"))
          return yield* json<RewriteResult>(response)
        let outcome: { readonly result: RewriteResult } | CliFailure | undefined
        yield* response.stream.pipe(
          Stream.decodeText(),
          Stream.pipeThroughChannel(Sse.decode()),
          Stream.mapError(unreachable),
          Stream.runForEach((event) =>
            Effect.gen(function* () {
              const data = yield* decodeJson(event.data)
              if (event.event === "progress" || event.event === "segment") {
                yield* onProgress({ ...(data as object), type: event.event } as ProgressEvent)
              } else if (event.event === "result") outcome = { result: data as RewriteResult }
              else if (event.event === "error") outcome = yield* apiFailure(data, 0).pipe(Effect.flip)
            })
          )
        )
        if (outcome === undefined) {
          return yield* new CliFailure({
            code: "service_unreachable",
            message: `the service at ${baseUrl} closed the stream before sending a result`
          })
        }
        if (outcome instanceof CliFailure) return yield* outcome
        return outcome.result
      })

      return RedraftClient.of({
        baseUrl,
        health: (providerBaseUrl) =>
          send(
            HttpClientRequest.get(`${baseUrl}/api/health`).pipe(
              HttpClientRequest.setUrlParams(providerBaseUrl === undefined ? {} : { baseUrl: providerBaseUrl })
            )
          ).pipe(Effect.flatMap((r) => json<HealthResult>(r, [200, 503]))),
        profiles: send(HttpClientRequest.get(`${baseUrl}/api/profiles`)).pipe(
          Effect.flatMap((r) => json<{ profiles: ReadonlyArray<ProfileSummary> }>(r)),
          Effect.map((body) => body.profiles)
        ),
        rewrite,
        evalRewrite: (body) =>
          send(postJson("/api/eval/rewrite", body, "application/json")).pipe(
            Effect.flatMap((r) => json<RewriteResult>(r))
          ),
        check: (body) =>
          send(postJson("/api/check", body, "application/json")).pipe(Effect.flatMap((r) => json<CheckResult>(r)))
      })
    })
  )

  static readonly layer = RedraftClient.layerNoDeps.pipe(Layer.provide(FetchHttpClient.layer))
}

// ---------------------------------------------------------------------------------------------------------------

const ErrorBody = Schema.Struct({
  error: Schema.Struct({ code: Schema.String, message: Schema.String })
})

/** The service's `{"error": {"code", "message"}}` as a failure keeping its code. */
const apiFailure = (body: unknown, status: number) =>
  Schema.decodeUnknownEffect(ErrorBody)(body).pipe(
    Effect.matchEffect({
      onSuccess: ({ error }) => Effect.fail(new CliFailure({ code: error.code, message: error.message })),
      onFailure: () =>
        Effect.fail(
          new CliFailure({ code: "unexpected_reply", message: `the service answered ${status} with an unknown body` })
        )
    })
  )

const decodeJson = (text: string) =>
  Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Unknown))(text).pipe(
    Effect.mapError(
      () => new CliFailure({ code: "unexpected_reply", message: "the service sent an event that is not JSON" })
    )
  )

const describe = (e: unknown): string =>
  typeof e === "object" && e !== null && "message" in e && typeof e.message === "string" ? e.message : String(e)
