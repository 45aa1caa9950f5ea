/**
 * The pipeline's own rules, with stages written in the test (no model, no HTTP): the draft and score loop, the meaning
 * guards over every text a stage changes, what the report says of each paragraph, a paragraph whose provider calls
 * fail, a cancelled run and the whole-document passes. Each test runs in milliseconds.
 */
import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Ref } from "effect"
import { TestClock } from "effect/testing"
import {
  ProviderError,
  type ProviderFailure,
  ProviderRejected,
  ProviderTimeout,
  ProviderUnreachable,
  RunFailed
} from "../../src/domain/Errors.ts"
import { type PipelineOptions, resolveOptions, type RewriteResult, type RunEvent } from "../../src/domain/Rewrite.ts"
import { CallRank } from "../../src/provider/Gate.ts"
import { Pipeline, type RunInput } from "../../src/pipeline/Pipeline.ts"
import type {
  CheckInput,
  CheckOutcome,
  CheckStage,
  DocumentInput,
  DocumentOutcome,
  DocumentStage,
  DraftInput,
  DraftStage,
  ScoreInput,
  ScoreStage,
  Stage,
  StageFailure,
  StyleScore
} from "../../src/pipeline/Stage.ts"
import { pipelineWith } from "../support/StageHarness.ts"
import { buildStyleTarget } from "../../src/text/StyleMetrics.ts"

// ---------------------------------------------------------------------------------------------------------------
// Stages written for the test, and a run over them.

const SAMPLES = ["Open the panel. Check the fuse.", "Run the tests first. Then push the branch."]
const PROFILE = {
  profile: {
    id: "plain",
    name: "Plain",
    description: "Short sentences.",
    rules: ["Use short sentences."],
    avoid: [],
    samples: SAMPLES
  },
  style: buildStyleTarget(SAMPLES, [])
}
const TARGET = { baseUrl: "http://127.0.0.1:9/v1", model: "test-model", reasoningEffort: "none" } as const

type Reply<A> = Effect.Effect<A, StageFailure>

const draftStage = (name: string, draft: (input: DraftInput) => Reply<string>, order = 0): DraftStage => ({
  kind: "draft",
  name,
  order,
  draft
})
const scoreStage = (name: string, score: (input: ScoreInput) => Reply<StyleScore>, order = 0): ScoreStage => ({
  kind: "score",
  name,
  order,
  score
})
const checkStage = (name: string, check: (input: CheckInput) => Reply<CheckOutcome>, order = 0): CheckStage => ({
  kind: "check",
  name,
  order,
  check
})
const documentStage = (name: string, apply: (input: DocumentInput) => Reply<DocumentOutcome>, order = 0) =>
  ({ kind: "document", name, order, apply }) satisfies DocumentStage

const fail = (reason: ProviderFailure) => Effect.fail(new ProviderError({ reason }))
const timeout = new ProviderTimeout({ message: "the provider did not answer within 60 s" })
const unreachable = new ProviderUnreachable({ message: "the provider at 127.0.0.1:9 refused the connection" })

/** Writes "use" for "utilize", as a plain-style model would. */
const plainer = draftStage("rewrite", ({ current }) => Effect.succeed(current.replace(/utilize/gi, "use")))

const PASS = { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] }

/** A check stage that accepts what it is given (the pipeline's guards still judge it). */
const accepting = checkStage("accept", ({ candidate }) =>
  Effect.succeed({ text: candidate, report: PASS, source: "rewrite", warnings: [] })
)

/** A check stage that hands back `edit(candidate)` as a repair. */
const repairing = (name: string, edit: (text: string) => string, order = 0) =>
  checkStage(
    name,
    ({ candidate }) => Effect.succeed({ text: edit(candidate), report: PASS, source: "repair", warnings: [] }),
    order
  )

const layerWith = pipelineWith

const input = (document: string, options: PipelineOptions = {}, extra: Partial<RunInput> = {}): RunInput => ({
  document,
  profile: PROFILE,
  options: resolveOptions({ includeDebug: true, ...options }),
  target: TARGET,
  ...extra
})

const runWith = (
  stages: ReadonlyArray<Stage>,
  document: string,
  options: PipelineOptions = {},
  extra: Partial<RunInput> = {}
) =>
  Effect.gen(function* () {
    return yield* (yield* Pipeline).run(input(document, options, extra))
  }).pipe(Effect.provide(layerWith(stages)))

/** The run's failure, which the test expects. */
const runFailure = (stages: ReadonlyArray<Stage>, document: string) =>
  Effect.flip(runWith(stages, document)).pipe(
    Effect.map((e) => {
      assert.instanceOf(e, RunFailed)
      return e
    })
  )

const statuses = (result: RewriteResult) => result.paragraphs.map((p) => p.status)
const sources = (result: RewriteResult) => result.debug?.segments.map((s) => s.source)

/** Records what a stage was called with. */
const recorder = <A>() => {
  const seen: Array<A> = []
  return { seen, record: (a: A) => seen.push(a) }
}

/** A draft stage that answers each paragraph from its own list, round by round (the last one repeats). */
const scripted = (drafts: ReadonlyArray<string>) => {
  const calls = recorder<DraftInput>()
  const stage = draftStage("rewrite", (i) => {
    calls.record(i)
    return Effect.succeed(drafts[Math.min(i.attempt, drafts.length - 1)] ?? i.current)
  })
  return { stage, calls: calls.seen }
}

/** A score stage that looks each text up in a table (with feedback "Shorter." unless told otherwise). */
const scoredBy = (table: Readonly<Record<string, number>>, feedback: ReadonlyArray<string> = ["Shorter."]) => {
  const calls = recorder<ScoreInput>()
  const stage = scoreStage("style", (i) => {
    calls.record(i)
    return Effect.succeed({ score: table[i.text] ?? 0, feedback })
  })
  return { stage, calls: calls.seen }
}

// ---------------------------------------------------------------------------------------------------------------

