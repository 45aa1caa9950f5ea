import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"

/**
 * A Node HTTP server that holds the requests arriving before its request handler is attached, and replays them once
 * it is.
 *
 * `NodeHttpServer.make` listens while its layer is built, but attaches the `request` listener only when
 * `HttpRouter.serve` runs, after the app's other layers are built. Node drops a `request` event nobody listens to, so
 * a request in that window (tens of milliseconds at start-up) would never be answered: health probes and launchers
 * polling the port would hang.
 */
export const createReadyServer = (): Server => {
  const server = createServer()
  const held: Array<readonly [IncomingMessage, ServerResponse]> = []
  const hold = (req: IncomingMessage, res: ServerResponse) => {
    held.push([req, res])
  }
  // `newListener` fires before the listener is added, so the replay waits a tick for the real handler to be there.
  const onNewListener = (event: string | symbol) => {
    if (event !== "request") return
    server.off("newListener", onNewListener)
    server.off("request", hold)
    process.nextTick(() => {
      for (const [req, res] of held.splice(0)) server.emit("request", req, res)
    })
  }
  server.on("request", hold)
  server.on("newListener", onNewListener)
  return server
}
