/**
 * The run store against the real service (test/web/support/RealService.ts) and its fake model server over real HTTP,
 * which rewrites "utilize" to "use" and misbehaves on request: a run streamed to its result, a paragraph that keeps
 * its text, a run that fails as a whole, a refused request, a cancel, and the style and options it is sent with.
 */
import { createPinia, setActivePinia } from "pinia"
import { afterEach, describe, expect, it, vi } from "vitest"
import { nextTick } from "vue"
import { parseSse, type RewriteResult } from "../../web/src/api/redraft.ts"
import { DEFAULT_PROFILE_ID, MAX_DOCUMENT_CHARS, useRunStore } from "../../web/src/stores/run.ts"
import { useSettingsStore } from "../../web/src/stores/settings.ts"
import { api, eventually, openPageAt, startService, until, serviceForSpec } from "./support/RealService.ts"

const sse = (events: ReadonlyArray<readonly [string, unknown]>) =>
  events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join("")

const TWO = "We utilize 4 servers.\n\nWe utilize 2 disks."

type Refusal = { error: { code: string; message: string; details?: { partialResult?: RewriteResult } } }

/** The service's JSON answer to the run `run` would start (a second client beside the store). */
const answerTo = (run: ReturnType<typeof useRunStore>) =>
  api<Refusal>("POST", "/api/rewrite", {
    document: run.document,
    styleProfileId: run.profileId,
    provider: { baseUrl: service.providerUrl },
    options: { instruction: run.options.instruction.trim() }
  })

/** The fake model server's chat requests of `task` ("rewrite", "verify", "smooth", …) since it was configured. */
const chats = async (task: string) => (await service.providerCalls()).filter((c) => c.task === task)

const service = serviceForSpec({ chooseProvider: true, warmUp: TWO })
afterEach(() => {
  vi.unstubAllGlobals()
})

describe("SSE parsing", () => {
  it("returns complete events and keeps the unfinished rest", () => {
    const text = sse([["progress", { segment: 0 }]]) + ": a comment\n\nevent: segment\ndata: {"
    const { events, rest } = parseSse(text)
    expect(events).toEqual([{ type: "progress", data: { segment: 0 } }])
    expect(rest).toBe("event: segment\ndata: {")
  })
})

