/**
 * What each command prints and sends, against the real service and the fake provider: the lines people read, the
 * options that reach the provider, the documents and backups, and `redraft eval` as a command (its settings from the
 * environment, its reports, its exit codes). Exit codes as a real process are in Bin.test.ts.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, FileSystem, Layer } from "effect"
import { FakeJudge } from "../eval/FakeJudge.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { TestApp } from "../support/TestApp.ts"
import { folderWith, redraft, serviceUrl } from "./RunCli.ts"

const DOC = "# Notes\n\nWe utilize 3 keys in order to open the 2 doors.\n\n```sh\nnpm start\n```\n\nThe lock may jam.\n"
const REWRITTEN = "# Notes\n\nWe use 3 keys to open the 2 doors.\n\n```sh\nnpm start\n```\n\nThe lock may jam.\n"

interface ErrorOut {
  readonly error: { readonly code: string; readonly message: string; readonly exitCode: number }
}
const errorOf = (stdout: string): ErrorOut["error"] =>
  (JSON.parse(stdout.slice(stdout.lastIndexOf('{\n  "error"'))) as ErrorOut).error

const chats = (fake: FakeProvider["Service"]) =>
  Effect.map(fake.calls, (calls) => calls.filter((c) => c.path === "/chat/completions"))

/** Two samples of a writer's weekend notes, 210 words between them (a voice needs 200). */
const BIKE_NOTES =
  "I fixed the bike at last. It took three evenings and one patient neighbour. The chain kept slipping off the back wheel, and I had no idea why, so I watched far too many videos and tried everything twice. In the end it was a bent hanger, a little piece of metal that holds the gears. My neighbour bent it back with his hands, just like that, while I held the torch. Now it runs quietly and I ride to the market on Saturdays. I even oiled the brakes, which was a silly mistake, but that is another story for another day, and a long one."
const BREAD_NOTES =
  "We baked bread on Sunday. It rose, and we ate it warm with butter. The recipe came from my grandmother, written in pencil on the back of an envelope, and half of it is guesswork. How much flour? Enough. How long to knead? Until it feels right. We made a mess of the kitchen, and the dog ate a piece of dough off the floor, which worried us for an hour. But the loaf came out golden and a little lopsided, and the children fought over the crust. Next week we will try rolls, and maybe a plaited loaf if we are feeling brave."

