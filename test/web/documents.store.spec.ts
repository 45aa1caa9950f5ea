/**
 * The documents store against the real service (test/web/support/RealService.ts): what the writer relies on when
 * typing, naming, finding, opening, deleting and restoring documents, and when another tab saved first.
 */
import { createPinia, type Pinia } from "pinia"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { nextTick } from "vue"
import type { DocumentDetail, DocumentSummary } from "../../web/src/api/redraft.ts"
import { AUTOSAVE_MS, UNDO_MS, useDocumentsStore } from "../../web/src/stores/documents.ts"
import { useRunStore } from "../../web/src/stores/run.ts"
import {
  api,
  eventually,
  openPageAt,
  type RealService,
  startService,
  until,
  serviceForSpec
} from "./support/RealService.ts"

/** One browser tab: its own stores, as the web UI has them. */
const tab = (pinia: Pinia = createPinia()) => ({ documents: useDocumentsStore(pinia), run: useRunStore(pinia) })

/** Types `text` into the tab's editor and lets the store see it. */
const type = async (editor: ReturnType<typeof tab>, text: string) => {
  editor.run.document = text
  await nextTick()
}

/** Types `text` and saves it at once, as the autosave would. */
const typeAndSave = async (editor: ReturnType<typeof tab>, text: string) => {
  await type(editor, text)
  await editor.documents.save()
  expect(editor.documents.saveState).toBe("saved")
  return editor.documents.currentId!
}

const saved = async (id: string) => (await api<DocumentDetail>("GET", `/api/documents/${id}`)).json

const search = async (q: string) =>
  (await api<{ documents: ReadonlyArray<DocumentSummary> }>("GET", `/api/documents?q=${q}`)).json.documents

/** Only the timers the stores use for autosave and undo; the service keeps running on real ones. */
const fakeTimers = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })

serviceForSpec()
afterEach(() => {
  vi.useRealTimers()
})

