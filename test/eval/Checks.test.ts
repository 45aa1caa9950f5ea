/**
 * The deterministic checks of an evaluation cell (eval/Checks.ts) and how failures read (eval/Failures.ts), rule by
 * rule, on plain values: no service, no model.
 */
import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import type { EvalCase, Expectations } from "../../eval/Cases.ts"
import { checkOutput, context, measuredStyle } from "../../eval/Checks.ts"
import {
  CaveatLost,
  describeFailure,
  type Failure,
  failureFromApiError,
  ForbiddenPhrasePresent,
  InvalidModelReply,
  JudgeFailed,
  ParagraphsFailed,
  ProtectedBlockChanged,
  RequiredTermLost,
  RETRYABLE,
  RewriteWithheld,
  ServiceFailed,
  StyleBelowThreshold
} from "../../eval/Failures.ts"
import type { RewriteResult, SegmentDebug, StyleProfile } from "../../src/domain/Rewrite.ts"
import { assessStyle, buildStyleTarget } from "../../src/text/StyleMetrics.ts"

const caseWith = (expect: Expectations, source = "The pump runs at 40 L/min, unless the valve is shut."): EvalCase => ({
  id: "c",
  title: "c",
  profile: "plain-english",
  tags: ["t"],
  source,
  expect
})

const tags = (failures: ReadonlyArray<Failure>) => failures.map((f) => f._tag)

/** A service answer that passed everything, to be changed field by field. */
const result = (
  summary: Partial<RewriteResult["summary"]> = {},
  rest: Partial<Omit<RewriteResult, "summary">> = {}
): RewriteResult => ({
  finalText: "text",
  summary: {
    segments: 1,
    rewritten: 1,
    protected: 0,
    styleScore: 90,
    meaning: "passed",
    failed: 0,
    warnings: [],
    ...summary
  },
  paragraphs: [],
  provider: { baseUrl: "http://127.0.0.1:1/v1", model: "m" },
  ...rest
})

const segment = (fields: Partial<SegmentDebug>): SegmentDebug => ({
  index: 0,
  status: "kept",
  original: "Original.",
  finalText: "Original.",
  attempts: [],
  meaning: null,
  source: "original",
  timingsMs: {},
  ...fields
})

const debugOf = (segments: ReadonlyArray<SegmentDebug>): NonNullable<RewriteResult["debug"]> => ({
  timingsMs: {},
  usage: { calls: 1, promptTokens: 1, completionTokens: 1 },
  segments
})

describe("checkOutput: required terms", () => {
  it("a term must be present exactly, case and all; any one of its alternatives is enough", () => {
    const c = caseWith({ requiredTerms: ["40 L/min", ["3 May", "May 3"]] }, "Pump 40 L/min until 3 May.")
    assert.deepStrictEqual(checkOutput(c, "Pump 40 L/min until May 3.", 100, undefined), [])
    assert.deepStrictEqual(tags(checkOutput(c, "Pump 40 l/min until 3 May.", 100, undefined)), ["RequiredTermLost"])
    const lost = checkOutput(c, "Pump 40 L/min until later.", 100, undefined)
    // The failure names the first spelling, with the source around it as evidence.
    assert.deepStrictEqual(lost, [
      RequiredTermLost.make({ term: "3 May", evidence: "in the source: Pump 40 L/min until 3 May." })
    ])
  })

  it("the evidence finds a term in the source whatever its case, and says when the case is wrong about it", () => {
    const c = caseWith({ requiredTerms: ["PUMP", "valve 7"] }, "The pump runs.")
    const failures = checkOutput(c, "Nothing.", 100, undefined)
    assert.deepStrictEqual(
      failures.map((f) => f.evidence),
      ["in the source: The pump runs.", "in the source: (not in the source either: check the case)"]
    )
  })

  it("the evidence tries each alternative in turn", () => {
    const c = caseWith({ caveats: [["if dry", "unless wet"]] }, "Go out unless wet.")
    assert.deepStrictEqual(checkOutput(c, "Go out.", 100, undefined), [
      CaveatLost.make({ caveat: "if dry", evidence: "in the source: Go out unless wet." })
    ])
  })
})

