/**
 * What a meaning guard found: one change between an original and its rewrite, with the phrases on each side, so a
 * repair prompt, the API and the UI can say exactly what changed.
 *
 * Findings come in two tiers. A `certain` finding is a fact that changed or went missing, compared as a normalised
 * value (a number, unit, date or time, name, link, code, the block structure): it refuses the rewrite. A `suspect`
 * finding is a cue that the wording of a claim changed (negation, modality, bound, order, roles, cause…): wording
 * can change in equivalent ways, so it never refuses on its own; it becomes a question to the model and a note.
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
  "cause",
  "time",
  "antonym",
  "structure"
])
export type FindingKind = typeof FindingKind.Type

export const Certainty = Schema.Literals(["certain", "suspect"])
export type Certainty = typeof Certainty.Type

/** The kinds whose findings are facts compared as values; every other kind is a cue about wording. */
const FACT_KINDS: ReadonlySet<FindingKind> = new Set(["number", "unit", "date", "name", "url", "code", "structure"])

/** How sure a finding of this kind is: facts are certain, wording cues suspect. */
export const certaintyOf = (kind: FindingKind): Certainty => (FACT_KINDS.has(kind) ? "certain" : "suspect")

/** What the model answered when asked about a suspect finding: the meaning was `kept`, or it `changed`. */
export const FindingAnswer = Schema.Literals(["kept", "changed"])
export type FindingAnswer = typeof FindingAnswer.Type

export const Finding = Schema.Struct({
  kind: FindingKind,
  /** `certain` refuses the rewrite; `suspect` asks the model and stays as a note. */
  certainty: Certainty,
  /** One sentence a writer understands, e.g. `"250 ms" became "250 s"`. */
  message: Schema.String,
  /** The phrase of the original the finding is about, when there is one. */
  original: Schema.optionalKey(Schema.String),
  /** The phrase of the rewrite that replaced it, when there is one. */
  rewrite: Schema.optionalKey(Schema.String),
  /** For a suspect finding the model was asked about: its answer. */
  answer: Schema.optionalKey(FindingAnswer)
}).annotate({ identifier: "Finding" })
export type Finding = typeof Finding.Type

/** A finding, leaving out the sides that are not there; its certainty follows from its kind. */
export const finding = (
  kind: FindingKind,
  message: string,
  original?: string | undefined,
  rewrite?: string | undefined
): Finding => ({
  kind,
  certainty: certaintyOf(kind),
  message,
  ...(original !== undefined ? { original } : {}),
  ...(rewrite !== undefined ? { rewrite } : {})
})

/** True when a finding refuses the rewrite. */
export const isCertain = (f: Finding): boolean => f.certainty === "certain"

/** A finding stored before findings had a tier, given the tier of its kind. */
export const withCertainty = (f: Omit<Finding, "certainty"> & { readonly certainty?: Certainty }): Finding => ({
  ...f,
  certainty: f.certainty ?? certaintyOf(f.kind)
})
