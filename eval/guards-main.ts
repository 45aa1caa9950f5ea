/**
 * `npm run guards:eval [FILE…] [--quiet]`: runs the deterministic meaning guards over labelled original/rewrite pairs
 * (JSON lines `{id, lang, label: "faithful"|"broken", kind, original, rewrite}`) and prints, per tier, overall, per
 * language and per kind:
 * - refused: faithful pairs with a certain finding (the rewrite would be refused);
 * - flagged: faithful pairs with any finding (certain, or suspect and so a question to the model);
 * - silent: broken pairs with no finding at all;
 * - facts certain: broken pairs of a fact kind (number, date or time, money or unit, percent, name, link, code) found
 *   as certain;
 * then what the questions cost a verification, the misses and false alarms, and the pairs checked per second on one
 * core. The default file is the development set beside the repository.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { checkMeaning } from "../src/guards/Safety.ts"
import type { Finding } from "../src/domain/Finding.ts"
import { MAX_QUESTIONS, question } from "../src/pipeline/Questions.ts"
import { estimateTokens } from "../src/provider/Tokens.ts"

interface Pair {
  readonly id: string
  readonly lang: string
  readonly label: "faithful" | "broken"
  readonly kind: string
  readonly original: string
  readonly rewrite: string
}

const DEFAULT_FILE = fileURLToPath(new URL("../../shared/meaning-pairs-dev.jsonl", import.meta.url))
const files = process.argv.slice(2).filter((a) => !a.startsWith("--"))
const quiet = process.argv.includes("--quiet")

/** The labels of broken pairs that change a fact, in the development set's words and in the blind sets'. */
const FACT_KIND = /^(number|spelled-number|date|year|time-of-day|unit|money|percent|name|named|link|url|code)/

const pairs: ReadonlyArray<Pair> = (files.length > 0 ? files : [DEFAULT_FILE]).flatMap((file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Pair)
)

const verdicts = pairs.map((pair) => {
  const { findings } = checkMeaning(pair.original, pair.rewrite)
  const certain = findings.filter((f) => f.certainty === "certain")
  return { pair, findings, certain: certain.length > 0, any: findings.length > 0 }
})
type Verdict = (typeof verdicts)[number]

// Speed: the whole set, repeated until about a second has passed, on this one thread.
let rounds = 0
const started = performance.now()
while (performance.now() - started < 1000 || rounds < 3) {
  for (const pair of pairs) checkMeaning(pair.original, pair.rewrite + (rounds % 2 === 0 ? "" : " "))
  rounds++
}
const pairsPerSecond = (rounds * pairs.length) / ((performance.now() - started) / 1000)

interface Tally {
  readonly faithful: number
  readonly refused: number
  readonly flagged: number
  readonly broken: number
  readonly silent: number
  readonly facts: number
  readonly factsCertain: number
}
const tally = (rows: ReadonlyArray<Verdict>): Tally => {
  const faithful = rows.filter((r) => r.pair.label === "faithful")
  const broken = rows.filter((r) => r.pair.label === "broken")
  const facts = broken.filter((r) => FACT_KIND.test(r.pair.kind))
  return {
    faithful: faithful.length,
    refused: faithful.filter((r) => r.certain).length,
    flagged: faithful.filter((r) => r.any).length,
    broken: broken.length,
    silent: broken.filter((r) => !r.any).length,
    facts: facts.length,
    factsCertain: facts.filter((r) => r.certain).length
  }
}
const percent = (n: number, of: number) => (of === 0 ? "–" : `${((100 * n) / of).toFixed(1)} %`)
const cell = (n: number, of: number) => (of === 0 ? "–" : `${n}/${of} (${percent(n, of)})`)
const line = (name: string, t: Tally) =>
  `| ${name} | ${cell(t.refused, t.faithful)} | ${cell(t.flagged, t.faithful)} | ${cell(t.silent, t.broken)} | ${cell(t.factsCertain, t.facts)} |`
const table = (title: string, groups: ReadonlyMap<string, ReadonlyArray<Verdict>>) =>
  [
    `\n### ${title}\n`,
    "| group | refused (faithful, certain) | flagged (faithful, any) | silent (broken, none) | facts certain |",
    "|---|---:|---:|---:|---:|",
    ...[...groups].toSorted(([a], [b]) => a.localeCompare(b)).map(([name, rows]) => line(name, tally(rows)))
  ].join("\n")
const groupBy = (key: (r: Verdict) => string) => {
  const groups = new Map<string, Array<Verdict>>()
  for (const r of verdicts) groups.set(key(r), [...(groups.get(key(r)) ?? []), r])
  return groups
}

// What the questions add to a verification: the suspect findings of a text that has no certain one are asked.
const asked = verdicts.filter((r) => !r.certain && r.any).map((r) => r.findings.slice(0, MAX_QUESTIONS))
const questionTokens = (fs: ReadonlyArray<Finding>) => fs.reduce((sum, f) => sum + estimateTokens(question(f)) + 2, 0)
const meanOf = (xs: ReadonlyArray<number>) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length)

const overall = tally(verdicts)
const names = files.length > 0 ? files.join(", ") : DEFAULT_FILE
console.log(`Meaning guards on ${pairs.length} pairs from ${names}\n`)
console.log(
  [
    `refused ${cell(overall.refused, overall.faithful)}`,
    `flagged ${cell(overall.flagged, overall.faithful)}`,
    `silent ${cell(overall.silent, overall.broken)}`,
    `facts certain ${cell(overall.factsCertain, overall.facts)}`,
    `${Math.round(pairsPerSecond).toLocaleString("en-US")} pairs per second`
  ].join(", ")
)
console.log(
  `questions: ${asked.length} of ${pairs.length} verifications ask; ${meanOf(asked.map((a) => a.length)).toFixed(1)} questions and about ${Math.round(meanOf(asked.map(questionTokens)))} prompt tokens each when they do`
)
console.log(
  table(
    "By language",
    groupBy((r) => r.pair.lang)
  )
)
console.log(
  table(
    "By kind",
    groupBy((r) => `${r.pair.label}: ${r.pair.kind}`)
  )
)
if (!quiet) {
  const why = (r: Verdict) => r.findings.map((f) => `${f.certainty} ${f.kind}: ${f.message}`).join("; ")
  const misses = verdicts.filter((r) => r.pair.label === "broken" && !r.any)
  const refused = verdicts.filter((r) => r.pair.label === "faithful" && r.certain)
  const flagged = verdicts.filter((r) => r.pair.label === "faithful" && !r.certain && r.any)
  console.log(`\n### Silent on a broken pair (${misses.length})\n`)
  for (const r of misses) console.log(`- ${r.pair.id} (${r.pair.kind})`)
  console.log(`\n### Refused a faithful pair (${refused.length})\n`)
  for (const r of refused) console.log(`- ${r.pair.id}: ${why(r)}`)
  console.log(`\n### Asked about a faithful pair (${flagged.length})\n`)
  for (const r of flagged) console.log(`- ${r.pair.id}: ${why(r)}`)
}
