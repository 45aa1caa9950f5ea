import { createTestingPinia } from "@pinia/testing"
import { mount } from "@vue/test-utils"
import { describe, expect, it, vi } from "vitest"
import type { RewriteResult } from "../../web/src/api/redraft.ts"
import PartialView from "../../web/src/components/PartialView.vue"
import ProviderSettings from "../../web/src/components/ProviderSettings.vue"
import ResultView from "../../web/src/components/ResultView.vue"
import RunBar from "../../web/src/components/RunBar.vue"
import { useRunStore } from "../../web/src/stores/run.ts"
import { useSettingsStore } from "../../web/src/stores/settings.ts"

describe("ProviderSettings", () => {
  it("shows the inline message for an invalid endpoint and checks again on request", async () => {
    const wrapper = mount(ProviderSettings, {
      global: {
        plugins: [createTestingPinia({ createSpy: vi.fn, initialState: { settings: { baseUrl: "localhost:1234" } } })]
      }
    })
    const settings = useSettingsStore()
    expect(wrapper.get("[data-test=endpoint-error]").text()).toContain("http:// or https://")
    await wrapper.get("[data-test=recheck]").trigger("click")
    expect(settings.refresh).toHaveBeenCalled()
    await wrapper.get("[data-test=endpoint]").setValue("http://localhost:11434/v1")
    expect(settings.baseUrl).toBe("http://localhost:11434/v1")
  })

  it("lists the models and explains an unreachable provider", () => {
    const wrapper = mount(ProviderSettings, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              settings: { models: ["a-model", "b-model"], status: "unreachable", message: "Start LM Studio or Ollama." }
            }
          })
        ]
      }
    })
    expect(wrapper.findAll("[data-test=model] option").map((o) => o.text())).toEqual([
      "Automatic",
      "a-model",
      "b-model"
    ])
    expect(wrapper.get("[data-test=health]").text()).toContain("unreachable")
    expect(wrapper.get("[data-test=health-message]").text()).toContain("Start LM Studio")
  })

  it("offers the suggested address as a one-click fix for an endpoint without /v1", async () => {
    const wrapper = mount(ProviderSettings, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              settings: {
                baseUrl: "http://localhost:1234",
                status: "error",
                message: "http://localhost:1234 is not an OpenAI-compatible API, but http://localhost:1234/v1 is",
                health: {
                  ok: false,
                  localProviderReachable: true,
                  defaultModelFound: false,
                  model: null,
                  status: "wrong_base_url",
                  suggestedBaseUrl: "http://localhost:1234/v1"
                }
              }
            }
          })
        ]
      }
    })
    const settings = useSettingsStore()
    expect(wrapper.get("[data-test=health-message]").text()).toContain("not an OpenAI-compatible API")
    const fix = wrapper.get("[data-test=use-suggested-url]")
    expect(fix.text()).toBe("Use http://localhost:1234/v1")
    await fix.trigger("click")
    expect(settings.applySuggestedBaseUrl).toHaveBeenCalled()
  })

  it("shows a server that is not an OpenAI-compatible API as a problem, without a fix to click", () => {
    const wrapper = mount(ProviderSettings, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              settings: {
                status: "error",
                message: "the server at http://localhost:8000 answers, but not as an OpenAI-compatible API",
                health: {
                  ok: false,
                  localProviderReachable: true,
                  defaultModelFound: false,
                  model: null,
                  status: "not_openai_api"
                }
              }
            }
          })
        ]
      }
    })
    expect(wrapper.get("[data-test=health]").text()).toContain("Provider problem")
    expect(wrapper.get("[data-test=health-message]").text()).toContain("not as an OpenAI-compatible API")
    expect(wrapper.find("[data-test=use-suggested-url]").exists()).toBe(false)
  })
})

describe("RunBar", () => {
  it("runs, shows progress per segment, and cancels", async () => {
    const wrapper = mount(RunBar, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              run: {
                document: "Text.",
                status: "running",
                total: 3,
                done: 1,
                segments: {
                  0: { stage: "rewrite", attempt: 1, finished: false },
                  2: { stage: "done", attempt: 0, finished: true }
                }
              }
            }
          })
        ]
      }
    })
    const run = useRunStore()
    expect(wrapper.get("[data-test=progress-text]").text()).toBe("1 of 3 paragraphs done")
    expect(wrapper.findAll("[data-test=segment-progress]").map((s) => s.text())).toEqual([
      "Segment 1: rewrite (round 2)"
    ])
    await wrapper.get("[data-test=cancel]").trigger("click")
    expect(run.cancel).toHaveBeenCalled()
  })

  it("shows an API error to the user", () => {
    const wrapper = mount(RunBar, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: { run: { status: "error", error: "Model is unloaded." } }
          })
        ]
      }
    })
    expect(wrapper.get("[data-test=error]").text()).toBe("Model is unloaded.")
  })
})

