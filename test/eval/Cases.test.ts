import { NodeServices } from "@effect/platform-node"
import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { filterCases, loadCases } from "../../eval/Cases.ts"
import { checkOutput } from "../../eval/Checks.ts"
import { failureFromApiError } from "../../eval/Failures.ts"

const alternatives = (term: string | ReadonlyArray<string>) => (typeof term === "string" ? [term] : term)

describe("evaluation cases", () => {
  it.effect("the fixtures load, cover every profile and hold what they promise", () =>
    Effect.gen(function* () {
      const cases = yield* loadCases("fixtures/cases")
      assert.isAtLeast(cases.length, 30)
      assert.deepStrictEqual([...new Set(cases.map((c) => c.profile))].toSorted(), [
        "casual-explanatory",
        "direct-technical",
        "formal-academic",
        "plain-english",
        "student-feedback"
      ])
      assert.isTrue(cases.some((c) => c.source.split(/\s+/).length > 3000))
      for (const tag of [
        "numbers",
        "dates",
        "names",
        "negation",
        "uncertainty",
        "recommendation",
        "generic-phrasing",
        "profile-sensitivity",
        "markdown",
        "code",
        "long"
      ]) {
        assert.isTrue(
          cases.some((c) => c.tags.includes(tag)),
          tag
        )
      }
      // The same source under every profile.
      const water = cases.filter((c) => c.tags.includes("profile-sensitivity"))
      assert.strictEqual(new Set(water.map((c) => c.source)).size, 1)
      assert.strictEqual(new Set(water.map((c) => c.profile)).size, 5)
      for (const c of cases) {
        // What must survive is in the source, so the no-op baseline passes every meaning check.
        for (const term of [...(c.expect.requiredTerms ?? []), ...(c.expect.caveats ?? [])]) {
          assert.isTrue(
            alternatives(term).some((t) => c.source.toLowerCase().includes(t.toLowerCase())),
            `${c.id}: ${JSON.stringify(term)}`
          )
        }
        for (const block of c.expect.protectedBlocks ?? []) assert.include(c.source, block, c.id)
      }
      assert.deepStrictEqual(
        filterCases(cases, "negation").map((c) => c.id),
        ["negation-no-refund", "negation-double"]
      )
      assert.strictEqual(filterCases(cases, "numbers-battery-spec, long").length, 2)
    }).pipe(Effect.provide(NodeServices.layer))
  )

  it("checks report evidence around what went wrong", () => {
    const failures = checkOutput(
      {
        id: "c",
        title: "c",
        profile: "plain-english",
        tags: ["t"],
        source: "Pay €40 by 3 May, unless you are exempt.\n\n```sh\nrun --now\n```",
        expect: {
          requiredTerms: ["€40", ["3 May", "May 3"]],
          caveats: [["unless you are exempt", "if you are not exempt"]],
          forbiddenPhrases: ["seamless"],
          protectedBlocks: ["```sh\nrun --now\n```"]
        }
      },
      "Pay by May 3 for a seamless start.\n\n```sh\nrun --later\n```",
      90,
      undefined
    )
    assert.deepStrictEqual(
      failures.map((f) => f._tag),
      ["RequiredTermLost", "ForbiddenPhrasePresent", "ProtectedBlockChanged", "CaveatLost"]
    )
    assert.include(failures[0]!.evidence, "Pay €40 by 3 May")
    assert.include(failures[1]!.evidence, "a seamless start")
    assert.include(failures[2]!.evidence, "run --later")
  })

  it("API errors map to failures by code, and the provider's message tells model-not-loaded from a bad reply", () => {
    const tag = (code: string, message: string) => failureFromApiError(code, message)._tag
    assert.strictEqual(tag("provider_unreachable", "cannot reach"), "ProviderUnreachable")
    assert.strictEqual(tag("provider_timeout", "did not answer"), "ProviderTimeout")
    assert.strictEqual(
      tag("provider_error", "answered 400: model 'x' not found, try pulling it first"),
      "ModelNotLoaded"
    )
    assert.strictEqual(tag("provider_error", "the provider at u lists no chat model; load one"), "ModelNotLoaded")
    assert.strictEqual(tag("provider_error", "the model's rewrite reply could not be used twice"), "InvalidModelReply")
    assert.strictEqual(tag("provider_error", "answered 500: boom"), "ProviderFailed")
    assert.strictEqual(tag("invalid_request", "providerId must be"), "ServiceFailed")
  })
})
