import { assert, describe, it } from "@effect/vitest"
import { detectLanguage } from "../../src/guards/Text.ts"

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
