import { createTestingPinia } from "@pinia/testing"
import { mount } from "@vue/test-utils"
import { describe, expect, it, vi } from "vitest"
import ProviderSettings from "../../web/src/components/ProviderSettings.vue"
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