describe("checkOutput: forbidden phrases, protected blocks, caveats", () => {
  it("a forbidden phrase is found whatever its case, with the output around it", () => {
    const c = caseWith({ forbiddenPhrases: ["seamless", "delve"] })
    assert.deepStrictEqual(checkOutput(c, "A plain start.", 100, undefined), [])
    assert.deepStrictEqual(checkOutput(c, "A Seamless start.", 100, undefined), [
      ForbiddenPhrasePresent.make({ phrase: "seamless", evidence: "A Seamless start." })
    ])
  })

  it("a protected block must come back byte for byte", () => {
    const block = "```sh\nnpm run build --watch\n```"
    const c = caseWith({ protectedBlocks: [block] })
    assert.deepStrictEqual(checkOutput(c, `Intro.\n\n${block}\n`, 100, undefined), [])
    assert.deepStrictEqual(tags(checkOutput(c, "Intro.\n\n```sh\nnpm run build --Watch\n```\n", 100, undefined)), [
      "ProtectedBlockChanged"
    ])
  })

  it("a changed block's evidence says how much matched and shows where the output went its own way", () => {
    const block = "```sh\nnpm run build --watch\n```"
    const [changed] = checkOutput(
      caseWith({ protectedBlocks: [block] }),
      "Intro.\n\n```sh\nnpm run build --once\n```\n",
      100,
      undefined
    )
    assert.deepStrictEqual(
      changed,
      ProtectedBlockChanged.make({
        block,
        evidence:
          "matches for 22 of 31 characters; expected …```sh ⏎ npm run build --watch ⏎ ```… but got Intro. ⏎ ```sh ⏎ npm run build --once ⏎ ``` ⏎ "
      })
    )
    const [gone] = checkOutput(caseWith({ protectedBlocks: [block] }), "Nothing like it.", 100, undefined)
    assert.strictEqual(gone?.evidence, "no part of the block was found; expected: ```sh ⏎ npm run build --watch ⏎ ```")
  })

  it("a block whose first 7 characters are all that is left counts as not found; 8 are a partial match", () => {
    const block = "abcdefghijklmnop"
    const [seven] = checkOutput(caseWith({ protectedBlocks: [block] }), "x abcdefg x", 100, undefined)
    assert.match(seven?.evidence ?? "", /^no part of the block was found/)
    const [eight] = checkOutput(caseWith({ protectedBlocks: [block] }), "x abcdefgh x", 100, undefined)
    assert.strictEqual(
      eight?.evidence,
      "matches for 8 of 16 characters; expected …abcdefghijklmnop… but got x abcdefgh x"
    )
  })

  it("in a long block and output, the evidence shows 30 characters before the divergence and 40 after, and the output around it", () => {
    const block = `${"A".repeat(50)}${"B".repeat(50)}`
    const output = `${"x".repeat(100)}${"A".repeat(50)}${"C".repeat(50)}${"y".repeat(100)}`
    const [changed] = checkOutput(caseWith({ protectedBlocks: [block] }), output, 100, undefined)
    assert.strictEqual(
      changed?.evidence,
      `matches for 50 of 100 characters; expected …${"A".repeat(30)}${"B".repeat(40)}… but got …${"x".repeat(10)}${"A".repeat(50)}${"C".repeat(50)}${"y".repeat(10)}…`
    )
  })

  it("a term at the very start of the source is shown in the evidence", () => {
    const [lost] = checkOutput(
      caseWith({ requiredTerms: ["40 L/min"] }, "40 L/min is the rate."),
      "The rate.",
      100,
      undefined
    )
    assert.strictEqual(lost?.evidence, "in the source: 40 L/min is the rate.")
  })

  it("a caveat may change case, but must be there in one of its spellings", () => {
    const c = caseWith({ caveats: [["Unless the valve is shut", "if the valve is open"]] })
    assert.deepStrictEqual(checkOutput(c, "It runs UNLESS THE VALVE IS SHUT.", 100, undefined), [])
    assert.deepStrictEqual(checkOutput(c, "It runs if the valve is open.", 100, undefined), [])
    assert.deepStrictEqual(tags(checkOutput(c, "It runs.", 100, undefined)), ["CaveatLost"])
  })

  it("the failures come in the order of the checks, one per broken expectation", () => {
    const c = caseWith(
      {
        requiredTerms: ["40", "L/min"],
        forbiddenPhrases: ["basically"],
        protectedBlocks: ["`valve`"],
        caveats: ["unless"],
        minStyleScore: 80
      },
      "The pump runs at 40 L/min, unless the `valve` is shut."
    )
    assert.deepStrictEqual(tags(checkOutput(c, "Basically it pumps.", 79, undefined)), [
      "RequiredTermLost",
      "RequiredTermLost",
      "ForbiddenPhrasePresent",
      "ProtectedBlockChanged",
      "CaveatLost",
      "StyleBelowThreshold"
    ])
  })
})

