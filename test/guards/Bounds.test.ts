import { assert, describe, it } from "@effect/vitest"
import { checkMeaning } from "../../src/guards/Safety.ts"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Bounds: one of two bounds turned", () => {
  it("reports one of two lower bounds that became an upper one, naming both", () => {
    const original = "Keep at least 2 spare drives and never fewer than 3 replicas."
    const [f] = flags(original, "Keep at least 2 spare drives and never more than 3 replicas.", "bound")
    assert.include(f?.message ?? "", '"never fewer than" became "never more than"')
    flags(
      "The cluster must never run fewer than 3 replicas.",
      "The cluster must never run more than 3 replicas.",
      "bound"
    )
  })

  it("passes two lower bounds said with other words", () => {
    const original = "Keep at least 2 spare drives and never fewer than 3 replicas."
    passes(original, "Keep no fewer than 2 spare drives and at least 3 replicas.")
    passes(original, "Keep a minimum of 2 spare drives and never fewer than 3 replicas.")
  })
})

describe("Bounds: 'dans la limite de'", () => {
  it("reads 'dans la limite de' as an upper bound that 'jusqu'à' or 'au plus' may stand for", () => {
    const original = "Les frais de taxi sont remboursés dans la limite de deux jours."
    passes(original, "Les frais de taxi sont remboursés jusqu'à deux jours.")
    passes(original, "Les frais de taxi sont remboursés pendant au plus deux jours.")
    passes(
      "Les frais de garde sont pris en charge dans la limite de 300 euros par mois.",
      "Les frais de garde sont pris en charge jusqu'à 300 euros par mois."
    )
  })

  it("reports the bound dropped or turned into a lower one", () => {
    const original = "Les frais de taxi sont remboursés dans la limite de deux jours."
    const [f] = flags(original, "Les frais de taxi sont remboursés pendant deux jours.", "bound")
    assert.include(f?.message ?? "", '"dans la limite de" was dropped')
    flags(original, "Les frais de taxi sont remboursés au moins deux jours.", "bound")
    flags(
      "Les frais de garde sont pris en charge dans la limite de 300 euros par mois.",
      "Les frais de garde sont pris en charge à partir de 300 euros par mois.",
      "bound"
    )
  })
})

describe("Bounds: Japanese まで after a number", () => {
  it("reads 'N冊まで' as the upper bound 最大 or 以下 is", () => {
    passes("図書館では一人5冊まで借りられます。", "図書館では一人最大5冊借りられます。")
    passes("図書館では一人最大5冊借りられます。", "図書館では一人5冊まで借りられます。")
    passes("図書館では一人5冊以下借りられます。", "図書館では一人5冊まで借りられます。")
    passes("図書館では一人5冊まで借りられます。", "図書館で借りられるのは一人5冊以下です。")
  })

  it("reports a lower bound that became 'まで'", () => {
    const [f] = flags("図書館では一人5冊以上借りられます。", "図書館では一人5冊まで借りられます。", "bound")
    assert.include(f?.message ?? "", '"以上" became "まで"')
  })
})

describe("Bounds: whether a bound includes its number", () => {
  const limits = (a: string, b: string) => checkMeaning(a, b).findings.filter((f) => f.kind === "bound")
  const numbers = (a: string, b: string) => checkMeaning(a, b).findings.filter((f) => f.kind === "number")

  it("asks when a bound kept its number and side but now includes it, or no longer does", () => {
    assert.deepStrictEqual(
      limits(
        "Candidates must have completed at least two years of an undergraduate degree in chemistry.",
        "You must have completed more than two years of an undergraduate degree in chemistry."
      ).map((f) => `${f.certainty}: ${f.message}`),
      ['suspect: "at least two years" became "more than two years"']
    )
    assert.deepStrictEqual(
      limits("报名参加本次马拉松的选手须年满18周岁，名额有限。", "想报名这次马拉松，需要超过18周岁，名额有限。").map(
        (f) => f.certainty
      ),
      ["suspect"]
    )
  })

  it("reads the same limit said with the other kind of bound as no bound dropped", () => {
    assert.deepStrictEqual(
      limits(
        "Children under 12 go free, and adults pay the full price at the door of the museum.",
        "Children aged 11 and under go free, and adults pay the full price at the door of the museum."
      ),
      []
    )
    assert.deepStrictEqual(
      limits(
        "Der Eintritt kostet 7 €; Kinder unter 12 Jahren haben freien Eintritt ins Museum.",
        "Tickets kosten 7 €, Kinder bis einschließlich 11 Jahre haben freien Eintritt ins Museum."
      ),
      []
    )
    assert.isNotEmpty(
      limits(
        "Children under 12 go free, and adults pay the full price at the door of the museum.",
        "Children aged 12 go free, and adults pay the full price at the door of the museum."
      )
    )
  })

  it("reads the same limit on whole numbers said with the other kind of bound as no change", () => {
    const museum = "Der Eintritt kostet 7 €, ermäßigt 4 €; Kinder unter 12 Jahren haben freien Eintritt ins Museum."
    assert.deepStrictEqual(
      numbers(
        museum,
        "Tickets kosten 7 € (ermäßigt 4 €), Kinder bis einschließlich 11 Jahre haben freien Eintritt ins Museum."
      ),
      []
    )
    assert.deepStrictEqual(
      numbers(
        "Children under 12 go free, and adults pay the full price at the door of the museum.",
        "Children aged 11 and under go free, and adults pay the full price at the door of the museum."
      ),
      []
    )
    assert.isNotEmpty(
      numbers(
        museum,
        "Tickets kosten 7 € (ermäßigt 4 €), Kinder bis einschließlich 10 Jahre haben freien Eintritt ins Museum."
      )
    )
  })
})

