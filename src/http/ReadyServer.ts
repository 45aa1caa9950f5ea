import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Socket } from "node:net"

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
  server.on("clientError", answerFramingError)
  return server
}

/**
 * A request Node cannot parse (a bad request line or header, a header too large, a broken chunked body) is answered
 * with the JSON error body every other error has, instead of Node's empty 400, when the socket can still take it.
 */
const answerFramingError = (error: Error & { readonly code?: string }, socket: Socket): void => {
  // As Node's own handler: answer only on a socket that has not started another answer.
  if (!socket.writable || socket.bytesWritten > 0) {
    socket.destroy()
    return
  }
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? ["431 Request Header Fields Too Large", "the request's headers are too large; send fewer or shorter headers"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? ["408 Request Timeout", "the request did not arrive in time; send it again"]
        : [
            "400 Bad Request",
            `the request is not well-formed HTTP (${error.code ?? error.message}); check the request line, the headers and the body's framing`
          ]
  const body = JSON.stringify({ error: { code: "invalid_request", message } })
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}
