import { Schema } from "effect"
import { Finding } from "./Finding.ts"

/** `POST /api/check`: does `rewrite` keep the meaning of `original`? */
export const CheckRequest = Schema.Struct({ original: Schema.String, rewrite: Schema.String })
export type CheckRequest = typeof CheckRequest.Type

export const CheckResult = Schema.Struct({
  /** True when no guard found a fact changed or lost (no `certain` finding); suspect findings leave it true. */
  ok: Schema.Boolean,
  /** What changed, with the phrases on each side: certain findings first, then suspect ones. */
  findings: Schema.Array(Finding)
})
export type CheckResult = typeof CheckResult.Type
