/**
 * How well a score tells writers apart: every test chunk is scored against every writer's voice, and the measures
 * below read the matrix. `top1`: share of chunks whose own writer's voice scores highest. `meanRank`: the own voice's
 * mean place (1 is best). `auc`: the chance that a chunk's score against its own voice is above a score of another
 * writer's chunk against that voice. `ownPass`/`otherPass`: shares of own and other pairs at or above a threshold.
 */
import { cosine } from "../../src/text/voice/Attribution.ts"
import { wordsOf } from "../../src/text/voice/Fingerprint.ts"
import type { WriterSet } from "./Brown.ts"

/** `scores[c][v]`: chunk `c` against voice `v`; `owner[c]`: the voice chunk `c` belongs to. */
export interface ScoreMatrix {
  readonly scores: ReadonlyArray<ReadonlyArray<number>>
  readonly owner: ReadonlyArray<number>
}

export interface Attribution {
  readonly top1: number
  readonly meanRank: number
  readonly auc: number
  readonly ownPass?: number
  readonly otherPass?: number
}

/** Mann-Whitney AUC of `own` over `other`, ties counted half. */
export const auc = (own: ReadonlyArray<number>, other: ReadonlyArray<number>): number => {
  const all = [...own.map((s) => ({ s, own: true })), ...other.map((s) => ({ s, own: false }))].toSorted(
    (a, b) => a.s - b.s
  )
  let rankSum = 0
  for (let i = 0; i < all.length;) {
    let j = i
    while (j < all.length && all[j]?.s === all[i]?.s) j++
    const rank = (i + 1 + j) / 2
    for (let k = i; k < j; k++) if (all[k]?.own === true) rankSum += rank
    i = j
  }
  const n = own.length
  const m = other.length
  return n === 0 || m === 0 ? 0.5 : (rankSum - (n * (n + 1)) / 2) / (n * m)
}

export const attribution = (matrix: ScoreMatrix, threshold?: number): Attribution => {
  let top = 0
  let rankSum = 0
  // Per voice: its own chunks' scores against the others' chunks' scores, so a voice that scores everything high
  // does not win the comparison for another voice.
  const byVoice = new Map<number, { own: Array<number>; other: Array<number> }>()
  matrix.scores.forEach((row, c) => {
    const owner = matrix.owner[c] ?? -1
    const own = row[owner] ?? Number.NEGATIVE_INFINITY
    const better = row.filter((s, v) => v !== owner && s > own).length
    const tied = row.filter((s, v) => v !== owner && s === own).length
    top += better === 0 ? 1 / (tied + 1) : 0
    rankSum += 1 + better + tied / 2
    row.forEach((s, v) => {
      const entry = byVoice.get(v) ?? { own: [], other: [] }
      ;(v === owner ? entry.own : entry.other).push(s)
      byVoice.set(v, entry)
    })
  })
  const aucs = [...byVoice.values()].map((e) => auc(e.own, e.other))
  const n = matrix.scores.length
  const pairs = matrix.scores.flatMap((row, c) => row.map((s, v) => ({ s, own: v === matrix.owner[c] })))
  const share = (own: boolean) => {
    const these = pairs.filter((p) => p.own === own)
    return these.filter((p) => p.s >= (threshold ?? 0)).length / Math.max(1, these.length)
  }
  return {
    top1: top / n,
    meanRank: rankSum / n,
    auc: aucs.reduce((a, b) => a + b, 0) / Math.max(1, aucs.length),
    ...(threshold === undefined ? {} : { ownPass: share(true), otherPass: share(false) })
  }
}

/** Scores every chunk of the set against every voice with `score(chunk, voice index)`. */
export const scoreSet = (set: WriterSet, score: (chunk: string, voice: number) => number): ScoreMatrix => {
  const scores: Array<ReadonlyArray<number>> = []
  const owner: Array<number> = []
  set.writers.forEach((writer, w) => {
    for (const chunk of writer.chunks) {
      scores.push(set.writers.map((_, v) => score(chunk, v)))
      owner.push(w)
    }
  })
  return { scores, owner }
}

// ---------------------------------------------------------------------------------------------------------------
// The literature's baseline, computed over the set itself

const frequencies = (tokens: ReadonlyArray<string>, vocabulary: ReadonlyArray<string>): Float64Array => {
  const counts = new Map<string, number>()
  for (const t of tokens) counts.set(t, (counts.get(t) ?? 0) + 1)
  return Float64Array.from(vocabulary, (w) => (counts.get(w) ?? 0) / Math.max(1, tokens.length))
}

/**
 * Cosine Delta (Smith and Aldridge 2011): the `mfw` most frequent words of all the voices' samples, each word's
 * frequency as a z-score over the voices, and the cosine between a chunk's z-scores and a voice's.
 */
export const cosineDelta = (set: WriterSet, mfw = 150) => {
  const voiceTokens = set.writers.map((w) => wordsOf(w.samples.join(" ")))
  const totals = new Map<string, number>()
  for (const tokens of voiceTokens) for (const t of tokens) totals.set(t, (totals.get(t) ?? 0) + 1)
  const vocabulary = [...totals.entries()]
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, mfw)
    .map(([w]) => w)
  const voiceFreqs = voiceTokens.map((tokens) => frequencies(tokens, vocabulary))
  const mean = vocabulary.map((_, i) => voiceFreqs.reduce((s, f) => s + (f[i] ?? 0), 0) / voiceFreqs.length)
  const sd = vocabulary.map((_, i) =>
    Math.sqrt(voiceFreqs.reduce((s, f) => s + ((f[i] ?? 0) - (mean[i] ?? 0)) ** 2, 0) / voiceFreqs.length)
  )
  const z = (f: Float64Array) => f.map((x, i) => ((sd[i] ?? 0) === 0 ? 0 : (x - (mean[i] ?? 0)) / (sd[i] ?? 1)))
  const voices = voiceFreqs.map(z)
  return (chunk: string, voice: number) =>
    cosine(z(frequencies(wordsOf(chunk), vocabulary)), voices[voice] ?? new Float64Array(vocabulary.length))
}
