import { assert, describe, it } from "@effect/vitest"
import { datesGuard, extractDates } from "../../src/guards/Dates.ts"
import { type Lang, lexicon } from "../../src/guards/Lexicon.ts"
import { prepare } from "../../src/guards/Text.ts"
import { assertNone, assertSome, findingsOf, findingsOfKinds } from "./support.ts"

const check = findingsOf(datesGuard)
/** Dates and numbers together: a year or a time may be read by either guard. */
const both = findingsOfKinds(["date", "number"])
const passes = (original: string, rewrite: string, lang?: Lang) => {
  assertNone(check(original, rewrite, lang), original, rewrite)
  assertNone(both(original, rewrite), original, rewrite)
}
/** A finding of the date guard in the language given, else of the date or the number guard. */
const flags = (original: string, rewrite: string, lang?: Lang) =>
  assertSome(
    lang === undefined ? both(original, rewrite) : check(original, rewrite, lang),
    undefined,
    original,
    rewrite
  )
const dates = (text: string, lang?: Lang) => {
  const p = prepare(text, lang)
  return extractDates(p, lexicon(p.lang)).items.map((d) => d.text)
}

describe("Dates: formats", () => {
  it("accepts reordered and reformatted dates in English", () => {
    passes("The release is on March 1, 2026.", "The release is on 1 March 2026.")
    passes("We met on March 1 at the office.", "We met on 1 March at the office.")
    passes("The release is on 2026-03-01.", "The release is on March 1, 2026.")
    passes("The audit is due on 11 February 2027.", "The audit is due on Feb. 11, 2027.")
    passes("The audit is due on 02/11/2027.", "The audit is due on February 11, 2027.")
  })

  it("reads each language's formats", () => {
    passes("Der Vertrag endet am 7. Oktober 2026 für alle Kunden.", "Der Vertrag endet für alle Kunden am 07.10.2026.")
    passes("El contrato vence el 7 de octubre de 2026 para todos.", "El contrato vence el 07/10/2026 para todos.")
    passes(
      "Le contrat prend fin le 7 octobre 2026 pour tous les clients.",
      "Le contrat prend fin le 07/10/2026 pour tous les clients."
    )
    passes("Договор истекает 7 октября 2026 года.", "Договор истекает 07.10.2026.")
    passes("合同将于2026年10月7日到期。", "合同的到期日是2026-10-07。")
    passes("契約は2026年10月7日に終了します。", "契約の終了日は2026/10/07です。")
  })

  it("finds the dates of a text", () => {
    assert.deepStrictEqual(dates("Sales grew in Q3, slowed in June and picked up on Monday."), ["Q3", "June", "Monday"])
    assert.deepStrictEqual(dates("Die Frist läuft vom 1. März bis zum 30. April 2026.", "de"), [
      "1. März",
      "30. April 2026"
    ])
    assert.deepStrictEqual(dates("Встреча назначена на 12 мая 2026 г. в 10:30."), ["12 мая 2026 г.", "10:30"])
  })
})

describe("Dates: changes", () => {
  it("reports a changed day, month or year with both sides", () => {
    const [f] = check("The release is on March 1, 2026.", "The release is on March 2, 2026.")
    assert.strictEqual(f?.message, '"March 1, 2026" became "March 2, 2026"')
    flags("The release is on 2026-03-01.", "The release is in March 2026.")
    flags(
      "Der Vertrag endet am 7. Oktober 2026 für alle Kunden.",
      "Der Vertrag endet am 7. November 2026 für alle Kunden."
    )
    flags(
      "El contrato vence el 7 de octubre de 2026 para todos.",
      "El contrato vence el 17 de octubre de 2026 para todos."
    )
    flags(
      "Le contrat prend fin le 7 octobre 2026 pour tous les clients.",
      "Le contrat prend fin le 7 octobre 2027 pour tous les clients."
    )
    flags("Договор истекает 7 октября 2026 года.", "Договор истекает 8 октября 2026 года.")
    flags("合同将于2026年10月7日到期。", "合同将于2026年11月7日到期。")
    flags("契約は2026年10月7日に終了します。", "契約は2025年10月7日に終了します。")
  })

  it("reports a changed bare year through the number guard", () => {
    const findings = flags(
      "The survey ran from 2019 to 2021 in four towns.",
      "The survey ran from 2019 to 2023 in four towns."
    )
    assert.strictEqual(findings[0]?.kind, "date")
    passes("The survey started in 2019 and ended later.", "In 2019 the survey started, and it ended later.")
  })

  it("never passes a lost date and reports an added one", () => {
    const lost = check("The office closes on 24 December for the holidays.", "The office closes for the holidays.")
    assert.strictEqual(lost[0]?.original, "24 December")
    const added = check("The office closes for the holidays.", "The office closes on 24 December for the holidays.")
    assert.strictEqual(added[0]?.rewrite, "24 December")
  })
})

