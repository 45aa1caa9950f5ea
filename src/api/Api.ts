/**
 * The HTTP API, declared once: every route with its request and response schemas and its error answers. The
 * service's handlers (src/http/ApiHandlers.ts), `GET /api/openapi.json`, the reference page at `/api/docs` and the
 * typed client of the CLI are all derived from it. Schemas only: nothing here imports the server.
 *
 * The rewrite routes also answer with a stream of Server-Sent Events when the request asks for
 * `Accept: text/event-stream` (an `outline` event, then `progress` and `segment` events, then `result` or `error`); the declaration describes
 * the JSON answer, and the stream is described in the routes' descriptions.
 */
import { Schema } from "effect"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { HealthResult, ModelList } from "../domain/Api.ts"
import { completeDescription } from "./Description.ts"
import {
  CreateProfile,
  ProfileDetail,
  ProfileList,
  ScoreRequest,
  ScoreResult,
  SuggestionAnswer,
  SuggestionList,
  UpdateProfile,
  VoiceFile,
  VoiceImport
} from "../domain/Profiles.ts"
import { BackupFile, RestoreResult } from "../domain/Backup.ts"
import { CheckRequest, CheckResult } from "../domain/Check.ts"
import {
  CreateDocument,
  DecisionRequest,
  DocumentDetail,
  DocumentList,
  DocumentRewriteRequest,
  DocumentRewriteResult,
  RetryParagraphsRequest,
  RetryParagraphsResult,
  ReviewParagraph,
  UpdateDocument,
  VersionDetail
} from "../domain/Documents.ts"
import { ErrorBody } from "../domain/Errors.ts"
import { ProviderId, ProviderInfo, ProviderInput, ProviderList } from "../domain/Providers.ts"
import { EvalRewriteRequest, RewriteRequest, RewriteResult } from "../domain/Rewrite.ts"

export { ErrorBody }

const errorAt = (status: number, description: string) =>
  ErrorBody.pipe(HttpApiSchema.status(status), Schema.annotate({ description }))

const InvalidRequest = errorAt(400, "invalid_request: a field is missing or wrong; `details` names each one")
const Forbidden = errorAt(403, "forbidden: the request came from another site or named another host")
const NotFound = errorAt(404, "profile_not_found: no style profile has that id")
const TooLarge = errorAt(413, "document_too_large: the document or the body is over the limit")
const Stale = errorAt(
  412,
  "precondition_failed: If-Match named a revision that is no longer the current one; GET again and resend"
)
const NotJson = errorAt(415, "unsupported_media_type: the body was not sent as application/json")
const ProviderFailed = errorAt(502, "provider_error: the provider answered with an error or an unusable reply")
const ProviderUnreachable = errorAt(503, "provider_unreachable: the provider cannot be reached")
const ProviderTimedOut = errorAt(504, "provider_timeout: the provider did not answer in time")

const StorageFull = errorAt(
  507,
  "storage_full: the disk holding the workspace is full; a run's result that could not be saved is in `details.partialResult`"
)
const NotWritable = errorAt(
  503,
  "workspace_read_only: the workspace cannot be written (GET /api/health says why, in `workspace.readOnly`); storage_busy: another process holds its file"
)

const BODY_ERRORS = [InvalidRequest, Forbidden, TooLarge, NotJson] as const
/** Every route that writes to the workspace. */
const WRITE_ERRORS = [StorageFull, NotWritable] as const
const PROVIDER_ERRORS = [ProviderFailed, ProviderUnreachable, ProviderTimedOut] as const

const BaseUrlQuery = {
  baseUrl: Schema.optional(Schema.String).annotate({
    description: "The provider's base URL, e.g. http://localhost:11434/v1 (default: PROVIDER_BASE_URL)"
  }),
  providerId: Schema.optional(Schema.String).annotate({
    description: "A configured provider's id (GET /api/providers), instead of `baseUrl`"
  })
}
const ProviderPath = {
  id: ProviderId.annotate({ description: "The provider's id: 1 to 64 lower-case letters, digits and hyphens" })
}
const NoProvider = errorAt(404, "provider_not_found: none of the writer's providers has that id")

