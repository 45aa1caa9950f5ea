import { acceptHMRUpdate, defineStore } from "pinia"
import { ref, watch } from "vue"
import {
  ApiError,
  createDocument,
  deleteDocument,
  type DocumentSummary,
  getDocument,
  listDocuments,
  restoreBackup,
  updateDocument
} from "../api/redraft.ts"
import { useRunStore } from "./run.ts"

/** How long after the last keystroke the text is saved. */
export const AUTOSAVE_MS = 700
/** How long a deleted document can be brought back before it is deleted on the service. */
export const UNDO_MS = 6000

/**
 * The writer's saved documents: the list (searchable), the one being edited, and its autosave. The text being edited
 * is the run store's `document`; typing into it saves it here, a new document is created on the first keystroke.
 */
export const useDocumentsStore = defineStore("documents", () => {
  const run = useRunStore()

  const documents = ref<ReadonlyArray<DocumentSummary>>([])
  const query = ref("")
  /** The document being edited, or null for a text not saved yet. */
  const currentId = ref<string | null>(null)
  /** "saved" once the service holds the text; "unsaved" while a save waits; "error" with `error` when it failed. */
  const saveState = ref<"saved" | "unsaved" | "saving" | "error">("saved")
  const error = ref<string | null>(null)
  /** A document deleted a moment ago, still to be brought back with `undo`. */
  const pendingDelete = ref<DocumentSummary | null>(null)
  /**
   * The text another tab or client saved while this one was editing: the writer's own text stays in the editor until
   * they keep it (`keepMine`) or take this one (`takeTheirs`).
   */
  const conflict = ref<{ readonly text: string; readonly revision: number } | null>(null)
  /** What the last restore did, in words. */
  const restored = ref<string | null>(null)

  let saveTimer: ReturnType<typeof setTimeout> | undefined
  let deleteTimer: ReturnType<typeof setTimeout> | undefined
  /** The text as the service last stored it, so loading a document does not save it again. */
  let savedText = ""
  /** The revision of the document this tab last loaded or saved: a save from it is refused once another came first. */
  let savedRevision: number | undefined

  const failed = (e: unknown) => {
    error.value = e instanceof ApiError ? e.message : String(e)
  }

  const refresh = async () => {
    try {
      const list = await listDocuments(query.value)
      documents.value = list.documents.filter((d) => d.id !== pendingDelete.value?.id)
    } catch (e) {
      failed(e)
    }
  }

  /**
   * Saves the editor's text. Saves never overlap: one asked for while another is on its way runs after it, with the
   * latest text (the first save of a new text creates the document, and two at once would create two; two updates at
   * once would send the same revision, and the second would read as another tab's change).
   */
  let running: Promise<void> | null = null
  let queued: Promise<void> | null = null
  const save = (): Promise<void> => {
    if (running === null) {
      running = saveNow().finally(() => {
        running = null
      })
      return running
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null
        return save()
      })
    return queued
  }

  const saveNow = async () => {
    const text = run.document
    if (text === savedText || conflict.value !== null) {
      if (conflict.value === null) saveState.value = "saved"
      return
    }
    saveState.value = "saving"
    try {
      const saved =
        currentId.value === null
          ? await createDocument({ text, ...(run.fileName ? { title: run.fileName } : {}) })
          : await updateDocument(currentId.value, { text }, savedRevision)
      currentId.value = saved.id
      savedText = text
      savedRevision = saved.revision
      saveState.value = run.document === text ? "saved" : "unsaved"
      error.value = null
      await refresh()
    } catch (e) {
      saveState.value = "error"
      if (e instanceof ApiError && e.status === 412 && currentId.value !== null) {
        // Another tab saved first: nothing is overwritten; both texts are kept until the writer chooses.
        const theirs = await getDocument(currentId.value).catch(() => null)
        if (theirs !== null) conflict.value = { text: theirs.text, revision: theirs.revision }
        error.value =
          "This document was saved in another tab or window since you opened it. Your text is still here; choose which to keep."
      } else failed(e)
    }
  }

  /** Restores a backup file (from Back up all or `redraft backup`): adds what is missing, overwrites nothing. */
  const restore = async (file: File) => {
    restored.value = null
    let parsed: unknown
    try {
      parsed = JSON.parse(await file.text())
    } catch {
      error.value = `${file.name} is not a Redraft backup (it is not JSON).`
      return
    }
    try {
      const result = await restoreBackup(parsed)
      restored.value = `Restored ${file.name}: ${restoredCounts("document", result)}; ${restoredCounts("voice", result.profiles)}.`
      error.value = null
      await refresh()
    } catch (e) {
      failed(e)
    }
  }

  /** Saves the writer's text over the one saved elsewhere. */
  const keepMine = async () => {
    const other = conflict.value
    if (other === null) return
    conflict.value = null
    savedRevision = other.revision
    savedText = other.text
    await save()
  }

  /** Takes the text saved elsewhere into the editor, dropping this tab's changes. */
  const takeTheirs = () => {
    const other = conflict.value
    if (other === null) return
    conflict.value = null
    savedRevision = other.revision
    savedText = other.text
    run.document = other.text
    saveState.value = "saved"
    error.value = null
  }

  watch(
    () => run.document,
    (text) => {
      if (text === savedText || (currentId.value === null && text.trim() === "")) return
      saveState.value = "unsaved"
      clearTimeout(saveTimer)
      saveTimer = setTimeout(() => void save(), AUTOSAVE_MS)
    }
  )

  const open = async (id: string) => {
    clearTimeout(saveTimer)
    if (saveState.value === "unsaved") await save()
    try {
      const document = await getDocument(id)
      currentId.value = document.id
      conflict.value = null
      savedText = document.text
      savedRevision = document.revision
      run.fileName = null
      run.document = document.text
      saveState.value = "saved"
    } catch (e) {
      failed(e)
    }
  }

  const newDocument = async () => {
    clearTimeout(saveTimer)
    if (saveState.value === "unsaved") await save()
    currentId.value = null
    conflict.value = null
    savedText = ""
    savedRevision = undefined
    run.fileName = null
    run.document = ""
    saveState.value = "saved"
  }

  const rename = async (id: string, title: string) => {
    if (title.trim() === "") return
    try {
      await updateDocument(id, { title: title.trim() })
      await refresh()
    } catch (e) {
      failed(e)
    }
  }

  /** Hides the document at once and deletes it after UNDO_MS, unless `undo` comes first. */
  const remove = async (id: string) => {
    await flushDelete()
    const document = documents.value.find((d) => d.id === id)
    if (document === undefined) return
    pendingDelete.value = document
    documents.value = documents.value.filter((d) => d.id !== id)
    if (currentId.value === id) await newDocument()
    deleteTimer = setTimeout(() => void flushDelete(), UNDO_MS)
  }

  const undo = async () => {
    clearTimeout(deleteTimer)
    pendingDelete.value = null
    await refresh()
  }

  const flushDelete = async () => {
    clearTimeout(deleteTimer)
    const document = pendingDelete.value
    if (document === null) return
    pendingDelete.value = null
    try {
      await deleteDocument(document.id)
    } catch (e) {
      failed(e)
    }
  }

  return {
    documents,
    query,
    currentId,
    saveState,
    error,
    pendingDelete,
    conflict,
    restored,
    restore,
    refresh,
    save,
    keepMine,
    takeTheirs,
    open,
    newDocument,
    rename,
    remove,
    undo,
    flushDelete
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useDocumentsStore, import.meta.hot))

/** "2 documents added, 3 already here, 1 copied beside a changed one": what a restore did with one kind of entry. */
const restoredCounts = (
  kind: string,
  result: {
    readonly added: ReadonlyArray<unknown>
    readonly skipped: ReadonlyArray<unknown>
    readonly copied: ReadonlyArray<unknown>
  }
) => {
  const n = result.added.length
  const copies = result.copied.length > 0 ? `, ${result.copied.length} copied beside a changed one` : ""
  return `${n} ${kind}${n === 1 ? "" : "s"} added, ${result.skipped.length} already here${copies}`
}