describe("checkOutput: style threshold", () => {
  it("a score below the threshold fails, one equal to it passes, and no threshold means no check", () => {
    const c = caseWith({ minStyleScore: 80 })
    assert.deepStrictEqual(checkOutput(c, "Short output.", 80, undefined), [])
    assert.deepStrictEqual(checkOutput(c, "Short output.", 79.5, undefined), [
      StyleBelowThreshold.make({ score: 79.5, threshold: 80, evidence: "output begins: Short output." })
    ])
    assert.deepStrictEqual(checkOutput(caseWith({}), "Short output.", 0, undefined), [])
  })
})

describe("checkOutput: what the service said about its own run", () => {
  it("failed paragraphs are one failure naming each paragraph and its reason", () => {
    const failures = checkOutput(
      caseWith({}),
      "text",
      90,
      result(
        {},
        {
          paragraphs: [
            { index: 0, paragraph: 1, status: "rewritten" },
            { index: 2, paragraph: 2, status: "failed", reason: "the reply was cut off", error: "provider_error" },
            { index: 3, paragraph: 3, status: "failed", error: "provider_timeout" },
            { index: 4, paragraph: 4, status: "failed" },
            { index: 5, paragraph: 5, status: "kept", reason: "a number changed" }
          ]
        }
      )
    )
    assert.deepStrictEqual(failures, [
      ParagraphsFailed.make({
        paragraphs: 3,
        evidence: "paragraph 2: the reply was cut off | paragraph 3: provider_timeout | paragraph 4: failed"
      })
    ])
  })

  it("a result stored before paragraph statuses existed is read as having none failed", () => {
    const old = { ...result(), paragraphs: undefined } as unknown as RewriteResult
    assert.deepStrictEqual(checkOutput(caseWith({}), "text", 90, old), [])
  })

  it("a failed meaning check is one failure with the service's warnings, and then no withheld paragraphs", () => {
    const failed = checkOutput(
      caseWith({}),
      "text",
      90,
      result({ meaning: "failed", warnings: ["Paragraph 1 kept as it was: 40 became 45", "Paragraph 2: odd"] })
    )
    assert.deepStrictEqual(tags(failed), ["MeaningCheckFailed"])
    assert.strictEqual(failed[0]?.evidence, "Paragraph 1 kept as it was: 40 became 45 | Paragraph 2: odd")
    const silent = checkOutput(caseWith({}), "text", 90, result({ meaning: "failed" }))
    assert.strictEqual(silent[0]?.evidence, "no warning given")
  })

  it("paragraphs kept as they were are withheld rewrites, unless their provider calls failed", () => {
    const kept = checkOutput(
      caseWith({}),
      "text",
      90,
      result({
        warnings: [
          "Paragraph 1 was kept as it was: the number 40 changed",
          "Paragraph 2 was kept as it was: its provider calls failed",
          "Paragraph 3 is long"
        ]
      })
    )
    assert.deepStrictEqual(kept, [
      RewriteWithheld.make({ segments: 1, evidence: "Paragraph 1 was kept as it was: the number 40 changed" })
    ])
    assert.deepStrictEqual(checkOutput(caseWith({}), "text", 90, result({ warnings: ["Paragraph 3 is long"] })), [])
  })

  it("without such warnings, a segment that came back as its original (repaired or kept) is withheld", () => {
    const debug = debugOf([
      segment({
        index: 0,
        source: "repair",
        meaning: {
          pass: false,
          missingDetails: ["40 L/min"],
          addedClaims: ["ignored"],
          changedMeaning: ["unless → if"],
          findings: []
        },
        attempts: [
          { attempt: 0, text: "first draft", styleScore: 50, feedback: [] },
          { attempt: 1, text: "second draft", styleScore: 55, feedback: [] },
          { attempt: 2, text: "Last\ndraft", styleScore: 60, feedback: [] }
        ]
      }),
      segment({ index: 1, source: "original" }),
      // Not withheld: rewritten, failed, or an original whose final text differs.
      segment({ index: 2, source: "rewrite" }),
      segment({ index: 3, source: "original", status: "failed" }),
      segment({ index: 4, source: "original", finalText: "Changed." }),
      segment({ index: 5, source: "cached" })
    ])
    const failures = checkOutput(caseWith({}), "text", 90, result({}, { debug }))
    assert.deepStrictEqual(failures, [
      RewriteWithheld.make({
        segments: 2,
        evidence:
          "segment 1 came back as the original (40 L/min; unless → if); last draft: Last ⏎ draft | segment 2 came back as the original"
      })
    ])
  })
})

