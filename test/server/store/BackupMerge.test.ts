/**
 * Restoring a backup into a workspace that already holds things (`Backup.restore`), on real SQLite files: a document
 * or voice that is missing is added under its own id, an identical one is skipped, and one that differs in anything
 * the backup holds (text, title, versions, paragraphs, decisions, edits; a voice's samples) is added as a copy under a
 * new id, leaving the one in the workspace as it was. Revision counters and a retry's offered text are not content.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { BackupFile } from "../../../src/domain/Backup.ts"
import { Backup } from "../../../src/store/Backup.ts"
import { Database } from "../../../src/store/Database.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { Versions } from "../../../src/store/Versions.ts"
import { Voices } from "../../../src/store/Voices.ts"
import { DOCUMENT, documentWithVersions, inStore, rewrittenRun, runResult } from "./StoreAt.ts"

const RUN = rewrittenRun({
  2: "At 40 L/min, the pump runs.",
  4: "On 3 May it was serviced.",
  6: "Check the seal every week."
})

/** An export as the restore route takes it back: written as JSON, read and checked with the backup's schema. */
const exported = Backup.use((backup) => backup.export).pipe(
  Effect.flatMap(({ backup }) => Schema.decodeUnknownEffect(BackupFile)(JSON.parse(JSON.stringify(backup)))),
  Effect.orDie
)

const restore = (file: BackupFile) => Backup.use((backup) => backup.restore(file))

const NOTHING = { added: [], skipped: [], copied: [] }

const voice = (name: string) => ({
  name,
  description: `${name}'s way of writing.`,
  samples: [`A first sample by ${name}.`, `A second sample by ${name}.`]
})

