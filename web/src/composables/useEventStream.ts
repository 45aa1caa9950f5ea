import { onScopeDispose, ref } from "vue"
import { type RewriteRequestBody, type StreamEvent, streamRewrite } from "../api/redraft.ts"

/**
 * One streamed rewrite at a time. `cancel()` aborts the request (the service then stops the run), and so does the
 * end of the owning scope, so a stream never outlives the component or store that opened it.
 */
export const useEventStream = () => {
  const running = ref(false)
  let controller: AbortController | undefined

  const cancel = () => {
    controller?.abort()
    controller = undefined
    running.value = false
  }

  const start = async (
    body: RewriteRequestBody,
    onEvent: (event: StreamEvent) => void,
    documentId?: string
  ): Promise<"done" | "aborted"> => {
    cancel()
    const own = new AbortController()
    controller = own
    running.value = true
    try {
      await streamRewrite(body, onEvent, own.signal, documentId)
      return own.signal.aborted ? "aborted" : "done"
    } catch (error) {
      if (own.signal.aborted) return "aborted"
      throw error
    } finally {
      if (controller === own) {
        controller = undefined
        running.value = false
      }
    }
  }

  onScopeDispose(cancel)
  return { running, start, cancel }
}
