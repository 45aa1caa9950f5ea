/**
 * The writer's voices in the database (`Voices`), on a real SQLite file: ids made from names and never reused, a
 * change that touches only the fields given, removal that says whether there was one, and a list newest first.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { slugOf, Voices } from "../../../src/store/Voices.ts"
import { inStore } from "./StoreAt.ts"

const SAMPLES = ["A first sample of the voice.", "A second sample of the voice."]

describe("voices", () => {
  it("an id is made from the name: lowercase letters and digits joined by dashes", () => {
    assert.strictEqual(slugOf("Anna's Blog"), "annas-blog")
    assert.strictEqual(slugOf("  Café  Été 2024 "), "cafe-ete-2024")
    assert.strictEqual(slugOf("!!!"), "voice")
    assert.strictEqual(slugOf("x".repeat(80)).length, 56)
  })

  it.effect("a name whose id is taken, in the database or by a fixture, gets a new id", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        const first = yield* voices.create({ name: "  Anna's Blog ", samples: SAMPLES }, new Set())
        assert.strictEqual(first.id, "annas-blog")
        assert.strictEqual(first.name, "Anna's Blog")
        const second = yield* voices.create({ name: "Anna's blog", samples: SAMPLES }, new Set())
        assert.match(second.id, /^annas-blog-[0-9a-f]{6}$/)
        const fixture = yield* voices.create({ name: "Plain", samples: SAMPLES }, new Set(["plain"]))
        assert.match(fixture.id, /^plain-[0-9a-f]{6}$/)
        assert.strictEqual((yield* voices.list).length, 3)
      })
    )
  )

  it.effect("a change touches only the fields it gives; a voice that is not there is undefined", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        const made = yield* voices.create(
          { name: "Terse", description: "Short.", rules: ["Be brief."], avoid: ["very"], samples: SAMPLES },
          new Set()
        )
        yield* TestClock.adjust("1 minute")
        const changed = yield* voices.update(made.id, { rules: ["Be briefer."] })
        assert.deepStrictEqual(changed, {
          ...made,
          rules: ["Be briefer."],
          updatedAt: made.updatedAt + 60_000
        })
        assert.isUndefined(yield* voices.update("no-such-voice", { name: "Nobody" }))
        assert.isUndefined(yield* voices.get("no-such-voice"))
      })
    )
  )

  it.effect("removing says whether there was a voice, and removes only that one", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        const gone = yield* voices.create({ name: "Gone", samples: SAMPLES }, new Set())
        const stays = yield* voices.create({ name: "Stays", samples: SAMPLES }, new Set())
        assert.isTrue(yield* voices.remove(gone.id))
        assert.isFalse(yield* voices.remove(gone.id))
        assert.deepStrictEqual(
          (yield* voices.list).map((v) => v.id),
          [stays.id]
        )
      })
    )
  )

  it.effect("the list is newest first, and a change moves a voice to the top", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        const older = yield* voices.create({ name: "Older", samples: SAMPLES }, new Set())
        yield* TestClock.adjust("1 second")
        yield* voices.create({ name: "Newer", samples: SAMPLES }, new Set())
        assert.deepStrictEqual(
          (yield* voices.list).map((v) => v.name),
          ["Newer", "Older"]
        )
        yield* TestClock.adjust("1 second")
        yield* voices.update(older.id, { description: "Changed." })
        assert.deepStrictEqual(
          (yield* voices.list).map((v) => v.name),
          ["Older", "Newer"]
        )
      })
    )
  )
})
