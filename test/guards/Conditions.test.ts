import { assert, describe, it } from "@effect/vitest"
import { assertNone, assertSome, findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))
/** The scope findings of a pair: an "only" lost or added. */
const scope = findingsOfKinds(["scope"])

describe("Conditions: German verb-first conditionals", () => {
  it("reads a clause that opens with its verb as the condition a 'sofern' was", () => {
    passes(
      "Die Kündigung gilt als unwirksam, sofern keine Vollmacht des Mieters vorliegt.",
      "Liegt keine Vollmacht des Mieters vor, gilt die Kündigung als unwirksam."
    )
    passes(
      "Liegt keine Vollmacht des Mieters vor, gilt die Kündigung als unwirksam.",
      "Sofern keine Vollmacht des Mieters vorliegt, gilt die Kündigung als unwirksam."
    )
    passes(
      "Der Zuschuss wird gezahlt, sofern die Quittung vorliegt.",
      "Liegt die Quittung vor, wird der Zuschuss gezahlt."
    )
    passes(
      "Ist die Rechnung bezahlt, wird die Ware versandt.",
      "Die Ware wird versandt, sofern die Rechnung bezahlt ist."
    )
  })

  it("still reports a 'sofern' that became a plain statement", () => {
    const [f] = flags(
      "Die Kündigung gilt als unwirksam, sofern keine Vollmacht des Mieters vorliegt.",
      "Die Kündigung gilt als unwirksam. Es liegt keine Vollmacht des Mieters vor.",
      "condition"
    )
    assert.include(f?.message ?? "", '"sofern" was dropped')
    flags(
      "Der Zuschuss wird gezahlt, sofern die Quittung vorliegt.",
      "Die Quittung liegt vor, und der Zuschuss wird gezahlt.",
      "condition"
    )
  })
})

describe("Conditions: a condition said as a scope", () => {
  it("reports no added 'only' when a condition became the group it picks out", () => {
    for (const [original, rewrite] of [
      [
        "Le bonus est versé à condition d'avoir terminé la période d'essai.",
        "Le bonus est réservé aux salariés qui ont terminé la période d'essai."
      ],
      [
        "Le parking est accessible à condition d'avoir réglé la cotisation annuelle.",
        "Le parking est réservé aux membres qui ont réglé la cotisation annuelle."
      ]
    ]) {
      assertNone(scope(original, rewrite), original, rewrite)
      passes(original, rewrite)
    }
  })

  it("still reports an 'only' added where the original had no condition", () => {
    const [f] = assertSome(
      scope("Le bonus est versé aux salariés.", "Le bonus est réservé aux salariés."),
      "scope",
      "Le bonus est versé aux salariés.",
      "Le bonus est réservé aux salariés."
    )
    assert.include(f?.message ?? "", '"réservé aux" was added')
  })
})
