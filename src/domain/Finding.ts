/**
 * What a meaning guard found: one change between an original and its rewrite, with the phrases on each side, so a
 * repair prompt, the API and the UI can say exactly what changed.
 */
export type FindingKind =
  | "number"
  | "unit"
  | "date"
  | "name"
  | "role"
  | "url"
  | "code"
  | "negation"
  | "hedge"
  | "modality"
  | "bound"
  | "scope"
  | "exception"
  | "condition"
  | "order"
  | "comparison"
  | "quantifier"
  | "contrast"
  | "claim"
  | "structure"

export interface Finding {
  readonly kind: FindingKind
  /** One sentence a writer understands, e.g. `"250 ms" became "250 s"`. */
  readonly message: string
  /** The phrase of the original the finding is about, when there is one. */
  readonly original?: string
  /** The phrase of the rewrite that replaced it, when there is one. */
  readonly rewrite?: string
}

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
