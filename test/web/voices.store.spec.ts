/**
 * The voices store against the real service (test/web/support/RealService.ts): making, editing, deleting, exporting
 * and importing the writer's voices, and the style and instruction a run and a retry are sent with. The draft and the
 * traits in words are checked on their own first.
 */
import { createPinia, setActivePinia } from "pinia"
import { describe, expect, it } from "vitest"
import { nextTick } from "vue"
import { describeTraits } from "../../web/src/lib/traits.ts"
import { draftProblem, emptyDraft, samplesOf, voiceFileName } from "../../web/src/lib/voiceDraft.ts"
import { useDocumentsStore } from "../../web/src/stores/documents.ts"
import { useReviewStore } from "../../web/src/stores/review.ts"
import { useRunStore } from "../../web/src/stores/run.ts"
import { useVoicesStore } from "../../web/src/stores/voices.ts"
import type { ProfileDetail, ProfileSummary } from "../../web/src/api/redraft.ts"
import { api, serviceForSpec } from "./support/RealService.ts"
import { DEFAULT_STYLE, HOUSE, HOUSE_DETAIL, TRAITS } from "./voiceFixtures.ts"

/** Four paragraphs of a potter's writing, each long enough (over 600 characters) to be a sample of its own. */
const KILN =
  "I fired the kiln at dawn. It took nine hours. The first two were slow on purpose, to drive the last of the water out of the pots, and I sat on an upturned bucket with a flask of tea and listened to the burners. Around noon the colour in the spy hole turned from dull red to orange, then to a yellow I can never quite describe. I checked the cones every half hour. The big jar on the top shelf worried me most, because its foot was thin, but it held. By the time I shut everything down the sun had gone, and my hands smelled of gas and smoke."
const GLAZE =
  "Honestly, the glaze ran. I'd do it again. It pooled at the bottom of three bowls and glued one of them to the shelf, which cost me a chisel and most of an evening. But where it ran thin over the rims it broke to a pale green I have been chasing for two years, and I'm not going to pretend that isn't thrilling. So I'll mix the same batch, thin it a little, and leave a wider margin at the foot. Maybe I'll lose a bowl or two again. That's the deal with this stuff: it never does exactly what you ask, and sometimes it does something better."
const CLAY =
  "More of my writing, then, since people keep asking how the studio runs. I buy clay by the half tonne and store it in the old coal shed, wrapped in plastic, with a wet towel over the top in summer. Reclaim goes in the blue bins by the door. Every Friday I slake down the trimmings, pour the slop onto plaster bats, and wedge it on Monday when it has firmed up. It is dull work and I love it. There is a radio on the windowsill that only gets one station, and the cat sleeps on the warm shelf above the wheel whenever the kiln has been on the day before."
const STUDIO =
  "And more, about the open studio. We open the doors on the first Saturday of every month, from ten until four, and anyone can come in and watch or ask questions. Children are welcome if they don't mind getting a little muddy. I keep a box of seconds by the door at half price: pots with a chip or a glaze fault that still hold water perfectly well. Last month a woman bought six mugs for her allotment shed, and she sent me a photo of them lined up on a plank with a kettle and a jar of honey, which made my week. Do come along if you're passing."
const TWO_PARAGRAPHS = `${KILN}\n\n${GLAZE}`

describe("a voice draft", () => {
  it("splits one pasted text into samples of whole paragraphs, and takes each file whole", () => {
    expect(samplesOf({ ...emptyDraft(), pasted: TWO_PARAGRAPHS })).toEqual([KILN, GLAZE])
    const files = [
      { name: "a.md", text: "One.\n\nTwo." },
      { name: "b.txt", text: "Three." }
    ]
    expect(samplesOf({ ...emptyDraft(), files })).toEqual(["One.\n\nTwo.", "Three."])
  })

  it("says what is missing before anything is sent", () => {
    expect(draftProblem({ ...emptyDraft(), pasted: TWO_PARAGRAPHS })).toBe("Give the voice a name.")
    expect(draftProblem({ ...emptyDraft(), name: "Mine" })).toContain("at least two samples")
    expect(draftProblem({ ...emptyDraft(), name: "Mine", pasted: "Only one paragraph here." })).toContain(
      "only 1 sample"
    )
    expect(draftProblem({ ...emptyDraft(), name: "Mine", pasted: "Two short paragraphs.\n\nOf mine." })).toBe(
      "The samples hold 5 words; a voice needs at least 200 (about 1,000 make it reliable): add more of your writing."
    )
    expect(draftProblem({ ...emptyDraft(), name: "Mine", pasted: TWO_PARAGRAPHS })).toBeNull()
    expect(draftProblem({ ...emptyDraft(), name: "Mine", pasted: TWO_PARAGRAPHS, rules: "x".repeat(501) })).toContain(
      "rules"
    )
  })

  it("names an export after the voice, safe for a file system", () => {
    expect(voiceFileName("Field notes")).toBe("Field notes.voice.json")
    expect(voiceFileName("a/b: c?")).toBe("a-b- c-.voice.json")
    expect(voiceFileName("  ")).toBe("voice.voice.json")
  })
})

