import { assert, describe, it } from "@effect/vitest"
import type { FindingKind } from "../../src/guards/Finding.ts"
import { assertNone, assertSome, findingsOfKinds, OPERATOR_KINDS } from "./support.ts"

/** The operator findings of a pair (other guards' findings left out). */
const found = findingsOfKinds(OPERATOR_KINDS)

const passes = (original: string, rewrite: string) => assertNone(found(original, rewrite), original, rewrite)

const flags = (kind: FindingKind, original: string, rewrite: string) =>
  assertSome(found(original, rewrite), kind, original, rewrite)

describe("Modality: added causes", () => {
  it("reports a cause that names a new reason", () => {
    const [f] = flags(
      "claim",
      "Attendance dropped in March.",
      "Attendance dropped in March because of the flu outbreak."
    )
    assert.include(f?.message ?? "", '"because of" was added')
    flags("claim", "Der Umsatz sank im März.", "Der Umsatz sank im März wegen der Grippewelle.")
    passes("Attendance dropped in March.", "In March, attendance dropped.")
  })

  it("passes a cause that links two facts the original already gave", () => {
    passes("The heater broke. The pipes froze.", "The heater broke, so the pipes froze.")
    passes("The heater broke. The pipes froze.", "The heater broke; therefore the pipes froze.")
    passes("The heater broke. The pipes froze.", "The pipes froze because the heater broke.")
    passes(
      "Le chauffage est tombé en panne. Les tuyaux ont gelé.",
      "Le chauffage est tombé en panne, donc les tuyaux ont gelé."
    )
    passes("暖气坏了。水管冻住了。", "由于暖气坏了，水管冻住了。")
    passes("暖气坏了。水管冻住了。", "暖气坏了，所以水管冻住了。")
  })
})
