/**
 * What the CLI decides before it asks a service anything: `redraft doctor` on workspace files, usage errors and the
 * checks of arguments, each with its exit code and message, and the score's printed table. Nothing listens at the
 * service address these commands are given (port 9): had one of them asked the service, it would exit 2.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem, Layer } from "effect"
import { closeSync, openSync, readFileSync, writeSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { readable } from "../../cli/ScoreCommand.ts"
import type { VoiceTraits } from "../../src/domain/Profiles.ts"
import { Database } from "../../src/store/Database.ts"
import { Documents } from "../../src/store/Documents.ts"
import { runCli } from "./RunCli.ts"

const NOWHERE = ["--service", "http://127.0.0.1:9"]

interface ErrorOut {
  readonly error: { readonly code: string; readonly message: string; readonly exitCode: number }
}

/** The `{"error": …}` object that `--json` prints last on stdout. */
const errorOf = (stdout: string): ErrorOut["error"] =>
  (JSON.parse(stdout.slice(stdout.lastIndexOf('{\n  "error"'))) as ErrorOut).error

const tempDir = Effect.gen(function* () {
  return yield* (yield* FileSystem.FileSystem).makeTempDirectoryScoped({ prefix: "redraft-cli-offline-" })
})

/** A workspace file holding `count` documents of a few KB each. */
const workspaceWith = (dir: string, count: number) =>
  Effect.gen(function* () {
    const documents = yield* Documents
    for (let i = 0; i < count; i++) {
      yield* documents.create({ title: `Note ${i}`, text: `Note ${i}: ${"the pump runs at 40 L/min. ".repeat(120)}` })
    }
  }).pipe(Effect.provide(Documents.layerNoDeps.pipe(Layer.provideMerge(Database.layerFile(`${dir}/redraft.db`)))))

