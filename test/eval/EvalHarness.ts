import { Effect, FileSystem } from "effect"
import type { Report } from "../../eval/ReportModel.ts"
import { runCli, serviceUrl } from "../cli/RunCli.ts"
import { FakeProvider } from "../support/FakeProvider.ts"

export interface TestCase {
  readonly id: string
  readonly profile?: string
  readonly tags?: ReadonlyArray<string>
  readonly source: string
  readonly expect: Record<string, unknown>
}

/** A temporary folder holding `cases.json` with these cases, and an empty output folder. */
export const caseFolder = (cases: ReadonlyArray<TestCase>) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-eval-" })
    yield* fs.makeDirectory(`${dir}/cases`)
    yield* fs.writeFileString(
      `${dir}/cases/cases.json`,
      JSON.stringify({
        cases: cases.map((c) => ({
          title: c.id,
          profile: "plain-english",
          tags: ["test"],
          ...c
        }))
      })
    )
    return { cases: `${dir}/cases`, out: `${dir}/out` }
  })

/**
 * `redraft eval` against the service under test, with the fake provider as the evaluation provider, the JSON report
 * on stdout; returns the run and the parsed report (undefined when the command failed before writing one).
 */
export const runEvalCli = (
  folder: { readonly cases: string; readonly out: string },
  args: ReadonlyArray<string> = [],
  env: Readonly<Record<string, string>> = {}
) =>
  Effect.gen(function* () {
    const fake = yield* FakeProvider
    const url = yield* serviceUrl
    const run = yield* runCli(
      ["--service", url, "eval", "--cases", folder.cases, "--out", folder.out, "--json", ...args],
      { env: { SERVICE_EVAL_BASE_URL: fake.baseUrl, ...env } }
    )
    const report = run.stdout.trim().startsWith("{") ? (JSON.parse(run.stdout) as Report) : undefined
    return { ...run, report }
  })

/** Every failure tag of a report's cells, as `caseId variant Tag`. */
export const failureLines = (report: Report | undefined): ReadonlyArray<string> =>
  (report?.cells ?? []).flatMap((c) => c.failures.map((f) => `${c.caseId} ${c.variant} ${f._tag}`))
