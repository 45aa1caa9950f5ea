import { Clock, Effect, FileSystem, Path, Schema } from "effect"
import { createHash } from "node:crypto"
import { CliFailure } from "../client/CliFailure.ts"
import type { Progress } from "../client/Progress.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { type ReasoningEffort, type RewriteResult, StyleProfile } from "../src/domain/Rewrite.ts"
import { type EvalCase, filterCases, loadCases } from "./Cases.ts"
import { codeFingerprint } from "./CodeFingerprint.ts"
import { checkOutput, measuredStyle } from "./Checks.ts"
import { describeFailure, failureFromApiError, RETRYABLE } from "./Failures.ts"
import { Judge } from "./Judge.ts"
import { buildReport } from "./Report.ts"
import { type CellResult, openResults } from "./ResultsStore.ts"

export interface EvalSettings {
  /** The project's root, whose code the cached cells are fingerprinted against. */
  readonly root: string
  readonly casesDir: string
  readonly profilesDir: string
  readonly outDir: string
  /** `maxRewriteIterations` values of the full pipeline, one matrix column each. */
  readonly iterations: ReadonlyArray<number>
  readonly concurrency: number
  readonly filter: string | undefined
  /** A preset id or a provider URL (`SERVICE_EVAL_PROVIDER_ID`, else `SERVICE_EVAL_BASE_URL`, else `lmstudio`). */
  readonly providerId: string
  readonly model: string | undefined
  readonly reasoningEffort: ReasoningEffort
  readonly fresh: boolean
  readonly baselines: boolean
}

export type Variant = "no-op" | "one-shot" | `pipeline@${number}`

export const variantsOf = (settings: EvalSettings): ReadonlyArray<Variant> => [
  ...(settings.baselines ? (["no-op", "one-shot"] as const) : []),
  ...settings.iterations.map((n): Variant => `pipeline@${n}`)
]

/**
 * Runs the matrix cases x variants through the service's `POST /api/eval/rewrite`, at most `concurrency` cells at a
 * time, appending each finished cell to `results.jsonl`; cells already there are skipped (a provider or service
 * failure is tried again). Returns the report over every cell of the current matrix.
 */
