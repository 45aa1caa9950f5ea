import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref } from "vue"
import {
  ApiError,
  type Decision,
  decideParagraph,
  getDocument,
  getVersion,
  type ReviewParagraph,
  retryParagraph,
  type VersionDetail
} from "../api/redraft.ts"
import { useDocumentsStore } from "./documents.ts"
import { useRunStore } from "./run.ts"
import { useSettingsStore } from "./settings.ts"

/**
 * The review of a saved document's versions: which version is shown, each rewritten paragraph's decision (accept,
 * reject, edit, retry), and the text with the decisions applied.
 */
export const useReviewStore = defineStore("review", () => {
  const documents = useDocumentsStore()
  const run = useRunStore()
  const settings = useSettingsStore()

  /** The current document's versions, newest first. */
  const versions = ref<ReadonlyArray<{ readonly n: number; readonly createdAt: string }>>([])
  const version = ref<VersionDetail | null>(null)
  const busy = ref<number | null>(null)
  const error = ref<string | null>(null)

  const failed = (e: unknown) => {
    error.value = e instanceof ApiError ? e.message : String(e)
  }

  /** Loads the current document's versions and shows `n` (default: the newest). */
  const load = async (n?: number) => {
    error.value = null
    const id = documents.currentId
    if (id === null) {
      versions.value = []
      version.value = null
      return
    }
    try {
      const document = await getDocument(id)
      versions.value = document.versions.map((v) => ({ n: v.n, createdAt: v.createdAt }))
      const wanted = n ?? versions.value[0]?.n
      version.value = wanted === undefined ? null : await getVersion(id, wanted)
    } catch (e) {
      failed(e)
    }
  }

  const replace = (paragraph: ReviewParagraph) => {
    const current = version.value
    if (current === null) return
    const paragraphs = current.paragraphs.map((p) => (p.index === paragraph.index ? paragraph : p))
    version.value = { ...current, paragraphs }
  }

  const decide = async (index: number, decision: Decision, text?: string) => {
    const id = documents.currentId
    const current = version.value
    if (id === null || current === null) return
    busy.value = index
    try {
      replace(await decideParagraph(id, current.n, index, text === undefined ? { decision } : { decision, text }))
      await refreshText()
    } catch (e) {
      failed(e)
    } finally {
      busy.value = null
    }
  }

  const retry = async (index: number) => {
    const id = documents.currentId
    const current = version.value
    if (id === null || current === null) return
    busy.value = index
    try {
      replace(
        await retryParagraph(id, current.n, index, {
          styleProfileId: current.styleProfileId,
          provider: {
            baseUrl: settings.normalizedBaseUrl,
            ...(settings.model !== "" ? { model: settings.model } : {}),
            reasoningEffort: run.options.reasoningEffort
          },
          options: {
            styleThreshold: run.options.styleThreshold,
            maxRewriteIterations: run.options.maxRewriteIterations
          }
        })
      )
      await refreshText()
    } catch (e) {
      failed(e)
    } finally {
      busy.value = null
    }
  }

  /** Accepts every paragraph still pending whose rewrite passed its checks. */
  const acceptAllPassed = async () => {
    for (const p of version.value?.paragraphs ?? []) {
      if (p.decision === "pending" && p.status === "rewritten" && p.meaning !== "failed")
        await decide(p.index, "accepted")
    }
  }

  /** The text with the decisions applied, as the service computes it. */
  const refreshText = async () => {
    const id = documents.currentId
    const current = version.value
    if (id === null || current === null) return
    const fresh = await getVersion(id, current.n)
    version.value = fresh
  }

  /**
   * Rewrites the text being edited. Its latest keystrokes are saved first, so the saved document is what is run, and
   * the run is saved as its next version, shown for review as soon as it is there.
   */
  const rewrite = async () => {
    if (!run.canRun) return
    // The last run's result and review go at once, not after the save below.
    run.result = null
    run.partial = {}
    version.value = null
    await documents.save()
    await run.start(documents.currentId ?? undefined)
    if (run.savedVersion !== null) await Promise.all([load(run.savedVersion), documents.refresh()])
  }

  const pending = computed(() => version.value?.paragraphs.filter((p) => p.decision === "pending").length ?? 0)

  return { versions, version, busy, error, pending, load, decide, retry, acceptAllPassed, rewrite }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useReviewStore, import.meta.hot))
