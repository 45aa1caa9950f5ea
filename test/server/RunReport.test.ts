import { assert, describe, it } from "@effect/vitest"
import { ProviderTimeout, ProviderUnreachable } from "../../src/domain/Errors.ts"
import { resolveOptions } from "../../src/domain/Rewrite.ts"
import { emptyUsage } from "../../src/provider/LlmProvider.ts"
import { buildResult, type FinishedSegment, numberList } from "../../src/pipeline/RunReport.ts"

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

/** One finished paragraph, rewritten to `text` unless told otherwise. */
const done = (
  index: number,
  original: string,
  text: string,
  more: {
    readonly scores?: ReadonlyArray<readonly [string, number]>
    readonly source?: "rewrite" | "repair" | "original"
    readonly warnings?: ReadonlyArray<string>
    readonly checked?: boolean
    readonly pass?: boolean
    readonly style?: number
    readonly cached?: boolean
  } = {}
): FinishedSegment => ({
  index,
  paragraph: index + 1,
  original,
  outcome: {
    _tag: "Done",
    work: {
      attempts: (more.scores ?? [[text, 90]]).map(([t, s], i) => ({ ...attempt(t, s), attempt: i })),
      outcome: {
        text,
        report: { ...pass, pass: more.pass ?? true },
        source: more.source ?? "rewrite",
        warnings: more.warnings ?? [],
        ...(more.style === undefined ? {} : { style: { score: more.style, feedback: [] } })
      },
      checked: more.checked ?? true
    }
  },
  cached: more.cached ?? false,
  ms: 5
})

const resultOf = (
  segments: ReadonlyArray<FinishedSegment>,
  options: Parameters<typeof resolveOptions>[0] = {},
  texts: ReadonlyMap<number, string> = new Map()
) =>
  buildResult({
    segments,
    texts,
    finalText: "",
    counts: { segments: segments.length, protected: 0 },
    documentWarnings: [],
    options: resolveOptions(options),
    provider: { baseUrl: "http://127.0.0.1:1234/v1", model: "m" },
    timingsMs: { total: 10, rewrite: 7 },
    usage: { calls: 3, promptTokens: 30, completionTokens: 9 }
  })

