/**
 * What made a version and how its run ended, as stored with it. Versions saved before these were kept get what their
 * other columns tell: the style, the provider and model, the counts, and a cancelled run by its warning. So do
 * versions restored from a backup whose copy of them does not read.
 */
import { Option, Schema } from "effect"
import { VersionOutcome, VersionSettings } from "../domain/Documents.ts"
import type { RewriteResult } from "../domain/Rewrite.ts"

/** The version columns these are read from; `paragraph_count` counts its rows in `paragraphs`. */
export interface VersionMetaRow {
  readonly style_profile_id: string
  readonly provider: string
  readonly summary: string
  readonly settings: string | null
  readonly outcome: string | null
  readonly paragraph_count: number
}

/** The columns, for a SELECT on `versions v`. */
export const VERSION_META_COLUMNS =
  "v.style_profile_id, v.provider, v.summary, v.settings, v.outcome, (SELECT COUNT(*) FROM paragraphs p WHERE p.document_id = v.document_id AND p.n = v.n) AS paragraph_count"

export const settingsOf = (row: VersionMetaRow): VersionSettings => {
  const kept = stored(row.settings, decodeSettings)
  if (kept !== undefined) return kept
  const provider = JSON.parse(row.provider) as RewriteResult["provider"]
  return {
    styleProfileId: row.style_profile_id,
    styleProfileName: null,
    instruction: "",
    model: provider.model,
    provider: provider.baseUrl,
    styleThreshold: null,
    maxRewriteIterations: null,
    runMeaningCheck: null
  }
}

const CANCELLED = /^The run was cancelled after (\d+) of (\d+) paragraphs/

export const outcomeOf = (row: VersionMetaRow): VersionOutcome => {
  const kept = stored(row.outcome, decodeOutcome)
  if (kept !== undefined) return kept
  const summary = JSON.parse(row.summary) as RewriteResult["summary"]
  const cancelled = summary.warnings.map((w) => CANCELLED.exec(w)).find((m) => m !== null)
  return {
    state: cancelled == null ? "finished" : "cancelled",
    paragraphs: cancelled == null ? row.paragraph_count : Number(cancelled[2]),
    done: row.paragraph_count,
    rewritten: summary.rewritten,
    failed: summary.failed,
    reason: null
  }
}

const decodeSettings = Schema.decodeUnknownOption(Schema.fromJsonString(VersionSettings))
const decodeOutcome = Schema.decodeUnknownOption(Schema.fromJsonString(VersionOutcome))

const stored = <A>(json: string | null, decode: (u: unknown) => Option.Option<A>): A | undefined =>
  json === null ? undefined : Option.getOrUndefined(decode(json))
