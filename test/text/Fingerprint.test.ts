import { assert, describe, it } from "@effect/vitest"
import { readFileSync } from "node:fs"
import { assessStyle, buildStyleTarget, type StyleTarget } from "../../src/text/StyleMetrics.ts"
import { counter } from "../../src/text/voice/Fingerprint.ts"

/**
 * Four clearly different voices written for these tests (test/fixtures/voices/*.txt): a casual English one, a formal
 * English one, a casual German one and a formal French one, each with samples and held-out paragraphs that are not
 * among the samples. A voice's own held-out text must score above every other voice's.
 */
interface Voice {
  readonly samples: ReadonlyArray<string>
  readonly heldOut: ReadonlyArray<string>
}

const readVoice = (name: string): Voice => {
  const raw = readFileSync(new URL(`../fixtures/voices/${name}.txt`, import.meta.url), "utf8")
  const sections = raw.split(/^=== /m).filter((s) => s.trim() !== "")
  const of = (kind: string) =>
    sections.filter((s) => s.startsWith(`${kind}\n`)).map((s) => s.slice(kind.length + 1).trim())
  return { samples: of("sample"), heldOut: of("held-out") }
}

const NAMES = ["casual-en", "formal-en", "casual-de", "formal-fr"] as const
type Name = (typeof NAMES)[number]

const voices = Object.fromEntries(NAMES.map((n) => [n, readVoice(n)])) as Record<Name, Voice>
const targets = Object.fromEntries(NAMES.map((n) => [n, buildStyleTarget(voices[n].samples, [])])) as Record<
  Name,
  StyleTarget
>
/** A formal German paragraph: the casual German voice's language, not its style. */
const FORMAL_GERMAN = readVoice("formal-de").heldOut[0] ?? ""

describe("voices: fixtures", () => {
  it("has samples and held-out texts for every voice", () => {
    for (const name of NAMES) {
      assert.isAtLeast(voices[name].samples.length, 3, name)
      assert.strictEqual(voices[name].heldOut.length, 2, name)
      for (const text of voices[name].heldOut) assert.notInclude(voices[name].samples, text)
    }
    assert.isAbove(FORMAL_GERMAN.length, 200)
  })

  it("detects each voice's language from its samples", () => {
    assert.deepStrictEqual(
      NAMES.map((n) => targets[n].traits.language),
      ["en", "en", "de", "fr"]
    )
  })
})

describe("voices: the score", () => {
  it("scores each voice's held-out texts at least 10 above every other voice's (the full cross matrix)", () => {
    for (const target of NAMES) {
      const own = voices[target].heldOut.map((t) => assessStyle(t, targets[target]).score)
      const others = NAMES.filter((n) => n !== target).flatMap((n) =>
        voices[n].heldOut.map((t) => assessStyle(t, targets[target]).score)
      )
      assert.isAtLeast(Math.min(...own), 75, `${target}: own held-out scores ${own.join(", ")}`)
      assert.isAtLeast(
        Math.min(...own) - Math.max(...others),
        10,
        `${target}: own ${own.join(", ")}; others ${others.join(", ")}`
      )
    }
  })

  it("tells a formal German paragraph from the casual German voice, not only German from English", () => {
    const casual = voices["casual-de"].heldOut.map((t) => assessStyle(t, targets["casual-de"]).score)
    const formal = assessStyle(FORMAL_GERMAN, targets["casual-de"])
    assert.isAtLeast(Math.min(...casual) - formal.score, 25)
    assert.strictEqual(formal.feedback[0], "Shorten sentences: they average 22 words; your samples average 8.")
    assert.isTrue(formal.feedback.some((l) => l.startsWith("Use shorter, plainer words: they average 8.1 letters")))
  })

  it("names the text's and the samples' figures, most costly first, at most five lines", () => {
    const assessed = assessStyle(voices["formal-en"].heldOut[0] ?? "", targets["casual-en"])
    const own = assessed.traits
    const samples = targets["casual-en"].traits
    assert.strictEqual(Math.round(own.sentenceLength.mean), 27)
    assert.strictEqual(Math.round(samples.sentenceLength.mean), 8)
    // Sentence length weighs most (3) and scores 0 here, so its line comes first.
    assert.strictEqual(assessed.feedback[0], "Shorten sentences: they average 27 words; your samples average 8.")
    assert.isAtMost(assessed.feedback.length, 5)
    assert.isTrue(
      assessed.feedback.some((l) => /^Use plainer words \(such as "[a-z]+", .*\): \d+ in 100 words are long/.test(l))
    )
    assert.isTrue(
      assessed.feedback.includes(
        "Use the active voice more (name who acts): 67% of sentences are passive; in your samples 0%."
      )
    )
  })

  it("gives a casual text feedback toward the formal voice with the samples' figures", () => {
    const assessed = assessStyle(voices["casual-en"].heldOut[0] ?? "", targets["formal-en"])
    assert.strictEqual(
      assessed.feedback[0],
      "Lengthen sentences (combine short ones): they average 12 words; your samples average 26."
    )
    assert.isTrue(assessed.feedback.some((l) => l.startsWith("Use the passive voice more")))
  })

  it("judges a French voice without the English-only measures, and never asks an English text to translate", () => {
    const french = assessStyle(voices["formal-fr"].heldOut[0] ?? "", targets["formal-fr"])
    assert.doesNotHaveAnyKeys(french.parts, ["contractions", "passive"])
    assert.includeMembers(Object.keys(french.parts), ["functionWords", "person", "vocabulary", "characteristicWords"])
    const english = assessStyle(voices["casual-en"].heldOut[0] ?? "", targets["formal-fr"])
    assert.strictEqual(english.parts["functionWords"], 0)
    assert.strictEqual(english.parts["characteristicWords"], 0)
    assert.isFalse(english.feedback.some((l) => /function-word|samples favour|contractions|"vous"|"je"/.test(l)))
    assert.isTrue(english.feedback.some((l) => l.startsWith("Lengthen sentences")))
  })
})