describe("RunReport, rule by rule", () => {
  it("calls a paragraph unchanged when its checked text is its original, rewritten once a later pass changed it", () => {
    const same = done(0, "Keep it short.", "Keep it short.")
    assert.deepStrictEqual(
      resultOf([same]).paragraphs.map((p) => p.status),
      ["unchanged"]
    )
    assert.strictEqual(resultOf([same]).summary.rewritten, 0)
    const smoothed = resultOf([same], {}, new Map([[0, "Keep it brief."]]))
    assert.deepStrictEqual(
      smoothed.paragraphs.map((p) => p.status),
      ["rewritten"]
    )
    assert.strictEqual(smoothed.summary.rewritten, 1)
  })

  it("says why a paragraph was kept: its warnings, or that no rewrite kept the meaning", () => {
    const quiet = done(0, "Only admins can delete it.", "Only admins can delete it.", { source: "original" })
    const told = done(1, "Back up first.", "Back up first.", {
      source: "original",
      warnings: ["the number was dropped.", "the verification failed."]
    })
    assert.deepStrictEqual(
      resultOf([quiet, told]).paragraphs.map((p) => [p.status, p.reason]),
      [
        ["kept", "no rewrite kept the meaning"],
        ["kept", "the number was dropped. the verification failed."]
      ]
    )
  })

  it("calls the meaning passed only when every checked paragraph passed and the check was asked for", () => {
    const ok = done(0, "We utilize it.", "We use it.")
    const bad = done(1, "We utilize 4.", "We use 4.", { pass: false })
    assert.strictEqual(resultOf([ok]).summary.meaning, "passed")
    assert.strictEqual(resultOf([ok, bad]).summary.meaning, "failed")
    assert.strictEqual(resultOf([ok, bad], { runMeaningCheck: false }).summary.meaning, "skipped")
    assert.strictEqual(
      resultOf([done(0, "We utilize it.", "We use it.", { checked: false })]).summary.meaning,
      "skipped"
    )
    assert.strictEqual(resultOf([failed]).summary.meaning, "skipped")
    // A paragraph whose calls failed kept its text unchecked: the run's meaning is not "passed" over it.
    assert.strictEqual(resultOf([ok, failed]).summary.meaning, "failed")
  })

  it("words the paragraphs that failed for one reason as one warning, whatever each call's retries cost", () => {
    const down = (index: number, paragraph: number, attempts: string): FinishedSegment => ({
      ...failed,
      index,
      paragraph,
      outcome: {
        _tag: "Failed",
        failure: new ProviderUnreachable({ message: `cannot reach the provider: ECONNREFUSED${attempts}` })
      }
    })
    const segments = [
      done(0, "We utilize it.", "We use it."),
      down(2, 2, " (9 attempts over 20.1 s)"),
      down(4, 3, " (8 attempts over 19.7 s)"),
      down(6, 4, ""),
      down(10, 6, " (2 attempts over 0.5 s)"),
      { ...failed, index: 12, paragraph: 7 }
    ]
    assert.deepStrictEqual(resultOf(segments).summary.warnings, [
      "Paragraphs 2–4 and 6 kept their text, because their provider calls failed: cannot reach the provider: ECONNREFUSED.",
      'Paragraph 7 ("Back up first."): kept as it was, because its provider calls failed: the provider did not answer within 60 s.'
    ])
    assert.strictEqual(numberList([9, 1, 2, 4, 5, 6]), "Paragraphs 1, 2, 4–6 and 9")
    assert.strictEqual(numberList([3]), "Paragraph 3")
  })

  it("scores the text each paragraph ended with, the check's own grade first, and rounds the mean", () => {
    // The chosen draft is the first attempt (80), not the last one (60).
    const chosen = done(0, "A.", "Draft one.", {
      scores: [
        ["Draft one.", 80],
        ["Draft two.", 60]
      ]
    })
    assert.strictEqual(resultOf([chosen]).summary.styleScore, 80)
    // A repaired text is no attempt: the last attempt's score stands for it, unless the check graded it.
    const repaired = done(0, "A.", "Repaired.", {
      source: "repair",
      scores: [
        ["Draft one.", 80],
        ["Draft two.", 65]
      ]
    })
    assert.strictEqual(resultOf([repaired]).summary.styleScore, 65)
    assert.strictEqual(resultOf([done(0, "A.", "Repaired.", { source: "repair", style: 71 })]).summary.styleScore, 71)
    assert.strictEqual(resultOf([done(0, "A.", "B.", { scores: [] })]).summary.styleScore, 100)
    // (85 + 90) / 2 = 87.5, rounded up; no finished paragraph at all scores 100.
    const two = [done(0, "A.", "B.", { scores: [["B.", 85]] }), done(1, "C.", "D.", { scores: [["D.", 90]] })]
    assert.strictEqual(resultOf(two).summary.styleScore, 88)
    assert.strictEqual(resultOf([failed]).summary.styleScore, 100)
  })

  it("quotes at most 40 characters of a paragraph in its warnings, on one line", () => {
    const long = "This paragraph is long enough that it's cut short, at a space."
    const forty = "Exactly forty characters are kept here.."
    assert.strictEqual(forty.length, 40)
    const warned = (original: string) =>
      resultOf([done(0, original, original, { source: "original", warnings: ["kept."] })]).summary.warnings
    assert.deepStrictEqual(warned(long), ['Paragraph 1 ("This paragraph is long enough that it\'s…"): kept.'])
    assert.deepStrictEqual(warned(forty), [`Paragraph 1 ("${forty}"): kept.`])
    assert.deepStrictEqual(warned("  Two\n   lines.  "), ['Paragraph 1 ("Two lines."): kept.'])
  })

  it("lists in debug each paragraph's final text, attempts, verdict, source and time, and the run's figures", () => {
    const unchecked = done(0, "We utilize it.", "We use it.", { checked: false })
    const cached = done(1, "We utilize it.", "We use it.", { cached: true })
    const debug = resultOf(
      [unchecked, cached, failed],
      { includeDebug: true },
      new Map([[1, "We really use it."]])
    ).debug
    assert.deepStrictEqual(debug?.timingsMs, { total: 10, rewrite: 7 })
    assert.deepStrictEqual(debug?.usage, { calls: 3, promptTokens: 30, completionTokens: 9 })
    assert.deepStrictEqual(debug?.segments[0], {
      index: 0,
      status: "rewritten",
      original: "We utilize it.",
      finalText: "We use it.",
      attempts: [{ attempt: 0, text: "We use it.", styleScore: 90, feedback: [] }],
      meaning: null,
      source: "rewrite",
      timingsMs: { total: 5 }
    })
    assert.deepStrictEqual(
      [debug?.segments[1]?.source, debug?.segments[1]?.finalText, debug?.segments[1]?.meaning],
      ["cached", "We really use it.", pass]
    )
    assert.deepStrictEqual(
      [debug?.segments[2]?.status, debug?.segments[2]?.reason, debug?.segments[2]?.timingsMs],
      ["failed", "the provider did not answer within 60 s", { total: 60000 }]
    )
  })
})