describe("restoring documents into a workspace", () => {
  it.effect("a document that is missing is added under its own id, with its versions and decisions", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const versions = yield* Versions
        const id = yield* documentWithVersions([RUN])
        yield* versions.decide(id, 1, 4, { decision: "edited", text: "Serviced: 3 May." })
        const backup = yield* exported
        yield* documents.remove(id)
        const result = yield* restore(backup)
        assert.deepStrictEqual(result, { added: [id], skipped: [], copied: [], profiles: NOTHING })
        assert.strictEqual((yield* documents.get(id)).text, DOCUMENT)
        assert.deepStrictEqual(
          (yield* versions.get(id, 1)).paragraphs.map((p) => [p.decision, p.text]),
          [
            ["pending", "At 40 L/min, the pump runs."],
            ["edited", "Serviced: 3 May."],
            ["pending", "Check the seal every week."]
          ]
        )
      })
    )
  )

  it.effect("a document identical to the workspace's is skipped, and nothing is added", () =>
    inStore(
      Effect.gen(function* () {
        const id = yield* documentWithVersions([RUN, RUN])
        const plain = yield* (yield* Documents).create({ title: "Plain", text: "No versions." })
        const result = yield* restore(yield* exported)
        assert.deepStrictEqual(result, { added: [], skipped: [id, plain.id], copied: [], profiles: NOTHING })
        assert.strictEqual((yield* (yield* Documents).list(undefined)).length, 2)
      })
    )
  )

  it.effect("a document whose text changed is copied under a new id, and the workspace's stays as it is", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Notes", text: "The pump runs at 40 L/min." })
        const backup = yield* exported
        yield* documents.update(id, { text: "The pump runs at 45 L/min." })
        const result = yield* restore(backup)
        assert.deepStrictEqual(result.added, [])
        assert.deepStrictEqual(result.skipped, [])
        assert.strictEqual(result.copied.length, 1)
        const copy = result.copied[0]
        assert.strictEqual(copy?.from, id)
        assert.notStrictEqual(copy?.to, id)
        assert.strictEqual((yield* documents.get(copy?.to ?? "")).text, "The pump runs at 40 L/min.")
        assert.strictEqual((yield* documents.get(id)).text, "The pump runs at 45 L/min.")
      })
    )
  )

  it.effect("the same backup restored again adds nothing: its earlier copies are recognised", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const voices = yield* Voices
        const { id } = yield* documents.create({ title: "Notes", text: "The pump runs at 40 L/min." })
        const mine = yield* voices.create(voice("Mine"), new Set())
        const backup = yield* exported
        yield* documents.update(id, { text: "The pump runs at 45 L/min." })
        yield* voices.update(mine.id, { samples: ["Rewritten first sample.", "Rewritten second sample."] })
        const first = yield* restore(backup)
        assert.strictEqual(first.copied.length, 1)
        assert.strictEqual(first.profiles.copied.length, 1)
        for (let i = 0; i < 2; i++) {
          const again = yield* restore(backup)
          assert.deepStrictEqual([again.added, again.skipped, again.copied], [[], [id], []])
          assert.deepStrictEqual(
            [again.profiles.added, again.profiles.skipped, again.profiles.copied],
            [[], [mine.id], []]
          )
        }
        assert.strictEqual((yield* documents.list(undefined)).length, 2)
        assert.strictEqual((yield* voices.list).length, 2)
      })
    )
  )

  it.effect("a document whose title alone changed is copied", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const { id } = yield* documents.create({ title: "Notes", text: "Same text." })
        const backup = yield* exported
        yield* documents.update(id, { title: "Renamed" })
        assert.deepStrictEqual(
          (yield* restore(backup)).copied.map((c) => c.from),
          [id]
        )
      })
    )
  )

  it.effect("a document with the same title and text that gained a version is copied, either way round", () =>
    Effect.gen(function* () {
      const { before, after, id } = yield* inStore(
        Effect.gen(function* () {
          const made = yield* documentWithVersions([])
          const withoutVersion = yield* exported
          yield* (yield* Versions).save(made, { styleProfileId: "plain", original: DOCUMENT, result: RUN })
          // The workspace gained a version the backup lacks.
          const backToBefore = yield* restore(withoutVersion)
          assert.deepStrictEqual(
            backToBefore.copied.map((c) => c.from),
            [made]
          )
          return { before: withoutVersion, after: yield* exported, id: made }
        })
      )
      // The backup holds a version the workspace lacks.
      yield* inStore(
        Effect.gen(function* () {
          assert.deepStrictEqual((yield* restore(before)).added, [id])
          const result = yield* restore({ ...after, documents: after.documents.filter((d) => d.id === id) })
          assert.deepStrictEqual(result.skipped, [])
          assert.deepStrictEqual(
            result.copied.map((c) => c.from),
            [id]
          )
          const copy = result.copied[0]?.to ?? ""
          assert.deepStrictEqual(
            (yield* (yield* Documents).get(copy)).versions.map((v) => v.n),
            [1]
          )
          assert.deepStrictEqual((yield* (yield* Documents).get(id)).versions, [])
        })
      )
    })
  )

  it.effect("a document whose review gained a decision or an edit is copied, with the backup's review", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([RUN])
        const pending = yield* exported
        yield* versions.decide(id, 1, 2, { decision: "accepted" })
        const accepted = yield* exported
        yield* versions.decide(id, 1, 2, { decision: "edited", text: "My pump: 40 L/min." })
        const decided = yield* restore(pending)
        assert.deepStrictEqual(
          decided.copied.map((c) => c.from),
          [id]
        )
        assert.strictEqual((yield* versions.get(decided.copied[0]?.to ?? "", 1)).paragraphs[0]?.decision, "pending")
        const edited = yield* restore(accepted)
        assert.deepStrictEqual(
          edited.copied.map((c) => c.from),
          [id]
        )
        assert.strictEqual((yield* versions.get(edited.copied[0]?.to ?? "", 1)).paragraphs[0]?.decision, "accepted")
        assert.strictEqual((yield* versions.get(id, 1)).paragraphs[0]?.text, "My pump: 40 L/min.")
      })
    )
  )

  it.effect("revision counters and a retry's offered text do not make a document differ", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const versions = yield* Versions
        const id = yield* documentWithVersions([RUN])
        yield* versions.decide(id, 1, 2, { decision: "accepted" })
        const backup = yield* exported
        // A retry started before the decision lands after it: offered beside it, nothing else changes.
        const retry = runResult([{ index: 2, status: "rewritten", finalText: "The pump pushes 40 L/min." }])
        const offered = yield* versions.replace(id, 1, 2, retry, 0)
        assert.strictEqual(offered.alternative, "The pump pushes 40 L/min.")
        // The same text saved again counts a revision (the test clock does not move, so neither does updated_at).
        yield* documents.update(id, { text: DOCUMENT })
        assert.deepStrictEqual(yield* restore(backup), { added: [], skipped: [id], copied: [], profiles: NOTHING })
      })
    )
  )
})

