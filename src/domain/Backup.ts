/** The backup document: everything in the workspace database as one JSON file (`GET`/`POST /api/backup`). */
import { Option, Schema } from "effect"
import { Decision } from "./Documents.ts"
import { VoiceName, VoiceSamples } from "./Profiles.ts"

/**
 * A restore is checked like the routes it stands for, before anything is written: a bad entry is a 400 that names
 * its path in the backup.
 */

/** A time in milliseconds since 1970 that a date can show (up to the year 9999). */
const Millis = Schema.Int.check(
  Schema.isBetween(
    { minimum: 0, maximum: 253_402_300_799_999 },
    { message: "a time in milliseconds since 1970, up to the year 9999" }
  )
)

/** A document id the routes take: letters, digits, "-" and "_", at most 128 (the API gives UUIDs). */
const DocumentId = Schema.String.check(
  Schema.isPattern(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/u, {
    message: 'an id of letters, digits, "-" and "_" (at most 128), as the API gives them'
  })
)

const JsonObject = Schema.fromJsonString(Schema.Record(Schema.String, Schema.Unknown))
/** A field stored as a JSON object in text. */
const JsonText = Schema.String.check(
  Schema.makeFilter((text: string) => Option.isSome(Schema.decodeUnknownOption(JsonObject)(text)), {
    message: "a JSON object, as the export writes it"
  })
)

/** Each element's key once: version numbers in a document, paragraph numbers in a version, ids in a backup. */
const uniqueBy = <T>(key: (t: T) => unknown, what: string) =>
  Schema.makeFilter((items: ReadonlyArray<T>) => new Set(items.map(key)).size === items.length, {
    message: `${what} must be unique`
  })

const BackupParagraph = Schema.Struct({
  segment: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  original: Schema.String,
  rewrite: Schema.String,
  decision: Decision,
  edited: Schema.NullOr(Schema.String),
  report: JsonText
})

const BackupVersion = Schema.Struct({
  n: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  createdAt: Millis,
  styleProfileId: Schema.String,
  /** The inline style profile the version ran with (JSON), when it was given one rather than an id. */
  styleProfile: Schema.optionalKey(Schema.NullOr(JsonText)),
  provider: JsonText,
  summary: JsonText,
  /** What made the version and how its run ended (JSON), when they were kept. */
  settings: Schema.optionalKey(Schema.NullOr(JsonText)),
  outcome: Schema.optionalKey(Schema.NullOr(JsonText)),
  original: Schema.String,
  paragraphs: Schema.Array(BackupParagraph).check(
    uniqueBy((p: typeof BackupParagraph.Type) => p.segment, "paragraph numbers (segment) in a version")
  )
})

export const BackupDocument = Schema.Struct({
  id: DocumentId,
  title: Schema.String.check(Schema.isMaxLength(200)),
  text: Schema.String,
  createdAt: Millis,
  updatedAt: Millis,
  versions: Schema.Array(BackupVersion).check(
    uniqueBy((v: typeof BackupVersion.Type) => v.n, "version numbers (n) in a document")
  )
})
export type BackupDocument = typeof BackupDocument.Type

/** The writer's answer to a proposal their edits made for a voice, so it is not asked again after a restore. */
export const BackupAnswer = Schema.Struct({
  suggestion: Schema.String.check(Schema.isMaxLength(500)),
  answer: Schema.Literals(["accepted", "dismissed"]),
  answeredAt: Millis
})
export type BackupAnswer = typeof BackupAnswer.Type

/** One of the writer's own voices (style profiles made from samples). */
export const BackupProfile = Schema.Struct({
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/u)),
  name: VoiceName,
  description: Schema.String,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: VoiceSamples,
  createdAt: Millis,
  updatedAt: Millis,
  /** The writer's answers to what their edits proposed; absent from backups made before proposals existed. */
  answers: Schema.optionalKey(
    Schema.Array(BackupAnswer).check(uniqueBy((a: typeof BackupAnswer.Type) => a.suggestion, "answers of a voice"))
  )
})
export type BackupProfile = typeof BackupProfile.Type

/** `GET /api/backup`, and the body `POST /api/backup` takes back. */
export const BackupFile = Schema.Struct({
  format: Schema.Literal("redraft-backup"),
  formatVersion: Schema.Literal(1),
  documents: Schema.Array(BackupDocument).check(
    uniqueBy((d: typeof BackupDocument.Type) => d.id, "document ids in a backup")
  ),
  /** The writer's own voices; absent from backups made before voices existed. */
  profiles: Schema.optionalKey(
    Schema.Array(BackupProfile).check(uniqueBy((p: typeof BackupProfile.Type) => p.id, "voice ids in a backup"))
  )
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
