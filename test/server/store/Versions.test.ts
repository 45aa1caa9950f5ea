/**
 * Versions and the review, on a real SQLite file: a saved version holds each paragraph's checked final text (whatever
 * its status); versions are numbered per document; a decision lands on its own version, paragraph and document only,
 * counts a revision and is refused when stale; a retry replaces a paragraph or, when the writer decided meanwhile,
 * is offered as the alternative; deleting a document removes its versions and paragraphs.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { BackupFile } from "../../../src/domain/Backup.ts"
import type { VersionOutcome, VersionSettings } from "../../../src/domain/Documents.ts"
import type { StyleProfile } from "../../../src/domain/Rewrite.ts"
import { Backup } from "../../../src/store/Backup.ts"
import { Documents } from "../../../src/store/Documents.ts"
import { Versions } from "../../../src/store/Versions.ts"
import { DOCUMENT, documentWithVersions, inStore, ORIGINALS, rewrittenRun, rowCount, runResult } from "./StoreAt.ts"

/** Five paragraphs, segments 0, 2, 4, 6 and 8: one for each way a run can end. */
const FIVE = [
  "The pump runs at 40 L/min.",
  "It was serviced on 3 May.",
  "Anna Berg signed the report.",
  "The valve is rated to 6 bar.",
  "Nothing else changed."
]

const FIRST = rewrittenRun({
  2: "At 40 L/min, the pump runs.",
  4: "On 3 May it was serviced.",
  6: "Check the seal every week."
})
const SECOND = rewrittenRun({
  2: "The pump moves 40 L/min.",
  4: "Service was on 3 May.",
  6: "Each week, check the seal."
})

