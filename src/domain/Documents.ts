/** The writing workspace's shapes: documents and their versions (the API's schemas, shared with the UI and CLI). */
import { Schema } from "effect"
import { Finding } from "./Finding.ts"
import { MeaningVerdict, ParagraphStatus, RewriteRequest, RewriteResult } from "./Rewrite.ts"

const Timestamp = Schema.String.annotate({ description: "ISO 8601, UTC" })

/** What a run was asked for: the settings a version was made with. */
export const VersionSettings = Schema.Struct({
  styleProfileId: Schema.String,
  /** The style's or voice's name when the run was made; null for versions saved before it was kept. */
  styleProfileName: Schema.NullOr(Schema.String),
  /** The run's instruction ("shorter"); empty when it had none. */
  instruction: Schema.String,
  model: Schema.String,
  /** The provider's base URL. */
  provider: Schema.String,
  /** The style score a paragraph had to reach; null for versions saved before it was kept. */
  styleThreshold: Schema.NullOr(Schema.Finite),
  maxRewriteIterations: Schema.NullOr(Schema.Finite),
  runMeaningCheck: Schema.NullOr(Schema.Boolean)
}).annotate({ identifier: "VersionSettings" })
export type VersionSettings = typeof VersionSettings.Type

/** How the run that made a version ended. */
export const RunState = Schema.Literals(["finished", "cancelled", "failed"])
export type RunState = typeof RunState.Type

export const VersionOutcome = Schema.Struct({
  state: RunState,
  /** The document's rewritable paragraphs. */
  paragraphs: Schema.Finite,
  /** The paragraphs that finished before the run ended (all of them when it finished). */
  done: Schema.Finite,
  rewritten: Schema.Finite,
  /** Paragraphs whose provider calls failed; they keep their text. */
  failed: Schema.Finite,
  /** Why a failed run stopped, in the provider's or Redraft's words; null otherwise. */
  reason: Schema.NullOr(Schema.String)
}).annotate({ identifier: "VersionOutcome" })
export type VersionOutcome = typeof VersionOutcome.Type

export const VersionSummary = Schema.Struct({
  n: Schema.Finite,
  createdAt: Timestamp,
  styleProfileId: Schema.String,
  summary: RewriteResult.fields.summary,
  settings: VersionSettings,
  outcome: VersionOutcome
}).annotate({ identifier: "VersionSummary" })
export type VersionSummary = typeof VersionSummary.Type

export const DocumentSummary = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** How many rewrite runs were saved as versions. */
  versionCount: Schema.Finite
}).annotate({ identifier: "DocumentSummary" })
export type DocumentSummary = typeof DocumentSummary.Type

export const DocumentDetail = Schema.Struct({
  ...DocumentSummary.fields,
  /** Counts every change; also the `ETag`. Send it in `If-Match` with a change to have a stale one refused (412). */
  revision: Schema.Finite,
  text: Schema.String,
  versions: Schema.Array(VersionSummary)
}).annotate({ identifier: "DocumentDetail" })
export type DocumentDetail = typeof DocumentDetail.Type

export const DocumentList = Schema.Struct({ documents: Schema.Array(DocumentSummary) })
export type DocumentList = typeof DocumentList.Type

export const CreateDocument = Schema.Struct({
  title: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  text: Schema.String
})
export type CreateDocument = typeof CreateDocument.Type

export const UpdateDocument = Schema.Struct({
  title: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(200))),
  text: Schema.optionalKey(Schema.String)
})
export type UpdateDocument = typeof UpdateDocument.Type

/** What the writer decided about one rewritten paragraph. */
export const Decision = Schema.Literals(["pending", "accepted", "rejected", "edited"])
export type Decision = typeof Decision.Type

