import { assert, describe, it } from "@effect/vitest"
import { lexicon } from "../../src/guards/Lexicon.ts"
import { orderGuard } from "../../src/guards/Order.ts"
import { prepare } from "../../src/guards/Text.ts"

const messages = (original: string, rewrite: string) => {
  const o = prepare(original)
  return orderGuard({ original: o, rewrite: prepare(rewrite, o.lang), lexicon: lexicon(o.lang) }).map((f) => f.message)
}

describe("Order", () => {
  it("passes the same order said another way: A before B, B after A, after A, B, A then B", () => {
    const original = "Drain the queue before you restart the broker."
    assert.deepStrictEqual(messages(original, "Restart the broker after you have drained the queue."), [])
    assert.deepStrictEqual(messages(original, "After draining the queue, restart the broker."), [])
    assert.deepStrictEqual(messages(original, "First drain the queue, then restart the broker."), [])
    assert.deepStrictEqual(messages(original, "Before you restart the broker, drain the queue."), [])
  })

  it("reports a reversed order with the events on each side", () => {
    assert.deepStrictEqual(
      messages("Drain the queue before you restart the broker.", "Drain the queue after you restart the broker."),
      ['the order of "Drain the queue" and "restart the broker" was reversed']
    )
    assert.deepStrictEqual(
      messages("Invoices are sent after the payment clears.", "Invoices are sent before the payment clears."),
      ['the order of "payment clears" and "Invoices are sent" was reversed']
    )
  })

  it("reads order words in German, Spanish and French", () => {
    const de = "Sichern Sie die Datenbank, bevor Sie das Update einspielen."
    assert.deepStrictEqual(messages(de, "Spielen Sie das Update ein, nachdem Sie die Datenbank gesichert haben."), [])
    assert.strictEqual(messages(de, "Sichern Sie die Datenbank, nachdem Sie das Update eingespielt haben.").length, 1)
    const es = "Los datos se validan antes de la importación al almacén."
    assert.deepStrictEqual(messages(es, "La importación al almacén se hace después de validar los datos."), [])
    assert.strictEqual(messages(es, "Los datos se validan después de la importación al almacén.").length, 1)
    const fr = "Les journaux sont archivés après la clôture du mois."
    assert.deepStrictEqual(messages(fr, "Le mois est clôturé avant que les journaux soient archivés."), [])
    assert.strictEqual(messages(fr, "Les journaux sont archivés avant la clôture du mois.").length, 1)
  })

  it("reads order words in Russian, Chinese and Japanese", () => {
    const ru = "Остановите сервис перед обновлением драйвера."
    assert.deepStrictEqual(messages(ru, "После остановки сервиса обновите драйвер."), [])
    assert.strictEqual(messages(ru, "Остановите сервис после обновления драйвера.").length, 1)
    const zh = "请在发布版本之前运行测试。"
    assert.deepStrictEqual(messages(zh, "请在运行测试之后再发布版本。"), [])
    assert.strictEqual(messages(zh, "请在发布版本之后运行测试。").length, 1)
    const ja = "設定を変更する前にバックアップを取得してください。"
    assert.deepStrictEqual(messages(ja, "バックアップを取得した後に設定を変更してください。"), [])
    assert.strictEqual(messages(ja, "設定を変更した後にバックアップを取得してください。").length, 1)
  })

  it("ignores order words that are not about the same events", () => {
    assert.deepStrictEqual(
      messages(
        "The report is due before Friday. We discuss it after lunch.",
        "We discuss the report after lunch; it is due before Friday."
      ),
      []
    )
    assert.deepStrictEqual(messages("Before the meeting, read the notes.", "Read the notes."), [])
  })
})
