import { assert, describe, it } from "@effect/vitest"
import { detectLanguage, foldAccents } from "../../src/guards/Text.ts"

describe("detectLanguage", () => {
  it("reads short greetings and notes by the spellings of their language", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["Danke schön, bis Freitag!", "de"],
      ["Hola, ¿todo listo?", "es"],
      ["Coucou, ça marche !", "fr"],
      ["Thanks, that helps.", "en"],
      ["Für jedes Gerät gelten höchstens zwölf Monate Garantie ab Kaufdatum laut Händler.", "de"]
    ]
    for (const [text, lang] of cases) assert.strictEqual(detectLanguage(text), lang, text)
  })

  it("leaves a long paragraph in another language as other", () => {
    assert.strictEqual(
      detectLanguage("Questo modulo viene aggiornato ogni settimana dal gruppo tecnico insieme agli utenti."),
      "other"
    )
  })
})

describe("foldAccents", () => {
  it("drops the accents of any script and leaves plain ASCII and letters without marks as they are", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["límite", "limite"],
      ["naïve café", "naive cafe"],
      ["Ärger über Öl", "Arger uber Ol"],
      ["йод", "иод"],
      ["Ærø", "Ærø"],
      ["plain words, 42 & more", "plain words, 42 & more"],
      ["", ""]
    ]
    for (const [word, folded] of cases) assert.strictEqual(foldAccents(word), folded, word)
  })
})
