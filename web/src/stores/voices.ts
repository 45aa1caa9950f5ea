import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref } from "vue"
import {
  answerSuggestion,
  ApiError,
  createProfile,
  deleteProfile,
  exportProfile,
  getProfile,
  getSuggestions,
  type ProfileDetail,
  scoreAgainstProfile,
  type ScoreResult,
  updateProfile,
  type VoiceFile,
  type VoiceSuggestion
} from "../api/redraft.ts"
import {
  bodyOf,
  type DraftFile,
  draftOf,
  draftProblem,
  emptyDraft,
  samplesOf,
  voiceFileName
} from "../lib/voiceDraft.ts"
import { useRunStore } from "./run.ts"

/**
 * The voices manager: the writer's own voices made from their samples (and the house styles, to read), the one
 * opened with its measured traits, and the draft of a voice being made or edited. The profile list itself is the run
 * store's, which the style picker reads; every change here reloads it.
 */
export const useVoicesStore = defineStore("voices", () => {
  const run = useRunStore()

  /** Whether the manager is shown. */
  const open = ref(false)
  /** What it shows beside the list: nothing chosen, a voice, or the form for a new voice or an edit. */
  const mode = ref<"none" | "view" | "new" | "edit">("none")
  /** The voice opened, with its samples and traits. */
  const current = ref<ProfileDetail | null>(null)
  const draft = ref(emptyDraft())
  /** Set once the writer tried to save, so the draft's problem shows inline from then on, not while typing. */
  const attempted = ref(false)
  const busy = ref(false)
  const error = ref<string | null>(null)
  /** What just happened ("Imported “Field notes”."), for a status line. */
  const notice = ref<string | null>(null)
  /** The last text scored against the opened voice. */
  const score = ref<ScoreResult | null>(null)
  /** What the writer's edits in the opened voice propose; empty for a house style. */
  const suggestions = ref<ReadonlyArray<VoiceSuggestion>>([])

  const draftSamples = computed(() => samplesOf(draft.value))
  const problem = computed(() => draftProblem(draft.value))
  const isUser = computed(() => current.value?.source === "user")

  const failed = (e: unknown) => {
    error.value = e instanceof ApiError ? e.message : String(e)
  }
  /** Runs `action` as the one thing the manager is doing, with its failure shown in the service's words. */
  const working = async <A>(action: () => Promise<A>): Promise<A | undefined> => {
    busy.value = true
    error.value = null
    try {
      return await action()
    } catch (e) {
      failed(e)
      return undefined
    } finally {
      busy.value = false
    }
  }

  /** Shows the manager, opening voice `id` when given, and refreshes the list. */
  const openManager = async (id?: string) => {
    open.value = true
    notice.value = null
    error.value = null
    await Promise.all([run.loadProfiles(), id === undefined ? Promise.resolve() : show(id)])
  }

  const close = () => {
    open.value = false
  }

  const show = async (id: string) => {
    const found = await working(() => getProfile(id))
    if (found === undefined) return
    current.value = found
    score.value = null
    mode.value = "view"
    suggestions.value = []
    if (found.source === "user") {
      const proposed = await working(() => getSuggestions(id))
      if (proposed !== undefined && current.value?.id === id) suggestions.value = proposed.suggestions
    }
  }

  /** The writer's answer to a proposal: accepted, it changes the voice; either way it is not asked again. */
  const answer = async (suggestion: VoiceSuggestion, given: "accept" | "dismiss") => {
    const id = current.value?.id
    if (id === undefined) return
    const changed = await working(() => answerSuggestion(id, suggestion.id, given))
    if (changed === undefined) return
    current.value = changed
    suggestions.value = suggestions.value.filter((s) => s.id !== suggestion.id)
    notice.value =
      given === "accept"
        ? suggestion.change === "avoid"
          ? `Added “${suggestion.value}” to the phrases to avoid.`
          : `Added the rule “${suggestion.value}”.`
        : "Dismissed."
  }

  const startNew = () => {
    draft.value = emptyDraft()
    attempted.value = false
    notice.value = null
    error.value = null
    mode.value = "new"
  }

  const startEdit = () => {
    if (current.value === null || !isUser.value) return
    draft.value = draftOf(current.value)
    attempted.value = false
    notice.value = null
    error.value = null
    mode.value = "edit"
  }

  /** Back to the list alone (on a narrow screen the list makes way for what is opened). */
  const showList = () => {
    error.value = null
    mode.value = "none"
  }

  const cancel = () => {
    error.value = null
    mode.value = current.value === null ? "none" : "view"
  }

  const addFiles = (files: ReadonlyArray<DraftFile>) => {
    draft.value.files.push(...files)
  }
  const removeFile = (index: number) => {
    draft.value.files.splice(index, 1)
  }
  const removeSample = (index: number) => {
    draft.value.samples.splice(index, 1)
  }

  /** Makes the voice (or saves the edit) unless the draft has a problem, which is then shown instead of sending. */
  const save = async (): Promise<boolean> => {
    attempted.value = true
    if (problem.value !== null) return false
    const body = bodyOf(draft.value)
    const editing = mode.value === "edit" ? current.value : null
    const saved = await working(() => (editing === null ? createProfile(body) : updateProfile(editing.id, body)))
    if (saved === undefined) return false
    current.value = saved
    score.value = null
    // A new voice has no decisions yet; an edited one keeps what its decisions propose.
    if (editing === null) suggestions.value = []
    mode.value = "view"
    notice.value = editing === null ? `Made “${saved.name}” from ${saved.samples.length} samples.` : "Saved."
    await run.loadProfiles()
    return true
  }

  /** Deletes the opened user voice; a run that had it chosen falls back to the default style. */
  const remove = async () => {
    const voice = current.value
    if (voice === null || !isUser.value) return
    const done = await working(async () => {
      await deleteProfile(voice.id)
      return true
    })
    if (done !== true) return
    current.value = null
    suggestions.value = []
    mode.value = "none"
    notice.value = `Deleted “${voice.name}”.`
    await run.loadProfiles()
  }

  /** The opened voice as a `.voice.json` file: its name and its content. */
  const exportCurrent = async (): Promise<{ readonly fileName: string; readonly file: VoiceFile } | undefined> => {
    const voice = current.value
    if (voice === null) return undefined
    const file = await working(() => exportProfile(voice.id))
    return file === undefined ? undefined : { fileName: voiceFileName(voice.name), file }
  }

  /** Takes a `.voice.json` file back as a new voice, sending it as it is, and opens it. */
  const importFile = async (fileName: string, text: string) => {
    notice.value = null
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      error.value = `${fileName} is not a voice file: it is not JSON.`
      return
    }
    if (typeof parsed !== "object" || parsed === null || (parsed as { format?: unknown }).format !== "redraft-voice") {
      error.value = `${fileName} is not a Redraft voice file (.voice.json).`
      return
    }
    const created = await working(() => createProfile(parsed as VoiceFile))
    if (created === undefined) return
    current.value = created
    score.value = null
    suggestions.value = []
    mode.value = "view"
    notice.value = `Imported “${created.name}”.`
    await run.loadProfiles()
  }

  /** Chooses the opened voice for rewriting and closes the manager. */
  const use = () => {
    if (current.value === null) return
    run.profileId = current.value.id
    open.value = false
  }

  /** Measures how close `text` is to the opened voice (no model call). */
  const scoreText = async (text: string) => {
    const voice = current.value
    if (voice === null || text.trim() === "") return
    const result = await working(() => scoreAgainstProfile(voice.id, text))
    if (result !== undefined) score.value = result
  }

  return {
    open,
    mode,
    current,
    draft,
    attempted,
    busy,
    error,
    notice,
    score,
    suggestions,
    answer,
    draftSamples,
    problem,
    isUser,
    openManager,
    close,
    show,
    startNew,
    startEdit,
    showList,
    cancel,
    addFiles,
    removeFile,
    removeSample,
    save,
    remove,
    exportCurrent,
    importFile,
    use,
    scoreText
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useVoicesStore, import.meta.hot))