describe("traits in words", () => {
  it("tells each measured trait in plain words and leaves out what was not measured", () => {
    const lines = Object.fromEntries(describeTraits(TRAITS).map((l) => [l.key, l.value]))
    expect(lines["language"]).toBe("English")
    expect(lines["measured"]).toBe("1,240 words in 88 sentences and 26 paragraphs")
    expect(lines["sentences"]).toBe("14 words on average (spread 6)")
    expect(lines["contractions"]).toBe("3.1 per 100 words")
    expect(lines["person"]).toBe("I 4.2 · we 0.5 · you 1.8 per 100 words")
    expect(lines["passive"]).toBe("11% of sentences")
    expect(lines["characteristic"]).toBe("kiln, glaze, honestly (together 1.6 per 100 words)")
    const unmeasured = describeTraits(HOUSE_DETAIL.traits).map((l) => l.key)
    expect(unmeasured).not.toContain("contractions")
    expect(unmeasured).not.toContain("person")
    expect(unmeasured).not.toContain("passive")
  })
})

/** The voices as the service lists them now (a second client beside the stores). */
const listed = async () =>
  (await api<{ profiles: ReadonlyArray<ProfileSummary> }>("GET", "/api/profiles")).json.profiles

const onService = async (id: string) => api<ProfileDetail>("GET", `/api/profiles/${id}`)

/** The system messages of the fake model's calls for `task` since it was last configured. */
const prompts = async (task: string) =>
  (await service.providerCalls())
    .filter((c) => c.task === task)
    .map((c) => String((c.body?.["messages"] as ReadonlyArray<{ content: string }> | undefined)?.[0]?.content))

/** A voice of the writer's, made through the store from two pasted paragraphs; the store shows it. */
const madeVoice = async (name = "Field notes") => {
  const voices = useVoicesStore()
  voices.startNew()
  voices.draft.name = name
  voices.draft.pasted = TWO_PARAGRAPHS
  voices.draft.rules = "Start with the point."
  expect(await voices.save()).toBe(true)
  return { voices, id: voices.current!.id }
}

const service = serviceForSpec({ chooseProvider: true })