describe("redraft doctor", () => {
  it.effect("a whole workspace: integrity ok, what can be read, exit 0; the folder comes from REDRAFT_DATA_DIR", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* workspaceWith(dir, 2)
      const run = yield* runCli(["doctor"], { env: { REDRAFT_DATA_DIR: dir } })
      assert.strictEqual(run.exitCode, 0, run.stderr)
      assert.strictEqual(
        run.stdout,
        `redraft doctor: ${dir}/redraft.db\n  integrity: ok (every page checked)\n  readable: 2 document(s) with their versions, 0 voice(s)\n`
      )
      assert.strictEqual(run.stderr, "")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("no workspace file, or a file that is not Redraft's: cannot be used, exit 4", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const missing = yield* runCli(["doctor", "--data-dir", dir])
      assert.strictEqual(missing.exitCode, 4)
      assert.strictEqual(
        missing.stdout,
        `redraft doctor: ${dir}/redraft.db\n  cannot be used: there is no workspace file here yet\n`
      )
      assert.include(missing.stderr, `redraft: ${dir}/redraft.db cannot be used: there is no workspace file here yet`)

      const other = new DatabaseSync(`${dir}/redraft.db`)
      other.exec("CREATE TABLE notes (text TEXT)")
      other.close()
      const foreign = yield* runCli(["doctor", "--data-dir", dir, "--json"])
      assert.strictEqual(foreign.exitCode, 4)
      const report = JSON.parse(foreign.stdout.slice(0, foreign.stdout.indexOf("\n}\n") + 2)) as { unusable: string }
      assert.strictEqual(report.unusable, "it is not a Redraft workspace (no Redraft tables)")
      assert.deepStrictEqual(errorOf(foreign.stdout), {
        code: "storage_damaged",
        message: `${dir}/redraft.db cannot be used: it is not a Redraft workspace (no Redraft tables)`,
        exitCode: 4
      })
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("damaged pages: the problems listed, what is still readable, what to do, exit 4", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      yield* workspaceWith(dir, 60)
      const file = `${dir}/redraft.db`
      const pages = readFileSync(file).length / 4096
      const fd = openSync(file, "r+")
      for (let page = Math.floor(pages / 2); page <= Math.floor(pages / 2) + 2; page++) {
        writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096)
      }
      closeSync(fd)
      const run = yield* runCli(["doctor", "--data-dir", dir])
      assert.strictEqual(run.exitCode, 4)
      assert.match(run.stdout, /^redraft doctor: .*\n {2}integrity: \d+ problem\(s\):\n {4}- /)
      assert.match(run.stdout, /\n {2}readable: \d+ document\(s\) with their versions, 0 voice\(s\)\n/)
      assert.include(
        run.stdout,
        "  what to do: export what can be read (redraft backup export -o backup.json), move redraft.db aside,\n  start Redraft again (it creates a new file) and restore the backup (redraft backup restore backup.json)\n"
      )
      assert.include(run.stderr, `redraft: ${file} is damaged`)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})

describe("usage errors, before any request", () => {
  it.effect("rewrite: several files need --out-dir; --out-dir takes files, not stdin, and no --out", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const rewrite = (...args: ReadonlyArray<string>) =>
        runCli([...NOWHERE, "rewrite", ...args, "--profile", "plain-english"], { stdin: "text" })
      const noDir = yield* rewrite(`${dir}/a.md`, `${dir}/b.md`)
      assert.strictEqual(noDir.exitCode, 1)
      assert.include(
        noDir.stderr,
        "redraft: several files need --out-dir DIR, where each rewrite is written under its file's name"
      )
      for (const args of [
        [`${dir}/a.md`, "--out-dir", `${dir}/out`, "--out", `${dir}/x.md`],
        ["--out-dir", `${dir}/out`],
        ["-", `${dir}/a.md`, "--out-dir", `${dir}/out`]
      ]) {
        const run = yield* rewrite(...args)
        assert.strictEqual(run.exitCode, 1, args.join(" "))
        assert.include(run.stderr, "redraft: --out-dir takes files, not stdin, and no --out", args.join(" "))
      }
      assert.isFalse(yield* (yield* FileSystem.FileSystem).exists(`${dir}/out`))
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a batch refuses two files of one name, and an --out-dir it cannot create", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* tempDir
      yield* fs.makeDirectory(`${dir}/sub`)
      yield* fs.writeFileString(`${dir}/a.md`, "A.")
      yield* fs.writeFileString(`${dir}/sub/a.md`, "A.")
      yield* fs.writeFileString(`${dir}/b.md`, "B.")
      const base = [...NOWHERE, "rewrite", "--profile", "plain-english", "--json"]
      const clash = yield* runCli([...base, `${dir}/b.md`, `${dir}/a.md`, `${dir}/sub/a.md`, "--out-dir", `${dir}/out`])
      assert.strictEqual(clash.exitCode, 1)
      assert.deepStrictEqual(errorOf(clash.stdout), {
        code: "usage",
        message: `two files would both be written to ${dir}/out/a.md; give files with different names`,
        exitCode: 1
      })
      const blocked = yield* runCli([...base, `${dir}/a.md`, "--out-dir", `${dir}/b.md/out`])
      assert.strictEqual(blocked.exitCode, 1)
      assert.deepStrictEqual(errorOf(blocked.stdout), {
        code: "output_unwritable",
        message: `cannot create ${dir}/b.md/out`,
        exitCode: 1
      })
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a batch whose files cannot be read fails with every file named, in order", () =>
    Effect.gen(function* () {
      const dir = yield* tempDir
      const args = [...NOWHERE, "rewrite", `${dir}/x.md`, `${dir}/y.md`, "--profile", "p", "--out-dir", `${dir}/out`]
      const run = yield* runCli([...args, "--json"])
      assert.strictEqual(run.exitCode, 1)
      const files = (JSON.parse(run.stdout.slice(0, run.stdout.indexOf("\n}\n") + 2)) as { files: unknown }).files
      assert.deepStrictEqual(files, [
        { file: `${dir}/x.md`, error: { code: "input_unreadable", message: `cannot read ${dir}/x.md` } },
        { file: `${dir}/y.md`, error: { code: "input_unreadable", message: `cannot read ${dir}/y.md` } }
      ])
      assert.deepStrictEqual(errorOf(run.stdout), {
        code: "input_unreadable",
        message: `2 of 2 files failed: ${dir}/x.md (cannot read ${dir}/x.md); ${dir}/y.md (cannot read ${dir}/y.md)`,
        exitCode: 1
      })
      // Without --json, each file's failure is a line of its own as it happens.
      const plain = yield* runCli(args)
      assert.strictEqual(plain.exitCode, 1)
      assert.strictEqual(plain.stdout, "")
      assert.include(plain.stderr, `redraft: ${dir}/x.md: failed: cannot read ${dir}/x.md\n`)
      assert.include(plain.stderr, `redraft: ${dir}/y.md: failed: cannot read ${dir}/y.md\n`)
      assert.include(plain.stderr, "redraft: 2 of 2 files failed: ")
      const quiet = yield* runCli([...args, "--quiet"])
      assert.strictEqual(quiet.exitCode, 1)
      assert.notInclude(quiet.stderr, ": failed: ")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a single rewrite with no input says what to give; a missing file names it", () =>
    Effect.gen(function* () {
      const noInput = yield* runCli([...NOWHERE, "rewrite", "--profile", "plain-english", "--json"])
      assert.strictEqual(noInput.exitCode, 1)
      assert.deepStrictEqual(errorOf(noInput.stdout), {
        code: "no_input",
        message: "give a markdown FILE, or pipe a document on stdin (see: redraft rewrite --help)",
        exitCode: 1
      })
      // Empty stdin, or a text of white space only, is a usage error too, not an empty rewrite.
      for (const [command, stdin] of [
        ["rewrite", ""],
        ["rewrite", " \n\n "],
        ["score", ""]
      ] as const) {
        const empty = yield* runCli([...NOWHERE, command, "--profile", "plain-english", "--json"], { stdin })
        assert.strictEqual(empty.exitCode, 1, `${command} ${JSON.stringify(stdin)}`)
        assert.deepStrictEqual(errorOf(empty.stdout), {
          code: "empty_input",
          message: "stdin holds no text: give a markdown file with text in it, or pipe one on stdin",
          exitCode: 1
        })
      }
      const missing = yield* runCli([...NOWHERE, "check", "/nonexistent/a.md", "/nonexistent/b.md", "--json"])
      assert.strictEqual(missing.exitCode, 1)
      assert.deepStrictEqual(errorOf(missing.stdout), {
        code: "input_unreadable",
        message: "cannot read /nonexistent/a.md",
        exitCode: 1
      })
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a service address that is not an http(s) URL is a usage error", () =>
    Effect.gen(function* () {
      const run = yield* runCli(["--service", "ftp://127.0.0.1", "profiles"])
      assert.strictEqual(run.exitCode, 1)
      assert.include(
        run.stderr,
        'redraft: the service address must be an http(s) URL such as http://127.0.0.1:5174 (got "ftp://127.0.0.1")'
      )
    })
  )

  it.effect("with --json, a bad service address and a bad flag are error objects on stdout too", () =>
    Effect.gen(function* () {
      const message = 'the service address must be an http(s) URL such as http://127.0.0.1:5174 (got "ftp://127.0.0.1")'
      for (const command of [["profiles"], ["documents"], ["rewrite", "-p", "plain-english"]]) {
        const run = yield* runCli(["--service", "ftp://127.0.0.1", ...command, "--json"], { stdin: "Text." })
        assert.strictEqual(run.exitCode, 1, command.join(" "))
        assert.deepStrictEqual(
          errorOf(run.stdout),
          { code: "invalid_service_url", message, exitCode: 1 },
          command.join(" ")
        )
      }
      const iterations = yield* runCli([...NOWHERE, "eval", "--iterations", "9", "--json"])
      assert.strictEqual(iterations.exitCode, 1)
      assert.deepStrictEqual(errorOf(iterations.stdout), {
        code: "invalid_iterations",
        message: '--iterations takes comma-separated whole numbers from 0 to 5 (got "9")',
        exitCode: 1
      })
    })
  )

  it.effect("profiles create: stdin once at most; a .voice.json export only alone", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* tempDir
      yield* fs.writeFileString(`${dir}/mine.voice.json`, JSON.stringify({ format: "redraft-voice", name: "Mine" }))
      yield* fs.writeFileString(`${dir}/more.md`, "More text.")
      const create = [...NOWHERE, "profiles", "create", "Mine"]
      const twice = yield* runCli([...create, "--from", "-", "--from", "-", "--json"], { stdin: "text" })
      assert.strictEqual(twice.exitCode, 1)
      assert.deepStrictEqual(errorOf(twice.stdout), {
        code: "usage",
        message: "stdin (-) can be read only once; give it as one --from",
        exitCode: 1
      })
      const mixed = yield* runCli([...create, "--from", `${dir}/more.md`, "--from", `${dir}/mine.voice.json`, "--json"])
      assert.strictEqual(mixed.exitCode, 1)
      assert.deepStrictEqual(errorOf(mixed.stdout), {
        code: "usage",
        message:
          "a .voice.json export is a whole voice: give it as the only --from, or use redraft profiles import FILE",
        exitCode: 1
      })
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("profiles create: too few samples says which files held what", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* tempDir
      yield* fs.writeFileString(`${dir}/blank.md`, "  \n")
      yield* fs.writeFileString(`${dir}/one.md`, "One paragraph.")
      const create = [...NOWHERE, "profiles", "create", "Mine", "--json"]
      const message = (run: { stdout: string }) => errorOf(run.stdout).message
      const tail = "; add more --from files, or use one file of several paragraphs separated by blank lines"
      const blank = yield* runCli([...create, "--from", `${dir}/blank.md`])
      assert.strictEqual(
        message(blank),
        `give at least two samples of the writer's text: ${dir}/blank.md holds no text${tail}`
      )
      const blanks = yield* runCli([...create, "--from", `${dir}/blank.md`, "--from", "-"], { stdin: " " })
      assert.strictEqual(
        message(blanks),
        `give at least two samples of the writer's text: ${dir}/blank.md, stdin hold no text${tail}`
      )
      const oneOfTwo = yield* runCli([...create, "--from", `${dir}/blank.md`, "--from", `${dir}/one.md`])
      assert.strictEqual(
        message(oneOfTwo),
        `give at least two samples of the writer's text: only one of ${dir}/blank.md, ${dir}/one.md holds any text${tail}`
      )
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("backup restore: a file that is not JSON is refused before it is sent", () =>
    Effect.gen(function* () {
      const run = yield* runCli([...NOWHERE, "backup", "restore", "-", "--json"], { stdin: "not json" })
      assert.strictEqual(run.exitCode, 1)
      assert.deepStrictEqual(errorOf(run.stdout), {
        code: "invalid_request",
        message: "- is not a backup file (it is not JSON)",
        exitCode: 1
      })
    })
  )
})

describe("redraft backup and restore, with no service running", () => {
  it.effect("round-trip an empty data folder through a service started in-process", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const from = yield* tempDir
      const into = yield* tempDir
      const backup = yield* runCli(["backup"], { env: { REDRAFT_DATA_DIR: from } })
      assert.strictEqual(backup.exitCode, 0, backup.stderr)
      assert.deepStrictEqual(JSON.parse(backup.stdout), {
        format: "redraft-backup",
        formatVersion: 1,
        documents: [],
        profiles: []
      })
      yield* fs.writeFileString(`${into}/backup.json`, backup.stdout)
      const restored = yield* runCli(["restore", `${into}/backup.json`, "--json"], { env: { REDRAFT_DATA_DIR: into } })
      assert.strictEqual(restored.exitCode, 0, restored.stderr)
      const result = JSON.parse(restored.stdout) as { added: ReadonlyArray<string>; profiles: { added: unknown } }
      assert.deepStrictEqual([result.added, result.profiles.added], [[], []])
      assert.isTrue(yield* fs.exists(`${into}/redraft.db`))
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})

describe("redraft eval: its settings", () => {
  it.effect("--iterations takes whole numbers from 0 to 5, comma-separated; anything else exits 1", () =>
    Effect.gen(function* () {
      for (const bad of ["6", "-1", "0,9", "a", "", "1,,2"]) {
        const run = yield* runCli([...NOWHERE, "eval", "--iterations", bad])
        assert.strictEqual(run.exitCode, 1, bad)
        assert.include(
          run.stderr,
          `redraft: --iterations takes comma-separated whole numbers from 0 to 5 (got ${JSON.stringify(bad)})`,
          bad
        )
      }
      // Good values get past the check, to the next one: here a reasoning effort that is not one.
      for (const good of ["0", "5", " 1 , 2 ", "0,1,2,3,4,5"]) {
        const run = yield* runCli([...NOWHERE, "eval", "--iterations", good], {
          env: { SERVICE_EVAL_REASONING_EFFORT: "extreme" }
        })
        assert.strictEqual(run.exitCode, 1, good)
        assert.notInclude(run.stderr, "--iterations takes", good)
        assert.include(run.stderr, "SERVICE_EVAL_REASONING_EFFORT", good)
      }
      const fromEnv = yield* runCli([...NOWHERE, "eval"], { env: { SERVICE_EVAL_ITERATIONS: "7" } })
      assert.include(fromEnv.stderr, '(got "7")')
    })
  )
})

const traits = (fields: Partial<VoiceTraits> = {}): VoiceTraits => ({
  language: "en",
  words: 120,
  sentences: 8,
  sentenceLength: { mean: 15, spread: 4.25 },
  wordLength: 4.5,
  vocabularyLevel: 12.34,
  contractionsPer100Words: 2,
  person: { first: 1, firstPlural: 2.5, second: 3 },
  questionsPer100Sentences: 10,
  exclamationsPer100Sentences: 0,
  passiveShare: 0.125,
  punctuationPer100Words: { comma: 6, semicolon: 0, colon: 0, dash: 0, parenthesis: 0 },
  paragraphLength: { mean: 3, paragraphs: 2 },
  characteristicWords: ["pump", "valve", "flow", "a", "b", "c", "d", "e", "ninth"],
  characteristicWordsPer100Words: 4,
  ...fields
})

describe("redraft score: the printed result", () => {
  it("the score, what to change, the traits side by side in aligned columns, and the characteristic words", () => {
    const text = readable({
      score: 71.6,
      certainty: "medium",
      feedback: ["Use shorter sentences.", "Say we more."],
      traits: traits(),
      profileTraits: traits({
        language: "de",
        words: 9000,
        vocabularyLevel: null,
        contractionsPer100Words: null,
        person: null,
        passiveShare: null,
        characteristicWords: []
      })
    })
    assert.strictEqual(
      text,
      [
        "score 72/100, fairly sure (200 words or more would make it surer)",
        "",
        "to come closer:",
        "- Use shorter sentences.",
        "- Say we more.",
        "",
        "                             text             profile",
        "measured over                120 words        9000 words",
        "language                     en               de",
        "sentence length, words       15.0 ± 4.3       15.0 ± 4.3",
        "word length, letters         4.5              4.5",
        "advanced words /100 words    12.3             -",
        "contractions /100 words      2.0              -",
        "I / we / you /100 words      1.0 / 2.5 / 3.0  -",
        "questions /100 sentences     10.0             10.0",
        "exclamations /100 sentences  0.0              0.0",
        "passive sentences            13%              -",
        "commas /100 words            6.0              6.0",
        "sentences per paragraph      3.0              3.0",
        "",
        "characteristic words",
        "  text     pump, valve, flow, a, b, c, d, e",
        "  profile  -",
        ""
      ].join("\n")
    )
  })

  it("close to the profile: nothing to change", () => {
    const text = readable({ score: 96.4, certainty: "high", feedback: [], traits: traits(), profileTraits: traits() })
    assert.isTrue(text.startsWith("score 96/100, sure\n\nclose to the profile: nothing to change\n\n"), text)
  })
})