describe("Dates: weekdays, quarters and times", () => {
  it("keeps quarters, weekdays, months and years", () => {
    const original = "Sales grew in Q3 2025, slowed in June and picked up on Monday; the firm dates from 1999."
    passes(original, "The firm dates from 1999. Sales grew in Q3 2025, slowed in June and rose on Monday.")
    passes("Sales grew in Q3 for the whole team.", "Sales grew in the third quarter for the whole team.")
    passes(
      "Der Umsatz der Firma stieg im 3. Quartal deutlich an.",
      "Der Umsatz der Firma stieg im dritten Quartal deutlich an."
    )
    const changed = "Sales grew in the third quarter, slowed in June and picked up on Tuesday; founded 1999."
    assert.deepStrictEqual(
      check(original, changed).map((f) => f.original),
      ["Monday"]
    )
    // The year of "Q3 2025" is a bare year, which the number guard keeps.
    assert.deepStrictEqual(
      both(original, changed).map((f) => [f.kind, f.original]),
      [
        ["date", "2025"],
        ["date", "Monday"]
      ]
    )
    flags("La reunión es el lunes por la mañana.", "La reunión es el martes por la mañana.", "es")
    flags("Die Sitzung ist am Montag im großen Raum.", "Die Sitzung ist am Dienstag im großen Raum.")
    flags("会议定在星期一举行。", "会议定在星期二举行。")
    passes(
      "The office is closed on Sundays and on public holidays.",
      "On Sundays and public holidays the office is closed."
    )
    flags(
      "The office is closed on Sundays and on public holidays.",
      "The office is closed on Mondays and on public holidays."
    )
  })

  it("keeps times, with 12- and 24-hour forms equal", () => {
    passes("The call starts at 3 p.m. for the whole team.", "The call starts at 15:00 for the whole team.")
    passes("The doors open at 10:30 for the guests.", "At 10:30 the doors open for the guests.")
    passes("Die Wartung läuft zwischen 22:00 und 23:30 Uhr.", "Die Wartung läuft zwischen 22 und 23:30 Uhr.")
    passes(
      "Die Sprechstunde ist von 14.30 bis 16 Uhr für alle.",
      "Für alle ist die Sprechstunde von 14:30 bis 16:00 Uhr."
    )
    passes("La migration commence le 3 juin 2026 à 21 h.", "La migration commence le 03/06/2026 à 21 h 00.")
    passes("メンテナンスは午後3時に始まります。", "メンテナンスは15:00に始まります。")
    passes("系统将在下午3点重启。", "系统将在15:00重启。")
    const [f] = check("The call starts at 3 p.m. for the whole team.", "The call starts at 3 a.m. for the whole team.")
    assert.strictEqual(f?.message, '"3 p.m." became "3 a.m."')
  })

  it("reads the modal verb May as no date and the month May as one", () => {
    assert.deepStrictEqual(dates("May we ship in May? The build may fail."), ["May"])
  })
})

