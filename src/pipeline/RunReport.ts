import type { ProviderFailure } from "../domain/Errors.ts"
import type {
  ParagraphReport,
  ParagraphStatus,
  ResolvedOptions,
  RewriteResult,
  SegmentDebug,
  UsageFigures
} from "../domain/Rewrite.ts"
import type { CheckOutcome, ScoredAttempt } from "./Stage.ts"

/** The stages' work on one segment that went through. */
export interface SegmentWork {
  readonly attempts: ReadonlyArray<ScoredAttempt>
  readonly outcome: CheckOutcome
  readonly checked: boolean
}

/** How one segment ended: its work, or the provider failure that cost it (the original text stays). */
export type SegmentOutcome =
  { readonly _tag: "Done"; readonly work: SegmentWork } | { readonly _tag: "Failed"; readonly failure: ProviderFailure }

export interface FinishedSegment {
  readonly index: number
  /** 1-based position among the rewritable segments. */
  readonly paragraph: number
  readonly original: string
  readonly outcome: SegmentOutcome
  /** True when an identical paragraph earlier in the run did the work. */
  readonly cached: boolean
  readonly ms: number
}

export interface ReportInput {
  /** Every rewritable segment, in document order. */
  readonly segments: ReadonlyArray<FinishedSegment>
  /** The text each segment ends with (after document stages). */
  readonly texts: ReadonlyMap<number, string>
  readonly finalText: string
  readonly counts: { readonly segments: number; readonly protected: number }
  /** Warnings of document stages, after the per-paragraph ones. */
  readonly documentWarnings: ReadonlyArray<string>
  readonly options: ResolvedOptions
  readonly provider: { readonly baseUrl: string; readonly model: string }
  readonly timingsMs: Readonly<Record<string, number>>
  readonly usage: UsageFigures
}

/** The text a segment ends with before any document stage: the checked text, or the original when it failed. */
export const segmentText = (segment: FinishedSegment): string =>
  segment.outcome._tag === "Done" ? segment.outcome.work.outcome.text : segment.original

/** Status and reason of one paragraph, from how its segment ended. */
export const paragraphStatus = (
  segment: FinishedSegment,
  finalText: string
): { readonly status: ParagraphStatus; readonly reason?: string } => {
  const { outcome } = segment
  if (outcome._tag === "Failed") return { status: "failed", reason: outcome.failure.message }
  if (outcome.work.outcome.source === "original") {
    return { status: "kept", reason: outcome.work.outcome.warnings.join(" ") || "no rewrite kept the meaning" }
  }
  return { status: finalText === segment.original ? "unchanged" : "rewritten" }
}