describe("the draft and score loop", () => {
  it.effect("sends another round with the scorers' feedback until the threshold is reached", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Use it now, please.", "Use it now."])
      const scores = scoredBy({ "Use it now, please.": 60, "Use it now.": 85 })
      const result = yield* runWith([drafts.stage, scores.stage], "Utilize it now, please.\n")
      assert.deepStrictEqual(
        drafts.calls.map((c) => [c.attempt, c.current, c.feedback]),
        [
          [0, "Utilize it now, please.", []],
          [1, "Use it now, please.", ["Shorter."]]
        ]
      )
      assert.isTrue(drafts.calls.every((c) => c.original === "Utilize it now, please."))
      assert.strictEqual(result.finalText, "Use it now.\n")
      assert.strictEqual(result.summary.styleScore, 85)
      assert.deepStrictEqual(
        result.debug?.segments[0]?.attempts.map((a) => [a.attempt, a.text, a.styleScore, a.feedback]),
        [
          [0, "Use it now, please.", 60, ["Shorter."]],
          [1, "Use it now.", 85, ["Shorter."]]
        ]
      )
    })
  )

  it.effect("counts a draft that scores exactly the threshold as good enough", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta."])
      const result = yield* runWith(
        [drafts.stage, scoredBy({ "Draft one.": 80, "Draft beta.": 99 }).stage],
        "First.\n",
        {
          styleThreshold: 80
        }
      )
      assert.strictEqual(drafts.calls.length, 1)
      assert.strictEqual(result.finalText, "Draft one.\n")
      // Without a check stage, no verdict is given and no finding is listed.
      assert.deepStrictEqual(result.paragraphs, [{ index: 0, paragraph: 1, status: "rewritten" }])
      assert.strictEqual(result.summary.meaning, "skipped")
      assert.isNull(result.debug?.segments[0]?.meaning)
    })
  )

  it.effect("stops after maxRewriteIterations further rounds, and keeps the best-scoring draft", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta.", "Draft gamma.", "Draft delta."])
      const scores = scoredBy({ "Draft one.": 40, "Draft beta.": 70, "Draft gamma.": 50, "Draft delta.": 60 })
      const result = yield* runWith([drafts.stage, scores.stage], "First draft here.\n", {
        maxRewriteIterations: 2,
        styleThreshold: 95
      })
      assert.strictEqual(drafts.calls.length, 3)
      assert.strictEqual(result.finalText, "Draft beta.\n")
      assert.strictEqual(result.summary.styleScore, 70)

      const once = scripted(["Draft one.", "Draft beta."])
      yield* runWith([once.stage, scoredBy({ "Draft one.": 40 }).stage], "First draft here.\n", {
        maxRewriteIterations: 0
      })
      assert.strictEqual(once.calls.length, 1)
    })
  )

  it.effect(
    "ends a paragraph's rounds at a round whose draft changes the meaning for certain, and never picks it",
    () =>
      Effect.gen(function* () {
        // The second draft adds a number: it can never be used, and a round after it would go on from it.
        const drafts = scripted(["Draft one.", "Draft two.", "Draft gamma."])
        const scores = scoredBy({ "Draft one.": 40, "Draft two.": 60, "Draft gamma.": 70 })
        const result = yield* runWith([drafts.stage, scores.stage], "First draft here.\n", {
          maxRewriteIterations: 2,
          styleThreshold: 95
        })
        assert.strictEqual(drafts.calls.length, 2)
        // It scored higher, but the best draft is the one that can be used.
        assert.strictEqual(result.finalText, "Draft one.\n")
        // A round whose draft keeps the meaning goes on as before.
        const kept = scripted(["Draft one.", "Draft beta.", "Draft gamma."])
        yield* runWith(
          [kept.stage, scoredBy({ "Draft one.": 40, "Draft beta.": 60, "Draft gamma.": 70 }).stage],
          "First draft here.\n",
          {
            maxRewriteIterations: 2,
            styleThreshold: 95
          }
        )
        assert.strictEqual(kept.calls.length, 3)
      })
  )

  it.effect("keeps the earlier of two drafts that score the same", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta.", "Draft gamma."])
      const scores = scoredBy({ "Draft one.": 90, "Draft beta.": 80, "Draft gamma.": 90 })
      const result = yield* runWith([drafts.stage, scores.stage], "First draft here.\n", { styleThreshold: 95 })
      assert.strictEqual(drafts.calls.length, 3)
      assert.strictEqual(result.finalText, "Draft one.\n")
    })
  )

  it.effect("sends no further round when the scorers give no feedback", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta."])
      const result = yield* runWith([drafts.stage, scoredBy({ "Draft one.": 40 }, []).stage], "First draft.\n")
      assert.strictEqual(drafts.calls.length, 1)
      assert.strictEqual(result.summary.styleScore, 40)
    })
  )

  it.effect("sends no further round when the last one did not move the score", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta.", "Draft gamma."])
      const scores = scoredBy({ "Draft one.": 40, "Draft beta.": 40, "Draft gamma.": 90 })
      const result = yield* runWith([drafts.stage, scores.stage], "First draft.\n")
      assert.strictEqual(drafts.calls.length, 2)
      assert.strictEqual(result.finalText, "Draft one.\n")
    })
  )

  it.effect("sends no second round when the first draft scores as the original did", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta."])
      const scores = scoredBy({ "First draft.": 40, "Draft one.": 40, "Draft beta.": 90 })
      const result = yield* runWith([drafts.stage, scores.stage], "First draft.\n")
      assert.strictEqual(drafts.calls.length, 1)
      assert.strictEqual(result.finalText, "Draft one.\n")
    })
  )

  it.effect("stops sending further rounds in a run once they have not paid", () =>
    Effect.gen(function* () {
      // Each paragraph's second round brings back its first draft: once three such rounds came back, no more are sent.
      const calls = recorder<DraftInput>()
      const drafts = draftStage("rewrite", (i) => {
        calls.record(i)
        return Effect.succeed(i.original.replace("draft", "version"))
      })
      const scores = scoreStage("style", ({ text }) =>
        Effect.succeed({ score: text.includes("version") ? 50 : 40, feedback: ["Shorter."] })
      )
      const document = Array.from({ length: 8 }, (_, i) => `Paragraph ${i + 1} draft.`).join("\n\n")
      const result = yield* runWith([drafts, scores], document)
      assert.strictEqual(calls.seen.filter((c) => c.attempt === 0).length, 8)
      const rounds = calls.seen.filter((c) => c.attempt > 0).length
      assert.isAtLeast(rounds, 3)
      assert.isBelow(rounds, 8)
      assert.include(result.finalText, "Paragraph 8 version.")
    })
  )

  it.effect("stops when a round brings back a text already drafted, without scoring it again", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta.", "Draft one.", "Draft delta."])
      const scores = scoredBy({ "Draft one.": 40, "Draft beta.": 50, "Draft delta.": 99 })
      const result = yield* runWith([drafts.stage, scores.stage], "First draft.\n", { maxRewriteIterations: 3 })
      assert.strictEqual(drafts.calls.length, 3)
      // The original is scored once, after the first draft, to tell whether that draft moved the score.
      assert.deepStrictEqual(
        scores.calls.map((c) => c.text),
        ["Draft one.", "First draft.", "Draft beta."]
      )
      assert.strictEqual(result.finalText, "Draft beta.\n")
    })
  )

  it.effect("counts the lowest score of several scorers, and passes on the feedback of all of them", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta."])
      // The original scores lower than the first draft, so a second round is worth sending.
      const strict = scoreStage(
        "strict",
        ({ text }) => Effect.succeed({ score: text === "First draft." ? 50 : 60, feedback: ["Fewer commas."] }),
        1
      )
      const lenient = scoreStage("lenient", () => Effect.succeed({ score: 90, feedback: ["Shorter."] }), 2)
      const result = yield* runWith([drafts.stage, lenient, strict], "First draft.\n")
      assert.deepStrictEqual(drafts.calls[1]?.feedback, ["Fewer commas.", "Shorter."])
      assert.strictEqual(result.summary.styleScore, 60)
      assert.deepStrictEqual(result.debug?.segments[0]?.attempts[0]?.feedback, ["Fewer commas.", "Shorter."])

      // The lenient one alone reaches the threshold at once, whichever registers first.
      const alone = scripted(["Draft one.", "Draft beta."])
      const passing = yield* runWith([alone.stage, lenient], "First draft.\n")
      assert.strictEqual(alone.calls.length, 1)
      assert.strictEqual(passing.summary.styleScore, 90)
    })
  )

  it.effect("scores every draft 100 when no score stage is registered, so one round is enough", () =>
    Effect.gen(function* () {
      const drafts = scripted(["Draft one.", "Draft beta."])
      const result = yield* runWith([drafts.stage], "First draft.\n")
      assert.strictEqual(drafts.calls.length, 1)
      assert.strictEqual(result.summary.styleScore, 100)
      assert.deepStrictEqual(result.debug?.segments[0]?.attempts[0]?.styleScore, 100)
    })
  )

  it.effect("chains draft stages in their order, not in the order they registered", () =>
    Effect.gen(function* () {
      const append = (name: string, word: string, order: number) =>
        draftStage(name, ({ current }) => Effect.succeed(`${current} ${word}`), order)
      const result = yield* runWith(
        [append("late", "late", 2), append("b-early", "b", 1), append("a-early", "a", 1)],
        "Start\n"
      )
      assert.strictEqual(result.finalText, "Start a b late\n")
    })
  )
})

