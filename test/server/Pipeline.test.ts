import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import type { CheckInput, CheckStage } from "../../src/pipeline/Stage.ts"
import { stageLayer } from "../../src/pipeline/StageRegistry.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider, verifiedRewrite } from "../support/FakeProvider.ts"
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

/**
 * The same glossary as a check stage at any `order`. Its layer is built in a fixed sequence with the built-in
 * stages (`Layer.provideMerge` builds the provided layer first), so the order in which stages register disagrees with
 * their `order`, and only the registry's sorting puts them right.
 */
const glossaryAt = <I>(service: Context.Service<I, CheckStage>, order: number) =>
  stageLayer(
    service,
    Effect.succeed({
      kind: "check",
      name: "glossary",
      order,
      check: (input: CheckInput) =>
        Effect.succeed({
          text: input.candidate.replace(/\bservers\b/g, "hosts"),
          report: { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] },
          source: "rewrite" as const,
          warnings: []
        })
    } satisfies CheckStage)
  )

class LateGlossary extends Context.Service<LateGlossary, CheckStage>()("test/stages/LateGlossary") {
  static readonly layer = glossaryAt(LateGlossary, 10)
}

class EarlyGlossary extends Context.Service<EarlyGlossary, CheckStage>()("test/stages/EarlyGlossary") {
  static readonly layer = glossaryAt(EarlyGlossary, -10)
}

/** The paragraph the model was asked to verify: what the check stages before the meaning check left. */
const verifiedText = Effect.gen(function* () {
  const verify = (yield* (yield* FakeProvider).calls).filter((c) => c.task === "verify")
  assert.strictEqual(verify.length, 1)
  return verifiedRewrite(verify[0]!)
})

const glossaryRun = Effect.gen(function* () {
  yield* (yield* FakeProvider).configure({})
  const res = yield* postJson("/api/rewrite", { document: "We utilize 4 servers.\n" })
  return (yield* jsonOf<{ finalText: string }>(res)).finalText
})

// Registered first (its layer is built before the built-in stages), ordered after the meaning check.
layer(TestApp({}, DefaultStages.pipe(Layer.provideMerge(LateGlossary.layer))), { excludeTestServices: true })(
  "a stage registered before the built-in ones but with a higher order",
  (it) => {
    it.effect("runs after the meaning check: the model verifies the text without its change", () =>
      Effect.gen(function* () {
        assert.strictEqual(yield* glossaryRun, "We use 4 hosts.\n")
        assert.strictEqual(yield* verifiedText, "We use 4 servers.")
      })
    )
  }
)

// Registered last (its layer is built after the built-in stages), ordered before the meaning check.
layer(TestApp({}, EarlyGlossary.layer.pipe(Layer.provideMerge(DefaultStages))), { excludeTestServices: true })(
  "a stage registered after the built-in ones but with a lower order",
  (it) => {
    it.effect("runs before the meaning check: the model verifies the text with its change", () =>
      Effect.gen(function* () {
        assert.strictEqual(yield* glossaryRun, "We use 4 hosts.\n")
        assert.strictEqual(yield* verifiedText, "We use 4 hosts.")
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
