/**
 * Typed calls to the Redraft HTTP API. The only place in the web app that talks to the network. Every request and
 * answer type comes from the API's one declaration (src/api/Api.ts and the schemas it uses), as type-only imports:
 * a field renamed there fails this file's typecheck, and no server code reaches the browser bundle.
 */
import type { ErrorBody } from "../../../src/api/Api.ts"
import type { RestoreResult } from "../../../src/domain/Backup.ts"
import type { HealthResult, ModelList } from "../../../src/domain/Api.ts"
import type { ProviderInfo, ProviderInput, ProviderList } from "../../../src/domain/Providers.ts"
import type {
  CreateProfile,
  ProfileDetail,
  ProfileList,
  ProfileSummary,
  ScoreResult,
  SuggestionList,
  UpdateProfile,
  VoiceFile,
  VoiceSuggestion,
  VoiceTraits
} from "../../../src/domain/Profiles.ts"
import type {
  CreateDocument,
  DecisionRequest,
  DocumentDetail,
  DocumentList,
  DocumentRewriteRequest,
  RetryParagraphsResult,
  ReviewParagraph,
  UpdateDocument,
  VersionDetail
} from "../../../src/domain/Documents.ts"
import type {
  MeaningVerdict,
  OutlineBlock,
  OutlineEvent,
  ParagraphReport,
  ParagraphStatus,
  ProgressEvent,
  ReasoningEffort,
  RewriteRequest,
  RewriteResult
} from "../../../src/domain/Rewrite.ts"

export type {
  CreateProfile,
  HealthResult,
  MeaningVerdict,
  ModelList,
  OutlineBlock,
  ParagraphReport,
  ParagraphStatus,
  ProfileDetail,
  ProfileSummary,
  ProgressEvent,
  ProviderInfo,
  ProviderInput,
  ReasoningEffort,
  RewriteResult,
  ScoreResult,
  SuggestionList,
  UpdateProfile,
  VoiceFile,
  VoiceSuggestion,
  VoiceTraits
}

/**
 * The service's error body (JSON answer or the stream's `error` event). `details` names the fields at fault (400),
 * or, for a run that failed as a whole after some paragraphs finished, carries them as a partial result in which
 * every other paragraph keeps its original text.
 */
export type ApiErrorBody = ErrorBody

/** The partial result an error body carries, if any. */
export const partialResultOf = (body: Partial<ApiErrorBody> | undefined): RewriteResult | undefined => {
  const details = body?.error?.details
  return details !== undefined && "partialResult" in details ? details.partialResult : undefined
}

/** The declared rewrite request, with the fields the web UI always sends made required. */
export type RewriteRequestBody = Required<Pick<RewriteRequest, "document" | "styleProfileId">> & {
  readonly provider: Required<Pick<NonNullable<RewriteRequest["provider"]>, "baseUrl" | "reasoningEffort">> &
    Pick<NonNullable<RewriteRequest["provider"]>, "model">
  readonly options: Required<NonNullable<RewriteRequest["options"]>>
}

/**
 * An API failure with the message the service sent (its JSON error body), or a network failure. A run that failed
 * as a whole may still bring the paragraphs that finished (`partialResult`).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly partialResult?: RewriteResult
  ) {
    super(message)
  }
}

const errorFrom = async (response: Response): Promise<ApiError> => {
  const body = (await response.json().catch(() => undefined)) as Partial<ApiErrorBody> | undefined
  return new ApiError(
    body?.error?.message ?? `the service answered ${response.status} ${response.statusText}`,
    response.status,
    body?.error?.code ?? "http_error",
    partialResultOf(body)
  )
}

/** One JSON exchange with the service: its answer, or its error body as an ApiError. */
const sendJson = async <A>(
  method: string,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  headers: Record<string, string> = {}
): Promise<A> => {
  const response = await fetch(path, {
    method,
    headers: {
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {})
  }).catch(() => {
    throw new ApiError("Redraft's service is not answering; is it still running?", 0, "network_error")
  })
  if (!response.ok) throw await errorFrom(response)
  return (response.status === 204 ? undefined : await response.json()) as A
}