describe("Bounds: words that bound no number", () => {
  const bounds = (a: string, b: string) => checkMeaning(a, b).findings.filter((f) => f.kind === "bound")
  it("reads no bound in a range of times, a deadline's time or a phone number", () => {
    assert.deepStrictEqual(
      bounds(
        "В субботу с 19:00 до 23:00 будут проводиться плановые работы на сервере.",
        "Суббота, 19:00–23:00 — плановые работы на сервере."
      ),
      []
    )
    assert.deepStrictEqual(
      bounds(
        "Sie erreichen den Kundenservice von 8 bis 17 Uhr unter 08382 704-0.",
        "Der Kundenservice ist zwischen 8 und 17 Uhr für Sie da: 08382 704-0."
      ),
      []
    )
    assert.isNotEmpty(
      bounds(
        "Kinder unter 12 Jahren zahlen keinen Eintritt für das Museum der Stadt.",
        "Kinder über 12 Jahren zahlen keinen Eintritt für das Museum der Stadt."
      )
    )
  })

  it("reads no only in a Japanese word that holds its characters", () => {
    assert.deepStrictEqual(
      checkMeaning(
        "保護者のみなさん、6月14日の参観日についてお知らせします。",
        "保護者の皆さまへ:6月14日の参観日のお知らせです。"
      ).findings,
      []
    )
  })
})

describe("Bounds: abbreviated and hyphenated", () => {
  it("reads 'min.', 'max.', 'mín.', 'mind.' and 'over-75s' as the bound they abbreviate", () => {
    passes("Leave it in the fridge for at least two hours before serving.", "Fridge: min. 2 hours before serving.")
    passes("Abstracts of up to 300 words are welcome.", "Abstracts: max. 300 words.")
    passes("Déjalo en la nevera al menos dos horas antes de servir.", "Nevera: mín. dos horas antes de servir.")
    passes("Die Stelle mindestens 15 Minuten mit Wasser spülen.", "Stelle mind. 15 Minuten mit Wasser spülen.")
    passes("The effect was strongest among patients over 75.", "The effect was strongest in over-75s.")
  })

  it("still reports an abbreviated bound turned the other way", () => {
    flags("Leave it in the fridge for at least two hours.", "Fridge: max. 2 hours.", "bound")
    flags("Résumés de 300 mots au maximum.", "Résumés de min. 300 mots.", "bound")
  })
})

describe("Bounds: a substitute stands for a bound only when it is new", () => {
  it("reports a bound turned beside a deadline both texts give", () => {
    flags(
      "本次招聘每人最多报1个岗位，报名截止日期为4月15日。",
      "本次招聘每人至少报考1个岗位，报名截止到4月15日。",
      "bound"
    )
    flags(
      "本次招聘每人限报1个岗位，报名截止日期为4月15日。",
      "本次招聘每人至少报考1个岗位，报名截止到4月15日。",
      "bound"
    )
    flags(
      "Each person may apply for at most one post; the deadline is 15 April.",
      "Each person may apply for at least one post; the deadline is 15 April.",
      "bound"
    )
    passes("实地考察名额限60人，先到先得。", "实地考察最多60人，先到先得。")
  })
})