describe("run store", () => {
  it("streams progress and ends with the result", async () => {
    const run = useRunStore()
    run.document = "# Servers\n\nWe utilize 4 servers."
    const seen: Array<string> = []
    const percents: Array<number> = []
    const stop = run.$subscribe(() => {
      seen.push(run.status)
      percents.push(run.percent)
    })
    expect(run.percent).toBe(0)
    await run.start()
    stop()
    expect(seen).toContain("running")
    expect(run.status).toBe("done")
    expect(run.error).toBeNull()
    expect(run.result?.finalText).toBe("# Servers\n\nWe use 4 servers.")
    expect(run.result?.provider.baseUrl).toBe(service.providerUrl)
    expect(run.total).toBe(1)
    expect(run.done).toBe(1)
    expect(run.percent).toBe(100)
    expect(percents.every((p) => p === 0 || p === 100)).toBe(true)
    // The outline shows the heading kept and the paragraph to rewrite, in place.
    expect(run.outline.map((b) => [b.kept, b.text.trim()])).toEqual([
      [true, "# Servers"],
      [false, "We utilize 4 servers."]
    ])
    const paragraph = run.outline[1]!.index
    expect(run.segments[paragraph]).toEqual({ stage: "done", attempt: 0, finished: true, status: "rewritten" })
    expect(run.partial).toEqual({ [paragraph]: "We use 4 servers." })
    // A text that is not saved is run as it is, and becomes no version.
    expect(run.documentId).toBeNull()
    expect(run.savedVersion).toBeNull()
    // The per-paragraph scores come from the debug section, always asked for.
    expect(run.options.includeDebug).toBe(false)
    expect(run.result?.debug?.segments).toHaveLength(1)
  })

  it("sends the chosen model, reasoning effort and options", async () => {
    const run = useRunStore()
    const settings = useSettingsStore()
    settings.model = "qwen3-8b"
    run.document = TWO
    run.options.reasoningEffort = "low"
    run.options.runMeaningCheck = false
    run.options.finalSmoothing = true
    await run.start()
    expect(run.status).toBe("done")
    const [rewrite] = await chats("rewrite")
    expect(rewrite?.body).toMatchObject({ model: "qwen3-8b", reasoning_effort: "low" })
    expect(await chats("verify")).toEqual([])
    expect((await chats("smooth")).length).toBeGreaterThan(0)
    expect(run.result?.provider.model).toBe("qwen3-8b")

    // And the defaults: the model the service chooses, meaning checked, no smoothing.
    localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl: service.providerUrl }))
    setActivePinia(createPinia())
    await service.configureProvider({})
    const plain = useRunStore()
    plain.document = TWO
    await plain.start()
    expect((await chats("rewrite"))[0]?.body).toMatchObject({ reasoning_effort: "none" })
    expect((await chats("verify")).length).toBeGreaterThan(0)
    expect(await chats("smooth")).toEqual([])
    expect(plain.result?.provider.model).not.toBe("qwen3-8b")
  })

  it("keeps each finished paragraph's status and the reason it kept its text", async () => {
    await service.configureProvider({ faults: [{ match: "2 disks", behaviour: "refuse" }] })
    const run = useRunStore()
    run.document = TWO
    await run.start()
    expect(run.status).toBe("done")
    const [first, second] = run.result!.paragraphs
    expect(run.segments[first!.index]).toEqual({ stage: "done", attempt: 0, finished: true, status: "rewritten" })
    expect(run.segments[second!.index]).toEqual({
      stage: "done",
      attempt: 0,
      finished: true,
      status: "failed",
      reason: second!.reason
    })
    expect(second!.reason).toContain("context size")
    expect(run.partial).toEqual({ [first!.index]: "We use 4 servers.", [second!.index]: "We utilize 2 disks." })
  })

  it("shows the error of a failed run together with what each paragraph became", async () => {
    // Every reply is unreadable: every paragraph fails, and so does the run.
    await service.configureProvider({ behaviours: ["garbage"] })
    const run = useRunStore()
    run.document = TWO
    await run.start()
    const failed = await answerTo(run)
    expect(run.status).toBe("error")
    expect(run.error).toBe(failed.json.error.message)
    // The store asks for the debug section too; the rest is what the service says of the run.
    const { debug, ...shown } = run.result!
    expect(shown).toEqual(failed.json.error.details?.partialResult)
    expect(debug?.segments).toHaveLength(2)
    expect(run.result?.paragraphs.map((p) => p.status)).toEqual(["failed", "failed"])
    expect(Object.values(run.partial)).toEqual(["We utilize 4 servers.", "We utilize 2 disks."])
    expect(run.done).toBe(2)
  })

  it("a run refused by the model before anything finished shows the provider's words and no result", async () => {
    await service.configureProvider({ behaviours: ["error-object"] })
    const run = useRunStore()
    run.document = TWO
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toContain("model 'x' not found")
    expect(run.error).toBe((await answerTo(run)).json.error.message)
    expect(run.result).toBeNull()
  })

  it("shows the message of a request the service refuses", async () => {
    const run = useRunStore()
    run.document = "Text."
    run.profileId = "no-such-style"
    const refused = await answerTo(run)
    expect(refused.status).toBeGreaterThanOrEqual(400)
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toBe(refused.json.error.message)
    expect(run.result).toBeNull()
    expect(await chats("rewrite")).toEqual([])
  })

  it("a new run starts clean: the last run's error, result and progress go", async () => {
    await service.configureProvider({ behaviours: ["garbage"] })
    const run = useRunStore()
    run.document = TWO
    await run.start()
    expect(run.error).not.toBeNull()
    await service.configureProvider({})
    run.document = "We utilize 4 servers."
    await run.start()
    expect(run.error).toBeNull()
    expect(run.status).toBe("done")
    expect(run.total).toBe(1)
    expect(Object.keys(run.segments)).toHaveLength(1)
    expect(Object.values(run.partial)).toEqual(["We use 4 servers."])
    expect(run.result?.finalText).toBe("We use 4 servers.")
  })

  it("keeps the paragraphs that finished before a cancel, and the service stops the others", async () => {
    await service.configureProvider({ faults: [{ match: "2 disks", behaviour: "slow" }] })
    const run = useRunStore()
    run.document = TWO
    const pending = run.start()
    await until(() => Object.keys(run.partial).length === 1)
    expect(run.status).toBe("running")
    expect(run.canRun).toBe(false)
    expect(run.percent).toBe(50)
    // The slow paragraph is still at work, shown unfinished.
    const working = Object.values(run.segments).filter((s) => !s.finished)
    expect(working.length).toBe(1)
    expect(working[0]?.stage).toBe("rewrite")
    run.cancel()
    expect(run.status).toBe("cancelled")
    await pending
    expect(run.status).toBe("cancelled")
    expect(Object.values(run.partial)).toEqual(["We use 4 servers."])
    await eventually(async () => (await service.providerCallsInFlight()) === 0)
  })

  it("cancel before any answer stops the run", async () => {
    await service.slowProvider(5_000)
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    const pending = run.start()
    await eventually(async () => (await service.providerCallsInFlight()) > 0)
    run.cancel()
    await pending
    expect(run.status).toBe("cancelled")
    expect(run.error).toBeNull()
    expect(run.result).toBeNull()
    await eventually(async () => (await service.providerCallsInFlight()) === 0)
    await service.slowProvider(0)
    // Cancelling when nothing runs changes nothing.
    run.cancel()
    expect(run.status).toBe("cancelled")
  })

  it("does not run without a document, with an invalid endpoint, or with a document over the limit", async () => {
    const run = useRunStore()
    expect(run.canRun).toBe(false)
    await run.start()
    expect(run.status).toBe("idle")
    run.document = "  \n "
    expect(run.canRun).toBe(false)
    run.document = "x".repeat(MAX_DOCUMENT_CHARS)
    expect(run.canRun).toBe(true)
    run.document = "x".repeat(MAX_DOCUMENT_CHARS + 1)
    expect(run.canRun).toBe(false)
    run.document = "We utilize 4 servers."
    useSettingsStore().baseUrl = "localhost:1234"
    expect(run.canRun).toBe(false)
    await run.start()
    expect(run.status).toBe("idle")
    expect(await service.providerCalls()).toEqual([])
  })

  it("shows the service's answer when it cannot be reached at all", async () => {
    const run = useRunStore()
    run.document = "We utilize 4 servers."
    const gone = await startService()
    openPageAt(gone)
    await gone.stop()
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).not.toBeNull()
    expect(run.result).toBeNull()
  })
})

