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
  retryParagraphs,
  type VersionDetail,
  type VersionSummary
} from "../api/redraft.ts"
import { fromRun, fromVersion, type ReviewModel } from "../lib/review.ts"
import { useDocumentsStore } from "./documents.ts"
import { useRunStore } from "./run.ts"
import { useSettingsStore } from "./settings.ts"

/** A paragraph the writer has something to look at in: a rewrite, or provider calls that failed. */
const needsLook = (p: ReviewParagraph): boolean => p.status === "rewritten" || p.status === "failed"

/** A paragraph "Accept all that passed" leaves to the writer: a failed meaning check, or failed provider calls. */
const needsWriter = (p: ReviewParagraph): boolean =>
  p.status === "failed" || (p.status === "rewritten" && p.meaning === "failed")

/**
 * The review of a saved document's versions: which version is shown, each rewritten paragraph's decision (accept,
 * reject, edit, retry), and the text with the decisions applied.
 */
export const useReviewStore = defineStore("review", () => {
  const documents = useDocumentsStore()
  const run = useRunStore()
  const settings = useSettingsStore()

  /** The current document's versions, newest first, with what made each and how its run ended. */
  const versions = ref<ReadonlyArray<VersionSummary>>([])
  const version = ref<VersionDetail | null>(null)
  const busy = ref<number | null>(null)
  const error = ref<string | null>(null)

  const failed = (e: unknown) => {
    error.value = e instanceof ApiError ? e.message : String(e)
  }

  /** The version to show when the next document opens (a link to it, the last one seen), instead of the newest. */
  const nextVersion = ref<number | null>(null)
  /** The document whose versions are shown. */
  let loadedFor: string | null = null
  /** Counts loads, so one that was overtaken by a later one does not overwrite what that one shows. */
  let loads = 0

  /** Loads the current document's versions and shows `n` (default: `nextVersion`, else the newest). */
  const load = async (n?: number) => {
    error.value = null
    const id = documents.currentId
    const asked = n ?? nextVersion.value ?? undefined
    nextVersion.value = null
    const seq = ++loads
    if (id !== loadedFor || id === null) {
      // Another document: its versions replace the last one's at once, not after the requests below.
      loadedFor = id
      versions.value = []
      version.value = null
    }
    if (id === null) return
    try {
      const document = await getDocument(id)
      if (seq !== loads) return
      versions.value = document.versions
      // A version asked for that is not there (deleted with a restore, a stale link) gives way to the newest.
      const wanted = versions.value.some((v) => v.n === asked) ? asked : versions.value[0]?.n
      const shown = wanted === undefined ? null : await getVersion(id, wanted)
      if (seq === loads) version.value = shown
    } catch (e) {
      if (seq === loads) failed(e)
    }
  }

  const replace = (paragraph: ReviewParagraph) => {
    const current = version.value
    if (current === null) return
    const paragraphs = current.paragraphs.map((p) => (p.index === paragraph.index ? paragraph : p))
    version.value = { ...current, paragraphs }
  }

  /**
   * Records a decision on the paragraph as this tab last saw it. When another tab or a retry changed it first, the
   * service refuses (412): the paragraph is shown as it is now, and false tells the caller to keep the writer's edit.
   */
  const decide = async (index: number, decision: Decision, text?: string): Promise<boolean> => {
    const id = documents.currentId
    const current = version.value
    if (id === null || current === null) return false
    busy.value = index
    try {
      const revision = current.paragraphs.find((p) => p.index === index)?.revision
      const body = text === undefined ? { decision } : { decision, text }
      replace(await decideParagraph(id, current.n, index, body, revision))
      await refreshText()
      error.value = null
      return true
    } catch (e) {
      if (e instanceof ApiError && e.status === 412) {
        await refreshText().catch(failed)
        error.value =
          "This paragraph was changed elsewhere (another tab, or a retry) and now shows what was saved; your choice was not applied. Choose again."
      } else failed(e)
      return false
    } finally {
      busy.value = null
    }
  }

  /**
   * A retry runs as the version did: its style, instruction, threshold and rounds (settings it did not keep come from
   * the form), on the model server and model chosen now.
   */
  const retryBody = (current: VersionDetail) => {
    const made = current.settings
    return {
      styleProfileId: current.styleProfileId,
      provider: {
        baseUrl: settings.normalizedBaseUrl,
        ...(settings.model !== "" ? { model: settings.model } : {}),
        reasoningEffort: run.options.reasoningEffort
      },
      options: {
        styleThreshold: made.styleThreshold ?? run.options.styleThreshold,
        maxRewriteIterations: made.maxRewriteIterations ?? run.options.maxRewriteIterations,
        runMeaningCheck: made.runMeaningCheck ?? run.options.runMeaningCheck,
        instruction: made.instruction
      }
    }
  }

  const retry = async (index: number) => {
    const id = documents.currentId
    const current = version.value
    if (id === null || current === null) return
    busy.value = index
    try {
      replace(await retryParagraph(id, current.n, index, retryBody(current)))
      await refreshText()
    } catch (e) {
      failed(e)
    } finally {
      busy.value = null
    }
  }

  /** The paragraphs whose provider calls failed, still waiting for the writer. */
  const failedParagraphs = computed(
    () => version.value?.paragraphs.filter((p) => p.status === "failed" && p.decision === "pending") ?? []
  )
  /** True while "Retry the failed paragraphs" runs. */
  const retryingFailed = ref(false)

  /** Rewrites every failed paragraph again in one request; those that fail again say why. */
  const retryFailed = async () => {
    const id = documents.currentId
    const current = version.value
    const indexes = failedParagraphs.value.map((p) => p.index)
    if (id === null || current === null || indexes.length === 0) return
    retryingFailed.value = true
    try {
      const outcome = await retryParagraphs(id, current.n, indexes, retryBody(current))
      await refreshText()
      error.value =
        outcome.failed.length === 0
          ? null
          : `${outcome.failed.length} of ${indexes.length} paragraphs failed again: ${outcome.failed[0]?.error.message}`
    } catch (e) {
      failed(e)
    } finally {
      retryingFailed.value = false
    }
  }

  /**
   * Decides every paragraph still pending that has nothing left to decide: a rewrite that passed its checks, and a
   * paragraph left unchanged or kept as it was. A rewrite whose meaning check failed, and a paragraph whose provider
   * calls failed, wait for the writer.
   */
  const acceptAllPassed = async () => {
    for (const p of version.value?.paragraphs ?? []) {
      if (p.decision === "pending" && !needsWriter(p)) await decide(p.index, "accepted")
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
    run.outline = []
    version.value = null
    await documents.save()
    const id = documents.currentId
    const newest = versions.value[0]?.n ?? 0
    // The instruction went with this run; it stays for the next only when pinned to the document.
    const running = run.start(id ?? undefined)
    if (run.status === "running") run.instructionUsed()
    await running
    if (id !== null && run.status === "cancelled" && Object.keys(run.partial).length > 0) {
      // The service saves what finished when the connection closes; the new version is shown once it is there.
      run.savedVersion = await awaitVersion(id, newest)
    }
    if (run.savedVersion !== null) await Promise.all([load(run.savedVersion), documents.refresh()])
    // A run that failed after some paragraphs finished was saved with them before the error was sent; one that
    // failed with nothing finished leaves the last version to review.
    else if (id !== null && run.status === "error") await Promise.all([load(), documents.refresh()])
  }

  /** The number of the first version of document `id` after `newest`, looked for for up to two seconds. */
  const awaitVersion = async (id: string, newest: number): Promise<number | null> => {
    for (let tries = 0; tries < 20; tries++) {
      const found = (await getDocument(id).catch(() => null))?.versions[0]?.n ?? 0
      if (found > newest) return found
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return null
  }

  /** The run being shown belongs to the document open now. */
  const runShown = computed(() => run.documentId === documents.currentId && run.outline.length > 0)

  /**
   * What the review shows: the run while it streams (paragraphs in place as they finish), the saved version once it
   * is there, or the run when it was not saved (cancelled, or a text that could not be saved).
   */
  const model = computed<ReviewModel | null>(() => {
    if (run.status === "running" && runShown.value) return fromRun(run.outline, run.segments, run.partial)
    if (version.value !== null) return fromVersion(version.value)
    if (runShown.value) return fromRun(run.outline, run.segments, run.partial)
    return null
  })

  /** The shown run's or version's figures, once they are known. */
  const summary = computed(() => {
    if (run.status === "running" && runShown.value) return null
    if (version.value !== null) return { ...version.value.summary, model: version.value.provider.model }
    if (runShown.value && run.result !== null) return { ...run.result.summary, model: run.result.provider.model }
    return null
  })

  /** Paragraphs still waiting for the writer: unchanged and kept ones count as done. */
  const pending = computed(
    () => version.value?.paragraphs.filter((p) => p.decision === "pending" && needsLook(p)).length ?? 0
  )

  return {
    versions,
    version,
    nextVersion,
    busy,
    error,
    pending,
    runShown,
    model,
    summary,
    load,
    decide,
    retry,
    failedParagraphs,
    retryingFailed,
    retryFailed,
    acceptAllPassed,
    rewrite
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useReviewStore, import.meta.hot))
