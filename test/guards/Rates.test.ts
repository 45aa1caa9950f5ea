/**
 * The guards as a whole on labelled pairs written for the purpose (`pairs-holdout.jsonl`, `pairs-more.jsonl`: each a
 * faithful or broken rewrite, in seven languages): a floor for the broken rewrites caught and a ceiling for the
 * faithful ones refused, so a rule that trades many false alarms for one catch, or the reverse, fails here.
 * `npm run guards:eval FILE` lists the misses and false alarms of a file.
 */
import { readFileSync } from "node:fs"
import { assert, describe, it } from "vitest"
import { checkMeaning } from "../../src/guards/Safety.ts"

interface Pair {
  readonly id: string
  readonly label: "faithful" | "broken"
  readonly original: string
  readonly rewrite: string
}

const read = (name: string): ReadonlyArray<Pair> =>
  readFileSync(new URL(name, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Pair)

const rates = (pairs: ReadonlyArray<Pair>) => {
  const broken = pairs.filter((p) => p.label === "broken")
  const faithful = pairs.filter((p) => p.label === "faithful")
  const caught = broken.filter((p) => !checkMeaning(p.original, p.rewrite).ok).length
  const refused = faithful.filter((p) => !checkMeaning(p.original, p.rewrite).ok).length
  return { caught: (100 * caught) / broken.length, refused: (100 * refused) / faithful.length }
}

describe("Guards on labelled pairs", () => {
  it("catch at least 97 % of the hold-out's broken rewrites and refuse at most 2 % of its faithful ones", () => {
    const { caught, refused } = rates(read("pairs-holdout.jsonl"))
    assert.isAtLeast(caught, 97)
    assert.isAtMost(refused, 2)
  })

  it("catch at least 93 % of the other sets' broken rewrites and refuse at most 4 % of their faithful ones", () => {
    const { caught, refused } = rates(read("pairs-more.jsonl"))
    assert.isAtLeast(caught, 93)
    assert.isAtMost(refused, 4)
  })
})
