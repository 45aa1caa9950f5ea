/**
 * Splitting a writer's text into samples for a voice. Pure and dependency-free, so the web UI and the CLI split the
 * same way: a pasted text or a single file becomes samples of whole paragraphs.
 */

import { wordCount } from "./Certainty.ts"

/** A sample gathers paragraphs until it holds at least this many characters. */
export const SAMPLE_TARGET_CHARS = 600

/**
 * The samples in `texts`: each text (a file, a pasted block) on its own when there are two or more; a single text
 * split into runs of whole paragraphs of about `SAMPLE_TARGET_CHARS` each. Blank texts are left out.
 */
export const toSamples = (texts: ReadonlyArray<string>): ReadonlyArray<string> => {
  const kept = texts.map((t) => t.trim()).filter((t) => t !== "")
  if (kept.length !== 1) return kept
  const paragraphs = (kept[0] ?? "")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
  const samples: Array<string> = []
  let current: Array<string> = []
  let size = 0
  for (const paragraph of paragraphs) {
    current.push(paragraph)
    size += paragraph.length
    if (size >= SAMPLE_TARGET_CHARS) {
      samples.push(current.join("\n\n"))
      current = []
      size = 0
    }
  }
  if (current.length > 0) {
    // A short tail joins the last sample rather than standing alone, unless it would be the only other sample.
    const last = samples.at(-1)
    if (last !== undefined && size < SAMPLE_TARGET_CHARS / 3 && samples.length > 1)
      samples[samples.length - 1] = `${last}\n\n${current.join("\n\n")}`
    else samples.push(current.join("\n\n"))
  }
  // Two short paragraphs are still two samples.
  if (samples.length === 1 && paragraphs.length >= 2) {
    const half = Math.ceil(paragraphs.length / 2)
    return [paragraphs.slice(0, half).join("\n\n"), paragraphs.slice(half).join("\n\n")]
  }
  return samples
}

/**
 * From this many words of samples a voice tells its writer from others of the same kind most of the time (measured on
 * the Brown corpus with `npm run voices:eval`: from 200 words of samples the writer's own unseen text passes a third
 * of the time, from 1,200 words four times in five).
 */
export const RELIABLE_VOICE_WORDS = 1_000
/** A voice is made from at least this many words of samples: below it, its score says next to nothing. */
export const MIN_VOICE_WORDS = 200

/** Words in the samples. */
export const sampleWords = (samples: ReadonlyArray<string>): number => samples.reduce((n, s) => n + wordCount(s), 0)

/** Why the samples are too few words for a voice, in words for the writer; null when they are enough. */
export const tooFewWords = (samples: ReadonlyArray<string>): string | null => {
  const words = sampleWords(samples)
  return words >= MIN_VOICE_WORDS
    ? null
    : `the samples hold ${words} words; a voice needs at least ${MIN_VOICE_WORDS} (about ${RELIABLE_VOICE_WORDS.toLocaleString("en")} make it reliable): add more of your writing`
}

/** What the samples' size means for the voice, in words for the writer. */
export const reliabilityNote = (samples: ReadonlyArray<string>): string => {
  const words = sampleWords(samples)
  const missing = RELIABLE_VOICE_WORDS - words
  if (missing <= 0) return `${words} words: enough for a reliable voice.`
  // Rounded up to tens, so the advice does not look more exact than it is.
  return `${words} words: about ${(Math.ceil(missing / 10) * 10).toLocaleString("en")} more would make the voice reliable (it tells you from other writers from about ${RELIABLE_VOICE_WORDS.toLocaleString("en")} words on).`
}
