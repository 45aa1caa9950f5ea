/**
 * Mutation testing of one folder: `npm run mutation -- src/store`. Mutates the folder's TypeScript and runs only the
 * tests that cover it (listed below, fast tests first). Prints Stryker's report and the score; the JSON report is left
 * in reports/mutation/<folder>.json. Not part of `npm test`: a first run of one folder takes from ten minutes to over
 * an hour on two cores (docs/testing.md), and a later run re-tests only the mutants whose code or tests changed.
 */
import { spawnSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"

/** The tests that exercise each folder. */
const TESTS: Readonly<Record<string, ReadonlyArray<string>>> = {
  // The store's own tests (no HTTP), and the storage faults (a full disk, a read-only folder) that need a real mount.
  "src/store": ["test/server/store/**/*.test.ts", "test/server/Storage.test.ts"],
  "src/provider": [
    "test/server/Retry*.test.ts",
    "test/server/Gate*.test.ts",
    "test/server/Tokens*.test.ts",
    "test/server/ModelReply.test.ts",
    "test/server/provider/**/*.test.ts"
  ],
  "src/markdown": ["test/server/Markdown*.test.ts", "test/server/Segmenter.test.ts", "test/server/Structure.test.ts"],
  // Fast tests only: the pipeline's rules with stages written in the tests, the report, the safety verdict and the
  // profiles. The end-to-end files (Pipeline.test.ts, PipelineSafety.test.ts, StyleThreshold.test.ts, test/stages/)
  // start a service or a fake provider for every mutant and would take hours on two cores; they cover the same rules.
  // Not Guards.test.ts: 8 s a mutant, and the worker thread it checks runs code where no mutant is active.
  "src/pipeline": [
    "test/server/PipelineRules.test.ts",
    "test/server/RunReport.test.ts",
    "test/server/ProfilesService.test.ts",
    "test/server/Safety.test.ts",
    "test/server/Structure.test.ts",
    "test/stages/questions.test.ts"
  ],
  // Not Bin.test.ts: its commands run in child processes, where no mutant is active, so it can kill none.
  cli: ["test/cli/Offline.test.ts", "test/cli/Commands.test.ts", "test/cli/Cli.test.ts", "test/cli/Profiles.test.ts"],
  // Not Eval.test.ts nor EvalServices.test.ts: they run the whole CLI against the service for seconds a test, and the
  // runner's rules are tested directly (over a mocked client) by the files below.
  eval: [
    "test/eval/Cases.test.ts",
    "test/eval/CaseFiles.test.ts",
    "test/eval/Checks.test.ts",
    "test/eval/CodeFingerprint.test.ts",
    "test/eval/Judge.test.ts",
    "test/eval/Report.test.ts",
    "test/eval/Runner.test.ts"
  ],
  "web/src/stores": ["test/web/**/*.spec.ts"]
}

/** Files of a folder that are not mutated: scripts that no test imports (a benchmark that times itself on import). */
const NOT_MUTATED: Readonly<Record<string, ReadonlyArray<string>>> = {
  eval: ["eval/guards-main.ts"]
}

const folder = (process.argv[2] ?? "").replace(/\/+$/, "")
const tests = TESTS[folder]
if (tests === undefined) {
  console.error(`usage: npm run mutation -- <folder>, one of: ${Object.keys(TESTS).join(", ")}`)
  process.exit(1)
}
const name = folder.replaceAll("/", "-")
// Each folder has its own working directory, report and config, so two folders can run side by side. Results are
// kept (Stryker's incremental mode): a second run tests again only the mutants whose code or tests changed; add
// `--force` to test all of them.
const base = JSON.parse(readFileSync("stryker.config.json", "utf8")) as Record<string, unknown>
mkdirSync("reports/mutation", { recursive: true })
const config = `reports/mutation/${name}.config.json`
writeFileSync(
  config,
  JSON.stringify({
    ...base,
    $schema: undefined,
    mutate: [`${folder}/**/*.ts`, ...(NOT_MUTATED[folder] ?? []).map((file) => `!${file}`)],
    testFiles: tests,
    tempDirName: `.stryker-tmp-${name}`,
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    incremental: true,
    incrementalFile: `reports/mutation/${name}.incremental.json`
  })
)
const result = spawnSync("npx", ["stryker", "run", config, ...process.argv.slice(3)], { stdio: "inherit" })
process.exit(result.status ?? 1)
