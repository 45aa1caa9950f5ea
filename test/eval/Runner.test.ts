/**
 * The evaluation runner (eval/Runner.ts) over a client whose answers the test gives (Layer.mock, tier a): which
 * requests each variant sends, what a cell records, what a resumed run reuses, how the model is resolved, and the
 * errors that stop a run early. The runner over the real service is in Eval.test.ts.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer } from "effect"
import { TestClock } from "effect/testing"
import { CliFailure } from "../../client/CliFailure.ts"
import type { Progress } from "../../client/Progress.ts"
import { RedraftClient } from "../../client/RedraftClient.ts"
import { JudgeFailed } from "../../eval/Failures.ts"
import { Judge } from "../../eval/Judge.ts"
import type { CellResult } from "../../eval/ResultsStore.ts"
import { type EvalSettings, keyOf, runEval, variantsOf } from "../../eval/Runner.ts"
import type { EvalRewriteRequest, RewriteResult } from "../../src/domain/Rewrite.ts"

const CASES = [
  {
    id: "pump",
    title: "Pump",
    profile: "plain-english",
    tags: ["numbers"],
    source: "We utilize the pump at 40 L/min.",
    expect: { requiredTerms: ["40 L/min"] }
  },
  {
    id: "gate",
    title: "Gate",
    profile: "plain-english",
    tags: ["negation", "names"],
    source: "Never open the gate.",
    expect: { requiredTerms: ["Never"], rubric: "Keeps the warning." }
  }
]

/** A folder with the cases, the plain-english profile and an output folder; returns the settings for it. */
const workspace = (overrides: Partial<EvalSettings> = {}, cases: ReadonlyArray<unknown> = CASES) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-runner-" })
    yield* fs.makeDirectory(`${dir}/cases`)
    yield* fs.makeDirectory(`${dir}/profiles`)
    yield* fs.writeFileString(`${dir}/cases/cases.json`, JSON.stringify({ cases }))
    yield* fs.writeFileString(
      `${dir}/profiles/plain-english.json`,
      yield* fs.readFileString("fixtures/profiles/plain-english.json")
    )
    const settings: EvalSettings = {
      root: dir,
      casesDir: `${dir}/cases`,
      profilesDir: `${dir}/profiles`,
      outDir: `${dir}/out`,
      iterations: [2],
      concurrency: 1,
      filter: undefined,
      providerId: "http://127.0.0.1:1/v1",
      model: "qwen3",
      reasoningEffort: "low",
      fresh: false,
      baselines: true,
      ...overrides
    }
    return settings
  })

const answer = (text: string, fields: Partial<RewriteResult["summary"]> = {}): RewriteResult => ({
  finalText: text,
  summary: {
    segments: 1,
    rewritten: 1,
    protected: 0,
    styleScore: 88,
    meaning: "passed",
    failed: 0,
    warnings: [],
    ...fields
  },
  paragraphs: [],
  provider: { baseUrl: "http://127.0.0.1:1/v1", model: "served-model" },
  debug: { timingsMs: {}, usage: { calls: 3, promptTokens: 120, completionTokens: 40 }, segments: [] }
})

/** A client that answers every eval rewrite with `reply` and records the requests and health checks. */
const clientWith = (
  reply: (body: EvalRewriteRequest) => Effect.Effect<RewriteResult, CliFailure>,
  health: (baseUrl: string | undefined) => Effect.Effect<{ model: string | null }, CliFailure> = () =>
    Effect.succeed({ model: "loaded-model" })
) => {
  const requests: Array<EvalRewriteRequest> = []
  const healthChecks: Array<string | undefined> = []
  const layer = Layer.mock(RedraftClient, {
    baseUrl: "http://127.0.0.1:5174",
    evalRewrite: (body) => Effect.suspend(() => (requests.push(body), reply(body))),
    health: (baseUrl) =>
      Effect.suspend(() => {
        healthChecks.push(baseUrl)
        return health(baseUrl).pipe(
          Effect.map((h) => ({
            ok: true,
            localProviderReachable: true,
            defaultModelFound: true,
            status: "ready" as const,
            ...h
          }))
        )
      })
  })
  return { layer, requests, healthChecks }
}

