import { assert, describe, it } from "@effect/vitest"
import { rolesGuard } from "../../src/guards/Roles.ts"
import { assertKeptAndChanged, messagesOf } from "./support.ts"

const messages = messagesOf(rolesGuard)

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
    assertKeptAndChanged(messages, [
      [
        "Herr Yilmaz hat den Antrag von Frau Novak geprüft.",
        "Der Antrag von Frau Novak wurde von Herrn Yilmaz geprüft.",
        "Der Antrag von Herrn Yilmaz wurde von Frau Novak geprüft."
      ],
      [
        "El año pasado Repsol compró Petrolex por una suma que no se publicó.",
        "El año pasado Petrolex fue comprada por Repsol por una suma que no se publicó.",
        "El año pasado Petrolex compró Repsol por una suma que no se publicó."
      ],
      [
        "Claire a remplacé Julien à la tête du service.",
        "Julien a été remplacé par Claire à la tête du service.",
        "Julien a remplacé Claire à la tête du service."
      ],
      [
        "Анна проверила код Бориса перед релизом.",
        "Перед релизом код Бориса был проверен Анной.",
        "Борис проверил код Анны перед релизом."
      ]
    ])
  })

  it("reads the agent marker in Chinese and Japanese", () => {
    assertKeptAndChanged(messages, [
      ["王芳批准了刘洋的申请。", "刘洋的申请由王芳批准了。", "刘洋批准了王芳的申请。"],
      [
        "佐藤さんが鈴木さんの資料を確認しました。",
        "鈴木さんの資料は佐藤さんによって確認されました。",
        "鈴木さんが佐藤さんの資料を確認しました。"
      ]
    ])
  })
})
