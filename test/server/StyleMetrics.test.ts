import { assert, describe, it } from "@effect/vitest"
import {
  assessStyle,
  buildStyleTarget,
  GENERIC_PHRASES,
  measureStyle,
  splitSentences
} from "../../src/text/StyleMetrics.ts"

const DIRECT_SAMPLES = [
  "Keep it short. Say what the code does. Don't explain twice. We ship small changes. Each change has a test.",
  "Run the script. It checks the config and stops on the first error. Fix that error, then run it again.",
  "You don't need a framework here. A plain function works. It's easier to test, too. Start there."
]

const ACADEMIC_SAMPLES = [
  "The present investigation examines the extent to which organisational structures, which have been characterised " +
    "in the literature as inherently hierarchical, may be reconceptualised in light of contemporary theoretical " +
    "developments. It is argued that such structures are shaped by institutional pressures that have been " +
    "insufficiently theorised in previous scholarship.",
  "The methodological framework adopted in this study, which draws upon both qualitative and quantitative " +
    "traditions, was designed to facilitate a systematic examination of the phenomena under consideration, although " +
    "certain limitations, particularly those concerning the generalisability of the findings, must be acknowledged."
]

const DIRECT_TEXT = "Set the flag. The build then skips the slow tests. Don't use it in CI. It hides real failures."
const ACADEMIC_TEXT =
  "The configuration of the aforementioned flag, which has been introduced in order to accelerate the build " +
  "process, results in the omission of tests that are characterised by prolonged execution times; consequently, " +
  "its utilisation within continuous integration environments is discouraged, since genuine failures may thereby " +
  "be concealed."

const close = (actual: number, expected: number) => assert.approximately(actual, expected, 1e-9)

describe("StyleMetrics: sentences", () => {
  it("splits around abbreviations, decimals, times and ellipses", () => {
    assert.deepStrictEqual(
      splitSentences(
        "We use it, e.g. for tests. Dr. Smith came at 3 p.m. today. The U.S. economy grew 3.5 percent... Then it " +
          "stopped. He left at 5 p.m. She stayed. The U.S. Army waited. Wait... what? Yes!"
      ),
      [
        "We use it, e.g. for tests.",
        "Dr. Smith came at 3 p.m. today.",
        "The U.S. economy grew 3.5 percent...",
        "Then it stopped.",
        "He left at 5 p.m.",
        "She stayed.",
        "The U.S. Army waited.",
        "Wait... what?",
        "Yes!"
      ]
    )
  })

  it("tells the abbreviation 'No.' from the word 'no'", () => {
    assert.deepStrictEqual(splitSentences("I said no. Then I left. See No. 5 for more."), [
      "I said no.",
      "Then I left.",
      "See No. 5 for more."
    ])
  })

  it("does not split inside URLs", () => {
    const features = measureStyle(
      "See https://example.com/a.b?c=d.e for details. Done! Mail me at a.b@example.com now."
    )
    assert.strictEqual(features.sentences, 3)
    assert.strictEqual(features.words, 10)
  })
})

describe("StyleMetrics: measures", () => {
  it("measures sentence and word lengths exactly on a small text", () => {
    const f = measureStyle("The cat sat. The dog ran far away. Birds fly.")
    assert.strictEqual(f.words, 10)
    assert.strictEqual(f.sentences, 3)
    close(f.sentenceLengthMean, 10 / 3)
    close(f.sentenceLengthSpread, Math.sqrt(((3 - 10 / 3) ** 2 + (5 - 10 / 3) ** 2 + (2 - 10 / 3) ** 2) / 3))
    close(f.wordLengthMean, 33 / 10)
    close(f.functionWords["the"] ?? -1, 2 / 10)
    assert.strictEqual(Object.keys(f.functionWords).length >= 60, true)
  })

  it("counts punctuation per 100 words", () => {
    const f = measureStyle("One, two; three: four — five? Six (seven)! Eight costs 1,200 at 10:30.")
    assert.strictEqual(f.words, 12)
    close(f.punctuation.comma, 100 / 12)
    close(f.punctuation.semicolon, 100 / 12)
    close(f.punctuation.colon, 100 / 12)
    close(f.punctuation.dash, 100 / 12)
    close(f.punctuation.question, 100 / 12)
    close(f.punctuation.exclamation, 100 / 12)
    close(f.punctuation.parenthesis, 100 / 12)
  })

  it("counts contractions but not possessives", () => {
    const f = measureStyle("I don't think it's done, but we're close to Ada's goal.")
    assert.strictEqual(f.words, 11)
    close(f.contractionRate, (3 / 11) * 100)
    close(f.functionWords["not"] ?? -1, 1 / 11)
  })

  it("finds passive constructions per sentence", () => {
    const f = measureStyle("The file was deleted. We deleted the file. The report is written by Ada. It is green.")
    close(f.passiveRate, 2 / 4)
  })

  it("strips markdown before measuring", () => {
    const f = measureStyle("Use **bold** and [a link](https://example.com/very/long/path) with `x: y`.")
    assert.strictEqual(f.words, 7)
    close(f.wordLengthMean, 19 / 6)
    assert.strictEqual(f.punctuation.colon, 0)
    assert.deepStrictEqual(
      measureStyle("Use **bold** _here_.").wordLengthMean,
      measureStyle("Use bold here.").wordLengthMean
    )
  })

  it("finds generic and avoided phrases case-insensitively on word boundaries", () => {
    const f = measureStyle("We DELVE into a Seamless flow. Moreover, it is a Game Changer. We Utilize it.", ["utilize"])
    assert.deepStrictEqual(f.bannedPhrases, ["delve", "seamless", "game-changer", "moreover", "utilize"])
    assert.deepStrictEqual(measureStyle("The delver moved the tapestryx moreoverly.").bannedPhrases, [])
    assert.deepStrictEqual(measureStyle("It’s important to note this.").bannedPhrases, ["it's important to note"])
  })

  it("lists the required generic phrases", () => {
    for (const phrase of ["delve", "it is important to note", "in today's fast-paced world", "in the realm of"]) {
      assert.include(GENERIC_PHRASES, phrase)
    }
  })

  it("does not throw on empty or whitespace text", () => {
    const empty = measureStyle("   \n\t ")
    assert.strictEqual(empty.words, 0)
    assert.strictEqual(empty.sentenceLengthMean, 0)
    const target = buildStyleTarget(DIRECT_SAMPLES, [])
    assert.strictEqual(assessStyle("", target).score, 0)
    assert.strictEqual(assessStyle("  \n ", target).score, 0)
    const noSamples = buildStyleTarget([], [])
    const assessed = assessStyle("A plain sentence.", noSamples)
    assert.isAtLeast(assessed.score, 0)
    assert.isAtMost(assessed.score, 100)
  })
})