/** Assembles the result of a run (summary, per-paragraph statuses, debug) from its finished segments. Pure. */
export const buildResult = (input: ReportInput): RewriteResult => {
  const { segments, texts, options } = input
  const textOf = (s: FinishedSegment) => texts.get(s.index) ?? segmentText(s)
  const done = segments.flatMap((s) => (s.outcome._tag === "Done" ? [s.outcome.work] : []))
  const scores = done.map(lastScore)
  const anyChecked = done.some((w) => w.checked)
  const paragraphs = segments.map((s): ParagraphReport => {
    const { status, reason } = paragraphStatus(s, textOf(s))
    // A kept paragraph's findings say why; a rewritten one's are the notes the writer may want to check.
    const findings = s.outcome._tag === "Done" ? s.outcome.work.outcome.report.findings : []
    return {
      index: s.index,
      paragraph: s.paragraph,
      status,
      ...(reason !== undefined ? { reason } : {}),
      ...(findings.length > 0 ? { findings } : {}),
      ...(s.outcome._tag === "Failed" ? { error: s.outcome.failure.code } : {})
    }
  })
  return {
    finalText: input.finalText,
    summary: {
      segments: input.counts.segments,
      rewritten: segments.filter((s) => textOf(s) !== s.original).length,
      protected: input.counts.protected,
      styleScore: scores.length === 0 ? 100 : Math.round(scores.reduce((a, b) => a + b, 0) / scores.length),
      meaning:
        !anyChecked || !options.runMeaningCheck
          ? "skipped"
          : done.every((w) => w.outcome.report.pass) && done.length === segments.length
            ? "passed"
            : "failed",
      failed: paragraphs.filter((p) => p.status === "failed").length,
      warnings: [...segments.flatMap(paragraphWarnings), ...failureWarnings(segments), ...input.documentWarnings]
    },
    paragraphs,
    provider: input.provider,
    ...(options.includeDebug
      ? {
          debug: {
            timingsMs: input.timingsMs,
            usage: input.usage,
            segments: segments.map((s, i): SegmentDebug => {
              const work = s.outcome._tag === "Done" ? s.outcome.work : undefined
              const paragraph = paragraphs[i]
              return {
                index: s.index,
                status: paragraph?.status ?? "failed",
                ...(paragraph?.reason !== undefined ? { reason: paragraph.reason } : {}),
                original: s.original,
                finalText: textOf(s),
                attempts: (work?.attempts ?? []).map((a) => ({
                  attempt: a.attempt,
                  text: a.text,
                  styleScore: a.score.score,
                  feedback: a.score.feedback
                })),
                meaning: work?.checked ? work.outcome.report : null,
                source: s.cached ? "cached" : (work?.outcome.source ?? "original"),
                timingsMs: { total: s.ms }
              }
            })
          }
        }
      : {})
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** "Paragraph 3 ("In order to upgrade, utilize the…"): kept as it was, because …". */
const paragraphWarnings = (segment: FinishedSegment): ReadonlyArray<string> => {
  if (segment.outcome._tag === "Failed") return []
  const where = `Paragraph ${segment.paragraph} (${excerpt(segment.original)})`
  return segment.outcome.work.outcome.warnings.map((w) => `${where}: ${w}`)
}

/**
 * One warning per reason for the paragraphs whose provider calls failed: a server that went away costs one line
 * ("Paragraphs 3, 5 and 7–12 kept their text, because their provider calls failed: …"), not one per paragraph. How
 * long each call was retried is left out of the reason, so the same failure groups whatever it cost.
 */
const failureWarnings = (segments: ReadonlyArray<FinishedSegment>): ReadonlyArray<string> => {
  const byReason = new Map<string, Array<FinishedSegment>>()
  for (const s of segments) {
    if (s.outcome._tag !== "Failed") continue
    const reason = s.outcome.failure.message.replace(ATTEMPTS_NOTE, "")
    byReason.set(reason, [...(byReason.get(reason) ?? []), s])
  }
  return [...byReason].map(([reason, failed]) => {
    const [only] = failed
    return failed.length === 1 && only !== undefined
      ? `Paragraph ${only.paragraph} (${excerpt(only.original)}): kept as it was, because its provider calls failed: ${reason}.`
      : `${numberList(failed.map((s) => s.paragraph))} kept their text, because their provider calls failed: ${reason}.`
  })
}

/** The retry note Retry.ts adds to a failure's message. */
const ATTEMPTS_NOTE = / \(\d+ attempts over [\d.]+ s\)$/

/** "Paragraphs 3, 5 and 7–12": runs of consecutive numbers as ranges. */
export const numberList = (numbers: ReadonlyArray<number>): string => {
  const runs: Array<[number, number]> = []
  for (const n of numbers.toSorted((a, b) => a - b)) {
    const last = runs.at(-1)
    if (last !== undefined && n === last[1] + 1) last[1] = n
    else runs.push([n, n])
  }
  const parts = runs.flatMap(([a, b]) => (a === b ? [`${a}`] : b === a + 1 ? [`${a}`, `${b}`] : [`${a}–${b}`]))
  const words = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
  return `Paragraph${numbers.length === 1 ? "" : "s"} ${words}`
}

const excerpt = (text: string): string => {
  const flat = text.replace(/\s+/g, " ").trim()
  return JSON.stringify(flat.length <= 40 ? flat : `${flat.slice(0, 40).trimEnd()}…`)
}

/** The style score of the text the segment ended with. */
const lastScore = (work: SegmentWork): number => {
  if (work.outcome.style !== undefined) return work.outcome.style.score
  const chosen = work.attempts.find((a) => a.text === work.outcome.text)
  return chosen?.score.score ?? work.attempts.at(-1)?.score.score ?? 100
}