const getJson = <A>(path: string, signal?: AbortSignal): Promise<A> => sendJson<A>("GET", path, undefined, signal)

export const fetchHealth = async (baseUrl: string, signal?: AbortSignal): Promise<HealthResult> => {
  const response = await fetch(`/api/health?baseUrl=${encodeURIComponent(baseUrl)}`, signal ? { signal } : {})
  // 503 still carries a HealthResult (provider unreachable); other errors carry the error body.
  if (response.ok || response.status === 503) return (await response.json()) as HealthResult
  throw await errorFrom(response)
}

export const fetchModels = (baseUrl: string, signal?: AbortSignal) =>
  getJson<ModelList>(`/api/models?baseUrl=${encodeURIComponent(baseUrl)}`, signal)

export const fetchProfiles = () => getJson<ProfileList>("/api/profiles")

// ---------------------------------------------------------------------------------------------------------------
// Providers: the default, the presets and the writer's own (their keys stay in the service)

export const fetchProviders = () => getJson<ProviderList>("/api/providers")

const providerPath = (id: string) => `/api/providers/${encodeURIComponent(id)}`

export const putProvider = (id: string, body: ProviderInput) => sendJson<ProviderInfo>("PUT", providerPath(id), body)

export const deleteProvider = (id: string) => sendJson<void>("DELETE", providerPath(id))

// ---------------------------------------------------------------------------------------------------------------
// Profiles: the house styles and the writer's own voices

const profilePath = (id: string) => `/api/profiles/${encodeURIComponent(id)}`

export const getProfile = (id: string) => getJson<ProfileDetail>(profilePath(id))

/** Makes a voice; a `.voice.json` export is taken back as it is. */
export const createProfile = (body: CreateProfile | VoiceFile) => sendJson<ProfileDetail>("POST", "/api/profiles", body)

export const updateProfile = (id: string, body: UpdateProfile) => sendJson<ProfileDetail>("PUT", profilePath(id), body)

export const deleteProfile = (id: string) => sendJson<void>("DELETE", profilePath(id))

export const exportProfile = (id: string) => getJson<VoiceFile>(`${profilePath(id)}/export`)

/** How close `text` is to the profile's samples, measured without a model call. */
export const scoreAgainstProfile = (id: string, text: string) =>
  sendJson<ScoreResult>("POST", `${profilePath(id)}/score`, { text })

/** What the writer's edits and rejections in a voice propose, not yet answered. */
export const getSuggestions = (id: string) => getJson<SuggestionList>(`${profilePath(id)}/suggestions`)

/** Accepts (the voice changes) or dismisses a proposal; the voice after it. */
export const answerSuggestion = (id: string, suggestion: string, answer: "accept" | "dismiss") =>
  sendJson<ProfileDetail>("POST", `${profilePath(id)}/suggestions/${encodeURIComponent(suggestion)}/${answer}`, {})

export type StreamEvent =
  | { readonly type: "outline"; readonly data: OutlineEvent }
  | { readonly type: "progress"; readonly data: Extract<ProgressEvent, { type: "progress" }> }
  | { readonly type: "segment"; readonly data: Extract<ProgressEvent, { type: "segment" }> }
  | { readonly type: "waiting"; readonly data: Extract<ProgressEvent, { type: "waiting" }> }
  | { readonly type: "result"; readonly data: RewriteResult & { readonly version?: number } }
  | { readonly type: "error"; readonly data: ApiErrorBody }

