/**
 * Cached evaluation cells are keyed by a fingerprint of the code that decides a rewrite (eval/CodeFingerprint.ts) and
 * by every other input of the cell (`keyOf` in eval/Runner.ts): a change to any of them must change the key.
 */
import { assert, describe, it } from "@effect/vitest"
import { NodeServices } from "@effect/platform-node"
import { Effect, FileSystem } from "effect"
import type { EvalCase } from "../../eval/Cases.ts"
import { codeFingerprint } from "../../eval/CodeFingerprint.ts"
import { type EvalSettings, keyOf } from "../../eval/Runner.ts"

/** Every folder whose code decides a rewrite: the stages and prompts, the pipeline, guards, text and markdown
 * reading, the provider layer and the fixture profiles. */
const DECIDING = [
  "stages",
  "src/pipeline",
  "src/guards",
  "src/text",
  "src/markdown",
  "src/provider",
  "fixtures/profiles"
]

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

  it.effect("changes with a file in every fingerprinted folder, a file added and a file renamed", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const root = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-fingerprint-" })
      for (const dir of DECIDING) {
        yield* fs.makeDirectory(`${root}/${dir}/nested`, { recursive: true })
        yield* fs.writeFileString(`${root}/${dir}/nested/a.ts`, `export const A = "${dir}"\n`)
      }
      const seen = new Set([yield* codeFingerprint(root)])
      const changed = (label: string) =>
        Effect.gen(function* () {
          const next = yield* codeFingerprint(root)
          assert.isFalse(seen.has(next), label)
          seen.add(next)
        })
      for (const dir of DECIDING) {
        yield* fs.writeFileString(`${root}/${dir}/nested/a.ts`, `export const A = "${dir}, changed"\n`)
        yield* changed(`a change in ${dir}`)
      }
      yield* fs.writeFileString(`${root}/src/guards/nested/b.ts`, "export const B = 1\n")
      yield* changed("a file added")
      yield* fs.rename(`${root}/src/guards/nested/b.ts`, `${root}/src/guards/nested/c.ts`)
      yield* changed("a file renamed")
    }).pipe(Effect.scoped, Effect.provide(NodeServices.layer))
  )
})

describe("the cache key of a cell", () => {
  const evalCase: EvalCase = {
    id: "pump-notes",
    title: "Pump notes",
    profile: "plain-english",
    tags: ["numbers"],
    source: "The pump runs at 40 L/min.",
    expect: { requiredTerms: ["40 L/min"] }
  }
  const settings = { providerId: "lmstudio", reasoningEffort: "low" } as EvalSettings

  it("changes with the case's text, profile and expectations, the variant, the provider, the model, the reasoning effort and the code", () => {
    const base = keyOf(evalCase, "pipeline@2", settings, "qwen3-8b", "abc123abc123")
    assert.strictEqual(keyOf(evalCase, "pipeline@2", settings, "qwen3-8b", "abc123abc123"), base)
    const variants: ReadonlyArray<readonly [string, string]> = [
      [
        "source",
        keyOf({ ...evalCase, source: "The pump runs at 45 L/min." }, "pipeline@2", settings, "qwen3-8b", "abc123abc123")
      ],
      [
        "profile",
        keyOf({ ...evalCase, profile: "direct-technical" }, "pipeline@2", settings, "qwen3-8b", "abc123abc123")
      ],
      [
        "expectations",
        keyOf({ ...evalCase, expect: { requiredTerms: ["40"] } }, "pipeline@2", settings, "qwen3-8b", "abc123abc123")
      ],
      ["variant", keyOf(evalCase, "pipeline@1", settings, "qwen3-8b", "abc123abc123")],
      ["provider", keyOf(evalCase, "pipeline@2", { ...settings, providerId: "ollama" }, "qwen3-8b", "abc123abc123")],
      ["model", keyOf(evalCase, "pipeline@2", settings, "gemma3:12b", "abc123abc123")],
      [
        "reasoning effort",
        keyOf(evalCase, "pipeline@2", { ...settings, reasoningEffort: "high" }, "qwen3-8b", "abc123abc123")
      ],
      ["code", keyOf(evalCase, "pipeline@2", settings, "qwen3-8b", "def456def456")]
    ]
    const keys = new Set([base])
    for (const [input, key] of variants) {
      assert.isFalse(keys.has(key), input)
      keys.add(key)
    }
    // The title and tags only label a case: the same key.
    assert.strictEqual(
      keyOf({ ...evalCase, title: "Other", tags: [] }, "pipeline@2", settings, "qwen3-8b", "abc123abc123"),
      base
    )
  })
})
