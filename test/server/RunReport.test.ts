import { assert, describe, it } from "@effect/vitest"
import { ProviderTimeout } from "../../src/domain/Errors.ts"
import { resolveOptions } from "../../src/domain/Rewrite.ts"
import { emptyUsage } from "../../src/provider/LlmProvider.ts"
import { buildResult, type FinishedSegment } from "../../src/pipeline/RunReport.ts"

/** The run's report is a pure function of its finished segments: tested here without HTTP, stages or a model. */
const pass = { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] }
const attempt = (text: string, score: number) => ({ attempt: 0, text, score: { score, feedback: [] } })

const rewritten: FinishedSegment = {
  index: 0,
  paragraph: 1,
  original: "We utilize 4 servers.",
  outcome: {
    _tag: "Done",
    work: {
      attempts: [attempt("We use 4 servers.", 90)],
      outcome: { text: "We use 4 servers.", report: pass, source: "rewrite", warnings: [] },
      checked: true
    }
  },
  cached: false,
  ms: 12
}
const kept: FinishedSegment = {
  index: 2,
  paragraph: 2,
  original: "Only admins can delete it.",
  outcome: {
    _tag: "Done",
    work: {
      attempts: [attempt("Admins can delete it.", 70)],
      outcome: {
        text: "Only admins can delete it.",
        report: {
          ...pass,
          pass: false,
          findings: [{ kind: "scope", certainty: "suspect", message: '"only" was dropped' }]
        },
        source: "original",
        warnings: ["kept as it was, because no rewrite kept the meaning."]
      },
      checked: true
    }
  },
  cached: false,
  ms: 20
}
const failed: FinishedSegment = {
  index: 4,
  paragraph: 3,
  original: "Back up first.",
  outcome: { _tag: "Failed", failure: new ProviderTimeout({ message: "the provider did not answer within 60 s" }) },
  cached: false,
  ms: 60000
}

const report = (includeDebug: boolean) =>
  buildResult({
    segments: [rewritten, kept, failed],
    texts: new Map([
      [0, "We use 4 servers."],
      [2, "Only admins can delete it."],
      [4, "Back up first."]
    ]),
    finalText: "We use 4 servers.\n\nOnly admins can delete it.\n\nBack up first.\n",
    counts: { segments: 3, protected: 1 },
    documentWarnings: ["The smoothing pass was skipped."],
    options: resolveOptions({ includeDebug }),
    provider: { baseUrl: "http://127.0.0.1:1234/v1", model: "m" },
    timingsMs: { total: 60100 },
    usage: emptyUsage
  })

describe("RunReport", () => {
  it("counts, scores and words the summary by hand-worked values", () => {
    const { summary } = report(false)
    assert.strictEqual(summary.segments, 3)
    assert.strictEqual(summary.rewritten, 1)
    assert.strictEqual(summary.protected, 1)
    // The mean of the two finished paragraphs' chosen scores: (90 + 70) / 2, rounded.
    assert.strictEqual(summary.styleScore, 80)
    assert.strictEqual(summary.meaning, "failed")
    assert.strictEqual(summary.failed, 1)
    assert.deepStrictEqual(summary.warnings, [
      'Paragraph 2 ("Only admins can delete it."): kept as it was, because no rewrite kept the meaning.',
      'Paragraph 3 ("Back up first."): kept as it was, because its provider calls failed: the provider did not answer within 60 s.',
      "The smoothing pass was skipped."
    ])
  })

  it("gives every paragraph its status, reason, findings and error code", () => {
    assert.deepStrictEqual(report(false).paragraphs, [
      { index: 0, paragraph: 1, status: "rewritten" },
      {
        index: 2,
        paragraph: 2,
        status: "kept",
        reason: "kept as it was, because no rewrite kept the meaning.",
        findings: [{ kind: "scope", certainty: "suspect", message: '"only" was dropped' }]
      },
      {
        index: 4,
        paragraph: 3,
        status: "failed",
        reason: "the provider did not answer within 60 s",
        error: "provider_timeout"
      }
    ])
  })

  it("adds the debug part only when asked, with each segment's source and attempts", () => {
    assert.isUndefined(report(false).debug)
    const debug = report(true).debug
    assert.deepStrictEqual(
      debug?.segments.map((s) => [s.index, s.status, s.source, s.attempts.length]),
      [
        [0, "rewritten", "rewrite", 1],
        [2, "kept", "original", 1],
        [4, "failed", "original", 0]
      ]
    )
  })
})
