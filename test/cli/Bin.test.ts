import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFile } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { serviceUrl } from "./RunCli.ts"

interface BinRun {
  readonly code: number
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Starts `bin/redraft.js` as its own process on this Node (the pinned one when tests run through npm), with `env`
 * besides PATH; `done` waits for its exit.
 */
const startBin = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}) =>
  Effect.sync(() => {
    let finished: BinRun | undefined
    const waiting: Array<(run: BinRun) => void> = []
    const child = execFile(
      process.execPath,
      ["bin/redraft.js", ...args],
      { env: { PATH: process.env["PATH"] ?? "", ...env } },
      (error, stdout, stderr) => {
        finished = {
          code: error === null ? 0 : typeof error.code === "number" ? error.code : 1,
          signal: error?.signal ?? null,
          stdout,
          stderr
        }
        for (const resume of waiting) resume(finished)
      }
    )
    const done = Effect.callback<BinRun>((resume) => {
      if (finished !== undefined) resume(Effect.succeed(finished))
      else waiting.push((run) => resume(Effect.succeed(run)))
    })
    return { child, done }
  })

const runBin = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}) =>
  Effect.flatMap(startBin(args, env), (bin) => bin.done)

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

  it.effect(
    "every other documented outcome as a process: 1, 2, 3 and 4 of each command that has them, 5 and 130",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({ behaviours: ["drop-numbers", "bad-repair"] })
        const url = yield* serviceUrl
        const dir = mkdtempSync(join(tmpdir(), "redraft-bin-"))
        yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))
        const doc = join(dir, "a.md")
        writeFileSync(doc, "The pump runs at 40 L/min.\n")
        mkdirSync(join(dir, "cases"))
        writeFileSync(
          join(dir, "cases", "cases.json"),
          JSON.stringify({
            cases: [
              {
                id: "pump",
                title: "Pump",
                profile: "plain-english",
                tags: ["t"],
                source: "Pump at 40 L/min.",
                expect: {}
              }
            ]
          })
        )
        const service = ["--service", url]
        const evalArgs = [
          ...service,
          "eval",
          "--cases",
          join(dir, "cases"),
          "--out",
          join(dir, "out"),
          "-q",
          "--strict"
        ]
        const runs = {
          // The address answers, but not as Redraft does (the model server's own 404).
          notRedraft: runBin(["--service", fake.baseUrl.replace(/\/v1$/, ""), "profiles"]),
          doctorMissing: runBin(["doctor", "--data-dir", join(dir, "empty")]),
          // The provider's address without /v1: it answers, but not as an OpenAI-compatible API.
          healthWrongAddress: runBin([...service, "health", "--base-url", fake.baseUrl.replace(/\/v1$/, "")]),
          healthUnreachable: runBin([...service, "health", "--base-url", "http://127.0.0.1:9/v1"]),
          strictRewrite: runBin([...service, "rewrite", doc, "--profile", "plain-english", "--strict", "-q"]),
          scoreUnknownProfile: runBin([...service, "score", doc, "--profile", "nope"]),
          evalBadIterations: runBin([...evalArgs, "--iterations", "9"]),
          evalStrict: runBin([...evalArgs, "--iterations", "0", "--no-baselines"], {
            SERVICE_EVAL_BASE_URL: fake.baseUrl
          }),
          badFlag: runBin([...service, "rewrite", doc, "--profile", "plain-english", "--iterations", "many"])
        }
        const done = yield* Effect.all(runs, { concurrency: "unbounded" })
        const codes = Object.fromEntries(Object.entries(done).map(([name, run]) => [name, run.code]))
        assert.deepStrictEqual(
          codes,
          {
            notRedraft: 5,
            doctorMissing: 4,
            healthWrongAddress: 3,
            healthUnreachable: 2,
            strictRewrite: 4,
            scoreUnknownProfile: 1,
            evalBadIterations: 1,
            evalStrict: 4,
            badFlag: 1
          },
          JSON.stringify(done, null, 2)
        )
        assert.include(done.notRedraft.stderr, "redraft: the service answered 404 with an unknown body")
        assert.include(done.doctorMissing.stdout, "cannot be used: there is no workspace file here yet")
        // --strict still writes the text: the paragraph the meaning check failed, as it was.
        assert.strictEqual(done.strictRewrite.stdout, "The pump runs at 40 L/min.\n")
        assert.include(done.evalStrict.stderr, "redraft: 1 pipeline cell(s) failed")
        assert.isTrue(done.evalStrict.stdout.startsWith("# Redraft evaluation"))

        // Ctrl+C during a rewrite: 130, and the provider calls are cancelled.
        yield* fake.configure({ behaviours: ["slow"], delayMs: 10_000 })
        const before = yield* fake.aborted
        const slow = yield* startBin([...service, "rewrite", doc, "--profile", "plain-english"])
        while ((yield* fake.inFlight) === 0) yield* Effect.sleep("20 millis")
        slow.child.kill("SIGINT")
        const interrupted = yield* slow.done
        assert.strictEqual(interrupted.code, 130, JSON.stringify(interrupted))
        while ((yield* fake.aborted) === before) yield* Effect.sleep("20 millis")
      }).pipe(Effect.scoped),
    // Ten processes, each starting tsx: well over the default 20 s on a busy two-core machine.
    180_000
  )
})
