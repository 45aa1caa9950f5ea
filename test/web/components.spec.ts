import { createTestingPinia } from "@pinia/testing"
import { mount } from "@vue/test-utils"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import ProviderSettings from "../../web/src/components/ProviderSettings.vue"
import ReviewView from "../../web/src/components/ReviewView.vue"
import RunBar from "../../web/src/components/RunBar.vue"
import { useRunStore } from "../../web/src/stores/run.ts"
import { useSettingsStore } from "../../web/src/stores/settings.ts"
import { finished, settingsOf } from "./support/Fixtures.ts"

describe("ProviderSettings", () => {
  // A new endpoint is checked 300 ms after the last change; no service answers in this spec, so that check never
  // comes due.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

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
                outline: [
                  { index: 0, kept: true, text: "# Notes" },
                  { index: 1, kept: false, text: "One." },
                  { index: 3, kept: false, text: "Two." }
                ],
                segments: {
                  1: { stage: "rewrite", attempt: 1, finished: false },
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
      "Paragraph 1: rewrite (round 2)"
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

/** A document of a heading and three paragraphs, as the service outlines it. */
const OUTLINE = [
  { index: 0, kept: true, text: "# Servers\n" },
  { index: 2, kept: false, text: "We utilize 4 servers." },
  { index: 4, kept: false, text: "It rained on 3 May." },
  { index: 6, kept: false, text: "We utilize 2 disks." }
]

const SUMMARY = {
  segments: 4,
  rewritten: 1,
  protected: 1,
  styleScore: 88,
  meaning: "failed",
  failed: 1,
  warnings: ['Paragraph 2 ("It rained on 3 May."): kept as it was, because the rewrite dropped 3 May.']
}

/** Three paragraphs: the first rewritten, the second kept by the meaning check, the third lost to the provider. */
const VERSION = {
  n: 2,
  createdAt: "2026-11-23T10:00:00.000Z",
  styleProfileId: "plain-english",
  provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" },
  summary: SUMMARY,
  settings: settingsOf("plain-english", "Plain English"),
  outcome: finished(3, 2),
  blocks: OUTLINE,
  text: "# Servers\n\nWe use 4 servers.\n\nIt rained on 3 May.\n\nWe utilize 2 disks.\n",
  paragraphs: [
    {
      index: 2,
      original: "We utilize 4 servers.",
      rewrite: "We use 4 servers.",
      decision: "pending",
      text: "We use 4 servers.",
      status: "rewritten",
      styleScore: 62,
      styleFeedback: ["Sentences average 4 words; your samples average 14."],
      meaning: "passed",
      findings: [],
      warnings: []
    },
    {
      index: 4,
      original: "It rained on 3 May.",
      rewrite: "It rained on 3 May.",
      decision: "pending",
      text: "It rained on 3 May.",
      status: "kept",
      styleScore: 90,
      styleFeedback: [],
      meaning: "failed",
      findings: [{ kind: "date", certainty: "certain", message: '"3 May" was dropped', original: "3 May" }],
      warnings: ["kept as it was, because the rewrite dropped 3 May."]
    },
    {
      index: 6,
      original: "We utilize 2 disks.",
      rewrite: "We utilize 2 disks.",
      decision: "rejected",
      text: "We utilize 2 disks.",
      status: "failed",
      styleScore: null,
      styleFeedback: [],
      meaning: "skipped",
      findings: [],
      warnings: ["the reply was cut off"]
    }
  ]
}

describe("ReviewView", () => {
  const mountReview = (run: Record<string, unknown>, review: Record<string, unknown> = {}) =>
    mount(ReviewView, {
      global: {
        plugins: [
          createTestingPinia({
            createSpy: vi.fn,
            initialState: {
              run: { documentId: "d1", ...run },
              documents: { currentId: "documentId" in run ? run["documentId"] : "d1" },
              review
            }
          })
        ]
      }
    })
  const cards = (wrapper: ReturnType<typeof mountReview>) => wrapper.findAll("[data-test=review-paragraph]")

  it("shows the document in place while the run streams: finished paragraphs, the one at work, the ones waiting", () => {
    const wrapper = mountReview({
      status: "running",
      outline: OUTLINE,
      segments: {
        2: { stage: "done", attempt: 0, finished: true, status: "rewritten" },
        4: { stage: "meaning-check", attempt: 0, finished: false }
      },
      partial: { 2: "We use 4 servers." }
    })
    expect(wrapper.get("[data-test=kept-block]").text()).toBe("# Servers")
    expect(cards(wrapper).map((c) => c.attributes("data-status"))).toEqual(["rewritten", "working", "working"])
    expect(cards(wrapper).map((c) => c.get("[data-test=paragraph-status]").text())).toEqual([
      "rewritten",
      "meaning-check…",
      "waiting"
    ])
    expect(cards(wrapper)[0]?.get("[data-test=diff]").text()).toBe("We utilizeuse 4 servers.")
    expect(wrapper.get("[data-test=live-count]").text()).toContain("1 of 3 paragraphs finished")
    // Nothing to decide on before the run is saved.
    expect(wrapper.find("[data-test=accept]").exists()).toBe(false)
    expect(wrapper.find("[data-test=summary]").exists()).toBe(false)
  })

  it("says why a finished paragraph kept its text, and what a cancel left", () => {
    const wrapper = mountReview({
      status: "cancelled",
      outline: OUTLINE,
      segments: {
        2: { stage: "done", attempt: 0, finished: true, status: "rewritten" },
        6: { stage: "done", attempt: 0, finished: true, status: "failed", reason: "Model is unloaded." }
      },
      partial: { 2: "We use 4 servers.", 6: "We utilize 2 disks." }
    })
    const notes = wrapper.findAll("[data-test=kept-note]")
    expect(notes.map((n) => n.text())).toEqual(["Kept as it was because its provider calls failed: Model is unloaded."])
    expect(cards(wrapper)[1]?.get("[data-test=paragraph-status]").text()).toBe("not run")
    expect(wrapper.get("[data-test=cancelled-note]").text()).toContain("The 2 paragraphs that finished are shown")
  })

  it("reviews a saved version: decisions, reasons, findings, the style note, the counts", () => {
    const wrapper = mountReview(
      { status: "done", outline: [] },
      { version: VERSION, versions: [VERSION, { ...VERSION, n: 1 }] }
    )
    expect(cards(wrapper).map((c) => c.attributes("data-status"))).toEqual(["rewritten", "kept", "failed"])
    expect(cards(wrapper).map((c) => c.get("[data-test=decision]").text())).toEqual(["pending", "pending", "rejected"])
    const [rewritten, kept, failed] = cards(wrapper)
    expect(rewritten?.find("[data-test=kept-note]").exists()).toBe(false)
    expect(kept?.get("[data-test=kept-note]").text()).toBe("Kept as it was because the rewrite dropped 3 May.")
    expect(failed?.get("[data-test=kept-note]").text()).toBe(
      "Kept as it was because its provider calls failed: the reply was cut off."
    )
    expect(kept?.get("[data-test=findings]").text()).toBe('date "3 May" was dropped')
    // A paragraph whose provider calls failed was never checked, so it shows no meaning verdict.
    expect(failed?.text()).not.toContain("meaning")
    // Below the threshold (80), the note says what the measures would change.
    expect(rewritten?.get("[data-test=style-note]").text()).toBe(
      "Style 62, below the threshold of 80. Sentences average 4 words; your samples average 14."
    )
    expect(kept?.find("[data-test=style-note]").exists()).toBe(false)
    expect(wrapper.get("[data-test=kept-count]").text()).toBe(
      "2 paragraphs kept as they were (1 because its provider calls failed)"
    )
    // The kept paragraph has nothing to decide: only the rewrite waits for the writer.
    expect(wrapper.get("[data-test=pending-count]").text()).toBe("1 to review")
    expect(wrapper.get("[data-test=pending-text-note]").text()).toBe(
      "Copy and Download give the text as it stands: a paragraph not reviewed yet counts as accepted."
    )
    expect(wrapper.get("[data-test=meaning]").text()).toBe("Meaning failed")
    expect(wrapper.get("[data-test=reviewed-text]").text()).toContain("We use 4 servers.")
    expect(wrapper.findAll("[data-test=accept]")).toHaveLength(3)
    expect(wrapper.find("[data-test=partial-result-note]").exists()).toBe(false)
  })

  it("shows certain findings with both sides, suspect ones as quiet checks to dismiss, and judges an edit by its own", async () => {
    const checked = {
      ...VERSION.paragraphs[0]!,
      findings: [
        {
          kind: "hedge",
          certainty: "suspect",
          message: '"may" was dropped ("may take an hour")',
          original: "may take an hour",
          answer: "kept"
        }
      ]
    }
    const edited = {
      ...VERSION.paragraphs[1]!,
      decision: "edited",
      text: "It rained on 4 May.",
      meaning: "failed",
      findings: [
        { kind: "date", certainty: "certain", message: '"3 May" became "4 May"', original: "3 May", rewrite: "4 May" }
      ]
    }
    const wrapper = mountReview(
      { status: "done", outline: [] },
      { version: { ...VERSION, paragraphs: [checked, edited] }, versions: [VERSION] }
    )
    const [first, second] = cards(wrapper)
    expect(first?.get("[data-test=meaning-note]").text()).toBe("meaning kept")
    expect(first?.find("[data-test=findings]").exists()).toBe(false)
    expect(first?.get("[data-test=suspect-finding]").text()).toContain('check: "may" was dropped')
    await first?.get("[data-test=dismiss-check]").trigger("click")
    expect(first?.find("[data-test=suspect-finding]").exists()).toBe(false)
    // The writer's edit dropped a fact: never "meaning kept", and the change is shown with each side.
    expect(second?.get("[data-test=meaning-note]").text()).toBe("your edit changes a fact")
    expect(second?.get("[data-test=certain-finding]").text()).toBe("date 3 May became 4 May")
  })

  it("says that a failed run's result holds only what finished", () => {
    const wrapper = mountReview(
      {
        status: "error",
        documentId: null,
        outline: OUTLINE,
        segments: { 2: { stage: "done", attempt: 0, finished: true, status: "rewritten" } },
        partial: { 2: "We use 4 servers." },
        result: {
          finalText: "# Servers\n\nWe use 4 servers.\n",
          summary: SUMMARY,
          paragraphs: [],
          provider: VERSION.provider
        }
      },
      {}
    )
    expect(wrapper.get("[data-test=partial-result-note]").text()).toContain("stopped before the end")
    expect(cards(wrapper)).toHaveLength(3)
    expect(wrapper.get("[data-test=reviewed-text]").text()).toBe("# Servers\n\nWe use 4 servers.")
  })
})
