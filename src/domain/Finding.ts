/**
 * What a meaning guard found: one change between an original and its rewrite, with the phrases on each side, so a
 * repair prompt, the API and the UI can say exactly what changed.
 */
import { Schema } from "effect"

export const FindingKind = Schema.Literals([
  "number",
  "unit",
  "date",
  "name",
  "role",
  "url",
  "code",
  "negation",
  "hedge",
  "modality",
  "bound",
  "scope",
  "exception",
  "condition",
  "order",
  "comparison",
  "quantifier",
  "contrast",
  "claim",
  "structure"
])
export type FindingKind = typeof FindingKind.Type

export const Finding = Schema.Struct({
  kind: FindingKind,
  /** One sentence a writer understands, e.g. `"250 ms" became "250 s"`. */
  message: Schema.String,
  /** The phrase of the original the finding is about, when there is one. */
  original: Schema.optionalKey(Schema.String),
  /** The phrase of the rewrite that replaced it, when there is one. */
  rewrite: Schema.optionalKey(Schema.String)
})
export type Finding = typeof Finding.Type

/** A finding, leaving out the sides that are not there. */
export const finding = (
  kind: FindingKind,
  message: string,
  original?: string | undefined,
  rewrite?: string | undefined
): Finding => ({
  kind,
  message,
  ...(original !== undefined ? { original } : {}),
  ...(rewrite !== undefined ? { rewrite } : {})
})