describe("Dates: times without a colon and written-out days", () => {
  it("reads a bare hour after its preposition or with a time-of-day word", () => {
    passes("El cierre es a las 7.", "El cierre es a las 7:00.")
    passes("El turno va de 6 a 8 de la tarde.", "El turno va de 18:00 a 20:00.")
    passes("La visite commence à 10 heures.", "La visite commence à 10 h.")
    passes("Die Führung beginnt um 8 Uhr abends.", "Die Führung beginnt um 20 Uhr.")
    passes("Экскурсия начнётся в 8 вечера.", "Экскурсия начнётся в 20:00.")
    passes("Экскурсия начнётся в 3 часа дня.", "Экскурсия начнётся в 15:00.")
    passes("The desk is staffed from 6 to 8.", "The desk is staffed from 6:00 to 8:00.")
    flags("El cierre es a las 7.", "El cierre es a las 8:00.")
    flags("Экскурсия начнётся в 8 вечера.", "Экскурсия начнётся в 8:00.")
    assert.deepStrictEqual(dates("Elige entre las 3 opciones."), [])
    assert.deepStrictEqual(dates("Через 3 дня всё будет готово."), [])
  })

  it("reads days written as ordinals", () => {
    passes("The fair opens on the fifth of October.", "The fair opens on October 5.")
    passes("The fair opens on October fifth.", "The fair opens on 5 October.")
    passes("La foire ouvre le premier octobre.", "La foire ouvre le 1er octobre.")
    passes("La feria abre el primero de octubre.", "La feria abre el 1 de octubre.")
    passes("Die Messe öffnet am fünften Oktober.", "Die Messe öffnet am 5. Oktober.")
    passes("Ярмарка откроется пятого октября.", "Ярмарка откроется 5 октября.")
    passes("Ярмарка откроется 5-го октября.", "Ярмарка откроется 5 октября.")
    flags("The fair opens on the fifth of October.", "The fair opens on October 6.")
    assert.deepStrictEqual(dates("The first may be late."), [])
  })
})

describe("Dates: two days of one month and Japanese era years", () => {
  it("reads two days of one month as two dates", () => {
    passes("The kiln is fired on 3 and 4 May 2026.", "The kiln is fired on 2026-05-03 and 2026-05-04.")
    passes("The kiln is fired on 3 and 4 May.", "The kiln is fired on May 3 and 4.")
    passes("Семинар пройдёт 21 и 22 марта.", "Семинар пройдёт 21 марта и 22 марта.")
    passes("Die Hütte ist am 11. und 12. Juli 2026 belegt.", "Die Hütte ist am 11.07.2026 und 12.07.2026 belegt.")
    passes("Die Hütte ist am 11.–12. Juli belegt.", "Die Hütte ist am 11. und 12. Juli belegt.")
    const [f] = check("The kiln is fired on 3 and 4 May 2026.", "The kiln is fired on 3 and 5 May 2026.")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["3 and 4 May 2026", "3 and 5 May 2026"])
    flags("The kiln is fired on 3 and 4 May.", "The kiln is fired on May 3 and 5.")
    flags("The kiln is fired on 3 and 4 May.", "The kiln is fired on 3 May.")
    flags("Die Hütte ist am 11. und 12. Juli belegt.", "Die Hütte ist am 11. und 13. Juli belegt.")
    flags("Семинар пройдёт 21 и 22 марта.", "Семинар пройдёт 21 и 23 марта.")
  })

  it("reads Japanese era years as the years they are", () => {
    assert.deepStrictEqual(dates("締切は令和9年3月31日です。"), ["令和9年3月31日"])
    passes("締切は令和9年3月31日です。", "締切は2027年3月31日です。")
    passes("この橋は平成元年に完成しました。", "この橋は1989年に完成しました。")
    passes("父は昭和52年に生まれました。", "父は1977年に生まれました。")
    const [f] = check("締切は令和9年3月31日です。", "締切は2028年3月31日です。")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["令和9年3月31日", "2028年3月31日"])
    flags("この橋は平成元年に完成しました。", "この橋は1990年に完成しました。")
    flags("この橋は平成元年に完成しました。", "この橋は平成2年に完成しました。")
  })
})

