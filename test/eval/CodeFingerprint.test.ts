/** Cached evaluation cells are keyed by a fingerprint of the code that decides a rewrite (eval/CodeFingerprint.ts). */
import { assert, describe, it } from "@effect/vitest"
import { NodeServices } from "@effect/platform-node"
import { Effect, FileSystem } from "effect"
import { codeFingerprint } from "../../eval/CodeFingerprint.ts"

describe("codeFingerprint", () => {
  it.effect("changes with a prompt, a guard's word list or a profile, and not with other files", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const root = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-fingerprint-" })
      yield* fs.makeDirectory(`${root}/stages`, { recursive: true })
      yield* fs.makeDirectory(`${root}/src/guards/lang`, { recursive: true })
      yield* fs.makeDirectory(`${root}/fixtures/profiles`, { recursive: true })
      yield* fs.makeDirectory(`${root}/docs`, { recursive: true })
      yield* fs.writeFileString(`${root}/stages/prompt.ts`, 'export const RULE = "Keep every number."\n')
      yield* fs.writeFileString(`${root}/src/guards/lang/en.json`, '{"negation": ["not"]}\n')
      yield* fs.writeFileString(`${root}/fixtures/profiles/plain.json`, '{"id": "plain"}\n')
      yield* fs.writeFileString(`${root}/docs/notes.md`, "Notes.\n")

      const first = yield* codeFingerprint(root)
      assert.match(first, /^[0-9a-f]{12}$/)
      assert.strictEqual(yield* codeFingerprint(root), first)

      yield* fs.writeFileString(`${root}/docs/notes.md`, "Other notes.\n")
      assert.strictEqual(yield* codeFingerprint(root), first)

      const changes: ReadonlyArray<readonly [string, string]> = [
        ["stages/prompt.ts", 'export const RULE = "Keep every number and date."\n'],
        ["src/guards/lang/en.json", '{"negation": ["not", "never"]}\n'],
        ["fixtures/profiles/plain.json", '{"id": "plain", "rules": []}\n']
      ]
      const seen = new Set([first])
      for (const [file, text] of changes) {
        yield* fs.writeFileString(`${root}/${file}`, text)
        const next = yield* codeFingerprint(root)
        assert.isFalse(seen.has(next), file)
        seen.add(next)
      }
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})
