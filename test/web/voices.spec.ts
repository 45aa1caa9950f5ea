import { createTestingPinia } from "@pinia/testing"
import { mount } from "@vue/test-utils"
import { describe, expect, it, vi } from "vitest"
import ReviewView from "../../web/src/components/ReviewView.vue"
import StylePicker from "../../web/src/components/StylePicker.vue"
import VoiceForm from "../../web/src/components/voices/VoiceForm.vue"
import VoicesDialog from "../../web/src/components/voices/VoicesDialog.vue"
import VoiceSuggestions from "../../web/src/components/voices/VoiceSuggestions.vue"
import VoiceTraits from "../../web/src/components/voices/VoiceTraits.vue"
import { emptyDraft } from "../../web/src/lib/voiceDraft.ts"
import { useVoicesStore } from "../../web/src/stores/voices.ts"
import { DEFAULT_STYLE, HOUSE, HOUSE_DETAIL, MINE, MINE_DETAIL, TRAITS } from "./voiceFixtures.ts"
import { finished, settingsOf } from "./support/Fixtures.ts"

const pinia = (initialState: Record<string, unknown>) => createTestingPinia({ createSpy: vi.fn, initialState })

describe("VoiceTraits", () => {
  it("shows a voice's measured traits in plain words", () => {
    const wrapper = mount(VoiceTraits, { props: { traits: TRAITS } })
    const trait = (key: string) => wrapper.get(`[data-test=trait-${key}]`).text()
    expect(trait("language")).toBe("English")
    expect(trait("sentences")).toBe("14 words on average (spread 6)")
    expect(trait("contractions")).toBe("3.1 per 100 words")
    expect(trait("person")).toBe("I 4.2 · we 0.5 · you 1.8 per 100 words")
    expect(trait("characteristic")).toContain("kiln, glaze, honestly")
    expect(wrapper.findAll("dt").map((d) => d.text())).toContain("Punctuation")
  })
})

describe("StylePicker", () => {
  it("lists the writer's voices first, then the house styles, and opens the manager on the chosen one", async () => {
    const wrapper = mount(StylePicker, {
      global: { plugins: [pinia({ run: { profiles: [DEFAULT_STYLE, MINE, HOUSE], profileId: MINE.id } })] }
    })
    const groups = wrapper.findAll("optgroup")
    expect(groups.map((g) => g.attributes("label"))).toEqual(["Your voices", "House styles"])
    expect(groups[0]?.findAll("option").map((o) => o.text())).toEqual(["Field notes"])
    expect(groups[1]?.findAll("option").map((o) => o.text())).toEqual(["Direct technical", "Plain English"])
    expect(wrapper.get("[data-test=profile-description]").text()).toContain("Your voice, from 2 samples.")
    await wrapper.get("[data-test=open-voices]").trigger("click")
    expect(useVoicesStore().openManager).toHaveBeenCalledWith(MINE.id)
  })

  it("has no 'Your voices' group before the writer makes one, and takes a free-text instruction", async () => {
    const wrapper = mount(StylePicker, {
      global: { plugins: [pinia({ run: { profiles: [DEFAULT_STYLE, HOUSE] } })] }
    })
    expect(wrapper.findAll("optgroup").map((g) => g.attributes("label"))).toEqual(["House styles"])
    await wrapper.get("[data-test=instruction]").setValue("shorter")
    expect(wrapper.get<HTMLTextAreaElement>("[data-test=instruction]").element.value).toBe("shorter")
  })
})

