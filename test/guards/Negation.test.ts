import { describe, it } from "@effect/vitest"
import type { FindingKind } from "../../src/guards/Finding.ts"
import { assertNone, assertSome, findingsOfKinds, OPERATOR_KINDS } from "./support.ts"

/** The operator findings of a pair (other guards' findings left out). */
const found = findingsOfKinds(OPERATOR_KINDS)

const passes = (original: string, rewrite: string) => assertNone(found(original, rewrite), original, rewrite)

const flags = (kind: FindingKind, original: string, rewrite: string) =>
  assertSome(found(original, rewrite), kind, original, rewrite)

describe("Negation: free of charge", () => {
  it("reads a free-of-charge word as a negation that another negation may stand for", () => {
    passes("The museum is free of charge on Sundays.", "There is no entry fee at the museum on Sundays.")
    passes("Les enfants voyagent gratuitement sur cette ligne.", "Les enfants voyagent sans frais sur cette ligne.")
    passes("会員の方は駐車場が無料です。", "会員の方は駐車場の料金がかかりません。")
    passes("Die Beratung ist für Mitglieder kostenlos.", "Die Beratung ist für Mitglieder ohne Gebühr.")
  })

  it("reports a free-of-charge word turned into a charge", () => {
    flags("negation", "The museum is free of charge on Sundays.", "The museum charges an entry fee on Sundays.")
    flags("negation", "Le stationnement est gratuit pour les clients.", "Le stationnement est payant pour les clients.")
    flags("negation", "会員の方は駐車場が無料です。", "会員の方は駐車場の料金がかかります。")
    flags("negation", "Die Beratung ist für Mitglieder kostenlos.", "Die Beratung kostet für Mitglieder eine Gebühr.")
    flags("negation", "Для пенсионеров проезд бесплатный.", "Для пенсионеров проезд платный.")
  })
})

describe("Negation: negative prefixes without accents", () => {
  it("accepts a negated word that comes back with a negative prefix, whatever its accents", () => {
    passes("La suscripción permite descargas sin límite.", "La suscripción permite descargas ilimitadas.")
    passes("El número de intentos es sin límite.", "El número de intentos es ilimitado.")
    flags("negation", "La suscripción permite descargas sin límite.", "La suscripción permite descargas limitadas.")
  })
})

describe("Negation: instead of", () => {
  it("reads 'instead of' as a negation of the thing left out", () => {
    passes(
      "Heute hält der Bus an der Post statt am Rathaus.",
      "Heute hält der Bus nicht am Rathaus, sondern an der Post."
    )
    passes(
      "Heute hält der Bus nicht am Rathaus, sondern an der Post.",
      "Heute hält der Bus an der Post statt am Rathaus."
    )
    passes(
      "Use the stairs instead of the lift during the drill.",
      "During the drill, do not use the lift; use the stairs."
    )
    flags(
      "negation",
      "Heute hält der Bus an der Post statt am Rathaus.",
      "Heute hält der Bus an der Post und am Rathaus."
    )
    flags(
      "negation",
      "Use the stairs instead of the lift during the drill.",
      "During the drill, use the stairs and the lift."
    )
  })

  it("does not read the German verb stattfinden as a negation", () => {
    passes(
      "Der Elternabend findet am Donnerstag in der Mensa statt.",
      "Am Donnerstag ist der Elternabend in der Mensa."
    )
    passes(
      "Der Elternabend ist am Donnerstag in der Mensa.",
      "Der Elternabend findet am Donnerstag in der Mensa statt."
    )
    passes("Der Elternabend fand trotz des Streiks statt.", "Trotz des Streiks gab es den Elternabend.")
  })
})