const segmentDebug = (index: number, original: string, finalText: string, status: string, reason?: string) => ({
  index,
  status,
  ...(reason !== undefined ? { reason } : {}),
  original,
  finalText,
  attempts: status === "failed" ? [] : [{ attempt: 0, text: finalText, styleScore: 90, feedback: [] }],
  meaning:
    status === "failed" ? null : { pass: status !== "kept", missingDetails: [], addedClaims: [], changedMeaning: [] },
  source: status === "kept" ? "original" : status === "failed" ? "original" : "rewrite",
  timingsMs: { total: 5 }
})

/** Three paragraphs: the first rewritten, the second kept by the meaning check, the third lost to the provider. */
const RESULT_WITH_KEPT = {
  finalText: "We use 4 servers.\n\nIt rained on 3 May.\n\nWe utilize 2 disks.",
  summary: {
    segments: 3,
    rewritten: 1,
    protected: 0,
    styleScore: 88,
    meaning: "failed",
    failed: 1,
    warnings: [
      'Paragraph 2 ("It rained on 3 May."): kept as it was, because the rewrite dropped 3 May.',
      'Paragraph 3 ("We utilize 2 disks."): kept as it was, because its provider calls failed: the reply was cut off.'
    ]
  },
  paragraphs: [
    { index: 0, paragraph: 1, status: "rewritten" },
    {
      index: 2,
      paragraph: 2,
      status: "kept",
      reason: "kept as it was, because the rewrite dropped 3 May.",
      findings: [{ kind: "date", message: '"3 May" was dropped', original: "3 May" }]
    },
    { index: 4, paragraph: 3, status: "failed", reason: "the reply was cut off", error: "provider_error" }
  ],
  provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" },
  debug: {
    timingsMs: { total: 20 },
    usage: { calls: 5, promptTokens: 100, completionTokens: 20 },
    segments: [
      segmentDebug(0, "We utilize 4 servers.", "We use 4 servers.", "rewritten"),
      segmentDebug(
        2,
        "It rained on 3 May.",
        "It rained on 3 May.",
        "kept",
        "kept as it was, because the rewrite dropped 3 May."
      ),
      segmentDebug(4, "We utilize 2 disks.", "We utilize 2 disks.", "failed", "the reply was cut off")
    ]
  }
} as unknown as RewriteResult

describe("ResultView", () => {
  const mountResult = (status: "done" | "error") =>
    mount(ResultView, {
      global: {
        plugins: [createTestingPinia({ createSpy: vi.fn, initialState: { run: { status, result: RESULT_WITH_KEPT } } })]
      }
    })

  it("marks each paragraph that kept its original text, with the reason, and counts them", () => {
    const wrapper = mountResult("done")
    const rows = wrapper.findAll("[data-test=segment-row]")
    expect(rows.map((r) => r.attributes("data-status"))).toEqual(["rewritten", "kept", "failed"])
    expect(rows[0]?.find("[data-test=kept-note]").exists()).toBe(false)
    expect(rows[1]?.get("[data-test=kept-note]").text()).toBe("Kept as it was because the rewrite dropped 3 May.")
    expect(rows[2]?.get("[data-test=kept-note]").text()).toBe(
      "Kept as it was because its provider calls failed: the reply was cut off."
    )
    // The guards' findings are listed under the paragraph they refused.
    expect(rows[1]?.get("[data-test=findings]").text()).toBe('date "3 May" was dropped')
    expect(rows[0]?.find("[data-test=findings]").exists()).toBe(false)
    // A paragraph whose provider calls failed was never checked, so it shows no meaning verdict.
    expect(rows[2]?.text()).not.toContain("meaning")
    expect(wrapper.get("[data-test=kept-count]").text()).toBe(
      "2 paragraphs kept as they were (1 because its provider calls failed)"
    )
    expect(wrapper.find("[data-test=partial-result-note]").exists()).toBe(false)
  })

  it("says that a failed run's result holds only what finished", () => {
    const wrapper = mountResult("error")
    expect(wrapper.get("[data-test=partial-result-note]").text()).toContain("stopped before the end")
    expect(wrapper.findAll("[data-test=segment-row]")).toHaveLength(3)
  })
})

describe("PartialView", () => {
  const mountPartial = (status: "running" | "error" | "cancelled") =>
    mount(PartialView, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              run: {
                status,
                partial: { 0: "We use 4 servers.", 2: "We utilize 2 disks." },
                segments: {
                  0: { stage: "done", attempt: 0, finished: true, status: "rewritten" },
                  2: { stage: "done", attempt: 0, finished: true, status: "failed", reason: "Model is unloaded." }
                }
              }
            }
          })
        ]
      }
    })

  it.each(["running", "error", "cancelled"] as const)("shows the finished paragraphs while %s", (status) => {
    const wrapper = mountPartial(status)
    const texts = wrapper.findAll("[data-test=partial-text]")
    expect(texts).toHaveLength(2)
    expect(texts[0]?.text()).toBe("We use 4 servers.")
    expect(texts[1]?.get("[data-test=kept-note]").text()).toBe(
      "Kept as it was because its provider calls failed: Model is unloaded."
    )
    expect(texts[1]?.text()).toContain("We utilize 2 disks.")
  })

  it("says why the list stops after a cancel", () => {
    expect(mountPartial("cancelled").get("[data-test=partial]").text()).toContain("before the run was cancelled")
  })
})
