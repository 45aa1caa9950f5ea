/**
 * Mutation testing of one folder: `npm run mutation -- src/store`. Mutates the folder's TypeScript and runs only the
 * tests that cover it (listed below), so one folder takes minutes on two cores. Prints Stryker's report and the score;
 * the JSON report is left in reports/mutation/<folder>.json. Not part of `npm test` (too slow for every change).
 */
import { spawnSync } from "node:child_process"
import { renameSync } from "node:fs"

/** The tests that exercise each folder. */
const TESTS: Readonly<Record<string, ReadonlyArray<string>>> = {
  "src/store": [
    "test/server/store/**/*.test.ts",
    "test/server/Storage.test.ts",
    "test/server/StorageRoutes.test.ts",
    "test/server/Documents.test.ts",
    "test/server/Voices.test.ts"
  ],
  "src/provider": [
    "test/server/Retry*.test.ts",
    "test/server/Gate*.test.ts",
    "test/server/Tokens*.test.ts",
    "test/server/ModelRepl*.test.ts",
    "test/server/Wire.test.ts",
    "test/server/LeanCalls.test.ts"
  ],
  "src/markdown": ["test/server/Markdown*.test.ts", "test/server/Segmenter.test.ts", "test/server/Structure.test.ts"],
  "src/pipeline": [
    "test/server/Pipeline*.test.ts",
    "test/server/RunReport.test.ts",
    "test/server/Style*.test.ts",
    "test/stages/**/*.test.ts"
  ],
  cli: ["test/cli/**/*.test.ts"],
  eval: ["test/eval/**/*.test.ts"],
  "web/src/stores": ["test/web/**/*.spec.ts"]
}

const folder = (process.argv[2] ?? "").replace(/\/+$/, "")
const tests = TESTS[folder]
if (tests === undefined) {
  console.error(`usage: npm run mutation -- <folder>, one of: ${Object.keys(TESTS).join(", ")}`)
  process.exit(1)
}
const result = spawnSync(
  "npx",
  ["stryker", "run", "--mutate", `${folder}/**/*.ts`, "--testFiles", tests.join(","), ...process.argv.slice(3)],
  { stdio: "inherit" }
)
if (result.status === 0) {
  renameSync("reports/mutation/mutation.json", `reports/mutation/${folder.replaceAll("/", "-")}.json`)
}
process.exit(result.status ?? 1)
