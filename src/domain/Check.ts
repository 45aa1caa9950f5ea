import { Schema } from "effect"
import type { Finding } from "./Finding.ts"

/** `POST /api/check`: does `rewrite` keep the meaning of `original`? */
export const CheckRequest = Schema.Struct({ original: Schema.String, rewrite: Schema.String })
export type CheckRequest = typeof CheckRequest.Type

export interface CheckResult {
  /** True when no guard found a change of meaning. */
  readonly ok: boolean
  /** What changed, with the phrases on each side. */
  readonly findings: ReadonlyArray<Finding>
}
