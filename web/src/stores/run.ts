import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref, watch } from "vue"
import {
  ApiError,
  fetchProfiles,
  type OutlineBlock,
  type ParagraphStatus,
  partialResultOf,
  type ProfileSummary,
  type ReasoningEffort,
  type RewriteResult
} from "../api/redraft.ts"
import { useEventStream } from "../composables/useEventStream.ts"
import { useSettingsStore } from "./settings.ts"

export interface SegmentProgress {
  readonly stage: string
  readonly attempt: number
  readonly finished: boolean
  /** Once finished: what became of the paragraph, and why when it kept its original text. */
  readonly status?: ParagraphStatus
  readonly reason?: string
}

export interface RunOptions {
  styleThreshold: number
  maxRewriteIterations: number
  runMeaningCheck: boolean
  finalSmoothing: boolean
  reasoningEffort: ReasoningEffort
  includeDebug: boolean
  /** A free-text instruction for the run ("shorter", "for a ten-year-old"); "" for none. */
  instruction: string
}

export const MAX_DOCUMENT_CHARS = 200_000
export const MAX_INSTRUCTION_CHARS = 500
export const DEFAULT_PROFILE_ID = "direct-technical"
const STORAGE_KEY = "redraft.run"

/** The style last chosen, kept in the browser like the provider settings. */
interface StoredRun {
  readonly profileId?: string
}

/** Instructions the writer pinned to a document (by its id): they stay for its later runs. */
const PINNED_KEY = "redraft.pinned-instructions"

const loadPinned = (): Record<string, string> => {
  try {
    const stored = JSON.parse(localStorage.getItem(PINNED_KEY) ?? "{}") as unknown
    return typeof stored === "object" && stored !== null ? (stored as Record<string, string>) : {}
  } catch {
    return {}
  }
}

const loadStored = (): StoredRun => {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as StoredRun
    return typeof stored === "object" && stored !== null ? stored : {}
  } catch {
    return {}
  }
}

