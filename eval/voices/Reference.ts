/**
 * The reference writers of a language (eval/voices/reference/<language>/*.txt, written for Redraft: one file per
 * writer, four pieces separated by `---` lines), and how well the voice score tells them apart (voices:eval does
 * this for every language but English, which it measures on the Brown corpus).
 * Each writer is in turn the voice (its first three pieces) and every writer's last piece is scored against it, with
 * a background built from the other writers only: neither the voice's writer nor the chunk's is in it.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { loadBackground } from "../../src/text/voice/Background.ts"
import { scoreVoice, voiceAgainst } from "../../src/text/voice/Attribution.ts"
import { wordsOf } from "../../src/text/voice/Fingerprint.ts"
import type { ScoreMatrix } from "./Attribution.ts"
import { build, type ReferenceWriter } from "./BuildBackground.ts"

const ROOT = fileURLToPath(new URL("reference", import.meta.url))

/** The languages with reference writers. */
export const referenceLanguages = (): ReadonlyArray<string> => readdirSync(ROOT).toSorted()

/** The writers of a language, each a list of pieces. */
export const referenceWriters = (language: string): ReadonlyArray<ReferenceWriter> =>
  readdirSync(join(ROOT, language))
    .filter((f) => f.endsWith(".txt"))
    .toSorted()
    .map((f) => ({
      pieces: readFileSync(join(ROOT, language, f), "utf8")
        .split(/^---$/m)
        .map((p) => p.trim())
        .filter((p) => p !== "")
    }))

/** Every writer's last piece against every writer's voice, each pair with a background that has neither. */
export const referenceMatrix = (language: string): ScoreMatrix => {
  const writers = referenceWriters(language)
  const backgrounds = new Map<string, ReturnType<typeof loadBackground>>()
  const without = (a: number, b: number) => {
    const key = `${Math.min(a, b)}-${Math.max(a, b)}`
    const cached = backgrounds.get(key)
    if (cached !== undefined) return cached
    const others = writers.filter((_, i) => i !== a && i !== b)
    const background = loadBackground(build(language, "leave-out", others))
    backgrounds.set(key, background)
    return background
  }
  const scores = writers.map((chunkWriter, c) => {
    const chunk = chunkWriter.pieces.at(-1) ?? ""
    return writers.map((voiceWriter, v) => {
      const samples = voiceWriter.pieces.slice(0, -1).join("\n\n")
      const voice = voiceAgainst(without(c, v), samples, wordsOf(samples).length)
      return scoreVoice(chunk, wordsOf(chunk).length, voice).score
    })
  })
  return { scores, owner: writers.map((_, i) => i) }
}