describe("StyleMetrics: assessment", () => {
  const direct = buildStyleTarget(DIRECT_SAMPLES, ["utilize"])
  const academic = buildStyleTarget(ACADEMIC_SAMPLES, [])

  it("pools the samples into the target", () => {
    assert.strictEqual(direct.features.sentences, 12)
    close(direct.features.sentenceLengthMean, 57 / 12)
    assert.isBelow(direct.features.sentenceLengthMean, 7)
    assert.isAbove(academic.features.sentenceLengthMean, 25)
    assert.deepStrictEqual(direct.avoid, ["utilize"])
  })

  it("scores a text in the samples' style clearly above one in the opposite style", () => {
    const directFit = assessStyle(DIRECT_TEXT, direct).score
    const directMismatch = assessStyle(ACADEMIC_TEXT, direct).score
    assert.isAtLeast(directFit - directMismatch, 15)
    const academicFit = assessStyle(ACADEMIC_TEXT, academic).score
    const academicMismatch = assessStyle(DIRECT_TEXT, academic).score
    assert.isAtLeast(academicFit - academicMismatch, 15)
  })

  it("lets a good one-sentence rewrite score well", () => {
    assert.isAtLeast(assessStyle("Run the tests before you push.", direct).score, 75)
  })

  it("keeps every score and part within 0..100", () => {
    for (const text of [DIRECT_TEXT, ACADEMIC_TEXT, "Moreover, delve into the tapestry; leverage it!", "x"]) {
      for (const target of [direct, academic]) {
        const { parts, score } = assessStyle(text, target)
        assert.isAtLeast(score, 0)
        assert.isAtMost(score, 100)
        for (const part of Object.values(parts)) {
          assert.isAtLeast(part, 0)
          assert.isAtMost(part, 100)
        }
      }
    }
  })

  it("says to shorten or lengthen sentences with the text's and the samples' figures", () => {
    const tooLong = assessStyle(ACADEMIC_TEXT, direct)
    assert.isTrue(
      tooLong.feedback.some((line) =>
        /^Shorten sentences: they average \d+ words; your samples average \d+\.$/.test(line)
      )
    )
    const tooShort = assessStyle(DIRECT_TEXT, academic)
    assert.isTrue(
      tooShort.feedback.some((line) =>
        /^Lengthen sentences.*: they average \d+ words; your samples average \d+\.$/.test(line)
      )
    )
  })

  it("penalises generic and avoided phrases and names them in the feedback", () => {
    const clean = assessStyle("Run the tests. Then push the branch.", direct)
    const generic = assessStyle("Delve into the tests. Then utilize the branch.", direct)
    assert.isAtLeast(clean.score - generic.score, 20)
    assert.include(generic.feedback, 'Remove generic phrases: "utilize", "delve".')
    assert.strictEqual(generic.parts["bannedPhrases"], 20)
  })

  it("does not penalise a generic phrase that the samples use themselves", () => {
    const target = buildStyleTarget(["Moreover, the tool is fast. Moreover, it is small."], [])
    const assessed = assessStyle("Moreover, the tool is small.", target)
    assert.strictEqual(assessed.parts["bannedPhrases"], 100)
  })

  it("gives no feedback for a text that matches the samples", () => {
    assert.deepStrictEqual(assessStyle(DIRECT_SAMPLES[1] ?? "", direct).feedback, [])
  })

  it("assesses a 1,000-word text quickly", () => {
    const text = `${ACADEMIC_TEXT} ${DIRECT_TEXT} `.repeat(12)
    const runs = 20
    const start = performance.now()
    for (let i = 0; i < runs; i++) assessStyle(`${text}${i}`, direct)
    assert.isBelow((performance.now() - start) / runs, 25)
  })
})