describe("voices: traits go the expected way", () => {
  const casual = targets["casual-en"].traits
  const formal = targets["formal-en"].traits
  const german = targets["casual-de"].traits
  const french = targets["formal-fr"].traits

  it("casual English: short sentences, contractions, I and you, questions; formal: the opposite", () => {
    assert.isAbove(formal.sentenceLength.mean, casual.sentenceLength.mean * 2.5)
    assert.isAbove(formal.wordLength, casual.wordLength + 2)
    assert.isAbove(formal.vocabularyLevel ?? 0, 10 * (casual.vocabularyLevel ?? 0))
    assert.isAbove(casual.contractionsPer100Words ?? 0, 5)
    assert.strictEqual(formal.contractionsPer100Words, 0)
    assert.isAbove(casual.person?.first ?? 0, 4)
    assert.isAbove(casual.person?.second ?? 0, 4)
    assert.deepStrictEqual(formal.person, { first: 0, firstPlural: 0, second: 0 })
    assert.isAbove(casual.questionsPer100Sentences, 15)
    assert.strictEqual(formal.questionsPer100Sentences, 0)
    assert.isAbove(formal.passiveShare ?? 0, 0.7)
    assert.strictEqual(casual.passiveShare, 0)
    assert.isAbove(formal.punctuationPer100Words.semicolon, casual.punctuationPer100Words.semicolon)
    assert.isAbove(casual.paragraphLength.mean, formal.paragraphLength.mean * 2)
  })

  it("finds each voice's characteristic words, not its topics or names", () => {
    assert.includeMembers([...casual.characteristicWords], ["it's", "don't", "that's", "basically"])
    assert.includeMembers([...formal.characteristicWords], ["been", "considerable", "frequently", "which"])
    assert.includeMembers([...german.characteristicWords], ["doch", "mal", "ehrlich"])
    // German capitalises every noun, so no capitalised word counts: what is left is the voice's small words.
    for (const word of german.characteristicWords) assert.match(word, /^\p{Ll}/u)
    assert.notInclude(casual.characteristicWords, "sourdough")
  })

  it("measures the German voice with German lists: du, ich, geht's", () => {
    assert.strictEqual(german.passiveShare, null)
    assert.isAbove(german.contractionsPer100Words ?? 0, 1)
    assert.isAbove(german.person?.second ?? 0, 4)
    assert.isAbove(german.person?.first ?? 0, 4)
    assert.isAbove(german.exclamationsPer100Sentences, 5)
    assert.isBelow(german.sentenceLength.mean, 10)
  })

  it("measures the French voice with French lists: vous, long sentences, no English-only traits", () => {
    assert.strictEqual(french.contractionsPer100Words, null)
    assert.strictEqual(french.passiveShare, null)
    assert.isAbove(french.person?.second ?? 0, 1)
    assert.strictEqual(french.person?.first, 0)
    assert.isAbove(french.sentenceLength.mean, 20)
    assert.isAbove(french.punctuationPer100Words.semicolon, 0.5)
  })
})

describe("voices: counting", () => {
  it("counts in place as it counts afresh, whatever the text counted before", () => {
    const count = counter({ words: ["the", "of", "upon"], grams: [" th", "the", "he ", "of "] })
    const first = "The end of the road, upon the hill."
    const second = "Of course."
    assert.deepStrictEqual([...count.countInPlace(first)], [...count.count(first)])
    assert.deepStrictEqual([...count.countInPlace(second)], [...count.count(second)])
    assert.deepStrictEqual([...count.countInPlace("")], [...count.count("")])
  })
})
