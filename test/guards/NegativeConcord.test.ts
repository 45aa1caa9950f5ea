import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Negation: negative concord", () => {
  it("counts 'no … nada' once, so that one free-of-charge word or one negation may stand for it", () => {
    passes("No te cobramos nada por cambiar la fecha del vuelo.", "Cambiar la fecha del vuelo es gratis.")
    passes("No te cobramos nada por cambiar la fecha del vuelo.", "Cambiar la fecha del vuelo es sin coste.")
    passes("No te cobramos nada por cambiar la fecha del vuelo.", "Cambiar la fecha del vuelo no tiene ningún coste.")
    passes("No tenemos ni tiempo ni dinero para la obra.", "Nos falta tiempo y dinero para la obra.")
    passes("La app no guarda tu ubicación ni la comparte.", "La app no guarda ni comparte tu ubicación.")
  })

  it("reports the Spanish negation dropped", () => {
    const [f] = flags(
      "No te cobramos nada por cambiar la fecha del vuelo.",
      "Te cobramos por cambiar la fecha del vuelo.",
      "negation"
    )
    assert.include(f?.message ?? "", '"no" was dropped')
    flags("La app no guarda tu ubicación ni la comparte.", "La app guarda tu ubicación y la comparte.", "negation")
    flags("No fume ni beba en la sala de espera.", "Fume y beba en la sala de espera.", "negation")
  })

  it("counts French 'ne … jamais' and 'ne … rien' once", () => {
    passes("Nous ne partageons jamais vos coordonnées.", "Vos coordonnées ne sont pas partagées.")
    passes(
      "Le serveur ne garde jamais les mots de passe.",
      "Les mots de passe ne sont jamais conservés par le serveur."
    )
    passes("Le serveur ne garde jamais les mots de passe.", "Aucun mot de passe n'est conservé par le serveur.")
    passes("Nous ne facturons rien pour la livraison.", "La livraison est gratuite.")
    const [f] = flags("Nous ne partageons jamais vos coordonnées.", "Nous partageons vos coordonnées.", "negation")
    assert.include(f?.message ?? "", '"jamais" was dropped')
    flags("Nous ne facturons rien pour la livraison.", "Nous facturons la livraison.", "negation")
  })

  it("counts Russian 'ничего не' once", () => {
    passes("Мы ничего не берём за доставку.", "Доставка бесплатная.")
    passes("Мы ничего не берём за доставку.", "Мы не берём денег за доставку.")
    flags("Мы ничего не берём за доставку.", "Мы берём деньги за доставку.", "negation")
  })

  it("lets 'nor' carry an English negation on", () => {
    passes(
      "The app does not store your location, nor does it share it.",
      "The app neither stores nor shares your location."
    )
    flags(
      "The app does not store your location, nor does it share it.",
      "The app stores your location and shares it.",
      "negation"
    )
  })
})

describe("Negation: words for lacking", () => {
  it("reads 'fehlen' as a negation that 'keine' may stand for", () => {
    passes("Für den Zuschuss fehlen die Belege.", "Für den Zuschuss gibt es keine Belege.")
    passes("Die Belege für den Zuschuss fehlen.", "Es gibt keine Belege für den Zuschuss.")
    passes("In der Mappe fehlen noch zwei Rechnungen.", "In der Mappe sind zwei Rechnungen noch nicht vorhanden.")
    passes("Dem Antrag fehlt die Unterschrift.", "Der Antrag hat keine Unterschrift.")
  })

  it("reports a lack turned into presence, naming the word", () => {
    const [f] = flags("Für den Zuschuss fehlen die Belege.", "Für den Zuschuss liegen die Belege vor.", "negation")
    assert.include(f?.message ?? "", '"fehlen" was dropped')
    flags("Dem Antrag fehlt die Unterschrift.", "Der Antrag hat eine Unterschrift.", "negation")
  })

  it("reads the words for lacking in the other languages", () => {
    passes("En la carpeta faltan dos facturas.", "En la carpeta no hay dos facturas.")
    passes("Dans le dossier, il manque deux factures.", "Le dossier ne contient pas deux factures.")
    passes("В заявлении отсутствует подпись.", "В заявлении нет подписи.")
    passes("报告缺少数据来源。", "报告没有数据来源。")
    flags("En la carpeta faltan dos facturas.", "En la carpeta hay dos facturas.", "negation")
    flags("В заявлении отсутствует подпись.", "В заявлении есть подпись.", "negation")
    flags("报告缺少数据来源。", "报告有数据来源。", "negation")
  })
})
