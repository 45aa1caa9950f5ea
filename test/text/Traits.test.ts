import { assert, describe, it } from "@effect/vitest"
import { detectLanguage } from "../../src/text/Languages.ts"
import { assessStyle, buildStyleTarget, measureStyle, toTraits } from "../../src/text/StyleMetrics.ts"

const close = (actual: number, expected: number) => assert.approximately(actual, expected, 1e-9)

const lower = (text: string) => (text.match(/[\p{L}']+/gu) ?? []).map((w) => w.toLowerCase())

describe("traits: language", () => {
  it("detects seven languages from their function words", () => {
    const texts: ReadonlyArray<readonly [string, string]> = [
      ["en", "The dog is in the garden and it wants to play with you."],
      ["de", "Der Hund ist im Garten und will mit dir spielen, aber es regnet."],
      ["fr", "Le chien est dans le jardin et il veut jouer avec vous."],
      ["es", "El perro está en el jardín y quiere jugar con los niños."],
      ["it", "Il cane è nel giardino e vuole giocare con i bambini."],
      ["nl", "De hond is in de tuin en wil met de kinderen spelen."],
      ["pt", "O cão está no jardim e quer brincar com as crianças."]
    ]
    for (const [language, text] of texts) assert.strictEqual(detectLanguage(lower(text)), language, text)
  })

  it("calls a text without enough function words unknown", () => {
    assert.strictEqual(detectLanguage(lower("Kot siedzi na płocie i patrzy w niebo.")), "unknown")
    assert.strictEqual(detectLanguage([]), "unknown")
  })
})

describe("traits: measures", () => {
  it("counts pronouns by person per 100 words, contractions included", () => {
    const f = measureStyle("I think we'd tell you. You know it.")
    assert.strictEqual(f.words, 8)
    close(f.person.first, 100 / 8)
    close(f.person.firstPlural, 100 / 8)
    close(f.person.second, 200 / 8)
  })

  it("counts French elided pronouns and German polite Sie", () => {
    const french = measureStyle("J'ai dit que j'aime le pain, et vous aussi.", [], "fr")
    // "j'ai" is one word of nine, and stands for "je" and "ai".
    close(french.person.first, 200 / 9)
    close(french.person.second, 100 / 9)
    // "Sie" in mid-sentence addresses the reader; "sie" is "she" or "they".
    const german = measureStyle("Können Sie morgen kommen? Sie kommt nicht, weil sie krank ist.", [], "de")
    close(german.person.second, 100 / 11)
  })

  it("counts questions and exclamations per sentence", () => {
    const f = measureStyle("Really? Yes! Fine. Why not?")
    assert.strictEqual(f.sentences, 4)
    close(f.questionRate, 2 / 4)
    close(f.exclamationRate, 1 / 4)
  })

  it("rates vocabulary by long words outside the everyday list", () => {
    // committee, reconsidered, administrative and arrangement: 4 of 6 words.
    close(measureStyle("The committee reconsidered the administrative arrangement.").vocabularyLevel, 400 / 6)
    assert.strictEqual(measureStyle("We fixed the old door today, and honestly it was easy.").vocabularyLevel, 0)
  })

  it("measures paragraphs in sentences, leaving out headings and list items", () => {
    const f = measureStyle(
      "# Title\n\nOne is here. Two is here. Three.\n\nFour is here. Five.\n\n- An item.\n- Another."
    )
    assert.strictEqual(f.paragraphs, 2)
    close(f.paragraphLengthMean, 2.5)
  })

  it("finds characteristic words that recur across samples, without names, numbers or one sample's topic", () => {
    const target = buildStyleTarget(
      [
        "Honestly, it's fine. I told Ada it's fine, and the garden is fine too. The garden has 12 roses.",
        "Honestly, the bus was late again. It's late every day. Ada says it's fine.",
        "It's raining, honestly. The roof leaks and it's cold. Ada laughs at me."
      ],
      []
    )
    assert.deepStrictEqual(target.features.characteristicWords, ["it's", "honestly", "fine"])
    // "it's" 6, "honestly" 3 and "fine" 4 times: 13 occurrences in 19 + 14 + 13 = 46 words.
    close(target.features.characteristicRate, (13 / 46) * 100)
  })
})

describe("traits: the JSON object", () => {
  it("is plain JSON with the figures rounded, and null for what a language has no measure for", () => {
    const english = buildStyleTarget(["I don't mind. Do you? It was fixed by Ada, so we're done."], []).traits
    assert.deepStrictEqual(JSON.parse(JSON.stringify(english)), english)
    assert.strictEqual(english.language, "en")
    assert.strictEqual(english.sentences, 3)
    assert.deepStrictEqual(english.sentenceLength, { mean: 4.33, spread: 2.62 })
    assert.strictEqual(english.questionsPer100Sentences, 33.33)
    assert.strictEqual(english.passiveShare, 0.33)
    assert.strictEqual(english.contractionsPer100Words, 15.38)
    const french = toTraits(measureStyle("Nous avons terminé le travail et nous sommes contents.", [], "fr"))
    assert.strictEqual(french.contractionsPer100Words, null)
    assert.strictEqual(french.passiveShare, null)
    assert.isNotNull(french.person)
    const unknown = buildStyleTarget(["Kot siedzi na płocie i patrzy w niebo, a pies śpi pod drzewem w ogrodzie."], [])
    assert.strictEqual(unknown.traits.language, "unknown")
    assert.strictEqual(unknown.traits.person, null)
    assert.strictEqual(unknown.traits.vocabularyLevel, null)
  })

  it("scores a voice in an unknown language by its language-free traits", () => {
    const target = buildStyleTarget(
      ["Kot siedzi na płocie. Pies śpi pod drzewem. Ptak śpiewa cicho. Dzieci biegają po ogrodzie."],
      []
    )
    const similar = assessStyle("Słońce świeci jasno. Kot patrzy w niebo. Pies śpi dalej.", target)
    const different = assessStyle(
      "Kot, który od rana siedział na wysokim płocie przy starym domu, patrzył długo w niebo, a pies, zmęczony " +
        "długim spacerem po lesie i po łące, spał spokojnie pod wielkim drzewem w cieniu ogrodu sąsiada.",
      target
    )
    assert.doesNotHaveAnyKeys(similar.parts, ["functionWords", "person", "vocabulary", "contractions", "passive"])
    assert.isAtLeast(similar.score - different.score, 30)
  })
})