describe("saving a run", () => {
  it.effect(
    "a version holds each paragraph's checked final text, not its best-scoring draft, whatever its status",
    () =>
      inStore(
        Effect.gen(function* () {
          const original = `${FIVE.join("\n\n")}\n`
          const result = runResult([
            {
              index: 0,
              status: "rewritten",
              original: FIVE[0],
              finalText: "At 40 L/min, the pump runs.",
              attempts: [
                { text: "The pump runs fast.", styleScore: 95 },
                { text: "At 40 L/min, the pump runs.", styleScore: 70 }
              ],
              meaningPass: true
            },
            {
              index: 2,
              status: "rewritten",
              source: "repair",
              original: FIVE[1],
              finalText: "On 3 May it was serviced.",
              attempts: [
                { text: "It was serviced in May.", styleScore: 93 },
                { text: "It was serviced recently.", styleScore: 90 }
              ],
              meaningPass: true
            },
            {
              index: 4,
              status: "kept",
              original: FIVE[2],
              finalText: FIVE[2] ?? "",
              reason: "the rewrite dropped a name",
              attempts: [{ text: "Someone signed the report.", styleScore: 97 }],
              meaningPass: false
            },
            {
              index: 6,
              status: "failed",
              original: FIVE[3],
              finalText: FIVE[3] ?? "",
              reason: "the provider timed out",
              attempts: [{ text: "The valve takes 6 bar.", styleScore: 91 }],
              meaningPass: null
            },
            {
              index: 8,
              status: "unchanged",
              original: FIVE[4],
              finalText: FIVE[4] ?? "",
              attempts: [{ text: "Nothing else changed.", styleScore: 60 }],
              meaningPass: true
            }
          ])
          const documents = yield* Documents
          const versions = yield* Versions
          const { id } = yield* documents.create({ text: original })
          const n = yield* versions.save(id, { styleProfileId: "plain", original, result })
          const version = yield* versions.get(id, n)
          const finals = (result.debug?.segments ?? []).map((s) => s.finalText)
          assert.deepStrictEqual(
            version.paragraphs.map((p) => [p.index, p.status, p.original, p.rewrite, p.text, p.decision]),
            (result.debug?.segments ?? []).map((s) => [
              s.index,
              s.status,
              s.original,
              s.finalText,
              s.finalText,
              "pending"
            ])
          )
          assert.strictEqual(version.text, `${finals.join("\n\n")}\n`)
          // The rewritten paragraph's score is its final text's, not the better draft's.
          assert.strictEqual(version.paragraphs[0]?.styleScore, 70)
          assert.deepStrictEqual(
            version.paragraphs.map((p) => p.meaning),
            ["passed", "passed", "failed", "skipped", "passed"]
          )
          assert.deepStrictEqual(version.paragraphs[2]?.warnings, ["the rewrite dropped a name"])
          assert.deepStrictEqual(version.paragraphs[3]?.warnings, ["the provider timed out"])
        })
      )
  )

  it.effect(
    "a version keeps what made it and how its run ended, through a backup; one saved before says what it can",
    () =>
      inStore(
        Effect.gen(function* () {
          const versions = yield* Versions
          const documents = yield* Documents
          const settings: VersionSettings = {
            styleProfileId: "plain",
            styleProfileName: "Plain",
            instruction: "shorter",
            model: "m",
            provider: "http://127.0.0.1:9/v1",
            styleThreshold: 65,
            maxRewriteIterations: 1,
            runMeaningCheck: false
          }
          const outcome: VersionOutcome = {
            state: "failed",
            paragraphs: 3,
            done: 1,
            rewritten: 1,
            failed: 2,
            reason: "the provider at http://127.0.0.1:9/v1 answered 500"
          }
          const { id } = yield* documents.create({ text: DOCUMENT })
          yield* versions.save(id, { styleProfileId: "plain", original: DOCUMENT, result: FIRST, settings, outcome })
          yield* versions.save(id, { styleProfileId: "plain", original: DOCUMENT, result: FIRST })
          const kept = yield* versions.get(id, 1)
          assert.deepStrictEqual([kept.settings, kept.outcome], [settings, outcome])
          assert.deepStrictEqual((yield* documents.get(id)).versions.at(-1)?.settings, settings)
          // Saved without them (as before they were kept): the style, the provider and model, the counts.
          const before = yield* versions.get(id, 2)
          assert.deepStrictEqual(before.settings, {
            styleProfileId: "plain",
            styleProfileName: null,
            instruction: "",
            model: "test-model",
            provider: "http://127.0.0.1:9/v1",
            styleThreshold: null,
            maxRewriteIterations: null,
            runMeaningCheck: null
          })
          assert.deepStrictEqual(before.outcome, {
            state: "finished",
            paragraphs: 3,
            done: 3,
            rewritten: FIRST.summary.rewritten,
            failed: 0,
            reason: null
          })
          // A backup carries them: restored under a new id, the copy reads the same.
          const { backup } = yield* (yield* Backup).export
          const file = Schema.decodeUnknownSync(BackupFile)(JSON.parse(JSON.stringify(backup)))
          const renamed = { ...file, documents: file.documents.map((d) => ({ ...d, id: `${d.id}-copy` })) }
          yield* (yield* Backup).restore(renamed)
          const copy = yield* versions.get(`${id}-copy`, 1)
          assert.deepStrictEqual([copy.settings, copy.outcome], [settings, outcome])
          assert.deepStrictEqual((yield* versions.get(`${id}-copy`, 2)).settings, before.settings)
        })
      )
  )

  it.effect("versions are numbered 1, 2, 3 per document, and the document lists them newest first", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const documents = yield* Documents
        const id = yield* documentWithVersions([FIRST, SECOND])
        const third = yield* versions.save(id, { styleProfileId: "plain", original: DOCUMENT, result: FIRST })
        assert.strictEqual(third, 3)
        const detail = yield* documents.get(id)
        assert.deepStrictEqual(
          detail.versions.map((v) => v.n),
          [3, 2, 1]
        )
        assert.strictEqual((yield* documents.list(undefined)).find((d) => d.id === id)?.versionCount, 3)
        // Another document counts from 1.
        const other = yield* documentWithVersions([FIRST])
        assert.deepStrictEqual(
          (yield* documents.get(other)).versions.map((v) => v.n),
          [1]
        )
        assert.strictEqual((yield* versions.get(id, 2)).paragraphs[0]?.rewrite, "The pump moves 40 L/min.")
      })
    )
  )

  it.effect("a run for a document that is not there is refused, and a version that is not there is not found", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const refused = yield* versions
          .save("no-such-document", { styleProfileId: "plain", original: DOCUMENT, result: FIRST })
          .pipe(Effect.flip)
        assert.strictEqual(refused._tag, "DocumentNotFound")
        const id = yield* documentWithVersions([FIRST])
        assert.strictEqual((yield* versions.get(id, 2).pipe(Effect.flip))._tag, "RouteNotFound")
        assert.strictEqual((yield* versions.get("no-such-document", 1).pipe(Effect.flip))._tag, "RouteNotFound")
      })
    )
  )

  it.effect("a paragraph that cannot be found names what is missing: the document, its version, or the paragraph", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        const missing = (documentId: string, n: number, index: number) =>
          Effect.all([
            versions.decide(documentId, n, index, { decision: "accepted" }).pipe(Effect.flip),
            versions.source(documentId, n, index).pipe(Effect.flip)
          ]).pipe(Effect.map((errors) => errors.map((e) => `${e._tag}: ${e.message}`)))
        const paragraph = `RouteNotFound: version 1 of document ${JSON.stringify(id)} has no rewritten paragraph 0; GET the version for its paragraphs`
        assert.deepStrictEqual(yield* missing(id, 1, 0), [paragraph, paragraph])
        const version = `RouteNotFound: document ${JSON.stringify(id)} has no version 3; GET /api/documents/${id} lists its versions`
        assert.deepStrictEqual(yield* missing(id, 3, 2), [version, version])
        yield* (yield* Documents).remove(id)
        const gone = `RouteNotFound: no document has the id ${JSON.stringify(id)}; GET /api/documents lists them`
        assert.deepStrictEqual(yield* missing(id, 1, 2), [gone, gone])
      })
    )
  )

  it.effect("a version's text applies the decisions around the blocks that were not rewritten", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        yield* versions.decide(id, 1, 2, { decision: "rejected" })
        yield* versions.decide(id, 1, 4, { decision: "edited", text: "Serviced: 3 May." })
        const version = yield* versions.get(id, 1)
        assert.strictEqual(
          version.text,
          "# Pump notes\n\nThe pump runs at 40 L/min.\n\nServiced: 3 May.\n\n- Check the seal every week.\n"
        )
        assert.deepStrictEqual(
          version.blocks.map((b) => [b.index, b.kept]),
          [
            [0, true],
            [2, false],
            [4, false],
            [6, false]
          ]
        )
      })
    )
  )
})

