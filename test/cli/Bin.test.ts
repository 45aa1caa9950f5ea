import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FakeProvider } from "../support/FakeProvider.ts"
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

  it.effect("exits with the documented code for each outcome, as a process (2, 3, 4)", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ behaviours: ["error-object"] })
      const url = yield* serviceUrl
      const dir = mkdtempSync(join(tmpdir(), "redraft-bin-"))
      yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
      const original = join(dir, "a.md")
      const changed = join(dir, "b.md")
      writeFileSync(original, "The pump runs at 40 L/min.\n")
      writeFileSync(changed, "The pump runs at 45 L/min.\n")
      const [unreachable, provider, check] = yield* Effect.all(
        [
          // Nothing listens on port 9.
          runBin(["--service", "http://127.0.0.1:9", "profiles"]),
          // The model server refuses the model: a provider error.
          runBin(["--service", url, "rewrite", original, "--profile", "plain-english"]),
          // The rewrite changes a number.
          runBin(["--service", url, "check", original, changed])
        ],
        { concurrency: "unbounded" }
      )
      assert.strictEqual(unreachable.code, 2, unreachable.stderr)
      assert.strictEqual(provider.code, 3, provider.stderr)
      assert.include(provider.stderr, "not found")
      assert.strictEqual(check.code, 4, check.stderr)
    }).pipe(Effect.scoped)
  )
})