describe("voices store", () => {
  it("refuses a voice of one sample with an inline message and sends nothing", async () => {
    const before = await listed()
    const voices = useVoicesStore()
    voices.startNew()
    voices.draft.name = "Mine"
    voices.draft.pasted = "Only one paragraph of my writing."
    expect(voices.draftSamples).toHaveLength(1)
    expect(voices.attempted).toBe(false)
    expect(await voices.save()).toBe(false)
    expect(voices.attempted).toBe(true)
    expect(voices.problem).toContain("only 1 sample")
    expect(voices.mode).toBe("new")
    expect(await listed()).toEqual(before)
  })

  it("makes a voice from two pasted paragraphs, opens it, and lists it in the style picker", async () => {
    const voices = useVoicesStore()
    const run = useRunStore()
    await voices.openManager()
    expect(voices.open).toBe(true)
    expect(run.houseStyles.map((p) => p.id)).toContain(DEFAULT_STYLE.id)
    voices.startNew()
    expect(voices.mode).toBe("new")
    voices.draft.name = " Kiln diary "
    voices.draft.pasted = TWO_PARAGRAPHS
    voices.draft.rules = "Start with the point.\n\n"
    expect(await voices.save()).toBe(true)
    const id = voices.current!.id
    expect((await onService(id)).json).toMatchObject({
      name: "Kiln diary",
      samples: [KILN, GLAZE],
      description: "",
      rules: ["Start with the point."],
      avoid: [],
      source: "user"
    })
    expect(voices.current).toEqual((await onService(id)).json)
    expect(voices.mode).toBe("view")
    expect(voices.isUser).toBe(true)
    expect(voices.busy).toBe(false)
    expect(voices.error).toBeNull()
    expect(voices.notice).toBe("Made “Kiln diary” from 2 samples.")
    // The style picker lists it among the writer's voices, apart from the house styles.
    expect(run.userVoices.map((p) => p.id)).toContain(id)
    expect(run.houseStyles.map((p) => p.id)).not.toContain(id)
    expect(run.houseStyles.map((p) => p.id)).toEqual(
      (await listed()).filter((p) => p.source !== "user").map((p) => p.id)
    )
    voices.use()
    expect(run.profileId).toBe(id)
    expect(voices.open).toBe(false)
  })

  it("shows the service's message when it refuses a voice, and stays on the form", async () => {
    const voices = useVoicesStore()
    voices.startNew()
    // The form does not count a name's length; the service does.
    voices.draft.name = "N".repeat(101)
    voices.draft.pasted = TWO_PARAGRAPHS
    const refused = await api<{ error: { message: string } }>("POST", "/api/profiles", {
      name: voices.draft.name,
      samples: voices.draftSamples
    })
    expect(refused.status).toBe(400)
    expect(await voices.save()).toBe(false)
    expect(voices.error).toBe(refused.json.error.message)
    expect(voices.mode).toBe("new")
    expect(voices.current).toBeNull()
    expect(voices.busy).toBe(false)
    // Starting again clears the message.
    voices.startNew()
    expect(voices.error).toBeNull()
  })

  it("shows what the writer's edits in a voice propose; yes changes the voice, no drops the question", async () => {
    const { voices, id } = await madeVoice("Learner")
    expect(voices.suggestions).toEqual([])
    // A document rewritten in the voice ("utilize" comes back as "use"); the writer puts "need" twice and cuts
    // "really" twice.
    const text = ["We utilize 3 keys.", "We utilize 2 doors.", "It is really cold.", "That was really kind."]
    const doc = (await api<{ id: string }>("POST", "/api/documents", { text: text.join("\n\n") })).json
    const provider = { baseUrl: service.providerUrl }
    const run = await api("POST", `/api/documents/${doc.id}/rewrite`, { styleProfileId: id, provider })
    expect(run.status).toBe(200)
    const edits = ["We need 3 keys.", "We need 2 doors.", "It is cold.", "That was kind."]
    for (const [i, edit] of edits.entries())
      expect(
        (
          await api("PATCH", `/api/documents/${doc.id}/versions/1/paragraphs/${2 * i}`, {
            decision: "edited",
            text: edit
          })
        ).status
      ).toBe(200)

    await voices.show(id)
    expect(voices.suggestions.map((s) => s.message)).toEqual([
      'You replaced "use" with "need" twice: avoid "use"?',
      'You cut "really" twice: avoid "really"?'
    ])
    await voices.answer(voices.suggestions[1]!, "dismiss")
    expect(voices.notice).toBe("Dismissed.")
    await voices.answer(voices.suggestions[0]!, "accept")
    expect(voices.notice).toBe("Added “use” to the phrases to avoid.")
    expect(voices.suggestions).toEqual([])
    expect(voices.current?.avoid).toEqual(["use"])
    expect((await onService(id)).json.avoid).toEqual(["use"])
    // Opened again: nothing left to ask.
    await voices.show(id)
    expect(voices.suggestions).toEqual([])
    expect(voices.error).toBeNull()
  })

  it("edits a voice's samples and rules in one save", async () => {
    const { voices, id } = await madeVoice()
    voices.startEdit()
    expect(voices.mode).toBe("edit")
    expect(voices.draft.name).toBe("Field notes")
    voices.removeSample(0)
    voices.addFiles([
      { name: "more.md", text: `${CLAY}\n\n${STUDIO}` },
      { name: "dropped.md", text: "Left out." }
    ])
    voices.removeFile(1)
    voices.draft.avoid = "leverage"
    expect(await voices.save()).toBe(true)
    const saved = (await onService(id)).json
    // A single file (like a single pasted text) is split into paragraphs, as the CLI splits it.
    expect(saved.samples).toEqual([GLAZE, CLAY, STUDIO])
    expect(saved.avoid).toEqual(["leverage"])
    expect(saved.rules).toEqual(["Start with the point."])
    // Still one voice of that name: the edit replaced it, it did not make another.
    expect((await listed()).filter((p) => p.name === "Field notes" && p.id === id)).toHaveLength(1)
    expect(voices.current).toEqual(saved)
    expect(voices.mode).toBe("view")
    expect(voices.notice).toBe("Saved.")
  })

  it("cancelling a form goes back to the voice opened, or to the list when none is", async () => {
    const voices = useVoicesStore()
    voices.startNew()
    voices.cancel()
    expect(voices.mode).toBe("none")
    await voices.show(DEFAULT_STYLE.id)
    voices.startNew()
    voices.cancel()
    expect(voices.mode).toBe("view")
    voices.showList()
    expect(voices.mode).toBe("none")
  })

  it("does not offer to edit or delete a house style", async () => {
    const voices = useVoicesStore()
    await voices.show(HOUSE.id)
    expect(voices.current?.name).toBe(HOUSE.name)
    expect(voices.isUser).toBe(false)
    voices.startEdit()
    expect(voices.mode).toBe("view")
    await voices.remove()
    expect(voices.current?.id).toBe(HOUSE.id)
    expect((await onService(HOUSE.id)).status).toBe(200)
  })

  it("shows the service's message for a voice that is not there", async () => {
    const voices = useVoicesStore()
    const missing = await api<{ error: { message: string } }>("GET", "/api/profiles/u-no-such-voice")
    expect(missing.status).toBe(404)
    await voices.openManager("u-no-such-voice")
    expect(voices.open).toBe(true)
    expect(voices.error).toBe(missing.json.error.message)
    expect(voices.mode).toBe("none")
    expect(voices.current).toBeNull()
  })

  it("deletes the chosen voice, and the run falls back to the default style", async () => {
    const { voices, id } = await madeVoice()
    const run = useRunStore()
    voices.use()
    expect(run.profileId).toBe(id)
    await voices.remove()
    expect((await onService(id)).status).toBe(404)
    expect(voices.current).toBeNull()
    expect(voices.mode).toBe("none")
    expect(voices.notice).toBe("Deleted “Field notes”.")
    expect(run.profileId).toBe(DEFAULT_STYLE.id)
    expect(run.userVoices.map((p) => p.id)).not.toContain(id)
  })

  it("shows the service's message when the voice was deleted elsewhere, and keeps it opened", async () => {
    const { voices, id } = await madeVoice()
    expect((await api("DELETE", `/api/profiles/${id}`)).status).toBe(204)
    const gone = await api<{ error: { message: string } }>("DELETE", `/api/profiles/${id}`)
    await voices.remove()
    expect(voices.error).toBe(gone.json.error.message)
    expect(voices.current?.id).toBe(id)
    expect(voices.notice).toBe("Made “Field notes” from 2 samples.")
    voices.startEdit()
    expect(await voices.save()).toBe(false)
    expect(voices.error).toBe(gone.json.error.message)
    expect(voices.mode).toBe("edit")
  })

  it("exports the opened voice under its name, and imports the file back as a voice", async () => {
    const { voices, id } = await madeVoice("Field notes: spring")
    const exported = await voices.exportCurrent()
    const file = (await api<Record<string, unknown>>("GET", `/api/profiles/${id}/export`)).json
    expect(exported).toEqual({ fileName: "Field notes- spring.voice.json", file })
    expect(file["format"]).toBe("redraft-voice")

    expect((await api("DELETE", `/api/profiles/${id}`)).status).toBe(204)
    await voices.importFile(exported!.fileName, JSON.stringify(exported!.file))
    expect(voices.error).toBeNull()
    expect(voices.notice).toBe("Imported “Field notes: spring”.")
    expect(voices.mode).toBe("view")
    const imported = voices.current!
    expect((await onService(imported.id)).json).toMatchObject({
      name: "Field notes: spring",
      samples: [KILN, GLAZE],
      rules: ["Start with the point."]
    })
    expect(useRunStore().userVoices.map((p) => p.id)).toContain(imported.id)
  })

  it("refuses a file that is not a voice file without sending it, and shows the service's refusal of a bad one", async () => {
    const voices = useVoicesStore()
    const before = await listed()
    await voices.importFile("notes.json", '{"name": "x"}')
    expect(voices.error).toBe("notes.json is not a Redraft voice file (.voice.json).")
    await voices.importFile("list.json", "[]")
    expect(voices.error).toBe("list.json is not a Redraft voice file (.voice.json).")
    await voices.importFile("null.json", "null")
    expect(voices.error).toBe("null.json is not a Redraft voice file (.voice.json).")
    await voices.importFile("broken.voice.json", "{")
    expect(voices.error).toBe("broken.voice.json is not a voice file: it is not JSON.")
    expect(await listed()).toEqual(before)

    const oneSample = { format: "redraft-voice", formatVersion: 1, name: "Thin", samples: ["Only this."] }
    const refused = await api<{ error: { message: string } }>("POST", "/api/profiles", oneSample)
    expect(refused.status).toBe(400)
    await voices.importFile("thin.voice.json", JSON.stringify(oneSample))
    expect(voices.error).toBe(refused.json.error.message)
    expect(voices.mode).toBe("none")
    expect(voices.notice).toBeNull()
  })

  it("scores a text against the opened voice, and a blank text not at all", async () => {
    const { voices, id } = await madeVoice()
    await voices.scoreText("   ")
    expect(voices.score).toBeNull()
    await voices.scoreText("It is done.")
    const expected = (await api("POST", `/api/profiles/${id}/score`, { text: "It is done." })).json
    expect(voices.score).toEqual(expected)
    // Opening a voice again starts without a score.
    await voices.show(id)
    expect(voices.score).toBeNull()
  })

  it("with no voice opened, there is nothing to use, export, score, edit or delete", async () => {
    const voices = useVoicesStore()
    const run = useRunStore()
    voices.open = true
    voices.use()
    expect(voices.open).toBe(true)
    expect(run.profileId).toBe(DEFAULT_STYLE.id)
    expect(await voices.exportCurrent()).toBeUndefined()
    await voices.scoreText("Some text.")
    expect(voices.score).toBeNull()
    voices.startEdit()
    expect(voices.mode).toBe("none")
    await voices.remove()
    expect(voices.notice).toBeNull()
    voices.close()
    expect(voices.open).toBe(false)
  })
})