layer(TestApp(), { excludeTestServices: true })("redraft commands against the real service", (it) => {
  it.effect("documents: none yet says how to keep one", () =>
    Effect.gen(function* () {
      const run = yield* redraft(["documents"])
      assert.strictEqual(run.exitCode, 0)
      assert.strictEqual(run.stdout, "")
      assert.strictEqual(run.stderr, "no documents yet; redraft rewrite FILE --save keeps one\n")
      const asJson = yield* redraft(["documents", "--json"])
      assert.deepStrictEqual(JSON.parse(asJson.stdout), { documents: [] })
    })
  )

  it.effect("health: the service, the provider, the model and the status, one per line", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const url = yield* serviceUrl
      const ready = yield* redraft(["health"])
      assert.strictEqual(ready.exitCode, 0, ready.stderr)
      assert.match(
        ready.stdout,
        new RegExp(
          `^service {3}${url}\nprovider {2}\\S+ reachable\nmodel {5}\\S*gemma-4\\S*\nslots {5}4 at once \\(the default; the server declares none\\)\nstatus {4}ready\n$`
        )
      )
      const asJson = yield* redraft(["health", "--json"])
      const health = JSON.parse(asJson.stdout) as { service: string; ok: boolean; status: string }
      assert.deepStrictEqual([health.service, health.ok, health.status], [url, true, "ready"])

      yield* fake.configure({ models: ["llama-3"] })
      const other = yield* redraft(["health"])
      assert.strictEqual(other.exitCode, 0, other.stderr)
      assert.include(other.stdout, "\nmodel     llama-3 (used; no gemma 4 model, the default family, is loaded)\n")
      yield* fake.configure({ models: ["nomic-embed-text"] })
      const none = yield* redraft(["health"])
      assert.include(none.stdout, "\nmodel     none: the provider lists no model that can chat; load one\n")

      const down = yield* redraft(["health", "--base-url", "http://127.0.0.1:9/v1"])
      assert.strictEqual(down.exitCode, 2)
      assert.include(
        down.stdout,
        "\nprovider  http://127.0.0.1:9/v1 unreachable\nmodel     unknown until the provider answers\n"
      )
      assert.match(down.stdout, /\nstatus {4}unreachable: .+\n$/)
      const reason = /status {4}unreachable: (.+)\n$/.exec(down.stdout)?.[1]
      assert.include(down.stderr, `redraft: ${reason}`)
    })
  )

  it.effect("check: certain findings and ones to check are listed apart, and the exit message says which", () =>
    Effect.gen(function* () {
      const dir = yield* folderWith({
        "a.md": "Only admins can delete the 3 projects.",
        "both.md": "Admins can delete the 4 projects.",
        "suspect.md": "Admins can delete the 3 projects."
      })
      const both = yield* redraft(["check", `${dir}/a.md`, `${dir}/both.md`])
      assert.strictEqual(both.exitCode, 4)
      assert.match(both.stdout, /^meaning changed: 1 certain finding\(s\), 1 to check\n- number: .+\n\? scope: .+\n$/)
      // Without --strict, only the certain finding refuses the rewrite.
      assert.include(both.stderr, 'redraft: the rewrite changes the meaning: "3" became "4"\n')
      const suspect = yield* redraft(["check", `${dir}/a.md`, `${dir}/suspect.md`, "--strict"])
      assert.strictEqual(suspect.exitCode, 4)
      assert.match(suspect.stdout, /^facts kept; 1 wording change\(s\) to check\n\? scope: .+\n$/)
      assert.match(suspect.stderr, /redraft: the wording of a claim may have changed: .+/)
      const certainOnly = yield* redraft(["check", `${dir}/a.md`, `${dir}/a.md`])
      assert.strictEqual(certainOnly.exitCode, 0)
      assert.strictEqual(certainOnly.stdout, "meaning kept: no change found\n")
    }).pipe(Effect.scoped)
  )

  it.effect("rewrite --out writes the file and says so; nothing on stdout; --quiet prints no summary", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const fs = yield* FileSystem.FileSystem
      const dir = yield* folderWith({ "doc.md": DOC })
      const out = `${dir}/out.md`
      const run = yield* redraft(["rewrite", `${dir}/doc.md`, "-p", "plain-english", "-o", out])
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.strictEqual(run.stdout, "")
      assert.strictEqual(yield* fs.readFileString(out), REWRITTEN)
      assert.match(
        run.stderr,
        new RegExp(
          `redraft: 1/4 blocks rewritten, 2 protected, style \\d+, meaning passed \\([^)]*gemma-4[^)]*\\), written to ${out}\n$`
        )
      )
      const nowhere = yield* redraft([
        "rewrite",
        `${dir}/doc.md`,
        "-p",
        "plain-english",
        "-o",
        `${dir}/no/out.md`,
        "--json"
      ])
      assert.strictEqual(nowhere.exitCode, 1)
      assert.deepStrictEqual(errorOf(nowhere.stdout), {
        code: "output_unwritable",
        message: `cannot write ${dir}/no/out.md`,
        exitCode: 1
      })
      const quiet = yield* redraft(["rewrite", `${dir}/doc.md`, "-p", "plain-english", "-q"])
      assert.strictEqual(quiet.exitCode, 0)
      assert.strictEqual(quiet.stdout, REWRITTEN)
      assert.strictEqual(quiet.stderr, "")
    }).pipe(Effect.scoped)
  )

  it.effect("rewrite sends the chosen model, reasoning effort and options to the provider", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ models: ["gemma-4-e4b", "other-model"] })
      const run = yield* redraft(
        [
          "rewrite",
          "-p",
          "plain-english",
          "--base-url",
          fake.baseUrl,
          "--model",
          "other-model",
          "--reasoning-effort",
          "high",
          "--smooth",
          "--iterations",
          "0",
          "--threshold",
          "10",
          "--json"
        ],
        { stdin: DOC }
      )
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.strictEqual((JSON.parse(run.stdout) as { provider: { model: string } }).provider.model, "other-model")
      const sent = yield* chats(fake)
      assert.isAbove(sent.length, 0)
      for (const call of sent) {
        assert.strictEqual(call.body?.["model"], "other-model")
        assert.strictEqual(call.body?.["reasoning_effort"], "high")
      }
      assert.include(
        sent.map((c) => c.task),
        "smooth"
      )
      yield* fake.configure({})
      const plain = yield* redraft(["rewrite", "-p", "plain-english"], { stdin: DOC })
      assert.strictEqual(plain.exitCode, 0)
      assert.notInclude(
        (yield* chats(fake)).map((c) => c.task),
        "smooth"
      )
    })
  )

  it.effect("a paragraph whose provider calls failed: the summary says so, and --strict exits 4 naming the count", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ faults: [{ match: "4 spare fuses", behaviour: "garbage" }] })
      const text = "Utilize the 4 spare fuses.\n\nUtilize the 5 spare bulbs.\n"
      const lenient = yield* redraft(["rewrite", "-p", "plain-english"], { stdin: text })
      assert.strictEqual(lenient.exitCode, 0, lenient.stderr)
      assert.strictEqual(lenient.stdout, "Utilize the 4 spare fuses.\n\nUse the 5 spare bulbs.\n")
      assert.include(lenient.stderr, "redraft: 1/2 blocks rewritten, 0 protected, 1 failed (kept as they were), style ")
      assert.include(lenient.stderr, "\nwarning: ")
      const strict = yield* redraft(["rewrite", "-p", "plain-english", "--strict", "--json"], { stdin: text })
      assert.strictEqual(strict.exitCode, 4)
      assert.deepStrictEqual(errorOf(strict.stdout), {
        code: "paragraphs_failed",
        message: "the provider failed on 1 paragraph(s) (they were kept as they were); see the warnings",
        exitCode: 4
      })
    })
  )

  it.effect(
    "rewrite --save takes the title from the file name; stdin leaves it to the service; -q and --json print no note",
    () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const dir = yield* folderWith({ "Pump Notes.MARKDOWN": DOC, "keys.txt": DOC })
        const saved = yield* redraft(["rewrite", `${dir}/Pump Notes.MARKDOWN`, "-p", "plain-english", "--save"])
        assert.strictEqual(saved.exitCode, 0, saved.stderr)
        assert.match(saved.stderr, /redraft: saved as document \S+ \("Pump Notes"\), version 1\n/)
        const fromStdin = yield* redraft(["rewrite", "-p", "plain-english", "--save"], { stdin: DOC })
        assert.match(fromStdin.stderr, /redraft: saved as document \S+ \("Notes"\), version 1\n/)
        const quiet = yield* redraft(["rewrite", `${dir}/keys.txt`, "-p", "plain-english", "--save", "-q"])
        assert.strictEqual(quiet.stderr, "")
        const asJson = yield* redraft(["rewrite", `${dir}/keys.txt`, "-p", "plain-english", "--save", "--json"])
        assert.notInclude(asJson.stderr, "saved as document")
        assert.strictEqual((JSON.parse(asJson.stdout) as { version: number }).version, 1)

        // The list: newest first, with the time to the minute and the versions counted.
        const list = yield* redraft(["documents"])
        const lines = list.stdout.split("\n").filter((l) => l !== "")
        assert.strictEqual(lines.length, 4)
        for (const line of lines) assert.match(line, /^\S+ {2}\d{4}-\d\d-\d\d \d\d:\d\d {2}1 version {4}\S/)
        assert.match(lines[0]!, / {2}keys$/)
        assert.match(lines[3]!, / {2}Pump Notes$/)
        const found = yield* redraft(["documents", "Pump", "--json"])
        assert.deepStrictEqual(
          (JSON.parse(found.stdout) as { documents: ReadonlyArray<{ title: string }> }).documents.map((d) => d.title),
          ["Pump Notes"]
        )
      }).pipe(Effect.scoped)
  )

  it.effect("a batch: --json lists every file's result; warnings name their file; -q prints nothing", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({ faults: [{ match: "4 spare fuses", behaviour: "garbage" }] })
      const dir = yield* folderWith({
        "a.md": DOC,
        "b.md": "Utilize the 4 spare fuses.\n\nUtilize the 5 spare bulbs.\n"
      })
      const args = ["rewrite", `${dir}/a.md`, `${dir}/b.md`, "-p", "plain-english", "--out-dir", `${dir}/out`]
      const asJson = yield* redraft([...args, "--json"])
      assert.strictEqual(asJson.exitCode, 0, asJson.stderr)
      assert.strictEqual(asJson.stderr, "")
      const files = (
        JSON.parse(asJson.stdout) as {
          files: ReadonlyArray<{ file: string; out: string; result: { finalText: string } }>
        }
      ).files
      assert.deepStrictEqual(
        files.map((f) => [f.file, f.out, f.result.finalText]),
        [
          [`${dir}/a.md`, `${dir}/out/a.md`, REWRITTEN],
          [`${dir}/b.md`, `${dir}/out/b.md`, "Utilize the 4 spare fuses.\n\nUse the 5 spare bulbs.\n"]
        ]
      )
      const plain = yield* redraft(args)
      assert.strictEqual(plain.exitCode, 0)
      assert.include(plain.stderr, `\nwarning: ${dir}/b.md: `)
      assert.notInclude(plain.stderr, `warning: ${dir}/a.md`)
      assert.include(plain.stderr, "rewrite: ")
      assert.include(plain.stderr, "/2 files")
      const quiet = yield* redraft([...args, "-q"])
      assert.strictEqual(quiet.exitCode, 0)
      assert.strictEqual(quiet.stderr, "")
      assert.strictEqual(quiet.stdout, "")
      // A target that cannot be written fails that file only.
      yield* (yield* FileSystem.FileSystem).makeDirectory(`${dir}/blocked/b.md`, { recursive: true })
      const blocked = yield* redraft([...args.slice(0, -1), `${dir}/blocked`, "-q"])
      assert.strictEqual(blocked.exitCode, 1)
      assert.include(blocked.stderr, `redraft: 1 of 2 files failed: ${dir}/b.md (cannot write ${dir}/blocked/b.md)`)
      assert.strictEqual(yield* (yield* FileSystem.FileSystem).readFileString(`${dir}/blocked/a.md`), REWRITTEN)
      // --strict: only the file with a failed paragraph is named.
      const strict = yield* redraft([...args, "--strict", "-q"])
      assert.strictEqual(strict.exitCode, 4)
      assert.include(
        strict.stderr,
        `redraft: some paragraphs failed the meaning check or their provider calls in ${dir}/b.md (they were kept as they were); see the warnings`
      )
    }).pipe(Effect.scoped)
  )

  it.effect("a batch with a terminal draws one bar for all files, naming the file at work", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const dir = yield* folderWith({ "a.md": DOC, "b.md": "Utilize the 4 spare fuses.\n" })
      const run = yield* redraft(
        ["rewrite", `${dir}/a.md`, `${dir}/b.md`, "-p", "plain-english", "--out-dir", `${dir}/out`],
        { tty: true }
      )
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.match(run.stderr, /\] +\d+% rewrite \d+\/3 [01]\/2 files, (a|b)\.md: /)
      assert.include(run.stderr, "] 100% rewrite 3/3 ")
      // Once both files are written, the bar says so: its count of files is drawn again after each file's line.
      assert.include(run.stderr, "] 100% rewrite 3/3 2/2 files")
      const single = yield* redraft(["rewrite", `${dir}/a.md`, "-p", "plain-english"], { tty: true })
      assert.match(single.stderr, /rewrite \d\/2 \S+ \(round 1\)/)
    }).pipe(Effect.scoped)
  )

  it.effect("profiles: a user voice's lines; delete says what it deleted; export --out says where", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* folderWith({
        "a.md": BIKE_NOTES,
        "b.md": BREAD_NOTES
      })
      const made = yield* redraft(["profiles", "create", "Weekend", "--from", `${dir}/a.md`, "--from", `${dir}/b.md`])
      assert.strictEqual(made.exitCode, 0, made.stderr)
      const id = made.stdout.trim()
      // 210 words of samples: 790 short of a reliable voice, said rounded up to tens.
      assert.strictEqual(
        made.stderr,
        `redraft: made the voice "Weekend" (${id}) from 2 samples, 210 words: about 790 more would make the voice reliable (it tells you from other writers from about 1,000 words on).\n`
      )
      const list = yield* redraft(["profiles"])
      const width = Math.max(id.length, "casual-explanatory".length)
      assert.include(list.stdout, `${id.padEnd(width)}  user     ${"2 samples".padStart(10)}  Weekend\n`)

      const out = `${dir}/weekend.voice.json`
      const exported = yield* redraft(["profiles", "export", id, "-o", out])
      assert.strictEqual(exported.exitCode, 0)
      assert.strictEqual(exported.stderr, `redraft: wrote "Weekend" to ${out}\n`)
      assert.strictEqual((JSON.parse(yield* fs.readFileString(out)) as { name: string }).name, "Weekend")

      const deleted = yield* redraft(["profiles", "delete", id])
      assert.strictEqual(deleted.exitCode, 0)
      assert.strictEqual(deleted.stderr, `redraft: deleted ${id}\n`)
      const again = yield* redraft(["profiles", "import", out, "--json"])
      const imported = JSON.parse(again.stdout) as { id: string }
      const asJson = yield* redraft(["profiles", "delete", imported.id, "--json"])
      assert.deepStrictEqual(JSON.parse(asJson.stdout), { deleted: imported.id })
      assert.strictEqual(asJson.stderr, "")
    }).pipe(Effect.scoped)
  )

  it.effect("backup to stdout, and restore says what it added, skipped and copied", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const exported = yield* redraft(["backup"])
      assert.strictEqual(exported.exitCode, 0, exported.stderr)
      assert.isTrue(exported.stdout.endsWith("}\n"))
      const backup = JSON.parse(exported.stdout) as { format: string; documents: ReadonlyArray<unknown> }
      assert.strictEqual(backup.format, "redraft-backup")
      const dir = yield* folderWith({})
      yield* fs.writeFileString(`${dir}/b.json`, exported.stdout)
      const restored = yield* redraft(["restore", `${dir}/b.json`])
      assert.strictEqual(restored.exitCode, 0, restored.stderr)
      assert.match(
        restored.stderr,
        new RegExp(
          `^redraft: added 0, skipped ${backup.documents.length} already there, copied 0 that differed; voices: added 0, skipped \\d+, copied 0\n$`
        )
      )
      const toFile = yield* redraft(["backup", "export", "-o", `${dir}/c.json`])
      assert.strictEqual(toFile.stdout, "")
      assert.match(
        toFile.stderr,
        new RegExp(
          `^redraft: wrote ${backup.documents.length} document\\(s\\) and \\d+ voice\\(s\\) to ${dir}/c.json\n$`
        )
      )
    }).pipe(Effect.scoped)
  )
})

