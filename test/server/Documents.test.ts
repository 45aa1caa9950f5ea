/**
 * The writing workspace's store, for real: SQLite files in temporary folders, a restart in the middle, concurrent
 * writes, file modes; then the documents routes over HTTP. Storage faults are in Storage.test.ts.
 */
import { NodeServices } from "@effect/platform-node"
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Fiber, FileSystem, Layer } from "effect"
import { statSync } from "node:fs"
import { join } from "node:path"
import { platformDataDir } from "../../src/AppConfig.ts"
import { Database } from "../../src/store/Database.ts"
import { Documents, titleFor } from "../../src/store/Documents.ts"
import { HttpClient, HttpClientRequest } from "effect/http"
import { FakeProvider } from "../support/FakeProvider.ts"
import { eventually } from "../support/Eventually.ts"
import { streamRewrite } from "../support/Sse.ts"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const storeAt = (file: string) => Documents.layerNoDeps.pipe(Layer.provideMerge(Database.layerFile(file)))

const tempFile = Effect.gen(function* () {
  const fs = yield* FileSystem.FileSystem
  const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-db-" })
  return `${dir}/redraft.db`
})

describe("the documents database", () => {
  it.effect("keeps what was written across a restart", () =>
    Effect.gen(function* () {
      const file = yield* tempFile
      const id = yield* Effect.gen(function* () {
        const documents = yield* Documents
        const created = yield* documents.create({ text: "# Field notes\n\nThe pump runs at 40 L/min." })
        yield* documents.update(created.id, { text: "# Field notes\n\nThe pump runs at 45 L/min." })
        return created.id
      }).pipe(Effect.provide(storeAt(file)))
      // The first connection is closed with its layer; a new one reads the same file.
      const again = yield* Documents.use((d) => d.get(id)).pipe(Effect.provide(storeAt(file)))
      assert.strictEqual(again.title, "Field notes")
      assert.strictEqual(again.text, "# Field notes\n\nThe pump runs at 45 L/min.")
      assert.deepStrictEqual(again.versions, [])
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("takes 40 writes at once without losing one", () =>
    Effect.gen(function* () {
      const file = yield* tempFile
      const listed = yield* Effect.gen(function* () {
        const documents = yield* Documents
        yield* Effect.forEach(
          Array.from({ length: 40 }, (_, i) => i),
          (i) => documents.create({ title: `Note ${i}`, text: `Text ${i}` }),
          { concurrency: "unbounded" }
        )
        return yield* documents.list(undefined)
      }).pipe(Effect.provide(storeAt(file)))
      assert.strictEqual(listed.length, 40)
      assert.strictEqual(new Set(listed.map((d) => d.title)).size, 40)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it.effect("creates its folder 0700 and its file 0600, and overwrites deleted text (secure_delete)", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const base = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-modes-" })
      const file = `${base}/data/redraft.db`
      const secure = yield* Database.use((db) =>
        db.use((c) => (c.prepare("PRAGMA secure_delete").get() as { secure_delete: number }).secure_delete)
      ).pipe(Effect.provide(Database.layerFile(file)))
      assert.strictEqual(secure, 1)
      assert.strictEqual(statSync(`${base}/data`).mode & 0o777, 0o700)
      assert.strictEqual(statSync(file).mode & 0o777, 0o600)
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )

  it("lives in the platform's user data folder unless REDRAFT_DATA_DIR says otherwise", () => {
    assert.strictEqual(
      platformDataDir("darwin", "/Users/ada", undefined, undefined),
      "/Users/ada/Library/Application Support/Redraft"
    )
    assert.strictEqual(platformDataDir("linux", "/home/ada", undefined, undefined), "/home/ada/.local/share/redraft")
    assert.strictEqual(platformDataDir("linux", "/home/ada", "/data/xdg", undefined), "/data/xdg/redraft")
    assert.strictEqual(
      platformDataDir("win32", "C:/Users/ada", undefined, "C:/Users/ada/AppData/Roaming"),
      join("C:/Users/ada/AppData/Roaming", "Redraft")
    )
  })

  it("names a document after its first heading or line when it has no title", () => {
    assert.strictEqual(titleFor(undefined, "# Pump log\n\nText"), "Pump log")
    assert.strictEqual(titleFor(" ", "\n\nFirst line here\nsecond"), "First line here")
    assert.strictEqual(titleFor("Given", "# Heading"), "Given")
    assert.strictEqual(titleFor(undefined, "  \n"), "Untitled")
    assert.strictEqual(titleFor(undefined, "x".repeat(100)), `${"x".repeat(79)}…`)
  })
})

const send = (method: "PUT" | "DELETE" | "PATCH", path: string, body?: unknown, headers: Record<string, string> = {}) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const request = (
      method === "PUT"
        ? HttpClientRequest.put(path)
        : method === "PATCH"
          ? HttpClientRequest.patch(path)
          : HttpClientRequest.delete(path)
    ).pipe(HttpClientRequest.setHeaders(headers))
    return yield* client.execute(body === undefined ? request : request.pipe(HttpClientRequest.bodyJsonUnsafe(body)))
  })

interface Reviewed {
  readonly decision: string
  readonly text: string
  readonly rewrite: string
  readonly revision: number
  readonly alternative: string | null
}

interface Detail {
  readonly id: string
  readonly title: string
  readonly text: string
  readonly versions: ReadonlyArray<unknown>
}

layer(TestApp(), { excludeTestServices: true })("the documents routes", (routes) => {
  routes.effect("create, list newest first, search, read, update, delete", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const first = yield* postJson("/api/documents", { text: "# Pump log\n\nThe pump runs at 40 L/min." })
      assert.strictEqual(first.status, 201)
      const pump = yield* jsonOf<Detail>(first)
      assert.strictEqual(pump.title, "Pump log")
      const valve = yield* jsonOf<Detail>(
        yield* postJson("/api/documents", { title: "Valve", text: "Close it slowly." })
      )

      const all = yield* jsonOf<{ documents: ReadonlyArray<{ id: string }> }>(yield* getPath("/api/documents"))
      assert.deepStrictEqual(
        all.documents.map((d) => d.id).filter((id) => id === pump.id || id === valve.id),
        [valve.id, pump.id]
      )
      const found = yield* jsonOf<{ documents: ReadonlyArray<{ id: string }> }>(
        yield* getPath("/api/documents?q=L%2Fmin")
      )
      assert.deepStrictEqual(
        found.documents.map((d) => d.id),
        [pump.id]
      )

      const updated = yield* send("PUT", `/api/documents/${pump.id}`, { title: "Pump" })
      assert.strictEqual(updated.status, 200)
      assert.strictEqual((yield* jsonOf<Detail>(updated)).title, "Pump")
      const read = yield* jsonOf<Detail>(yield* getPath(`/api/documents/${pump.id}`))
      assert.deepStrictEqual([read.title, read.text, read.versions], ["Pump", pump.text, []])

      assert.strictEqual((yield* send("DELETE", `/api/documents/${pump.id}`)).status, 204)
      const gone = yield* getPath(`/api/documents/${pump.id}`)
      assert.strictEqual(gone.status, 404)
      assert.strictEqual((yield* jsonOf<ErrorJson>(gone)).error.code, "document_not_found")
      assert.strictEqual((yield* send("DELETE", `/api/documents/${pump.id}`)).status, 404)
    })
  )

  routes.effect("a body without text is a 400 naming the field", () =>
    Effect.gen(function* () {
      const res = yield* postJson("/api/documents", { title: "No text" })
      assert.strictEqual(res.status, 400)
      const body = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(body.error.code, "invalid_request")
      assert.include(body.error.message, "text: is required")
      const wrong = yield* send("PUT", "/api/documents/nope", { text: "x" })
      assert.strictEqual(wrong.status, 404)
    })
  )

  routes.effect(
    "a rewrite run becomes a version; each paragraph is accepted, rejected or edited, and the text follows",
    () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const text =
          "# Notes\n\nWe utilize 3 keys in order to open the 2 doors.\n\n```sh\nnpm start\n```\n\nIn order to lock up, turn the key twice.\n"
        const doc = yield* jsonOf<Detail>(yield* postJson("/api/documents", { text }))
        const run = yield* postJson(`/api/documents/${doc.id}/rewrite`, {
          styleProfileId: "plain-english",
          options: { styleThreshold: 0, instruction: "  keep it short " }
        })
        assert.strictEqual(run.status, 200)
        const result = yield* jsonOf<{ finalText: string; version: number; debug?: unknown }>(run)
        assert.strictEqual(result.version, 1)
        assert.isUndefined(result.debug)
        const rewritten =
          "# Notes\n\nWe use 3 keys to open the 2 doors.\n\n```sh\nnpm start\n```\n\nTo lock up, turn the key twice.\n"
        assert.strictEqual(result.finalText, rewritten)

        const path = `/api/documents/${doc.id}/versions/1`
        interface Version {
          readonly n: number
          readonly styleProfileId: string
          readonly text: string
          readonly paragraphs: ReadonlyArray<{
            index: number
            original: string
            rewrite: string
            decision: string
            styleScore: number | null
            styleFeedback: ReadonlyArray<string>
          }>
          readonly blocks: ReadonlyArray<{ index: number; kept: boolean; text: string }>
        }
        const version = yield* jsonOf<Version & { settings: unknown; outcome: unknown }>(yield* getPath(path))
        assert.strictEqual(version.styleProfileId, "plain-english")
        // What made the version, and how its run ended.
        const settings = {
          styleProfileId: "plain-english",
          styleProfileName: "Plain English",
          instruction: "keep it short",
          model: "google/gemma-4-12b-it-qat",
          provider: (yield* FakeProvider).baseUrl,
          styleThreshold: 0,
          maxRewriteIterations: 2,
          runMeaningCheck: true
        }
        assert.deepStrictEqual(version.settings, settings)
        const outcome = { state: "finished", paragraphs: 2, done: 2, rewritten: 2, failed: 0, reason: null }
        assert.deepStrictEqual(version.outcome, outcome)
        const withVersions = yield* jsonOf<{ versions: ReadonlyArray<{ settings: unknown; outcome: unknown }> }>(
          yield* getPath(`/api/documents/${doc.id}`)
        )
        assert.deepStrictEqual(
          [withVersions.versions[0]?.settings, withVersions.versions[0]?.outcome],
          [settings, outcome]
        )
        // The document in order, for the review: the heading and the code block in place between the paragraphs.
        assert.deepStrictEqual(
          version.blocks.map((b) => [b.kept, b.text.trimEnd()]),
          [
            [true, "# Notes"],
            [false, "We utilize 3 keys in order to open the 2 doors."],
            [true, "```sh\nnpm start\n```"],
            [false, "In order to lock up, turn the key twice."]
          ]
        )
        assert.strictEqual(version.text, rewritten)
        assert.deepStrictEqual(
          version.paragraphs.map((p) => [p.original, p.rewrite, p.decision]),
          [
            ["We utilize 3 keys in order to open the 2 doors.", "We use 3 keys to open the 2 doors.", "pending"],
            ["In order to lock up, turn the key twice.", "To lock up, turn the key twice.", "pending"]
          ]
        )
        // Each paragraph keeps its measured style score and what the measures would still change.
        for (const p of version.paragraphs) {
          assert.isNumber(p.styleScore)
          assert.isArray(p.styleFeedback)
          if (p.styleScore! < 70) assert.isAbove(p.styleFeedback.length, 0)
        }
        const [first, second] = version.paragraphs
        const patch = (index: number, body: unknown) =>
          Effect.gen(function* () {
            const client = yield* HttpClient.HttpClient
            return yield* client.execute(
              HttpClientRequest.patch(`${path}/paragraphs/${index}`).pipe(HttpClientRequest.bodyJsonUnsafe(body))
            )
          })
        assert.strictEqual((yield* patch(first!.index, { decision: "rejected" })).status, 200)
        const edited = yield* patch(second!.index, { decision: "edited", text: "Turn the key twice to lock up." })
        assert.strictEqual((yield* jsonOf<{ text: string }>(edited)).text, "Turn the key twice to lock up.")
        const reviewed = yield* jsonOf<Version>(yield* getPath(path))
        assert.strictEqual(
          reviewed.text,
          "# Notes\n\nWe utilize 3 keys in order to open the 2 doors.\n\n```sh\nnpm start\n```\n\nTurn the key twice to lock up.\n"
        )

        // Retry the rejected paragraph: one more rewrite of its original, back to pending review.
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const retried = yield* postJson(`${path}/paragraphs/${first!.index}/retry`, { options: { styleThreshold: 0 } })
        assert.strictEqual(retried.status, 200)
        const again = yield* jsonOf<{ rewrite: string; decision: string; text: string }>(retried)
        assert.deepStrictEqual(
          [again.rewrite, again.decision, again.text],
          ["We use 3 keys to open the 2 doors.", "pending", "We use 3 keys to open the 2 doors."]
        )
        const asked = (yield* fake.calls).filter((c) => c.task === "rewrite")
        assert.strictEqual(asked.length, 1)
        assert.include(JSON.stringify(asked[0]?.body), "We utilize 3 keys in order to open the 2 doors.")
        assert.strictEqual((yield* postJson(`${path}/paragraphs/999/retry`, {})).status, 404)
        yield* patch(first!.index, { decision: "rejected" })

        // Bad decisions: an edit without its text, an unknown decision, a paragraph that is not there.
        assert.strictEqual((yield* patch(first!.index, { decision: "edited" })).status, 400)
        assert.strictEqual((yield* patch(first!.index, { decision: "maybe" })).status, 400)
        assert.strictEqual((yield* patch(999, { decision: "accepted" })).status, 404)
        assert.strictEqual((yield* getPath(`/api/documents/${doc.id}/versions/7`)).status, 404)

        // The document lists its versions, newest first; a streamed run is saved as the next one.
        const stream = yield* postJson(
          `/api/documents/${doc.id}/rewrite`,
          { styleProfileId: "plain-english", options: { styleThreshold: 0 } },
          { accept: "text/event-stream" }
        )
        const events = yield* stream.text
        assert.include(events, '"version":2')
        const listed = yield* jsonOf<{ versions: ReadonlyArray<{ n: number }> }>(
          yield* getPath(`/api/documents/${doc.id}`)
        )
        assert.deepStrictEqual(
          listed.versions.map((v) => v.n),
          [2, 1]
        )
      })
  )

  routes.effect(
    "a backup restores what is missing, skips what is there, and copies what differs: nothing is overwritten",
    () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const keep = yield* jsonOf<Detail>(
          yield* postJson("/api/documents", { title: "Keep", text: "Utilize 2 keys." })
        )
        yield* postJson(`/api/documents/${keep.id}/rewrite`, { options: { styleThreshold: 0 } })
        const change = yield* jsonOf<Detail>(yield* postJson("/api/documents", { title: "Change", text: "Old text." }))
        const res = yield* getPath("/api/backup")
        assert.strictEqual(res.status, 200)
        const backup = yield* jsonOf<{ documents: ReadonlyArray<{ id: string; versions: ReadonlyArray<unknown> }> }>(
          res
        )
        assert.strictEqual(backup.documents.find((d) => d.id === keep.id)?.versions.length, 1)

        // After the backup: one document deleted, another changed.
        yield* send("DELETE", `/api/documents/${keep.id}`)
        yield* send("PUT", `/api/documents/${change.id}`, { text: "New text." })
        const restored = yield* postJson("/api/backup", backup)
        assert.strictEqual(restored.status, 200)
        const outcome = yield* jsonOf<{
          added: ReadonlyArray<string>
          skipped: ReadonlyArray<string>
          copied: ReadonlyArray<{ from: string; to: string }>
        }>(restored)
        assert.include(outcome.added, keep.id)
        assert.deepStrictEqual(
          outcome.copied.map((c) => c.from),
          [change.id]
        )
        // The changed document keeps its new text; the backup's older one is a copy beside it.
        assert.strictEqual((yield* jsonOf<Detail>(yield* getPath(`/api/documents/${change.id}`))).text, "New text.")
        const copy = yield* jsonOf<Detail>(yield* getPath(`/api/documents/${outcome.copied[0]!.to}`))
        assert.strictEqual(copy.text, "Old text.")
        // The deleted one is back with its version.
        assert.strictEqual((yield* jsonOf<Detail>(yield* getPath(`/api/documents/${keep.id}`))).versions.length, 1)
        // Restoring the same backup again adds nothing.
        const again = yield* jsonOf<{ added: ReadonlyArray<string> }>(yield* postJson("/api/backup", backup))
        assert.deepStrictEqual(again.added, [])
        // A body that is not a backup is a 400.
        assert.strictEqual((yield* postJson("/api/backup", { documents: [] })).status, 400)
      })
  )

  routes.effect("a backup that would break the workspace is a 400 naming its path, and nothing is written", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const doc = yield* jsonOf<Detail>(yield* postJson("/api/documents", { text: "Utilize 2 keys." }))
      assert.strictEqual(
        (yield* postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })).status,
        200
      )
      interface File {
        documents: Array<Record<string, unknown> & { versions: Array<Record<string, unknown>> }>
        profiles?: Array<Record<string, unknown>>
      }
      const good = yield* jsonOf<File>(yield* getPath("/api/backup"))
      const before = (yield* jsonOf<{ documents: ReadonlyArray<unknown> }>(yield* getPath("/api/documents"))).documents
        .length
      const mine = good.documents.find((d) => d.id === doc.id)!
      const other = (changes: Record<string, unknown>) => ({ ...mine, id: "restored-one", ...changes })
      const version = mine.versions[0]!
      const voice = {
        id: "my-voice",
        name: "Mine",
        description: "",
        rules: [],
        avoid: [],
        samples: ["One sample.", "Two samples."],
        createdAt: 1,
        updatedAt: 1
      }
      const hostile: ReadonlyArray<readonly [string, unknown, string]> = [
        ["createdAt 1e308", { ...good, documents: [other({ createdAt: 1e308 })] }, "createdAt"],
        ["an empty id", { ...good, documents: [other({ id: "" })] }, "id"],
        ["an id of 300 characters", { ...good, documents: [other({ id: "x".repeat(300) })] }, "id"],
        [
          "a stored field that is not JSON",
          { ...good, documents: [other({ versions: [{ ...version, summary: "not json" }] })] },
          "summary"
        ],
        [
          "two versions numbered 1",
          { ...good, documents: [other({ versions: [version, version] })] },
          "version numbers"
        ],
        ["a voice with one sample", { ...good, profiles: [{ ...voice, samples: ["Only one."] }] }, "samples"],
        ["a voice without a name", { ...good, profiles: [{ ...voice, name: " " }] }, "name"]
      ]
      for (const [what, body, path] of hostile) {
        const res = yield* postJson("/api/backup", body)
        assert.strictEqual(res.status, 400, what)
        const error = yield* jsonOf<ErrorJson>(res)
        assert.include(JSON.stringify(error.error), path, what)
      }
      // Nothing of it was written, and the workspace still lists.
      const after = yield* getPath("/api/documents")
      assert.strictEqual(after.status, 200)
      assert.strictEqual((yield* jsonOf<{ documents: ReadonlyArray<unknown> }>(after)).documents.length, before)
      assert.strictEqual((yield* getPath("/api/documents/restored-one")).status, 404)
    })
  )

  routes.effect(
    "deleting a document during its run stops the run: its provider calls are cancelled, the answer is 404",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const doc = yield* jsonOf<Detail>(
          yield* postJson("/api/documents", { text: "We utilize the first key in order to open the door.\n" })
        )
        yield* fake.configure({ behaviours: ["slow"], delayMs: 5000 })
        const abortedBefore = yield* fake.aborted
        const run = yield* Effect.forkChild(
          postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })
        )
        yield* eventually(
          Effect.map(fake.inFlight, (n) => n > 0),
          "the run's provider call"
        )
        assert.strictEqual((yield* send("DELETE", `/api/documents/${doc.id}`)).status, 204)
        const answer = yield* Fiber.join(run)
        assert.strictEqual(answer.status, 404)
        const error = yield* jsonOf<ErrorJson>(answer)
        assert.strictEqual(error.error.code, "document_not_found")
        assert.include(error.error.message, "deleted while its rewrite ran")
        // The provider saw its call go away instead of answering it 5 s later.
        yield* eventually(
          Effect.map(fake.aborted, (n) => n > abortedBefore),
          "the call to be aborted"
        )
        // A streamed run ends with the same 404 as its error event.
        const second = yield* jsonOf<Detail>(
          yield* postJson("/api/documents", { text: "We utilize the first key in order to open the door.\n" })
        )
        const streamed = yield* Effect.forkChild(
          streamRewrite({ options: { styleThreshold: 0 } }, false, `/api/documents/${second.id}/rewrite`)
        )
        yield* eventually(
          Effect.map(fake.inFlight, (n) => n > 0),
          "the streamed run's provider call"
        )
        assert.strictEqual((yield* send("DELETE", `/api/documents/${second.id}`)).status, 204)
        const events = (yield* Fiber.join(streamed)).text
        assert.include(events, "event: error")
        assert.include(events, "document_not_found")
        yield* fake.configure({})
      })
  )

  routes.effect("a run cancelled part-way leaves the paragraphs that finished as a version", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({ faults: [{ match: "third paragraph", behaviour: "slow" }] })
      const text =
        "We utilize the first paragraph.\n\nWe utilize the second paragraph.\n\nWe utilize the third paragraph.\n"
      const doc = yield* jsonOf<Detail>(yield* postJson("/api/documents", { text }))
      const open = yield* streamRewrite(
        { styleProfileId: "plain-english", options: { styleThreshold: 0, runMeaningCheck: false } },
        true,
        `/api/documents/${doc.id}/rewrite`
      )
      // The first two paragraphs finish at once; the third waits on its slow reply. Then the writer cancels.
      yield* Effect.sleep("600 millis")
      open.hangUp()
      let versions: ReadonlyArray<unknown> = []
      for (let i = 0; i < 40 && versions.length === 0; i++) {
        yield* Effect.sleep("50 millis")
        versions = (yield* jsonOf<Detail>(yield* getPath(`/api/documents/${doc.id}`))).versions
      }
      assert.strictEqual(versions.length, 1)
      const version = yield* jsonOf<{
        paragraphs: ReadonlyArray<{ rewrite: string; status: string; styleScore: number | null }>
        blocks: ReadonlyArray<{ kept: boolean; text: string }>
        summary: { styleScore: number; rewritten: number; warnings: ReadonlyArray<string> }
        outcome: unknown
        settings: { runMeaningCheck: boolean | null }
        text: string
      }>(yield* getPath(`/api/documents/${doc.id}/versions/1`))
      assert.deepStrictEqual(version.outcome, {
        state: "cancelled",
        paragraphs: 3,
        done: 2,
        rewritten: 2,
        failed: 0,
        reason: null
      })
      assert.strictEqual(version.settings.runMeaningCheck, false)
      // The finished paragraphs keep what the run measured of them, and the summary says the run was cancelled.
      assert.deepStrictEqual(
        version.paragraphs.map((p) => p.status),
        ["rewritten", "rewritten"]
      )
      for (const p of version.paragraphs) assert.isAbove(p.styleScore ?? 0, 0)
      assert.isAbove(version.summary.styleScore, 0)
      assert.strictEqual(version.summary.rewritten, 2)
      assert.deepStrictEqual(version.summary.warnings, [
        "The run was cancelled after 2 of 3 paragraphs; the others keep their text."
      ])
      assert.deepStrictEqual(
        version.paragraphs.map((p) => p.rewrite),
        ["We use the first paragraph.", "We use the second paragraph."]
      )
      assert.strictEqual(
        version.text,
        "We use the first paragraph.\n\nWe use the second paragraph.\n\nWe utilize the third paragraph.\n"
      )
      assert.deepStrictEqual(
        version.blocks.map((b) => b.kept),
        [false, false, true]
      )
    })
  )

  routes.effect("an edit is checked against the original: its findings are answered, saved and shown", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const text = "We utilize 3 keys in order to open the 2 doors, but only on Fridays.\n"
      const doc = yield* jsonOf<Detail>(yield* postJson("/api/documents", { text }))
      yield* postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })
      const path = `/api/documents/${doc.id}/versions/1`
      interface Paragraph {
        readonly index: number
        readonly decision: string
        readonly meaning: string
        readonly findings: ReadonlyArray<{ kind: string; certainty: string; original?: string; rewrite?: string }>
      }
      const [paragraph] = (yield* jsonOf<{ paragraphs: ReadonlyArray<Paragraph> }>(yield* getPath(path))).paragraphs
      const patch = (body: unknown) =>
        Effect.gen(function* () {
          const client = yield* HttpClient.HttpClient
          const res = yield* client.execute(
            HttpClientRequest.patch(`${path}/paragraphs/${paragraph!.index}`).pipe(
              HttpClientRequest.bodyJsonUnsafe(body)
            )
          )
          return yield* jsonOf<Paragraph>(res)
        })
      // An edit that changed a number: a certain finding with both sides, and the meaning is not "kept".
      const lost = yield* patch({ decision: "edited", text: "We use 4 keys to open the 2 doors, but only on Fridays." })
      assert.strictEqual(lost.meaning, "failed")
      const number = lost.findings.find((f) => f.kind === "number")
      assert.strictEqual(number?.certainty, "certain")
      assert.strictEqual(number?.original, "3")
      assert.strictEqual(number?.rewrite, "4")
      // Saved with the paragraph: the version shows the edit's findings.
      const saved = (yield* jsonOf<{ paragraphs: ReadonlyArray<Paragraph> }>(yield* getPath(path))).paragraphs[0]
      assert.deepStrictEqual(saved?.findings, lost.findings)
      // An edit that only rewords a claim: a suspect note, and the facts are kept.
      const reworded = yield* patch({ decision: "edited", text: "We use 3 keys to open the 2 doors on Fridays." })
      assert.strictEqual(reworded.meaning, "passed")
      assert.isTrue(reworded.findings.length > 0 && reworded.findings.every((f) => f.certainty === "suspect"))
      // Back to the rewrite: the run's findings again.
      const accepted = yield* patch({ decision: "accepted" })
      assert.deepStrictEqual(accepted.findings, [])
    })
  )

  routes.effect(
    "the paragraphs that failed are retried in one request; one not there refuses it, a bad list is a 400",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({
          faults: [
            { match: "second paragraph", behaviour: "refuse" },
            { match: "third paragraph", behaviour: "refuse" }
          ]
        })
        const text =
          "We utilize the first paragraph.\n\nWe utilize the second paragraph.\n\nWe utilize the third paragraph.\n"
        const doc = yield* jsonOf<Detail>(yield* postJson("/api/documents", { text }))
        const run = yield* postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })
        assert.strictEqual(run.status, 200)
        const path = `/api/documents/${doc.id}/versions/1`
        interface Paragraph {
          readonly index: number
          readonly status: string
          readonly rewrite: string
        }
        const before = yield* jsonOf<{ paragraphs: ReadonlyArray<Paragraph> }>(yield* getPath(path))
        const failed = before.paragraphs.filter((p) => p.status === "failed").map((p) => p.index)
        assert.strictEqual(failed.length, 2)

        // The third still refuses: the second comes back rewritten, the third with why.
        yield* fake.configure({ faults: [{ match: "third paragraph", behaviour: "refuse" }] })
        const mixed = yield* jsonOf<{
          paragraphs: ReadonlyArray<Paragraph>
          failed: ReadonlyArray<{ index: number; error: { code: string; message: string } }>
        }>(yield* postJson(`${path}/retry`, { indexes: failed, options: { styleThreshold: 0 } }))
        assert.deepStrictEqual(
          mixed.paragraphs.map((p) => [p.index, p.status, p.rewrite]),
          [[failed[0], "rewritten", "We use the second paragraph."]]
        )
        assert.deepStrictEqual(
          mixed.failed.map((f) => [f.index, f.error.code]),
          [[failed[1], "provider_error"]]
        )
        assert.include(mixed.failed[0]?.error.message, "context size")

        // Both at once, side by side: one request here, a rewrite call for each there.
        yield* fake.configure({})
        const again = yield* postJson(`${path}/retry`, { indexes: failed, options: { styleThreshold: 0 } })
        assert.strictEqual(again.status, 200)
        const body = yield* jsonOf<{ paragraphs: ReadonlyArray<Paragraph>; failed: ReadonlyArray<unknown> }>(again)
        assert.deepStrictEqual(
          body.paragraphs.map((p) => [p.index, p.rewrite]),
          [
            [failed[0], "We use the second paragraph."],
            [failed[1], "We use the third paragraph."]
          ]
        )
        assert.deepStrictEqual(body.failed, [])
        const rewrites = (yield* fake.calls).filter((c) => c.task === "rewrite")
        assert.strictEqual(rewrites.length, 2)
        const after = yield* jsonOf<{ paragraphs: ReadonlyArray<Paragraph> }>(yield* getPath(path))
        assert.deepStrictEqual(
          after.paragraphs.map((p) => p.status),
          ["rewritten", "rewritten", "rewritten"]
        )

        // A paragraph that is not there refuses the request before any call; so does a list that is not one.
        yield* fake.configure({})
        const missing = yield* postJson(`${path}/retry`, { indexes: [failed[0], 999] })
        assert.strictEqual(missing.status, 404)
        assert.include((yield* jsonOf<ErrorJson>(missing)).error.message, "no rewritten paragraph 999")
        assert.strictEqual((yield* fake.calls).length, 0)
        for (const indexes of [[], ["a"], [1.5], [-1], "0"]) {
          const bad = yield* postJson(`${path}/retry`, { indexes })
          assert.strictEqual(bad.status, 400, JSON.stringify(indexes))
        }
        assert.strictEqual((yield* postJson(`${path}/retry`, {})).status, 400)
      })
  )

  routes.effect("a paragraph of a version run with an inline style profile can be retried with that profile", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const doc = yield* jsonOf<Detail>(
        yield* postJson("/api/documents", { text: "We utilize the first key in order to open the door.\n" })
      )
      const styleProfile = {
        id: "inline-plain",
        name: "Inline plain",
        description: "Short plain sentences.",
        rules: ["Use short words."],
        avoid: [],
        samples: ["Use the key. Open the door. Close it after you."]
      }
      const run = yield* postJson(`/api/documents/${doc.id}/rewrite`, { styleProfile, options: { styleThreshold: 0 } })
      assert.strictEqual(run.status, 200)
      const retried = yield* postJson(`/api/documents/${doc.id}/versions/1/paragraphs/0/retry`, {
        options: { styleThreshold: 0 }
      })
      assert.strictEqual(retried.status, 200, yield* retried.text)
      const rewrites = (yield* fake.calls).filter((c) => c.task === "rewrite")
      assert.include(JSON.stringify(rewrites.at(-1)?.body), "Inline plain")
    })
  )

  routes.effect("a retry that finishes after the writer edited the paragraph keeps the edit and offers its text", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const doc = yield* jsonOf<Detail>(
        yield* postJson("/api/documents", { text: "We utilize the first key in order to open the door.\n" })
      )
      assert.strictEqual(
        (yield* postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })).status,
        200
      )
      const path = `/api/documents/${doc.id}/versions/1/paragraphs/0`
      // The retry waits on a slow provider while the writer saves an edit.
      yield* fake.configure({ behaviours: ["slow"], delayMs: 600 })
      const retry = yield* Effect.forkChild(postJson(`${path}/retry`, { options: { styleThreshold: 0 } }))
      yield* eventually(
        Effect.map(fake.inFlight, (n) => n > 0),
        "the retry's provider call"
      )
      const edit = yield* send("PATCH", path, { decision: "edited", text: "Open the door with the first key." })
      assert.strictEqual(edit.status, 200)
      const edited = yield* jsonOf<Reviewed>(edit)
      const retried = yield* Fiber.join(retry)
      assert.strictEqual(retried.status, 200)
      const after = yield* jsonOf<Reviewed>(retried)
      assert.strictEqual(after.decision, "edited")
      assert.strictEqual(after.text, "Open the door with the first key.")
      assert.isString(after.alternative)
      assert.notStrictEqual(after.alternative, "Open the door with the first key.")
      assert.strictEqual(after.revision, edited.revision)
      // The next decision clears the offer; a retry on an untouched paragraph replaces it as before.
      yield* fake.configure({})
      const kept = yield* jsonOf<Reviewed>(yield* send("PATCH", path, { decision: "edited", text: after.text }))
      assert.isNull(kept.alternative)
      const again = yield* jsonOf<Reviewed>(yield* postJson(`${path}/retry`, { options: { styleThreshold: 0 } }))
      assert.strictEqual(again.decision, "pending")
      assert.isNull(again.alternative)
      assert.strictEqual(again.revision, kept.revision + 1)
    })
  )

  routes.effect("If-Match: a stale decision or document save is 412 and changes nothing; a current one lands", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const doc = yield* jsonOf<Detail>(
        yield* postJson("/api/documents", { text: "We utilize the first key in order to open the door.\n" })
      )
      const got = yield* getPath(`/api/documents/${doc.id}`)
      assert.strictEqual(got.headers["etag"], '"0"')
      // Two tabs loaded revision 0; the first save lands, the second is refused and the first one's text stays.
      const first = yield* send("PUT", `/api/documents/${doc.id}`, { text: "Tab one.\n" }, { "if-match": '"0"' })
      assert.strictEqual(first.status, 200)
      assert.strictEqual(first.headers["etag"], '"1"')
      const second = yield* send("PUT", `/api/documents/${doc.id}`, { text: "Tab two.\n" }, { "if-match": '"0"' })
      assert.strictEqual(second.status, 412)
      const error = yield* jsonOf<ErrorJson>(second)
      assert.strictEqual(error.error.code, "precondition_failed")
      assert.include(error.error.message, "GET it again")
      assert.strictEqual((yield* jsonOf<Detail>(yield* getPath(`/api/documents/${doc.id}`))).text, "Tab one.\n")
      const garbled = yield* send("PUT", `/api/documents/${doc.id}`, { text: "x\n" }, { "if-match": "yesterday" })
      assert.strictEqual(garbled.status, 412)

      assert.strictEqual(
        (yield* postJson(`/api/documents/${doc.id}/rewrite`, { options: { styleThreshold: 0 } })).status,
        200
      )
      const path = `/api/documents/${doc.id}/versions/1/paragraphs/0`
      const accepted = yield* send("PATCH", path, { decision: "accepted" }, { "if-match": '"0"' })
      assert.strictEqual(accepted.status, 200)
      assert.strictEqual((yield* jsonOf<Reviewed>(accepted)).revision, 1)
      const stale = yield* send("PATCH", path, { decision: "rejected" }, { "if-match": '"0"' })
      assert.strictEqual(stale.status, 412)
      assert.strictEqual((yield* jsonOf<ErrorJson>(stale)).error.code, "precondition_failed")
      const version = yield* jsonOf<{ paragraphs: ReadonlyArray<Reviewed> }>(
        yield* getPath(`/api/documents/${doc.id}/versions/1`)
      )
      assert.strictEqual(version.paragraphs[0]?.decision, "accepted")
    })
  )
})
