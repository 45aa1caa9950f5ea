import { BackupFile, type RestoreResult } from "../src/domain/Backup.ts"
import { Context, Effect, Layer, Schema, Stream } from "effect"
import { Sse } from "effect/encoding"
import { FetchHttpClient, HttpClient, HttpClientError, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { Api, ErrorBody } from "../src/api/Api.ts"
import type { HealthResult } from "../src/domain/Api.ts"
import {
  CreateProfile,
  ScoreRequest,
  type ProfileDetail,
  type ProfileSummary,
  type ScoreResult,
  type VoiceFile
} from "../src/domain/Profiles.ts"
import type { CheckRequest, CheckResult } from "../src/domain/Check.ts"
import type {
  CreateDocument,
  DocumentDetail,
  DocumentRewriteRequest,
  DocumentRewriteResult,
  DocumentSummary
} from "../src/domain/Documents.ts"
import type { EvalRewriteRequest, ProgressEvent, RewriteRequest, RewriteResult } from "../src/domain/Rewrite.ts"
import { type ProviderInfo, ProviderInput, type ProviderList } from "../src/domain/Providers.ts"
import { CliFailure } from "./CliFailure.ts"
import { ServiceEndpoint } from "./ServiceEndpoint.ts"

export type { HealthResult, ProfileDetail, ProfileSummary, ScoreResult, VoiceFile }

/**
 * The client of Redraft's HTTP API, used by the CLI and the eval runner. Its calls are derived from the API's one
 * declaration (src/api/Api.ts, through HttpApiClient), so a renamed field fails the typecheck; the streamed rewrite
 * reads the event stream that the declaration describes in words.
 */
export class RedraftClient extends Context.Service<
  RedraftClient,
  {
    readonly baseUrl: string
    /** The health of a provider named by its base URL or its configured id (`lmstudio`, `gpu-box`), else the default. */
    readonly health: (provider: string | undefined) => Effect.Effect<HealthResult, CliFailure>
    readonly profiles: Effect.Effect<ReadonlyArray<ProfileSummary>, CliFailure>
    /** A voice from a name and two or more samples of the writer's text. */
    readonly createProfile: (body: CreateProfile) => Effect.Effect<ProfileDetail, CliFailure>
    /**
     * A voice from a `.voice.json` export as read from a file, sent as it is: the service takes the fields a new voice
     * needs and ignores the rest (its measured traits are measured again).
     */
    readonly importProfile: (voiceFile: unknown) => Effect.Effect<ProfileDetail, CliFailure>
    readonly exportProfile: (id: string) => Effect.Effect<VoiceFile, CliFailure>
    readonly deleteProfile: (id: string) => Effect.Effect<void, CliFailure>
    /** The configured providers, each saying whether it has a key (never the key). */
    readonly providers: Effect.Effect<ProviderList, CliFailure>
    readonly putProvider: (id: string, body: ProviderInput) => Effect.Effect<ProviderInfo, CliFailure>
    readonly deleteProvider: (id: string) => Effect.Effect<void, CliFailure>
    /** How close `text` is to the profile's samples, measured (no model call). */
    readonly score: (id: string, text: string) => Effect.Effect<ScoreResult, CliFailure>
    /** A streamed rewrite: `onProgress` sees every `progress` and `segment` event before the result arrives. */
    readonly rewrite: (
      body: RewriteRequest,
      onProgress: (event: ProgressEvent) => Effect.Effect<void>
    ) => Effect.Effect<RewriteResult, CliFailure>
    readonly evalRewrite: (body: EvalRewriteRequest) => Effect.Effect<RewriteResult, CliFailure>
    readonly check: (body: CheckRequest) => Effect.Effect<CheckResult, CliFailure>
    readonly documents: (query: string | undefined) => Effect.Effect<ReadonlyArray<DocumentSummary>, CliFailure>
    readonly createDocument: (body: CreateDocument) => Effect.Effect<DocumentDetail, CliFailure>
    /** Every document, version and voice of the workspace, as one backup file. */
    /**
     * The backup; from a damaged workspace (`Redraft-Damaged`), what could be read, and how many documents and voices
     * were found but could not be (`unreadable`).
     */
    readonly exportBackup: Effect.Effect<
      { readonly backup: BackupFile; readonly damaged: boolean; readonly unreadable: number },
      CliFailure
    >
    /** Restores a backup file as read: what is missing is added, nothing is overwritten. */
    readonly restoreBackup: (file: unknown) => Effect.Effect<RestoreResult, CliFailure>
    /** A saved document's rewrite, streamed like `rewrite`; the run is saved as the document's next version. */
    readonly rewriteDocument: (
      id: string,
      body: DocumentRewriteRequest,
      onProgress: (event: ProgressEvent) => Effect.Effect<void>
    ) => Effect.Effect<DocumentRewriteResult, CliFailure>
  }
>()("redraft/client/RedraftClient") {
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

      const streamed = Effect.fn("RedraftClient.streamed")(function* <A>(
        path: string,
        body: unknown,
        onProgress: (event: ProgressEvent) => Effect.Effect<void>
      ) {
        const response = yield* send(postJson(path, body, "text/event-stream"))
        if (!(response.headers["content-type"] ?? "").includes("text/event-stream")) return yield* json<A>(response)
        let outcome: { readonly result: A } | CliFailure | undefined
        yield* response.stream.pipe(
          Stream.decodeText(),
          Stream.pipeThroughChannel(Sse.decode()),
          Stream.mapError(unreachable),
          Stream.runForEach((event) =>
            Effect.gen(function* () {
              const data = yield* decodeJson(event.data)
              if (event.event === "progress" || event.event === "segment" || event.event === "waiting") {
                yield* onProgress({ ...(data as object), type: event.event } as ProgressEvent)
              } else if (event.event === "result") outcome = { result: data as A }
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

      const api = yield* HttpApiClient.make(Api, { baseUrl })
      /** A declared call: its declared error answers keep their code, anything else says what went wrong. */
      const call = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        effect.pipe(
          Effect.catch((e: unknown) => {
            const declared = Schema.decodeUnknownOption(ErrorBody)(e)
            if (declared._tag === "Some") {
              const { code, message } = declared.value.error
              return Effect.fail(new CliFailure({ code, message }))
            }
            if (HttpClientError.isHttpClientError(e) && e.response === undefined) return Effect.fail(unreachable(e))
            const status = HttpClientError.isHttpClientError(e) ? e.response?.status : undefined
            return Effect.fail(
              new CliFailure({
                code: "unexpected_reply",
                message:
                  status === undefined
                    ? `the service at ${baseUrl} answered in a way Redraft does not (${describe(e)}); is it Redraft?`
                    : `the service answered ${status} with an unknown body`
              })
            )
          })
        )

      const createProfile = (body: unknown) =>
        checked(CreateProfile, body).pipe(Effect.flatMap((payload) => call(api.profiles.create({ payload }))))

      return RedraftClient.of({
        baseUrl,
        health: (provider) =>
          call(
            api.provider.health({
              query:
                provider === undefined
                  ? {}
                  : /^https?:/i.test(provider.trim())
                    ? { baseUrl: provider }
                    : { providerId: provider }
            })
          ),
        profiles: call(api.profiles.list()).pipe(Effect.map((body) => body.profiles)),
        createProfile: (body) => createProfile(body),
        importProfile: (voiceFile) => createProfile(voiceFile),
        exportProfile: (id) => call(api.profiles.export({ params: { id } })),
        deleteProfile: (id) => call(api.profiles.remove({ params: { id } })),
        providers: call(api.provider.list()),
        putProvider: (id, body) =>
          checked(ProviderInput, body).pipe(
            Effect.flatMap((payload) => call(api.provider.put({ params: { id }, payload })))
          ),
        deleteProvider: (id) => call(api.provider.remove({ params: { id } })),
        score: (id, text) =>
          checked(ScoreRequest, { text }).pipe(
            Effect.flatMap((payload) => call(api.profiles.score({ params: { id }, payload })))
          ),
        rewrite: (body, onProgress) => streamed<RewriteResult>("/api/rewrite", body, onProgress),
        evalRewrite: (payload) => call(api.eval.rewrite({ payload })),
        check: (payload) => call(api.check.check({ payload })),
        documents: (q) =>
          call(api.documents.list({ query: q === undefined ? {} : { q } })).pipe(Effect.map((body) => body.documents)),
        createDocument: (payload) => call(api.documents.create({ payload })),
        exportBackup: call(api.backup.export({ responseMode: "decoded-and-response" })).pipe(
          Effect.map(([backup, response]) => ({
            backup,
            damaged: response.headers["redraft-damaged"] !== undefined,
            unreadable: Number(response.headers["redraft-damaged"] ?? 0) || 0
          }))
        ),
        restoreBackup: (file) =>
          checked(BackupFile, file).pipe(Effect.flatMap((payload) => call(api.backup.restore({ payload })))),
        rewriteDocument: (id, body, onProgress) =>
          streamed<DocumentRewriteResult>(`/api/documents/${encodeURIComponent(id)}/rewrite`, body, onProgress)
      })
    })
  )

  static readonly layer = RedraftClient.layerNoDeps.pipe(Layer.provide(FetchHttpClient.layer))
}

// ---------------------------------------------------------------------------------------------------------------

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

/**
 * The typed client checks a payload against its schema before sending it, and a payload that fails would read as an
 * odd reply. So the payload is checked here first, and fails as the service would: `invalid_request`, naming each
 * field with the schema's (the service's) own message.
 */
const checked = <S extends Schema.Top & { readonly DecodingServices: never }>(schema: S, payload: unknown) =>
  Schema.decodeUnknownEffect(schema)(payload, { errors: "all" }).pipe(
    Effect.mapError(
      (e) => new CliFailure({ code: "invalid_request", message: `invalid request body: ${issues(e.message)}` })
    )
  )

/** `"give at least two samples\n  at [\"samples\"]"` as `samples: give at least two samples`. */
const issues = (message: string): string => {
  const lines = message.split("\n").map((l) => l.trim())
  const out: Array<string> = []
  lines.forEach((line, i) => {
    if (line === "" || line.startsWith("at [")) return
    const at = lines[i + 1]?.startsWith("at [") === true ? (lines[i + 1] ?? "") : ""
    const path = at === "" ? "body" : [...at.matchAll(/\[("?)([^\]"]*)\1\]/g)].map((m) => m[2]).join(".")
    out.push(`${path}: ${line === "Missing key" ? "is required" : line.charAt(0).toLowerCase() + line.slice(1)}`)
  })
  return out.join("; ")
}

const decodeJson = (text: string) =>
  Schema.decodeUnknownEffect(Schema.fromJsonString(Schema.Unknown))(text).pipe(
    Effect.mapError(
      () => new CliFailure({ code: "unexpected_reply", message: "the service sent an event that is not JSON" })
    )
  )

const describe = (e: unknown): string =>
  typeof e === "object" && e !== null && "message" in e && typeof e.message === "string" ? e.message : String(e)
