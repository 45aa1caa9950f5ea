/**
 * The review store against the real service (test/web/support/RealService.ts) and its fake model, which rewrites
 * "utilize" to "use" and "in order to" to "to": a rewrite saved as a version, the writer's decision on each
 * paragraph, retries, and decisions made meanwhile in another tab.
 */
import { createPinia, type Pinia } from "pinia"
import { describe, expect, it } from "vitest"
import type { VersionDetail } from "../../web/src/api/redraft.ts"
import { useDocumentsStore } from "../../web/src/stores/documents.ts"
import { useReviewStore } from "../../web/src/stores/review.ts"
import { useRunStore } from "../../web/src/stores/run.ts"
import { api, eventually, until, serviceForSpec } from "./support/RealService.ts"
import { finished, settingsOf } from "./support/Fixtures.ts"

const FIRST = "We utilize 3 keys in order to open the 2 doors."
const FIRST_REWRITTEN = "We use 3 keys to open the 2 doors."
const SECOND = "In order to lock up, turn the key twice."
const SECOND_REWRITTEN = "To lock up, turn the key twice."
/** Two paragraphs: their indices in the document are 0 and 2 (the blank line between them is 1). */
const TEXT = `${FIRST}\n\n${SECOND}\n`

/** One browser tab: its own stores, as the web UI has them. */
const tab = (pinia: Pinia = createPinia()) => ({
  documents: useDocumentsStore(pinia),
  run: useRunStore(pinia),
  review: useReviewStore(pinia)
})

/** A tab whose text was rewritten once: the document is saved, and its version 1 is shown for review. */
const rewritten = async () => {
  const editor = tab()
  editor.run.document = TEXT
  await editor.review.rewrite()
  expect(editor.run.error).toBeNull()
  expect(editor.review.version?.n).toBe(1)
  return { ...editor, id: editor.documents.currentId! }
}

/** Another tab with the same document open at its newest version. */
const otherTab = async (id: string) => {
  const other = tab()
  await other.documents.open(id)
  await other.review.load()
  return other
}

const paragraph = (editor: ReturnType<typeof tab>, index: number) =>
  editor.review.version?.paragraphs.find((p) => p.index === index)

const onService = async (id: string, n: number) =>
  (await api<VersionDetail>("GET", `/api/documents/${id}/versions/${n}`)).json

const service = serviceForSpec({ chooseProvider: true, warmUp: TEXT })

