import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import type { CheckInput, CheckStage } from "../../src/pipeline/Stage.ts"
import { stageLayer } from "../../src/pipeline/StageRegistry.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/**
 * A fifth stage written the way a plugin would be: one service, one layer. It enforces a house glossary after the
 * meaning check. The orchestrator is not touched; the stage joins the run only because its layer is provided.
 */
class GlossaryStage extends Context.Service<GlossaryStage, CheckStage>()("test/stages/Glossary") {
  static readonly layer = stageLayer(
    GlossaryStage,
    Effect.succeed({
      kind: "check",
      name: "glossary",
      order: 10,
      check: (input: CheckInput) =>
        Effect.succeed({
          text: input.candidate.replace(/\bservers\b/g, "hosts"),
          report: { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] },
          source: "rewrite" as const,
          warnings: input.candidate.includes("servers") ? ["glossary: 'servers' is 'hosts' here."] : []
        })
    } satisfies CheckStage)
  )
}

interface DebugResult {
  readonly finalText: string
  readonly summary: { readonly warnings: ReadonlyArray<string> }
  readonly debug: { readonly timingsMs: Record<string, number> }
}

layer(TestApp({}, Layer.mergeAll(DefaultStages, GlossaryStage.layer)), { excludeTestServices: true })(
  "a fifth stage added by a layer",
  (it) => {
    it.effect("runs after the built-in stages and shapes the result", () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        yield* fake.configure({})
        const res = yield* postJson("/api/rewrite", {
          document: "We utilize 4 servers.\n\n```\nservers: 4\n```\n",
          options: { includeDebug: true }
        })
        const body = yield* jsonOf<DebugResult>(res)
        assert.strictEqual(body.finalText, "We use 4 hosts.\n\n```\nservers: 4\n```\n")
        assert.deepStrictEqual(body.summary.warnings, [
          "Paragraph 1 (\"We utilize 4 servers.\"): glossary: 'servers' is 'hosts' here."
        ])
        assert.isNumber(body.debug.timingsMs["glossary"])
        assert.isNumber(body.debug.timingsMs["meaning-check"])
        // The built-in meaning check still ran before it.
        assert.strictEqual((yield* fake.calls).filter((c) => c.task === "verify").length, 1)
      })
    )
  }
)

layer(TestApp({}, Layer.empty), { excludeTestServices: true })("no stages at all", (it) => {
  it.effect("gives the document back unchanged", () =>
    Effect.gen(function* () {
      const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers.\n" })
      const body = yield* jsonOf<{ finalText: string; summary: { meaning: string } }>(res)
      assert.strictEqual(body.finalText, "We utilize 4 servers.\n")
      assert.strictEqual(body.summary.meaning, "skipped")
    })
  )
})
