/**
 * One shape for the review, whatever it is built from: a run still streaming (its outline and the paragraphs finished
 * so far), or a saved version with the writer's decisions. The review view renders this and nothing else.
 */
import type { Decision, Finding, MeaningVerdict, OutlineBlock, ParagraphStatus, VersionDetail } from "../api/redraft.ts"
import type { SegmentProgress } from "../stores/run.ts"

export interface ReviewRow {
  readonly index: number
  /**
   * The number the writer sees: the paragraph's place among the rewritable ones, from 1. Warnings, progress and
   * cards all use it ("Paragraph 3").
   */
  readonly number: number
  readonly original: string
  /** The paragraph's final text once it finished (its original when it was kept), else null. */
  readonly rewrite: string | null
  /** What the reviewed document holds here: the rewrite, the original (rejected) or the writer's edit. */
  readonly text: string | null
  /** Null while the paragraph is still being worked on. */
  readonly status: ParagraphStatus | null
  /** The stage at work on it while the run goes on ("rewrite", "meaning-check"), else null. */
  readonly stage: string | null
  /** Why the paragraph kept its original text, in the service's words. */
  readonly reason: string | null
  /** Null for a run that is not saved (yet): there is nothing to decide on. */
  readonly decision: Decision | null
  readonly styleScore: number | null
  readonly styleFeedback: ReadonlyArray<string>
  readonly meaning: MeaningVerdict | null
  readonly findings: ReadonlyArray<Finding>
  /** The saved paragraph's revision, sent back with a decision; null for a run that is not saved. */
  readonly revision: number | null
  /** A retry's text that finished after the writer had decided: offered beside their decision, not applied. */
  readonly alternative: string | null
}

export interface ReviewModel {
  /** The document's blocks in order; `kept` ones (headings, code, tables, quotes) are shown as they are. */
  readonly blocks: ReadonlyArray<OutlineBlock>
  readonly rows: ReadonlyMap<number, ReviewRow>
}

/** Each rewritable block's number as the writer sees it: its place among them, from 1. */
export const paragraphNumbers = (blocks: ReadonlyArray<OutlineBlock>): ReadonlyMap<number, number> =>
  new Map(blocks.filter((b) => !b.kept).map((b, i) => [b.index, i + 1]))

/** The id of a paragraph's card, so a warning can link to it. */
export const cardId = (number: number): string => `paragraph-${number}`

/** A saved version: every paragraph finished, each with its decision. */
export const fromVersion = (version: VersionDetail): ReviewModel => {
  const numbers = paragraphNumbers(version.blocks)
  return {
    blocks: version.blocks,
    rows: new Map(
      version.paragraphs.map((p, i) => [
        p.index,
        {
          index: p.index,
          number: numbers.get(p.index) ?? i + 1,
          original: p.original,
          rewrite: p.rewrite,
          text: p.text,
          status: p.status,
          stage: null,
          reason: p.warnings[0] ?? null,
          decision: p.decision,
          styleScore: p.styleScore,
          styleFeedback: p.styleFeedback,
          meaning: p.meaning,
          findings: p.findings,
          revision: p.revision,
          alternative: p.alternative
        }
      ])
    )
  }
}

/** A run as it streams: every rewritable paragraph of the outline, finished or still at work. */
export const fromRun = (
  outline: ReadonlyArray<OutlineBlock>,
  segments: Readonly<Record<number, SegmentProgress>>,
  partial: Readonly<Record<number, string>>
): ReviewModel => ({
  blocks: outline,
  rows: new Map(
    outline
      .filter((b) => !b.kept)
      .map((b, i) => {
        const progress = segments[b.index]
        const text = partial[b.index] ?? null
        return [
          b.index,
          {
            index: b.index,
            number: i + 1,
            original: b.text,
            rewrite: text,
            text,
            status: progress?.finished === true ? (progress.status ?? null) : null,
            stage: progress?.finished === false ? progress.stage : null,
            reason: progress?.reason ?? null,
            decision: null,
            styleScore: null,
            styleFeedback: [],
            meaning: null,
            findings: [],
            revision: null,
            alternative: null
          }
        ]
      })
  )
})
