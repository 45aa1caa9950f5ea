import { assert, layer } from "@effect/vitest"
import { Effect, Fiber, FileSystem } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { redraft, runCli } from "./RunCli.ts"

const DOC = "# Notes\n\nWe utilize 3 keys in order to open the 2 doors.\n\n```sh\nnpm start\n```\n\nThe lock may jam.\n"
const REWRITTEN = "# Notes\n\nWe use 3 keys to open the 2 doors.\n\n```sh\nnpm start\n```\n\nThe lock may jam.\n"

const withFile = (text: string) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-cli-" })
    const file = `${dir}/doc.md`
    yield* fs.writeFileString(file, text)
    return { dir, file }
  })

layer(TestApp(), { excludeTestServices: true })("redraft CLI against the real service", (it) => {
  it.effect("rewrite FILE prints the rewrite on stdout, plain progress lines and a summary on stderr", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const { file } = yield* withFile(DOC)
      const run = yield* redraft(["rewrite", file, "--profile", "plain-english"])
      assert.strictEqual(run.exitCode, 0)
      assert.strictEqual(run.stdout, REWRITTEN)
      assert.include(run.stderr, "rewrite: 2/2 done")
      assert.notInclude(run.stderr, "\r")
      assert.match(run.stderr, /redraft: 1\/4 blocks rewritten, 2 protected, style \d+, meaning passed/)
    }).pipe(Effect.scoped)
  )

  it.effect("reads stdin, writes --out, prints the JSON result with --json", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const { dir } = yield* withFile("")
      const out = `${dir}/out.md`
      const run = yield* redraft(["rewrite", "--profile", "direct-technical", "--out", out, "--json"], { stdin: DOC })
      assert.strictEqual(run.exitCode, 0)
      const result = JSON.parse(run.stdout) as { finalText: string; summary: { meaning: string } }
      assert.strictEqual(result.finalText, REWRITTEN)
      assert.strictEqual(result.summary.meaning, "passed")
      assert.strictEqual(yield* (yield* FileSystem.FileSystem).readFileString(out), REWRITTEN)
    }).pipe(Effect.scoped)
  )

  it.effect(
    "rewrite A B C --out-dir DIR: every file through the same service, one progress display, a line per file",
    () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const fs = yield* FileSystem.FileSystem
        const { dir } = yield* withFile("")
        yield* fs.writeFileString(`${dir}/a.md`, DOC)
        yield* fs.writeFileString(`${dir}/b.md`, "Utilize the 4 spare fuses.\n")
        const out = `${dir}/out`
        const run = yield* redraft([
          "rewrite",
          `${dir}/a.md`,
          `${dir}/b.md`,
          "--profile",
          "plain-english",
          "--out-dir",
          out
        ])
        assert.strictEqual(run.exitCode, 0, run.stderr)
        assert.strictEqual(run.stdout, "")
        assert.strictEqual(yield* fs.readFileString(`${out}/a.md`), REWRITTEN)
        assert.strictEqual(yield* fs.readFileString(`${out}/b.md`), "Use the 4 spare fuses.\n")
        // One display for both files: three prose blocks in all.
        assert.include(run.stderr, "rewrite: 3/3 done")
        assert.include(run.stderr, `redraft: ${dir}/a.md -> ${out}/a.md: 1/4 blocks rewritten, 2 protected`)
        assert.include(run.stderr, `redraft: ${dir}/b.md -> ${out}/b.md: 1/1 blocks rewritten, 0 protected`)
      }).pipe(Effect.scoped)
  )

  it.effect("a batch's mixed outcomes: a failed paragraph exits 0 (4 with --strict), a failed file exits 3", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ faults: [{ match: "4 spare fuses", behaviour: "garbage" }] })
      const fs = yield* FileSystem.FileSystem
      const { dir } = yield* withFile("")
      yield* fs.writeFileString(`${dir}/a.md`, DOC)
      yield* fs.writeFileString(`${dir}/b.md`, "Utilize the 4 spare fuses.\n\nUtilize the 5 spare bulbs.\n")
      const out = `${dir}/out`
      const args = ["rewrite", `${dir}/a.md`, `${dir}/b.md`, "--profile", "plain-english", "--out-dir", out]
      const lenient = yield* redraft(args)
      assert.strictEqual(lenient.exitCode, 0, lenient.stderr)
      // The paragraph whose calls failed is kept as it was; the rest is rewritten.
      assert.strictEqual(
        yield* fs.readFileString(`${out}/b.md`),
        "Utilize the 4 spare fuses.\n\nUse the 5 spare bulbs.\n"
      )
      assert.strictEqual(yield* fs.readFileString(`${out}/a.md`), REWRITTEN)
      assert.include(lenient.stderr, `redraft: ${dir}/b.md -> ${out}/b.md: 1/2 blocks rewritten, 0 protected, 1 failed`)
      const strict = yield* redraft([...args, "--strict"])
      assert.strictEqual(strict.exitCode, 4)
      assert.include(strict.stderr, `some paragraphs failed the meaning check or their provider calls in ${dir}/b.md`)
      assert.notInclude(strict.stderr, `in ${dir}/a.md`)
      // A file whose every paragraph failed fails as a whole, with the provider's code; the others are still written.
      yield* fs.writeFileString(`${dir}/c.md`, "Utilize the 4 spare fuses.\n")
      const whole = yield* redraft([...args, `${dir}/c.md`])
      assert.strictEqual(whole.exitCode, 3)
      assert.include(whole.stderr, `1 of 3 files failed: ${dir}/c.md`)
      assert.isFalse(yield* fs.exists(`${out}/c.md`))
    }).pipe(Effect.scoped)
  )

  it.effect("a batch goes on past a file it cannot read, reports it, and exits with its code", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const fs = yield* FileSystem.FileSystem
      const { dir } = yield* withFile("")
      yield* fs.writeFileString(`${dir}/a.md`, DOC)
      const out = `${dir}/out`
      const args = ["rewrite", `${dir}/a.md`, `${dir}/missing.md`, "--profile", "plain-english", "--out-dir", out]
      const run = yield* redraft([...args, "--json"])
      assert.strictEqual(run.exitCode, 1)
      assert.strictEqual(yield* fs.readFileString(`${out}/a.md`), REWRITTEN)
      const files = (
        JSON.parse(run.stdout.slice(0, run.stdout.lastIndexOf("\n{") + 1)) as {
          files: ReadonlyArray<{ file: string; out?: string; error?: { code: string } }>
        }
      ).files
      assert.deepStrictEqual(
        files.map((f) => [f.file, f.out ?? f.error?.code]),
        [
          [`${dir}/a.md`, `${out}/a.md`],
          [`${dir}/missing.md`, "input_unreadable"]
        ]
      )
      assert.include(run.stdout, `1 of 2 files failed: ${dir}/missing.md (cannot read ${dir}/missing.md)`)
      // Several files without --out-dir: a usage error that says what to add.
      const noDir = yield* redraft(["rewrite", `${dir}/a.md`, `${dir}/a.md`, "--profile", "plain-english", "--json"])
      assert.strictEqual(noDir.exitCode, 1)
      assert.include(noDir.stdout, "several files need --out-dir DIR")
    }).pipe(Effect.scoped)
  )

  it.effect("rewrite --save keeps the text as a document and the run as its version; documents lists it", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const { dir } = yield* withFile("")
      const file = `${dir}/door-notes.md`
      yield* (yield* FileSystem.FileSystem).writeFileString(file, DOC)
      const run = yield* redraft(["rewrite", file, "--profile", "plain-english", "--save"])
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.strictEqual(run.stdout, REWRITTEN)
      const saved = /saved as document (\S+) \("door-notes"\), version 1/.exec(run.stderr)
      assert.isNotNull(saved, run.stderr)
      const listed = yield* redraft(["documents", "door", "--json"])
      const documents = (
        JSON.parse(listed.stdout) as { documents: ReadonlyArray<{ id: string; versionCount: number }> }
      ).documents
      assert.deepStrictEqual(
        documents.map((d) => [d.id, d.versionCount]),
        [[saved?.[1], 1]]
      )
      const plain = yield* redraft(["documents"])
      assert.include(plain.stdout, `${saved?.[1]}`)
      assert.include(plain.stdout, "1 version")
      assert.include(plain.stdout, "door-notes")
    }).pipe(Effect.scoped)
  )

  it.effect("backup export writes the workspace to a file that backup restore takes back; a bad file exits 1", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const { dir } = yield* withFile("")
      const file = `${dir}/workspace.json`
      const exported = yield* redraft(["backup", "export", "--out", file])
      assert.strictEqual(exported.exitCode, 0, exported.stderr)
      assert.match(exported.stderr, /wrote \d+ document\(s\)/)
      const backup = JSON.parse(yield* fs.readFileString(file)) as { format: string; documents: ReadonlyArray<unknown> }
      assert.strictEqual(backup.format, "redraft-backup")
      const again = yield* redraft(["backup", "restore", file, "--json"])
      assert.strictEqual(again.exitCode, 0, again.stderr)
      const result = JSON.parse(again.stdout) as { added: ReadonlyArray<string>; skipped: ReadonlyArray<string> }
      // Everything is there already: nothing is added, every document is skipped.
      assert.deepStrictEqual(result.added, [])
      assert.strictEqual(result.skipped.length, backup.documents.length)
      const bad = `${dir}/bad.json`
      yield* fs.writeFileString(bad, JSON.stringify({ ...backup, documents: [{ id: "", title: "x", text: "x" }] }))
      const refused = yield* redraft(["backup", "restore", bad, "--json"])
      assert.strictEqual(refused.exitCode, 1)
      assert.include(refused.stdout, "documents.0.id")
    }).pipe(Effect.scoped)
  )

  it.effect("draws a progress bar when stderr is a terminal", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const run = yield* redraft(["rewrite", "--profile", "plain-english"], { stdin: DOC, tty: true })
      assert.strictEqual(run.exitCode, 0)
      assert.include(run.stderr, "\r\x1b[2K[")
      assert.include(run.stderr, "] 100% rewrite 2/2")
    })
  )

  it.effect("profiles lists the five fixture profiles", () =>
    Effect.gen(function* () {
      const run = yield* redraft(["profiles", "--json"])
      assert.strictEqual(run.exitCode, 0)
      const ids = (JSON.parse(run.stdout) as { profiles: Array<{ id: string }> }).profiles.map((p) => p.id)
      assert.deepStrictEqual(ids, [
        "casual-explanatory",
        "direct-technical",
        "formal-academic",
        "plain-english",
        "student-feedback"
      ])
      const text = yield* redraft(["profiles"])
      assert.match(text.stdout, /^plain-english +fixture +\d+ samples +Plain English:/m)
    })
  )

  it.effect("health: 0 when the provider is ready, 2 when it is unreachable, 3 when it has no model", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const ready = yield* redraft(["health"])
      assert.strictEqual(ready.exitCode, 0)
      assert.include(ready.stdout, "status    ready")
      const unreachable = yield* redraft(["health", "--base-url", "http://127.0.0.1:9/v1", "--json"])
      assert.strictEqual(unreachable.exitCode, 2)
      assert.strictEqual((JSON.parse(unreachable.stdout) as { status: string }).status, "unreachable")
      yield* fake.configure({ behaviours: ["empty-models"] })
      const noModel = yield* redraft(["health"])
      assert.strictEqual(noModel.exitCode, 3)
      assert.include(noModel.stderr + noModel.stdout, "no_model")
      yield* fake.configure({})
      const withoutV1 = fake.baseUrl.replace(/\/v1$/, "")
      const wrongUrl = yield* redraft(["health", "--base-url", withoutV1])
      assert.strictEqual(wrongUrl.exitCode, 3)
      assert.include(wrongUrl.stdout, "status    wrong_base_url")
      assert.include(wrongUrl.stdout + wrongUrl.stderr, `use ${fake.baseUrl} as the endpoint`)
    })
  )

  it.effect("exit codes: 1 usage, 2 unreachable, 3 provider error, with the API error on stdout under --json", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const unknownProfile = yield* redraft(["rewrite", "--profile", "nope", "--json"], { stdin: DOC })
      assert.strictEqual(unknownProfile.exitCode, 1)
      assert.strictEqual(
        (JSON.parse(unknownProfile.stdout) as { error: { code: string } }).error.code,
        "profile_not_found"
      )
      const missingFile = yield* redraft(["rewrite", "/nonexistent/doc.md", "--profile", "plain-english"])
      assert.strictEqual(missingFile.exitCode, 1)
      const noInput = yield* redraft(["rewrite", "--profile", "plain-english"])
      assert.strictEqual(noInput.exitCode, 1)
      const badFlag = yield* redraft(["rewrite", "--profile", "plain-english", "--iterations", "many"], { stdin: DOC })
      assert.strictEqual(badFlag.exitCode, 1)

      yield* fake.configure({ behaviours: ["reset"] })
      const reset = yield* redraft(["rewrite", "--profile", "plain-english", "--json"], { stdin: DOC })
      assert.strictEqual(reset.exitCode, 2)
      assert.strictEqual((JSON.parse(reset.stdout) as { error: { code: string } }).error.code, "provider_unreachable")

      yield* fake.configure({ behaviours: ["error-object"] })
      const notLoaded = yield* redraft(["rewrite", "--profile", "plain-english", "--json"], { stdin: DOC })
      assert.strictEqual(notLoaded.exitCode, 3)
      assert.include(notLoaded.stdout, "not found, try pulling it first")

      const noService = yield* runCli(["--service", "http://127.0.0.1:9", "profiles"])
      assert.strictEqual(noService.exitCode, 2)
    })
  )

  it.effect("exit code 5 when the address answers, but not as Redraft does", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      // The fake model server answers every path outside /v1 with 404 {"error": "Unexpected endpoint or method. ..."}
      // (LM Studio's shape): JSON, but not Redraft's {"error": {"code", "message"}}.
      const notRedraft = fake.baseUrl.replace(/\/v1$/, "")
      const profiles = yield* runCli(["--service", notRedraft, "profiles", "--json"])
      assert.strictEqual(profiles.exitCode, 5, profiles.stdout + profiles.stderr)
      assert.deepStrictEqual(JSON.parse(profiles.stdout), {
        error: { code: "unexpected_reply", message: "the service answered 404 with an unknown body", exitCode: 5 }
      })
      const rewrite = yield* runCli(["--service", notRedraft, "rewrite", "--profile", "plain-english", "--json"], {
        stdin: DOC
      })
      assert.strictEqual(rewrite.exitCode, 5, rewrite.stdout + rewrite.stderr)
      assert.deepStrictEqual(JSON.parse(rewrite.stdout), {
        error: { code: "unexpected_reply", message: "the service answered 404 with an unknown body", exitCode: 5 }
      })
      // Nothing was sent to it as a model call.
      assert.isFalse((yield* fake.calls).some((c) => c.path === "/chat/completions"))
    })
  )

  it.effect("--strict exits 4 when the meaning check failed, and still prints the text", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ behaviours: ["drop-numbers", "bad-repair"] })
      const lenient = yield* redraft(["rewrite", "--profile", "plain-english"], { stdin: DOC })
      assert.strictEqual(lenient.exitCode, 0)
      assert.include(lenient.stderr, "warning: Paragraph 1")
      const strict = yield* redraft(["rewrite", "--profile", "plain-english", "--strict"], { stdin: DOC })
      assert.strictEqual(strict.exitCode, 4)
      assert.strictEqual(strict.stdout, DOC)
    })
  )

  it.effect("check: 0 for a faithful rewrite, 4 on a certain finding, a suspect one exits 4 only with --strict", () =>
    Effect.gen(function* () {
      const original = yield* withFile("Only admins can delete the 3 projects.")
      const faithful = yield* withFile("Just admins are able to delete the three projects.")
      const suspect = yield* withFile("Admins can delete the 3 projects.")
      const broken = yield* withFile("Only admins can delete the 4 projects.")
      const kept = yield* redraft(["check", original.file, faithful.file])
      assert.strictEqual(kept.exitCode, 0, kept.stdout + kept.stderr)
      assert.include(kept.stdout, "meaning kept")
      const asked = yield* redraft(["check", original.file, suspect.file])
      assert.strictEqual(asked.exitCode, 0, asked.stdout + asked.stderr)
      assert.include(asked.stdout, "? scope:")
      const strict = yield* redraft(["check", original.file, suspect.file, "--strict"])
      assert.strictEqual(strict.exitCode, 4)
      const changed = yield* redraft(["check", original.file, broken.file])
      assert.strictEqual(changed.exitCode, 4)
      assert.include(changed.stdout, "- number:")
      const asJson = yield* redraft(["check", original.file, broken.file, "--json"])
      assert.strictEqual(asJson.exitCode, 4)
      const body = JSON.parse(asJson.stdout.slice(0, asJson.stdout.indexOf("\n}\n") + 2)) as {
        ok: boolean
        findings: Array<{ kind: string; certainty: string }>
      }
      assert.isFalse(body.ok)
      assert.deepStrictEqual(
        body.findings.map((f) => [f.kind, f.certainty]),
        [["number", "certain"]]
      )
    }).pipe(Effect.scoped)
  )

  it.effect("interrupting a rewrite closes the stream and cancels the provider calls", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ behaviours: ["slow"], delayMs: 5000 })
      const fiber = yield* Effect.forkChild(redraft(["rewrite", "--profile", "plain-english"], { stdin: DOC }))
      while ((yield* fake.inFlight) === 0) yield* Effect.sleep("10 millis")
      yield* Fiber.interrupt(fiber)
      while ((yield* fake.aborted) === 0) yield* Effect.sleep("10 millis")
      assert.isAbove(yield* fake.aborted, 0)
    })
  )

  it.effect("--help works on every command", () =>
    Effect.gen(function* () {
      for (const args of [
        ["--help"],
        ["rewrite", "--help"],
        ["profiles", "--help"],
        ["profiles", "create", "--help"],
        ["profiles", "import", "--help"],
        ["profiles", "export", "--help"],
        ["profiles", "delete", "--help"],
        ["score", "--help"],
        ["health", "--help"],
        ["check", "--help"],
        ["eval", "--help"]
      ]) {
        const run = yield* runCli(args)
        assert.strictEqual(run.exitCode, 0, args.join(" "))
      }
    })
  )
})

