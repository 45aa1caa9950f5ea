import { assert, describe, it } from "@effect/vitest"
import { type Decided, suggestFrom, wordDiff } from "../../src/text/voice/Suggestions.ts"

const edited = (rewrite: string, edit: string): Decided => ({ kind: "edited", rewrite, edited: edit })

describe("proposals from the writer's edits", () => {
  it("a word replaced by the same word again and again is proposed as a phrase to avoid, with the count", () => {
    const decided = [
      edited("We utilize the cache.", "We use the cache."),
      edited("They utilize two keys.", "They use two keys."),
      edited("Utilize the spare room.", "Use the spare room.")
    ]
    assert.deepStrictEqual(suggestFrom(decided), [
      {
        id: "avoid:utilize",
        change: "avoid",
        value: "utilize",
        message: 'You replaced "utilize" with "use" 3 times: avoid "utilize"?',
        count: 3
      }
    ])
  })

  it("once is not a habit, a common word is not a voice, and a word the voice avoids already is not proposed", () => {
    assert.deepStrictEqual(suggestFrom([edited("We utilize the cache.", "We use the cache.")]), [])
    const common = [edited("We saw the dog.", "We saw a dog."), edited("Take the bus.", "Take a bus.")]
    assert.deepStrictEqual(suggestFrom(common), [])
    const twice = [edited("We utilize it.", "We use it."), edited("Utilize them.", "Use them.")]
    assert.strictEqual(suggestFrom(twice).length, 1)
    assert.deepStrictEqual(suggestFrom(twice, [" Utilize "]), [])
  })

  it("a word cut again and again is proposed, and so is one that rejected rewrites kept bringing in", () => {
    const cut = [edited("It is really fast.", "It is fast."), edited("That was really kind.", "That was kind.")]
    assert.deepStrictEqual(
      suggestFrom(cut).map((s) => s.message),
      ['You cut "really" twice: avoid "really"?']
    )
    const rejected: ReadonlyArray<Decided> = [
      { kind: "rejected", rewrite: "We leverage the cache to go faster.", original: "The cache makes it faster." },
      { kind: "rejected", rewrite: "Leverage your notes.", original: "Use your notes." }
    ]
    assert.deepStrictEqual(
      suggestFrom(rejected).map((s) => [s.value, s.message]),
      [["leverage", 'Rewrites you rejected brought in "leverage" twice: avoid "leverage"?']]
    )
  })

  it("edits that keep cutting sentences short propose a rule with the length they cut to", () => {
    const long = "The team reviewed every request that arrived during the week and answered each of them in turn."
    const short = "The team reviewed each request. They answered all of them."
    const decided = Array.from({ length: 4 }, () => edited(long, short))
    const [rule] = suggestFrom(decided).filter((s) => s.change === "rule")
    assert.deepStrictEqual(rule, {
      id: "rule:sentences:5",
      change: "rule",
      value: "Keep sentences to about 5 words.",
      message: "Your edits shorten sentences to about 5 words (the rewrites averaged 17): make it a rule?",
      count: 4
    })
    // Too few sentences to tell a habit: nothing.
    assert.deepStrictEqual(
      suggestFrom(decided.slice(0, 2)).filter((s) => s.change === "rule"),
      []
    )
  })

  it("diffs words: what stayed, what went and what came", () => {
    assert.deepStrictEqual(
      wordDiff(["we", "utilize", "it", "now"], ["we", "use", "it"]).map((o) => `${o.kind}:${o.word}`),
      ["same:we", "added:use", "removed:utilize", "same:it", "removed:now"]
    )
  })
})
