/**
 * The writer's own voices over HTTP: made from samples, measured, changed, exported and taken back, scored against,
 * used for a rewrite with a free-text instruction, kept in the backup; fixtures stay read-only.
 */
import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { FakeProvider } from "../support/FakeProvider.ts"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

const CASUAL = [
  "I'll be honest: I didn't expect the new bike to change much. It did. I ride to work most days now, and I'm home before the kids are. The first week was rough, I won't pretend otherwise. My legs ached, the hill by the school nearly beat me, and I got lost twice on the back roads. But by the second week I'd found a route along the canal. It's flat, it's quiet, and there's a man who sells coffee from a van by the lock. I stop there most mornings now, and I'm never late. Well, hardly ever. Don't tell my boss.",
  "So what's the catch? There isn't one, really. You'll get wet now and then. I've learned to keep a spare shirt at the office, and that's it. Oh, and lights. Get good lights, not the cheap ones I started with, because in November it's dark by five and the canal path has no lamps at all. I nearly rode into a swan. True story. Anyway, if you're thinking about it, just try it for a week. Borrow a bike if you have to. You'll know by Friday whether it's for you, and I bet it will be."
]

const FORMAL = [
  "The committee has reviewed the proposal submitted in March and has determined that further consultation with the affected departments is required before any allocation of funds can be approved. In particular, the committee considers that the projected costs of maintenance have not been adequately substantiated, and that the assumptions underlying the estimate of future demand require independent verification. The secretariat is therefore requested to obtain written submissions from each department concerned, to consolidate those submissions into a single document, and to circulate that document to the members of the committee no later than four weeks prior to its next scheduled meeting.",
  "It should be noted that the evaluation was conducted in accordance with the procedures established by the governing board, and that all findings have been documented in the appendix to this report. The evaluation panel comprised representatives of the finance, operations and legal departments, together with an external adviser appointed for the purpose. Its deliberations were recorded in minutes, which have been approved by the chair and are available to members upon request. Any observations concerning the conduct of the evaluation should be addressed to the secretariat in writing, and will be considered by the committee at the earliest available opportunity."
]

interface Detail {
  readonly id: string
  readonly name: string
  readonly source: string
  readonly rules: ReadonlyArray<string>
  readonly avoid: ReadonlyArray<string>
  readonly samples: ReadonlyArray<string>
  readonly traits: {
    readonly sentenceLength: { readonly mean: number }
    readonly contractionsPer100Words: number | null
    readonly person: { readonly first: number } | null
  }
}

const send = (method: "put" | "del", path: string, body?: unknown) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const request = method === "put" ? HttpClientRequest.put(path) : HttpClientRequest.delete(path)
    return yield* client.execute(body === undefined ? request : request.pipe(HttpClientRequest.bodyJsonUnsafe(body)))
  })

