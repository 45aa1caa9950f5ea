/** The handlers of the documents routes (src/api/Api.ts): read the request, call the Documents store, answer. */
import { Effect } from "effect"
import { HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Api } from "../api/Api.ts"
import { CreateDocument, type DocumentList, UpdateDocument } from "../domain/Documents.ts"
import type { DocumentNotFound } from "../domain/Errors.ts"
import type { DatabaseFailure } from "../store/Database.ts"
import { Documents } from "../store/Documents.ts"
import { apiHandler, readBody } from "./Respond.ts"

export const DocumentHandlers = HttpApiBuilder.group(Api, "documents", (handlers) =>
  handlers
    .handleRaw("list", () =>
      apiHandler(
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const q = new URL(request.url, "http://localhost").searchParams.get("q") ?? undefined
          const documents = yield* (yield* Documents).list(q).pipe(Effect.orDie)
          return HttpServerResponse.jsonUnsafe({ documents } satisfies DocumentList)
        })
      )
    )
    .handleRaw("create", () =>
      apiHandler(
        Effect.gen(function* () {
          const input = yield* readBody(CreateDocument)
          const document = yield* (yield* Documents).create(input).pipe(Effect.orDie)
          return HttpServerResponse.jsonUnsafe(document, { status: 201 })
        })
      )
    )
    .handleRaw("get", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const document = yield* (yield* Documents).get(params.id).pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(document)
        })
      )
    )
    .handleRaw("update", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          const input = yield* readBody(UpdateDocument)
          const document = yield* (yield* Documents).update(params.id, input).pipe(withoutDatabaseFailure)
          return HttpServerResponse.jsonUnsafe(document)
        })
      )
    )
    .handleRaw("remove", ({ params }) =>
      apiHandler(
        Effect.gen(function* () {
          yield* (yield* Documents).remove(params.id).pipe(withoutDatabaseFailure)
          return HttpServerResponse.empty({ status: 204 })
        })
      )
    )
)

/** A failing database is a defect (logged, answered with a 500); a missing document stays a typed 404. */
const withoutDatabaseFailure = <A, R>(effect: Effect.Effect<A, DocumentNotFound | DatabaseFailure, R>) =>
  effect.pipe(Effect.catchTag("DatabaseFailure", (e) => Effect.die(e)))
