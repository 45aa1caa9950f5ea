/**
 * How sure a voice score is, from the length of the text scored: a few sentences show little of a writer's habits.
 * Pure and dependency-free, so the web UI says the same as the API.
 */
export type Certainty = "low" | "medium" | "high"

/** Text lengths, in words, from which a score is of medium and of high certainty. */
export const MEDIUM_WORDS = 80
export const HIGH_WORDS = 200

export const certaintyOf = (words: number): Certainty =>
  words >= HIGH_WORDS ? "high" : words >= MEDIUM_WORDS ? "medium" : "low"

const WORD_RE = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu

/** Words in a text, counted as the voice score counts them closely enough to say how sure it is. */
export const wordCount = (text: string): number => text.match(WORD_RE)?.length ?? 0
