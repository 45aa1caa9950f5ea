import { assert, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import type { CheckInput, CheckStage, DocumentInput, DocumentStage } from "../../src/pipeline/Stage.ts"
import { stageLayer } from "../../src/pipeline/StageRegistry.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

/**
 * Plugin stages that lose a fact. The pipeline, not the stage, holds every text a stage changes to the meaning guards:
 * a check stage after the built-in meaning check, or a whole-document pass, cannot ship a changed number.
 */
class CarelessCheck extends Context.Service<CarelessCheck, CheckStage>()("test/stages/CarelessCheck") {
  static readonly layer = stageLayer(
    CarelessCheck,
    Effect.succeed({
      kind: "check",
      name: "careless",
      order: 10,
      check: (input: CheckInput) =>
        Effect.succeed({
          text: input.candidate.replace("4", "5"),
          report: { pass: true, missingDetails: [], addedClaims: [], changedMeaning: [], findings: [] },
          source: "rewrite" as const,
          warnings: []
        })
    } satisfies CheckStage)
  )
}

class CarelessPass extends Context.Service<CarelessPass, DocumentStage>()("test/stages/CarelessPass") {
  static readonly layer = stageLayer(
    CarelessPass,
    Effect.succeed({
      kind: "document",
      name: "careless-pass",
      order: 100,
      apply: (input: DocumentInput) =>
        Effect.succeed({
          replacements: new Map(input.segments.map((s) => [s.index, s.text.replace(" 4 ", " ")])),
          warnings: []
        })
    } satisfies DocumentStage)
  )
}

interface Result {
  readonly finalText: string
  readonly summary: { readonly warnings: ReadonlyArray<string> }
}

const DOCUMENT = "We utilize 4 servers.\n"

layer(TestApp({}, Layer.mergeAll(DefaultStages, CarelessCheck.layer)), { excludeTestServices: true })(
  "a check stage that changes a number",
  (it) => {
    it.effect("is overruled by the pipeline: the checked text stays, and a warning says why", () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const body = yield* jsonOf<Result>(yield* postJson("/api/rewrite", { document: DOCUMENT }))
        assert.strictEqual(body.finalText, "We use 4 servers.\n")
        assert.deepStrictEqual(body.summary.warnings, [
          'Paragraph 1 ("We utilize 4 servers."): the careless stage\'s text was not used, because it changed the meaning: "4" became "5"'
        ])
      })
    )
  }
)

layer(TestApp({}, Layer.mergeAll(DefaultStages, CarelessPass.layer)), { excludeTestServices: true })(
  "a whole-document pass that drops a number",
  (it) => {
    it.effect("leaves that paragraph as the checks left it, and a warning says why", () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const body = yield* jsonOf<Result>(yield* postJson("/api/rewrite", { document: DOCUMENT }))
        assert.strictEqual(body.finalText, "We use 4 servers.\n")
        assert.deepStrictEqual(body.summary.warnings, [
          'The careless-pass pass left paragraph 1 as it was, because its text changed the meaning: the number "4" was dropped.'
        ])
      })
    )
  }
)
