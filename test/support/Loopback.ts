import { Effect } from "effect"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"

/** Listens on 127.0.0.1, port 0, for the life of the scope, and gives back the port. */
export const listenOnLoopback = (server: Server) =>
  Effect.acquireRelease(
    Effect.callback<number>((resume) => {
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed((server.address() as AddressInfo).port)))
    }),
    () =>
      Effect.callback<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  )
