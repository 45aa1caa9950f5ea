import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, verdicts } from "./support.ts"

/** Every guard's date, number and unit findings: a year or a time may be read by either guard. */
const numeric = findingsOfKinds(["date", "number", "unit"])
const { passes, flags } = verdicts(numeric, "date")

describe("Equivalences: year spans and day-first slash dates", () => {
  it("reads a span of two years written short as both years", () => {
    passes("The grant covers the 2025-2026 school year.", "The grant covers the 2025/26 school year.")
    passes("The grant covers the 2025/26 school year.", "The grant covers the 2025-2026 school year.")
    passes("Der Haushalt für 2025-2026 wurde beschlossen.", "Der Haushalt für 2025/26 wurde beschlossen.")
    passes(
      "El presupuesto para 2025-2026 fue aprobado ayer por el consejo.",
      "El presupuesto para 2025/26 fue aprobado ayer por el consejo."
    )
    passes("Бюджет на 2025-2026 годы утвердили вчера.", "Бюджет на 2025/26 годы утвердили вчера.")
  })

  it("reports a span with another year", () => {
    flags("The grant covers the 2025-2026 school year.", "The grant covers the 2025/27 school year.")
    flags("The grant covers the 2025-2026 school year.", "The grant covers the 2024/25 school year.")
  })

  it("reads a slash date whose first part is above 12 as day first, even in English", () => {
    passes("The lease ends on 14/06/2025.", "The lease ends on 14 June 2025.")
    passes("The lease ends on 14/06/2025.", "The lease ends on June 14, 2025.")
    const [f] = numeric("The lease ends on 14/06/2025.", "The lease ends on 15 June 2025.")
    assert.strictEqual(f?.message, '"14/06/2025" became "15 June 2025"')
    flags("The lease ends on 14/06/2025.", "The lease ends on 6 June 2025.")
  })
})

describe("Equivalences: CJK date spans and month/day", () => {
  it("reads two days of one month as the span written in full", () => {
    passes("展会于2025年1月14日至16日举行。", "展会于2025-01-14至2025-01-16举行。")
    passes("展会于2025年1月14日至16日举行。", "展会于2025年1月14日至2025年1月16日举行。")
    flags("展会于2025年1月14日至16日举行。", "展会于2025-01-14至2025-01-17举行。")
    flags("展会于2025年1月14日至16日举行。", "展会于2025年1月15日至16日举行。")
  })

  it("reads a Japanese month/day as month first", () => {
    passes("説明会は10月15日から17日まで開催します。", "説明会は10/15〜10/17に開催します。")
    passes("説明会は10/15〜10/17に開催します。", "説明会は10月15日から17日まで開催します。")
    passes("説明会は10月15日（水）から17日（金）まで開催します。", "説明会は10/15〜10/17に開催します。")
    flags("説明会は10/15〜10/17に開催します。", "説明会は10月15日から18日まで開催します。")
    const [f] = numeric("説明会は10/15〜10/17に開催します。", "説明会は10/16〜10/17に開催します。")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["10/15", "10/16"])
  })
})

describe("Equivalences: the weekend, midnight and noon", () => {
  it("reads the weekend as Saturday and Sunday, both ways", () => {
    passes("图书馆周末不开放。", "图书馆周六、周日不开放。")
    passes("图书馆周六、周日不开放。", "图书馆周末不开放。")
    passes("The pool is closed at the weekend.", "The pool is closed on Saturday and Sunday.")
    passes("Das Schwimmbad ist am Wochenende geschlossen.", "Das Schwimmbad ist am Samstag und Sonntag geschlossen.")
    passes("El museo cierra el fin de semana por obras.", "El museo cierra el sábado y el domingo por obras.")
    passes("Les bureaux sont fermés le week-end.", "Les bureaux sont fermés le samedi et le dimanche.")
    passes("В выходные библиотека закрыта.", "В субботу и воскресенье библиотека закрыта.")
    passes("受付は週末休みです。", "受付は土曜日と日曜日は休みです。")
  })

  it("reports the weekend narrowed to one day, naming it", () => {
    const [f] = flags("The pool is closed at the weekend.", "The pool is closed on Saturday.")
    assert.strictEqual(f?.original, "weekend")
    flags("Das Schwimmbad ist am Wochenende geschlossen.", "Das Schwimmbad ist am Samstag geschlossen.")
    flags("В выходные библиотека закрыта.", "В субботу библиотека закрыта.")
    flags("图书馆周末不开放。", "图书馆周一不开放。")
  })

  it("reads midnight and noon as the times they are", () => {
    passes("Магазин работает до полуночи.", "Магазин работает до 24:00.")
    passes("Приём ведётся до полудня.", "Приём ведётся до 12:00.")
    passes("The bar stays open until midnight.", "The bar stays open until 24:00.")
    passes("The shop closes at noon.", "The shop closes at 12:00.")
    passes("Der Laden schließt um Mitternacht.", "Der Laden schließt um 0 Uhr.")
    passes("La boutique du coin ferme à minuit tous les jours.", "La boutique du coin ferme à 0 h tous les jours.")
    passes("Le magasin ferme à midi.", "Le magasin ferme à 12 h.")
    passes(
      "La tienda de la esquina cierra a medianoche todos los días.",
      "La tienda de la esquina cierra a las 00:00 todos los días."
    )
    flags("Магазин работает до полуночи.", "Магазин работает до 23:00.")
  })
})

describe("Equivalences: Japanese hours", () => {
  it("reads an hour without 午前/午後 as either, and a kanji hour as its digits", () => {
    passes("夕食は7時から始まります。", "夕食は午後7時から始まります。")
    passes("夕食は午後7時から始まります。", "夕食は7時から始まります。")
    passes("夕食は7時から始まります。", "夕食は19時から始まります。")
    passes("集合は五時です。", "集合は5時です。")
  })

  it("still reports another hour, and a morning turned into an evening", () => {
    flags("夕食は7時から始まります。", "夕食は8時から始まります。")
    flags("集合は五時です。", "集合は6時です。")
    const [f] = numeric("夕食は午後7時から始まります。", "夕食は午前7時から始まります。")
    assert.strictEqual(f?.message, '"午後7時" became "午前7時"')
  })
})
