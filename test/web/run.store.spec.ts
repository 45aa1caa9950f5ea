import { createPinia, setActivePinia } from "pinia"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { parseSse } from "../../web/src/api/redraft.ts"
import { useRunStore } from "../../web/src/stores/run.ts"

const sse = (events: ReadonlyArray<readonly [string, unknown]>) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("")

const streamResponse = (text: string, chunk = 7) =>
  new Response(
    new ReadableStream({
      start(controller) {
        // Small chunks, so events arrive split across reads as they do over a real connection.
        for (let i = 0; i < text.length; i += chunk)
          controller.enqueue(new TextEncoder().encode(text.slice(i, i + chunk)))
        controller.close()
      }
    }),
    { headers: { "content-type": "text/event-stream" } }
  )

const RESULT = {
  finalText: "We use 4 servers.",
  summary: { segments: 1, rewritten: 1, protected: 0, styleScore: 90, meaning: "passed", failed: 0, warnings: [] },
  paragraphs: [{ index: 0, paragraph: 1, status: "rewritten" }],
  provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" }
}

/** What a run that failed as a whole had finished: paragraph 1 rewritten, paragraph 2 never done. */
const PARTIAL_RESULT = {
  finalText: "We use 4 servers.\n\nWe utilize 2 disks.",
  summary: { segments: 2, rewritten: 1, protected: 0, styleScore: 90, meaning: "passed", failed: 1, warnings: [] },
  paragraphs: [
    { index: 0, paragraph: 1, status: "rewritten" },
    { index: 2, paragraph: 2, status: "failed", reason: "Model is unloaded.", error: "provider_error" }
  ],
  provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" }
}

/** A stream that sends `text` and then stays open until the request is aborted. */
const openStream = (text: string, signal: AbortSignal | null | undefined) =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text))
        signal?.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")))
      }
    }),
    { headers: { "content-type": "text/event-stream" } }
  )

describe("SSE parsing", () => {
  it("returns complete events and keeps the unfinished rest", () => {
    const text = sse([["progress", { segment: 0 }]]) + "event: segment\ndata: {"
    const { events, rest } = parseSse(text)
    expect(events).toEqual([{ type: "progress", data: { segment: 0 } }])
    expect(rest).toBe("event: segment\ndata: {")
  })
})

describe("run store", () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })
  afterEach(() => vi.unstubAllGlobals())

  it("streams progress and ends with the result", async () => {
    const fetchMock = vi.fn(async () =>
      streamResponse(
        sse([
          ["progress", { type: "progress", segment: 0, stage: "rewrite", attempt: 0, done: 0, total: 1 }],
          [
            "segment",
            { type: "segment", segment: 0, text: "We use 4 servers.", status: "rewritten", done: 1, total: 1 }
          ],
          ["result", RESULT]
        ])
      )
    )
    vi.stubGlobal("fetch", fetchMock)
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    await run.start()
    expect(run.status).toBe("done")
    expect(run.result?.finalText).toBe("We use 4 servers.")
    expect(run.done).toBe(1)
    expect(run.segments[0]).toEqual({ stage: "done", attempt: 0, finished: true, status: "rewritten" })
    expect(run.partial[0]).toBe("We use 4 servers.")
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
    expect(new Headers(init.headers).get("accept")).toBe("text/event-stream")
    expect(JSON.parse(String(init.body))).toMatchObject({
      document: "We utilize 4 servers.",
      styleProfileId: "direct-technical",
      provider: { baseUrl: "http://localhost:1234/v1", reasoningEffort: "none" },
      options: { styleThreshold: 80, maxRewriteIterations: 2, runMeaningCheck: true, finalSmoothing: false }
    })
  })

  it("shows the message of an error event", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        streamResponse(sse([["error", { error: { code: "provider_error", message: "Model is unloaded." } }]]))
      )
    )
    const run = useRunStore()
    run.document = "Text."
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toBe("Model is unloaded.")
  })

  it("keeps each finished paragraph's status and the reason it kept its text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        streamResponse(
          sse([
            [
              "segment",
              {
                type: "segment",
                segment: 2,
                text: "We utilize 2 disks.",
                status: "failed",
                reason: "the reply was cut off",
                done: 1,
                total: 1
              }
            ],
            ["result", RESULT]
          ])
        )
      )
    )
    const run = useRunStore()
    run.document = "We utilize 2 disks."
    await run.start()
    expect(run.segments[2]).toMatchObject({ finished: true, status: "failed", reason: "the reply was cut off" })
  })

  it("shows the error of a failed run together with the paragraphs it finished", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        streamResponse(
          sse([
            [
              "segment",
              { type: "segment", segment: 0, text: "We use 4 servers.", status: "rewritten", done: 1, total: 2 }
            ],
            [
              "error",
              {
                error: {
                  code: "provider_unreachable",
                  message: "No model server answers.",
                  details: { partialResult: PARTIAL_RESULT }
                }
              }
            ]
          ])
        )
      )
    )
    const run = useRunStore()
    run.document = "We utilize 4 servers.\n\nWe utilize 2 disks."
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toBe("No model server answers.")
    expect(run.result).toEqual(PARTIAL_RESULT)
    expect(run.partial[0]).toBe("We use 4 servers.")
  })

  it("takes the partial result of a failed run from a JSON error response too", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          {
            error: {
              code: "provider_error",
              message: "Model is unloaded.",
              details: { partialResult: PARTIAL_RESULT }
            }
          },
          { status: 502 }
        )
      )
    )
    const run = useRunStore()
    run.document = "Text."
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toBe("Model is unloaded.")
    expect(run.result?.paragraphs.map((p) => p.status)).toEqual(["rewritten", "failed"])
  })

  it("a failed run without a partial result shows no result", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        streamResponse(sse([["error", { error: { code: "invalid_request", message: "bad", details: ["document"] } }]]))
      )
    )
    const run = useRunStore()
    run.document = "Text."
    await run.start()
    expect(run.error).toBe("bad")
    expect(run.result).toBeNull()
  })

  it("keeps the paragraphs that finished before a cancel", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) =>
        openStream(
          sse([
            [
              "segment",
              { type: "segment", segment: 0, text: "We use 4 servers.", status: "rewritten", done: 1, total: 2 }
            ]
          ]),
          init.signal
        )
      )
    )
    const run = useRunStore()
    run.document = "We utilize 4 servers.\n\nWe utilize 2 disks."
    const pending = run.start()
    await vi.waitFor(() => expect(run.partial[0]).toBe("We use 4 servers."))
    run.cancel()
    await pending
    expect(run.status).toBe("cancelled")
    expect(run.partial).toEqual({ 0: "We use 4 servers." })
  })

  it("shows the message of a JSON error response", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { error: { code: "invalid_request", message: "provider.baseUrl must be an http(s) URL" } },
          { status: 400 }
        )
      )
    )
    const run = useRunStore()
    run.document = "Text."
    await run.start()
    expect(run.error).toBe("provider.baseUrl must be an http(s) URL")
  })

  it("does not run without a document", async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal("fetch", fetchMock)
    const run = useRunStore()
    expect(run.canRun).toBe(false)
    await run.start()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("cancel aborts the request", async () => {
    let signal: AbortSignal | undefined
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined
            signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))
          })
      )
    )
    const run = useRunStore()
    run.document = "Text."
    const pending = run.start()
    run.cancel()
    await pending
    expect(signal?.aborted).toBe(true)
    expect(run.status).toBe("cancelled")
  })
})
