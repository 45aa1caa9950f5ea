import { createPinia, setActivePinia } from "pinia"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { nextTick } from "vue"
import { describeTraits } from "../../web/src/lib/traits.ts"
import { draftProblem, emptyDraft, samplesOf, voiceFileName } from "../../web/src/lib/voiceDraft.ts"
import { useDocumentsStore } from "../../web/src/stores/documents.ts"
import { useReviewStore } from "../../web/src/stores/review.ts"
import { useRunStore } from "../../web/src/stores/run.ts"
import { useVoicesStore } from "../../web/src/stores/voices.ts"
import { DEFAULT_STYLE, HOUSE, HOUSE_DETAIL, MINE, MINE_DETAIL, TRAITS } from "./voiceFixtures.ts"

const json = (body: unknown, status = 200) =>
  status === 204 ? new Response(null, { status }) : Response.json(body, { status })

/** A fake service: answers by method and path, and records every request with its JSON body. */
const fakeService = (routes: Record<string, (body: unknown) => Response>) => {
  const calls: Array<{ method: string; path: string; body: unknown }> = []
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? "GET"
    const body = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    calls.push({ method, path, body })
    const route = routes[`${method} ${path}`]
    return route === undefined ? json({ error: { code: "not_found", message: `no ${path}` } }, 404) : route(body)
  })
  vi.stubGlobal("fetch", fetchMock)
  return { calls, fetchMock }
}

const TWO_PARAGRAPHS = "I fired the kiln at dawn. It took nine hours.\n\nHonestly, the glaze ran. I'd do it again."