export class ProviderApi extends HttpApiGroup.make("provider")
  .add(
    HttpApiEndpoint.get("health", "/api/health", {
      query: BaseUrlQuery,
      success: [HealthResult, HealthResult.pipe(HttpApiSchema.status(503))],
      error: [InvalidRequest, Forbidden]
    })
      .annotate(OpenApi.Summary, "Check the provider and the workspace")
      .annotate(OpenApi.Description, "Is the provider reachable, and does it have a chat model? 503 when not ready."),
    HttpApiEndpoint.get("models", "/api/models", {
      query: BaseUrlQuery,
      success: ModelList,
      error: [InvalidRequest, Forbidden, ...PROVIDER_ERRORS]
    })
      .annotate(OpenApi.Summary, "List the provider's chat models")
      .annotate(OpenApi.Description, "The provider's models, with the one Redraft would pick marked `selected`."),
    HttpApiEndpoint.get("list", "/api/providers", {
      success: ProviderList,
      error: Forbidden
    })
      .annotate(OpenApi.Summary, "List the configured providers")
      .annotate(
        OpenApi.Description,
        "The default provider (PROVIDER_BASE_URL), the built-in presets and the writer's own (providers.json in the data folder). Says whether each has a key and where it comes from, never the key."
      ),
    HttpApiEndpoint.put("put", "/api/providers/:id", {
      params: ProviderPath,
      payload: ProviderInput,
      success: ProviderInfo,
      error: [...BODY_ERRORS]
    })
      .annotate(OpenApi.Summary, "Add or change a provider")
      .annotate(
        OpenApi.Description,
        "Adds a provider of the writer's, or changes one, in providers.json (readable by its owner only). Its key goes as `Authorization: Bearer` to its own origin only, and a request whose base URL has that origin gets it too. `apiKey` left out keeps the key a provider had; `\"\"` removes it; `apiKeyEnv` reads it from the service's environment instead."
      ),
    HttpApiEndpoint.delete("remove", "/api/providers/:id", {
      params: ProviderPath,
      success: HttpApiSchema.NoContent,
      error: [Forbidden, NoProvider, InvalidRequest]
    })
      .annotate(OpenApi.Summary, "Remove a provider")
      .annotate(OpenApi.Description, "Removes one of the writer's providers, with its key.")
  )
  .annotate(OpenApi.Title, "Provider")
  .annotate(
    OpenApi.Description,
    "The model servers: whether one answers, its chat models, and the providers a request can name, with their keys kept server-side."
  ) {}

const ProfileId = {
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/u)).annotate({
    description: "A fixture profile's id, or a user profile's as POST /api/profiles gave it"
  })
}
const ReadOnly = errorAt(409, "profile_read_only: fixture profiles cannot be changed or deleted")
const SuggestionPath = {
  ...ProfileId,
  suggestion: Schema.String.annotate({ description: "A suggestion's id, as GET /api/profiles/:id/suggestions gave it" })
}
const NoSuggestion = errorAt(
  404,
  "profile_not_found or suggestion_not_found: no such voice, or no open suggestion of that id"
)