/** The document, the chosen style and options, and the state of the current rewrite. */
export const useRunStore = defineStore("run", () => {
  const settings = useSettingsStore()
  const stream = useEventStream()

  const stored = loadStored()

  const document = ref("")
  const fileName = ref<string | null>(null)
  /** The house styles and the writer's own voices, as the service lists them. */
  const profiles = ref<ReadonlyArray<ProfileSummary>>([])
  const profileId = ref(typeof stored.profileId === "string" ? stored.profileId : DEFAULT_PROFILE_ID)
  const options = ref<RunOptions>({
    styleThreshold: 80,
    maxRewriteIterations: 2,
    runMeaningCheck: true,
    finalSmoothing: false,
    reasoningEffort: "none",
    includeDebug: false,
    instruction: ""
  })
  /** True when the instruction is pinned to the document open (it stays for its later runs). */
  const pinned = ref(false)
  /** The document whose instruction the box shows, for pinning: null for a new text. */
  let instructionOf: string | null = null
  const status = ref<"idle" | "running" | "done" | "error" | "cancelled">("idle")
  const error = ref<string | null>(null)
  const segments = ref<Record<number, SegmentProgress>>({})
  const total = ref(0)
  const done = ref(0)
  /** The run's result; after a run that failed as a whole, what had finished (the rest keeps its original text). */
  const result = ref<RewriteResult | null>(null)
  /** The document's blocks in order, as the service segmented it, so paragraphs are shown in place as they finish. */
  const outline = ref<ReadonlyArray<OutlineBlock>>([])
  /** Final texts of the segments finished so far, shown while the run goes on. */
  const partial = ref<Record<number, string>>({})
  /** The saved document the run belongs to, or null for a text that is not saved. */
  const documentId = ref<string | null>(null)
  /** The version the last run was saved as, when it ran a saved document. */
  const savedVersion = ref<number | null>(null)
  /** While provider calls wait to try again: why, since when, and when they stop trying (epoch ms). */
  const waiting = ref<{ readonly reason: string; readonly since: number; readonly until: number } | null>(null)

  const canRun = computed(
    () =>
      document.value.trim() !== "" &&
      settings.endpointError === null &&
      status.value !== "running" &&
      document.value.length <= MAX_DOCUMENT_CHARS
  )
  const percent = computed(() => (total.value === 0 ? 0 : Math.round((done.value / total.value) * 100)))
  /** The writer's own voices, then the styles shipped with Redraft, for the style picker. */
  const userVoices = computed(() => profiles.value.filter((p) => p.source === "user"))
  const houseStyles = computed(() => profiles.value.filter((p) => p.source !== "user"))

  watch(profileId, (id) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ profileId: id }))
  })

  /** Shows the instruction pinned to document `id` (none for a new text or one without). */
  function showInstructionOf(id: string | null) {
    // A new text saved for the first time is the same text: the instruction typed for it (and its pin) stay.
    if (instructionOf === null && id !== null && options.value.instruction !== "") {
      instructionOf = id
      if (pinned.value) pinInstruction(id, true)
      return
    }
    instructionOf = id
    const kept = id === null ? undefined : loadPinned()[id]
    pinned.value = kept !== undefined
    options.value.instruction = kept ?? ""
  }

  /** Pins the instruction to document `id` (or unpins it): a pinned one stays for the document's later runs. */
  function pinInstruction(id: string | null, on: boolean) {
    instructionOf = id ?? instructionOf
    pinned.value = on
    if (instructionOf === null) return
    const all = loadPinned()
    if (on) all[instructionOf] = options.value.instruction.trim()
    else delete all[instructionOf]
    localStorage.setItem(PINNED_KEY, JSON.stringify(all))
  }

  // A pinned instruction follows its edits.
  watch(
    () => options.value.instruction,
    () => {
      if (pinned.value) pinInstruction(instructionOf, true)
    }
  )

  /** After a run starts: an instruction not pinned belonged to that run only. */
  function instructionUsed() {
    if (!pinned.value) options.value.instruction = ""
  }

  /** Loads the profile list; a chosen voice that is gone (deleted) gives way to the default style. */
  async function loadProfiles() {
    try {
      profiles.value = (await fetchProfiles()).profiles
      if (profiles.value.length > 0 && !profiles.value.some((p) => p.id === profileId.value)) {
        profileId.value = profiles.value.some((p) => p.id === DEFAULT_PROFILE_ID)
          ? DEFAULT_PROFILE_ID
          : (profiles.value[0]?.id ?? DEFAULT_PROFILE_ID)
      }
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e)
    }
  }

  /** Runs the document; with `savedId` the saved document is run and the run is saved as its next version. */
  async function start(savedId?: string) {
    if (!canRun.value) return
    status.value = "running"
    error.value = null
    result.value = null
    segments.value = {}
    outline.value = []
    partial.value = {}
    total.value = 0
    done.value = 0
    documentId.value = savedId ?? null
    savedVersion.value = null
    waiting.value = null
    try {
      const outcome = await stream.start(
        {
          document: document.value,
          styleProfileId: profileId.value,
          provider: {
            baseUrl: settings.normalizedBaseUrl,
            ...(settings.model !== "" ? { model: settings.model } : {}),
            reasoningEffort: options.value.reasoningEffort
          },
          options: {
            styleThreshold: options.value.styleThreshold,
            maxRewriteIterations: options.value.maxRewriteIterations,
            runMeaningCheck: options.value.runMeaningCheck,
            finalSmoothing: options.value.finalSmoothing,
            instruction: options.value.instruction.trim(),
            // Per-segment scores and verdicts come from the debug section, so it is always requested.
            includeDebug: true
          }
        },
        (event) => {
          if (event.type === "outline") {
            outline.value = event.data.blocks
            total.value = event.data.total
          } else if (event.type === "waiting") {
            const since = Date.now()
            waiting.value = { reason: event.data.reason, since, until: since + event.data.leftMs }
            segments.value[event.data.segment] = { stage: "waiting for the model server", attempt: 0, finished: false }
          } else if (event.type === "progress") {
            waiting.value = null
            total.value = event.data.total
            done.value = event.data.done
            if (event.data.segment >= 0) {
              segments.value[event.data.segment] = {
                stage: event.data.stage,
                attempt: event.data.attempt,
                finished: false
              }
            }
          } else if (event.type === "segment") {
            if (event.data.status !== "failed") waiting.value = null
            total.value = event.data.total
            done.value = event.data.done
            const { reason } = event.data
            segments.value[event.data.segment] = {
              stage: "done",
              attempt: 0,
              finished: true,
              status: event.data.status,
              ...(reason !== undefined ? { reason } : {})
            }
            partial.value[event.data.segment] = event.data.text
          } else if (event.type === "result") {
            result.value = event.data
            savedVersion.value = event.data.version ?? null
            status.value = "done"
          } else {
            error.value = event.data.error.message
            result.value = partialResultOf(event.data) ?? null
            status.value = "error"
          }
        },
        savedId
      )
      waiting.value = null
      if (outcome === "aborted") status.value = "cancelled"
      else if (status.value === "running") {
        status.value = "error"
        error.value = "The service closed the stream before the result arrived."
      }
    } catch (e) {
      waiting.value = null
      status.value = "error"
      error.value = e instanceof Error ? e.message : String(e)
      if (e instanceof ApiError && e.partialResult !== undefined) result.value = e.partialResult
    }
  }

  function cancel() {
    stream.cancel()
    if (status.value === "running") status.value = "cancelled"
  }

  return {
    document,
    fileName,
    profiles,
    profileId,
    options,
    status,
    error,
    segments,
    total,
    done,
    result,
    outline,
    partial,
    documentId,
    savedVersion,
    waiting,
    pinned,
    showInstructionOf,
    pinInstruction,
    instructionUsed,
    canRun,
    percent,
    userVoices,
    houseStyles,
    loadProfiles,
    start,
    cancel
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRunStore, import.meta.hot))