describe("Dates: short German and Russian dates", () => {
  it("reads a day and month with dots and no year as the date it is", () => {
    passes("Die Hausarbeit muss am 18. Juni abgegeben werden.", "Die Hausarbeit muss am 18.06. abgegeben werden.")
    passes("Die Hausarbeit muss am 18.06. abgegeben werden.", "Die Hausarbeit muss am 18. Juni abgegeben werden.")
    passes("Курсовую нужно сдать 18 июня до обеда.", "Курсовую нужно сдать 18.06. до обеда.")
    const [f] = check(
      "Die Hausarbeit muss am 18. Juni abgegeben werden.",
      "Die Hausarbeit muss am 19.06. abgegeben werden."
    )
    assert.strictEqual(f?.kind, "date")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["18. Juni", "19.06."])
    const [g] = check(
      "Die Hausarbeit muss am 18. Juni abgegeben werden.",
      "Die Hausarbeit muss am 18.07. abgegeben werden."
    )
    assert.strictEqual(g?.kind, "date")
    const [h] = check("Курсовую нужно сдать 18 июня до обеда.", "Курсовую нужно сдать 19.06. до обеда.")
    assert.strictEqual(h?.kind, "date")
  })
})

describe("Dates: abbreviated weekdays and ranges of days", () => {
  it("reads an abbreviated weekday before a day or in a range of days, in each language", () => {
    passes(
      "The street is closed from Monday 3 June to Friday 21 June.",
      "The street is closed Mon 3 – Fri 21 June.",
      "en"
    )
    passes("No trains on Saturday 14 and Sunday 15 September.", "Sat 14 and Sun 15 September: no trains.", "en")
    passes("Pas de TER du samedi 8 février au dimanche 23 février.", "Du sam. 8 au dim. 23 février : pas de TER.", "fr")
    passes("В пятницу, 21 февраля, почта не работает.", "Пт, 21 февраля: почта не работает.", "ru")
    passes("Geöffnet montags bis freitags von 8 bis 17 Uhr.", "Geöffnet von Montag bis Freitag, 8 bis 17 Uhr.", "de")
    passes("Open Monday to Friday.", "Open Mon–Fri.", "en")
  })

  it("reports an abbreviated weekday that changed, and reads no weekday in a word that only looks like one", () => {
    flags("The street is closed from Monday 3 June.", "The street is closed Tue 3 June.", "en")
    flags("Du samedi 8 au dimanche 23 février.", "Du sam. 8 au lun. 23 février.", "fr")
    assert.deepStrictEqual(dates("The Sun is bright and Mon ami is a film.", "en"), [])
  })

  it("reads two days of one month joined by a list mark or written with one day sign", () => {
    passes("大会は2025年3月8日(土)・9日(日)に開催されます。", "日程:2025年3月8日(土)〜9日(日)", "ja")
    passes("会议将于2025年10月17日至19日举行。", "时间:2025年10月17—19日", "zh")
    flags("会议将于2025年10月17日至19日举行。", "时间:2025年10月17—18日", "zh")
  })
})

describe("Dates: a weekday in brackets after a Japanese date", () => {
  it("reads the weekday a bracket gives, and asks for none", () => {
    passes("来週の日曜日、10月20日は清掃の日です。", "10月20日（日）に清掃を実施します。")
    passes("来週の月曜日、3月3日に説明会を行います。", "説明会：3月3日(月)")
    passes("説明会は2025年4月10日(木)14時から開催します。", "説明会の開催日時は2025/4/10(木) 14:00からです。")
    passes("10月20日（日）に実施します。", "10月20日に実施します。")
  })

  it("reports a weekday in brackets that became another", () => {
    flags("10月20日（日）に実施します。", "10月20日（土）に実施します。")
    flags("来週の日曜日、10月20日は清掃の日です。", "10月20日（土）に清掃を実施します。")
  })
})

describe("Dates: weekdays in their case forms", () => {
  it("reads Russian and German weekdays in the plural and in their cases", () => {
    passes("Приём по субботам с 9:00 до 14:00.", "По субботам приём идёт с 9:00 до 14:00.")
    passes("An Sonntagen ist das Geschäft geschlossen.", "Sonntags ist das Geschäft zu.")
    flags(
      "Обследование проводится по субботам с 9:00 до 14:00.",
      "Обследование проводится по воскресеньям с 9:00 до 14:00."
    )
    flags("An Sonntagen ist das Geschäft geschlossen.", "An Samstagen ist das Geschäft geschlossen.")
  })
})
