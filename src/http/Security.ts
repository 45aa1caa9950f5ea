import { Effect } from "effect"
import { HttpRouter, HttpServerRequest } from "effect/http"
import { AppConfig } from "../AppConfig.ts"
import { Forbidden } from "../domain/Errors.ts"
import { errorResponse } from "./Respond.ts"

/**
 * Any web page can make a browser send requests to loopback, so every request is checked before routing (DESIGN.md
 * section 6). Every path, static files included, must name this service in `Host` (DNS rebinding). API paths must
 * also come from Redraft's own page: no `Origin: null`, no foreign `Origin`, and no `Sec-Fetch-Site` other than
 * `same-origin` or `none`; browsers send that header even on `<img>` and `no-cors` requests, which carry no `Origin`.
 * Clients that are not browsers (the CLI, curl) send neither header. Static files skip the browser checks, so a link
 * from another site still opens the web UI.
 */
export const SecurityMiddleware = HttpRouter.middleware(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const allowedHosts = new Set([...LOOPBACK_NAMES, config.host.toLowerCase()])
    const check = Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const host = request.headers["host"]
      if (host !== undefined && !allowedHosts.has(hostnameOf(host))) {
        return yield* new Forbidden({
          message: `requests for host ${JSON.stringify(host)} are refused; use http://127.0.0.1:${config.port} or http://localhost:${config.port}`
        })
      }
      if (!isApiPath(request.url)) return
      const ownPage = `http://${host ?? `127.0.0.1:${config.port}`}/`
      const origin = request.headers["origin"]
      if (origin === "null") {
        return yield* new Forbidden({
          message: `requests with Origin: null (a sandboxed frame or a local file) are refused; open Redraft's own page at ${ownPage} instead`
        })
      }
      if (origin !== undefined && !sameOrigin(origin, host)) {
        return yield* new Forbidden({
          message: `cross-origin requests from ${origin} are refused (the Origin header is not Redraft's own); open Redraft's own page at ${ownPage} instead`
        })
      }
      const site = request.headers["sec-fetch-site"]
      if (site !== undefined && site !== "same-origin" && site !== "none") {
        return yield* new Forbidden({
          message: `requests sent by another page are refused (Sec-Fetch-Site: ${site}); open Redraft's own page at ${ownPage} instead`
        })
      }
    })
    return (httpApp) =>
      check.pipe(
        Effect.matchEffect({
          onFailure: (forbidden) => Effect.succeed(errorResponse(forbidden)),
          onSuccess: () => httpApp
        })
      )
  }),
  { global: true }
)

// ---------------------------------------------------------------------------------------------------------------

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "::1", "[::1]"])

const hostnameOf = (hostHeader: string): string => {
  const trimmed = hostHeader.trim().toLowerCase()
  if (trimmed.startsWith("[")) return trimmed.slice(0, trimmed.indexOf("]") + 1)
  return trimmed.replace(/:\d+$/, "")
}

/** Compares as `URL` does, so `http://localhost:80` and `Host: localhost` are the same origin. */
const sameOrigin = (origin: string, host: string | undefined): boolean => {
  const from = URL.parse(origin)
  const own = host === undefined ? null : URL.parse(`http://${host.trim()}`)
  return from !== null && own !== null && from.host === own.host
}

/**
 * The router matches paths case-insensitively, percent-decoded, with repeated slashes collapsed and any
 * `http://host` prefix dropped, so `/API/models` and `//%61pi/models` reach the API too. Normalising more than the
 * router does only applies the checks more often.
 */
const isApiPath = (url: string): boolean => {
  const path = url
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/^https?:\/\/[^/]*/i, "")
    .replace(/\/{2,}/g, "/")
    .toLowerCase()
  return /^\/?api(?:[/?;#]|$)/.test(path)
}
