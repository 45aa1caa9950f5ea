import { assert, describe, it } from "@effect/vitest"
import { orderGuard } from "../../src/guards/Order.ts"
import { assertKeptAndChanged, messagesOf } from "./support.ts"

const messages = messagesOf(orderGuard)

describe("Order", () => {
  it("passes the same order said another way: A before B, B after A, after A, B, A then B", () => {
    const original = "Drain the queue before you restart the broker."
    assert.deepStrictEqual(messages(original, "Restart the broker after you have drained the queue."), [])
    assert.deepStrictEqual(messages(original, "After draining the queue, restart the broker."), [])
    assert.deepStrictEqual(messages(original, "First drain the queue, then restart the broker."), [])
    assert.deepStrictEqual(messages(original, "Before you restart the broker, drain the queue."), [])
  })

  it("passes steps told as they were, word for word, whatever a longer relation around them reads", () => {
    const steps = [
      "仓库克隆完成后，先执行 `pnpm install`，再运行 `pnpm dev`，之后用浏览器访问 http://localhost:5173 就能预览。",
      "护理人员在接触每一位患者之前和之后均须清洁双手，并在护理记录上签名确认。"
    ]
    for (const text of steps) {
      assert.deepStrictEqual(messages(text, text), [], text)
      assert.deepStrictEqual(messages(text, `${text}如有问题请联系管理员。`), [], text)
    }
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
    assertKeptAndChanged(messages, [
      [
        "Sichern Sie die Datenbank, bevor Sie das Update einspielen.",
        "Spielen Sie das Update ein, nachdem Sie die Datenbank gesichert haben.",
        "Sichern Sie die Datenbank, nachdem Sie das Update eingespielt haben."
      ],
      [
        "Los datos se validan antes de la importación al almacén.",
        "La importación al almacén se hace después de validar los datos.",
        "Los datos se validan después de la importación al almacén."
      ],
      [
        "Les journaux sont archivés après la clôture du mois.",
        "Le mois est clôturé avant que les journaux soient archivés.",
        "Les journaux sont archivés avant la clôture du mois."
      ]
    ])
  })

  it("reads order words in Russian, Chinese and Japanese", () => {
    assertKeptAndChanged(messages, [
      [
        "Остановите сервис перед обновлением драйвера.",
        "После остановки сервиса обновите драйвер.",
        "Остановите сервис после обновления драйвера."
      ],
      ["请在发布版本之前运行测试。", "请在运行测试之后再发布版本。", "请在发布版本之后运行测试。"],
      [
        "設定を変更する前にバックアップを取得してください。",
        "バックアップを取得した後に設定を変更してください。",
        "設定を変更した後にバックアップを取得してください。"
      ]
    ])
  })

  it("reads steps joined by then-words in every language", () => {
    assertKeptAndChanged(messages, [
      [
        "Unplug the printer, after which you can open the cover.",
        "Unplug the printer first; then you can open the cover.",
        "Open the cover, after which you can unplug the printer."
      ],
      [
        "Primero enjuaga el arroz y después ponlo en la olla.",
        "Antes de ponerlo en la olla, enjuaga el arroz.",
        "Primero pon el arroz en la olla y después enjuágalo."
      ],
      [
        "Enregistrez le fichier, après quoi vous pourrez fermer l'éditeur.",
        "Fermez l'éditeur une fois le fichier enregistré.",
        "Fermez l'éditeur, après quoi vous pourrez enregistrer le fichier."
      ],
      [
        "Сначала закройте кран, после чего снимите смеситель.",
        "Снимите смеситель после того, как закроете кран.",
        "Сначала снимите смеситель, после чего закройте кран."
      ],
      ["先关闭电源，然后拆下电池。", "拆下电池之前，先关闭电源。", "先拆下电池，然后关闭电源。"],
      ["先洗菜再切肉。", "洗完菜以后再切肉。", "先切肉再洗菜。"],
      [
        "データを保存します。その後、アプリを終了します。",
        "アプリを終了する前にデータを保存します。",
        "アプリを終了します。その後、データを保存します。"
      ]
    ])
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
