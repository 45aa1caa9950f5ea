/**
 * Searching the documents (`Documents.list` with a query) on a real SQLite file: the query is found as written, in
 * the title or the text, with `%`, `_` and `\` taken literally, quotes harmless, case ignored in every script, spaces
 * around it trimmed; the list is newest first.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { Documents } from "../../../src/store/Documents.ts"
import { inStore } from "./StoreAt.ts"

/** Title, text: one document each, created a second apart (the last one newest). */
const LIBRARY: ReadonlyArray<readonly [string, string]> = [
  ["Volts", "The line carries 1000 volts."],
  ["Sure", "I am 100% sure of it."],
  ["Snake", "Rename the column to file_name."],
  ["Camel", "Rename the column to fileXname."],
  ["Windows path", "Saved under C:\\Users\\ada\\notes."],
  ["Mac path", "Saved under C:Users/ada/notes."],
  ["Quotes", `It's called "the pump" in the shop.`],
  ["PUMP MANUAL", "Read it before the first start."],
  ["Trailing", "This line ends in a backslash \\"],
  ["Ärger", "Über den Ärger mit der Pumpe."],
  ["Москва", "Насос в Москве."]
]

/** The titles a query finds, after the library was written. */
const titlesFor = (queries: ReadonlyArray<string | undefined>) =>
  inStore(
    Effect.gen(function* () {
      const documents = yield* Documents
      for (const [title, text] of LIBRARY) {
        yield* documents.create({ title, text })
        yield* TestClock.adjust("1 second")
      }
      return yield* Effect.forEach(queries, (q) =>
        documents.list(q).pipe(Effect.map((found) => found.map((d) => d.title)))
      )
    })
  )

describe("searching documents", () => {
  it.effect("% is a percent sign: 100% does not find 1000 volts", () =>
    Effect.gen(function* () {
      const [percent, alone] = yield* titlesFor(["100%", "%"])
      assert.deepStrictEqual(percent, ["Sure"])
      assert.deepStrictEqual(alone, ["Sure"])
    })
  )

  it.effect("_ is an underscore, not any one character", () =>
    Effect.gen(function* () {
      const [snake, alone] = yield* titlesFor(["file_name", "_"])
      assert.deepStrictEqual(snake, ["Snake"])
      assert.deepStrictEqual(alone, ["Snake"])
    })
  )

  it.effect("a backslash is a backslash, also at the end of the query", () =>
    Effect.gen(function* () {
      const [path, trailing, alone] = yield* titlesFor(["C:\\Users", "backslash \\", "\\"])
      assert.deepStrictEqual(path, ["Windows path"])
      assert.deepStrictEqual(trailing, ["Trailing"])
      assert.deepStrictEqual(alone, ["Trailing", "Windows path"])
    })
  )

  it.effect("single and double quotes are found as written and break nothing", () =>
    Effect.gen(function* () {
      const [single, double, injection] = yield* titlesFor(["It's", '"the pump"', "' OR 1=1 --"])
      assert.deepStrictEqual(single, ["Quotes"])
      assert.deepStrictEqual(double, ["Quotes"])
      assert.deepStrictEqual(injection, [])
    })
  )

  it.effect("case is ignored, in the title and in the text", () =>
    Effect.gen(function* () {
      const [lower, upper, mixed] = yield* titlesFor(["pump manual", "RENAME THE COLUMN", "tHe PuMp"])
      assert.deepStrictEqual(lower, ["PUMP MANUAL"])
      assert.deepStrictEqual(upper, ["Camel", "Snake"])
      assert.deepStrictEqual(mixed, ["Quotes"])
    })
  )

  it.effect("case is ignored beyond ASCII: umlauts and Cyrillic", () =>
    Effect.gen(function* () {
      const [umlaut, cyrillic] = yield* titlesFor(["ärger", "МОСКВ"])
      assert.deepStrictEqual(umlaut, ["Ärger"])
      assert.deepStrictEqual(cyrillic, ["Москва"])
    })
  )

  it.effect("spaces around the query are trimmed, and a blank query lists every document, newest first", () =>
    Effect.gen(function* () {
      const [padded, blank, none] = yield* titlesFor(["  volts  ", "   ", undefined])
      const newestFirst = LIBRARY.map(([title]) => title).toReversed()
      assert.deepStrictEqual(padded, ["Volts"])
      assert.deepStrictEqual(blank, newestFirst)
      assert.deepStrictEqual(none, newestFirst)
    })
  )

  it.effect("a document that was changed moves to the top of the list and of its matches", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const old = yield* documents.create({ title: "Old pump", text: "The pump." })
        yield* TestClock.adjust("1 second")
        yield* documents.create({ title: "New pump", text: "The pump again." })
        yield* TestClock.adjust("1 second")
        yield* documents.update(old.id, { text: "The pump, serviced." })
        assert.deepStrictEqual(
          (yield* documents.list("pump")).map((d) => d.title),
          ["Old pump", "New pump"]
        )
        assert.deepStrictEqual(
          (yield* documents.list(undefined)).map((d) => d.title),
          ["Old pump", "New pump"]
        )
      })
    )
  )
})
