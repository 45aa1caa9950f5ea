import { createPinia, setActivePinia } from "pinia"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { nextTick } from "vue"
import { DEFAULT_BASE_URL, endpointProblem, useSettingsStore } from "../../web/src/stores/settings.ts"

const json = (body: unknown, status = 200) => Response.json(body, { status })

describe("settings store", () => {
  beforeEach(() => {
    localStorage.clear()
    setActivePinia(createPinia())
  })
  afterEach(() => vi.unstubAllGlobals())

  it("validates the endpoint as typed", () => {
    expect(endpointProblem("http://localhost:1234/v1")).toBeNull()
    expect(endpointProblem("localhost:1234/v1")).toContain("must start with http:// or https://")
    expect(endpointProblem("")).toContain("Enter the address")
    expect(endpointProblem("http://localhost:1234/v1/models")).toContain("not an endpoint path")
  })

  it("starts with LM Studio's address and restores saved settings", async () => {
    expect(useSettingsStore().baseUrl).toBe(DEFAULT_BASE_URL)
    localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl: "http://localhost:11434/v1", model: "llama" }))
    setActivePinia(createPinia())
    const store = useSettingsStore()
    expect(store.baseUrl).toBe("http://localhost:11434/v1")
    expect(store.model).toBe("llama")
  })

  it("saves valid settings and never an invalid endpoint", async () => {
    const store = useSettingsStore()
    store.baseUrl = "http://127.0.0.1:8080/v1"
    await nextTick()
    expect(JSON.parse(localStorage.getItem("redraft.provider") ?? "{}").baseUrl).toBe("http://127.0.0.1:8080/v1")
    store.baseUrl = "nonsense"
    await nextTick()
    expect(JSON.parse(localStorage.getItem("redraft.provider") ?? "{}").baseUrl).toBe("http://127.0.0.1:8080/v1")
  })

  it("reports an unreachable provider with what to do", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(
          { ok: false, localProviderReachable: false, defaultModelFound: false, model: null, status: "unreachable" },
          503
        )
      )
    )
    const store = useSettingsStore()
    await store.refresh()
    expect(store.status).toBe("unreachable")
    expect(store.message).toContain("Start LM Studio")
    expect(store.models).toEqual([])
  })

  it("lists the provider's models when it is ready", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.startsWith("/api/health")
        ? json({ ok: true, localProviderReachable: true, defaultModelFound: true, model: "gemma-4", status: "ready" })
        : json({
            baseUrl: "x",
            models: [
              { id: "gemma-4", selected: true },
              { id: "qwen3", selected: false }
            ]
          })
    )
    vi.stubGlobal("fetch", fetchMock)
    const store = useSettingsStore()
    await store.refresh()
    expect(store.status).toBe("ready")
    expect(store.models).toEqual(["gemma-4", "qwen3"])
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      `/api/health?baseUrl=${encodeURIComponent(DEFAULT_BASE_URL)}`,
      `/api/models?baseUrl=${encodeURIComponent(DEFAULT_BASE_URL)}`
    ])
  })

  it("offers the address with /v1 when the endpoint lacks it, and checks that address once it is chosen", async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url === `/api/health?baseUrl=${encodeURIComponent("http://localhost:1234")}`) {
        return json({
          ok: false,
          localProviderReachable: true,
          defaultModelFound: false,
          model: null,
          status: "wrong_base_url",
          error: "http://localhost:1234 is not an OpenAI-compatible API, but http://localhost:1234/v1 is",
          suggestedBaseUrl: "http://localhost:1234/v1"
        })
      }
      if (url.startsWith("/api/health"))
        return json({
          ok: true,
          localProviderReachable: true,
          defaultModelFound: true,
          model: "gemma-4",
          status: "ready"
        })
      if (url.includes(encodeURIComponent("/v1")))
        return json({ baseUrl: "x", models: [{ id: "gemma-4", selected: true }] })
      return json({ error: { code: "provider_error", message: "no model list" } }, 502)
    })
    vi.stubGlobal("fetch", fetchMock)
    const store = useSettingsStore()
    store.baseUrl = "http://localhost:1234"
    await store.refresh()
    expect(store.status).toBe("error")
    expect(store.message).toContain("http://localhost:1234/v1 is")
    expect(store.suggestedBaseUrl).toBe("http://localhost:1234/v1")

    store.applySuggestedBaseUrl()
    expect(store.baseUrl).toBe("http://localhost:1234/v1")
    await vi.waitFor(() => expect(store.status).toBe("ready"))
    expect(store.suggestedBaseUrl).toBeNull()
    expect(store.message).toBeNull()
    expect(store.models).toEqual(["gemma-4"])
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain(
      `/api/health?baseUrl=${encodeURIComponent("http://localhost:1234/v1")}`
    )
  })

  it("shows a server that is not an OpenAI-compatible API as an error, with no address to switch to", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url.startsWith("/api/health")
          ? json({
              ok: false,
              localProviderReachable: true,
              defaultModelFound: false,
              model: null,
              status: "not_openai_api",
              error: "the server at http://localhost:8000 answers, but not as an OpenAI-compatible API"
            })
          : json({ error: { code: "provider_error", message: "no model list" } }, 502)
      )
    )
    const store = useSettingsStore()
    store.baseUrl = "http://localhost:8000"
    await store.refresh()
    expect(store.status).toBe("error")
    expect(store.message).toContain("not as an OpenAI-compatible API")
    expect(store.suggestedBaseUrl).toBeNull()
  })
})
