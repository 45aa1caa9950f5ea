/** Wording for paragraphs that kept their original text (status `kept` or `failed`). */
import type { ParagraphStatus } from "../api/redraft.ts"

/** True when the paragraph's original text stays in the document. */
export const keptAsItWas = (status: ParagraphStatus | undefined): boolean => status === "kept" || status === "failed"

/**
 * Why a paragraph kept its original text, to follow "Kept as it was": "because the rewrite dropped 12 March." or
 * "because its provider calls failed: the reply was cut off.". The service's reasons for `kept` already start with
 * "kept as it was, because …", which is not repeated.
 */
export const keptBecause = (status: ParagraphStatus, reason: string | undefined): string => {
  const why = (reason ?? "")
    .trim()
    .replace(/^kept as it was,?\s*/i, "")
    .replace(/\.+$/, "")
  if (status === "failed") return `because its provider calls failed${why === "" ? "" : `: ${why}`}.`
  if (why === "") return "because no rewrite kept the meaning."
  return /^because\b/i.test(why) ? `${why}.` : `because ${why}.`
}

/** "2 paragraphs kept as they were (1 because its provider calls failed)", or null when every one was rewritten. */
export const keptSummary = (paragraphs: ReadonlyArray<{ readonly status: ParagraphStatus }>): string | null => {
  const kept = paragraphs.filter((p) => keptAsItWas(p.status)).length
  if (kept === 0) return null
  const failed = paragraphs.filter((p) => p.status === "failed").length
  const head = kept === 1 ? "1 paragraph kept as it was" : `${kept} paragraphs kept as they were`
  if (failed === 0) return head
  return `${head} (${failed === kept ? "" : `${failed} `}because ${failed === 1 ? "its" : "their"} provider calls failed)`
}
