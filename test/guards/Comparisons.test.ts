import { assert, describe, it } from "@effect/vitest"
import type { FindingKind } from "../../src/guards/Finding.ts"
import { assertNone, assertSome, findingsOfKinds, OPERATOR_KINDS } from "./support.ts"

/** The operator findings of a pair (other guards' findings left out). */
const found = findingsOfKinds(OPERATOR_KINDS)

const passes = (original: string, rewrite: string) => assertNone(found(original, rewrite), original, rewrite)

const flags = (kind: FindingKind, original: string, rewrite: string) =>
  assertSome(found(original, rewrite), kind, original, rewrite)

describe("Comparisons: turned into a bound", () => {
  it("reports 'cheaper than' that became 'costs more than', naming both", () => {
    const original = "The monthly pass is cheaper than ten single tickets."
    const [f] = flags("comparison", original, "The monthly pass costs more than ten single tickets.")
    assert.include(f?.message ?? "", '"cheaper" became "more than"')
    flags("comparison", original, "The monthly pass is more expensive than ten single tickets.")
  })

  it("passes 'cheaper than' said as 'costs less than'", () => {
    passes(
      "The monthly pass is cheaper than ten single tickets.",
      "The monthly pass costs less than ten single tickets."
    )
  })
})

describe("Comparisons: faster and longer", () => {
  it("reports 'faster' that became 'takes longer', naming both", () => {
    const [f] = flags(
      "negation",
      "The express route is faster than the coastal road.",
      "The express route takes longer than the coastal road."
    )
    assert.strictEqual(f?.message, '"faster" became its opposite "longer"')
    flags("negation", "Der Bus ist schneller als die Bahn.", "Der Bus braucht länger als die Bahn.")
  })

  it("passes 'faster' said as 'quicker'", () => {
    passes("The express route is faster than the coastal road.", "The express route is quicker than the coastal road.")
  })
})

describe("Comparisons: Russian lighter and heavier", () => {
  it("reports 'легче' that became 'больше весит', and passes 'весит меньше'", () => {
    const [f] = flags("comparison", "Новый рюкзак легче старого.", "Новый рюкзак больше весит, чем старый.")
    assert.include(f?.message ?? "", '"легче" became "больше"')
    flags("comparison", "Новая палатка легче старой.", "Новая палатка больше весит.")
    flags("comparison", "Новая палатка легче старой.", "Новая палатка тяжелее старой.")
    passes("Новый рюкзак легче старого.", "Новый рюкзак весит меньше старого.")
  })
})