describe("restoring voices into a workspace", () => {
  it.effect("a missing voice is added, an identical one skipped, a changed one copied under a new id", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        const same = yield* voices.create(voice("Same"), new Set())
        const changed = yield* voices.create(voice("Changed"), new Set())
        const missing = yield* voices.create(voice("Missing"), new Set())
        const backup = yield* exported
        yield* voices.update(changed.id, { samples: ["Rewritten first sample.", "Rewritten second sample."] })
        yield* voices.remove(missing.id)
        const { profiles } = yield* restore(backup)
        assert.deepStrictEqual(profiles.added, [missing.id])
        assert.deepStrictEqual(profiles.skipped, [same.id])
        assert.strictEqual(profiles.copied.length, 1)
        const copy = profiles.copied[0]
        assert.strictEqual(copy?.from, changed.id)
        assert.match(copy?.to ?? "", /^changed-[0-9a-f]{6}$/)
        assert.deepStrictEqual((yield* voices.get(copy?.to ?? ""))?.samples, voice("Changed").samples)
        assert.deepStrictEqual((yield* voices.get(changed.id))?.samples, [
          "Rewritten first sample.",
          "Rewritten second sample."
        ])
        assert.deepStrictEqual((yield* voices.get(missing.id))?.name, "Missing")
      })
    )
  )

  it.effect(
    "the writer's answers to proposals travel with their voice: added, merged into the same voice, copied",
    () =>
      inStore(
        Effect.gen(function* () {
          const voices = yield* Voices
          const kept = yield* voices.create(voice("Kept"), new Set())
          const gone = yield* voices.create(voice("Gone"), new Set())
          const proposal = (value: string) => ({ id: `avoid:${value}`, change: "avoid" as const, value })
          yield* voices.answer(kept.id, proposal("utilize"), "dismissed")
          yield* voices.answer(gone.id, proposal("leverage"), "accepted")
          const backup = yield* exported
          assert.deepStrictEqual(
            backup.profiles?.map((p) => [p.id, p.answers?.map((a) => [a.suggestion, a.answer])]),
            [
              [kept.id, [["avoid:utilize", "dismissed"]]],
              [gone.id, [["avoid:leverage", "accepted"]]]
            ]
          )
          // A voice without answers is backed up as before proposals existed.
          const plain = yield* voices.create(voice("Plain"), new Set())
          assert.notProperty(
            (yield* exported).profiles?.find((p) => p.id === plain.id),
            "answers"
          )

          yield* voices.remove(gone.id)
          const db = yield* Database
          yield* db.use((d) => d.prepare("DELETE FROM voice_answers WHERE profile_id = ?").run(kept.id))
          const { profiles } = yield* restore(backup)
          assert.deepStrictEqual(profiles.added, [gone.id])
          assert.deepStrictEqual(profiles.skipped, [kept.id])
          assert.deepStrictEqual([...(yield* voices.answered(gone.id))], ["avoid:leverage"])
          // The same voice in the workspace gets back the answer it lost, and keeps the ones given since.
          assert.deepStrictEqual([...(yield* voices.answered(kept.id))], ["avoid:utilize"])

          // A changed voice is copied with its answers; the workspace's keeps its own.
          yield* voices.update(kept.id, { samples: ["Rewritten first sample.", "Rewritten second sample."] })
          yield* voices.answer(kept.id, proposal("synergy"), "dismissed")
          const again = yield* restore(backup)
          const copy = again.profiles.copied[0]?.to ?? ""
          assert.deepStrictEqual([...(yield* voices.answered(copy))], ["avoid:utilize"])
          assert.sameMembers([...(yield* voices.answered(kept.id))], ["avoid:utilize", "avoid:synergy"])
        })
      )
  )

  it.effect("a backup from before voices existed restores its documents and touches no voice", () =>
    inStore(
      Effect.gen(function* () {
        const voices = yield* Voices
        yield* voices.create(voice("Mine"), new Set())
        const { profiles: _profiles, ...old } = yield* exported
        const result = yield* restore({ ...old, documents: [] })
        assert.deepStrictEqual(result, { added: [], skipped: [], copied: [], profiles: NOTHING })
        assert.strictEqual((yield* voices.list).length, 1)
      })
    )
  )
})