describe("review store", () => {
  it("a rewrite is saved as the document's next version and shown for review, newest first", async () => {
    const editor = await rewritten()
    expect(editor.review.versions.map((v) => v.n)).toEqual([1])
    expect(editor.review.version?.paragraphs.map((p) => [p.index, p.original, p.rewrite, p.decision])).toEqual([
      [0, FIRST, FIRST_REWRITTEN, "pending"],
      [2, SECOND, SECOND_REWRITTEN, "pending"]
    ])
    expect(editor.review.pending).toBe(2)
    expect(editor.review.version?.text).toBe(`${FIRST_REWRITTEN}\n\n${SECOND_REWRITTEN}\n`)
    expect(editor.review.version).toEqual(await onService(editor.id, 1))
    expect(editor.review.model?.rows.get(0)).toMatchObject({ original: FIRST, text: FIRST_REWRITTEN })
    expect(editor.review.summary?.model).toBe(editor.review.version?.provider.model)

    // The next run is the next version, shown at once; the first one can still be looked at.
    await editor.review.rewrite()
    expect(editor.review.versions.map((v) => v.n)).toEqual([2, 1])
    expect(editor.review.version?.n).toBe(2)
    expect(editor.documents.documents.find((d) => d.id === editor.id)?.versionCount).toBe(2)
    await editor.review.decide(0, "rejected")
    await editor.review.load(1)
    expect(editor.review.version?.n).toBe(1)
    expect(paragraph(editor, 0)?.decision).toBe("pending")
    await editor.review.load()
    expect(editor.review.version?.n).toBe(2)
    expect(paragraph(editor, 0)?.decision).toBe("rejected")
    expect(editor.review.error).toBeNull()
  })

  it("accepting, rejecting and editing paragraphs saves each decision, and the text follows them", async () => {
    const editor = await rewritten()
    expect(await editor.review.decide(0, "rejected")).toBe(true)
    expect(editor.review.version?.text).toBe(`${FIRST}\n\n${SECOND_REWRITTEN}\n`)
    expect(await editor.review.decide(2, "edited", "Turn the key twice to lock up.")).toBe(true)
    expect(editor.review.version?.text).toBe(`${FIRST}\n\nTurn the key twice to lock up.\n`)
    expect(editor.review.pending).toBe(0)
    expect(await editor.review.decide(0, "accepted")).toBe(true)
    expect(editor.review.version?.text).toBe(`${FIRST_REWRITTEN}\n\nTurn the key twice to lock up.\n`)
    expect(editor.review.busy).toBeNull()
    expect(editor.review.error).toBeNull()

    const saved = await onService(editor.id, 1)
    expect(saved.paragraphs.map((p) => [p.decision, p.text])).toEqual([
      ["accepted", FIRST_REWRITTEN],
      ["edited", "Turn the key twice to lock up."]
    ])
    expect(saved.text).toBe(editor.review.version?.text)
  })

  it("accepting all accepts every paragraph still pending whose rewrite passed its checks", async () => {
    const editor = await rewritten()
    await editor.review.decide(2, "rejected")
    await editor.review.acceptAllPassed()
    expect(editor.review.pending).toBe(0)
    expect((await onService(editor.id, 1)).paragraphs.map((p) => p.decision)).toEqual(["accepted", "rejected"])
    expect(editor.review.version?.text).toBe(`${FIRST_REWRITTEN}\n\n${SECOND}\n`)
  })

  it("accepting all leaves nothing to review: an unchanged paragraph counts as done, and is decided too", async () => {
    const editor = tab()
    editor.run.document = `${FIRST}\n\nThe door stays shut at night.\n`
    await editor.review.rewrite()
    expect(editor.review.version?.paragraphs.map((p) => p.status)).toEqual(["rewritten", "unchanged"])
    expect(editor.review.pending).toBe(1)
    await editor.review.acceptAllPassed()
    expect(editor.review.pending).toBe(0)
    const saved = await onService(editor.documents.currentId!, 1)
    expect(saved.paragraphs.map((p) => p.decision)).toEqual(["accepted", "accepted"])
    expect(saved.text).toBe(`${FIRST_REWRITTEN}\n\nThe door stays shut at night.\n`)
  })

  it("a decision is refused when another tab decided first, and the paragraph then shows that tab's choice", async () => {
    const mine = await rewritten()
    const theirs = await otherTab(mine.id)
    expect(await theirs.review.decide(0, "rejected")).toBe(true)

    expect(await mine.review.decide(0, "accepted")).toBe(false)
    expect(mine.review.error).toContain("changed elsewhere")
    expect(paragraph(mine, 0)).toMatchObject({ decision: "rejected", text: FIRST })
    expect((await onService(mine.id, 1)).paragraphs[0]?.decision).toBe("rejected")

    // Choosing again, on what the paragraph holds now, is saved.
    expect(await mine.review.decide(0, "accepted")).toBe(true)
    expect(mine.review.error).toBeNull()
    expect((await onService(mine.id, 1)).paragraphs[0]?.decision).toBe("accepted")
  })

  it("retrying a paragraph rewrites it again and puts it back to be decided", async () => {
    const editor = await rewritten()
    await editor.review.decide(0, "rejected")
    const before = paragraph(editor, 0)!.revision
    await editor.review.retry(0)
    expect(editor.review.error).toBeNull()
    expect(editor.review.busy).toBeNull()
    expect(paragraph(editor, 0)).toMatchObject({
      decision: "pending",
      rewrite: FIRST_REWRITTEN,
      text: FIRST_REWRITTEN,
      alternative: null,
      revision: before + 1
    })
    expect(editor.review.version?.text).toBe(`${FIRST_REWRITTEN}\n\n${SECOND_REWRITTEN}\n`)
    expect(editor.review.version).toEqual(await onService(editor.id, 1))
  })

  it("a retry that finishes after another tab decided keeps that decision and offers the retry's text", async () => {
    const mine = await rewritten()
    const theirs = await otherTab(mine.id)
    await service.slowProvider(400)
    const retrying = mine.review.retry(0)
    expect(mine.review.busy).toBe(0)
    // The retry is with the model; the other tab edits the paragraph meanwhile.
    await eventually(async () => (await service.providerCallsInFlight()) > 0)
    expect(await theirs.review.decide(0, "edited", "Open the 2 doors with the 3 keys.")).toBe(true)
    await retrying

    expect(paragraph(mine, 0)).toMatchObject({
      decision: "edited",
      text: "Open the 2 doors with the 3 keys.",
      alternative: FIRST_REWRITTEN
    })
    expect(mine.review.model?.rows.get(0)?.alternative).toBe(FIRST_REWRITTEN)
    expect(mine.review.version?.text).toBe(`Open the 2 doors with the 3 keys.\n\n${SECOND_REWRITTEN}\n`)
    // The writer's next decision settles it, and the offer goes.
    expect(await mine.review.decide(0, "accepted")).toBe(true)
    expect(paragraph(mine, 0)).toMatchObject({ decision: "accepted", text: FIRST_REWRITTEN, alternative: null })
  })

  it("shows the service's message when the document was deleted meanwhile", async () => {
    const editor = await rewritten()
    expect((await api("DELETE", `/api/documents/${editor.id}`)).status).toBe(204)
    type Refusal = { error: { message: string } }
    const decision = await api<Refusal>("PATCH", `/api/documents/${editor.id}/versions/1/paragraphs/0`, {
      decision: "accepted"
    })
    expect(decision.status).toBe(404)
    expect(await editor.review.decide(0, "accepted")).toBe(false)
    expect(editor.review.error).toBe(decision.json.error.message)

    const document = await api<Refusal>("GET", `/api/documents/${editor.id}`)
    expect(document.status).toBe(404)
    await editor.review.load()
    expect(editor.review.error).toBe(document.json.error.message)
  })

  it("while a run streams the review shows it in place; a cancel keeps what finished as the next version", async () => {
    const editor = await rewritten()
    // The second paragraph's rewrite does not come back before the writer cancels.
    await service.configureProvider({ faults: [{ match: "lock up", behaviour: "slow" }] })
    const rewriting = editor.review.rewrite()
    expect(editor.review.version).toBeNull()
    expect(editor.run.result).toBeNull()
    await until(() => Object.keys(editor.run.partial).length === 1)
    expect(editor.review.runShown).toBe(true)
    expect(editor.review.model?.rows.get(0)).toMatchObject({ original: FIRST, text: FIRST_REWRITTEN })
    expect(editor.review.summary).toBeNull()
    editor.run.cancel()
    await rewriting
    expect(editor.run.status).toBe("cancelled")
    expect(editor.run.savedVersion).toBe(2)
    expect(editor.review.version?.n).toBe(2)
    expect(editor.review.versions.map((v) => v.n)).toEqual([2, 1])
    expect(paragraph(editor, 0)?.rewrite).toBe(FIRST_REWRITTEN)
    // The paragraph not finished keeps its text.
    expect(editor.review.version?.text).toBe(`${FIRST_REWRITTEN}\n\n${SECOND}\n`)
    expect(editor.review.summary?.model).toBe(editor.review.version?.provider.model)
  })

  it("a run that fails before any paragraph finished leaves the last version to review", async () => {
    const editor = await rewritten()
    await service.configureProvider({ behaviours: ["error-object"] })
    await editor.review.rewrite()
    expect(editor.run.status).toBe("error")
    expect(editor.run.savedVersion).toBeNull()
    expect(editor.review.version?.n).toBe(1)
    expect(editor.review.versions.map((v) => v.n)).toEqual([1])
  })

  it("a text that cannot be run is not saved or sent", async () => {
    const editor = tab()
    await editor.review.rewrite()
    expect(editor.documents.currentId).toBeNull()
    expect(editor.run.status).toBe("idle")
    expect(await service.providerCalls()).toEqual([])
  })

  it("with no document open there is nothing to review, decide or retry", async () => {
    const editor = tab()
    editor.review.versions = [
      {
        n: 1,
        createdAt: "2026-11-26T00:00:00.000Z",
        styleProfileId: "plain-english",
        summary: {
          segments: 1,
          rewritten: 1,
          protected: 0,
          styleScore: 90,
          meaning: "passed",
          failed: 0,
          warnings: []
        },
        settings: settingsOf("plain-english", "Plain English"),
        outcome: finished(1, 1)
      }
    ]
    await editor.review.load()
    expect(editor.review.versions).toEqual([])
    expect(editor.review.version).toBeNull()
    expect(editor.review.model).toBeNull()
    expect(editor.review.summary).toBeNull()
    expect(editor.review.pending).toBe(0)
    expect(await editor.review.decide(0, "accepted")).toBe(false)
    await editor.review.retry(0)
    await editor.review.acceptAllPassed()
    expect(editor.review.busy).toBeNull()
    expect(editor.review.error).toBeNull()
  })

  it("a document with no version yet shows none", async () => {
    const editor = tab()
    editor.run.document = TEXT
    await editor.documents.save()
    await editor.review.load()
    expect(editor.review.versions).toEqual([])
    expect(editor.review.version).toBeNull()
    expect(await editor.review.decide(0, "accepted")).toBe(false)
  })

  it("a retry the service refuses shows its message and leaves the paragraph as it was", async () => {
    const editor = await rewritten()
    const before = paragraph(editor, 0)
    expect((await api("DELETE", `/api/documents/${editor.id}`)).status).toBe(204)
    await editor.review.retry(0)
    const refused = await api<{ error: { message: string } }>(
      "POST",
      `/api/documents/${editor.id}/versions/1/paragraphs/0/retry`,
      { provider: { baseUrl: service.providerUrl } }
    )
    expect(refused.status).toBe(404)
    expect(editor.review.error).toBe(refused.json.error.message)
    expect(editor.review.busy).toBeNull()
    expect(paragraph(editor, 0)).toEqual(before)
  })
})