describe("the meaning guards over the check stages", () => {
  it.effect("a checked text that drops a number keeps the original, not the best-scoring draft", () =>
    Effect.gen(function* () {
      const drops = draftStage("rewrite", () => Effect.succeed("We use servers."))
      const result = yield* runWith(
        [drops, scoredBy({ "We use servers.": 95 }).stage, accepting],
        "We utilize 4 servers.\n"
      )
      assert.strictEqual(result.finalText, "We utilize 4 servers.\n")
      assert.deepStrictEqual(statuses(result), ["kept"])
      assert.strictEqual(
        result.paragraphs[0]?.reason,
        'the accept stage\'s text was not used, because it changed the meaning: the number "4" was dropped'
      )
      assert.deepStrictEqual(
        result.paragraphs[0]?.findings?.map((f) => [f.kind, f.certainty]),
        [["number", "certain"]]
      )
      assert.strictEqual(result.summary.rewritten, 0)
      assert.strictEqual(result.summary.meaning, "failed")
      assert.deepStrictEqual(sources(result), ["original"])
      assert.strictEqual(result.debug?.segments[0]?.meaning?.pass, false)
    })
  )

  it.effect("a later check stage's refused text falls back to the last checked text that passed", () =>
    Effect.gen(function* () {
      const tidy = checkStage(
        "tidy",
        ({ candidate }) =>
          Effect.succeed({
            text: candidate.replace("utilize", "use"),
            report: PASS,
            source: "repair",
            warnings: ["tidy: 'utilize' is 'use'."]
          }),
        1
      )
      const careless = repairing("careless", (t) => t.replace("4", "5"), 2)
      const result = yield* runWith([careless, tidy], "We utilize 4 servers.\n")
      assert.strictEqual(result.finalText, "We use 4 servers.\n")
      assert.deepStrictEqual(statuses(result), ["rewritten"])
      assert.deepStrictEqual(sources(result), ["repair"])
      assert.deepStrictEqual(result.summary.warnings, [
        "Paragraph 1 (\"We utilize 4 servers.\"): tidy: 'utilize' is 'use'.",
        'Paragraph 1 ("We utilize 4 servers."): the careless stage\'s text was not used, because it changed the meaning: "4" became "5"'
      ])
      assert.strictEqual(result.summary.meaning, "passed")
    })
  )

  it.effect("a check stage sees the best draft and every scored attempt, after the last round", () =>
    Effect.gen(function* () {
      const seen = recorder<CheckInput>()
      const check = checkStage("look", (i) => {
        seen.record(i)
        return Effect.succeed({ text: i.candidate, report: PASS, source: "rewrite", warnings: [] })
      })
      const drafts = scripted(["Draft one.", "Draft beta."])
      const events: Array<RunEvent> = []
      yield* runWith(
        [drafts.stage, scoredBy({ "Draft one.": 70, "Draft beta.": 60 }).stage, check],
        "First draft.\n",
        {},
        {
          emit: (e) => Effect.sync(() => void events.push(e))
        }
      )
      assert.strictEqual(seen.seen.length, 1)
      assert.strictEqual(seen.seen[0]?.candidate, "Draft one.")
      assert.strictEqual(seen.seen[0]?.original, "First draft.")
      assert.deepStrictEqual(
        seen.seen[0]?.attempts.map((a) => [a.attempt, a.text]),
        [
          [0, "Draft one."],
          [1, "Draft beta."]
        ]
      )
      assert.deepStrictEqual(
        events.flatMap((e) => (e.type === "progress" ? [[e.stage, e.attempt]] : [])),
        // The third round brought back "Draft beta." again: it was not scored, so the check follows attempt 1.
        [
          ["rewrite", 0],
          ["rewrite", 1],
          ["rewrite", 2],
          ["look", 1]
        ]
      )
    })
  )

  it.effect("a check stage that keeps the original says why, and the paragraph is kept", () =>
    Effect.gen(function* () {
      const refuse = checkStage("verify", ({ original }) =>
        Effect.succeed({
          text: original,
          report: { ...PASS, pass: false, missingDetails: ["the deadline"] },
          source: "original",
          warnings: ["kept as it was, because the rewrite lost the deadline."]
        })
      )
      const result = yield* runWith([plainer, refuse], "Utilize it by Friday.\n")
      assert.strictEqual(result.finalText, "Utilize it by Friday.\n")
      assert.deepStrictEqual(result.paragraphs, [
        { index: 0, paragraph: 1, status: "kept", reason: "kept as it was, because the rewrite lost the deadline." }
      ])
      assert.deepStrictEqual(result.debug?.segments[0]?.meaning?.missingDetails, ["the deadline"])
    })
  )
})

