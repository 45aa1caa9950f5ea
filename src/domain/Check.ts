import { Schema } from "effect"
import { Finding } from "./Finding.ts"

/** `POST /api/check`: does `rewrite` keep the meaning of `original`? */
export const CheckRequest = Schema.Struct({ original: Schema.String, rewrite: Schema.String })
export type CheckRequest = typeof CheckRequest.Type

export const CheckResult = Schema.Struct({
  /** True when no guard found a change of meaning. */
  ok: Schema.Boolean,
  /** What changed, with the phrases on each side. */
  findings: Schema.Array(Finding)
})
export type CheckResult = typeof CheckResult.Type
