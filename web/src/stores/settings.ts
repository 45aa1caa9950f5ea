import { acceptHMRUpdate, defineStore } from "pinia"
import { computed, ref, watch } from "vue"
import {
  deleteProvider,
  fetchHealth,
  fetchModels,
  fetchProviders,
  type HealthResult,
  type ProviderInfo,
  type ProviderInput,
  putProvider
} from "../api/redraft.ts"

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

  /** The configured providers: the default, the presets and the writer's own (keys stay in the service). */
  const providers = ref<ReadonlyArray<ProviderInfo>>([])
  const providersFile = ref<string | null>(null)
  const providersProblem = ref<string | null>(null)
  /** The configured provider the endpoint is, if any: its key (when it has one) goes with every call. */
  const currentProvider = computed(() => {
    const at = providers.value.filter((p) => p.baseUrl.toLowerCase() === normalizedBaseUrl.value.toLowerCase())
    // The writer's own first: one at the default's address is the more specific.
    return at.find((p) => p.source === "file") ?? at[0] ?? null
  })

  /** Reads the list; without it the endpoint still works as typed, so a failure is only said. */
  async function loadProviders() {
    try {
      const list = await fetchProviders()
      providers.value = list.providers
      providersFile.value = list.file
      providersProblem.value = list.problem ?? null
    } catch (error) {
      providersProblem.value = `The list of servers could not be read: ${error instanceof Error ? error.message : String(error)}`
    }
  }

  /**
   * The first look at the settings: the configured providers, then the endpoint's health. A writer who has chosen no
   * endpoint yet (none saved, none typed) starts at the service's own default provider (its PROVIDER_BASE_URL), not at
   * LM Studio's address: the server the service was started for.
   */
  async function start() {
    await loadProviders()
    const own = providers.value.find((p) => p.id === "default")
    const untouched = stored.baseUrl === undefined && baseUrl.value === DEFAULT_BASE_URL
    if (untouched && own !== undefined && own.baseUrl !== DEFAULT_BASE_URL) {
      // The endpoint watcher checks the new address.
      baseUrl.value = own.baseUrl
      return
    }
    await refresh()
  }

  /** Picks a configured provider: its address becomes the endpoint. */
  function useProvider(id: string) {
    const chosen = providers.value.find((p) => p.id === id)
    if (chosen !== undefined) baseUrl.value = chosen.baseUrl
  }

  /** Adds or changes one of the writer's providers, then checks it when it is the one in use. */
  async function saveProvider(id: string, input: ProviderInput) {
    const saved = await putProvider(id, input)
    await loadProviders()
    if (saved.baseUrl === normalizedBaseUrl.value) void refresh()
    return saved
  }

  async function removeProvider(id: string) {
    await deleteProvider(id)
    await loadProviders()
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
    start,
    applySuggestedBaseUrl,
    providers,
    providersFile,
    providersProblem,
    currentProvider,
    loadProviders,
    useProvider,
    saveProvider,
    removeProvider
  }
})

if (import.meta.hot) import.meta.hot.accept(acceptHMRUpdate(useSettingsStore, import.meta.hot))