describe("what the report says of each paragraph", () => {
  const DOCUMENT = [
    "# Notes",
    "",
    "We utilize 4 servers.",
    "",
    "Repair this: utilize 2 disks.",
    "",
    "Drop this: utilize 3 racks.",
    "",
    "Fail this: utilize 6 fans.",
    "",
    "Keep this as it is.",
    "",
    "> Quoted: utilize 7 cables.",
    "",
    "```",
    "utilize: 8",
    "```",
    ""
  ].join("\n")

  const stages = [
    draftStage("rewrite", ({ current }) =>
      current.startsWith("Fail") ? fail(timeout) : Effect.succeed(current.replace("utilize", "use"))
    ),
    checkStage("verify", ({ candidate, original }) =>
      Effect.succeed(
        candidate.startsWith("Repair")
          ? { text: candidate.replace("Repair this: ", "Repaired: "), report: PASS, source: "repair", warnings: [] }
          : candidate.startsWith("Drop")
            ? { text: "Drop this: use racks.", report: PASS, source: "rewrite", warnings: [] }
            : { text: candidate === "" ? original : candidate, report: PASS, source: "rewrite", warnings: [] }
      )
    )
  ]

  it.effect("tells rewritten, repaired, kept, failed and unchanged paragraphs apart, and counts them", () =>
    Effect.gen(function* () {
      const result = yield* runWith(stages, DOCUMENT)
      assert.deepStrictEqual(
        result.paragraphs.map((p) => [p.index, p.paragraph, p.status, p.error]),
        [
          [2, 1, "rewritten", undefined],
          [4, 2, "rewritten", undefined],
          [6, 3, "kept", undefined],
          [8, 4, "failed", "provider_timeout"],
          [10, 5, "unchanged", undefined]
        ]
      )
      assert.deepStrictEqual(sources(result), ["rewrite", "repair", "original", "original", "rewrite"])
      assert.strictEqual(result.paragraphs[3]?.reason, "the provider did not answer within 60 s")
      const { summary } = result
      // Heading, five paragraphs, quote and code block; the heading, quote and code are protected.
      assert.strictEqual(summary.segments, 8)
      assert.strictEqual(summary.protected, 3)
      assert.strictEqual(summary.rewritten, 2)
      assert.strictEqual(summary.failed, 1)
      assert.strictEqual(summary.meaning, "failed")
      assert.strictEqual(
        result.finalText,
        DOCUMENT.replace("We utilize", "We use").replace("Repair this: utilize", "Repaired: use")
      )
      assert.deepStrictEqual(result.provider, { baseUrl: TARGET.baseUrl, model: TARGET.model })
    })
  )

  it.effect("streams the outline, each stage's progress and each finished paragraph", () =>
    Effect.gen(function* () {
      const events: Array<RunEvent> = []
      yield* runWith(stages, DOCUMENT, {}, { emit: (e) => Effect.sync(() => void events.push(e)) })
      const [outline, ...rest] = events
      assert.deepStrictEqual(outline, {
        type: "outline",
        blocks: [
          { index: 0, kept: true, text: "# Notes\n" },
          { index: 2, kept: false, text: "We utilize 4 servers." },
          { index: 4, kept: false, text: "Repair this: utilize 2 disks." },
          { index: 6, kept: false, text: "Drop this: utilize 3 racks." },
          { index: 8, kept: false, text: "Fail this: utilize 6 fans." },
          { index: 10, kept: false, text: "Keep this as it is." },
          { index: 12, kept: true, text: "Quoted: utilize 7 cables." },
          { index: 14, kept: true, text: "```\nutilize: 8\n```\n" }
        ],
        total: 5
      })
      const finished = rest.flatMap((e) => (e.type === "segment" ? [e] : []))
      assert.deepStrictEqual(
        finished.map((e) => [e.segment, e.status, e.text]).toSorted((a, b) => Number(a[0]) - Number(b[0])),
        [
          [2, "rewritten", "We use 4 servers."],
          [4, "rewritten", "Repaired: use 2 disks."],
          [6, "kept", "Drop this: utilize 3 racks."],
          [8, "failed", "Fail this: utilize 6 fans."],
          [10, "unchanged", "Keep this as it is."]
        ]
      )
      assert.deepStrictEqual(
        finished.map((e) => [e.done, e.total]),
        [1, 2, 3, 4, 5].map((n) => [n, 5])
      )
      assert.strictEqual(finished.find((e) => e.segment === 8)?.reason, "the provider did not answer within 60 s")
      assert.include(finished.find((e) => e.segment === 6)?.reason ?? "", 'the number "3" was dropped')
      assert.notProperty(finished.find((e) => e.segment === 2) ?? {}, "reason")
      const progress = rest.flatMap((e) => (e.type === "progress" ? [e] : []))
      assert.deepStrictEqual(
        progress.filter((e) => e.segment === 2).map((e) => [e.stage, e.attempt, e.total]),
        [
          ["rewrite", 0, 5],
          ["verify", 0, 5]
        ]
      )
    })
  )
})

