/**
 * The worker thread the meaning guards of long texts run on (see Guards.ts). It answers each request in the order it
 * came, with the same `Safety` the main thread would have computed.
 */
import { parentPort } from "node:worker_threads"
import { checkSafety } from "./Safety.ts"

export interface GuardRequest {
  readonly id: number
  readonly original: string
  readonly candidate: string
}

parentPort?.on("message", (request: GuardRequest) => {
  // A worker thread's port takes no target origin (that is a window's postMessage).
  // oxlint-disable-next-line unicorn/require-post-message-target-origin
  parentPort?.postMessage({ id: request.id, safety: checkSafety(request.original, request.candidate) })
})