const EVAL_CASES = {
  cases: [
    {
      id: "keys",
      title: "Keys",
      profile: "plain-english",
      tags: ["numbers"],
      source: "We utilize 3 keys for the 2 doors.",
      expect: { requiredTerms: ["3", "2"], minStyleScore: 100 }
    }
  ]
}

layer(Layer.merge(TestApp(), FakeJudge.layer({ pass: false, reasons: ["too plain"] })), { excludeTestServices: true })(
  "redraft eval as a command",
  (it) => {
    const evalFolder = Effect.gen(function* () {
      const dir = yield* folderWith({})
      const fs = yield* FileSystem.FileSystem
      yield* fs.makeDirectory(`${dir}/cases`)
      yield* fs.writeFileString(`${dir}/cases/cases.json`, JSON.stringify(EVAL_CASES))
      return dir
    })

    it.effect(
      "prints the Markdown summary, says where the reports are, and takes its settings from the environment",
      () =>
        Effect.gen(function* () {
          const fake = yield* FakeProvider
          yield* fake.configure({})
          const fs = yield* FileSystem.FileSystem
          const dir = yield* evalFolder
          const args = ["eval", "--cases", `${dir}/cases`, "--out", `${dir}/out`, "--iterations", "1", "--no-baselines"]
          const run = yield* redraft(args, {
            env: {
              SERVICE_EVAL_BASE_URL: fake.baseUrl,
              SERVICE_EVAL_REASONING_EFFORT: "low",
              SERVICE_EVAL_MODEL: "gemma-4-e4b"
            }
          })
          assert.strictEqual(run.exitCode, 0, run.stderr)
          assert.isTrue(run.stdout.startsWith("# Redraft evaluation\n"))
          assert.include(
            run.stdout,
            `· provider \`${fake.baseUrl}\` · model \`gemma-4-e4b\` · reasoning effort \`low\` · 1 cases`
          )
          assert.strictEqual(run.stdout, `${yield* fs.readFileString(`${dir}/out/report.md`)}\n`)
          assert.include(run.stderr, `redraft: reports written to ${dir}/out/report.json and ${dir}/out/report.md\n`)
          assert.isAbove((yield* chats(fake)).filter((c) => c.body?.["reasoning_effort"] === "low").length, 0)

          // SERVICE_EVAL_PROVIDER_ID wins over SERVICE_EVAL_BASE_URL; the effort defaults to none; -q prints no note.
          const quiet = yield* redraft([...args, "--json", "-q", "--fresh"], {
            env: { SERVICE_EVAL_BASE_URL: "http://127.0.0.1:9/v1", SERVICE_EVAL_PROVIDER_ID: fake.baseUrl }
          })
          assert.strictEqual(quiet.exitCode, 0, quiet.stderr)
          assert.strictEqual(quiet.stderr, "")
          const settings = (JSON.parse(quiet.stdout) as { settings: Record<string, unknown> }).settings
          assert.deepStrictEqual(
            [settings["providerId"], settings["reasoningEffort"], settings["model"], settings["iterations"]],
            [fake.baseUrl, "none", null, [1]]
          )
        }).pipe(Effect.scoped)
    )

    it.effect(
      "--judge asks the judge that SERVICE_EVAL_JUDGE_BASE_URL names; without a provider set, lmstudio is asked",
      () =>
        Effect.gen(function* () {
          const fake = yield* FakeProvider
          yield* fake.configure({})
          const judge = yield* FakeJudge
          const dir = yield* evalFolder
          const fs = yield* FileSystem.FileSystem
          yield* fs.writeFileString(
            `${dir}/cases/cases.json`,
            JSON.stringify({ cases: [{ ...EVAL_CASES.cases[0], expect: { rubric: "Sounds friendly." } }] })
          )
          const args = ["eval", "--cases", `${dir}/cases`, "--out", `${dir}/out`, "--iterations", "0", "--json", "-q"]
          const judged = yield* redraft([...args, "--no-baselines", "--judge"], {
            env: {
              SERVICE_EVAL_BASE_URL: fake.baseUrl,
              SERVICE_EVAL_JUDGE_BASE_URL: judge.baseUrl,
              SERVICE_EVAL_JUDGE_MODEL: "judge-model"
            }
          })
          assert.strictEqual(judged.exitCode, 0, judged.stderr)
          const cells = (JSON.parse(judged.stdout) as { cells: ReadonlyArray<{ failures: ReadonlyArray<unknown> }> })
            .cells
          assert.deepStrictEqual(cells[0]?.failures, [{ _tag: "JudgeFailed", evidence: "too plain" }])

          const lmstudio = yield* redraft([...args, "--fresh", "--filter", "nothing"])
          assert.strictEqual(lmstudio.exitCode, 1)
          assert.include(lmstudio.stdout, '"code": "no_cases"')
          const unset = yield* redraft([...args, "--fresh", "--no-baselines"])
          const settings = (JSON.parse(unset.stdout) as { settings: Record<string, unknown> }).settings
          assert.strictEqual(settings["providerId"], "lmstudio")
        }).pipe(Effect.scoped)
    )

    it.effect("--strict exits 4 when a pipeline cell failed; the report is printed all the same", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const dir = yield* evalFolder
        const args = ["eval", "--cases", `${dir}/cases`, "--out", `${dir}/out`, "--iterations", "0", "--json", "-q"]
        const env = { env: { SERVICE_EVAL_BASE_URL: fake.baseUrl } }
        // The style threshold of 100 fails every cell; --strict counts the pipeline's, not the baselines'.
        const lenient = yield* redraft(args, env)
        assert.strictEqual(lenient.exitCode, 0, lenient.stderr)
        const strict = yield* redraft([...args, "--strict"], env)
        assert.strictEqual(strict.exitCode, 4)
        assert.include(strict.stderr, "redraft: 1 pipeline cell(s) failed\n")
        const report = JSON.parse(strict.stdout) as { cells: ReadonlyArray<{ variant: string }> }
        assert.strictEqual(report.cells.length, 3)
      }).pipe(Effect.scoped)
    )

    it.effect(
      "a case folder that does not load exits 1 with invalid_cases; an --out it cannot write, output_unwritable",
      () =>
        Effect.gen(function* () {
          const fake = yield* FakeProvider
          const dir = yield* evalFolder
          const env = { env: { SERVICE_EVAL_BASE_URL: fake.baseUrl } }
          const missing = yield* redraft(["eval", "--cases", `${dir}/nope`, "--out", `${dir}/out`, "--json"], env)
          assert.strictEqual(missing.exitCode, 1)
          assert.deepStrictEqual(errorOf(missing.stdout), {
            code: "invalid_cases",
            message: `cannot read the case folder ${dir}/nope`,
            exitCode: 1
          })
          const blocked = yield* redraft(
            ["eval", "--cases", `${dir}/cases`, "--out", `${dir}/cases/cases.json/out`, "--iterations", "0", "--json"],
            env
          )
          assert.strictEqual(blocked.exitCode, 1)
          const error = errorOf(blocked.stdout)
          assert.strictEqual(error.code, "output_unwritable")
          assert.match(error.message, /^cannot write the results: /)
        }).pipe(Effect.scoped)
    )
  }
)
