/**
 * A router in front of several model servers, as an OpenAI-compatible proxy (LiteLLM's, for one) runs it: each chat
 * request goes to the server with the fewest requests in flight from this router ("least busy"), the first listed on
 * a tie. It declares no slots of its own (no `GET /props`), so a client learns how many requests to send at once only
 * from its own configuration. A plain Node script for the benchmark, not part of the service.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface Router {
  readonly baseUrl: string
  /** Chat requests sent to each server, in the order the servers were given. */
  readonly routed: () => ReadonlyArray<number>
  readonly close: () => Promise<void>
}

/** Starts a router over the servers at `baseUrls` (each ending in /v1). */
export const startRouter = async (baseUrls: ReadonlyArray<string>): Promise<Router> => {
  const inFlight = baseUrls.map(() => 0)
  const routed = baseUrls.map(() => 0)
  const leastBusy = (): number => inFlight.reduce((best, n, i) => (n < (inFlight[best] ?? 0) ? i : best), 0)

  const server: Server = createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", async () => {
      const path = req.url ?? "/"
      if (!path.startsWith("/v1/")) {
        res.writeHead(404, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: { message: `no route for ${req.method} ${path}` } }))
        return
      }
      const chat = req.method === "POST" && path.endsWith("/chat/completions")
      const target = chat ? leastBusy() : 0
      if (chat) {
        inFlight[target] = (inFlight[target] ?? 0) + 1
        routed[target] = (routed[target] ?? 0) + 1
      }
      try {
        const upstream = await fetch(`${baseUrls[target]}${path.slice("/v1".length)}`, {
          method: req.method ?? "GET",
          headers: { "content-type": "application/json" },
          ...(req.method === "POST" ? { body: raw } : {})
        })
        const body = await upstream.text()
        res.writeHead(upstream.status, { "content-type": "application/json" })
        res.end(body)
      } catch (error) {
        res.writeHead(502, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: { message: `upstream failed: ${String(error)}` } }))
      } finally {
        if (chat) inFlight[target] = (inFlight[target] ?? 1) - 1
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    routed: () => [...routed],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