describe("documents store", () => {
  it("a save that starts while another is on its way waits for it: one document, no false conflict", async () => {
    const editor = tab()
    const before = (await search("overlapping")).length
    // Typing goes on while the first save (a create) is still on its way, and the autosave fires again.
    await type(editor, "Two saves overlapping: the first")
    const first = editor.documents.save()
    await type(editor, "Two saves overlapping: the first and the second")
    const second = editor.documents.save()
    await type(editor, "Two saves overlapping: the first, the second and the third")
    const third = editor.documents.save()
    await Promise.all([first, second, third])
    expect((await search("overlapping")).length).toBe(before + 1)
    expect(editor.documents.conflict).toBeNull()
    expect(editor.documents.saveState).toBe("saved")
    // The saves asked for meanwhile are one: a create, then a single update with the latest text.
    expect(await saved(editor.documents.currentId!)).toMatchObject({
      text: "Two saves overlapping: the first, the second and the third",
      revision: 1
    })
  })

  it("creates the document once typing pauses, and saves later typing over it", async () => {
    fakeTimers()
    const editor = tab()
    await type(editor, "  \n")
    vi.advanceTimersByTime(AUTOSAVE_MS)
    expect(editor.documents.saveState).toBe("saved")
    expect(editor.documents.currentId).toBeNull()

    await type(editor, "Stoneware")
    expect(editor.documents.saveState).toBe("unsaved")
    vi.advanceTimersByTime(AUTOSAVE_MS - 1)
    // Each keystroke starts the wait again.
    await type(editor, "Stoneware fires hot.")
    vi.advanceTimersByTime(AUTOSAVE_MS - 1)
    expect(editor.documents.saveState).toBe("unsaved")
    expect(editor.documents.currentId).toBeNull()
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await until(() => editor.documents.saveState === "saved" && editor.documents.currentId !== null)
    const id = editor.documents.currentId!
    expect(await saved(id)).toMatchObject({ text: "Stoneware fires hot.", revision: 0 })

    fakeTimers()
    await type(editor, "Stoneware fires hot. Earthenware does not.")
    vi.advanceTimersByTime(AUTOSAVE_MS)
    vi.useRealTimers()
    await until(() => editor.documents.saveState === "saved")
    expect(editor.documents.currentId).toBe(id)
    expect(await saved(id)).toMatchObject({ text: "Stoneware fires hot. Earthenware does not.", revision: 1 })
    expect((await search("stoneware")).map((d) => d.id)).toEqual([id])
    await until(() => editor.documents.documents.some((d) => d.id === id))
  })

  it("saves a text opened from a file under the file's name", async () => {
    const editor = tab()
    editor.run.fileName = "glazes.md"
    const id = await typeAndSave(editor, "Celadon wants a reduction firing.")
    expect((await saved(id)).title).toBe("glazes.md")
    expect(editor.documents.documents.find((d) => d.id === id)?.title).toBe("glazes.md")
  })

  it("renames a document and finds documents by title or text", async () => {
    const editor = tab()
    const first = await typeAndSave(editor, "Shino needs a long cooling.")
    await editor.documents.newDocument()
    const second = await typeAndSave(editor, "Tenmoku breaks brown on the rims.")

    await editor.documents.rename(first, "  Kiln log  ")
    expect((await saved(first)).title).toBe("Kiln log")
    expect(editor.documents.documents.find((d) => d.id === first)?.title).toBe("Kiln log")
    // A blank name is not a name: the document keeps its own.
    await editor.documents.rename(first, "   ")
    expect((await saved(first)).title).toBe("Kiln log")

    editor.documents.query = "kiln LOG"
    await editor.documents.refresh()
    expect(editor.documents.documents.map((d) => d.id)).toEqual([first])
    editor.documents.query = "tenmoku"
    await editor.documents.refresh()
    expect(editor.documents.documents.map((d) => d.id)).toEqual([second])
    editor.documents.query = ""
    await editor.documents.refresh()
    expect(editor.documents.documents.map((d) => d.id)).toEqual(expect.arrayContaining([first, second]))
    expect(editor.documents.error).toBeNull()
  })

  it("opening another document saves the typing not saved yet, and shows the other without saving it", async () => {
    const editor = tab()
    const first = await typeAndSave(editor, "Bisque at 1000 degrees.")
    await editor.documents.newDocument()
    const second = await typeAndSave(editor, "Glaze at 1240 degrees.")
    await type(editor, "Glaze at 1240 degrees, then cool slowly.")
    expect(editor.documents.saveState).toBe("unsaved")

    await editor.documents.open(first)
    expect(await saved(second)).toMatchObject({ text: "Glaze at 1240 degrees, then cool slowly.", revision: 1 })
    expect(editor.documents.currentId).toBe(first)
    expect(editor.run.document).toBe("Bisque at 1000 degrees.")
    await nextTick()
    expect(editor.documents.saveState).toBe("saved")
    // Typing now saves into the document opened.
    await editor.documents.newDocument()
    await editor.documents.open(first)
    const id = await typeAndSave(editor, "Bisque at 1000 degrees, slowly.")
    expect(id).toBe(first)
    expect(await saved(first)).toMatchObject({ text: "Bisque at 1000 degrees, slowly.", revision: 1 })
  })

  it("a new document saves the typing first, and its first keystroke creates another document", async () => {
    const editor = tab()
    const first = await typeAndSave(editor, "Wedge the clay.")
    await type(editor, "Wedge the clay well.")
    await editor.documents.newDocument()
    expect((await saved(first)).text).toBe("Wedge the clay well.")
    expect(editor.run.document).toBe("")
    expect(editor.documents.saveState).toBe("saved")
    expect(editor.documents.currentId).toBeNull()
    const second = await typeAndSave(editor, "Centre the clay.")
    expect(second).not.toBe(first)
    expect((await saved(first)).text).toBe("Wedge the clay well.")
  })

  it("deleting hides the document at once, can be undone, and deletes it on the service after the undo window", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "Porcelain slumps when thin.")
    fakeTimers()
    await editor.documents.remove(id)
    expect(editor.documents.documents.some((d) => d.id === id)).toBe(false)
    expect(editor.documents.pendingDelete?.id).toBe(id)
    // The document being edited is closed: the editor starts a new one.
    expect(editor.documents.currentId).toBeNull()
    expect(editor.run.document).toBe("")
    vi.advanceTimersByTime(UNDO_MS - 1)
    await editor.documents.undo()
    vi.advanceTimersByTime(UNDO_MS)
    vi.useRealTimers()
    expect(editor.documents.pendingDelete).toBeNull()
    expect(editor.documents.documents.some((d) => d.id === id)).toBe(true)
    expect((await api("GET", `/api/documents/${id}`)).status).toBe(200)

    fakeTimers()
    await editor.documents.remove(id)
    vi.advanceTimersByTime(UNDO_MS - 1)
    expect(editor.documents.pendingDelete?.id).toBe(id)
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    expect(editor.documents.pendingDelete).toBeNull()
    await eventually(async () => (await api("GET", `/api/documents/${id}`)).status === 404)
    await editor.documents.refresh()
    expect(editor.documents.documents.some((d) => d.id === id)).toBe(false)
    expect(editor.documents.error).toBeNull()
  })

  it("opening or renaming a document deleted elsewhere shows the service's message and keeps the editor as it was", async () => {
    const editor = tab()
    const mine = await typeAndSave(editor, "Ash glaze runs.")
    await editor.documents.newDocument()
    const gone = await typeAndSave(editor, "Soon gone.")
    await editor.documents.open(mine)
    expect((await api("DELETE", `/api/documents/${gone}`)).status).toBe(204)
    const missing = await api<{ error: { message: string } }>("GET", `/api/documents/${gone}`)

    await editor.documents.open(gone)
    expect(editor.documents.error).toBe(missing.json.error.message)
    expect(editor.documents.currentId).toBe(mine)
    expect(editor.run.document).toBe("Ash glaze runs.")

    editor.documents.error = null
    await editor.documents.rename(gone, "Lost")
    expect(editor.documents.error).toBe(missing.json.error.message)
  })

  it("deleting another document leaves the one being edited open; a second delete ends the first one's undo", async () => {
    const editor = tab()
    const first = await typeAndSave(editor, "Throwing rings.")
    await editor.documents.newDocument()
    const second = await typeAndSave(editor, "Trimming feet.")
    await editor.documents.newDocument()
    const current = await typeAndSave(editor, "Pulling handles.")

    fakeTimers()
    await editor.documents.remove(first)
    expect(editor.documents.currentId).toBe(current)
    expect(editor.run.document).toBe("Pulling handles.")
    await editor.documents.remove(second)
    vi.useRealTimers()
    // The first is deleted at once; the second waits for its own undo window.
    expect((await api("GET", `/api/documents/${first}`)).status).toBe(404)
    expect(editor.documents.pendingDelete?.id).toBe(second)
    expect((await api("GET", `/api/documents/${second}`)).status).toBe(200)
    await editor.documents.refresh()
    expect(editor.documents.documents.map((d) => d.id)).not.toContain(second)
    await editor.documents.flushDelete()
    expect(editor.documents.pendingDelete).toBeNull()
    expect((await api("GET", `/api/documents/${second}`)).status).toBe(404)
    expect(editor.documents.error).toBeNull()
    // A document not in the list is not there to delete.
    await editor.documents.remove("no-such-document")
    expect(editor.documents.pendingDelete).toBeNull()
    expect(editor.documents.currentId).toBe(current)
  })

  it("a delete that the service refuses shows its message", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "Soda firing.")
    await editor.documents.newDocument()
    await editor.documents.remove(id)
    expect((await api("DELETE", `/api/documents/${id}`)).status).toBe(204)
    const missing = await api<{ error: { message: string } }>("DELETE", `/api/documents/${id}`)
    await editor.documents.flushDelete()
    expect(editor.documents.error).toBe(missing.json.error.message)
  })

  it("restoring a backup over a changed document keeps both, and says how many were kept as copies", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "Wood firing takes days.")
    const backup = (
      await api<{ documents: ReadonlyArray<unknown>; profiles: ReadonlyArray<unknown> }>("GET", "/api/backup")
    ).json
    await typeAndSave(editor, "Wood firing takes five days.")
    await editor.documents.restore(new File([JSON.stringify(backup)], "wood.json"))
    expect(editor.documents.restored).toBe(
      `Restored wood.json: 0 documents added, ${backup.documents.length - 1} already here, 1 copied beside a changed one; 0 voices added, ${backup.profiles.length} already here.`
    )
    expect((await saved(id)).text).toBe("Wood firing takes five days.")
    expect((await search("days")).map((d) => d.id)).toHaveLength(2)
  })

  it("with no conflict, keeping mine or taking theirs changes nothing", async () => {
    // The typing below stays unsaved: its autosave must not land in a later test.
    fakeTimers()
    const editor = tab()
    const id = await typeAndSave(editor, "Cone 04 bisque.")
    await type(editor, "Cone 04 bisque, then glaze.")
    editor.documents.takeTheirs()
    expect(editor.run.document).toBe("Cone 04 bisque, then glaze.")
    expect(editor.documents.saveState).toBe("unsaved")
    await editor.documents.keepMine()
    expect((await saved(id)).text).toBe("Cone 04 bisque.")
  })

  describe("when another tab saved the document first", () => {
    /** This tab and another have the same document open; the other tab saves its text. */
    const twoTabs = async () => {
      const mine = tab()
      const id = await typeAndSave(mine, "Fire to cone 6.")
      const theirs = tab()
      await theirs.documents.open(id)
      await typeAndSave(theirs, "Fire to cone 10.")
      await type(mine, "Fire to cone 6, then hold.")
      await mine.documents.save()
      expect(mine.documents.conflict).not.toBeNull()
      return { mine, id }
    }

    it("nothing is overwritten: both texts are kept and the writer is told", async () => {
      const { mine, id } = await twoTabs()
      expect(mine.documents.saveState).toBe("error")
      expect(mine.documents.conflict).toEqual({ text: "Fire to cone 10.", revision: 1 })
      expect(mine.documents.error).toContain("saved in another tab or window")
      expect(mine.run.document).toBe("Fire to cone 6, then hold.")
      expect(await saved(id)).toMatchObject({ text: "Fire to cone 10.", revision: 1 })
      // Until the writer chooses, more typing is not saved over the other tab's text.
      await type(mine, "Fire to cone 6, then hold for ten minutes.")
      await mine.documents.save()
      expect((await saved(id)).text).toBe("Fire to cone 10.")
      expect(mine.documents.conflict).toEqual({ text: "Fire to cone 10.", revision: 1 })
      expect(mine.documents.error).toContain("saved in another tab or window")
    })

    it("keeping mine saves it over theirs", async () => {
      const { mine, id } = await twoTabs()
      await mine.documents.keepMine()
      expect(mine.documents.conflict).toBeNull()
      expect(mine.documents.saveState).toBe("saved")
      expect(mine.documents.error).toBeNull()
      expect(await saved(id)).toMatchObject({ text: "Fire to cone 6, then hold.", revision: 2 })
    })

    it("taking theirs puts their text in the editor, and later typing saves over it", async () => {
      const { mine, id } = await twoTabs()
      mine.documents.takeTheirs()
      expect(mine.run.document).toBe("Fire to cone 10.")
      expect(mine.documents.conflict).toBeNull()
      expect(mine.documents.error).toBeNull()
      await nextTick()
      expect(mine.documents.saveState).toBe("saved")
      expect(await saved(id)).toMatchObject({ text: "Fire to cone 10.", revision: 1 })
      await typeAndSave(mine, "Fire to cone 10, in reduction.")
      expect(await saved(id)).toMatchObject({ text: "Fire to cone 10, in reduction.", revision: 2 })
    })
  })

  it("restores a backup: adds what is missing and says so; a file that is not a backup is refused", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "Raku pots are taken out glowing.")
    const backup = (
      await api<{ documents: ReadonlyArray<unknown>; profiles: ReadonlyArray<unknown> }>("GET", "/api/backup")
    ).json
    expect((await api("DELETE", `/api/documents/${id}`)).status).toBe(204)

    await editor.documents.restore(new File([JSON.stringify(backup)], "redraft-backup.json"))
    expect(editor.documents.error).toBeNull()
    expect(editor.documents.restored).toBe(
      `Restored redraft-backup.json: 1 document added, ${backup.documents.length - 1} already here; 0 voices added, ${backup.profiles.length} already here.`
    )
    expect((await saved(id)).text).toBe("Raku pots are taken out glowing.")
    expect(editor.documents.documents.some((d) => d.id === id)).toBe(true)

    await editor.documents.restore(new File(["Raku notes"], "notes.txt"))
    expect(editor.documents.error).toBe("notes.txt is not a Redraft backup (it is not JSON).")
    expect(editor.documents.restored).toBeNull()
    const refused = await api<{ error: { message: string } }>("POST", "/api/backup", { notes: [] })
    expect(refused.status).toBe(400)
    await editor.documents.restore(new File([JSON.stringify({ notes: [] })], "notes.json"))
    expect(editor.documents.error).toBe(refused.json.error.message)
  })
})