describe("a paragraph whose provider calls fail", () => {
  /** A draft stage that fails for paragraphs starting with "Fail", after `waitFor` (when given) is done. */
  const failing = (reason: ProviderFailure, waitFor?: Deferred.Deferred<void>) =>
    draftStage("rewrite", ({ current }) =>
      current.startsWith("Fail")
        ? Effect.andThen(waitFor === undefined ? Effect.void : Deferred.await(waitFor), fail(reason))
        : current.startsWith("Hang")
          ? Effect.never
          : Effect.succeed(current.replace("utilize", "use"))
    )

  /** A run whose `emit` completes `firstDone` when the first paragraph has finished. */
  const afterFirst = (stages: (firstDone: Deferred.Deferred<void>) => ReadonlyArray<Stage>, document: string) =>
    Effect.gen(function* () {
      const firstDone = yield* Deferred.make<void>()
      return yield* runWith(
        stages(firstDone),
        document,
        {},
        {
          emit: (e) => (e.type === "segment" ? Deferred.succeed(firstDone, undefined).pipe(Effect.asVoid) : Effect.void)
        }
      ).pipe(Effect.exit)
    })

  it.effect("keeps its text while the other paragraphs are rewritten and the run goes on", () =>
    Effect.gen(function* () {
      const result = yield* runWith([failing(timeout)], "We utilize 4 servers.\n\nFail to utilize it.\n")
      assert.strictEqual(result.finalText, "We use 4 servers.\n\nFail to utilize it.\n")
      assert.deepStrictEqual(statuses(result), ["rewritten", "failed"])
      assert.strictEqual(result.summary.failed, 1)
      assert.deepStrictEqual(result.summary.warnings, [
        'Paragraph 2 ("Fail to utilize it."): kept as it was, because its provider calls failed: the provider did not answer within 60 s.'
      ])
    })
  )

  it.effect("fails the run when every paragraph failed, with a result in which each keeps its text", () =>
    Effect.gen(function* () {
      const error = yield* runFailure([failing(timeout)], "Fail to utilize it.\n\nFail it too.\n")
      assert.strictEqual(error.reason, timeout)
      assert.strictEqual(error.partialResult?.finalText, "Fail to utilize it.\n\nFail it too.\n")
      assert.deepStrictEqual(
        error.partialResult?.paragraphs.map((p) => [p.paragraph, p.status]),
        [
          [1, "failed"],
          [2, "failed"]
        ]
      )
    })
  )

  it.effect("ends the run without a result when the provider is unreachable before anything succeeded", () =>
    Effect.gen(function* () {
      const error = yield* runFailure([failing(unreachable)], "Fail to utilize it.\n")
      assert.strictEqual(error.reason, unreachable)
      assert.isUndefined(error.partialResult)
    })
  )

  it.effect("counts a refused model or an unreachable provider as the whole run's failure, other refusals not", () =>
    Effect.gen(function* () {
      const rejected = (providerStatus: number | undefined, providerMessage?: string) =>
        new ProviderRejected({
          message: "the provider refused the request",
          ...(providerStatus === undefined ? {} : { providerStatus }),
          ...(providerMessage === undefined ? {} : { providerMessage })
        })
      const cases: ReadonlyArray<readonly [ProviderFailure, boolean]> = [
        [unreachable, true],
        [timeout, false],
        [rejected(undefined, "model 'x' not found"), false],
        [rejected(404), true],
        [rejected(400, "model 'x' not found"), true],
        [rejected(400, "Model is unloaded."), true],
        [rejected(400), false],
        [rejected(400, "the request is malformed"), false],
        [rejected(400, "remodelled request"), false],
        [rejected(400, "this model's maximum context length is 4096"), false],
        [rejected(400, "model: too many tokens"), false],
        [rejected(400, "model input LENGTH exceeded"), false],
        [rejected(500, "model crashed"), true]
      ]
      for (const [failure, systemic] of cases) {
        const error = yield* runFailure([failing(failure)], "Fail to utilize it.\n")
        assert.strictEqual(error.partialResult === undefined, systemic, JSON.stringify(failure))
      }
    })
  )

  it.effect("costs only its own paragraph when the provider turns unreachable after one succeeded", () =>
    Effect.gen(function* () {
      const exit = yield* afterFirst((done) => [failing(unreachable, done)], "We utilize 4 servers.\n\nFail it.\n")
      assert.isTrue(Exit.isSuccess(exit))
      if (Exit.isSuccess(exit)) assert.deepStrictEqual(statuses(exit.value), ["rewritten", "failed"])
    })
  )

  it.effect("ends the run on an unreachable provider after only failures, carrying the paragraphs that ended", () =>
    Effect.gen(function* () {
      const firstFails = draftStage("first", ({ current }) =>
        current.startsWith("Time") ? fail(timeout) : Effect.succeed(current)
      )
      const exit = yield* afterFirst(
        (done) => [firstFails, failing(unreachable, done)],
        "Time it out.\n\nFail it.\n\nHang on.\n"
      )
      const error = Exit.isFailure(exit) ? exit.cause.reasons.find((r) => r._tag === "Fail")?.error : undefined
      assert.instanceOf(error, RunFailed)
      if (!(error instanceof RunFailed)) return
      assert.strictEqual(error.reason, unreachable)
      const partial = error.partialResult
      assert.strictEqual(partial?.finalText, "Time it out.\n\nFail it.\n\nHang on.\n")
      assert.deepStrictEqual(
        partial?.paragraphs.map((p) => [p.index, p.paragraph, p.status, p.error]),
        [
          [0, 1, "failed", "provider_timeout"],
          [2, 2, "failed", "provider_unreachable"],
          [4, 3, "failed", "provider_unreachable"]
        ]
      )
      assert.deepStrictEqual(
        partial?.debug?.segments.map((s) => [s.source, s.timingsMs]),
        [
          ["original", { total: 0 }],
          ["original", { total: 0 }],
          ["original", { total: 0 }]
        ]
      )
    })
  )
})

