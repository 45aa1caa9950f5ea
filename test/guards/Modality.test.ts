import { assert, describe, it } from "@effect/vitest"
import { checkMeaning } from "../../src/guards/Safety.ts"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Modality: added causes", () => {
  it("reports a cause that names a new reason", () => {
    const [f] = flags(
      "Attendance dropped in March.",
      "Attendance dropped in March because of the flu outbreak.",
      "claim"
    )
    assert.include(f?.message ?? "", '"because of" was added')
    flags("Der Umsatz sank im März.", "Der Umsatz sank im März wegen der Grippewelle.", "claim")
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

describe("Modality: attributions as evidence", () => {
  it("passes 'according to' said as a source that says, finds or shows", () => {
    passes(
      "According to the survey, most tenants want longer leases.",
      "The survey found that most tenants want longer leases."
    )
    passes("According to analysts, the index will rise in spring.", "Analysts say the index will rise in spring.")
    passes(
      "Experts say the price of copper will fall next year.",
      "According to experts, the price of copper will fall next year."
    )
    passes("Laut dem Bericht sind die Umsätze gestiegen.", "Der Bericht zeigt, dass die Umsätze gestiegen sind.")
    passes("Según el informe, las ventas crecieron.", "El informe muestra que las ventas crecieron.")
    passes("Selon le rapport, les ventes ont augmenté.", "Le rapport montre que les ventes ont augmenté.")
    passes("По мнению экспертов, цена меди упадёт.", "Эксперты считают, что цена меди упадёт.")
  })

  it("reports an attribution dropped, naming it", () => {
    const [f] = flags(
      "According to analysts, the index will rise in spring.",
      "The index will rise in spring.",
      "hedge"
    )
    assert.include(f?.message ?? "", '"according to" was dropped')
    const [g] = flags("По мнению экспертов, цена меди упадёт.", "Цена меди упадёт.", "hedge")
    assert.include(g?.message ?? "", '"по мнению" was dropped')
  })

  it("reports a hedge dropped behind an attribution", () => {
    const [f] = flags(
      "Laut Experten könnte der Kupferpreis fallen.",
      "Experten zufolge wird der Kupferpreis fallen.",
      "hedge"
    )
    assert.include(f?.message ?? "", '"könnte" became "wird"')
    flags(
      "Según los expertos, el precio del cobre podría bajar.",
      "Los expertos señalan que el precio del cobre bajará.",
      "hedge"
    )
    flags("По мнению экспертов, цена меди может упасть.", "Эксперты считают, что цена меди упадёт.", "hedge")
  })
})

describe("Modality: German 'ist … zu tun'", () => {
  it("reads 'ist … abzugeben' as an obligation", () => {
    passes("Sie müssen den Schlüssel an der Rezeption abgeben.", "Der Schlüssel ist an der Rezeption abzugeben.")
    passes("Der Antrag ist bis Freitag einzureichen.", "Der Antrag muss bis Freitag eingereicht werden.")
    const [f] = flags(
      "Sie können den Schlüssel an der Rezeption abgeben.",
      "Der Schlüssel ist an der Rezeption abzugeben.",
      "modality"
    )
    assert.include(f?.message ?? "", '"können" became')
    flags("Die Mieter können den Müll im Hof abstellen.", "Der Müll ist im Hof abzustellen.", "modality")
    flags(
      "Der Schlüssel ist an der Rezeption abzugeben.",
      "Sie können den Schlüssel an der Rezeption abgeben.",
      "modality"
    )
  })

  it("reads 'ist … zurückzuführen' as no obligation", () => {
    passes(
      "Der Stromausfall ist auf einen Kabelbrand zurückzuführen.",
      "Der Stromausfall geht auf einen Kabelbrand zurück."
    )
    passes(
      "Der Stromausfall ist auf einen Kabelbrand zurückzuführen.",
      "Ein Kabelbrand hat den Stromausfall ausgelöst."
    )
    passes(
      "Die Störung kann man auf einen Kabelbrand zurückführen.",
      "Die Störung ist auf einen Kabelbrand zurückzuführen."
    )
  })
})

describe("Modality: a claim that holds usually", () => {
  const hedges = (a: string, b: string) => checkMeaning(a, b).findings.filter((f) => f.kind === "hedge")
  it("asks when usually, suele or 据说 is dropped, and passes it said another way", () => {
    assert.isNotEmpty(
      hedges(
        "With good care, a potted lemon tree usually bears fruit from its third year.",
        "With good care, a potted lemon tree bears fruit from its third year."
      )
    )
    assert.isNotEmpty(
      hedges(
        "Con buenos cuidados, el limonero en maceta suele dar fruto a partir del tercer año.",
        "Con buenos cuidados, el limonero en maceta da fruto a partir del tercer año."
      )
    )
    assert.isNotEmpty(hedges("炖的时候加几颗山楂，据说能让肉更快炖烂。", "炖的时候丢几颗山楂进去，肉就会更快炖烂。"))
    assert.deepStrictEqual(
      hedges(
        "Avec de bons soins, le citronnier donne généralement des fruits dès la troisième année.",
        "Avec de bons soins, le citronnier donne en général des fruits dès la troisième année."
      ),
      []
    )
  })
})
