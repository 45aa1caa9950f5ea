import { assert, describe, it } from "@effect/vitest"
import { checkMeaning } from "../../src/guards/Safety.ts"
import { allFindings, verdicts } from "./support.ts"

const { passes, flags } = verdicts(allFindings)

describe("Refinements: readings that kept faithful rewrites apart from broken ones", () => {
  it("never lets an attribution stand for a hedge", () => {
    flags(
      "Analysts say the merger could lower prices next spring.",
      "According to analysts, the merger will lower prices next spring.",
      "hedge"
    )
    passes(
      "Analysts say the merger could lower prices next spring.",
      "According to analysts, the merger might lower prices next spring."
    )
  })

  it("reads a year span at the end of a sentence", () => {
    passes("The scholarship covers 2025-2026.", "The scholarship covers 2025/26.")
  })

  it("takes a delay for a delay, not for a second event", () => {
    passes(
      "Bikes left outside the racks are removed by the caretaker after 10 days.",
      "After 10 days, the caretaker removes bikes left outside the racks."
    )
    passes(
      "Fahrräder außerhalb der Ständer entfernt der Hausmeister nach 10 Tagen.",
      "Nach 10 Tagen entfernt der Hausmeister Fahrräder außerhalb der Ständer."
    )
  })

  it("reads a short word and its longer form as one ('shape', 'shaping')", () => {
    passes(
      "Chill the pastry for an hour, then roll it out twice before shaping.",
      "Chill the pastry for 1 hour, then roll it out 2 times before you shape it."
    )
  })

  it("reads a Chinese decimal with 点 as a number, not as a clock time", () => {
    passes("出口额同比增长17.5%。", "出口额比去年同期增长了百分之十七点五。")
    flags("出口额同比增长17.5%。", "出口额比去年同期增长了百分之十七点六。", "number")
  })

  it("reads polite refusals and forecasts in Japanese", () => {
    passes("館内での撮影はご遠慮ください。", "館内では写真を撮らないでください。")
    flags("館内での撮影はご遠慮ください。", "館内では写真を撮ってください。", "negation")
    passes("梅雨明けは例年より遅れる見込みです。", "梅雨明けは例年より遅れると予想されています。")
  })

  it("reads 'closed' as 'not working' in Russian, and keeps the difference", () => {
    passes(
      "Из-за ремонта бассейн будет закрыт до конца недели.",
      "Из-за ремонта бассейн не будет работать до конца недели."
    )
    flags(
      "Из-за ремонта бассейн будет закрыт до конца недели.",
      "Из-за ремонта бассейн будет работать до конца недели.",
      "antonym"
    )
  })

  it("reads the feminine and plural French scope 'réservée aux'", () => {
    flags("La salle est ouverte aux adhérents.", "La salle est réservée aux adhérents.", "scope")
  })

  it("reads Russian spoon units in the accusative", () => {
    flags("Добавьте 1 чайную ложку соли.", "Добавьте 1 столовую ложку соли.", "unit")
  })

  it("takes no Spanish negation word at a sentence start for a name", () => {
    const names = checkMeaning("Nadie nos avisó del cambio.", "No nos avisaron del cambio.").findings.filter(
      (f) => f.kind === "name"
    )
    assert.deepStrictEqual(names, [])
  })

  it("reads Russian parties whose vowel drops out (продавец, продавца)", () => {
    flags(
      "Покупатель обязан известить продавца о браке в течение 5 дней.",
      "В течение 5 дней продавец обязан известить покупателя о браке.",
      "role"
    )
    passes(
      "Покупатель обязан известить продавца о браке в течение 5 дней.",
      "В течение 5 дней покупатель обязан известить продавца о браке."
    )
  })

  it("reads age limits as bounds and rain against fine weather", () => {
    flags("К забегу допускаются дети не младше восьми лет.", "К забегу допускаются дети не старше восьми лет.", "bound")
    flags("Entry is for children no younger than eight.", "Entry is for children no older than eight.", "bound")
    flags("雨天の場合、遠足は翌週に延期します。", "晴天の場合、遠足は翌週に延期します。", "antonym")
  })
})
