/**
 * Building a voice background (src/text/voice/Background.ts) from reference writers: the features found in the most
 * writers' texts, their mean and spread over the writers' pieces, and each writer's z-scores as an impostor.
 * `npm run voices:background` writes the shipped files with it; `npm run voices:eval` builds backgrounds that leave
 * out the writers it measures.
 */
import { counter, gramsOf, wordsOf } from "../../src/text/voice/Fingerprint.ts"
import type { BackgroundFile } from "../../src/text/voice/Background.ts"

/** The features kept: the most widely used words and character runs of the language. */
const WORDS = 200
const GRAMS = 3000
/** z-scores are shipped in signed bytes: this many steps per standard deviation (so up to ±7.9). */
const SCALE = 16
/** At most this many writers become impostors. */
const MAX_IMPOSTORS = 220

export interface ReferenceWriter {
  /** Pieces of about 200 words or more. */
  readonly pieces: ReadonlyArray<string>
  /** An impostor however many writers there are (the few writers of a kind the rest lacks). */
  readonly always?: boolean
}

/** The `n` features found in the most writers' texts; among those found in as many, the most frequent first. */
const mostWidespread = (
  writers: ReadonlyArray<ReferenceWriter>,
  split: (text: string) => ReadonlyArray<string>,
  n: number
) => {
  const spread = new Map<string, number>()
  const total = new Map<string, number>()
  for (const w of writers) {
    const features = split(w.pieces.join("\n\n"))
    for (const f of features) total.set(f, (total.get(f) ?? 0) + 1)
    for (const f of new Set(features)) spread.set(f, (spread.get(f) ?? 0) + 1)
  }
  return [...spread.entries()]
    .toSorted((a, b) => b[1] - a[1] || (total.get(b[0]) ?? 0) - (total.get(a[0]) ?? 0) || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([f]) => f)
}

export const build = (language: string, source: string, writers: ReadonlyArray<ReferenceWriter>): BackgroundFile => {
  const words = mostWidespread(writers, wordsOf, WORDS)
  const grams = mostWidespread(writers, gramsOf, GRAMS)
  const count = counter({ words, grams })
  const pieces = writers.flatMap((w) => w.pieces).map(count.count)
  const mean = Array.from({ length: count.size }, (_, i) => pieces.reduce((s, p) => s + (p[i] ?? 0), 0) / pieces.length)
  const sd = Array.from({ length: count.size }, (_, i) =>
    Math.sqrt(pieces.reduce((s, p) => s + ((p[i] ?? 0) - (mean[i] ?? 0)) ** 2, 0) / pieces.length)
  )
  const step = Math.max(1, Math.ceil(writers.length / MAX_IMPOSTORS))
  const chosen = writers.filter((w, i) => w.always === true || i % step === 0)
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