describe("a cancelled run", () => {
  /** Runs until `ready` is done, then interrupts the run; returns what `onCancel` received. */
  const cancelWhen = (stages: ReadonlyArray<Stage>, document: string, ready: (event: RunEvent) => boolean) =>
    Effect.gen(function* () {
      const reached = yield* Deferred.make<void>()
      const handed: Array<RewriteResult> = []
      const fiber = yield* runWith(
        stages,
        document,
        {},
        {
          emit: (e) => (ready(e) ? Deferred.succeed(reached, undefined).pipe(Effect.asVoid) : Effect.void),
          onCancel: (result) => Effect.sync(() => void handed.push(result))
        }
      ).pipe(Effect.forkChild)
      yield* Deferred.await(reached)
      yield* Fiber.interrupt(fiber)
      return handed
    })

  it.effect("hands the finished paragraphs to onCancel and makes no further stage calls", () =>
    Effect.gen(function* () {
      const checked = recorder<string>()
      const smoothed = recorder<DocumentInput>()
      const stages = [
        draftStage("rewrite", ({ current }) =>
          current.startsWith("Hang") ? Effect.never : Effect.succeed(current.replace("utilize", "use"))
        ),
        checkStage("verify", ({ candidate }) => {
          checked.record(candidate)
          return Effect.succeed({ text: candidate, report: PASS, source: "rewrite", warnings: [] })
        }),
        documentStage("smooth", (i) => {
          smoothed.record(i)
          return Effect.succeed({ replacements: new Map(), warnings: [] })
        })
      ]
      const handed = yield* cancelWhen(
        stages,
        "We utilize 4 servers.\n\nHang on to utilize it.\n",
        (e) => e.type === "segment"
      )
      assert.strictEqual(handed.length, 1)
      const result = handed[0]
      assert.strictEqual(result?.finalText, "We use 4 servers.\n\nHang on to utilize it.\n")
      assert.deepStrictEqual(
        result?.paragraphs.map((p) => [p.paragraph, p.status]),
        [[1, "rewritten"]]
      )
      assert.deepStrictEqual(result?.summary.warnings, [
        "The run was cancelled after 1 of 2 paragraphs; the others keep their text."
      ])
      assert.deepStrictEqual(checked.seen, ["We use 4 servers."])
      assert.strictEqual(smoothed.seen.length, 0)
    })
  )

  it.effect("calls no onCancel when no paragraph had finished", () =>
    Effect.gen(function* () {
      const hang = draftStage("rewrite", () => Effect.never)
      const handed = yield* cancelWhen([hang], "Hang on.\n\nHang on too.\n", (e) => e.type === "progress")
      assert.deepStrictEqual(handed, [])
    })
  )

  it.effect("hands over every paragraph, in document order, when cancelled during the whole-document pass", () =>
    Effect.gen(function* () {
      const stages = [plainer, documentStage("smooth", () => Effect.never)]
      const handed = yield* cancelWhen(
        stages,
        "We utilize 4 servers.\n\nWe utilize 2 disks.\n",
        (e) => e.type === "progress" && e.segment === -1
      )
      assert.strictEqual(handed[0]?.finalText, "We use 4 servers.\n\nWe use 2 disks.\n")
      assert.deepStrictEqual(
        handed[0]?.paragraphs.map((p) => p.index),
        [0, 2]
      )
      assert.deepStrictEqual(handed[0]?.summary.warnings, [
        "The run was cancelled after 2 of 2 paragraphs; the others keep their text."
      ])
    })
  )
})

describe("paragraphs side by side", () => {
  it.effect("are rewritten at the same time: the first may wait for the second to start", () =>
    Effect.gen(function* () {
      const secondStarted = yield* Deferred.make<void>()
      const waiting = draftStage("rewrite", ({ current }) =>
        current.startsWith("First")
          ? Deferred.await(secondStarted).pipe(Effect.as("First, rewritten."))
          : Deferred.succeed(secondStarted, undefined).pipe(Effect.as("Second, rewritten."))
      )
      const result = yield* runWith([waiting], "First one.\n\nSecond one.\n")
      assert.strictEqual(result.finalText, "First, rewritten.\n\nSecond, rewritten.\n")
    })
  )
})