describe("a voice draft", () => {
  it("splits one pasted text into samples of whole paragraphs, and takes each file whole", () => {
    expect(samplesOf({ ...emptyDraft(), pasted: TWO_PARAGRAPHS })).toEqual([
      "I fired the kiln at dawn. It took nine hours.",
      "Honestly, the glaze ran. I'd do it again."
    ])
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

describe("voices store", () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })
  afterEach(() => vi.unstubAllGlobals())

  it("refuses a voice of one sample with an inline message and sends nothing", async () => {
    const { fetchMock } = fakeService({})
    const voices = useVoicesStore()
    voices.startNew()
    voices.draft.name = "Mine"
    voices.draft.pasted = "Only one paragraph of my writing."
    expect(voices.draftSamples).toHaveLength(1)
    expect(await voices.save()).toBe(false)
    expect(voices.attempted).toBe(true)
    expect(voices.problem).toContain("only 1 sample")
    expect(fetchMock).not.toHaveBeenCalled()
    expect(voices.mode).toBe("new")
  })

  it("makes a voice from two pasted paragraphs, opens it, and lists it in the style picker", async () => {
    let listed = [DEFAULT_STYLE, HOUSE]
    const { calls } = fakeService({
      "POST /api/profiles": () => {
        listed = [MINE, ...listed]
        return json(MINE_DETAIL, 201)
      },
      "GET /api/profiles": () => json({ profiles: listed })
    })
    const voices = useVoicesStore()
    const run = useRunStore()
    voices.startNew()
    voices.draft.name = " Field notes "
    voices.draft.pasted = TWO_PARAGRAPHS
    voices.draft.rules = "Start with the point.\n\n"
    expect(await voices.save()).toBe(true)
    expect(calls[0]).toEqual({
      method: "POST",
      path: "/api/profiles",
      body: {
        name: "Field notes",
        samples: ["I fired the kiln at dawn. It took nine hours.", "Honestly, the glaze ran. I'd do it again."],
        description: "",
        rules: ["Start with the point."],
        avoid: []
      }
    })
    expect(voices.mode).toBe("view")
    expect(voices.current?.id).toBe(MINE.id)
    expect(voices.notice).toBe("Made “Field notes” from 2 samples.")
    expect(run.userVoices.map((p) => p.id)).toEqual([MINE.id])
    expect(run.houseStyles.map((p) => p.id)).toEqual([DEFAULT_STYLE.id, HOUSE.id])
    voices.use()
    expect(run.profileId).toBe(MINE.id)
    expect(voices.open).toBe(false)
  })

  it("shows the service's message when it refuses a voice", async () => {
    fakeService({
      "POST /api/profiles": () =>
        json({ error: { code: "invalid_body", message: "a sample is at most 20,000 characters" } }, 400)
    })
    const voices = useVoicesStore()
    voices.startNew()
    voices.draft.name = "Mine"
    voices.draft.pasted = TWO_PARAGRAPHS
    expect(await voices.save()).toBe(false)
    expect(voices.error).toBe("a sample is at most 20,000 characters")
    expect(voices.mode).toBe("new")
  })

  it("edits a voice's samples and rules with one PUT", async () => {
    const { calls } = fakeService({
      [`GET /api/profiles/${MINE.id}`]: () => json(MINE_DETAIL),
      [`PUT /api/profiles/${MINE.id}`]: (body) => json({ ...MINE_DETAIL, ...(body as object) }),
      "GET /api/profiles": () => json({ profiles: [MINE, DEFAULT_STYLE] })
    })
    const voices = useVoicesStore()
    await voices.show(MINE.id)
    voices.startEdit()
    voices.removeSample(0)
    voices.addFiles([{ name: "more.md", text: "More of my writing.\n\nAnd more." }])
    voices.draft.avoid = "leverage"
    expect(await voices.save()).toBe(true)
    const put = calls.find((c) => c.method === "PUT")
    expect(put?.body).toMatchObject({
      // A single file (like a single pasted text) is split into paragraphs, as the CLI splits it.
      samples: ["Honestly, the glaze ran.", "More of my writing.", "And more."],
      avoid: ["leverage"]
    })
    expect(voices.notice).toBe("Saved.")
  })

  it("does not offer to edit a house style", async () => {
    fakeService({ [`GET /api/profiles/${HOUSE.id}`]: () => json(HOUSE_DETAIL) })
    const voices = useVoicesStore()
    await voices.show(HOUSE.id)
    expect(voices.isUser).toBe(false)
    voices.startEdit()
    expect(voices.mode).toBe("view")
  })

  it("deletes the chosen voice, and the run falls back to the default style", async () => {
    let listed = [MINE, DEFAULT_STYLE, HOUSE]
    const { calls } = fakeService({
      [`GET /api/profiles/${MINE.id}`]: () => json(MINE_DETAIL),
      [`DELETE /api/profiles/${MINE.id}`]: () => {
        listed = [DEFAULT_STYLE, HOUSE]
        return json(undefined, 204)
      },
      "GET /api/profiles": () => json({ profiles: listed })
    })
    const run = useRunStore()
    run.profileId = MINE.id
    const voices = useVoicesStore()
    await voices.show(MINE.id)
    await voices.remove()
    expect(calls.some((c) => c.method === "DELETE")).toBe(true)
    expect(voices.current).toBeNull()
    expect(voices.notice).toBe("Deleted “Field notes”.")
    expect(run.profileId).toBe("direct-technical")
  })

  it("imports a .voice.json as it is, and refuses a file that is not one", async () => {
    const file = {
      format: "redraft-voice",
      formatVersion: 1,
      name: "Field notes",
      description: "",
      rules: [],
      avoid: [],
      samples: MINE_DETAIL.samples,
      traits: TRAITS
    }
    const { calls, fetchMock } = fakeService({
      "POST /api/profiles": () => json(MINE_DETAIL, 201),
      "GET /api/profiles": () => json({ profiles: [MINE, DEFAULT_STYLE] })
    })
    const voices = useVoicesStore()
    await voices.importFile("notes.json", '{"name": "x"}')
    expect(voices.error).toBe("notes.json is not a Redraft voice file (.voice.json).")
    await voices.importFile("broken.voice.json", "{")
    expect(voices.error).toContain("it is not JSON")
    expect(fetchMock).not.toHaveBeenCalled()
    await voices.importFile("Field notes.voice.json", JSON.stringify(file))
    expect(calls[0]).toEqual({ method: "POST", path: "/api/profiles", body: file })
    expect(voices.error).toBeNull()
    expect(voices.notice).toBe("Imported “Field notes”.")
    expect(voices.mode).toBe("view")
  })

  it("exports the opened voice under its name", async () => {
    const file = { format: "redraft-voice", formatVersion: 1, name: "Field notes" }
    fakeService({
      [`GET /api/profiles/${MINE.id}`]: () => json(MINE_DETAIL),
      [`GET /api/profiles/${MINE.id}/export`]: () => json(file)
    })
    const voices = useVoicesStore()
    await voices.show(MINE.id)
    expect(await voices.exportCurrent()).toEqual({ fileName: "Field notes.voice.json", file })
  })

  it("scores a text against the opened voice", async () => {
    const result = { score: 71, feedback: ["Use more contractions."], traits: TRAITS, profileTraits: TRAITS }
    const { calls } = fakeService({
      [`GET /api/profiles/${MINE.id}`]: () => json(MINE_DETAIL),
      [`POST /api/profiles/${MINE.id}/score`]: () => json(result)
    })
    const voices = useVoicesStore()
    await voices.show(MINE.id)
    await voices.scoreText("It is done.")
    expect(calls.at(-1)?.body).toEqual({ text: "It is done." })
    expect(voices.score?.score).toBe(71)
  })
})

describe("the run's style and instruction", () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })
  afterEach(() => vi.unstubAllGlobals())

  it("sends the instruction with the run and keeps it, with the chosen style, across a reload", async () => {
    const fetchMock = vi.fn(async () => new Response("", { headers: { "content-type": "text/event-stream" } }))
    vi.stubGlobal("fetch", fetchMock)
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    run.profileId = MINE.id
    run.options.instruction = "  for a ten-year-old "
    await run.start()
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1]
    expect(JSON.parse(String(init.body))).toMatchObject({
      styleProfileId: MINE.id,
      options: { instruction: "for a ten-year-old" }
    })
    await nextTick()
    setActivePinia(createPinia())
    const again = useRunStore()
    expect(again.profileId).toBe(MINE.id)
    expect(again.options.instruction).toBe("  for a ten-year-old ")
  })

  it("sends the instruction with a paragraph's retry, in the version's own style", async () => {
    const version = { n: 1, styleProfileId: MINE.id, paragraphs: [] }
    const { calls } = fakeService({
      "POST /api/documents/d1/versions/1/paragraphs/2/retry": () => json({ index: 2 }),
      "GET /api/documents/d1/versions/1": () => json(version)
    })
    const run = useRunStore()
    run.options.instruction = "shorter"
    useDocumentsStore().currentId = "d1"
    const review = useReviewStore()
    review.version = version as unknown as typeof review.version
    await review.retry(2)
    expect(calls[0]?.body).toMatchObject({ styleProfileId: MINE.id, options: { instruction: "shorter" } })
  })
})
