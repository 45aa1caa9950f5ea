/**
 * The settings store: the provider's address as the writer types it (checked at once, kept in the browser), and what
 * the real service (test/web/support/RealService.ts) finds there: the fake model server ready with its models, a
 * server at the address without /v1, one that is not an OpenAI-compatible API, and nothing at all.
 */
import { createPinia, setActivePinia } from "pinia"
import { createServer } from "node:net"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { nextTick } from "vue"
import type { HealthResult } from "../../web/src/api/redraft.ts"
import { DEFAULT_BASE_URL, endpointProblem, useSettingsStore } from "../../web/src/stores/settings.ts"
import { api, eventually, until, serviceForSpec } from "./support/RealService.ts"

const stored = () => JSON.parse(localStorage.getItem("redraft.provider") ?? "{}") as Record<string, unknown>

const health = async (baseUrl: string) =>
  (await api<HealthResult>("GET", `/api/health?baseUrl=${encodeURIComponent(baseUrl)}`)).json

/** An address on this machine where nothing listens: a port taken from the system, then let go. */
const nothingListening = () =>
  new Promise<string>((resolve) => {
    const server = createServer()
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(`http://127.0.0.1:${port}/v1`))
    })
  })

/** The fake model server's address without its /v1 (where it answers 404, as LM Studio does). */
const withoutVersion = (url: string) => url.replace(/\/v1$/, "")

/** How many times the fake model server was asked for its model list since it was last configured. */
const modelListings = async () => (await service.providerCalls()).filter((c) => c.path === "/models").length

/** The settings store of a page whose saved provider address is `baseUrl` (set before the store, so not "typed"). */
const settingsAt = (baseUrl: string, model = "") => {
  localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl, model }))
  return useSettingsStore()
}

const service = serviceForSpec()

beforeEach(() => {
  // Only the store's own timer (the check once typing pauses): a spec moves it on when it wants that check.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
})
afterEach(() => {
  vi.useRealTimers()
})