describe("context", () => {
  it("shows about 60 characters either side, on one line, with an ellipsis where it cuts", () => {
    const text = `${"a".repeat(100)}HERE${"b".repeat(100)}`
    assert.strictEqual(context(text, 100, 4), `…${"a".repeat(60)}HERE${"b".repeat(60)}…`)
    assert.strictEqual(context("short\n  text", 0, 5), "short ⏎ text")
    assert.strictEqual(context(text, 0, 0), `${"a".repeat(60)}…`)
    assert.strictEqual(context(text, 204, 0), `…${"b".repeat(60)}`)
    assert.strictEqual(context("x".repeat(61), 61, 0), `…${"x".repeat(60)}`)
    assert.strictEqual(context("x".repeat(60), 60, 0), "x".repeat(60))
  })
})

describe("measuredStyle", () => {
  const profile = JSON.parse(readFileSync("fixtures/profiles/plain-english.json", "utf8")) as StyleProfile
  const target = buildStyleTarget(profile.samples, profile.avoid)
  const one = "We fixed the pump today, and it runs well again."
  const two = "It is imperative that the aforementioned apparatus be subjected to comprehensive examination."

  it("is the rounded mean of the prose paragraphs' scores; code is not measured; no prose scores 100", () => {
    const a = assessStyle(one, target).score
    const b = assessStyle(two, target).score
    assert.notStrictEqual(Math.round(a), Math.round(b))
    assert.strictEqual(measuredStyle(`${one}\n\n${two}\n`, profile), Math.round((a + b) / 2))
    assert.strictEqual(measuredStyle(`${one}\n\n\`\`\`sh\nnpm start\n\`\`\`\n`, profile), Math.round(a))
    assert.strictEqual(measuredStyle("```sh\nnpm start\n```\n", profile), 100)
  })
})

describe("failures", () => {
  it("each failure reads as one line naming what failed", () => {
    const lines = [
      RequiredTermLost.make({ term: "40", evidence: "" }),
      ForbiddenPhrasePresent.make({ phrase: "delve", evidence: "" }),
      ProtectedBlockChanged.make({ block: `${"x".repeat(70)}\nsecond line`, evidence: "" }),
      CaveatLost.make({ caveat: "unless", evidence: "" }),
      StyleBelowThreshold.make({ score: 71, threshold: 80, evidence: "" }),
      RewriteWithheld.make({ segments: 2, evidence: "" }),
      ParagraphsFailed.make({ paragraphs: 3, evidence: "" }),
      ServiceFailed.make({ code: "invalid_request", evidence: "" }),
      JudgeFailed.make({ evidence: "" })
    ].map(describeFailure)
    assert.deepStrictEqual(lines, [
      'required term "40" lost',
      'forbidden phrase "delve" present',
      `protected block "${"x".repeat(60)}" changed`,
      'caveat "unless" lost',
      "style 71 below 80",
      "2 paragraph(s) kept as they were",
      "the provider failed on 3 paragraph(s)",
      "service error invalid_request",
      "JudgeFailed"
    ])
  })

  it("a resumed run tries again only the failures that say nothing about the text", () => {
    assert.deepStrictEqual([...RETRYABLE].toSorted(), [
      "ModelNotLoaded",
      "ParagraphsFailed",
      "ProviderTimeout",
      "ProviderUnreachable",
      "ServiceFailed"
    ])
  })

  it("the provider's message decides between a missing model, a bad reply and another provider error", () => {
    const tag = (message: string) => failureFromApiError("provider_error", message)._tag
    for (const missing of [
      "model is not loaded",
      "the model was unloaded",
      "model x not found",
      "model does not exist",
      "no chat model",
      "there is no model",
      "model_not_found",
      "try pulling it",
      "the model is not available",
      "NOT LOADED"
    ]) {
      assert.strictEqual(tag(missing), "ModelNotLoaded", missing)
    }
    for (const bad of [
      "the reply was empty",
      "the reply could not be read",
      "an unreadable answer",
      "a reply without choices",
      "the reply was cut off",
      "the answer was empty",
      "the rewrite could not be used",
      "the answer is not JSON"
    ]) {
      assert.strictEqual(tag(bad), "InvalidModelReply", bad)
    }
    assert.strictEqual(tag("answered 500"), "ProviderFailed")
    assert.deepStrictEqual(
      failureFromApiError("provider_error", "the reply was empty"),
      InvalidModelReply.make({ evidence: "the reply was empty" })
    )
    assert.deepStrictEqual(
      failureFromApiError("profile_not_found", "no such profile"),
      ServiceFailed.make({ code: "profile_not_found", evidence: "no such profile" })
    )
    assert.strictEqual(failureFromApiError("provider_timeout", "slow").evidence, "slow")
    assert.strictEqual(failureFromApiError("provider_unreachable", "down").evidence, "down")
  })
})
