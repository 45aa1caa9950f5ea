import { assert, describe, it } from "@effect/vitest"
import { detectLanguage, foldAccents } from "../../src/guards/Text.ts"
import { checkMeaning } from "../../src/guards/Safety.ts"

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

describe("an original checked against several rewrites in turn", () => {
  // The guards read each original once for all its rewrites (Safety.ts): what one rewrite made them find must not
  // carry over to the next.
  const original =
    "Only the 3 admins in Berlin may not delete projects before 12 March 2026, unless Dana Lee agrees; it takes about 2 hours."
  const rewrites = [
    "Unless Dana Lee agrees, just the 3 Berlin admins cannot delete projects before 12 March 2026; it takes about 2 hours.",
    "The 4 admins in Paris may delete projects after 12 May 2026, if Sam Park agrees; it takes about 5 hours.",
    "Admins may delete projects.",
    original,
    "Unless Dana Lee agrees, only the 3 Berlin admins may not delete projects before 12 March 2026; it takes 2 hours or more."
  ]
  // Past as many other originals as are kept, a check reads its original afresh.
  const forget = () => {
    for (let i = 0; i < 80; i++) checkMeaning(`Step ${i} opens the ${i}th door.`, `Step ${i} opens door ${i}.`)
  }

  it("gives each rewrite the verdict it gets alone, in any order", () => {
    const alone = rewrites.map((rewrite) => {
      forget()
      return checkMeaning(original, rewrite)
    })
    assert.isTrue(alone[0]?.ok)
    assert.isFalse(alone[1]?.ok)
    forget()
    assert.deepStrictEqual(
      rewrites.map((rewrite) => checkMeaning(original, rewrite)),
      alone
    )
    assert.deepStrictEqual(
      rewrites.toReversed().map((rewrite) => checkMeaning(original, rewrite)),
      alone.toReversed()
    )
  })
})
