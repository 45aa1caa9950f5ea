/** The writing workspace's shapes: documents and their versions (the API's schemas, shared with the UI and CLI). */
import { Schema } from "effect"
import { RewriteResult } from "./Rewrite.ts"

const Timestamp = Schema.String.annotate({ description: "ISO 8601, UTC" })

export const VersionSummary = Schema.Struct({
  n: Schema.Finite,
  createdAt: Timestamp,
  styleProfileId: Schema.String,
  summary: RewriteResult.fields.summary
})
export type VersionSummary = typeof VersionSummary.Type

export const DocumentSummary = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** How many rewrite runs were saved as versions. */
  versionCount: Schema.Finite
})
export type DocumentSummary = typeof DocumentSummary.Type

export const DocumentDetail = Schema.Struct({
  ...DocumentSummary.fields,
  text: Schema.String,
  versions: Schema.Array(VersionSummary)
})
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
