import { assert, describe, it } from "@effect/vitest"
import { RELIABLE_VOICE_WORDS, reliabilityNote, sampleWords } from "../../src/domain/Samples.ts"

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ")

describe("how many words a voice's samples hold", () => {
  it("counts words across samples, hyphenated and apostrophed words as one", () => {
    assert.strictEqual(sampleWords(["It's a well-known 200-page book.", "Two more."]), 7)
    assert.strictEqual(sampleWords([]), 0)
  })

  it("says how many more words would make the voice reliable, rounded up to tens, until there are enough", () => {
    assert.strictEqual(RELIABLE_VOICE_WORDS, 1_000)
    assert.match(reliabilityNote([words(66)]), /^66 words: about 940 more would make the voice reliable/)
    assert.match(reliabilityNote([words(500), words(499)]), /^999 words: about 10 more would make/)
    assert.strictEqual(reliabilityNote([words(600), words(400)]), "1000 words: enough for a reliable voice.")
    assert.strictEqual(reliabilityNote([words(1500)]), "1500 words: enough for a reliable voice.")
  })
})