describe("the styles to choose from", () => {
  it("lists the writer's voices apart from the house styles", async () => {
    const run = useRunStore()
    await run.loadProfiles()
    const listed = (await api<{ profiles: ReadonlyArray<{ id: string; source: string }> }>("GET", "/api/profiles")).json
      .profiles
    expect(run.profiles).toEqual(listed)
    expect(run.houseStyles.map((p) => p.id)).toEqual(listed.filter((p) => p.source !== "user").map((p) => p.id))
    expect(run.houseStyles.map((p) => p.id)).toContain(DEFAULT_PROFILE_ID)
    expect(run.userVoices).toEqual(listed.filter((p) => p.source === "user"))
    expect(run.error).toBeNull()
  })

  it("a chosen style that is gone gives way to the default; one that is there stays", async () => {
    localStorage.setItem("redraft.run", JSON.stringify({ profileId: "u-deleted-voice" }))
    const run = useRunStore()
    expect(run.profileId).toBe("u-deleted-voice")
    await run.loadProfiles()
    expect(run.profileId).toBe(DEFAULT_PROFILE_ID)
    run.profileId = "plain-english"
    await run.loadProfiles()
    expect(run.profileId).toBe("plain-english")
  })

  it("shows the service's message when the list cannot be loaded", async () => {
    const run = useRunStore()
    const gone = await startService()
    openPageAt(gone)
    await gone.stop()
    await run.loadProfiles()
    expect(run.error).toBe("Redraft's service is not answering; is it still running?")
    expect(run.profiles).toEqual([])
  })

  it("remembers the style chosen, and forgets a stored one it cannot read", async () => {
    const run = useRunStore()
    expect(run.profileId).toBe(DEFAULT_PROFILE_ID)
    run.profileId = "plain-english"
    await nextTick()
    expect(JSON.parse(localStorage.getItem("redraft.run")!)).toEqual({ profileId: "plain-english" })
    setActivePinia(createPinia())
    expect(useRunStore().profileId).toBe("plain-english")

    for (const unreadable of ["{", "null", "7", JSON.stringify({ profileId: 7 })]) {
      localStorage.setItem("redraft.run", unreadable)
      setActivePinia(createPinia())
      expect(useRunStore().profileId).toBe(DEFAULT_PROFILE_ID)
    }
  })

  it("an instruction belongs to one run unless it is pinned to the document, and then it stays with that one", async () => {
    const run = useRunStore()
    run.showInstructionOf("doc-a")
    expect([run.options.instruction, run.pinned]).toEqual(["", false])
    run.options.instruction = "shorter"
    run.instructionUsed()
    expect(run.options.instruction).toBe("")

    run.options.instruction = "for a ten-year-old"
    run.pinInstruction("doc-a", true)
    run.instructionUsed()
    expect(run.options.instruction).toBe("for a ten-year-old")
    // Edits of a pinned instruction are kept; another document has none; coming back brings it, after a reload too.
    run.options.instruction = "for a ten-year-old, shorter"
    await nextTick()
    run.showInstructionOf("doc-b")
    expect([run.options.instruction, run.pinned]).toEqual(["", false])
    setActivePinia(createPinia())
    const reloaded = useRunStore()
    expect(reloaded.options.instruction).toBe("")
    reloaded.showInstructionOf("doc-a")
    expect([reloaded.options.instruction, reloaded.pinned]).toEqual(["for a ten-year-old, shorter", true])
    reloaded.pinInstruction("doc-a", false)
    reloaded.showInstructionOf("doc-a")
    expect([reloaded.options.instruction, reloaded.pinned]).toEqual(["", false])

    // A new text saved for the first time keeps the instruction typed into it, and its pin.
    reloaded.showInstructionOf(null)
    reloaded.options.instruction = "plainer"
    reloaded.pinInstruction(null, true)
    reloaded.showInstructionOf("doc-new")
    expect([reloaded.options.instruction, reloaded.pinned]).toEqual(["plainer", true])
    expect(JSON.parse(localStorage.getItem("redraft.pinned-instructions")!)).toEqual({ "doc-new": "plainer" })
  })
})

/**
 * The one case the real service cannot produce: a streamed run is always answered 200 once its request is valid, and
 * a run that then fails arrives as an `error` event (above). A JSON error answer that carries a partial result comes
 * only from the JSON route, which the store does not use; the store still reads it, in case a proxy or an older
 * service answers that way.
 */
describe("run store, on an error answer that only a stub can give", () => {
  it("takes the partial result of a failed run from a JSON error response too", async () => {
    const partial: RewriteResult = {
      finalText: "We use 4 servers.\n\nWe utilize 2 disks.",
      summary: { segments: 2, rewritten: 1, protected: 0, styleScore: 90, meaning: "passed", failed: 1, warnings: [] },
      paragraphs: [
        { index: 0, paragraph: 1, status: "rewritten" },
        { index: 2, paragraph: 2, status: "failed", reason: "Model is unloaded.", error: "provider_error" }
      ],
      provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" }
    }
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { error: { code: "provider_error", message: "Model is unloaded.", details: { partialResult: partial } } },
          { status: 502 }
        )
      )
    )
    const run = useRunStore()
    run.document = "Text."
    await run.start()
    expect(run.status).toBe("error")
    expect(run.error).toBe("Model is unloaded.")
    expect(run.result).toEqual(partial)
  })
})
