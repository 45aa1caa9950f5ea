/** Suspect findings as questions to the model, and the model's answers read back in any usual shape. */
import { assert, describe, it } from "@effect/vitest"
import { finding } from "../../src/domain/Finding.ts"
import { answered, question, questionsBlock, readAnswers } from "../../src/pipeline/Questions.ts"

const hedge = finding(
  "hedge",
  '"may" was dropped ("The upgrade may take 40 minutes")',
  "The upgrade may take 40 minutes"
)
const time = finding("time", 'the time limit changed: "until" became "from"', "until 31 March", "from 31 March")

describe("Questions", () => {
  it("asks about the exact phrases, with what to decide for the kind of wording", () => {
    assert.strictEqual(
      question(hedge),
      'Noticed: "may" was dropped ("The upgrade may take 40 minutes"). Is the rewrite exactly as sure as the original here, and does it keep the same source?'
    )
    const block = questionsBlock([hedge, time])
    assert.deepStrictEqual(block.split("\n"), [
      'Questions about the wording: answer each with "kept" (the meaning is the same) or "changed", in order, in "answers".',
      `1. ${question(hedge)}`,
      `2. ${question(time)}`
    ])
    assert.strictEqual(questionsBlock([]), "")
  })

  it("reads answers as words, booleans or objects, one per question; a missing one stays undefined", () => {
    assert.deepStrictEqual(readAnswers(["kept", "Changed: the hedge is gone"], 2), ["kept", "changed"])
    assert.deepStrictEqual(readAnswers([true, false], 2), ["kept", "changed"])
    assert.deepStrictEqual(readAnswers([{ answer: "yes" }, { answer: "no" }], 2), ["kept", "changed"])
    assert.deepStrictEqual(readAnswers(["kept"], 2), ["kept", undefined])
    assert.deepStrictEqual(readAnswers("kept", 1), [undefined])
    assert.deepStrictEqual(readAnswers(["perhaps"], 1), [undefined])
    // A model that answers null, a number or an empty object has not answered; nothing throws.
    assert.deepStrictEqual(readAnswers([null, 1, {}, { kept: true }], 4), [undefined, undefined, undefined, "kept"])
  })

  it("puts each answer on its finding and leaves the unasked ones as they were", () => {
    const notes = answered([hedge, time], ["kept"])
    assert.strictEqual(notes[0]?.answer, "kept")
    assert.deepStrictEqual(notes[1], time)
  })
})