describe("decisions", () => {
  it.effect("a decision lands on its own version: the same paragraph in another version stays as it was", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST, SECOND])
        yield* versions.decide(id, 1, 2, { decision: "rejected" })
        yield* versions.decide(id, 2, 4, { decision: "edited", text: "Serviced: 3 May." })
        const [one, two] = [yield* versions.get(id, 1), yield* versions.get(id, 2)]
        assert.deepStrictEqual(
          one.paragraphs.map((p) => [p.decision, p.revision]),
          [
            ["rejected", 1],
            ["pending", 0],
            ["pending", 0]
          ]
        )
        assert.deepStrictEqual(
          two.paragraphs.map((p) => [p.decision, p.revision]),
          [
            ["pending", 0],
            ["edited", 1],
            ["pending", 0]
          ]
        )
        assert.strictEqual(one.paragraphs[1]?.text, "On 3 May it was serviced.")
        assert.strictEqual(two.paragraphs[0]?.text, "The pump moves 40 L/min.")
      })
    )
  )

  it.effect("a decision lands on its own document: another document with the same run stays pending", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const mine = yield* documentWithVersions([FIRST])
        const other = yield* documentWithVersions([FIRST])
        yield* versions.decide(mine, 1, 6, { decision: "accepted" })
        assert.deepStrictEqual(
          (yield* versions.get(other, 1)).paragraphs.map((p) => p.decision),
          ["pending", "pending", "pending"]
        )
        assert.deepStrictEqual(
          (yield* versions.get(mine, 1)).paragraphs.map((p) => p.decision),
          ["pending", "pending", "accepted"]
        )
      })
    )
  )

  it.effect("each decision counts one revision; one made against a stale revision is refused and changes nothing", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        const accepted = yield* versions.decide(id, 1, 2, { decision: "accepted" }, 0)
        assert.strictEqual(accepted.revision, 1)
        const rejected = yield* versions.decide(id, 1, 2, { decision: "rejected" }, 1)
        assert.strictEqual(rejected.revision, 2)
        assert.strictEqual(rejected.text, ORIGINALS[2])
        const stale = yield* versions.decide(id, 1, 2, { decision: "accepted" }, 1).pipe(Effect.flip)
        assert.strictEqual(stale._tag, "PreconditionFailed")
        const now = (yield* versions.get(id, 1)).paragraphs[0]
        assert.strictEqual(now?.decision, "rejected")
        assert.strictEqual(now?.revision, 2)
      })
    )
  )

  it.effect("of decisions racing from the same revision, exactly one lands", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        const outcomes = yield* Effect.forEach(
          Array.from({ length: 12 }, (_, i) => i),
          (i) =>
            versions
              .decide(id, 1, 4, { decision: "edited", text: `Edit ${i}: serviced on 3 May.` }, 0)
              .pipe(Effect.result),
          { concurrency: "unbounded" }
        )
        const landed = outcomes.filter((o) => o._tag === "Success")
        assert.strictEqual(landed.length, 1)
        assert.isTrue(outcomes.every((o) => o._tag === "Success" || o.failure._tag === "PreconditionFailed"))
        const now = (yield* versions.get(id, 1)).paragraphs[1]
        assert.strictEqual(now?.revision, 1)
        assert.strictEqual(now?.text, landed[0]?._tag === "Success" ? landed[0].success.text : "")
      })
    )
  )

  it.effect("an edit needs its text, and a paragraph that was not rewritten cannot be decided", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        assert.strictEqual(
          (yield* versions.decide(id, 1, 2, { decision: "edited" }).pipe(Effect.flip))._tag,
          "InvalidRequest"
        )
        // Segment 0 is the heading, kept as it was; version 2 does not exist.
        assert.strictEqual(
          (yield* versions.decide(id, 1, 0, { decision: "accepted" }).pipe(Effect.flip))._tag,
          "RouteNotFound"
        )
        assert.strictEqual(
          (yield* versions.decide(id, 2, 2, { decision: "accepted" }).pipe(Effect.flip))._tag,
          "RouteNotFound"
        )
        assert.strictEqual((yield* versions.get(id, 1)).paragraphs[0]?.revision, 0)
      })
    )
  )

  it.effect("an edit is judged on its own facts: a changed number fails the meaning, a kept one passes", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        const wrong = yield* versions.decide(id, 1, 2, { decision: "edited", text: "The pump runs at 45 L/min." })
        assert.strictEqual(wrong.meaning, "failed")
        assert.isAbove(wrong.findings.length, 0)
        const right = yield* versions.decide(id, 1, 2, { decision: "edited", text: "At 40 L/min the pump runs." })
        assert.strictEqual(right.meaning, "passed")
        assert.strictEqual(right.text, "At 40 L/min the pump runs.")
      })
    )
  )
})

