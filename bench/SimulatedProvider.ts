/**
 * A simulated local model server for the benchmark, modelled on llama.cpp's server: a fixed number of slots, each
 * with a prompt cache (a call takes the free slot whose last prompt shares the longest prefix with its own, and only
 * the tokens after that prefix cost prefill time), decode time per output token, and a queue when every slot is busy.
 * Its model behaves like a real one in the ways that cost time: it answers only the keys of the JSON template the
 * prompt shows, rewrites a paragraph into plainer words (so the verification has something to check), does not take
 * up style feedback (a further round brings back the same text), and stops at `max_tokens`. It counts tokens by
 * script, as the tokenizers of common open-weight models do (`tokens`), so that Japanese or Russian text costs what it
 * costs. A plain Node script: it is a test instrument, not part of the service.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface SimulationSettings {
  readonly slots: number
  /** Milliseconds per prompt token the slot's cache does not hold (prompt processing). */
  readonly prefillMsPerToken: number
  /** Milliseconds per output token (generation). */
  readonly decodeMsPerToken: number
  /** Multiplies every latency, so a long benchmark runs in seconds while keeping its proportions. */
  readonly timeScale: number
}

export interface SimulationStats {
  calls: number
  /** Tokens of the request bodies: what the service sends, whatever the server caches. */
  requestTokens: number
  promptTokens: number
  /** Prompt tokens a slot's cache held (the rest, `promptTokens - cachedTokens`, costs prefill time). */
  cachedTokens: number
  completionTokens: number
  /** Replies cut off at `max_tokens`. */
  truncated: number
  /** Calls by the task their system text names. */
  tasks: Record<string, number>
  /** Uncached prompt tokens by task: where the prefill goes. */
  uncachedByTask: Record<string, number>
  /** Sum of every call's simulated latency, in (scaled) milliseconds: the provider work. */
  workMs: number
  /** Most chat requests at the server at once, queued ones included. */
  maxInFlight: number
  /** When each call held a slot, in milliseconds since the first call of the stats: for the tail of a run. */
  spans: Array<readonly [number, number]>
}

export interface SimulatedProvider {
  readonly baseUrl: string
  readonly stats: () => SimulationStats
  readonly reset: () => void
  readonly close: () => Promise<void>
}

/**
 * Tokens of a text, by script, as the tokenizers of common open-weight models count them: about four characters a
 * token for Latin text, 2.5 for Cyrillic, Greek, Arabic and Hebrew, one token a character for Han, kana and Hangul,
 * and two for an emoji.
 */
export const tokens = (text: string): number => Math.ceil(tokenWeights(text).reduce((a, b) => a + b, 0))

/** The leading part of `text` that fits in `max` tokens. */
const firstTokens = (text: string, max: number): string => {
  const chars = [...text]
  const weights = tokenWeights(text)
  let sum = 0
  let end = 0
  while (end < weights.length && sum + (weights[end] ?? 0) <= max) sum += weights[end++] ?? 0
  return chars.slice(0, end).join("")
}

const tokenWeights = (text: string): Array<number> => {
  const weights: Array<number> = []
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0
    if (c < 0x370) weights.push(0.25)
    else if (c > 0xffff) weights.push(2)
    else if ((c >= 0x2e80 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xffef))
      weights.push(1)
    else if (c <= 0x8ff) weights.push(0.4)
    else weights.push(0.25)
  }
  return weights
}

const emptyStats = (): SimulationStats => ({
  calls: 0,
  requestTokens: 0,
  promptTokens: 0,
  cachedTokens: 0,
  completionTokens: 0,
  truncated: 0,
  tasks: {},
  uncachedByTask: {},
  workMs: 0,
  maxInFlight: 0,
  spans: []
})