describe("identical paragraphs", () => {
  it.effect("are rewritten once per run and share the outcome", () =>
    Effect.gen(function* () {
      const drafts = scripted(["We use it."])
      const events: Array<RunEvent> = []
      const result = yield* runWith(
        [drafts.stage],
        "We utilize it.\n\nWe utilize it.\n\nWe utilize it.\n",
        {},
        {
          emit: (e) => Effect.sync(() => void events.push(e))
        }
      )
      assert.strictEqual(drafts.calls.length, 1)
      assert.strictEqual(result.finalText, "We use it.\n\nWe use it.\n\nWe use it.\n")
      assert.deepStrictEqual(statuses(result), ["rewritten", "rewritten", "rewritten"])
      assert.deepStrictEqual(sources(result), ["rewrite", "cached", "cached"])
      assert.strictEqual(events.filter((e) => e.type === "segment").length, 3)
    })
  )

  it.effect("share a failure too", () =>
    Effect.gen(function* () {
      let calls = 0
      const flaky = draftStage("rewrite", ({ current }) =>
        current.startsWith("Fail")
          ? Effect.suspend(() => {
              calls++
              return fail(timeout)
            })
          : Effect.succeed(current)
      )
      const result = yield* runWith([flaky], "Fail it.\n\nFail it.\n\nFine.\n")
      assert.strictEqual(calls, 1)
      assert.deepStrictEqual(statuses(result), ["failed", "failed", "unchanged"])
    })
  )
})

describe("the whole-document passes (smoothing)", () => {
  const DOCUMENT = "We utilize 4 servers.\n\nWe utilize 2 disks.\n\nWe utilize 3 racks.\n\nWe utilize 5 fans.\n"

  it.effect("see the checked paragraphs and apply a replacement that keeps the meaning", () =>
    Effect.gen(function* () {
      const seen = recorder<DocumentInput>()
      const smooth = documentStage("smoothing", (i) => {
        seen.record(i)
        return Effect.succeed({ replacements: new Map([[2, "Then we use 2 disks."]]), warnings: [] })
      })
      const result = yield* runWith([plainer, smooth], DOCUMENT)
      assert.deepStrictEqual(seen.seen[0]?.segments, [
        { index: 0, original: "We utilize 4 servers.", text: "We use 4 servers." },
        { index: 2, original: "We utilize 2 disks.", text: "We use 2 disks." },
        { index: 4, original: "We utilize 3 racks.", text: "We use 3 racks." },
        { index: 6, original: "We utilize 5 fans.", text: "We use 5 fans." }
      ])
      assert.strictEqual(
        result.finalText,
        "We use 4 servers.\n\nThen we use 2 disks.\n\nWe use 3 racks.\n\nWe use 5 fans.\n"
      )
      assert.deepStrictEqual(result.summary.warnings, [])
    })
  )

  it.effect("never lose a paragraph: an emptied, merged or number-dropping replacement is refused", () =>
    Effect.gen(function* () {
      const smooth = documentStage("smoothing", () =>
        Effect.succeed({
          replacements: new Map([
            [0, ""],
            [2, "We use 2 disks.\n\nWe use them."],
            [4, "We use racks."]
          ]),
          warnings: ["smoothing: one note."]
        })
      )
      const result = yield* runWith([plainer, smooth], DOCUMENT)
      assert.strictEqual(result.finalText, DOCUMENT.replaceAll("utilize", "use"))
      assert.deepStrictEqual(result.summary.warnings, [
        'The smoothing pass left paragraph 1 as it was, because its text changed the meaning: the number "4" was dropped; the rewrite is empty.',
        "The smoothing pass left paragraph 2 as it was, because its text changed the meaning: the rewrite adds a second paragraph that the original paragraph does not have.",
        'The smoothing pass left paragraph 3 as it was, because its text changed the meaning: the number "3" was dropped.',
        "smoothing: one note."
      ])
      assert.deepStrictEqual(statuses(result), ["rewritten", "rewritten", "rewritten", "rewritten"])
    })
  )

  it.effect("cannot change a block quote or a protected block, whatever index they name", () =>
    Effect.gen(function* () {
      const document = "We utilize 4 servers.\n\n```\nservers: 4\n```\n\n> Quoted words.\n"
      const reaching = documentStage("smoothing", () =>
        Effect.succeed({
          replacements: new Map([
            [2, "```\nservers: 5\n```"],
            [4, "Quoted and changed."]
          ]),
          warnings: []
        })
      )
      const result = yield* runWith([plainer, reaching], document)
      assert.strictEqual(result.finalText, document.replace("utilize", "use"))
      assert.deepStrictEqual(result.summary.warnings, [])
    })
  )

  it.effect("are skipped when their provider calls fail, and the checked paragraphs stand", () =>
    Effect.gen(function* () {
      const events: Array<RunEvent> = []
      const result = yield* runWith(
        [plainer, documentStage("smoothing", () => fail(timeout))],
        DOCUMENT,
        {},
        {
          emit: (e) => Effect.sync(() => void events.push(e))
        }
      )
      assert.strictEqual(result.finalText, DOCUMENT.replaceAll("utilize", "use"))
      assert.deepStrictEqual(result.summary.warnings, [
        "The smoothing pass was skipped, because its provider calls failed: the provider did not answer within 60 s."
      ])
      assert.deepStrictEqual(events.at(-1), {
        type: "progress",
        segment: -1,
        stage: "smoothing",
        attempt: 0,
        done: 4,
        total: 4
      })
    })
  )

  it.effect("run one after another in their order, each on the texts the one before left", () =>
    Effect.gen(function* () {
      const seen = recorder<string>()
      const first = documentStage(
        "first",
        () => Effect.succeed({ replacements: new Map([[0, "First, we use 4 servers."]]), warnings: [] }),
        1
      )
      const second = documentStage(
        "second",
        ({ segments }) => {
          seen.record(segments[0]?.text ?? "")
          return Effect.succeed({ replacements: new Map(), warnings: [] })
        },
        2
      )
      const result = yield* runWith([second, plainer, first], DOCUMENT)
      assert.deepStrictEqual(seen.seen, ["First, we use 4 servers."])
      assert.isTrue(result.finalText.startsWith("First, we use 4 servers.\n\n"))
    })
  )
})

