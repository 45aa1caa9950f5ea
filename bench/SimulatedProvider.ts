/**
 * A simulated OpenAI-compatible model server for the benchmark: a fixed number of slots, a latency per call of
 * (prefill cost x input tokens) + (decode cost x output tokens), and a queue when every slot is busy, the way a local
 * server with parallel slots behaves. Its answers are the ones a well-behaved model gives on the common path: the
 * paragraph back unchanged (already in style, so the threshold is met on the first attempt) and a verification that
 * confirms. A plain Node script: it is a test instrument, not part of the service.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface SimulationSettings {
  readonly slots: number
  /** Milliseconds per input token (prompt processing). */
  readonly prefillMsPerToken: number
  /** Milliseconds per output token (generation). */
  readonly decodeMsPerToken: number
  /** Multiplies every latency, so a long benchmark runs in seconds while keeping its proportions. */
  readonly timeScale: number
}

export interface SimulationStats {
  calls: number
  promptTokens: number
  completionTokens: number
  /** Sum of every call's simulated latency, in (scaled) milliseconds: the provider work. */
  workMs: number
  maxQueued: number
}

export interface SimulatedProvider {
  readonly baseUrl: string
  readonly stats: () => SimulationStats
  readonly reset: () => void
  readonly close: () => Promise<void>
}

/** About four characters per token for English prose, as the service's own estimate assumes. */
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4))

export const startSimulatedProvider = async (settings: SimulationSettings): Promise<SimulatedProvider> => {
  let stats: SimulationStats = { calls: 0, promptTokens: 0, completionTokens: 0, workMs: 0, maxQueued: 0 }
  let busy = 0
  const queue: Array<() => void> = []
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (busy < settings.slots) {
        busy++
        resolve()
      } else {
        queue.push(resolve)
        stats.maxQueued = Math.max(stats.maxQueued, queue.length)
      }
    })
  const release = () => {
    const next = queue.shift()
    if (next) next()
    else busy--
  }

  const server: Server = createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")))
    req.on("end", async () => {
      if (req.url?.endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" })
        res.end(JSON.stringify({ data: [{ id: "gemma-4-12b-it-qat" }] }))
        return
      }
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }>; model: string }
      const prompt = body.messages.map((m) => m.content).join("\n")
      const answer = answerFor(body.messages)
      const promptTokens = tokens(prompt)
      const completionTokens = tokens(answer)
      const latency =
        (promptTokens * settings.prefillMsPerToken + completionTokens * settings.decodeMsPerToken) * settings.timeScale
      await acquire()
      stats.calls++
      stats.promptTokens += promptTokens
      stats.completionTokens += completionTokens
      stats.workMs += latency
      setTimeout(() => {
        release()
        res.writeHead(200, { "content-type": "application/json" })
        res.end(
          JSON.stringify({
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
            usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens }
          })
        )
      }, latency)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    stats: () => ({ ...stats }),
    reset: () => {
      stats = { calls: 0, promptTokens: 0, completionTokens: 0, workMs: 0, maxQueued: 0 }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const between = (text: string, tag: string) => new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1] ?? ""

const answerFor = (messages: ReadonlyArray<{ role: string; content: string }>): string => {
  const system = messages.find((m) => m.role === "system")?.content ?? ""
  const user = messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n")
  const task = /^Task: (\w+)/.exec(system)?.[1]
  if (task === "rewrite") return JSON.stringify({ text: between(user, "paragraph") })
  if (task === "verify")
    return JSON.stringify({ pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], finalText: "" })
  if (task === "grade") return JSON.stringify({ score: 90, feedback: [] })
  return JSON.stringify({ paragraphs: [] })
}
