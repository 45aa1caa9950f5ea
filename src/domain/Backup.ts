/** The backup document: everything in the workspace database as one JSON file (`GET`/`POST /api/backup`). */
import { Schema } from "effect"
import { Decision } from "./Documents.ts"

const BackupParagraph = Schema.Struct({
  segment: Schema.Int,
  original: Schema.String,
  rewrite: Schema.String,
  decision: Decision,
  edited: Schema.NullOr(Schema.String),
  report: Schema.String
})

const BackupVersion = Schema.Struct({
  n: Schema.Int,
  createdAt: Schema.Finite,
  styleProfileId: Schema.String,
  /** The inline style profile the version ran with (JSON), when it was given one rather than an id. */
  styleProfile: Schema.optionalKey(Schema.NullOr(Schema.String)),
  provider: Schema.String,
  summary: Schema.String,
  original: Schema.String,
  paragraphs: Schema.Array(BackupParagraph)
})

export const BackupDocument = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  text: Schema.String,
  createdAt: Schema.Finite,
  updatedAt: Schema.Finite,
  versions: Schema.Array(BackupVersion)
})
export type BackupDocument = typeof BackupDocument.Type

/** One of the writer's own voices (style profiles made from samples). */
export const BackupProfile = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  name: Schema.String,
  description: Schema.String,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: Schema.Array(Schema.String),
  createdAt: Schema.Finite,
  updatedAt: Schema.Finite
})
export type BackupProfile = typeof BackupProfile.Type

/** `GET /api/backup`, and the body `POST /api/backup` takes back. */
export const BackupFile = Schema.Struct({
  format: Schema.Literal("redraft-backup"),
  formatVersion: Schema.Literal(1),
  documents: Schema.Array(BackupDocument),
  /** The writer's own voices; absent from backups made before voices existed. */
  profiles: Schema.optionalKey(Schema.Array(BackupProfile))
})
export type BackupFile = typeof BackupFile.Type

export const RestoreResult = Schema.Struct({
  /** Documents added under their own id. */
  added: Schema.Array(Schema.String),
  /** Documents already there with the same content. */
  skipped: Schema.Array(Schema.String),
  /** Documents whose id was taken by different content: added as copies, `from` the backup's id, `to` the new one. */
  copied: Schema.Array(Schema.Struct({ from: Schema.String, to: Schema.String })),
  /** The same for the writer's own voices. */
  profiles: Schema.Struct({
    added: Schema.Array(Schema.String),
    skipped: Schema.Array(Schema.String),
    copied: Schema.Array(Schema.Struct({ from: Schema.String, to: Schema.String }))
  })
})
export type RestoreResult = typeof RestoreResult.Type
