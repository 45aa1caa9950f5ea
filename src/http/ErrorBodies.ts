/**
 * Every error answer carries the JSON error body, also those the HTTP layer makes before a handler runs: a path with
 * a bad `%`-escape, a version or paragraph number that is not an integer, a query parameter given twice. Those come
 * with an empty body; this middleware writes the body that says what to fix.
 */
import { Effect, type Types } from "effect"
import { HttpRouter, HttpServerError, HttpServerRequest, type HttpServerResponse } from "effect/http"
import { errorResponse } from "./Respond.ts"
import { InvalidRequest, RouteNotFound } from "../domain/Errors.ts"

/** The JSON error for an empty error answer of `status` to `method url`. */
const bodyFor = (status: number, method: string, url: string): HttpServerResponse.HttpServerResponse => {
  if (status === 404) {
    return errorResponse(
      new RouteNotFound({
        message: `no API route ${method} ${url}; check the path (ids and numbers as the API describes them, %-escapes complete) and see /api/docs`
      })
    )
  }
  const response = errorResponse(
    new InvalidRequest({
      message: `the request ${method} ${url} could not be read: a path or query parameter is not what the API expects (an integer for version and paragraph numbers, each query parameter once); see /api/docs`
    })
  )
  return status === 400 ? response : { ...response, status }
}

const filled = (
  response: HttpServerResponse.HttpServerResponse,
  method: string,
  url: string
): HttpServerResponse.HttpServerResponse =>
  response.status >= 400 && response.body._tag === "Empty" ? bodyFor(response.status, method, url) : response

/**
 * The answer with its error body written; failures the router turns into answers later (an unknown route, a path it
 * could not decode) are answered here already, so nothing fails past this point.
 */
const withErrorBodies = (
  httpApp: Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled>
): Effect.Effect<HttpServerResponse.HttpServerResponse, Types.unhandled, HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const safeUrl = request.url.slice(0, 300)
    return yield* httpApp.pipe(
      Effect.map((response) => filled(response, request.method, safeUrl)),
      Effect.catchCause((cause) =>
        HttpServerError.causeResponse(cause).pipe(Effect.map(([response]) => filled(response, request.method, safeUrl)))
      )
    )
  })

export const ErrorBodiesMiddleware = HttpRouter.middleware(withErrorBodies, { global: true })
