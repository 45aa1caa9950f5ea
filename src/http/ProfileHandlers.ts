/** The handlers of the profiles routes (src/api/Api.ts): fixtures and the writer's own voices. */
import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { AppConfig } from "../AppConfig.ts"
import {
  CreateProfile,
  type ProfileList,
  ScoreRequest,
  SuggestionAnswer,
  UpdateProfile,
  VoiceImport
} from "../domain/Profiles.ts"
import { Profiles } from "../pipeline/Profiles.ts"
import { slugOf } from "../store/Voices.ts"
import { apiHandler, decodeBody, readBody, readJson } from "./Respond.ts"
import { checkDocumentSize } from "./RunRequests.ts"

const isVoiceFile = (json: unknown): boolean =>
  typeof json === "object" && json !== null && (json as { format?: unknown }).format === "redraft-voice"

/** The writer's answer to a proposal of their edits (the body is `{}`): the voice as it is after it. */
const answer = (params: { readonly id: string; readonly suggestion: string }, given: "accepted" | "dismissed") =>
  apiHandler(
    Effect.gen(function* () {
      yield* readBody(SuggestionAnswer)
      return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).answer(params.id, params.suggestion, given))
    })
  )

export const ProfileHandlers = HttpApiBuilder.group(Api, "profiles", (handlers) =>
  handlers
    .handleRaw("list", () =>
      apiHandler(
        Effect.gen(function* () {
          const profiles = yield* (yield* Profiles).list
          return HttpServerResponse.jsonUnsafe({ profiles } satisfies ProfileList)
        })
      )
    )
    .handleRaw("create", () =>
      apiHandler(
        Effect.gen(function* () {
          const json = yield* readJson
          // A `.voice.json` export is told by its format and read as it was written (a later version's fields too).
          const input: CreateProfile = isVoiceFile(json)
            ? yield* decodeBody(VoiceImport, json, { lenient: true }).pipe(
                Effect.map(({ format: _f, formatVersion: _v, traits: _t, ...voice }) => voice)
              )
            : yield* decodeBody(CreateProfile, json)
          return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).create(input), { status: 201 })
        })
      )
    )
    .handleRaw("get", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).detail(params.id))
        })
      )
    )
    .handleRaw("update", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const input = yield* readBody(UpdateProfile)
          return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).update(params.id, input))
        })
      )
    )
    .handleRaw("remove", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          yield* (yield* Profiles).remove(params.id)
          return HttpServerResponse.empty({ status: 204 })
        })
      )
    )
    .handleRaw("export", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const voice = yield* (yield* Profiles).exportVoice(params.id)
          return HttpServerResponse.jsonUnsafe(voice, {
            headers: { "content-disposition": `attachment; filename="${slugOf(voice.name)}.voice.json"` }
          })
        })
      )
    )
    .handleRaw("score", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const { text } = yield* readBody(ScoreRequest)
          yield* checkDocumentSize(text, "text", (yield* AppConfig).maxDocumentChars)
          return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).score(params.id, text))
        })
      )
    )
    .handleRaw("suggestions", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          return HttpServerResponse.jsonUnsafe(yield* (yield* Profiles).suggestions(params.id))
        })
      )
    )
    .handleRaw("acceptSuggestion", ({ params }) => answer(params, "accepted"))
    .handleRaw("dismissSuggestion", ({ params }) => answer(params, "dismissed"))
)
