import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { TestApp } from "../support/TestApp.ts"
import { serviceUrl } from "./RunCli.ts"

/** Runs `bin/redraft.js` as its own process on this Node (the pinned one when tests run through npm). */
const runBin = (args: ReadonlyArray<string>) =>
  Effect.callback<{ code: number; stdout: string; stderr: string }>((resume) => {
    execFile(
      process.execPath,
      ["bin/redraft.js", ...args],
      { env: { PATH: process.env["PATH"] ?? "" } },
      (error, stdout, stderr) => {
        resume(
          Effect.succeed({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, stdout, stderr })
        )
      }
    )
  })

layer(TestApp(), { excludeTestServices: true })("bin/redraft.js", (it) => {
  it.effect("runs the TypeScript CLI through tsx and keeps its exit codes", () =>
    Effect.gen(function* () {
      const url = yield* serviceUrl
      const profiles = yield* runBin(["--service", url, "profiles", "--json"])
      assert.strictEqual(profiles.code, 0, profiles.stderr)
      assert.strictEqual((JSON.parse(profiles.stdout) as { profiles: Array<unknown> }).profiles.length, 5)
      const unknown = yield* runBin(["--service", url, "rewrite", "/nonexistent.md", "--profile", "plain-english"])
      assert.strictEqual(unknown.code, 1)
      assert.include(unknown.stderr, "redraft: cannot read /nonexistent.md")
    })
  )
})