export const runEval = Effect.fn("Eval.run")(function* (settings: EvalSettings, progress: Progress) {
  const cases = filterCases(yield* loadCases(settings.casesDir), settings.filter)
  if (cases.length === 0) {
    return yield* new CliFailure({
      code: "no_cases",
      message: `no case matches the filter ${JSON.stringify(settings.filter)}`
    })
  }
  const profiles = yield* loadProfiles(settings.profilesDir, cases)
  const store = yield* openResults(settings.outDir, settings.fresh)
  const client = yield* RedraftClient
  const judge = yield* Judge

  // A cached cell is reused only for the same case, options, model and code: the model the service would pick
  // now (when none is named) and a fingerprint of the stages, prompts, guards and profiles.
  const fingerprint = yield* codeFingerprint(settings.root)
  const model = settings.model ?? (yield* currentModel(client, settings.providerId))
  const cells = cases.flatMap((c) =>
    variantsOf(settings).map((variant) => ({
      evalCase: c,
      variant,
      key: keyOf(c, variant, settings, model, fingerprint)
    }))
  )
  const finished = new Map<string, CellResult>()
  for (const cell of cells) {
    const earlier = store.previous.get(cell.key)
    if (earlier !== undefined && !earlier.failures.some((f) => RETRYABLE.has(f._tag))) finished.set(cell.key, earlier)
  }
  const reused = finished.size
  const todo = cells.filter((cell) => !finished.has(cell.key))
  if (reused > 0) {
    yield* progress.note(
      `reusing ${reused} of ${cells.length} cells finished earlier in ${store.file} (same cases, options, model ${model} and code ${fingerprint}); --fresh redoes them`
    )
  }
  yield* progress.update(finished.size, cells.length, "")

  const runCell = (evalCase: EvalCase, variant: Variant, key: string) =>
    Effect.gen(function* () {
      const profile = profiles.get(evalCase.profile)!
      const started = yield* Clock.currentTimeMillis
      const outcome =
        variant === "no-op"
          ? ({ _tag: "done", text: evalCase.source, result: undefined } as const)
          : yield* client
              .evalRewrite({
                source: evalCase.source,
                styleProfileId: evalCase.profile,
                providerId: settings.providerId,
                ...(settings.model !== undefined ? { model: settings.model } : {}),
                options: {
                  maxRewriteIterations: variant === "one-shot" ? 0 : Number(variant.slice("pipeline@".length)),
                  reasoningEffort: settings.reasoningEffort,
                  runMeaningCheck: variant !== "one-shot",
                  runFinalSmoothing: false
                }
              })
              .pipe(
                Effect.map((result) => ({ _tag: "done", text: result.finalText, result }) as const),
                Effect.catch((e) =>
                  Effect.succeed({ _tag: "failed", failure: failureFromApiError(e.code, e.message) } as const)
                )
              )
      const measured = measuredStyle(outcome._tag === "done" ? outcome.text : evalCase.source, profile)
      const failures =
        outcome._tag === "failed" ? [outcome.failure] : yield* checked(evalCase, outcome.text, outcome.result, measured)
      const finishedAt = yield* Clock.currentTimeMillis
      const result = outcome._tag === "done" ? outcome.result : undefined
      const cell: CellResult = {
        key,
        caseId: evalCase.id,
        profile: evalCase.profile,
        tags: evalCase.tags,
        variant,
        passed: failures.length === 0,
        failures,
        styleScore: outcome._tag === "failed" ? null : (result?.summary.styleScore ?? measured),
        measuredStyle: measured,
        meaning: result?.summary.meaning ?? (variant === "no-op" ? "n/a" : "none"),
        durationMs: finishedAt - started,
        providerCalls: result?.debug?.usage.calls ?? 0,
        promptTokens: result?.debug?.usage.promptTokens ?? 0,
        completionTokens: result?.debug?.usage.completionTokens ?? 0,
        model: result?.provider.model ?? null,
        finishedAt
      }
      yield* store.append(cell)
      finished.set(key, cell)
      if (!cell.passed) {
        yield* progress.note(`FAIL ${evalCase.id} ${variant}: ${failures.map(describeFailure).join("; ")}`)
      }
      yield* progress.update(finished.size, cells.length, `${evalCase.id} ${variant}`)
    })

  const checked = (evalCase: EvalCase, text: string, result: RewriteResult | undefined, measured: number) =>
    Effect.gen(function* () {
      const failures = checkOutput(evalCase, text, result?.summary.styleScore ?? measured, result)
      if (result !== undefined) {
        const verdict = yield* judge.judge(evalCase, text, result.provider)
        if (verdict !== undefined) failures.push(verdict)
      }
      return failures
    })

  yield* Effect.forEach(todo, (cell) => runCell(cell.evalCase, cell.variant, cell.key), {
    concurrency: Math.max(1, settings.concurrency),
    discard: true
  }).pipe(Effect.ensuring(progress.finish))

  const results = cells.flatMap((cell) => {
    const found = finished.get(cell.key)
    return found === undefined ? [] : [found]
  })
  return yield* buildReport(results, variantsOf(settings), {
    providerId: settings.providerId,
    model: settings.model ?? null,
    reasoningEffort: settings.reasoningEffort,
    iterations: settings.iterations,
    cases: cases.length,
    filter: settings.filter ?? null,
    serviceUrl: client.baseUrl,
    codeFingerprint: fingerprint,
    resolvedModel: model,
    reusedCells: reused
  })
})

// ---------------------------------------------------------------------------------------------------------------

/** The cache key of one cell: every input that decides its result. */
export const keyOf = (
  evalCase: EvalCase,
  variant: Variant,
  settings: EvalSettings,
  model: string,
  fingerprint: string
): string => {
  const content = createHash("sha256")
    .update(JSON.stringify([evalCase.source, evalCase.profile, evalCase.expect]))
    .digest("hex")
    .slice(0, 12)
  return [evalCase.id, content, variant, settings.providerId, model, settings.reasoningEffort, fingerprint].join("|")
}

/** The model the service would pick for the provider now; "unknown" when the provider does not answer. */
const currentModel = (client: RedraftClient["Service"], providerId: string) =>
  client.health(providerId).pipe(
    Effect.map((health) => health.model ?? "unknown"),
    Effect.orElseSucceed(() => "unknown")
  )

/** The profiles the cases use, from the same fixtures the service reads; an unknown profile stops the run early. */
const loadProfiles = Effect.fnUntraced(function* (dir: string, cases: ReadonlyArray<EvalCase>) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const profiles = new Map<string, StyleProfile>()
  for (const id of new Set(cases.map((c) => c.profile))) {
    const raw = yield* fs.readFileString(path.join(dir, `${id}.json`)).pipe(
      Effect.mapError(
        () =>
          new CliFailure({
            code: "profile_not_found",
            message: `case(s) ${cases
              .filter((c) => c.profile === id)
              .map((c) => c.id)
              .join(", ")} use profile ${JSON.stringify(id)}, which is not in ${dir}`
          })
      )
    )
    const profile = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(StyleProfile))(raw).pipe(
      Effect.mapError((e) => new CliFailure({ code: "invalid_profile", message: `profile ${id}: ${e.message}` }))
    )
    profiles.set(id, profile)
  }
  return profiles
})
