/**
 * Time reference: a time limit that turned to its other side, and a statement moved between future and past, are
 * suspect findings; present forms and a limit kept on its side in other words are not.
 */
import { assert, describe, it } from "@effect/vitest"
import { timeGuard } from "../../src/guards/Time.ts"
import { findingsOf } from "./support.ts"

const findings = findingsOf(timeGuard)

describe("Time: a limit that turned to its other side", () => {
  it("reports until → from in English, French, German and Japanese, naming both phrases", () => {
    const en = findings("The old permit stays valid until 31 March.", "The old permit stays valid from 31 March.")
    assert.strictEqual(en.length, 1)
    assert.strictEqual(en[0]?.kind, "time")
    assert.strictEqual(en[0]?.certainty, "suspect")
    assert.include(en[0]?.message ?? "", '"until" became "from"')
    assert.lengthOf(
      findings(
        "Jusqu'à cette date, les bus de la ligne 12 desservent le boulevard.",
        "À partir de cette date, la ligne 12 dessert le boulevard."
      ),
      1
    )
    assert.lengthOf(findings("Die Anmeldung ist bis Freitag offen.", "Die Anmeldung ist ab Freitag offen."), 1)
    assert.lengthOf(findings("登録は10月14日17時まで受け付けています。", "登録は10月14日17時から受け付けます。"), 1)
  })

  it("passes a limit kept on its side in other words", () => {
    assert.lengthOf(findings("Apply no later than 31 January.", "Apply until 31 January at the latest."), 0)
    assert.lengthOf(findings("Die Sperrung gilt ab Montag.", "Ab Montag ist die Straße gesperrt."), 0)
  })
})

describe("Time: future and past", () => {
  it("reports a future statement put in the past, in English and Russian", () => {
    const en = findings(
      "New permits will be posted out from 1 March.",
      "New permits have been posted out since 1 March."
    )
    assert.isTrue(en.some((f) => f.message.includes('"will" became "have been"')))
    const ru = findings("Новая версия приложения станет доступна 1 ноября.", "Новая версия приложения вышла 1 ноября.")
    assert.lengthOf(ru, 1)
    assert.include(ru[0]?.message ?? "", "a future statement changed")
  })

  it("passes a scheduled future said in the present, in English and Spanish", () => {
    assert.lengthOf(findings("The new line will open on 15 December.", "The new line opens on 15 December."), 0)
    assert.lengthOf(
      findings("Los tutores enviarán el boletín por correo.", "El boletín lo envían los tutores por correo."),
      0
    )
  })
})

describe("Time: until the end turned to after it", () => {
  it("reports until → after and a date's まで → から", () => {
    assert.lengthOf(
      findings(
        "Продлить срок пользования книгами можно по телефону или на сайте до конца ремонта.",
        "Продлить их можно по телефону или на сайте после окончания ремонта."
      ),
      1
    )
    assert.lengthOf(
      findings(
        "駅の東口エレベーターは、改修工事のため9月30日まで使用できません。",
        "駅の東口エレベーターは、改修工事のため9月30日から使えなくなります。"
      ),
      1
    )
    assert.lengthOf(
      findings(
        "You can renew your books online until the end of the works.",
        "You can renew your books online after the end of the works."
      ),
      1
    )
  })

  it("passes an after kept as an after", () => {
    assert.deepStrictEqual(
      findings(
        "После окончания ремонта библиотека снова откроется.",
        "Библиотека снова откроется после окончания ремонта."
      ),
      []
    )
    assert.deepStrictEqual(
      findings(
        "Tickets are refunded after the event is cancelled.",
        "After the event is cancelled, tickets are refunded."
      ),
      []
    )
  })
})