/** A progress that records what it was told. */
const recorder = () => {
  const lines: Array<string> = []
  const progress: Progress = {
    update: (done, total, detail) => Effect.sync(() => void lines.push(`update ${done}/${total} ${detail}`)),
    note: (line) => Effect.sync(() => void lines.push(`note ${line}`)),
    finish: Effect.sync(() => void lines.push("finish"))
  }
  return { lines, progress }
}

const rewrites = (body: EvalRewriteRequest) => Effect.succeed(answer(body.source.replace("utilize", "use")))

const run = (settings: EvalSettings, client: Layer.Layer<RedraftClient>, judge = Judge.layerDisabled) => {
  const { lines, progress } = recorder()
  return runEval(settings, progress).pipe(
    Effect.provide(Layer.merge(client, judge)),
    Effect.map((report) => ({ report, lines }))
  )
}

const resultsOf = (settings: EvalSettings) =>
  Effect.gen(function* () {
    const text = yield* (yield* FileSystem.FileSystem).readFileString(`${settings.outDir}/results.jsonl`)
    return text
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l) as CellResult)
  })

describe("variantsOf", () => {
  it("the baselines come first, then one pipeline column per iteration limit, in the order given", () => {
    const settings = { iterations: [2, 0], baselines: true } as unknown as EvalSettings
    assert.deepStrictEqual(variantsOf(settings), ["no-op", "one-shot", "pipeline@2", "pipeline@0"])
    assert.deepStrictEqual(variantsOf({ ...settings, baselines: false }), ["pipeline@2", "pipeline@0"])
  })
})