layer(TestApp({ PROVIDER_TIMEOUT: "150 millis" }), { excludeTestServices: true })("redraft CLI time-outs", (it) => {
  it.effect("a provider time-out exits 2", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ behaviours: ["slow"], delayMs: 1000 })
      const run = yield* redraft(["rewrite", "--profile", "plain-english", "--json"], { stdin: DOC })
      assert.strictEqual(run.exitCode, 2)
      assert.strictEqual((JSON.parse(run.stdout) as { error: { code: string } }).error.code, "provider_timeout")
    })
  )
})

layer(TestApp({ PROVIDER_RETRY_DELAY: "50 millis", PROVIDER_RETRY_BUDGET: "5 seconds" }), {
  excludeTestServices: true
})("redraft CLI while the model server restarts", (it) => {
  it.effect("says once that it waits for the model server, with the seconds left, and finishes", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ delayMs: 300 })
      const running = yield* redraft(["rewrite", "--profile", "plain-english"], { stdin: DOC }).pipe(Effect.forkChild)
      // Once the first rewrite call is on its way, the server goes away for a second.
      for (let i = 0; i < 100 && (yield* fake.calls).every((c) => c.task !== "rewrite"); i++) {
        yield* Effect.sleep("20 millis")
      }
      yield* fake.outage(1_000)
      const run = yield* Fiber.join(running)
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.strictEqual(run.stdout, REWRITTEN)
      const waits = run.stderr.split("\n").filter((l) => l.startsWith("redraft: waiting for the model server"))
      assert.strictEqual(waits.length, 1, run.stderr)
      assert.match(waits[0]!, /^redraft: waiting for the model server, [1-5] s left \(cannot reach the provider/)
    })
  )
})