/** One rewritable paragraph of a saved version, under review. */
export const ReviewParagraph = Schema.Struct({
  /** The segment index, as in the run's `paragraphs` and `segment` events. */
  index: Schema.Finite,
  original: Schema.String,
  rewrite: Schema.String,
  decision: Decision,
  /** The text the reviewed document holds here: the rewrite (pending, accepted), the original, or the edit. */
  text: Schema.String,
  status: ParagraphStatus,
  styleScore: Schema.NullOr(Schema.Finite),
  /** What the style measures would still change, in the words fed back to the model (empty when close enough). */
  styleFeedback: Schema.Array(Schema.String),
  meaning: MeaningVerdict,
  findings: Schema.Array(Finding),
  warnings: Schema.Array(Schema.String),
  /** Counts every decision and retry; send it in `If-Match` with a decision to have a stale one refused (412). */
  revision: Schema.Finite,
  /**
   * A retry's rewrite that finished after the writer had decided or edited the paragraph: offered, not applied. The
   * next decision clears it.
   */
  alternative: Schema.NullOr(Schema.String)
}).annotate({ identifier: "ReviewParagraph" })
export type ReviewParagraph = typeof ReviewParagraph.Type

export const VersionDetail = Schema.Struct({
  n: Schema.Finite,
  createdAt: Timestamp,
  styleProfileId: Schema.String,
  provider: RewriteResult.fields.provider,
  summary: RewriteResult.fields.summary,
  /** What the run was asked for; the review judges the version's style scores by its own `styleThreshold`. */
  settings: VersionSettings,
  outcome: VersionOutcome,
  paragraphs: Schema.Array(ReviewParagraph),
  /**
   * The document as it was run, block by block in order: rewritable paragraphs by their `index` (see `paragraphs`),
   * and the blocks kept as they were (headings, code, tables, quotes) with their text.
   */
  blocks: Schema.Array(Schema.Struct({ index: Schema.Finite, kept: Schema.Boolean, text: Schema.String })),
  /** The whole document with the decisions applied; headings, code and other protected blocks as they were. */
  text: Schema.String
}).annotate({ identifier: "VersionDetail" })
export type VersionDetail = typeof VersionDetail.Type

/** `POST /api/documents/:id/rewrite`: the fields of `POST /api/rewrite` but the document, which is the saved text. */
export const DocumentRewriteRequest = Schema.Struct({
  provider: RewriteRequest.fields.provider,
  options: RewriteRequest.fields.options,
  styleProfileId: RewriteRequest.fields.styleProfileId,
  styleProfile: RewriteRequest.fields.styleProfile
}).annotate({ identifier: "DocumentRewriteRequest" })
export type DocumentRewriteRequest = typeof DocumentRewriteRequest.Type

/** The rewrite result of a document run, with the number of the version it was saved as. */
export const DocumentRewriteResult = Schema.Struct({ ...RewriteResult.fields, version: Schema.Finite })
export type DocumentRewriteResult = typeof DocumentRewriteResult.Type

/** `POST /api/documents/:id/versions/:n/retry`: several paragraphs of a version rewritten again in one request. */
export const RetryParagraphsRequest = Schema.Struct({
  ...DocumentRewriteRequest.fields,
  /** The paragraphs' `index` values, as in the version's `paragraphs`. */
  indexes: Schema.Array(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)))
    .check(Schema.isMinLength(1, { message: "name at least one paragraph index" }))
    .check(Schema.isMaxLength(1000, { message: "at most 1,000 paragraphs at a time" }))
})
export type RetryParagraphsRequest = typeof RetryParagraphsRequest.Type

export const RetryParagraphsResult = Schema.Struct({
  /** The paragraphs rewritten again, in the order asked (as the single retry answers each). */
  paragraphs: Schema.Array(ReviewParagraph),
  /** The paragraphs whose retry failed, with why; they are as they were. */
  failed: Schema.Array(
    Schema.Struct({ index: Schema.Finite, error: Schema.Struct({ code: Schema.String, message: Schema.String }) })
  )
})
export type RetryParagraphsResult = typeof RetryParagraphsResult.Type

export const DecisionRequest = Schema.Struct({
  decision: Decision,
  /** The edited paragraph; required with `edited`. */
  text: Schema.optionalKey(Schema.String)
})
export type DecisionRequest = typeof DecisionRequest.Type