describe("the run's style and instruction", () => {
  it("sends the instruction with the run, and keeps the chosen style across a reload", async () => {
    const { id } = await madeVoice("Potter")
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    run.profileId = id
    run.options.instruction = "  for a ten-year-old "
    await run.start()
    expect(run.status).toBe("done")
    const [prompt] = await prompts("rewrite")
    expect(prompt).toContain("Target style: Potter.")
    expect(prompt).toContain("The writer asks, for this text: for a ten-year-old.")
    await nextTick()
    setActivePinia(createPinia())
    const again = useRunStore()
    expect(again.profileId).toBe(id)
    // The instruction belonged to that run: only one pinned to a document comes back (run.store.spec.ts).
    expect(again.options.instruction).toBe("")
  })

  it("an instruction counts without the spaces around it", async () => {
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    // 500 characters is the most the service takes; the spaces around them do not count.
    run.options.instruction = ` ${"a".repeat(500)} `
    await run.start()
    expect(run.error).toBeNull()
    expect(run.status).toBe("done")
  })

  it("a paragraph's retry runs as its version did: its style and its instruction, whatever the form says now", async () => {
    const { id } = await madeVoice("Potter")
    const run = useRunStore()
    const review = useReviewStore()
    run.profileId = id
    run.document = "We utilize 4 servers."
    run.options.instruction = " shorter "
    await review.rewrite()
    expect(review.version?.styleProfileId).toBe(id)
    expect(review.version?.settings.instruction).toBe("shorter")
    // The style picker and the instruction have moved on since; the retry stays with the version's.
    run.profileId = DEFAULT_STYLE.id
    run.options.instruction = "for a ten-year-old"
    await service.configureProvider({})
    await review.retry(0)
    expect(review.error).toBeNull()
    const [prompt] = await prompts("rewrite")
    expect(prompt).toContain("Target style: Potter.")
    expect(prompt).toContain("The writer asks, for this text: shorter.")
    expect(prompt).not.toContain("ten-year-old")
    expect(useDocumentsStore().currentId).not.toBeNull()
  })
})
