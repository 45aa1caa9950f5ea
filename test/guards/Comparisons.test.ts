import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Comparisons: turned into a bound", () => {
  it("reports 'cheaper than' that became 'costs more than', naming both", () => {
    const original = "The monthly pass is cheaper than ten single tickets."
    const [f] = flags(original, "The monthly pass costs more than ten single tickets.", "comparison")
    assert.include(f?.message ?? "", '"cheaper" became "more than"')
    flags(original, "The monthly pass is more expensive than ten single tickets.", "comparison")
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
      "The express route is faster than the coastal road.",
      "The express route takes longer than the coastal road.",
      "antonym"
    )
    assert.strictEqual(f?.message, '"faster" became its opposite "longer"')
    flags("Der Bus ist schneller als die Bahn.", "Der Bus braucht länger als die Bahn.", "antonym")
  })

  it("passes 'faster' said as 'quicker'", () => {
    passes("The express route is faster than the coastal road.", "The express route is quicker than the coastal road.")
  })
})

describe("Comparisons: Russian lighter and heavier", () => {
  it("reports 'легче' that became 'больше весит', and passes 'весит меньше'", () => {
    const [f] = flags("Новый рюкзак легче старого.", "Новый рюкзак больше весит, чем старый.", "comparison")
    assert.include(f?.message ?? "", '"легче" became "больше"')
    flags("Новая палатка легче старой.", "Новая палатка больше весит.", "comparison")
    flags("Новая палатка легче старой.", "Новая палатка тяжелее старой.", "comparison")
    passes("Новый рюкзак легче старого.", "Новый рюкзак весит меньше старого.")
  })
})
