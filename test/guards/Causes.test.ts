/**
 * Cause and effect: a cause the rewrite no longer gives, or gives as the effect, is a question; a cause reworded in
 * the same words, moved, or given with another marker is none. Each rule in two languages.
 */
import { assert, describe, it } from "@effect/vitest"
import { checkMeaning } from "../../src/guards/Safety.ts"

const causes = (original: string, rewrite: string) =>
  checkMeaning(original, rewrite).findings.filter((f) => f.kind === "cause")

describe("Causes", () => {
  it("asks when the rewrite gives another cause", () => {
    const [fr] = causes(
      "La piscine municipale fermera exceptionnellement le samedi 9 novembre en raison d'une compétition régionale de natation. Les abonnés pourront accéder gratuitement à la piscine de Saint-Jean.",
      "Le samedi 9 novembre, la piscine municipale sera exceptionnellement fermée pour des travaux d'entretien. Les abonnés pourront nager gratuitement à la piscine de Saint-Jean."
    )
    assert.strictEqual(fr?.certainty, "suspect")
    assert.include(fr?.message ?? "", "une compétition régionale de natation")
    assert.isNotEmpty(
      causes(
        "Water pressure in the Hillcrest area has been low since Tuesday because a main was damaged during roadworks on Mill Lane.",
        "Water pressure in Hillcrest has been low since Tuesday, as heavy frost cracked several old pipes near the school."
      )
    )
  })

  it("asks nothing about a sentence whose marker reads both ways, kept as it was", () => {
    // "…によって…" names who did it or why, "из-за чего" looks back: each sentence gives a cause in each direction.
    const kept = [
      "業務委託契約の改定案は先週法務部によって承認され、各事業部へ通知された。",
      "В период с 1 по 20 апреля в «Сокольниках» будут менять освещение, из-за чего некоторые аллеи парка окажутся недоступны для гостей."
    ]
    for (const sentence of kept) assert.deepStrictEqual(causes(sentence, sentence), [], sentence)
    assert.deepStrictEqual(
      causes(
        `${kept[0]}改定の要点は来月の説明会で紹介する予定です。`,
        `${kept[0]}改定の要点は、来月の説明会でご紹介します。`
      ),
      []
    )
  })

  it("asks when the effect is now given as the cause", () => {
    assert.isNotEmpty(
      causes(
        "Weil die Nachfrage nach dem Ferienprogramm in diesem Jahr besonders hoch war, hat das Jugendamt zusätzlich zwei Gruppen eingerichtet.",
        "Das Jugendamt hat im Ferienprogramm zwei zusätzliche Gruppen eingerichtet – und deshalb ist die Nachfrage in diesem Jahr besonders hoch."
      )
    )
    assert.isNotEmpty(
      causes(
        "Because demand for the summer programme was especially high this year, the council opened two extra groups.",
        "The council opened two extra groups in the summer programme, and therefore demand was especially high this year."
      )
    )
  })

  it("passes a cause kept in its words, moved or given with another marker", () => {
    assert.deepStrictEqual(
      causes(
        "Weil die Nachfrage nach dem Ferienprogramm in diesem Jahr besonders hoch war, hat das Jugendamt zusätzlich zwei Gruppen eingerichtet.",
        "Die Nachfrage nach dem Ferienprogramm war in diesem Jahr besonders hoch. Deshalb hat das Jugendamt zwei zusätzliche Gruppen eingerichtet."
      ),
      []
    )
    assert.deepStrictEqual(
      causes(
        "The Riverside pool will close for three weeks in August because the filtration system needs replacing.",
        "The filtration system needs replacing, so the Riverside pool will close for three weeks in August."
      ),
      []
    )
  })
})
