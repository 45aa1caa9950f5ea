/**
 * Reading case files (eval/Cases.ts) and the results file (eval/ResultsStore.ts) from temporary folders: what is
 * accepted, what is refused and with which message.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { type EvalCase, filterCases, loadCases } from "../../eval/Cases.ts"
import { openResults, type CellResult } from "../../eval/ResultsStore.ts"

const CASE = {
  id: "pump",
  title: "Pump",
  profile: "plain-english",
  tags: ["numbers"],
  source: "At 40 L/min.",
  expect: {}
}

/** A temporary folder holding `files` (name → text). */
const folder = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-cases-" })
    for (const [name, text] of Object.entries(files)) yield* fs.writeFileString(`${dir}/${name}`, text)
    return dir
  })

const caseFile = (...cases: ReadonlyArray<unknown>) => JSON.stringify({ cases })

const failure = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const dir = yield* folder(files)
    const error = yield* Effect.flip(loadCases(dir))
    assert.strictEqual(error._tag, "CaseLoadError")
    return { dir, message: error.message }
  })

describe("loadCases", () => {
  it.effect("reads every .json file in name order, inline sources and sourceFile ones, and nothing else", () =>
    Effect.gen(function* () {
      const dir = yield* folder({
        "b.json": caseFile({ ...CASE, id: "from-b", tags: ["x", "y"], expect: { minStyleScore: 70 } }),
        "a.json": caseFile(
          { ...CASE, id: "from-a" },
          { ...CASE, id: "long", source: undefined, sourceFile: "long.md", expect: { rubric: "r" } }
        ),
        "long.md": "# A long text\n",
        "notes.txt": caseFile({ ...CASE, id: "ignored" })
      })
      const cases = yield* loadCases(dir)
      assert.deepStrictEqual(cases, [
        { ...CASE, id: "from-a" },
        { ...CASE, id: "long", source: "# A long text\n", expect: { rubric: "r" } },
        { ...CASE, id: "from-b", tags: ["x", "y"], expect: { minStyleScore: 70 } }
      ] satisfies ReadonlyArray<EvalCase>)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a case id may appear once in all the files", () =>
    Effect.gen(function* () {
      const { message } = yield* failure({
        "a.json": caseFile(CASE),
        "b.json": caseFile({ ...CASE, title: "again" })
      })
      assert.strictEqual(message, "case id pump appears twice (b.json)")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("an invalid file names itself and every problem in it", () =>
    Effect.gen(function* () {
      const { message } = yield* failure({
        "bad.json": caseFile({ ...CASE, id: "Bad Id", tags: [], expect: { minStyleScore: 101 } })
      })
      assert.match(message, /^case file bad\.json is invalid: /)
      for (const field of ["id", "tags", "minStyleScore"]) assert.include(message, field)
      const notJson = yield* failure({ "x.json": "{ not json" })
      assert.match(notJson.message, /^case file x\.json is invalid: /)
      const empty = yield* failure({ "x.json": caseFile() })
      assert.match(empty.message, /^case file x\.json is invalid: /)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("a missing folder, an unreadable file or source file, and a folder without cases are refused", () =>
    Effect.gen(function* () {
      const gone = yield* Effect.flip(loadCases("/nonexistent/cases"))
      assert.strictEqual(gone.message, "cannot read the case folder /nonexistent/cases")
      const lost = yield* failure({ "a.json": caseFile({ ...CASE, source: undefined, sourceFile: "gone.md" }) })
      assert.strictEqual(lost.message, "case pump: cannot read its sourceFile gone.md")
      const none = yield* failure({ "readme.md": "no cases here" })
      assert.strictEqual(none.message, `no cases in ${none.dir}`)
      const fs = yield* FileSystem.FileSystem
      const dir = yield* folder({})
      yield* fs.makeDirectory(`${dir}/dir.json`)
      const unreadable = yield* Effect.flip(loadCases(dir))
      assert.strictEqual(unreadable.message, "cannot read dir.json")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})

describe("filterCases", () => {
  const cases = [
    { ...CASE, id: "a", tags: ["numbers"] },
    { ...CASE, id: "b", tags: ["names", "dates"] },
    { ...CASE, id: "c", tags: ["a"] }
  ]

  it("keeps the cases whose id or a tag is listed; blanks and spaces around names are ignored", () => {
    const ids = (filter: string | undefined) => filterCases(cases, filter).map((c) => c.id)
    assert.deepStrictEqual(ids(undefined), ["a", "b", "c"])
    assert.deepStrictEqual(ids(""), ["a", "b", "c"])
    assert.deepStrictEqual(ids(" , "), ["a", "b", "c"])
    assert.deepStrictEqual(ids(" dates , ,a"), ["a", "b", "c"])
    assert.deepStrictEqual(ids("dates"), ["b"])
    assert.deepStrictEqual(ids("b"), ["b"])
    assert.deepStrictEqual(ids(" numbers "), ["a"])
    assert.deepStrictEqual(ids("nothing"), [])
  })
})

const cellResult = (key: string, passed = true): CellResult => ({
  key,
  caseId: key,
  profile: "plain-english",
  tags: [],
  variant: "pipeline@0",
  passed,
  failures: [],
  styleScore: null,
  measuredStyle: 50,
  meaning: "passed",
  durationMs: 1,
  providerCalls: 1,
  promptTokens: 1,
  completionTokens: 1,
  model: null,
  finishedAt: 1
})

describe("openResults", () => {
  it.effect("appends one line per cell and reads them back, skipping blank and unreadable lines", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = `${yield* folder({})}/out/nested`
      const store = yield* openResults(dir, false)
      assert.strictEqual(store.file, `${dir}/results.jsonl`)
      assert.strictEqual(store.previous.size, 0)
      yield* store.append(cellResult("a"))
      yield* store.append(cellResult("b"))
      yield* fs.writeFileString(store.file, '\n   \n{"key": "cut off', { flag: "a" })
      yield* fs.writeFileString(store.file, `\n${JSON.stringify(cellResult("a", false))}\n`, { flag: "a" })
      const text = yield* fs.readFileString(store.file)
      assert.isTrue(text.startsWith(`${JSON.stringify(cellResult("a"))}\n${JSON.stringify(cellResult("b"))}\n`))
      const again = yield* openResults(dir, false)
      // The last line for a key wins.
      assert.deepStrictEqual(
        [...again.previous.entries()],
        [
          ["a", cellResult("a", false)],
          ["b", cellResult("b")]
        ]
      )
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("fresh forgets the finished cells", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const dir = yield* folder({})
      const store = yield* openResults(dir, true)
      yield* store.append(cellResult("a"))
      const fresh = yield* openResults(dir, true)
      assert.strictEqual(fresh.previous.size, 0)
      assert.isFalse(yield* fs.exists(fresh.file))
      yield* fresh.append(cellResult("b"))
      assert.deepStrictEqual([...(yield* openResults(dir, false)).previous.keys()], ["b"])
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("appends from cells finishing at once stay whole lines", () =>
    Effect.gen(function* () {
      const dir = yield* folder({})
      const store = yield* openResults(dir, false)
      const keys = Array.from({ length: 40 }, (_, i) => `cell-${i}`)
      yield* Effect.forEach(keys, (k) => store.append(cellResult(k)), { concurrency: "unbounded" })
      assert.deepStrictEqual([...(yield* openResults(dir, false)).previous.keys()].toSorted(), keys.toSorted())
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})
