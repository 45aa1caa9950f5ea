/**
 * A long document is read a part at a time while its first paragraphs already run: the first draft starts before the
 * document is read to its end, and still the run's events come in their order (the outline first) with the document's
 * total in each, and the result is that of the whole document.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { resolveOptions, type RunEvent } from "../../src/domain/Rewrite.ts"
import { PART_CHARS } from "../../src/markdown/Segments.ts"
import { Pipeline } from "../../src/pipeline/Pipeline.ts"
import type { CheckStage, DraftStage } from "../../src/pipeline/Stage.ts"
import { pipelineWith } from "../support/StageHarness.ts"
import { buildStyleTarget } from "../../src/text/StyleMetrics.ts"

const SAMPLES = ["Open the panel. Check the fuse.", "Run the tests first. Then push the branch."]
const PROFILE = {
  profile: { id: "plain", name: "Plain", description: "Short.", rules: [], avoid: [], samples: SAMPLES },
  style: buildStyleTarget(SAMPLES, [])
}
const TARGET = { baseUrl: "http://127.0.0.1:9/v1", model: "test-model", reasoningEffort: "none" } as const
const PASS = { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] }

const layerWith = pipelineWith

describe("a long document read in parts", () => {
  it.effect("drafts its first paragraph before the outline is out, and its events keep their order and total", () =>
    Effect.gen(function* () {
      const paragraphs = Array.from(
        { length: Math.ceil((3 * PART_CHARS) / 120) },
        (_, n) => `Paragraph ${n + 1} says that we utilize ${n + 2} pumps, and that each pump runs for eight hours.`
      )
      const document = `# Pumps\n\n${paragraphs.join("\n\n")}\n`
      const events: Array<RunEvent> = []
      let outlineOutAtFirstDraft: boolean | undefined
      const draft: DraftStage = {
        kind: "draft",
        name: "rewrite",
        order: 0,
        draft: ({ current }) =>
          Effect.sync(() => {
            outlineOutAtFirstDraft ??= events.some((e) => e.type === "outline")
            return current.replace("utilize", "use")
          })
      }
      const accept: CheckStage = {
        kind: "check",
        name: "accept",
        order: 0,
        check: ({ candidate }) => Effect.succeed({ text: candidate, report: PASS, source: "rewrite", warnings: [] })
      }
      const result = yield* Effect.gen(function* () {
        return yield* (yield* Pipeline).run({
          document,
          profile: PROFILE,
          options: resolveOptions({}),
          target: TARGET,
          emit: (event) => Effect.sync(() => events.push(event))
        })
      }).pipe(Effect.provide(layerWith([draft, accept])))

      assert.isFalse(outlineOutAtFirstDraft)
      assert.strictEqual(result.finalText, document.replaceAll("utilize", "use"))
      assert.strictEqual(events[0]?.type, "outline")
      assert.strictEqual(events.filter((e) => e.type === "outline").length, 1)
      for (const event of events) assert.strictEqual(event.total, paragraphs.length, JSON.stringify(event))
      const finished = events.flatMap((e) => (e.type === "segment" ? [e.done] : []))
      assert.deepStrictEqual(
        finished,
        paragraphs.map((_, i) => i + 1)
      )
      // Each paragraph's stage events come before its finished paragraph.
      const firstOf = (type: string, segment: number) =>
        events.findIndex((e) => e.type === type && "segment" in e && e.segment === segment)
      assert.isBelow(firstOf("progress", 2), firstOf("segment", 2))
    })
  )
})
