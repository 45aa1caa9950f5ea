import { assert, describe, it } from "@effect/vitest"
import { lexicon } from "../../src/guards/Lexicon.ts"
import { rolesGuard } from "../../src/guards/Roles.ts"
import { prepare } from "../../src/guards/Text.ts"

const messages = (original: string, rewrite: string) => {
  const o = prepare(original)
  return rolesGuard({ original: o, rewrite: prepare(rewrite, o.lang), lexicon: lexicon(o.lang) }).map((f) => f.message)
}

describe("Roles", () => {
  it("passes active and passive voice with the same agent", () => {
    const original = "Priya approved Tomás's expense report for the trip on Friday."
    assert.deepStrictEqual(
      messages(original, "Tomás's expense report for the trip was approved by Priya on Friday."),
      []
    )
    assert.deepStrictEqual(
      messages(original, "On Friday, Priya approved the expense report for the trip from Tomás."),
      []
    )
  })

  it("reports swapped roles, naming both clauses", () => {
    assert.deepStrictEqual(
      messages("Priya approved Tomás's report for the trip.", "Tomás approved Priya's report for the trip."),
      [
        'who did what changed: "Priya approved Tomás\'s report for the trip" → "Tomás approved Priya\'s report for the trip"'
      ]
    )
    assert.strictEqual(
      messages("Priya approved Tomás's report for the trip.", "Priya's report for the trip was approved by Tomás.")
        .length,
      1
    )
    assert.strictEqual(
      messages("Globex acquired Initech and its staff in 2021.", "In 2021, Initech acquired Globex and its staff.")
        .length,
      1
    )
  })

  it("does not read a shared subject as a change", () => {
    assert.deepStrictEqual(
      messages("Priya and Tomás wrote the report for the board.", "Tomás and Priya wrote the report for the board."),
      []
    )
  })

  it("reads the agent marker in German, Spanish, French and Russian", () => {
    const de = "Herr Yilmaz hat den Antrag von Frau Novak geprüft."
    assert.deepStrictEqual(messages(de, "Der Antrag von Frau Novak wurde von Herrn Yilmaz geprüft."), [])
    assert.strictEqual(messages(de, "Der Antrag von Herrn Yilmaz wurde von Frau Novak geprüft.").length, 1)
    const es = "El año pasado Repsol compró Petrolex por una suma que no se publicó."
    assert.deepStrictEqual(
      messages(es, "El año pasado Petrolex fue comprada por Repsol por una suma que no se publicó."),
      []
    )
    assert.strictEqual(messages(es, "El año pasado Petrolex compró Repsol por una suma que no se publicó.").length, 1)
    const fr = "Claire a remplacé Julien à la tête du service."
    assert.deepStrictEqual(messages(fr, "Julien a été remplacé par Claire à la tête du service."), [])
    assert.strictEqual(messages(fr, "Julien a remplacé Claire à la tête du service.").length, 1)
    const ru = "Анна проверила код Бориса перед релизом."
    assert.deepStrictEqual(messages(ru, "Перед релизом код Бориса был проверен Анной."), [])
    assert.strictEqual(messages(ru, "Борис проверил код Анны перед релизом.").length, 1)
  })

  it("reads the agent marker in Chinese and Japanese", () => {
    const zh = "王芳批准了刘洋的申请。"
    assert.deepStrictEqual(messages(zh, "刘洋的申请由王芳批准了。"), [])
    assert.strictEqual(messages(zh, "刘洋批准了王芳的申请。").length, 1)
    const ja = "佐藤さんが鈴木さんの資料を確認しました。"
    assert.deepStrictEqual(messages(ja, "鈴木さんの資料は佐藤さんによって確認されました。"), [])
    assert.strictEqual(messages(ja, "鈴木さんが佐藤さんの資料を確認しました。").length, 1)
  })
})