describe("VoiceForm", () => {
  it("counts the samples as the writer pastes, and shows why it cannot be made after Make voice", async () => {
    const wrapper = mount(VoiceForm, {
      global: {
        plugins: [
          pinia({
            voices: {
              mode: "new",
              attempted: true,
              draft: { ...emptyDraft(), name: "Mine", pasted: "Only one paragraph." }
            }
          })
        ]
      }
    })
    expect(wrapper.get("[data-test=sample-count]").text()).toBe(
      "Makes 1 sample, 3 words: about 1,000 more would make the voice reliable (it tells you from other writers from about 1,000 words on)."
    )
    expect(wrapper.get("[data-test=voice-problem]").text()).toContain("a voice needs at least two")
    await wrapper.get("[data-test=voice-text]").setValue("First paragraph.\n\nSecond paragraph.")
    expect(wrapper.get("[data-test=sample-count]").text()).toMatch(/^Makes 2 samples, 4 words: about 1,000 more /)
    expect(wrapper.get("[data-test=voice-problem]").text()).toContain("hold 4 words; a voice needs at least 200")
    const paragraph = (n: number) => Array.from({ length: 110 }, (_, i) => `word${n}${i}`).join(" ") + "."
    await wrapper.get("[data-test=voice-text]").setValue(`${paragraph(1)}\n\n${paragraph(2)}`)
    expect(wrapper.get("[data-test=sample-count]").text()).toMatch(/^Makes 2 samples, 220 words: about 780 more /)
    expect(wrapper.find("[data-test=voice-problem]").exists()).toBe(false)
    await wrapper.get("form").trigger("submit")
    expect(useVoicesStore().save).toHaveBeenCalled()
  })

  it("does not show a problem before the writer tries to save", () => {
    const wrapper = mount(VoiceForm, { global: { plugins: [pinia({ voices: { mode: "new" } })] } })
    expect(wrapper.get("[data-test=sample-count]").text()).toBe("No samples yet.")
    expect(wrapper.find("[data-test=voice-problem]").exists()).toBe(false)
  })
})

describe("VoicesDialog", () => {
  const mountDialog = (voices: Record<string, unknown>) =>
    mount(VoicesDialog, {
      global: {
        plugins: [pinia({ run: { profiles: [MINE, DEFAULT_STYLE, HOUSE], profileId: DEFAULT_STYLE.id }, voices })]
      }
    })

  it("lists the voices in two groups, the house styles marked read-only", () => {
    const wrapper = mountDialog({ open: true })
    const names = (group: string) =>
      wrapper.findAll(`[data-test=voice-group-${group}] [data-test=voice-item]`).map((i) => i.text())
    expect(names("user")).toEqual(["Field notes2 samples"])
    expect(names("house")).toEqual([
      "Direct technical4 samples · read-only · chosen",
      "Plain English3 samples · read-only"
    ])
  })

  it("opens a user voice with its traits, to use, edit, export or delete after a confirm", async () => {
    const wrapper = mountDialog({ open: true, mode: "view", current: MINE_DETAIL })
    const voices = useVoicesStore()
    expect(wrapper.get("[data-test=voice-title]").text()).toBe("Field notes")
    expect(wrapper.get("[data-test=voice-source]").text()).toBe("Your voice")
    expect(wrapper.get("[data-test=trait-sentences]").text()).toBe("14 words on average (spread 6)")
    await wrapper.get("[data-test=edit-voice]").trigger("click")
    expect(voices.startEdit).toHaveBeenCalled()
    await wrapper.get("[data-test=use-voice]").trigger("click")
    expect(voices.use).toHaveBeenCalled()
    await wrapper.get("[data-test=delete-voice]").trigger("click")
    expect(voices.remove).not.toHaveBeenCalled()
    await wrapper.get("[data-test=confirm-delete-voice]").trigger("click")
    expect(voices.remove).toHaveBeenCalled()
  })

  it("shows a house style read-only: no edit, no delete", () => {
    const wrapper = mountDialog({ open: true, mode: "view", current: HOUSE_DETAIL })
    expect(wrapper.get("[data-test=voice-source]").text()).toBe("House style · read-only")
    expect(wrapper.find("[data-test=edit-voice]").exists()).toBe(false)
    expect(wrapper.find("[data-test=delete-voice]").exists()).toBe(false)
    expect(wrapper.find("[data-test=export-voice]").exists()).toBe(true)
    expect(wrapper.find("[data-test=trait-contractions]").exists()).toBe(false)
  })

  it("shows the service's message", () => {
    const wrapper = mountDialog({ open: true, error: "give at least two samples of the writer's text" })
    expect(wrapper.get("[data-test=voices-error]").text()).toBe("give at least two samples of the writer's text")
  })
})

