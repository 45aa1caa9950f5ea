/**
 * `npm run voices:eval [--json]`: how well a voice's score tells writers apart, on real human writing nobody here
 * wrote (the Brown corpus, eval/voices/Brown.ts). For each set of 20 writers, every unseen test chunk is scored
 * against every writer's voice, with Redraft's score (`POST /api/profiles/:id/score` computes the same) and with
 * Cosine Delta computed in the same run, and the script prints top-1, mean rank and AUC own vs other per set, the
 * share of own and other chunks at or above the default threshold, and how fast a voice is built and a text scored.
 * `--writers DIR` (repeatable) measures folders of writers instead (eval/voices/Folders.ts): a voice from the
 * writer's earlier texts, chunks from their last one.
 */
import { performance } from "node:perf_hooks"
import { attribution, cosineDelta, scoreSet, type Attribution } from "./voices/Attribution.ts"
import { type WriterSet, writerSets } from "./voices/Brown.ts"
import { folderSet } from "./voices/Folders.ts"
import { referenceLanguages, referenceMatrix } from "./voices/Reference.ts"
import { DEFAULT_STYLE_THRESHOLD } from "../src/domain/Rewrite.ts"
import { assessStyle, buildStyleTarget, type StyleTarget } from "../src/text/StyleMetrics.ts"

const asJson = process.argv.includes("--json")
/** `--writers DIR` (repeatable): measure these folders of writers (eval/voices/Folders.ts) instead of the corpus. */
const folders = process.argv.flatMap((arg, i) => (process.argv[i - 1] === "--writers" ? [arg] : []))

/**
 * How steady the feedback is: writers told on their own unseen chunks both to shorten and to lengthen sentences, and
 * the feedback lines per chunk of the writer's own and of the next writer's, against the writer's voice.
 */
const feedbackOn = (set: WriterSet, targets: ReadonlyArray<StyleTarget>) => {
  let contradictory = 0
  let own = 0
  let other = 0
  let chunks = 0
  set.writers.forEach((writer, v) => {
    const target = targets[v]
    const next = set.writers[(v + 1) % set.writers.length]
    if (target === undefined || next === undefined) return
    const lines = writer.chunks.map((c) => assessStyle(c, target).feedback)
    const all = lines.flat()
    if (all.some((l) => l.startsWith("Shorten sentences")) && all.some((l) => l.startsWith("Lengthen sentences")))
      contradictory++
    own += all.length
    other += next.chunks.reduce((n, c) => n + assessStyle(c, target).feedback.length, 0)
    chunks += writer.chunks.length
  })
  return { contradictory, writers: set.writers.length, ownLines: own / chunks, otherLines: other / chunks }
}
const percent = (x: number) => `${(100 * x).toFixed(0)} %`

const sets = folders.length > 0 ? folders.map(folderSet) : writerSets()
const rows: Array<{ set: string; method: string; result: Attribution }> = []
const feedback: Array<{ set: string } & ReturnType<typeof feedbackOn>> = []
let built = 0
let buildMs = 0
let scored = 0
let scoreMs = 0

for (const set of sets) {
  let start = performance.now()
  const targets = set.writers.map((w) => buildStyleTarget(w.samples, []))
  buildMs += performance.now() - start
  built += targets.length
  start = performance.now()
  const redraft = scoreSet(set, (chunk, voice) => {
    const target = targets[voice]
    return target === undefined ? 0 : assessStyle(chunk, target).score
  })
  scoreMs += performance.now() - start
  scored += redraft.scores.length * set.writers.length
  rows.push({ set: set.name, method: "redraft", result: attribution(redraft, DEFAULT_STYLE_THRESHOLD) })
  // As in one workspace holding all the set's voices: each voice races the others too (src/pipeline/Profiles.ts).
  const alone = targets.flatMap((t) => (t.voice === undefined ? [] : [t.voice]))
  const together = set.writers.map((w, v) =>
    buildStyleTarget(
      w.samples,
      [],
      alone.filter((_, o) => o !== v)
    )
  )
  rows.push({
    set: set.name,
    method: "redraft, one workspace",
    result: attribution(
      scoreSet(set, (chunk, voice) => {
        const target = together[voice]
        return target === undefined ? 0 : assessStyle(chunk, target).score
      }),
      DEFAULT_STYLE_THRESHOLD
    )
  })
  feedback.push({ set: set.name, ...feedbackOn(set, targets) })
  rows.push({ set: set.name, method: "cosine-delta", result: attribution(scoreSet(set, cosineDelta(set))) })
}

// The other languages: the reference writers written for Redraft, each scored with a background that leaves out the
// writers being compared (the voice score alone: the traits are the same as before in these languages).
// English is measured on the corpus above; its reference writers are many, and a background for every pair of them
// would take long.
for (const language of folders.length > 0 ? [] : referenceLanguages().filter((l) => l !== "en")) {
  rows.push({
    set: `${language} (reference)`,
    method: "voice",
    result: attribution(referenceMatrix(language), DEFAULT_STYLE_THRESHOLD)
  })
}

const speed = { voiceBuildMs: buildMs / built, scoresPerSecond: (1000 * scored) / scoreMs }
if (asJson) {
  console.log(JSON.stringify({ rows, feedback, speed }, null, 2))
} else {
  const writers = sets.map((s) => `${s.name} ${s.writers.length}`).join(", ")
  const chunks = sets.map((s) => `${s.name} ${s.writers.reduce((n, w) => n + w.chunks.length, 0)}`).join(", ")
  console.log(`Writers per set: ${writers}; test chunks: ${chunks}.\n`)
  console.log("| set | method | top-1 | mean rank | AUC own vs other | own pass | others pass |")
  console.log("|---|---|---:|---:|---:|---:|---:|")
  for (const { set, method, result } of rows) {
    const pass = (x: number | undefined) => (x === undefined ? "" : percent(x))
    console.log(
      `| ${set} | ${method} | ${percent(result.top1)} | ${result.meanRank.toFixed(1)} | ${result.auc.toFixed(2)} | ${pass(result.ownPass)} | ${pass(result.otherPass)} |`
    )
  }
  console.log("\n| set | told both shorter and longer sentences | lines per own chunk | per other writer's chunk |")
  console.log("|---|---:|---:|---:|")
  for (const f of feedback)
    console.log(
      `| ${f.set} | ${f.contradictory} of ${f.writers} | ${f.ownLines.toFixed(2)} | ${f.otherLines.toFixed(2)} |`
    )
  console.log(
    `\nA voice built in ${speed.voiceBuildMs.toFixed(1)} ms; ${speed.scoresPerSecond.toFixed(0)} scores per second (one core). Pass: score at or above ${DEFAULT_STYLE_THRESHOLD}.`
  )
}