export class ProfilesApi extends HttpApiGroup.make("profiles")
  .add(
    HttpApiEndpoint.get("list", "/api/profiles", {
      success: ProfileList,
      error: Forbidden
    })
      .annotate(OpenApi.Summary, "List the styles and voices")
      .annotate(
        OpenApi.Description,
        "The style profiles: the fixtures shipped with Redraft (`source: fixture`) and the writer's own voices (`source: user`)."
      ),
    HttpApiEndpoint.post("create", "/api/profiles", {
      payload: Schema.Union([CreateProfile, VoiceImport]),
      success: ProfileDetail.pipe(HttpApiSchema.status(201)),
      error: [...BODY_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Make a voice, or import one")
      .annotate(
        OpenApi.Description,
        'Makes a voice from a name and two or more samples of the writer\'s text, 200 words or more between them (about 1,000 make it reliable); description, rules and phrases to avoid are optional. Takes a `.voice.json` export back as it was exported (the second body: `format: "redraft-voice"`).'
      ),
    HttpApiEndpoint.get("get", "/api/profiles/:id", {
      params: ProfileId,
      success: ProfileDetail,
      error: [Forbidden, NotFound]
    })
      .annotate(OpenApi.Summary, "Get a style or voice")
      .annotate(OpenApi.Description, "One profile with its samples and the traits measured from them."),
    HttpApiEndpoint.put("update", "/api/profiles/:id", {
      params: ProfileId,
      payload: UpdateProfile,
      success: ProfileDetail,
      error: [...BODY_ERRORS, NotFound, ReadOnly, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Change a voice")
      .annotate(OpenApi.Description, "Changes a user profile's name, samples, description, rules or phrases to avoid."),
    HttpApiEndpoint.delete("remove", "/api/profiles/:id", {
      params: ProfileId,
      success: HttpApiSchema.NoContent,
      error: [Forbidden, NotFound, ReadOnly, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Delete a voice")
      .annotate(OpenApi.Description, "Deletes a user profile. Versions rewritten with it keep its id."),
    HttpApiEndpoint.get("export", "/api/profiles/:id/export", {
      params: ProfileId,
      success: VoiceFile,
      error: [Forbidden, NotFound]
    })
      .annotate(OpenApi.Summary, "Export a voice as .voice.json")
      .annotate(OpenApi.Description, "The profile as a `.voice.json` document, which POST /api/profiles accepts back."),
    HttpApiEndpoint.post("score", "/api/profiles/:id/score", {
      params: ProfileId,
      payload: ScoreRequest,
      success: ScoreResult,
      error: [...BODY_ERRORS, NotFound]
    })
      .annotate(OpenApi.Summary, "Score how much a text sounds like a voice")
      .annotate(
        OpenApi.Description,
        "How much closer a text is to the profile's samples than to other writers of the same kind, measured without a model call: the score with how sure it is (from the text's length), what to change, and the traits of both."
      ),
    HttpApiEndpoint.get("suggestions", "/api/profiles/:id/suggestions", {
      params: ProfileId,
      success: SuggestionList,
      error: [Forbidden, NotFound, ReadOnly]
    })
      .annotate(OpenApi.Summary, "List what the writer's edits propose")
      .annotate(
        OpenApi.Description,
        "What the writer's edits and rejections of rewrites in this voice propose: a word replaced, cut or brought in again and again as a phrase to avoid, a sentence length the edits keep cutting to as a rule. Only those not yet answered; nothing changes the voice until the writer accepts."
      ),
    HttpApiEndpoint.post("acceptSuggestion", "/api/profiles/:id/suggestions/:suggestion/accept", {
      params: SuggestionPath,
      payload: SuggestionAnswer,
      success: ProfileDetail,
      error: [...BODY_ERRORS, NoSuggestion, ReadOnly, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Accept a proposal")
      .annotate(
        OpenApi.Description,
        "Accepts a suggestion: its phrase joins the voice's phrases to avoid, or its rule the voice's rules. Answers with the voice."
      ),
    HttpApiEndpoint.post("dismissSuggestion", "/api/profiles/:id/suggestions/:suggestion/dismiss", {
      params: SuggestionPath,
      payload: SuggestionAnswer,
      success: ProfileDetail,
      error: [...BODY_ERRORS, NoSuggestion, ReadOnly, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Dismiss a proposal")
      .annotate(OpenApi.Description, "Dismisses a suggestion: it is not proposed again, and the voice stays as it is.")
  )
  .annotate(OpenApi.Title, "Profiles")
  .annotate(
    OpenApi.Description,
    "The styles shipped with Redraft and the writer's own voices: make, change, score, export and import them, and answer what the writer's edits propose."
  ) {}

const STREAM_NOTE =
  " With `Accept: text/event-stream` the answer is a stream of Server-Sent Events instead: one `outline` ({type, blocks: [{index, kept, text}], total}: the document's blocks in order, `kept` for those not rewritten) first, then `progress` ({type, segment, stage, attempt, done, total}) and `segment` ({type, segment, text, status, reason?, done, total}) events as the paragraphs finish, a `waiting` event ({type, segment, reason, retryInMs, leftMs, done, total}) whenever a provider call failed for now and waits to try again (the model server restarting, say; `leftMs` is how long it goes on trying), then one `result` event holding this JSON answer, or one `error` event holding the error body."

export class RewriteApi extends HttpApiGroup.make("rewrite")
  .add(
    HttpApiEndpoint.post("rewrite", "/api/rewrite", {
      payload: RewriteRequest,
      success: RewriteResult,
      error: [...BODY_ERRORS, NotFound, ...PROVIDER_ERRORS]
    })
      .annotate(OpenApi.Summary, "Rewrite a document")
      .annotate(
        OpenApi.Description,
        `Rewrites a markdown document into a style profile (\`styleProfileId\`, or an inline \`styleProfile\`), keeping its meaning.${STREAM_NOTE}`
      )
  )
  .annotate(OpenApi.Title, "Rewrite")
  .annotate(
    OpenApi.Description,
    "Rewrite a document into a style, keeping its meaning; as JSON or as a stream of events."
  ) {}

export class EvalApi extends HttpApiGroup.make("eval")
  .add(
    HttpApiEndpoint.post("rewrite", "/api/eval/rewrite", {
      payload: EvalRewriteRequest,
      success: RewriteResult,
      error: [...BODY_ERRORS, ...PROVIDER_ERRORS]
    })
      .annotate(OpenApi.Summary, "Rewrite for an evaluation harness")
      .annotate(
        OpenApi.Description,
        `The rewrite route in the shape evaluation harnesses send (\`source\`, \`styleProfileId\`, \`providerId\`): an unknown profile or provider id is a 400, because the case names a fixture that does not exist.${STREAM_NOTE}`
      )
  )
  .annotate(OpenApi.Title, "Evaluation")
  .annotate(
    OpenApi.Description,
    "The rewrite for evaluation harnesses: a fixture style by id, always with the debug section."
  ) {}

export class CheckApi extends HttpApiGroup.make("check")
  .add(
    HttpApiEndpoint.post("check", "/api/check", {
      payload: CheckRequest,
      success: CheckResult,
      error: BODY_ERRORS
    })
      .annotate(OpenApi.Summary, "Check a rewrite against its original")
      .annotate(
        OpenApi.Description,
        "Does `rewrite` keep the meaning of `original`? The deterministic guards only: no model call."
      )
  )
  .annotate(OpenApi.Title, "Check")
  .annotate(
    OpenApi.Description,
    "The deterministic meaning guards alone, on any original and rewrite; no model call."
  ) {}

const DocumentNotFound = errorAt(404, "document_not_found: no document has that id")
const DocumentId = {
  id: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/u)).annotate({
    description: "The document's id, as POST /api/documents gave it"
  })
}

const VersionParams = { ...DocumentId, n: Schema.Int }
const ParagraphParams = { ...VersionParams, index: Schema.Int }
const ParagraphNotFound = errorAt(404, "not_found: the version has no such paragraph")

export class DocumentsApi extends HttpApiGroup.make("documents")
  .add(
    HttpApiEndpoint.get("list", "/api/documents", {
      query: { q: Schema.optional(Schema.String).annotate({ description: "Words to find in titles and texts" }) },
      success: DocumentList,
      error: Forbidden
    })
      .annotate(OpenApi.Summary, "List or search documents")
      .annotate(OpenApi.Description, "The documents, most recently changed first."),
    HttpApiEndpoint.post("create", "/api/documents", {
      payload: CreateDocument,
      success: DocumentDetail.pipe(HttpApiSchema.status(201)),
      error: [...BODY_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Save a document")
      .annotate(
        OpenApi.Description,
        "Saves a new document. Without a title it takes the first heading or line of the text."
      ),
    HttpApiEndpoint.get("get", "/api/documents/:id", {
      params: DocumentId,
      success: DocumentDetail,
      error: [Forbidden, DocumentNotFound]
    })
      .annotate(OpenApi.Summary, "Get a document and its versions")
      .annotate(OpenApi.Description, "One document with its text and the versions saved from rewrite runs."),
    HttpApiEndpoint.put("update", "/api/documents/:id", {
      params: DocumentId,
      payload: UpdateDocument,
      success: DocumentDetail,
      error: [...BODY_ERRORS, DocumentNotFound, Stale, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Change a document")
      .annotate(
        OpenApi.Description,
        'Changes the title, the text or both. With `If-Match: "<revision>"` (the `ETag` of the last GET) a change made meanwhile by another tab or client is not overwritten: the answer is 412.'
      ),
    HttpApiEndpoint.delete("remove", "/api/documents/:id", {
      params: DocumentId,
      success: HttpApiSchema.NoContent,
      error: [Forbidden, DocumentNotFound, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Delete a document")
      .annotate(OpenApi.Description, "Deletes the document and its versions."),
    HttpApiEndpoint.post("rewrite", "/api/documents/:id/rewrite", {
      params: DocumentId,
      payload: DocumentRewriteRequest,
      success: DocumentRewriteResult,
      error: [...BODY_ERRORS, DocumentNotFound, NotFound, ...PROVIDER_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Rewrite a document as its next version")
      .annotate(
        OpenApi.Description,
        `Rewrites the document's saved text (the fields of POST /api/rewrite but \`document\`) and saves the run as its next version; the answer is the rewrite result with \`version\`. A run that fails after some paragraphs finished is saved too.${STREAM_NOTE}`
      ),
    HttpApiEndpoint.get("version", "/api/documents/:id/versions/:n", {
      params: VersionParams,
      success: VersionDetail,
      error: [Forbidden, errorAt(404, "not_found: the document has no such version")]
    })
      .annotate(OpenApi.Summary, "Get a version under review")
      .annotate(
        OpenApi.Description,
        "One saved version under review: each rewritten paragraph with its decision, and the text with the decisions applied."
      ),
    HttpApiEndpoint.patch("decide", "/api/documents/:id/versions/:n/paragraphs/:index", {
      params: ParagraphParams,
      payload: DecisionRequest,
      success: ReviewParagraph,
      error: [...BODY_ERRORS, ParagraphNotFound, Stale, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Decide on a paragraph")
      .annotate(
        OpenApi.Description,
        "Accepts, rejects or edits one paragraph (or sets it back to pending); `text` holds the edit. With `If-Match: \"<revision>\"` (the paragraph's `revision`) a decision or retry that came first is not overwritten: the answer is 412. Any decision clears the paragraph's `alternative`."
      ),
    HttpApiEndpoint.post("retryMany", "/api/documents/:id/versions/:n/retry", {
      params: VersionParams,
      payload: RetryParagraphsRequest,
      success: RetryParagraphsResult,
      error: [...BODY_ERRORS, ParagraphNotFound, ...PROVIDER_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Retry several paragraphs")
      .annotate(
        OpenApi.Description,
        "Rewrites several paragraphs of the version again in one request (`indexes`, e.g. the ones whose provider calls failed), each as the single retry does, side by side. Answers the paragraphs rewritten, and those whose retry failed with why; when every one failed, the answer is that error."
      ),
    HttpApiEndpoint.post("retry", "/api/documents/:id/versions/:n/paragraphs/:index/retry", {
      params: ParagraphParams,
      payload: DocumentRewriteRequest,
      success: ReviewParagraph,
      error: [...BODY_ERRORS, ParagraphNotFound, ...PROVIDER_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Retry a paragraph")
      .annotate(
        OpenApi.Description,
        "Rewrites that one paragraph again from its original (with the version's profile, or other options given here) and answers with the new rewrite, pending review. When the writer decided or edited the paragraph while the retry ran, the decision stays and the new rewrite is offered as `alternative`."
      )
  )
  .annotate(OpenApi.Title, "Documents")
  .annotate(
    OpenApi.Description,
    "Saved documents, their versions (one per rewrite run) and the review of each paragraph."
  ) {}

export class BackupApi extends HttpApiGroup.make("backup")
  .add(
    HttpApiEndpoint.get("export", "/api/backup", {
      success: BackupFile,
      error: Forbidden
    })
      .annotate(OpenApi.Summary, "Back up the workspace")
      .annotate(
        OpenApi.Description,
        "Every document with its versions and review decisions, and the writer's own voices, as one JSON document."
      ),
    HttpApiEndpoint.post("restore", "/api/backup", {
      payload: BackupFile,
      success: RestoreResult,
      error: [...BODY_ERRORS, ...WRITE_ERRORS]
    })
      .annotate(OpenApi.Summary, "Restore a backup")
      .annotate(
        OpenApi.Description,
        "Restores a backup: adds the documents and voices that are missing, skips those already there, and adds one whose id is taken by other content as a copy under a new id. Nothing is overwritten."
      )
  )
  .annotate(OpenApi.Title, "Backup")
  .annotate(OpenApi.Description, "The whole workspace as one file, and restoring one without overwriting anything.") {}

export class Api extends HttpApi.make("redraft")
  .add(ProviderApi)
  .add(ProfilesApi)
  .add(RewriteApi)
  .add(EvalApi)
  .add(CheckApi)
  .add(DocumentsApi)
  .add(BackupApi)
  .annotate(OpenApi.Title, "Redraft")
  .annotate(OpenApi.Version, "0.1.0")
  .annotate(OpenApi.License, { name: "MIT", identifier: "MIT" })
  .annotate(OpenApi.Servers, [
    { url: "http://127.0.0.1:5174", description: "The default address (HOST and PORT change it)" }
  ])
  .annotate(OpenApi.Transform, completeDescription)
  .annotate(
    OpenApi.Description,
    'Rewrites markdown into a writing style with a local model, keeping its meaning. Every error answer is JSON: {"error": {"code", "message", "details?"}}.'
  ) {}