describe("VoiceSuggestions", () => {
  it("asks each question with Yes and No, and answers through the store", async () => {
    const suggestion = {
      id: "avoid:utilize",
      change: "avoid",
      value: "utilize",
      message: 'You replaced "utilize" with "use" 3 times: avoid "utilize"?',
      count: 3
    }
    const wrapper = mount(VoiceSuggestions, {
      global: { plugins: [pinia({ voices: { current: MINE_DETAIL, suggestions: [suggestion] } })] }
    })
    expect(wrapper.get("[data-test=voice-suggestion]").text()).toContain(suggestion.message)
    await wrapper.get("[data-test=accept-suggestion]").trigger("click")
    expect(useVoicesStore().answer).toHaveBeenCalledWith(suggestion, "accept")
    await wrapper.get("[data-test=dismiss-suggestion]").trigger("click")
    expect(useVoicesStore().answer).toHaveBeenCalledWith(suggestion, "dismiss")
  })

  it("shows nothing when there is nothing to ask", () => {
    const wrapper = mount(VoiceSuggestions, { global: { plugins: [pinia({ voices: { suggestions: [] } })] } })
    expect(wrapper.find("[data-test=voice-suggestions]").exists()).toBe(false)
  })
})

describe("ReviewView in the writer's own voice", () => {
  const version = (styleProfileId: string) => ({
    n: 1,
    createdAt: "2026-11-23T10:00:00.000Z",
    styleProfileId,
    provider: { baseUrl: "http://localhost:1234/v1", model: "gemma-4" },
    summary: { segments: 1, rewritten: 1, protected: 0, styleScore: 84, meaning: "passed", failed: 0, warnings: [] },
    settings: settingsOf(styleProfileId),
    outcome: finished(1, 1),
    blocks: [{ index: 0, kept: false, text: "We utilize 4 servers." }],
    text: "We use 4 servers.\n",
    paragraphs: [
      {
        index: 0,
        original: "We utilize 4 servers.",
        rewrite: "We use 4 servers.",
        decision: "pending",
        text: "We use 4 servers.",
        status: "rewritten",
        styleScore: 84,
        styleFeedback: [],
        meaning: "passed",
        findings: [],
        warnings: []
      }
    ]
  })
  const mountWith = (styleProfileId: string) =>
    mount(ReviewView, {
      global: {
        plugins: [
          pinia({
            run: { documentId: "d1", status: "done", outline: [], profiles: [MINE, DEFAULT_STYLE] },
            documents: { currentId: "d1" },
            review: { version: version(styleProfileId), versions: [version(styleProfileId)] }
          })
        ]
      }
    })

  it("reads 'sounds like you' on each paragraph of a version in a user voice", () => {
    const wrapper = mountWith(MINE.id)
    // Four words: too few to be sure of, and the paragraph says so.
    expect(wrapper.get("[data-test=paragraph-style]").text()).toBe("sounds like you 84 (short: not sure)")
    expect(wrapper.get("[data-test=paragraph-style]").attributes("title")).toContain("Under 80 words")
    expect(wrapper.get("[data-test=style-score]").text()).toBe("Sounds like you 84")
  })

  it("a paragraph of 80 words or more shows its score without the doubt", () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ")
    const base = version(MINE.id)
    const wrapper = mount(ReviewView, {
      global: {
        plugins: [
          pinia({
            run: { documentId: "d1", status: "done", outline: [], profiles: [MINE, DEFAULT_STYLE] },
            documents: { currentId: "d1" },
            review: {
              version: { ...base, paragraphs: base.paragraphs.map((p) => ({ ...p, rewrite: long, text: long })) },
              versions: [base]
            }
          })
        ]
      }
    })
    expect(wrapper.get("[data-test=paragraph-style]").text()).toBe("sounds like you 84")
    expect(wrapper.get("[data-test=paragraph-style]").attributes("title")).toBeUndefined()
  })

  it("reads 'style' for a house style", () => {
    const wrapper = mountWith(DEFAULT_STYLE.id)
    expect(wrapper.get("[data-test=paragraph-style]").text()).toBe("style 84 (short: not sure)")
    expect(wrapper.get("[data-test=style-score]").text()).toBe("Style 84")
  })
})