/** Splits a Server-Sent Events buffer into complete events and the unfinished rest. */
export const parseSse = (buffer: string): { events: Array<StreamEvent>; rest: string } => {
  const blocks = buffer.split("\n\n")
  const rest = blocks.pop() ?? ""
  const events: Array<StreamEvent> = []
  for (const block of blocks) {
    const event = /^event: (.*)$/m.exec(block)?.[1]
    const data = /^data: (.*)$/m.exec(block)?.[1]
    if (event === undefined || data === undefined) continue
    events.push({ type: event, data: JSON.parse(data) } as StreamEvent)
  }
  return { events, rest }
}

/**
 * Starts a streamed rewrite (`POST /api/rewrite` with `Accept: text/event-stream`) and hands every event to
 * `onEvent`. Aborting the signal closes the connection, which cancels the run and its provider calls.
 */
export const streamRewrite = async (
  body: RewriteRequestBody,
  onEvent: (event: StreamEvent) => void,
  signal: AbortSignal,
  documentId?: string
): Promise<void> => {
  // A saved document is rewritten from its saved text, and the run becomes its next version.
  const { document: _document, ...saved } = body
  const path = documentId === undefined ? "/api/rewrite" : `/api/documents/${encodeURIComponent(documentId)}/rewrite`
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(documentId === undefined ? body : saved),
    signal
  })
  if (!response.ok || response.body === null) throw await errorFrom(response)
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ""
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const parsed = parseSse(buffer + value)
    buffer = parsed.rest
    parsed.events.forEach(onEvent)
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Documents (the workspace)

export type { DocumentDetail, DocumentSummary } from "../../../src/domain/Documents.ts"

export const listDocuments = (q: string) =>
  getJson<DocumentList>(`/api/documents${q.trim() === "" ? "" : `?q=${encodeURIComponent(q.trim())}`}`)

export const getDocument = (id: string) => getJson<DocumentDetail>(`/api/documents/${encodeURIComponent(id)}`)

export const createDocument = (body: CreateDocument) => sendJson<DocumentDetail>("POST", "/api/documents", body)

/** The `If-Match` header of a revision: the write is refused (412) when another one came first. */
const ifMatch = (revision: number | undefined): Record<string, string> =>
  revision === undefined ? {} : { "if-match": `"${revision}"` }

export const updateDocument = (id: string, body: UpdateDocument, revision?: number) =>
  sendJson<DocumentDetail>("PUT", `/api/documents/${encodeURIComponent(id)}`, body, undefined, ifMatch(revision))

/** Restores a backup file as read (the service checks it): what is missing is added, nothing is overwritten. */
export const restoreBackup = (file: unknown) => sendJson<RestoreResult>("POST", "/api/backup", file)

export const deleteDocument = (id: string) => sendJson<void>("DELETE", `/api/documents/${encodeURIComponent(id)}`)

export type {
  Decision,
  ReviewParagraph,
  VersionDetail,
  VersionOutcome,
  VersionSettings,
  VersionSummary
} from "../../../src/domain/Documents.ts"
export type { Finding } from "../../../src/domain/Finding.ts"

const versionPath = (id: string, n: number) => `/api/documents/${encodeURIComponent(id)}/versions/${n}`

export const getVersion = (id: string, n: number) => getJson<VersionDetail>(versionPath(id, n))

export const decideParagraph = (id: string, n: number, index: number, body: DecisionRequest, revision?: number) =>
  sendJson<ReviewParagraph>("PATCH", `${versionPath(id, n)}/paragraphs/${index}`, body, undefined, ifMatch(revision))

export const retryParagraph = (id: string, n: number, index: number, body: DocumentRewriteRequest) =>
  sendJson<ReviewParagraph>("POST", `${versionPath(id, n)}/paragraphs/${index}/retry`, body)

/** Rewrites several paragraphs of a version again in one request; answers those rewritten and those that failed. */
export const retryParagraphs = (id: string, n: number, indexes: ReadonlyArray<number>, body: DocumentRewriteRequest) =>
  sendJson<RetryParagraphsResult>("POST", `${versionPath(id, n)}/retry`, { ...body, indexes })
