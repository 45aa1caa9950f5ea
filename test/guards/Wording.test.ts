/**
 * Two readings that keep free rewording from raising questions: a negation said as a word of negative meaning
 * ("waived" ↔ "won't pay"), and a caveat whose connective went but whose clause is still said.
 */
import { describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Negation said as a word of negative meaning", () => {
  it("passes a negation added where a word of negative meaning went, and the reverse, in four languages", () => {
    passes("The monthly fee is waived for students.", "Students don't pay the monthly fee.")
    passes(
      "Am Samstag wird die Anlage abgeschaltet.",
      "Am Samstag ist die Anlage nicht in Betrieb, sie wird nicht genutzt."
    )
    passes("El ascensor permanecerá fuera de servicio el martes.", "El martes no podremos usar el ascensor.")
    passes("В субботу почта будет отключена.", "В субботу почта не будет работать.")
  })

  it("still reports a negation dropped when no word of negative meaning stands for it", () => {
    flags("The fee is not charged to students.", "The fee is charged to students.", "negation")
    flags("Das Ticket gilt nicht für Kinder.", "Das Ticket gilt für Kinder.", "negation")
  })
})

describe("A caveat whose connective went", () => {
  it("passes when the clause it introduced is still said, in English and French", () => {
    passes(
      "The museum opens at 9, but the café opens only at 10 on Sundays.",
      "The museum opens at 9. On Sundays the café opens only at 10."
    )
    passes(
      "La salle est accessible le soir, mais le parking ferme à 22 h.",
      "La salle est accessible le soir. Le parking ferme à 22 h."
    )
  })

  it("reports the caveat when its clause is gone, in English and Spanish", () => {
    flags(
      "The treatment usually works within a week, although some patients need a second course.",
      "The treatment usually works within a week.",
      "contrast"
    )
    flags(
      "La oferta es válida hasta el viernes, aunque las existencias son limitadas.",
      "La oferta es válida hasta el viernes.",
      "contrast"
    )
  })
})

describe("A part that became the whole, a hedge of two that went", () => {
  it("reports 'some' dropped when nothing in the rewrite keeps it a part, in German and Spanish", () => {
    flags(
      "Einige Züge der Linie RE 5 fallen am Montag aus.",
      "Die Züge der Linie RE 5 fallen am Montag aus.",
      "quantifier"
    )
    flags(
      "Algunos vuelos a Canarias podrían sufrir retrasos.",
      "Los vuelos a Canarias podrían sufrir retrasos.",
      "quantifier"
    )
    passes("Some trains are cancelled on Monday.", "A few trains are cancelled on Monday.")
  })

  it("reports one of two hedges dropped while the other stays, in Chinese and English", () => {
    flags("本周末可能下雪，气温或将降至零下8度。", "本周末将下雪，气温或将降至零下8度。", "hedge")
    flags(
      "The bridge may close on Friday, and the ferry may run late.",
      "The bridge closes on Friday, and the ferry may run late.",
      "hedge"
    )
  })
})
