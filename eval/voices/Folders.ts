/**
 * Writers kept in folders, for measuring the voice score on other writing than the Brown corpus
 * (`npm run voices:eval -- --writers DIR`): DIR holds one folder per writer, each with that writer's texts as `.txt`
 * or `.md` files. The voice comes from every text but the last (in file-name order), cut into samples of ~200 words;
 * the test chunks are ~200-word pieces of the last text, which the voice never saw: a later text, on another subject.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { basename, join } from "node:path"
import { pieces, type Writer, type WriterSet } from "./Brown.ts"

const CHUNK_WORDS = 200
/** A last piece shorter than this is dropped rather than scored. */
const MIN_TAIL = 120

/** The text's sentences grouped into pieces of about `CHUNK_WORDS` words. */
export const piecesOf = (text: string): ReadonlyArray<string> =>
  pieces(
    text
      .replace(/\s+/g, " ")
      .trim()
      .split(/(?<=[.!?…]["”’)]*)\s+/),
    CHUNK_WORDS,
    MIN_TAIL
  )

/** The writers of DIR; a writer with fewer than two texts is left out. */
export const folderSet = (dir: string): WriterSet => {
  const writers = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .toSorted()
    .flatMap((name): ReadonlyArray<Writer> => {
      const texts = readdirSync(join(dir, name))
        .filter((f) => /\.(txt|md)$/.test(f))
        .toSorted()
        .map((f) => readFileSync(join(dir, name, f), "utf8"))
      if (texts.length < 2) return []
      return [
        {
          id: name,
          category: basename(dir),
          samples: texts.slice(0, -1).flatMap(piecesOf),
          chunks: piecesOf(texts.at(-1) ?? "")
        }
      ]
    })
  return { name: basename(dir), writers }
}
