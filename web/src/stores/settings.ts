import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref, watch } from "vue"
import { fetchHealth, fetchModels, type HealthResult } from "../api/redraft.ts"

export const DEFAULT_BASE_URL = "http://localhost:1234/v1"
const STORAGE_KEY = "redraft.provider"

interface Stored {
  readonly baseUrl?: string
  readonly model?: string
}

const load = (): Stored => {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") as Stored
  } catch {
    return {}
  }
}

/** Validation of the endpoint as the user types it; the service checks it again. */
export const endpointProblem = (value: string): string | null => {
  const trimmed = value.trim()
  if (trimmed === "") return "Enter the address of your model server, e.g. http://localhost:1234/v1."
  if (!/^https?:\/\/\S+$/i.test(trimmed)) return "The endpoint must start with http:// or https://."
  if (/\/(models|chat\/completions)\/?$/i.test(trimmed))
    return "Give the base address (ending at /v1), not an endpoint path."
  return null
}

/** Provider settings (kept in local storage), its health, and its model list. */
export const useSettingsStore = defineStore("settings", () => {
  const stored = load()
  /** The endpoint as typed. */
  const baseUrl = ref(stored.baseUrl ?? DEFAULT_BASE_URL)
  /** The chosen model; "" lets the service choose. */
  const model = ref(stored.model ?? "")
  const models = ref<ReadonlyArray<string>>([])
  const health = ref<HealthResult | null>(null)
  const status = ref<"idle" | "checking" | "ready" | "unreachable" | "error">("idle")
  const message = ref<string | null>(null)

  const endpointError = computed(() => endpointProblem(baseUrl.value))
  const normalizedBaseUrl = computed(() => baseUrl.value.trim().replace(/\/+$/, ""))
  /**
   * The address that would work when the last check found a server at the wrong address (most often one typed
   * without `/v1`); null otherwise, and while another check runs.
   */
  const suggestedBaseUrl = computed(() =>
    status.value === "error" && health.value?.status === "wrong_base_url"
      ? (health.value.suggestedBaseUrl ?? null)
      : null
  )

  let generation = 0
  /** Asks the service about the provider at the current endpoint: health first, then the model list. */
  async function refresh() {
    if (endpointError.value !== null) {
      status.value = "idle"
      models.value = []
      return
    }
    const mine = ++generation
    const url = normalizedBaseUrl.value
    status.value = "checking"
    message.value = null
    try {
      const result = await fetchHealth(url)
      if (mine !== generation) return
      health.value = result
      if (!result.localProviderReachable) {
        status.value = "unreachable"
        models.value = []
        message.value = `No model server answers at ${url}. Start LM Studio (and its local server) or Ollama, or check the address.`
        return
      }
      const list = await fetchModels(url).catch(() => ({ baseUrl: url, models: [] }))
      if (mine !== generation) return
      models.value = list.models.map((m) => m.id)
      if (model.value !== "" && !models.value.includes(model.value)) model.value = ""
      status.value = result.ok ? "ready" : "error"
      message.value = result.ok ? null : (result.error ?? "The model server is not ready.")
    } catch (error) {
      if (mine !== generation) return
      status.value = "error"
      message.value = error instanceof Error ? error.message : String(error)
    }
  }

  /** Switches the endpoint to the suggested address; the endpoint watcher checks it again. */
  function applySuggestedBaseUrl() {
    if (suggestedBaseUrl.value !== null) baseUrl.value = suggestedBaseUrl.value
  }

  let timer: ReturnType<typeof setTimeout> | undefined
  watch(baseUrl, () => {
    clearTimeout(timer)
    timer = setTimeout(() => void refresh(), 300)
  })
  watch([baseUrl, model], () => {
    if (endpointError.value === null) {
      localStorage.setItem(STORAGE_KEY, JSON.stringify({ baseUrl: baseUrl.value.trim(), model: model.value }))
    }
  })

  return {
    baseUrl,
    model,
    models,
    health,
    status,
    message,
    endpointError,
    normalizedBaseUrl,
    suggestedBaseUrl,
    refresh,
    applySuggestedBaseUrl
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSettingsStore, import.meta.hot))