describe("runEval", () => {
  it.effect("each variant asks the service for its own options; the no-op baseline asks nothing", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ iterations: [0, 3], filter: "pump" })
      const client = clientWith(rewrites)
      yield* run(settings, client.layer)
      assert.deepStrictEqual(client.requests, [
        {
          source: "We utilize the pump at 40 L/min.",
          styleProfileId: "plain-english",
          providerId: "http://127.0.0.1:1/v1",
          model: "qwen3",
          options: { maxRewriteIterations: 0, reasoningEffort: "low", runMeaningCheck: false, runFinalSmoothing: false }
        },
        {
          source: "We utilize the pump at 40 L/min.",
          styleProfileId: "plain-english",
          providerId: "http://127.0.0.1:1/v1",
          model: "qwen3",
          options: { maxRewriteIterations: 0, reasoningEffort: "low", runMeaningCheck: true, runFinalSmoothing: false }
        },
        {
          source: "We utilize the pump at 40 L/min.",
          styleProfileId: "plain-english",
          providerId: "http://127.0.0.1:1/v1",
          model: "qwen3",
          options: { maxRewriteIterations: 3, reasoningEffort: "low", runMeaningCheck: true, runFinalSmoothing: false }
        }
      ])
      // A model that was named is not looked up.
      assert.deepStrictEqual(client.healthChecks, [])
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a cell records the service's answer: pass, scores, meaning, usage and model; a no-op cell its own", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ filter: "pump", baselines: true, iterations: [1] })
      // Each answer takes the service 1.5 s.
      const client = clientWith((body) => TestClock.adjust("1500 millis").pipe(Effect.andThen(rewrites(body))))
      const { report } = yield* run(settings, client.layer)
      assert.deepStrictEqual(report.variants, ["no-op", "one-shot", "pipeline@1"])
      const [noop, oneShot, pipeline] = report.cells
      assert.deepStrictEqual(
        { ...pipeline, measuredStyle: 0 },
        {
          key: keyOf(
            { ...CASES[0]!, expect: { requiredTerms: ["40 L/min"] } },
            "pipeline@1",
            settings,
            "qwen3",
            report.settings["codeFingerprint"] as string
          ),
          caseId: "pump",
          profile: "plain-english",
          tags: ["numbers"],
          variant: "pipeline@1",
          passed: true,
          failures: [],
          styleScore: 88,
          measuredStyle: 0,
          meaning: "passed",
          durationMs: 1500,
          providerCalls: 3,
          promptTokens: 120,
          completionTokens: 40,
          model: "served-model",
          finishedAt: 3000
        }
      )
      assert.isAbove(pipeline!.measuredStyle, 0)
      assert.strictEqual(oneShot!.variant, "one-shot")
      // The no-op keeps the source: no call, its measured style is the one checked, no meaning verdict.
      assert.deepStrictEqual(
        [noop!.variant, noop!.passed, noop!.meaning, noop!.providerCalls, noop!.model, noop!.promptTokens],
        ["no-op", true, "n/a", 0, null, 0]
      )
      assert.strictEqual(noop!.styleScore, noop!.measuredStyle)
      assert.strictEqual(noop!.completionTokens, 0)
      assert.deepStrictEqual([noop!.durationMs, noop!.finishedAt, oneShot!.durationMs], [0, 0, 1500])
      // Every cell is in results.jsonl as well, in the order it finished.
      assert.deepStrictEqual(yield* resultsOf(settings), report.cells)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("the checks run on the service's text, with its style score; a failing cell is noted on the progress", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ filter: "pump", baselines: false })
      const client = clientWith(() => Effect.succeed(answer("We use the pump fast.", { styleScore: 41 })))
      const { report, lines } = yield* run(settings, client.layer)
      const [cell] = report.cells
      assert.deepStrictEqual(
        cell!.failures.map((f) => f._tag),
        ["RequiredTermLost"]
      )
      assert.isFalse(cell!.passed)
      assert.strictEqual(cell!.styleScore, 41)
      assert.deepStrictEqual(lines, [
        "update 0/1 ",
        'note FAIL pump pipeline@2: required term "40 L/min" lost',
        "update 1/1 pump pipeline@2",
        "finish"
      ])
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a service error is the cell's only failure; no text, so no style score and no meaning verdict", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ filter: "pump", baselines: false })
      const client = clientWith(() =>
        Effect.fail(new CliFailure({ code: "provider_error", message: "model 'x' not found" }))
      )
      const { report } = yield* run(settings, client.layer)
      const [cell] = report.cells
      assert.deepStrictEqual(cell!.failures, [{ _tag: "ModelNotLoaded", evidence: "model 'x' not found" }])
      assert.deepStrictEqual(
        [cell!.passed, cell!.styleScore, cell!.meaning, cell!.model, cell!.providerCalls],
        [false, null, "none", null, 0]
      )
      assert.isAbove(cell!.measuredStyle, 0)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("the judge sees every service answer with the provider that wrote it, never the no-op baseline", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ iterations: [0] })
      const client = clientWith(rewrites)
      const judged: Array<string> = []
      const judge = Layer.mock(Judge, {
        judge: (evalCase, output, provider) =>
          Effect.sync(() => {
            judged.push(`${evalCase.id}: ${output} (${provider.model})`)
            return evalCase.expect.rubric === undefined ? undefined : JudgeFailed.make({ evidence: "too curt" })
          })
      })
      const { report } = yield* run(settings, client.layer, judge)
      assert.deepStrictEqual(judged.toSorted(), [
        "gate: Never open the gate. (served-model)",
        "gate: Never open the gate. (served-model)",
        "pump: We use the pump at 40 L/min. (served-model)",
        "pump: We use the pump at 40 L/min. (served-model)"
      ])
      assert.deepStrictEqual(
        report.cells.map((c) => `${c.caseId} ${c.variant} ${c.failures.map((f) => f._tag).join(",")}`),
        [
          "pump no-op ",
          "pump one-shot ",
          "pump pipeline@0 ",
          "gate no-op ",
          "gate one-shot JudgeFailed",
          "gate pipeline@0 JudgeFailed"
        ]
      )
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a resumed run reuses finished cells, runs again those whose failure says nothing about the text", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ baselines: false })
      // First run: the pump cell loses its term (a real failure), the gate cell cannot reach the provider.
      const first = clientWith((body) =>
        body.source.startsWith("Never")
          ? Effect.fail(new CliFailure({ code: "provider_unreachable", message: "down" }))
          : Effect.succeed(answer("We use the pump."))
      )
      yield* run(settings, first.layer)
      assert.strictEqual(first.requests.length, 2)

      const second = clientWith(rewrites)
      const { report, lines } = yield* run(settings, second.layer)
      assert.deepStrictEqual(
        second.requests.map((r) => r.source),
        ["Never open the gate."]
      )
      assert.strictEqual(
        lines[0],
        `note reusing 1 of 2 cells finished earlier in ${settings.outDir}/results.jsonl (same cases, options, model qwen3 and code ${String(report.settings["codeFingerprint"])}); --fresh redoes them`
      )
      assert.strictEqual(lines[1], "update 1/2 ")
      assert.deepStrictEqual(
        report.cells.map((c) => [c.caseId, c.passed]),
        [
          ["pump", false],
          ["gate", true]
        ]
      )
      assert.strictEqual(report.settings["reusedCells"], 1)

      // Everything finished now: nothing is asked; --fresh asks for everything again.
      const third = clientWith(rewrites)
      const quiet = yield* run(settings, third.layer)
      assert.strictEqual(third.requests.length, 0)
      assert.strictEqual(quiet.report.settings["reusedCells"], 2)
      const fresh = clientWith(rewrites)
      const again = yield* run({ ...settings, fresh: true }, fresh.layer)
      assert.strictEqual(fresh.requests.length, 2)
      assert.strictEqual(again.report.settings["reusedCells"], 0)
      assert.notInclude(again.lines.join("\n"), "reusing")
      assert.strictEqual((yield* resultsOf(settings)).length, 2)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a cached cell is not reused under another reasoning effort, model or case text", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ baselines: false, filter: "pump" })
      yield* run(settings, clientWith(rewrites).layer)
      for (const changed of [{ reasoningEffort: "high" as const }, { model: "gemma3" }]) {
        const client = clientWith(rewrites)
        yield* run({ ...settings, ...changed }, client.layer)
        assert.strictEqual(client.requests.length, 1, JSON.stringify(changed))
      }
      const same = clientWith(rewrites)
      yield* run(settings, same.layer)
      assert.strictEqual(same.requests.length, 0)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("without a model named, the key and the report use the model the provider has loaded now", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ baselines: false, filter: "pump", model: undefined, providerId: "ollama" })
      const client = clientWith(rewrites)
      const { report } = yield* run(settings, client.layer)
      // The id goes to the service, which knows the presets and the writer's own providers.
      assert.deepStrictEqual(client.healthChecks, ["ollama"])
      assert.notProperty(client.requests[0]!, "model")
      assert.strictEqual(report.settings["resolvedModel"], "loaded-model")
      assert.strictEqual(report.settings["model"], null)
      assert.include(report.cells[0]!.key, "|ollama|loaded-model|low|")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("the model is unknown when the provider id is not one, the provider does not answer, or loads none", () =>
    Effect.gen(function* () {
      const cases: ReadonlyArray<
        readonly [string, (b: string | undefined) => Effect.Effect<{ model: string | null }, CliFailure>]
      > = [
        // The service answers an id it does not know with a 400.
        ["not-a-provider", () => Effect.fail(new CliFailure({ code: "invalid_request", message: "no provider" }))],
        ["lmstudio", () => Effect.fail(new CliFailure({ code: "provider_unreachable", message: "down" }))],
        ["lmstudio", () => Effect.succeed({ model: null })]
      ]
      for (const [providerId, health] of cases) {
        const settings = yield* workspace({ baselines: false, filter: "pump", model: undefined, providerId })
        const client = clientWith(rewrites, health)
        const { report } = yield* run(settings, client.layer)
        assert.strictEqual(report.settings["resolvedModel"], "unknown", providerId)
        assert.deepStrictEqual(client.healthChecks, [providerId])
      }
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("the report's settings say what was run, against which service, code and model", () =>
    Effect.gen(function* () {
      const settings = yield* workspace({ iterations: [1, 2], filter: "numbers" })
      const { report } = yield* run(settings, clientWith(rewrites).layer)
      const fingerprint = report.settings["codeFingerprint"]
      assert.match(String(fingerprint), /^[0-9a-f]{12}$/)
      assert.deepStrictEqual(report.settings, {
        providerId: "http://127.0.0.1:1/v1",
        model: "qwen3",
        reasoningEffort: "low",
        iterations: [1, 2],
        cases: 1,
        filter: "numbers",
        serviceUrl: "http://127.0.0.1:5174",
        codeFingerprint: fingerprint,
        resolvedModel: "qwen3",
        reusedCells: 0
      })
      assert.strictEqual(report.cells.length, 4)
      const unfiltered = yield* run({ ...settings, filter: undefined, fresh: true }, clientWith(rewrites).layer)
      assert.strictEqual(unfiltered.report.settings["filter"], null)
      assert.strictEqual(unfiltered.report.settings["cases"], 2)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("cells run at most `concurrency` at a time, and at least one at a time", () =>
    Effect.gen(function* () {
      for (const [concurrency, most] of [
        [0, 1],
        [1, 1],
        [2, 2]
      ] as const) {
        const settings = yield* workspace({ baselines: false, iterations: [0, 1, 2], concurrency })
        let inFlight = 0
        let peak = 0
        const client = clientWith((body) =>
          Effect.sync(() => {
            inFlight++
            peak = Math.max(peak, inFlight)
          }).pipe(
            Effect.andThen(Effect.yieldNow),
            Effect.andThen(Effect.yieldNow),
            Effect.andThen(Effect.sync(() => inFlight--)),
            Effect.andThen(rewrites(body))
          )
        )
        const { report } = yield* run(settings, client.layer)
        assert.strictEqual(report.cells.length, 6)
        assert.strictEqual(peak, most, `concurrency ${concurrency}`)
      }
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("stops before any request: no case matches the filter, or a case's profile is missing or invalid", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const client = clientWith(rewrites)
      const noMatch = yield* Effect.flip(run(yield* workspace({ filter: "nothing, " }), client.layer))
      assert.instanceOf(noMatch, CliFailure)
      assert.deepStrictEqual(
        [noMatch._tag, noMatch.code, noMatch.message],
        ["CliFailure", "no_cases", 'no case matches the filter "nothing, "']
      )
      const missing = yield* workspace({}, [
        { ...CASES[0], profile: "nope" },
        { ...CASES[1], profile: "nope" },
        { ...CASES[0], id: "other" }
      ])
      const notFound = yield* Effect.flip(run(missing, client.layer))
      assert.instanceOf(notFound, CliFailure)
      assert.strictEqual(notFound.code, "profile_not_found")
      assert.strictEqual(
        notFound.message,
        `case(s) pump, gate use profile "nope", which is not in ${missing.profilesDir}`
      )
      const broken = yield* workspace({})
      yield* fs.writeFileString(`${broken.profilesDir}/plain-english.json`, '{"id": "plain-english"}')
      const invalid = yield* Effect.flip(run(broken, client.layer))
      assert.instanceOf(invalid, CliFailure)
      assert.strictEqual(invalid.code, "invalid_profile")
      assert.match(invalid.message, /^profile plain-english: /)
      assert.strictEqual(client.requests.length, 0)
      assert.isFalse(yield* fs.exists(`${broken.outDir}/results.jsonl`))
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})