describe("autosave while the writer types", () => {
  /** A service that takes request bodies of at most 600 bytes: a longer text cannot be saved. */
  let small: RealService
  const LONG = `Kiln log. ${"Cone 6 oxidation, slow cool. ".repeat(30)}`

  beforeAll(async () => {
    small = await startService({ MAX_BODY_BYTES: "600" })
  })
  afterAll(() => small.stop())
  beforeEach(() => openPageAt(small))

  it("typing during a save leaves the text unsaved, and the next pause saves the latest", async () => {
    fakeTimers()
    const editor = tab()
    await type(editor, "Glaze firing one.")
    const first = editor.documents.save()
    expect(editor.documents.saveState).toBe("saving")
    // The writer goes on typing while the save is on its way.
    await type(editor, "Glaze firing one, and two.")
    expect(editor.documents.saveState).toBe("unsaved")
    await first
    const id = editor.documents.currentId!
    expect((await saved(id)).text).toBe("Glaze firing one.")
    expect(editor.documents.saveState).toBe("unsaved")
    vi.advanceTimersByTime(AUTOSAVE_MS)
    vi.useRealTimers()
    await until(() => editor.documents.saveState === "saved")
    expect(await saved(id)).toMatchObject({ text: "Glaze firing one, and two.", revision: 1 })
  })

  it("a save that fails shows the service's message; the next one that works clears it", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "A short note.")
    await type(editor, LONG)
    await editor.documents.save()
    expect(editor.documents.saveState).toBe("error")
    expect(editor.documents.error).toMatch(/^the request body is \d+ bytes; the limit is 600 bytes \(MAX_BODY_BYTES\)$/)
    expect(editor.documents.conflict).toBeNull()
    expect(editor.run.document).toBe(LONG)
    expect((await saved(id)).text).toBe("A short note.")
    // Typing on starts the wait again, and the shorter text is saved over the same document.
    await type(editor, "A short note, kept short.")
    expect(editor.documents.saveState).toBe("unsaved")
    await editor.documents.save()
    expect(editor.documents.saveState).toBe("saved")
    expect(editor.documents.error).toBeNull()
    expect(editor.documents.currentId).toBe(id)
    expect(await saved(id)).toMatchObject({ text: "A short note, kept short.", revision: 1 })
  })

  it("a save asked for while a failing one is on its way still runs, with the latest text", async () => {
    const editor = tab()
    await type(editor, LONG)
    const failing = editor.documents.save()
    await type(editor, "Short again.")
    const next = editor.documents.save()
    await Promise.all([failing, next])
    expect(editor.documents.saveState).toBe("saved")
    expect(editor.documents.error).toBeNull()
    expect(await saved(editor.documents.currentId!)).toMatchObject({ text: "Short again.", revision: 0 })
  })

  it("a save with nothing new to save sends nothing", async () => {
    const editor = tab()
    const id = await typeAndSave(editor, "Nothing new.")
    await editor.documents.save()
    expect(editor.documents.saveState).toBe("saved")
    expect((await saved(id)).revision).toBe(0)
    // Typing back to the saved text is not a change to save.
    await type(editor, "Nothing new!")
    await type(editor, "Nothing new.")
    expect(editor.documents.saveState).toBe("unsaved")
    await editor.documents.save()
    expect(editor.documents.saveState).toBe("saved")
    expect((await saved(id)).revision).toBe(0)
  })
})

describe("documents store when the workspace cannot be written", () => {
  let readOnly: RealService

  beforeAll(async () => {
    // The data folder would be under a regular file: it cannot be made, so nothing can be saved.
    const file = join(mkdtempSync(join(tmpdir(), "redraft-read-only-")), "not-a-folder")
    writeFileSync(file, "")
    readOnly = await startService({ REDRAFT_DATA_DIR: join(file, "data") })
  })
  afterAll(() => readOnly.stop())
  beforeEach(() => openPageAt(readOnly))

  it("shows the service's message and keeps the text in the editor", async () => {
    const refused = await api<{ error: { code: string; message: string } }>("POST", "/api/documents", { text: "x" })
    expect(refused.status).toBe(503)
    expect(refused.json.error.code).toBe("workspace_read_only")

    const editor = tab()
    await type(editor, "Salt glaze needs a kiln of its own.")
    await editor.documents.save()
    expect(editor.documents.saveState).toBe("error")
    expect(editor.documents.error).toBe(refused.json.error.message)
    expect(editor.documents.currentId).toBeNull()
    expect(editor.run.document).toBe("Salt glaze needs a kiln of its own.")
  })
})
