import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { NodeFileSystem } from "@effect/platform-node"
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/** A complete, valid profile; tests take one field away or break it. */
const PROFILE = {
  id: "mine",
  name: "Mine",
  description: "Short and plain.",
  rules: ["Be brief."],
  avoid: [],
  samples: ["Open the panel. Check the fuse."]
}

layer(TestApp(), { excludeTestServices: true })("an inline style profile is checked like any other field", (api) => {
  api.effect(
    "a profile without samples is 400 invalid_request naming styleProfile.samples, and no model is asked",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const res = yield* postJson("/api/rewrite", {
          document: "We utilize it.",
          styleProfile: { ...PROFILE, samples: [] }
        })
        assert.strictEqual(res.status, 400)
        assert.include(res.headers["content-type"] ?? "", "application/json")
        const body = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(body.error.code, "invalid_request")
        assert.include(body.error.message, "styleProfile.samples")
        assert.deepStrictEqual(body.error.details, [
          "styleProfile.samples: expected a value with a length of at least 1"
        ])
        assert.deepStrictEqual(yield* fake.calls, [])
      })
  )

  api.effect("a profile that leaves out samples altogether is 400 too", () =>
    Effect.gen(function* () {
      const { samples: _samples, ...withoutSamples } = PROFILE
      const res = yield* postJson("/api/rewrite", { document: "We utilize it.", styleProfile: withoutSamples })
      assert.strictEqual(res.status, 400)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(body.error.code, "invalid_request")
      assert.include(body.error.message, "styleProfile.samples: is required")
    })
  )

  api.effect("a profile whose only sample is blank is 400, naming the sample", () =>
    Effect.gen(function* () {
      const res = yield* postJson("/api/rewrite", {
        document: "We utilize it.",
        styleProfile: { ...PROFILE, samples: ["  \n "] }
      })
      assert.strictEqual(res.status, 400)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(body.error.code, "invalid_request")
      assert.deepStrictEqual(body.error.details, [
        "styleProfile.samples.0: a sample must hold some text, not only spaces"
      ])
    })
  )

  api.effect("the same profile with one sample is accepted", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const res = yield* postJson("/api/rewrite", { document: "We utilize it.", styleProfile: PROFILE })
      assert.strictEqual(res.status, 200)
    })
  )
})

// ---------------------------------------------------------------------------------------------------------------

interface Finished {
  readonly code: number | null
  readonly output: string
}

/** How long a service that refuses to start may take to exit (tsx compiles the sources first). */
const EXIT_WITHIN_MS = 15_000

const freePort = Effect.callback<number>((resume) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const port = (probe.address() as AddressInfo).port
    probe.close(() => resume(Effect.succeed(port)))
  })
})

/**
 * The real service (`src/main.ts` through tsx) with PROFILES_DIR set to `dir`, waited for until it exits. A service
 * that is still running after EXIT_WITHIN_MS is stopped and reported with `code: null`.
 */
const runServiceWith = (
  dir: string,
  port: number,
  dataDir = process.env["REDRAFT_DATA_DIR"] ?? "",
  /** Stop the service once its output holds this, as a service that started (`code: null`). */
  until?: string
) =>
  Effect.callback<Finished>((resume) => {
    // One process (the loader in it, not a tsx parent): a SIGKILL stops the service itself, leaving nothing behind.
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      env: {
        PATH: process.env["PATH"] ?? "",
        HOST: "127.0.0.1",
        PORT: String(port),
        PROFILES_DIR: dir,
        REDRAFT_DATA_DIR: dataDir,
        PROVIDER_BASE_URL: "http://127.0.0.1:9/v1"
      },
      stdio: ["ignore", "pipe", "pipe"]
    })
    const output: Array<string> = []
    let timedOut = false
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString("utf8"))
      if (until !== undefined && output.join("").includes(until)) {
        timedOut = true
        child.kill("SIGKILL")
      }
    }
    child.stdout.on("data", keep)
    child.stderr.on("data", keep)
    const timer = setTimeout(() => {
      timedOut = true
      child.kill("SIGKILL")
    }, EXIT_WITHIN_MS)
    child.once("exit", (code) => {
      clearTimeout(timer)
      resume(Effect.succeed({ code: timedOut ? null : code, output: output.join("") }))
    })
    return Effect.sync(() => child.kill("SIGKILL"))
  })

/** A profiles directory holding a valid copy of the plain-english fixture and `broken` under the name `file`. */
const profilesDir = (file: string, broken: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-profiles-" })
    yield* fs.copyFile("fixtures/profiles/plain-english.json", `${dir}/plain-english.json`)
    yield* fs.writeFileString(`${dir}/${file}`, broken)
    return dir
  })

describe("a broken profile file in PROFILES_DIR", () => {
  it.live(
    "a profile without samples stops start-up with a message naming the file and the field",
    () =>
      Effect.gen(function* () {
        const dir = yield* profilesDir("no-samples.json", JSON.stringify({ ...PROFILE, id: "no-samples", samples: [] }))
        const { code, output } = yield* runServiceWith(dir, yield* freePort)
        assert.notStrictEqual(code, null, `the service started with a broken profile:\n${output.slice(-2000)}`)
        assert.notStrictEqual(code, 0)
        assert.include(output, "style profile no-samples.json is invalid")
        assert.include(output, '["samples"]')
      }).pipe(Effect.scoped, Effect.provide(NodeFileSystem.layer)),
    EXIT_WITHIN_MS + 10_000
  )

  it.live(
    "a file that is not JSON stops start-up with a message naming the file",
    () =>
      Effect.gen(function* () {
        const dir = yield* profilesDir("truncated.json", JSON.stringify(PROFILE).slice(0, 40))
        const { code, output } = yield* runServiceWith(dir, yield* freePort)
        assert.notStrictEqual(code, null, `the service started with a broken profile:\n${output.slice(-2000)}`)
        assert.notStrictEqual(code, 0)
        assert.include(output, "style profile truncated.json is invalid")
      }).pipe(Effect.scoped, Effect.provide(NodeFileSystem.layer)),
    EXIT_WITHIN_MS + 10_000
  )
})

describe("a documents database that cannot be opened", () => {
  it.live(
    "starts with an empty read-only workspace, says why naming the file, and leaves the file as it was",
    () =>
      Effect.gen(function* () {
        const fs = yield* FileSystem.FileSystem
        const dataDir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-data-" })
        const garbage = "not a database\n".repeat(500)
        yield* fs.writeFileString(`${dataDir}/redraft.db`, garbage)
        const port = yield* freePort
        const { code, output } = yield* runServiceWith("fixtures/profiles", port, dataDir, `127.0.0.1:${port}`)
        assert.strictEqual(code, null, `the service did not start:\n${output.slice(-2000)}`)
        assert.include(output, "the workspace is read-only")
        assert.include(output, `cannot use the documents database ${dataDir}/redraft.db: file is not a database`)
        assert.strictEqual(yield* fs.readFileString(`${dataDir}/redraft.db`), garbage)
      }).pipe(Effect.scoped, Effect.provide(NodeFileSystem.layer)),
    EXIT_WITHIN_MS + 10_000
  )
})
