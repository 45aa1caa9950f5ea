/**
 * `npm run guards:eval [FILE]`: runs the deterministic meaning guards over labelled original/rewrite pairs (JSON
 * lines `{id, lang, label: "faithful"|"broken", kind, original, rewrite}`) and prints how many broken rewrites they
 * catch and how many faithful ones they refuse, overall, per kind and per language, the misses and false alarms, and
 * the pairs checked per second on one core. The default file is the development set beside the repository.
 */
import { readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { checkMeaning } from "../src/guards/Safety.ts"

interface Pair {
  readonly id: string
  readonly lang: string
  readonly label: "faithful" | "broken"
  readonly kind: string
  readonly original: string
  readonly rewrite: string
}

const DEFAULT_FILE = fileURLToPath(new URL("../../shared/meaning-pairs-dev.jsonl", import.meta.url))
const file = process.argv.slice(2).find((a) => !a.startsWith("--")) ?? DEFAULT_FILE
const quiet = process.argv.includes("--quiet")

const check = (original: string, rewrite: string): { readonly ok: boolean; readonly why: string } => {
  const result = checkMeaning(original, rewrite)
  return { ok: result.ok, why: result.findings.map((f) => `${f.kind}: ${f.message}`).join("; ") }
}

const pairs: ReadonlyArray<Pair> = readFileSync(file, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as Pair)

const verdicts = pairs.map((pair) => {
  const { ok, why } = check(pair.original, pair.rewrite)
  return { pair, flagged: !ok, why }
})

// Speed: the whole set, repeated until about a second has passed, on this one thread.
let rounds = 0
const started = performance.now()
while (performance.now() - started < 1000 || rounds < 3) {
  for (const pair of pairs) check(pair.original, pair.rewrite + (rounds % 2 === 0 ? "" : " "))
  rounds++
}
const pairsPerSecond = (rounds * pairs.length) / ((performance.now() - started) / 1000)

interface Tally {
  broken: number
  caught: number
  faithful: number
  refused: number
}
const tally = (rows: typeof verdicts): Tally => ({
  broken: rows.filter((r) => r.pair.label === "broken").length,
  caught: rows.filter((r) => r.pair.label === "broken" && r.flagged).length,
  faithful: rows.filter((r) => r.pair.label === "faithful").length,
  refused: rows.filter((r) => r.pair.label === "faithful" && r.flagged).length
})
const percent = (n: number, of: number) => (of === 0 ? "–" : `${((100 * n) / of).toFixed(1)} %`)
const line = (name: string, t: Tally) =>
  `| ${name} | ${t.caught}/${t.broken} | ${percent(t.caught, t.broken)} | ${t.refused}/${t.faithful} | ${percent(t.refused, t.faithful)} |`
const table = (title: string, groups: ReadonlyMap<string, typeof verdicts>) =>
  [
    `\n### ${title}\n`,
    "| group | caught | caught % | false alarms | false alarm % |",
    "|---|---:|---:|---:|---:|",
    ...[...groups].toSorted(([a], [b]) => a.localeCompare(b)).map(([name, rows]) => line(name, tally(rows)))
  ].join("\n")
const groupBy = (key: (r: (typeof verdicts)[number]) => string) => {
  const groups = new Map<string, typeof verdicts>()
  for (const r of verdicts) groups.set(key(r), [...(groups.get(key(r)) ?? []), r])
  return groups
}

const overall = tally(verdicts)
console.log(`Meaning guards on ${pairs.length} pairs from ${file}\n`)
console.log(
  `caught ${percent(overall.caught, overall.broken)} (${overall.caught}/${overall.broken}), false alarms ${percent(overall.refused, overall.faithful)} (${overall.refused}/${overall.faithful}), ${Math.round(pairsPerSecond).toLocaleString("en-US")} pairs per second`
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
    groupBy((r) => `${r.pair.label === "broken" ? "broken" : "faithful"}: ${r.pair.kind}`)
  )
)
if (!quiet) {
  const misses = verdicts.filter((r) => r.pair.label === "broken" && !r.flagged)
  const alarms = verdicts.filter((r) => r.pair.label === "faithful" && r.flagged)
  console.log(`\n### Missed (${misses.length})\n`)
  for (const r of misses) console.log(`- ${r.pair.id}`)
  console.log(`\n### False alarms (${alarms.length})\n`)
  for (const r of alarms) console.log(`- ${r.pair.id}: ${r.why}`)
}
