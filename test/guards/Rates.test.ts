/**
 * The guards as a whole on labelled pairs written for the purpose (`pairs-holdout.jsonl`, `pairs-more.jsonl`: each a
 * faithful or broken rewrite, in seven languages), per tier: a ceiling for the broken rewrites with no finding at all
 * (silent), for the faithful ones refused (a certain finding) and for those merely asked about (any finding), so a
 * rule that trades many false alarms for one catch, or the reverse, fails here.
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
  const broken = pairs.filter((p) => p.label === "broken").map((p) => checkMeaning(p.original, p.rewrite))
  const faithful = pairs.filter((p) => p.label === "faithful").map((p) => checkMeaning(p.original, p.rewrite))
  const share = (n: number, of: number) => (100 * n) / of
  return {
    silent: share(broken.filter((c) => c.findings.length === 0).length, broken.length),
    refused: share(faithful.filter((c) => !c.ok).length, faithful.length),
    flagged: share(faithful.filter((c) => c.findings.length > 0).length, faithful.length)
  }
}

describe("Guards on labelled pairs", () => {
  it("on the hold-out: at most 3 % of broken rewrites silent, 2 % of faithful ones refused, 5 % asked about", () => {
    const { silent, refused, flagged } = rates(read("pairs-holdout.jsonl"))
    assert.isAtMost(silent, 3)
    assert.isAtMost(refused, 2)
    assert.isAtMost(flagged, 5)
  })

  it("on the other sets: at most 7 % of broken rewrites silent, 2 % of faithful ones refused, 5 % asked about", () => {
    const { silent, refused, flagged } = rates(read("pairs-more.jsonl"))
    assert.isAtMost(silent, 7)
    assert.isAtMost(refused, 2)
    assert.isAtMost(flagged, 5)
  })
})
