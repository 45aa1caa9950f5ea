/**
 * Pure helpers that turn what real OpenAI-compatible servers send back into usable text or JSON.
 * Providers differ: answers arrive wrapped in markdown fences or prose, after a `<think>` block, or only in
 * `reasoning_content`; errors arrive in three body shapes.
 */

const THINK_BLOCK = /<(think|thinking|reasoning)>[\s\S]*?<\/\1>/gi
const UNCLOSED_THINK = /<(think|thinking|reasoning)>[\s\S]*$/i
const STRAY_CLOSE = /^[\s\S]*?<\/(think|thinking|reasoning)>/i

/** Removes reasoning blocks; an unclosed block means the model never reached its answer. */
export const stripThinking = (text: string): string => {
  let out = text.replace(THINK_BLOCK, "")
  // Some servers drop the opening tag and send only "...reasoning</think>answer".
  out = out.replace(STRAY_CLOSE, "")
  out = out.replace(UNCLOSED_THINK, "")
  return out.trim()
}

export interface ReplyMessage {
  readonly content?: string | null | undefined
  readonly reasoning_content?: string | null | undefined
  readonly reasoning?: string | null | undefined
}

/** The answer text: `content` without reasoning blocks, else whatever the server put in its reasoning field. */
export const replyText = (message: ReplyMessage | undefined): string => {
  const content = stripThinking(message?.content ?? "")
  if (content.length > 0) return content
  return stripThinking(message?.reasoning_content ?? message?.reasoning ?? "")
}

/** Every balanced `{...}` span in the text, in order, ignoring braces inside JSON strings. */
const objectSpans = (text: string): Array<string> => {
  const spans: Array<string> = []
  let depth = 0
  let start = -1
  let inString = false
  let escaped = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (inString) {
      if (escaped) escaped = false
      else if (ch === "\\") escaped = true
      else if (ch === '"') inString = false
      continue
    }
    if (ch === '"' && depth > 0) inString = true
    else if (ch === "{") {
      if (depth === 0) start = i
      depth++
    } else if (ch === "}" && depth > 0) {
      depth--
      if (depth === 0) spans.push(text.slice(start, i + 1))
    }
  }
  return spans
}

const parseObject = (candidate: string): Record<string, unknown> | undefined => {
  let value: unknown
  try {
    value = JSON.parse(candidate)
  } catch {
    return undefined
  }
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

/**
 * Finds the JSON object the model meant as its answer: the whole reply, a fenced block, or an object embedded in
 * prose. With `requiredKey`, only objects holding that key count, and the last such object wins, because models that
 * think aloud tend to show drafts before the final answer.
 */
export const extractJsonObject = (text: string, requiredKey?: string): Record<string, unknown> | undefined => {
  const cleaned = stripThinking(text)
  const accept = (o: Record<string, unknown> | undefined) =>
    o !== undefined && (requiredKey === undefined || requiredKey in o) ? o : undefined
  const whole = accept(parseObject(cleaned))
  if (whole) return whole
  const fenced = [...cleaned.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)].map((m) => m[1] ?? "")
  for (const block of fenced.toReversed()) {
    const found = accept(parseObject(block.trim()))
    if (found) return found
  }
  const spans = objectSpans(cleaned)
  for (let i = spans.length - 1; i >= 0; i--) {
    const found = accept(parseObject(spans[i] ?? ""))
    if (found) return found
  }
  return undefined
}

/** The message inside any of the error body shapes seen in the wild. */
export const providerErrorMessage = (body: unknown): string | undefined => {
  if (typeof body !== "object" || body === null) return undefined
  const record = body as Record<string, unknown>
  const error = record["error"]
  if (typeof error === "string" && error.length > 0) return error
  if (typeof error === "object" && error !== null) {
    const message = (error as Record<string, unknown>)["message"]
    if (typeof message === "string") return message
  }
  if (record["object"] === "error" && typeof record["message"] === "string") return record["message"]
  if (typeof record["detail"] === "string") return record["detail"]
  return undefined
}
