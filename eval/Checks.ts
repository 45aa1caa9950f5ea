import type { RewriteResult, StyleProfile } from "../src/domain/Rewrite.ts"
import { segmentMarkdown } from "../src/pipeline/Segmenter.ts"
import { assessStyle, buildStyleTarget } from "../src/text/StyleMetrics.ts"
import type { EvalCase, Term } from "./Cases.ts"
import {
  CaveatLost,
  type Failure,
  ForbiddenPhrasePresent,
  MeaningCheckFailed,
  ProtectedBlockChanged,
  RequiredTermLost,
  ParagraphsFailed,
  RewriteWithheld,
  StyleBelowThreshold
} from "./Failures.ts"

/**
 * The deterministic checks of a case against a text, the same for every variant (no-op, one-shot, pipeline), so the
 * report compares like with like. `result` is the service's answer when there was one.
 */
export const checkOutput = (
  evalCase: EvalCase,
  output: string,
  styleScore: number,
  result: RewriteResult | undefined
): Array<Failure> => {
  const { expect, source } = evalCase
  const failures: Array<Failure> = []
  for (const term of expect.requiredTerms ?? []) {
    if (!alternatives(term).some((t) => output.includes(t))) {
      failures.push(RequiredTermLost.make({ term: first(term), evidence: `in the source: ${around(source, term)}` }))
    }
  }
  const lower = output.toLowerCase()
  for (const phrase of expect.forbiddenPhrases ?? []) {
    const at = lower.indexOf(phrase.toLowerCase())
    if (at >= 0) failures.push(ForbiddenPhrasePresent.make({ phrase, evidence: context(output, at, phrase.length) }))
  }
  for (const block of expect.protectedBlocks ?? []) {
    if (!output.includes(block))
      failures.push(ProtectedBlockChanged.make({ block, evidence: divergence(block, output) }))
  }
  for (const caveat of expect.caveats ?? []) {
    if (!alternatives(caveat).some((c) => lower.includes(c.toLowerCase()))) {
      failures.push(CaveatLost.make({ caveat: first(caveat), evidence: `in the source: ${around(source, caveat)}` }))
    }
  }
  if (expect.minStyleScore !== undefined && styleScore < expect.minStyleScore) {
    failures.push(
      StyleBelowThreshold.make({
        score: styleScore,
        threshold: expect.minStyleScore,
        evidence: `output begins: ${context(output, 0, 0)}`
      })
    )
  }
  if (result !== undefined) {
    // Results stored before per-paragraph statuses existed have no `paragraphs`.
    const failed = (result.paragraphs ?? []).filter((p) => p.status === "failed")
    if (failed.length > 0) {
      failures.push(
        ParagraphsFailed.make({
          paragraphs: failed.length,
          evidence: failed.map((p) => `paragraph ${p.paragraph}: ${p.reason ?? p.error ?? "failed"}`).join(" | ")
        })
      )
    }
    if (result.summary.meaning === "failed") {
      failures.push(MeaningCheckFailed.make({ evidence: result.summary.warnings.join(" | ") || "no warning given" }))
    } else {
      const withheld = withheldSegments(result)
      if (withheld.length > 0) {
        failures.push(RewriteWithheld.make({ segments: withheld.length, evidence: withheld.join(" | ") }))
      }
    }
  }
  return failures
}

/** The measured style score of a document's prose against a profile (the measure the service's scorer starts from). */
export const measuredStyle = (text: string, profile: StyleProfile): number => {
  const target = buildStyleTarget(profile.samples, profile.avoid)
  const prose = segmentMarkdown(text).segments.filter((s) => s.kind === "prose")
  if (prose.length === 0) return 100
  return Math.round(prose.reduce((sum, s) => sum + assessStyle(s.text, target).score, 0) / prose.length)
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * Paragraphs the service handed back unchanged because no rewrite was safe: kept as they were (a warning says why),
 * or "repaired" by the meaning check back to the original text.
 */
const withheldSegments = (result: RewriteResult): ReadonlyArray<string> => {
  const kept = result.summary.warnings.filter(
    (w) => w.includes("kept as it was") && !w.includes("provider calls failed")
  )
  if (kept.length > 0) return kept
  return (result.debug?.segments ?? [])
    .filter(
      (s) => s.status !== "failed" && (s.source === "repair" || s.source === "original") && s.finalText === s.original
    )
    .map((s) => {
      const lost = [...(s.meaning?.missingDetails ?? []), ...(s.meaning?.changedMeaning ?? [])]
      const lastDraft = s.attempts.at(-1)?.text
      return `segment ${s.index + 1} came back as the original${lost.length > 0 ? ` (${lost.join("; ")})` : ""}${lastDraft !== undefined ? `; last draft: ${context(lastDraft, 0, 0)}` : ""}`
    })
}

const alternatives = (term: Term): ReadonlyArray<string> => (typeof term === "string" ? [term] : term)
const first = (term: Term): string => alternatives(term)[0] ?? ""

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ⏎ ")

/** About 60 characters either side of `[at, at + length)`, on one line. */
export const context = (text: string, at: number, length: number): string => {
  const start = Math.max(0, at - 60)
  const end = Math.min(text.length, at + length + 60)
  return `${start > 0 ? "…" : ""}${oneLine(text.slice(start, end))}${end < text.length ? "…" : ""}`
}

const around = (source: string, term: Term): string => {
  for (const t of alternatives(term)) {
    const at = source.toLowerCase().indexOf(t.toLowerCase())
    if (at >= 0) return context(source, at, t.length)
  }
  return "(not in the source either: check the case)"
}

/** Where the output stops matching a block: the longest prefix of the block found in the output, and what follows. */
const divergence = (block: string, output: string): string => {
  let low = 0
  let high = block.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (output.includes(block.slice(0, mid))) low = mid
    else high = mid - 1
  }
  if (low < 8) return `no part of the block was found; expected: ${context(block, 0, 0)}`
  const at = output.indexOf(block.slice(0, low))
  return `matches for ${low} of ${block.length} characters; expected …${oneLine(block.slice(Math.max(0, low - 30), low + 40))}… but got ${context(output, at + low, 0)}`
}