describe("timings, usage and call ranks", () => {
  it.effect("adds up each stage's time and the run's total on the clock", () =>
    Effect.gen(function* () {
      const slowDraft = draftStage("rewrite", ({ current }) =>
        TestClock.adjust("30 millis").pipe(Effect.as(current.replace("utilize", "use")))
      )
      const slowScore = scoreStage("style", () =>
        TestClock.adjust("5 millis").pipe(Effect.as({ score: 90, feedback: [] }))
      )
      const result = yield* runWith([slowDraft, slowScore], "We utilize it.\n")
      assert.deepStrictEqual(result.debug?.timingsMs, { total: 35, rewrite: 30, style: 5 })
      assert.deepStrictEqual(result.debug?.segments[0]?.timingsMs, { total: 35 })
      assert.deepStrictEqual(result.debug?.usage, { calls: 0, promptTokens: 0, completionTokens: 0 })
    })
  )

  it.effect("reports the usage the stages metered, and ranks each paragraph's calls by its place", () => {
    const ranks: Array<CallRank> = []
    const metered = draftStage("rewrite", ({ ctx, current }) =>
      Effect.gen(function* () {
        ranks.push(yield* CallRank)
        yield* Ref.update(ctx.meter, (u) => ({ ...u, calls: u.calls + 1, promptTokens: u.promptTokens + 10 }))
        return current
      })
    )
    return Effect.gen(function* () {
      const pipeline = yield* Pipeline
      const first = yield* pipeline.run(input("One.\n\nTwo.\n"))
      yield* pipeline.run(input("Three.\n"))
      assert.deepStrictEqual(first.debug?.usage, { calls: 2, promptTokens: 20, completionTokens: 0 })
      assert.deepStrictEqual(
        ranks.map((r) => [r.run, r.rank]).toSorted((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0)),
        [
          [1, 0],
          [1, 2],
          [2, 0]
        ]
      )
    }).pipe(Effect.provide(layerWith([metered])))
  })
})

describe("edges of a run", () => {
  it.effect("gives back a document without paragraphs as it is, with nothing rewritten", () =>
    Effect.gen(function* () {
      const document = "# Notes\n\n```\nservers: 4\n```\n"
      const result = yield* runWith([plainer, accepting], document)
      assert.strictEqual(result.finalText, document)
      assert.deepStrictEqual(result.paragraphs, [])
      assert.strictEqual(result.summary.protected, 2)
    })
  )

  it.effect("times each paragraph and the run from their own start, whatever the clock says", () =>
    Effect.gen(function* () {
      yield* TestClock.adjust("1 hour")
      const slowDraft = draftStage("rewrite", ({ current }) => TestClock.adjust("30 millis").pipe(Effect.as(current)))
      const result = yield* runWith([slowDraft], "We utilize it.\n")
      assert.deepStrictEqual(result.debug?.timingsMs, { total: 30, rewrite: 30 })
      assert.deepStrictEqual(result.debug?.segments[0]?.timingsMs, { total: 30 })
    })
  )

  it.effect("warns of nothing but each failed paragraph in a failed run's result", () =>
    Effect.gen(function* () {
      const error = yield* runFailure([draftStage("rewrite", () => fail(timeout))], "Fail it.\n")
      assert.deepStrictEqual(error.partialResult?.summary.warnings, [
        'Paragraph 1 ("Fail it."): kept as it was, because its provider calls failed: the provider did not answer within 60 s.'
      ])
    })
  )

  it.effect("hands over paragraphs in document order when they finished in another order", () =>
    Effect.gen(function* () {
      const secondDone = yield* Deferred.make<void>()
      const smoothing = yield* Deferred.make<void>()
      const handed: Array<RewriteResult> = []
      const lateFirst = draftStage("rewrite", ({ current }) =>
        current.startsWith("First")
          ? Deferred.await(secondDone).pipe(Effect.as("First, rewritten."))
          : Effect.succeed(current)
      )
      const fiber = yield* runWith(
        [lateFirst, documentStage("smooth", () => Effect.never)],
        "First one.\n\nSecond one.\n",
        {},
        {
          emit: (e) =>
            e.type === "segment"
              ? Deferred.succeed(secondDone, undefined).pipe(Effect.asVoid)
              : e.type === "progress" && e.segment === -1
                ? Deferred.succeed(smoothing, undefined).pipe(Effect.asVoid)
                : Effect.void,
          onCancel: (result) => Effect.sync(() => void handed.push(result))
        }
      ).pipe(Effect.forkChild)
      yield* Deferred.await(smoothing)
      yield* Fiber.interrupt(fiber)
      assert.deepStrictEqual(
        handed[0]?.paragraphs.map((p) => [p.index, p.status]),
        [
          [0, "rewritten"],
          [2, "unchanged"]
        ]
      )
    })
  )

  it.effect("is simply interrupted when no one asked for the finished paragraphs", () =>
    Effect.gen(function* () {
      const reached = yield* Deferred.make<void>()
      const fiber = yield* runWith(
        [plainer, documentStage("smooth", () => Effect.never)],
        "We utilize it.\n",
        {},
        {
          emit: (e) =>
            e.type === "progress" && e.segment === -1
              ? Deferred.succeed(reached, undefined).pipe(Effect.asVoid)
              : Effect.void
        }
      ).pipe(Effect.forkChild)
      yield* Deferred.await(reached)
      yield* Fiber.interrupt(fiber)
      const exit = yield* Fiber.await(fiber)
      assert.isTrue(Exit.isFailure(exit))
      if (Exit.isFailure(exit)) assert.isTrue(exit.cause.reasons.every((r) => r._tag === "Interrupt"))
    })
  )
})
