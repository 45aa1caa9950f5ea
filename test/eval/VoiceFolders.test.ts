/**
 * The folders of writers `npm run voices:eval -- --writers DIR` measures (eval/voices/Folders.ts): the voice from
 * every text of a writer but the last, the chunks from the last, in pieces of about 200 words.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { folderSet, piecesOf } from "../../eval/voices/Folders.ts"

/** `n` sentences of ten words, numbered so that pieces can be told apart. */
const sentences = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${tag} sentence ${i} has exactly ten words in it, see.`).join(" ")

describe("folders of writers for voices:eval", () => {
  it("cuts a text into pieces of at least 200 words at sentence ends, keeping a last piece of 120 words or more", () => {
    const pieces = piecesOf(sentences("A", 52))
    assert.deepStrictEqual(
      pieces.map((p) => p.split(" ").length),
      [200, 200, 120]
    )
    assert.isTrue(pieces.every((p) => p.endsWith("see.")))
    // A last piece under 120 words is dropped rather than scored.
    assert.strictEqual(piecesOf(sentences("B", 51)).length, 2)
  })

  it("takes the voice from a writer's earlier texts and the chunks from the last, by file name", () => {
    const dir = mkdtempSync(join(tmpdir(), "redraft-writers-"))
    try {
      const write = (writer: string, file: string, text: string) => {
        mkdirSync(join(dir, writer), { recursive: true })
        writeFileSync(join(dir, writer, file), text)
      }
      write("ann", "2.md", sentences("second", 20))
      write("ann", "1.txt", sentences("first", 20))
      write("ann", "3.txt", sentences("last", 40))
      write("ann", "notes.csv", sentences("ignored", 20))
      write("bob", "1.txt", sentences("only", 40))
      writeFileSync(join(dir, "README.txt"), "not a writer")
      const set = folderSet(dir)
      assert.strictEqual(set.writers.length, 1, "a writer with one text is left out")
      const ann = set.writers[0]!
      assert.strictEqual(ann.id, "ann")
      assert.deepStrictEqual(
        ann.samples.map((s) => s.split(" ")[0]),
        ["first", "second"]
      )
      assert.deepStrictEqual(
        ann.chunks.map((c) => c.split(" ")[0]),
        ["last", "last"]
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
