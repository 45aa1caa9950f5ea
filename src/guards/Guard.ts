import type { Finding } from "./Finding.ts"
import type { Lexicon } from "./Lexicon.ts"
import type { Prepared } from "./Text.ts"

/** What every guard sees: both texts prepared in the original's language, and that language's word lists. */
export interface GuardInput {
  readonly original: Prepared
  readonly rewrite: Prepared
  readonly lexicon: Lexicon
}

/**
 * One kind of fact. A guard reports what the rewrite lost, changed or added of its kind, and nothing when the
 * rewrite says the same thing in other words (another format, order, voice or register).
 */
export type Guard = (input: GuardInput) => ReadonlyArray<Finding>
