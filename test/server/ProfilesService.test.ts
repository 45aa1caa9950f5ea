/**
 * The profiles service without HTTP: the fixtures read from a folder of their own, the writer's voices in a real
 * SQLite file in a temporary folder, and the clock on `TestClock` (a voice's time stamps and its measured traits).
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { TestClock } from "effect/testing"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { AppConfig } from "../../src/AppConfig.ts"
import { ProfileNotFound, ProfileReadOnly } from "../../src/domain/Errors.ts"
import { Profiles } from "../../src/pipeline/Profiles.ts"
import { assessStyle, buildStyleTarget } from "../../src/text/StyleMetrics.ts"

const TERSE = {
  id: "terse",
  name: "Terse",
  description: "Few words.",
  rules: ["Be brief."],
  avoid: ["leverage"],
  samples: ["Open the panel. Check the fuse.", "Run the tests. Push the branch."]
}
const WORDY = {
  id: "wordy",
  name: "Wordy",
  description: "Long sentences.",
  rules: [],
  avoid: [],
  samples: ["It is, as one might reasonably expect, considerably more elaborate than strictly necessary."]
}
const VOICE = {
  name: "My Voice",
  samples: ["We ship on Fridays. Nobody deploys late.", "Keep the notes short. Link the ticket."],
  description: " Mine. ",
  rules: ["No jargon."],
  avoid: ["synergy"]
}

/** A profiles folder holding these files (named as given), and an empty data folder. */
const profilesWith = (files: Readonly<Record<string, string>>) => {
  const dir = mkdtempSync(join(tmpdir(), "redraft-profiles-"))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return Profiles.layer.pipe(
    Layer.provide(
      AppConfig.layerTest({ PROFILES_DIR: dir, REDRAFT_DATA_DIR: mkdtempSync(join(tmpdir(), "redraft-data-")) })
    )
  )
}

// File names sort the other way round from the ids: the list follows the file names.
const fixtures = () =>
  profilesWith({
    "a-wordy.json": JSON.stringify(WORDY),
    "b-terse.json": JSON.stringify(TERSE),
    "notes.txt": "not a profile"
  })

