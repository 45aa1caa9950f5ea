import { Config, Effect, Option } from "effect"
import { Command, Flag } from "effect/cli"
import { CaseLoadError } from "../eval/Cases.ts"
import { Judge } from "../eval/Judge.ts"
import { writeReports } from "../eval/Report.ts"
import { type EvalSettings, runEval } from "../eval/Runner.ts"
import { ReasoningEffort } from "../src/domain/Rewrite.ts"
import { CliFailure } from "../client/CliFailure.ts"
import { writeErr, writeOut } from "./Output.ts"
import { makeProgress } from "../client/Progress.ts"
import { jsonErrors, optionalString, withService } from "./Root.ts"
import { fileURLToPath } from "node:url"

const parseIterations = (text: string): ReadonlyArray<number> | undefined => {
  const values = text.split(",").map((s) => Number.parseInt(s.trim(), 10))
  return values.length > 0 && values.every((n) => Number.isInteger(n) && n >= 0 && n <= 5) ? values : undefined
}

export const evaluate = Command.make(
  "eval",
  {
    iterations: Flag.String("iterations").pipe(
      Flag.withDescription(
        "maxRewriteIterations values, comma-separated, one pipeline column each (default 0,1,2; SERVICE_EVAL_ITERATIONS)"
      ),
      Flag.withFallbackConfig(Config.String("SERVICE_EVAL_ITERATIONS")),
      Flag.withDefault("0,1,2")
    ),
    filter: Flag.String("filter").pipe(
      Flag.withDescription("Only cases with these ids or tags, comma-separated (SERVICE_EVAL_CASE_FILTER)"),
      Flag.withFallbackConfig(Config.String("SERVICE_EVAL_CASE_FILTER")),
      Flag.optional
    ),
    cases: Flag.String("cases").pipe(
      Flag.withDescription("Folder of case files (default fixtures/cases)"),
      Flag.withDefault("fixtures/cases")
    ),
    out: Flag.String("out").pipe(
      Flag.withDescription("Folder for results.jsonl and the reports (default test-output/eval; SERVICE_EVAL_OUT_DIR)"),
      Flag.withFallbackConfig(Config.String("SERVICE_EVAL_OUT_DIR")),
      Flag.withDefault("test-output/eval")
    ),
    concurrency: Flag.Int("concurrency").pipe(
      Flag.withDescription(
        "Cells in flight at once, at most the provider's limit (default 4; SERVICE_EVAL_CONCURRENCY)"
      ),
      Flag.withFallbackConfig(Config.Int("SERVICE_EVAL_CONCURRENCY")),
      Flag.withDefault(4)
    ),
    compare: Flag.String("compare").pipe(
      Flag.withDescription("Earlier report.json to compare with (default: the last report in --out)"),
      Flag.optional
    ),
    fresh: Flag.Boolean("fresh").pipe(
      Flag.withDescription("Forget finished cells and run everything again"),
      Flag.withDefault(false)
    ),
    noBaselines: Flag.Boolean("no-baselines").pipe(
      Flag.withDescription("Skip the no-op and one-shot baselines"),
      Flag.withDefault(false)
    ),
    judge: Flag.Boolean("judge").pipe(
      Flag.withDescription("Ask the model to judge cases that have a rubric (SERVICE_EVAL_JUDGE)"),
      Flag.withFallbackConfig(Config.Boolean("SERVICE_EVAL_JUDGE")),
      Flag.withDefault(false)
    ),
    strict: Flag.Boolean("strict").pipe(
      Flag.withDescription("Exit with 4 when any pipeline cell failed"),
      Flag.withDefault(false)
    ),
    quiet: Flag.Boolean("quiet").pipe(
      Flag.withAlias("q"),
      Flag.withDescription("No progress on stderr"),
      Flag.withDefault(false)
    ),
    json: Flag.Boolean("json").pipe(
      Flag.withDescription("Print the JSON report on stdout instead of the summary"),
      Flag.withDefault(false)
    )
  },
  Effect.fn("Cli.eval")(function* (input) {
    // Every failure, a bad flag or setting included, goes through --json's error object.
    const checkedRun = Effect.gen(function* () {
      const iterations = parseIterations(input.iterations)
      if (iterations === undefined) {
        return yield* new CliFailure({
          code: "invalid_iterations",
          message: `--iterations takes comma-separated whole numbers from 0 to 5 (got ${JSON.stringify(input.iterations)})`
        })
      }
      const env = yield* Config.all({
        providerId: Config.option(Config.String("SERVICE_EVAL_PROVIDER_ID")),
        baseUrl: Config.option(Config.String("SERVICE_EVAL_BASE_URL")),
        model: Config.option(Config.String("SERVICE_EVAL_MODEL")),
        reasoningEffort: Config.schema(ReasoningEffort, "SERVICE_EVAL_REASONING_EFFORT").pipe(
          Config.withDefault("none")
        ),
        profilesDir: Config.String("PROFILES_DIR").pipe(Config.withDefault("fixtures/profiles")),
        judgeBaseUrl: Config.option(Config.String("SERVICE_EVAL_JUDGE_BASE_URL")),
        judgeModel: Config.option(Config.String("SERVICE_EVAL_JUDGE_MODEL"))
      }).pipe(Effect.mapError((e) => new CliFailure({ code: "invalid_config", message: e.message })))
      const settings: EvalSettings = {
        root: fileURLToPath(new URL("..", import.meta.url)),
        casesDir: input.cases,
        profilesDir: env.profilesDir,
        outDir: input.out,
        iterations,
        concurrency: input.concurrency,
        filter: optionalString(input.filter),
        providerId: Option.getOrElse(
          Option.orElse(env.providerId, () => env.baseUrl),
          () => "lmstudio"
        ),
        model: Option.getOrUndefined(env.model),
        reasoningEffort: env.reasoningEffort,
        fresh: input.fresh,
        baselines: !input.noBaselines
      }
      const run = Effect.gen(function* () {
        const progress = yield* makeProgress("eval", !input.quiet)
        const report = yield* runEval(settings, progress)
        const written = yield* writeReports(settings.outDir, report, optionalString(input.compare))
        yield* writeOut(input.json ? `${JSON.stringify(written.report, null, 2)}\n` : `${written.markdown}\n`)
        if (!input.quiet)
          yield* writeErr(`redraft: reports written to ${written.jsonFile} and ${written.markdownFile}\n`)
        return written.report.cells.filter((c) => c.variant.startsWith("pipeline@") && !c.passed).length
      }).pipe(
        Effect.catchTag("CaseLoadError", (e: CaseLoadError) =>
          Effect.fail(new CliFailure({ code: "invalid_cases", message: e.message }))
        ),
        Effect.catchTag("PlatformError", (e) =>
          Effect.fail(new CliFailure({ code: "output_unwritable", message: `cannot write the results: ${e.message}` }))
        ),
        Effect.provide(
          input.judge
            ? Judge.layer({
                ...Option.match(env.judgeBaseUrl, { onNone: () => ({}), onSome: (baseUrl) => ({ baseUrl }) }),
                ...Option.match(env.judgeModel, { onNone: () => ({}), onSome: (model) => ({ model }) })
              })
            : Judge.layerDisabled
        )
      )
      return yield* run.pipe(withService("start"))
    })
    const failed = yield* checkedRun.pipe(jsonErrors(input.json))
    // The report (JSON or Markdown) is already printed; --strict only changes the exit code.
    if (input.strict && failed > 0) {
      return yield* new CliFailure({ code: "eval_failed", message: `${failed} pipeline cell(s) failed` })
    }
  })
).pipe(
  Command.withDescription(
    "Run the evaluation matrix (cases x iteration limits, plus no-op and one-shot baselines) and write JSON and Markdown reports"
  ),
  Command.withExamples([
    { command: "redraft eval --iterations 0,2 --filter numbers", description: "A smaller matrix" },
    {
      command: "SERVICE_EVAL_PROVIDER_ID=ollama SERVICE_EVAL_MODEL=gemma3 redraft eval",
      description: "Another provider"
    }
  ])
)