export const startSimulatedProvider = async (settings: SimulationSettings): Promise<SimulatedProvider> => {
  let stats = emptyStats()
  let inFlight = 0
  let epoch = performance.now()
  const slots = Array.from({ length: settings.slots }, () => ({ busy: false, last: "" }))
  const queue: Array<{ prompt: string; resolve: (slot: number) => void }> = []
  const bestFree = (prompt: string): number => {
    let best = -1
    let bestLength = -1
    slots.forEach((slot, i) => {
      if (slot.busy) return
      const length = sharedPrefix(slot.last, prompt)
      if (length > bestLength) [best, bestLength] = [i, length]
    })
    return best
  }
  const acquire = (prompt: string) =>
    new Promise<number>((resolve) => {
      const free = bestFree(prompt)
      if (free < 0) queue.push({ prompt, resolve })
      else {
        slots[free]!.busy = true
        resolve(free)
      }
    })
  const release = (slot: number) => {
    const next = queue.shift()
    if (next) next.resolve(slot)
    else slots[slot]!.busy = false
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
      // Anything else but a chat (a `GET /props` asking for slots) is not found, as on most servers.
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" })
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${req.url}` } }))
        return
      }
      const body = JSON.parse(raw) as {
        messages: Array<{ role: string; content: string }>
        model: string
        max_tokens?: number
      }
      const prompt = body.messages.map((m) => `<${m.role}>${m.content}`).join("\n")
      stats.maxInFlight = Math.max(stats.maxInFlight, ++inFlight)
      res.once("close", () => inFlight--)
      const slot = await acquire(prompt)
      const cached = sharedPrefix(slots[slot]!.last, prompt)
      const task = taskOf(body.messages)
      let answer = answerFor(task, body.messages)
      let finish = "stop"
      if (body.max_tokens !== undefined && tokens(answer) > body.max_tokens) {
        answer = firstTokens(answer, body.max_tokens)
        finish = "length"
      }
      // Like llama.cpp's slots, the cache keeps what the slot generated after the prompt: a request that continues
      // the conversation with this answer finds all of it cached.
      slots[slot]!.last = `${prompt}\n<assistant>${answer}`
      const promptTokens = tokens(prompt)
      const cachedTokens = tokens(prompt.slice(0, cached))
      const completionTokens = tokens(answer)
      const latency =
        ((promptTokens - cachedTokens) * settings.prefillMsPerToken + completionTokens * settings.decodeMsPerToken) *
        settings.timeScale
      stats.calls++
      stats.requestTokens += tokens(raw)
      stats.promptTokens += promptTokens
      stats.cachedTokens += cachedTokens
      stats.completionTokens += completionTokens
      stats.truncated += finish === "length" ? 1 : 0
      stats.tasks[task] = (stats.tasks[task] ?? 0) + 1
      stats.uncachedByTask[task] = (stats.uncachedByTask[task] ?? 0) + promptTokens - cachedTokens
      stats.workMs += latency
      const start = performance.now() - epoch
      const spans = stats.spans
      setTimeout(() => {
        spans.push([start, performance.now() - epoch])
        release(slot)
        res.writeHead(200, { "content-type": "application/json" })
        res.end(
          JSON.stringify({
            model: body.model,
            choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: finish }],
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
    stats: () => structuredClone(stats),
    reset: () => {
      stats = emptyStats()
      epoch = performance.now()
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

const sharedPrefix = (a: string, b: string): number => {
  const n = Math.min(a.length, b.length)
  let i = 0
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++
  return i
}

/**
 * The plainer wording the model writes: a first draft's filler phrases go, long sentences are split where they join
 * two clauses ("…, and we …", "…, и мы …"), Japanese moves to the plain register (です → だ); every fact stays.
 */
const plainer = (text: string): string =>
  text
    .replace(/\bIt is important to note that (\w)/g, (_m, c: string) => c.toUpperCase())
    .replace(/\bin order to\b/g, "to")
    .replace(/\butilize\b/g, "use")
    .replace(/, and (we|it|they|the|there|that|this|I)\b/g, (_m, w: string) => `. ${w[0]?.toUpperCase()}${w.slice(1)}`)
    .replace(/, и (мы|я|это|все|в|на|они|он|она)(?=\s)/gu, (_m, w: string) => `. ${w[0]?.toUpperCase()}${w.slice(1)}`)
    .replace(/でした。/g, "だった。")
    .replace(/です。/g, "だ。")

const between = (text: string, tag: string) => new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text)?.[1] ?? ""

/** The task a call asks for: the last "Task: <name>" line of its messages (a conversation's latest request). */
const taskOf = (messages: ReadonlyArray<{ content: string }>): string =>
  [
    ...messages
      .map((m) => m.content)
      .join("\n")
      .matchAll(/^Task: (\w+)/gm)
  ].at(-1)?.[1] ?? "other"

/** The keys of the JSON template the task's instructions show, as a model reads them. */
const templateKeys = (prompt: string, task: string): ReadonlyArray<string> => {
  const at = prompt.lastIndexOf(`\nTask: ${task}`)
  const instructions = at < 0 ? "" : prompt.slice(at)
  const template = /\{[^{}]*"\w+"\s*:[^{}]*\}/.exec(instructions)?.[0] ?? ""
  return [...template.matchAll(/"(\w+)"\s*:/g)].map((m) => m[1] ?? "")
}

const answerFor = (task: string, messages: ReadonlyArray<{ role: string; content: string }>): string => {
  const prompt = messages.map((m) => m.content).join("\n")
  const user = messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n")
  const values: Record<string, unknown> = {
    text: plainer(between(user, "paragraph")),
    pass: true,
    styleScore: 85,
    score: 85,
    feedback: [],
    missingDetails: [],
    addedClaims: [],
    changedMeaning: [],
    finalText: "",
    paragraphs: [...user.matchAll(/<paragraph n="\d+">\n([\s\S]*?)\n<\/paragraph>/g)].map((m) => m[1] ?? "")
  }
  const keys = templateKeys(`\n${prompt}`, task)
  const answer = Object.fromEntries(keys.map((k) => [k, values[k] ?? "ok"]))
  return JSON.stringify(task === "other" ? values : answer)
}
