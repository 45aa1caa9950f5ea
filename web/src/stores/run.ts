import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref } from "vue"
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
}

export const MAX_DOCUMENT_CHARS = 200_000

/** The document, the chosen style and options, and the state of the current rewrite. */
export const useRunStore = defineStore("run", () => {
  const settings = useSettingsStore()
  const stream = useEventStream()

  const document = ref("")
  const fileName = ref<string | null>(null)
  const profiles = ref<ReadonlyArray<ProfileSummary>>([])
  const profileId = ref("direct-technical")
  const options = ref<RunOptions>({
    styleThreshold: 80,
    maxRewriteIterations: 2,
    runMeaningCheck: true,
    finalSmoothing: false,
    reasoningEffort: "none",
    includeDebug: false
  })
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

  const canRun = computed(
    () =>
      document.value.trim() !== "" &&
      settings.endpointError === null &&
      status.value !== "running" &&
      document.value.length <= MAX_DOCUMENT_CHARS
  )
  const percent = computed(() => (total.value === 0 ? 0 : Math.round((done.value / total.value) * 100)))

  async function loadProfiles() {
    try {
      profiles.value = (await fetchProfiles()).profiles
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
            // Per-segment scores and verdicts come from the debug section, so it is always requested.
            includeDebug: true
          }
        },
        (event) => {
          if (event.type === "outline") {
            outline.value = event.data.blocks
            total.value = event.data.total
          } else if (event.type === "progress") {
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
      if (outcome === "aborted") status.value = "cancelled"
      else if (status.value === "running") {
        status.value = "error"
        error.value = "The service closed the stream before the result arrived."
      }
    } catch (e) {
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
    canRun,
    percent,
    loadProfiles,
    start,
    cancel
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useRunStore, import.meta.hot))