describe("settings store", () => {
  it("validates the endpoint as typed", () => {
    expect(endpointProblem("http://localhost:1234/v1")).toBeNull()
    expect(endpointProblem("  HTTPS://models.example/v1  ")).toBeNull()
    expect(endpointProblem("localhost:1234/v1")).toBe("The endpoint must start with http:// or https://.")
    expect(endpointProblem("xhttp://localhost:1234/v1")).toContain("must start with http:// or https://")
    expect(endpointProblem("http://local host/v1")).toContain("must start with http:// or https://")
    expect(endpointProblem("http://")).toContain("must start with http:// or https://")
    expect(endpointProblem("   ")).toBe("Enter the address of your model server, e.g. http://localhost:1234/v1.")
    expect(endpointProblem("http://localhost:1234/v1/models")).toBe(
      "Give the base address (ending at /v1), not an endpoint path."
    )
    expect(endpointProblem("http://localhost:1234/v1/chat/completions/")).toContain("not an endpoint path")
    expect(endpointProblem("http://localhost:1234/v1/models/x")).toBeNull()
  })

  it("starts with LM Studio's address and restores saved settings", () => {
    const fresh = useSettingsStore()
    expect(fresh.baseUrl).toBe(DEFAULT_BASE_URL)
    expect(fresh.model).toBe("")
    expect(fresh.models).toEqual([])
    expect(fresh.status).toBe("idle")
    localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl: "http://localhost:11434/v1", model: "llama" }))
    setActivePinia(createPinia())
    const store = useSettingsStore()
    expect(store.baseUrl).toBe("http://localhost:11434/v1")
    expect(store.model).toBe("llama")
    // Settings that are not JSON are forgotten, not fatal.
    localStorage.setItem("redraft.provider", "{")
    setActivePinia(createPinia())
    expect(useSettingsStore().baseUrl).toBe(DEFAULT_BASE_URL)
  })

  it("starts a writer who chose no endpoint at the service's own provider, and leaves a chosen one", async () => {
    // The service here was started for the fake model server (its PROVIDER_BASE_URL), not for LM Studio.
    const fresh = useSettingsStore()
    await fresh.start()
    expect(fresh.baseUrl).toBe(service.providerUrl)
    // The endpoint watcher checks it once typing would have paused.
    await nextTick()
    vi.advanceTimersByTime(300)
    await until(() => fresh.status === "ready")
    // A saved endpoint stays, and so does one typed before the list of providers came.
    localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl: DEFAULT_BASE_URL, model: "" }))
    setActivePinia(createPinia())
    const saved = useSettingsStore()
    await saved.start()
    expect(saved.baseUrl).toBe(DEFAULT_BASE_URL)
    localStorage.removeItem("redraft.provider")
    setActivePinia(createPinia())
    const typing = useSettingsStore()
    const started = typing.start()
    typing.baseUrl = "http://127.0.0.1:8080/v1"
    await started
    expect(typing.baseUrl).toBe("http://127.0.0.1:8080/v1")
  })

  it("saves valid settings, trimmed, and never an invalid endpoint", async () => {
    const store = useSettingsStore()
    store.baseUrl = " http://127.0.0.1:8080/v1 "
    await nextTick()
    expect(stored()).toEqual({ baseUrl: "http://127.0.0.1:8080/v1", model: "" })
    expect(store.normalizedBaseUrl).toBe("http://127.0.0.1:8080/v1")
    store.model = "qwen3-8b"
    await nextTick()
    expect(stored()).toEqual({ baseUrl: "http://127.0.0.1:8080/v1", model: "qwen3-8b" })
    store.baseUrl = "nonsense"
    await nextTick()
    expect(stored().baseUrl).toBe("http://127.0.0.1:8080/v1")
    store.baseUrl = "http://127.0.0.1:8080/v1///"
    expect(store.normalizedBaseUrl).toBe("http://127.0.0.1:8080/v1")
  })

  it("does not ask the service about an endpoint that is not valid", async () => {
    const store = settingsAt(service.providerUrl)
    await store.refresh()
    expect(store.status).toBe("ready")
    await service.configureProvider({})
    store.baseUrl = "localhost:1234/v1"
    await store.refresh()
    expect(store.status).toBe("idle")
    expect(store.models).toEqual([])
    expect(await modelListings()).toBe(0)
  })

  it("lists the provider's models when it is ready, and forgets a chosen model it does not have", async () => {
    const store = useSettingsStore()
    store.baseUrl = `${service.providerUrl}/`
    store.model = "llama"
    await store.refresh()
    expect(store.status).toBe("ready")
    expect(store.message).toBeNull()
    expect(store.health).toMatchObject({ ok: true, status: "ready", baseUrl: service.providerUrl })
    const listed = await api<{ models: ReadonlyArray<{ id: string }> }>(
      "GET",
      `/api/models?baseUrl=${encodeURIComponent(service.providerUrl)}`
    )
    expect(store.models).toEqual(listed.json.models.map((m) => m.id))
    expect(store.models.length).toBeGreaterThan(1)
    expect(store.model).toBe("")

    // A model the server has stays chosen.
    store.model = store.models[1]!
    await store.refresh()
    expect(store.model).toBe(listed.json.models[1]?.id)
  })

  it("a server without a model list is ready, with no models to choose from", async () => {
    // The service then tries a chat, which the fake model server answers on a timer of its own.
    vi.useRealTimers()
    await service.configureProvider({ behaviours: ["no-models"] })
    const store = settingsAt(service.providerUrl)
    store.models = ["left-over"]
    await store.refresh()
    expect(store.health?.status).toBe("models_unlisted")
    expect(store.status).toBe("ready")
    expect(store.models).toEqual([])
  })

  it("a server with no model loaded is not ready, and says so in the service's words", async () => {
    await service.configureProvider({ behaviours: ["empty-models"] })
    const store = settingsAt(service.providerUrl)
    await store.refresh()
    expect(store.status).toBe("error")
    expect(store.message).toBe((await health(service.providerUrl)).error)
    expect(store.message).toContain("no chat model loaded")
  })

  it("reports an unreachable provider with what to do", async () => {
    const nowhere = await nothingListening()
    const store = useSettingsStore()
    store.baseUrl = nowhere
    store.models = ["left-over"]
    await store.refresh()
    expect(store.status).toBe("unreachable")
    expect(store.message).toBe(
      `No model server answers at ${nowhere}. Start LM Studio (and its local server) or Ollama, or check the address.`
    )
    expect(store.models).toEqual([])
    expect(store.health?.localProviderReachable).toBe(false)
  })

  it("shows the service's message when it refuses the address", async () => {
    const store = useSettingsStore()
    // Fine as typed, but the service takes no query in a base address.
    store.baseUrl = `${service.providerUrl}?key=1`
    expect(store.endpointError).toBeNull()
    const refused = await api<{ error: { message: string } }>(
      "GET",
      `/api/health?baseUrl=${encodeURIComponent(store.normalizedBaseUrl)}`
    )
    expect(refused.status).toBe(400)
    await store.refresh()
    expect(store.status).toBe("error")
    expect(store.message).toBe(refused.json.error.message)
    expect(store.health).toBeNull()
    expect(store.suggestedBaseUrl).toBeNull()
  })

  it("offers the address with /v1 when the endpoint lacks it, and checks that address once it is chosen", async () => {
    const store = useSettingsStore()
    store.baseUrl = withoutVersion(service.providerUrl)
    await store.refresh()
    expect(store.status).toBe("error")
    expect(store.message).toContain(`${service.providerUrl} is`)
    expect(store.suggestedBaseUrl).toBe(service.providerUrl)

    // While the address is checked again, there is no suggestion to follow.
    const again = store.refresh()
    expect(store.status).toBe("checking")
    expect(store.message).toBeNull()
    expect(store.suggestedBaseUrl).toBeNull()
    await again
    expect(store.suggestedBaseUrl).toBe(service.providerUrl)

    store.applySuggestedBaseUrl()
    expect(store.baseUrl).toBe(service.providerUrl)
    await nextTick()
    vi.advanceTimersByTime(300)
    await until(() => store.status === "ready")
    expect(store.suggestedBaseUrl).toBeNull()
    expect(store.message).toBeNull()
    expect(store.models.length).toBeGreaterThan(0)
    // Nothing to apply once the address works.
    store.baseUrl = `${service.providerUrl} `
    store.applySuggestedBaseUrl()
    expect(store.baseUrl).toBe(`${service.providerUrl} `)
  })

  it("shows a server that is not an OpenAI-compatible API as an error, with no address to switch to", async () => {
    const store = useSettingsStore()
    // The fake model server answers only under /v1.
    store.baseUrl = `${withoutVersion(service.providerUrl)}/api`
    await store.refresh()
    expect(store.health?.status).toBe("not_openai_api")
    expect(store.status).toBe("error")
    expect(store.message).toContain("not as an OpenAI-compatible API")
    expect(store.suggestedBaseUrl).toBeNull()
    store.applySuggestedBaseUrl()
    expect(store.baseUrl).toBe(`${withoutVersion(service.providerUrl)}/api`)
  })

  it("checks the address once typing pauses, not at every keystroke", async () => {
    const store = useSettingsStore()
    for (const typed of ["h", "http://127.0.0.1", withoutVersion(service.providerUrl), service.providerUrl]) {
      store.baseUrl = typed
      await nextTick()
      vi.advanceTimersByTime(299)
    }
    expect(store.status).toBe("idle")
    vi.advanceTimersByTime(1)
    expect(store.status).toBe("checking")
    await until(() => store.status === "ready")
    // One check: the health check lists the models once, and the model list once more.
    expect(await modelListings()).toBe(2)
  })

  it("a check started before the address changed does not overwrite the newer one", async () => {
    const store = useSettingsStore()
    store.baseUrl = await nothingListening()
    const older = store.refresh()
    store.baseUrl = service.providerUrl
    const newer = store.refresh()
    await Promise.all([older, newer])
    expect(store.status).toBe("ready")
    expect(store.message).toBeNull()
    expect(store.health?.baseUrl).toBe(service.providerUrl)
    expect(store.models.length).toBeGreaterThan(0)

    // And a newer check that ends first is not overwritten by the older one's failure either.
    store.baseUrl = `${service.providerUrl}?key=1`
    const refused = store.refresh()
    store.baseUrl = service.providerUrl
    await Promise.all([refused, store.refresh()])
    expect(store.status).toBe("ready")
    expect(store.message).toBeNull()
  })

  it("a check whose answer comes late does not overwrite a newer one", async () => {
    // The fake model server answers chats on a timer of its own.
    vi.useRealTimers()
    // A server without a model list: the service tries a chat, which the fake model server answers late.
    await service.configureProvider({ behaviours: ["no-models", "slow"], delayMs: 300 })
    const store = settingsAt(service.providerUrl)
    const older = store.refresh()
    await eventually(async () => (await service.providerCallsInFlight()) > 0)
    // Meanwhile the server has unloaded its model, and the writer checks again.
    await service.configureProvider({ behaviours: ["empty-models"] })
    await store.refresh()
    await older
    expect(store.status).toBe("error")
    expect(store.health?.status).toBe("no_model")
    expect(store.message).toContain("no chat model loaded")
  })
})
