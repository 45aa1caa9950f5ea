/**
 * A fingerprint of everything that decides a rewrite besides the case, its options and the model: the stages and
 * their prompts, the pipeline, the guards and their word lists, the style measures, the markdown reading, the
 * provider layer and the fixture profiles. A cached evaluation cell is reused only under the same fingerprint, so a
 * change to a prompt or a guard is never answered with an old result.
 */
import { Effect, FileSystem, Path } from "effect"
import { createHash } from "node:crypto"

export const FINGERPRINTED = [
  "stages",
  "src/pipeline",
  "src/guards",
  "src/text",
  "src/markdown",
  "src/provider",
  "fixtures/profiles"
] as const

/** 12 hex characters of a SHA-256 over the path and content of every file under FINGERPRINTED, in path order. */
export const codeFingerprint = Effect.fn("Eval.codeFingerprint")(function* (root: string) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const files: Array<string> = []
  for (const dir of FINGERPRINTED) {
    const full = path.join(root, dir)
    if (!(yield* fs.exists(full))) continue
    const entries = yield* fs.readDirectory(full, { recursive: true })
    for (const entry of entries) {
      const file = path.join(full, entry)
      if ((yield* fs.stat(file)).type === "File") files.push(path.join(dir, entry))
    }
  }
  const hash = createHash("sha256")
  for (const file of files.toSorted()) {
    hash.update(`${file}\n`)
    hash.update(yield* fs.readFile(path.join(root, file)))
  }
  return hash.digest("hex").slice(0, 12)
})