describe("retries", () => {
  const retry = (text: string) =>
    runResult([{ index: 2, status: "rewritten", finalText: text, attempts: [{ text, styleScore: 88 }] }])

  it.effect("a retry on the revision it started from replaces the rewrite and puts the decision back to pending", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST])
        yield* versions.decide(id, 1, 2, { decision: "edited", text: "My own: 40 L/min." })
        const source = yield* versions.source(id, 1, 2)
        assert.deepStrictEqual(source, { original: ORIGINALS[2], revision: 1, styleProfileId: "plain" })
        const replaced = yield* versions.replace(id, 1, 2, retry("The pump pushes 40 L/min."), source.revision)
        assert.strictEqual(replaced.rewrite, "The pump pushes 40 L/min.")
        assert.strictEqual(replaced.decision, "pending")
        assert.strictEqual(replaced.text, "The pump pushes 40 L/min.")
        assert.strictEqual(replaced.revision, 2)
        assert.isNull(replaced.alternative)
      })
    )
  )

  it.effect(
    "a retry that lands after a decision keeps the decision and offers its text; the next decision clears it",
    () =>
      inStore(
        Effect.gen(function* () {
          const versions = yield* Versions
          const id = yield* documentWithVersions([FIRST, SECOND])
          const started = yield* versions.source(id, 1, 2)
          yield* versions.decide(id, 1, 2, { decision: "accepted" })
          const landed = yield* versions.replace(id, 1, 2, retry("The pump pushes 40 L/min."), started.revision)
          assert.strictEqual(landed.decision, "accepted")
          assert.strictEqual(landed.rewrite, "At 40 L/min, the pump runs.")
          assert.strictEqual(landed.alternative, "The pump pushes 40 L/min.")
          assert.strictEqual(landed.revision, 1)
          // The offer is on this version's paragraph only.
          assert.deepStrictEqual(
            (yield* versions.get(id, 2)).paragraphs.map((p) => [p.alternative, p.revision]),
            [
              [null, 0],
              [null, 0],
              [null, 0]
            ]
          )
          const next = yield* versions.decide(id, 1, 2, { decision: "rejected" }, landed.revision)
          assert.isNull(next.alternative)
          assert.strictEqual(next.revision, 2)
        })
      )
  )

  it.effect("a retry replaces the paragraph in its own version only", () =>
    inStore(
      Effect.gen(function* () {
        const versions = yield* Versions
        const id = yield* documentWithVersions([FIRST, SECOND])
        yield* versions.replace(id, 2, 2, retry("The pump pushes 40 L/min."), 0)
        assert.strictEqual((yield* versions.get(id, 1)).paragraphs[0]?.rewrite, "At 40 L/min, the pump runs.")
        assert.strictEqual((yield* versions.get(id, 2)).paragraphs[0]?.rewrite, "The pump pushes 40 L/min.")
        assert.strictEqual(
          (yield* versions.replace(id, 3, 2, retry("Nowhere."), 0).pipe(Effect.flip))._tag,
          "RouteNotFound"
        )
      })
    )
  )

  it.effect("a retry runs with the profile its version was given inline", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const versions = yield* Versions
        const profile: StyleProfile = {
          id: "terse",
          name: "Terse",
          description: "Short sentences.",
          rules: ["Be brief."],
          avoid: [],
          samples: ["Short. Sharp."]
        }
        const { id } = yield* documents.create({ text: DOCUMENT })
        yield* versions.save(id, { styleProfileId: "terse", styleProfile: profile, original: DOCUMENT, result: FIRST })
        assert.deepStrictEqual(yield* versions.source(id, 1, 4), {
          original: ORIGINALS[4],
          revision: 0,
          styleProfileId: "terse",
          styleProfile: profile
        })
      })
    )
  )
})

describe("deleting a document", () => {
  it.effect("removes its versions and paragraphs, and leaves another document's alone", () =>
    inStore(
      Effect.gen(function* () {
        const documents = yield* Documents
        const gone = yield* documentWithVersions([FIRST, SECOND])
        const stays = yield* documentWithVersions([FIRST])
        assert.deepStrictEqual([yield* rowCount("versions", gone), yield* rowCount("paragraphs", gone)], [2, 6])
        yield* documents.remove(gone)
        assert.deepStrictEqual([yield* rowCount("versions", gone), yield* rowCount("paragraphs", gone)], [0, 0])
        assert.deepStrictEqual([yield* rowCount("versions", stays), yield* rowCount("paragraphs", stays)], [1, 3])
        assert.strictEqual((yield* documents.get(gone).pipe(Effect.flip))._tag, "DocumentNotFound")
        assert.strictEqual((yield* documents.remove(gone).pipe(Effect.flip))._tag, "DocumentNotFound")
        assert.strictEqual((yield* (yield* Versions).get(gone, 1).pipe(Effect.flip))._tag, "RouteNotFound")
      })
    )
  )
})