describe("Profiles", () => {
  it.effect("lists the fixtures in file order, then the writer's voices", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      assert.deepStrictEqual(yield* profiles.list, [
        { id: "wordy", name: "Wordy", description: "Long sentences.", source: "fixture", samples: 1 },
        { id: "terse", name: "Terse", description: "Few words.", source: "fixture", samples: 2 }
      ])
      const created = yield* profiles.create(VOICE)
      assert.deepStrictEqual((yield* profiles.list).at(-1), {
        id: created.id,
        name: "My Voice",
        description: "Mine.",
        source: "user",
        samples: 2
      })
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("describes a fixture with the traits measured from its samples, and no time stamps", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const detail = yield* profiles.detail("terse")
      assert.deepStrictEqual(detail, {
        ...TERSE,
        source: "fixture",
        traits: buildStyleTarget(TERSE.samples, TERSE.avoid).traits
      })
      const prepared = yield* profiles.get("terse")
      assert.deepStrictEqual(prepared.profile, TERSE)
      assert.deepStrictEqual(prepared.style, buildStyleTarget(TERSE.samples, TERSE.avoid))
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("saves a voice under a fresh id, never a fixture's, with its time stamps", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      yield* TestClock.setTime(Date.UTC(2026, 2, 1))
      const voice = yield* profiles.create(VOICE)
      assert.strictEqual(voice.id, "my-voice")
      assert.deepStrictEqual(voice, {
        id: "my-voice",
        name: "My Voice",
        description: "Mine.",
        source: "user",
        rules: ["No jargon."],
        avoid: ["synergy"],
        samples: VOICE.samples,
        traits: buildStyleTarget(VOICE.samples, VOICE.avoid).traits,
        createdAt: "2026-03-01T00:00:00.000Z",
        updatedAt: "2026-03-01T00:00:00.000Z"
      })
      assert.deepStrictEqual(yield* profiles.detail("my-voice"), voice)
      const named = yield* profiles.create({ ...VOICE, name: "Terse" })
      assert.notStrictEqual(named.id, "terse")
      assert.strictEqual((yield* profiles.detail("terse")).source, "fixture")
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("measures a changed voice again, and keeps its creation time", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      yield* TestClock.setTime(Date.UTC(2026, 2, 1))
      const voice = yield* profiles.create(VOICE)
      assert.deepStrictEqual((yield* profiles.get(voice.id)).profile.samples, VOICE.samples)
      yield* TestClock.adjust("1 hour")
      const samples = ["It is, as one might reasonably expect, considerably more elaborate than necessary."]
      const updated = yield* profiles.update(voice.id, { name: "Renamed", samples })
      assert.strictEqual(updated.name, "Renamed")
      assert.deepStrictEqual(updated.samples, samples)
      assert.deepStrictEqual(updated.traits, buildStyleTarget(samples, VOICE.avoid).traits)
      assert.strictEqual(updated.createdAt, "2026-03-01T00:00:00.000Z")
      assert.strictEqual(updated.updatedAt, "2026-03-01T01:00:00.000Z")
      const prepared = yield* profiles.get(voice.id)
      assert.deepStrictEqual(prepared.profile, {
        id: voice.id,
        name: "Renamed",
        description: "Mine.",
        rules: ["No jargon."],
        avoid: ["synergy"],
        samples
      })
      // Measured again from the new samples; its voice also races the house styles, so that part is compared apart.
      const expected = buildStyleTarget(samples, VOICE.avoid)
      assert.deepStrictEqual({ ...prepared.style, voice: undefined }, { ...expected, voice: undefined })
      assert.deepStrictEqual(prepared.style.voice?.vector, expected.voice?.vector)
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("a voice races the writer's other voices: one made later joins it, and leaves with its deletion", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const first = yield* profiles.create(VOICE)
      const before = (yield* profiles.get(first.id)).style.voice?.near.length ?? 0
      assert.isAbove(before, 0)
      const second = yield* profiles.create({
        ...VOICE,
        name: "Another",
        samples: ["It is, as one might reasonably expect, considerably more elaborate than necessary.", "Indeed so."]
      })
      const raced = (yield* profiles.get(first.id)).style.voice
      assert.strictEqual(raced?.near.length, before + 1)
      assert.deepInclude(raced?.near ?? [], (yield* profiles.get(second.id)).style.voice?.vector)
      // The other voice is its one rival; the house styles race among the background's writers, not as rivals.
      assert.strictEqual((raced?.near.length ?? 0) - (raced?.impostors ?? 0), 1)
      yield* profiles.remove(second.id)
      assert.strictEqual((yield* profiles.get(first.id)).style.voice?.near.length, before)
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("measures a voice once per change, not at every use", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const voice = yield* profiles.create(VOICE)
      const first = yield* profiles.get(voice.id)
      assert.strictEqual(yield* profiles.get(voice.id), first)
      yield* TestClock.adjust("1 minute")
      yield* profiles.update(voice.id, { description: "Changed." })
      const changed = yield* profiles.get(voice.id)
      assert.notStrictEqual(changed, first)
      assert.strictEqual(changed.profile.description, "Changed.")
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("refuses to change or remove a fixture, and names what exists when an id is unknown", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const voice = yield* profiles.create(VOICE)
      const readOnly = yield* Effect.flip(profiles.update("terse", { name: "Mine now" }))
      assert.instanceOf(readOnly, ProfileReadOnly)
      assert.strictEqual(
        readOnly.message,
        'style profile "terse" ships with Redraft and cannot be changed; make your own voice from samples with POST /api/profiles'
      )
      assert.instanceOf(yield* Effect.flip(profiles.remove("wordy")), ProfileReadOnly)
      assert.strictEqual((yield* profiles.detail("wordy")).name, "Wordy")

      const unknown = `style profile "nobody" does not exist; known profiles: wordy, terse, ${voice.id}`
      for (const attempt of [
        profiles.get("nobody"),
        profiles.detail("nobody"),
        profiles.update("nobody", { name: "X" }),
        profiles.remove("nobody"),
        profiles.exportVoice("nobody"),
        profiles.score("nobody", "Some text.")
      ] as const) {
        const error = yield* Effect.flip(attempt as Effect.Effect<unknown, ProfileNotFound | ProfileReadOnly>)
        assert.instanceOf(error, ProfileNotFound)
        assert.strictEqual(error.message, unknown)
      }
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("removes a voice for good", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const voice = yield* profiles.create(VOICE)
      yield* profiles.get(voice.id)
      yield* profiles.remove(voice.id)
      assert.instanceOf(yield* Effect.flip(profiles.get(voice.id)), ProfileNotFound)
      assert.deepStrictEqual(
        (yield* profiles.list).map((p) => p.id),
        ["wordy", "terse"]
      )
      assert.instanceOf(yield* Effect.flip(profiles.remove(voice.id)), ProfileNotFound)
      // A new voice of the same name, made in the same millisecond, takes the id again: it is measured anew.
      const samples = ["It is, as one might reasonably expect, considerably more elaborate than necessary."]
      const again = yield* profiles.create({ ...VOICE, samples })
      assert.strictEqual(again.id, voice.id)
      assert.deepStrictEqual((yield* profiles.get(again.id)).profile.samples, samples)
      assert.deepStrictEqual(again.traits, buildStyleTarget(samples, VOICE.avoid).traits)
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("exports a voice as a file with its measured traits", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const voice = yield* profiles.create(VOICE)
      assert.deepStrictEqual(yield* profiles.exportVoice(voice.id), {
        format: "redraft-voice",
        formatVersion: 1,
        name: "My Voice",
        description: "Mine.",
        rules: ["No jargon."],
        avoid: ["synergy"],
        samples: VOICE.samples,
        traits: buildStyleTarget(VOICE.samples, VOICE.avoid).traits
      })
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("scores a text against a profile's samples without a model", () =>
    Effect.gen(function* () {
      const profiles = yield* Profiles
      const text = "It is, as one might expect, rather more elaborate than needed in every way."
      const style = buildStyleTarget(TERSE.samples, TERSE.avoid)
      const assessed = assessStyle(text, style)
      assert.deepStrictEqual(yield* profiles.score("terse", text), {
        score: assessed.score,
        certainty: "low",
        feedback: assessed.feedback,
        traits: assessed.traits,
        profileTraits: style.traits
      })
      assert.isAbove(
        (yield* profiles.score("terse", "Check the fuse. Push the branch.")).score,
        (yield* profiles.score("terse", text)).score
      )
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("measures an inline profile sent with a request", () =>
    Effect.gen(function* () {
      const prepared = (yield* Profiles).prepare(WORDY)
      assert.deepStrictEqual(prepared, { profile: WORDY, style: buildStyleTarget(WORDY.samples, WORDY.avoid) })
    }).pipe(Effect.provide(fixtures()))
  )

  it.effect("fails start-up loudly, naming the file, when a fixture is broken", () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(
        Effect.gen(function* () {
          yield* Profiles
        }).pipe(Effect.provide(profilesWith({ "bad.json": JSON.stringify({ ...TERSE, samples: [] }) })))
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(Exit.isFailure(exit) ? exit.cause : ""), "style profile bad.json is invalid")
    })
  )
})