layer(TestApp(), { excludeTestServices: true })("the writer's own voices", (it) => {
  it.effect("a voice from two samples is listed beside the fixtures, with its measured traits", () =>
    Effect.gen(function* () {
      const created = yield* postJson("/api/profiles", { name: "Weekend notes", samples: CASUAL })
      assert.strictEqual(created.status, 201)
      const voice = yield* jsonOf<Detail>(created)
      assert.match(voice.id, /^weekend-notes(-[0-9a-f]{6})?$/)
      assert.strictEqual(voice.source, "user")
      assert.deepStrictEqual(voice.samples, CASUAL)
      // The casual samples: short sentences, contractions, the first person.
      assert.isBelow(voice.traits.sentenceLength.mean, 15)
      assert.isAbove(voice.traits.contractionsPer100Words ?? 0, 5)
      assert.isAbove(voice.traits.person?.first ?? 0, 3)

      const list = yield* jsonOf<{ profiles: ReadonlyArray<{ id: string; source: string; samples: number }> }>(
        yield* getPath("/api/profiles")
      )
      assert.deepStrictEqual(
        list.profiles.find((p) => p.id === voice.id),
        { id: voice.id, name: "Weekend notes", description: "", source: "user", samples: 2 } as never
      )
      assert.strictEqual(list.profiles.find((p) => p.id === "plain-english")?.source, "fixture")
      const again = yield* jsonOf<Detail>(yield* getPath(`/api/profiles/${voice.id}`))
      assert.deepStrictEqual(again.traits, voice.traits)
    })
  )

  it.effect("refuses a voice without two samples or a name, naming the field", () =>
    Effect.gen(function* () {
      for (const body of [
        { name: "One", samples: [CASUAL[0]] },
        { name: "None", samples: [] },
        { name: "Missing" },
        { name: "  ", samples: CASUAL },
        { name: "Blank sample", samples: [CASUAL[0], "   "] }
      ]) {
        const res = yield* postJson("/api/profiles", body)
        assert.strictEqual(res.status, 400, JSON.stringify(body))
        const error = yield* jsonOf<ErrorJson>(res)
        assert.strictEqual(error.error.code, "invalid_request")
        assert.match(error.error.message, /samples|name/)
      }
    })
  )

  it.effect("proposes changes from the writer's edits in the voice; accepted ones change it, dismissed ones go", () =>
    Effect.gen(function* () {
      const voice = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Learner", samples: CASUAL }))
      const text = ["We utilize 3 keys.", "We utilize 2 doors.", "It is really cold.", "That was really kind."]
      const doc = yield* jsonOf<{ id: string }>(yield* postJson("/api/documents", { text: text.join("\n\n") }))
      const run = yield* postJson(`/api/documents/${doc.id}/rewrite`, {
        styleProfileId: voice.id,
        options: { styleThreshold: 0 }
      })
      assert.strictEqual(run.status, 200)
      const path = `/api/documents/${doc.id}/versions/1`
      const version = yield* jsonOf<{ paragraphs: ReadonlyArray<{ index: number; rewrite: string }> }>(
        yield* getPath(path)
      )
      assert.deepStrictEqual(
        version.paragraphs.map((p) => p.rewrite),
        ["We use 3 keys.", "We use 2 doors.", "It is really cold.", "That was really kind."]
      )
      // The writer swaps "use" for "need" twice and cuts "really" twice.
      const edits = ["We need 3 keys.", "We need 2 doors.", "It is cold.", "That was kind."]
      const client = yield* HttpClient.HttpClient
      for (const [i, p] of version.paragraphs.entries()) {
        const patched = yield* client.execute(
          HttpClientRequest.patch(`${path}/paragraphs/${p.index}`).pipe(
            HttpClientRequest.bodyJsonUnsafe({ decision: "edited", text: edits[i] })
          )
        )
        assert.strictEqual(patched.status, 200)
      }
      const suggestionsPath = `/api/profiles/${voice.id}/suggestions`
      type List = { suggestions: ReadonlyArray<{ id: string; change: string; value: string; message: string }> }
      const listed = yield* jsonOf<List & { decisions: number }>(yield* getPath(suggestionsPath))
      assert.strictEqual(listed.decisions, 4)
      assert.deepStrictEqual(
        listed.suggestions.map((s) => [s.id, s.change, s.value, s.message]),
        [
          ["avoid:use", "avoid", "use", 'You replaced "use" with "need" twice: avoid "use"?'],
          ["avoid:really", "avoid", "really", 'You cut "really" twice: avoid "really"?']
        ]
      )

      // Dismissed: not proposed again, and the voice is as it was.
      const dismissed = yield* postJson(`${suggestionsPath}/avoid:really/dismiss`, {})
      assert.strictEqual(dismissed.status, 200)
      assert.deepStrictEqual((yield* jsonOf<Detail>(dismissed)).avoid, [])
      // Accepted: the phrase joins the voice's phrases to avoid.
      const accepted = yield* postJson(`${suggestionsPath}/avoid:use/accept`, {})
      assert.strictEqual(accepted.status, 200)
      assert.deepStrictEqual((yield* jsonOf<Detail>(accepted)).avoid, ["use"])
      assert.deepStrictEqual((yield* jsonOf<Detail>(yield* getPath(`/api/profiles/${voice.id}`))).avoid, ["use"])
      assert.deepStrictEqual((yield* jsonOf<List>(yield* getPath(suggestionsPath))).suggestions, [])

      // Answered once is answered: a second answer finds nothing open.
      const again = yield* postJson(`${suggestionsPath}/avoid:use/accept`, {})
      assert.strictEqual(again.status, 404)
      assert.strictEqual((yield* jsonOf<ErrorJson>(again)).error.code, "suggestion_not_found")
      // A house style cannot learn; a voice that is not there has nothing to propose.
      assert.strictEqual((yield* getPath("/api/profiles/plain-english/suggestions")).status, 409)
      assert.strictEqual((yield* getPath("/api/profiles/no-such-voice/suggestions")).status, 404)
    })
  )

  it.effect("refuses a voice of fewer than 200 words, saying how many it has and how many it needs", () =>
    Effect.gen(function* () {
      const short = ["I fixed the bike at last. It took three evenings.", "We baked bread on Sunday. It rose."]
      const res = yield* postJson("/api/profiles", { name: "Short", samples: short })
      assert.strictEqual(res.status, 400)
      const error = yield* jsonOf<ErrorJson>(res)
      assert.strictEqual(error.error.code, "invalid_request")
      assert.include(
        error.error.message,
        "the samples hold 17 words; a voice needs at least 200 (about 1,000 make it reliable): add more of your writing"
      )
      // A change to a voice is held to the same rule; the voice keeps its samples.
      const voice = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Long", samples: CASUAL }))
      const changed = yield* send("put", `/api/profiles/${voice.id}`, { samples: short })
      assert.strictEqual(changed.status, 400)
      const kept = yield* jsonOf<Detail>(yield* getPath(`/api/profiles/${voice.id}`))
      assert.deepStrictEqual(kept.samples, CASUAL)
    })
  )

  it.effect("a voice can be changed and deleted; a fixture cannot (409)", () =>
    Effect.gen(function* () {
      const voice = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Board", samples: FORMAL }))
      const changed = yield* send("put", `/api/profiles/${voice.id}`, {
        name: "Board minutes",
        rules: ["Write in the third person."],
        samples: CASUAL
      })
      assert.strictEqual(changed.status, 200)
      const detail = yield* jsonOf<Detail>(changed)
      assert.strictEqual(detail.name, "Board minutes")
      assert.deepStrictEqual(detail.rules, ["Write in the third person."])
      // New samples, new traits: measured again, not kept from before.
      assert.isBelow(detail.traits.sentenceLength.mean, voice.traits.sentenceLength.mean)

      for (const res of [
        yield* send("put", "/api/profiles/plain-english", { name: "Mine now" }),
        yield* send("del", "/api/profiles/plain-english")
      ]) {
        assert.strictEqual(res.status, 409)
        assert.strictEqual((yield* jsonOf<ErrorJson>(res)).error.code, "profile_read_only")
      }
      assert.strictEqual((yield* send("del", `/api/profiles/${voice.id}`)).status, 204)
      assert.strictEqual((yield* getPath(`/api/profiles/${voice.id}`)).status, 404)
      assert.strictEqual((yield* send("del", `/api/profiles/${voice.id}`)).status, 404)
      assert.strictEqual((yield* send("put", "/api/profiles/no-such-voice", { name: "x" })).status, 404)
    })
  )

  it.effect("an export is a .voice.json that POST /api/profiles takes back", () =>
    Effect.gen(function* () {
      const voice = yield* jsonOf<Detail>(
        yield* postJson("/api/profiles", { name: "Exported", samples: FORMAL, avoid: ["leverage"] })
      )
      const res = yield* getPath(`/api/profiles/${voice.id}/export`)
      assert.strictEqual(res.status, 200)
      assert.include(res.headers["content-disposition"] ?? "", 'filename="exported.voice.json"')
      const file = yield* jsonOf<Record<string, unknown>>(res)
      assert.strictEqual(file["format"], "redraft-voice")
      assert.deepStrictEqual(file["samples"], FORMAL)
      assert.deepStrictEqual(file["avoid"], ["leverage"])
      const back = yield* postJson("/api/profiles", file)
      assert.strictEqual(back.status, 201)
      const imported = yield* jsonOf<Detail>(back)
      // The same name is taken, so the copy gets an id of its own.
      assert.notStrictEqual(imported.id, voice.id)
      assert.deepStrictEqual(imported.samples, FORMAL)
      assert.deepStrictEqual(imported.traits, voice.traits)
    })
  )

  it.effect("scores a text against a voice by measurement: like the samples scores higher than unlike", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const casual = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Casual", samples: CASUAL }))
      const formal = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Formal", samples: FORMAL }))
      const likeCasual =
        "I didn't think I'd like the new train. I do. It's quick, and I'm never late now. What's not to like?"
      const likeFormal =
        "The department has concluded that the revised schedule should be adopted, and it is recommended that all units be informed of the change before the end of the quarter."
      const score = (id: string, text: string) =>
        Effect.gen(function* () {
          const res = yield* postJson(`/api/profiles/${id}/score`, { text })
          assert.strictEqual(res.status, 200)
          return yield* jsonOf<{
            score: number
            feedback: ReadonlyArray<string>
            traits: Detail["traits"]
            profileTraits: Detail["traits"]
          }>(res)
        })
      const casualOnCasual = yield* score(casual.id, likeCasual)
      const formalOnCasual = yield* score(casual.id, likeFormal)
      const formalOnFormal = yield* score(formal.id, likeFormal)
      const casualOnFormal = yield* score(formal.id, likeCasual)
      assert.isAbove(casualOnCasual.score, formalOnCasual.score)
      assert.isAbove(formalOnFormal.score, casualOnFormal.score)
      // The feedback names what to change, with the samples' own figures.
      assert.isAbove(formalOnCasual.feedback.length, 0)
      assert.match(formalOnCasual.feedback.join(" "), /\d/)
      assert.deepStrictEqual(formalOnCasual.profileTraits, casual.traits)
      assert.isAbove(formalOnCasual.traits.sentenceLength.mean, casual.traits.sentenceLength.mean)
      // Measured only: the provider was never called.
      assert.strictEqual((yield* fake.calls).length, 0)
      assert.strictEqual((yield* postJson("/api/profiles/nobody/score", { text: likeCasual })).status, 404)
      assert.strictEqual((yield* postJson(`/api/profiles/${casual.id}/score`, { text: " " })).status, 400)
    })
  )

  it.effect("a rewrite takes a voice's id, and the run's instruction comes after the meaning rules", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      const voice = yield* jsonOf<Detail>(
        yield* postJson("/api/profiles", { name: "Rules voice", samples: CASUAL, rules: ["Talk to the reader."] })
      )
      const res = yield* postJson("/api/rewrite", {
        document: "We utilize 2 keys.",
        styleProfileId: voice.id,
        options: { instruction: "shorter,\nfor a ten-year-old" }
      })
      assert.strictEqual(res.status, 200)
      const rewrite = (yield* fake.calls).find((c) => c.task === "rewrite")
      const messages = rewrite?.body?.["messages"] as ReadonlyArray<{ role: string; content: string }>
      const system = messages.find((m) => m.role === "system")?.content ?? ""
      assert.include(system, "Target style: Rules voice.")
      assert.include(system, "- Talk to the reader.")
      const asked = system.indexOf("The writer asks, for this text: shorter, for a ten-year-old.")
      assert.isAbove(asked, system.indexOf("Never change the meaning"))
      assert.isAbove(asked, system.indexOf("- Talk to the reader."))
      // A deleted voice is a 404 for a rewrite, naming the profiles there are.
      yield* send("del", `/api/profiles/${voice.id}`)
      const gone = yield* postJson("/api/rewrite", { document: "We utilize 2 keys.", styleProfileId: voice.id })
      assert.strictEqual(gone.status, 404)
      assert.include((yield* jsonOf<ErrorJson>(gone)).error.message, "plain-english")
      // An instruction is a short thing.
      const long = yield* postJson("/api/rewrite", { document: "x", options: { instruction: "a".repeat(501) } })
      assert.strictEqual(long.status, 400)
    })
  )

  it.effect("the backup holds the voices, and a restore brings back one that was deleted", () =>
    Effect.gen(function* () {
      const voice = yield* jsonOf<Detail>(yield* postJson("/api/profiles", { name: "Kept safe", samples: CASUAL }))
      const backup = yield* jsonOf<{ profiles: ReadonlyArray<{ id: string }> }>(yield* getPath("/api/backup"))
      assert.include(
        backup.profiles.map((p) => p.id),
        voice.id
      )
      yield* send("del", `/api/profiles/${voice.id}`)
      const restored = yield* jsonOf<{ profiles: { added: ReadonlyArray<string>; skipped: ReadonlyArray<string> } }>(
        yield* postJson("/api/backup", backup)
      )
      assert.deepStrictEqual(restored.profiles.added, [voice.id])
      // The voices made by the tests before are there already, the same: skipped, not copied.
      assert.isAbove(restored.profiles.skipped.length, 0)
      const back = yield* jsonOf<Detail>(yield* getPath(`/api/profiles/${voice.id}`))
      assert.deepStrictEqual(back.samples, CASUAL)
    })
  )
})
