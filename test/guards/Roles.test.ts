import { assert, describe, it } from "@effect/vitest"
import { lexicon } from "../../src/guards/Lexicon.ts"
import { rolesGuard } from "../../src/guards/Roles.ts"
import { prepare } from "../../src/guards/Text.ts"
import { checkMeaning } from "../../src/guards/Safety.ts"
import { assertKeptAndChanged, findingsOfKinds, messagesOf, verdicts } from "./support.ts"

const messages = messagesOf(rolesGuard)
/** The kinds of every guard's findings on a pair. */
const kinds = (original: string, rewrite: string) => checkMeaning(original, rewrite).findings.map((f) => f.kind)
/** Every guard's role findings on a pair. */
const roles = findingsOfKinds(["role"])
const { passes: keeps, flags: swaps } = verdicts(roles, "role")

describe("Roles", () => {
  it("asks nothing about two parties' clauses kept word for word, each beside the other's", () => {
    const kept =
      "Members can bring one guest per visit for a £5 fee. Guests under 16 must stay with the member for the entire visit."
    assert.deepStrictEqual(messages(kept, kept), [])
    assert.deepStrictEqual(messages(kept, `${kept} Please bring your card.`), [])
    // The two traded places: still asked.
    assert.isNotEmpty(
      messages(
        kept,
        "Guests can bring one member per visit for a £5 fee. Members under 16 must stay with the guest for the entire visit."
      )
    )
  })

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

  it("reads Japanese roles by their particles, passives and relative clauses", () => {
    assertKeptAndChanged(messages, [
      [
        "高橋さんが山本さんを次の部長に推薦しました。",
        "山本さんは高橋さんに次の部長に推薦されました。",
        "山本さんが高橋さんを次の部長に推薦しました。"
      ],
      [
        "山本さんを高橋さんが推薦しました。",
        "高橋さんは山本さんを推薦しました。",
        "高橋さんは山本さんに推薦されました。"
      ],
      [
        "講師が受講生の課題を採点します。",
        "受講生の課題は講師によって採点されます。",
        "受講生が講師の課題を採点します。"
      ],
      [
        "開発部が書いた仕様書を、品質保証部が来週レビューします。",
        "品質保証部は、開発部が書いた仕様書を来週レビューします。",
        "来週、品質保証部が書いた仕様書を開発部がレビューします。"
      ]
    ])
  })

  it("does not take a Japanese condition, cause or adjective for a change of agent", () => {
    for (const [original, rewrite] of [
      [
        "毎晩、当番が窓の施錠を確かめ、異常があれば警備員に連絡します。",
        "当番は毎晩窓の施錠を確かめ、異常があれば警備員へ連絡します。"
      ],
      ["市の方針により、各学校が給食の献立を見直します。", "各学校は市の方針を受けて給食の献立を見直します。"],
      ["新しい料金は次の総会で委員会が決めます。", "次の総会で、委員会が新しい料金を決めます。"],
      ["来週は工事のため、体育館は閉鎖します。", "来週は工事があるから体育館は閉まるよ。"],
      ["売上の減少は新しい競合が原因かもしれません。", "売上が減ったのは、新しい競合が原因である可能性があります。"]
    ])
      assert.deepStrictEqual(messages(original, rewrite), [], `${original} → ${rewrite}`)
  })

  it("reports two people whose deeds trade places across clauses", () => {
    assertKeptAndChanged(messages, [
      [
        "Le rapport est rédigé par Inès Garnier et vérifié par Hugo Marchand.",
        "Inès Garnier rédige le rapport, que Hugo Marchand vérifie.",
        "Hugo Marchand rédige le rapport, qu'Inès Garnier vérifie."
      ],
      [
        "Sofía Rivas diseñó el cartel y Diego Luna lo imprimió.",
        "El cartel fue diseñado por Sofía Rivas e impreso por Diego Luna.",
        "El cartel fue diseñado por Diego Luna e impreso por Sofía Rivas."
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

describe("Roles: Japanese clauses with no one marked as acting", () => {
  it("names no agent where no が or は marks one, so a reworded instruction has no finding", () => {
    for (const [original, rewrite] of [
      [
        "朝食の一時間前に鈴木さんの薬を確認してください。",
        "鈴木さんの薬を確認してから一時間たった後で、朝食をとってください。"
      ],
      ["授業の十分前に教室の鍵を開けてください。", "教室の鍵を開けてから十分たった後で、授業を始めてください。"]
    ]) {
      assert.deepStrictEqual(messages(original, rewrite), [], `${original} → ${rewrite}`)
      assert.deepStrictEqual(kinds(original, rewrite), [], `${original} → ${rewrite}`)
    }
  })

  it("still reports the events turned round, and an agent marked by が that changed", () => {
    assert.deepStrictEqual(
      kinds(
        "朝食の一時間前に鈴木さんの薬を確認してください。",
        "朝食をとってから一時間たった後で、鈴木さんの薬を確認してください。"
      ),
      ["order"]
    )
    assertKeptAndChanged(messages, [
      [
        "佐藤さんが朝食の前に鈴木さんの薬を確認します。",
        "朝食の前に、鈴木さんの薬を佐藤さんが確認します。",
        "鈴木さんが朝食の前に佐藤さんの薬を確認します。"
      ]
    ])
  })
})

describe("Roles: parties that are no names", () => {
  it("reports two parties whose roles were swapped, and passes the passive with the same agent", () => {
    const original = "The landlord refunded the tenant the cleaning fee after the inspection."
    keeps(original, "The tenant was refunded the cleaning fee by the landlord after the inspection.")
    keeps(original, "After the inspection, the landlord refunded the cleaning fee to the tenant.")
    const [f] = swaps(original, "The tenant refunded the landlord the cleaning fee after the inspection.")
    assert.strictEqual(f?.original, "The landlord refunded the tenant the cleaning fee after the inspection")
    swaps(original, "The landlord was refunded the cleaning fee by the tenant after the inspection.")
    keeps(
      "The employer paid the contractor for the extra week.",
      "The contractor was paid by the employer for the extra week."
    )
    swaps(
      "The employer paid the contractor for the extra week.",
      "The contractor paid the employer for the extra week."
    )
  })

  it("reads the agent marker of French and German parties", () => {
    const french = "Le vendeur a remboursé le client pour l'article abîmé."
    keeps(french, "Le client a été remboursé par le vendeur pour l'article abîmé.")
    swaps(french, "Le client a remboursé le vendeur pour l'article abîmé.")
    swaps(french, "Le vendeur a été remboursé par le client pour l'article abîmé.")
    const german = "Der Arbeitgeber erstattet dem Arbeitnehmer die Fahrtkosten."
    keeps(german, "Die Fahrtkosten erstattet der Arbeitgeber dem Arbeitnehmer.")
    keeps(german, "Dem Arbeitnehmer werden die Fahrtkosten vom Arbeitgeber erstattet.")
    swaps(german, "Der Arbeitnehmer erstattet dem Arbeitgeber die Fahrtkosten.")
  })

  it("reads Russian parties by their case, not their place", () => {
    const original = "Заказчик оштрафовал подрядчика за срыв сроков."
    keeps(original, "Подрядчика оштрафовал заказчик за срыв сроков.")
    keeps(original, "Подрядчик оштрафован заказчиком за срыв сроков.")
    swaps(original, "Заказчика оштрафовал подрядчик за срыв сроков.")
    swaps(original, "Подрядчик оштрафовал заказчика за срыв сроков.")
    keeps("Поставщик оштрафовал покупателя за просрочку.", "Покупателя оштрафовал поставщик за просрочку.")
    swaps("Поставщик оштрафовал покупателя за просрочку.", "Поставщика оштрафовал покупатель за просрочку.")
  })

  it("does not take a party after a preposition for the subject", () => {
    keeps("For the tenant the landlord repainted the kitchen.", "The landlord repainted the kitchen for the tenant.")
    keeps("For the tenant, the landlord repainted the kitchen.", "The landlord repainted the kitchen for the tenant.")
    keeps("The landlord repainted the kitchen for the tenant.", "For the tenant the landlord repainted the kitchen.")
    swaps("For the tenant the landlord repainted the kitchen.", "For the landlord the tenant repainted the kitchen.")
    swaps("The landlord repainted the kitchen for the tenant.", "The tenant repainted the kitchen for the landlord.")
    keeps(
      "Für den Kunden hat der Lieferant ein Angebot erstellt.",
      "Der Lieferant hat ein Angebot für den Kunden erstellt."
    )
    swaps(
      "Für den Kunden hat der Lieferant ein Angebot erstellt.",
      "Der Kunde hat ein Angebot für den Lieferanten erstellt."
    )
  })

  it("does not take a party word capitalised as a name for a party", () => {
    const original = "The Team plan lets the client add a user."
    keeps(original, "The client can add a user with the Team plan.")
    keeps(original, "With the Team plan, a user can be added by the client.")
    swaps(original, "The user can add a client with the Team plan.")
  })
})

describe("Roles: Chinese sides read from the clause's subject", () => {
  it("reports the payer and the payee traded when the subject stands far from 向", () => {
    swaps("甲方应在收到发票后十日内向乙方支付服务费。", "乙方应向甲方支付服务费。")
    swaps("甲方应在收到货物后五日内向乙方支付货款。", "乙方应向甲方支付货款。")
    const [f] = roles("甲方应在收到货物后五日内向乙方支付货款。", "乙方应向甲方支付货款。")
    assert.include(f?.message ?? "", '"向"')
  })

  it("passes the same sides with the time said elsewhere", () => {
    keeps("甲方应在收到发票后十日内向乙方支付服务费。", "收到发票后十日内，甲方应向乙方支付服务费。")
    keeps("甲方应在收到货物后五日内向乙方支付货款。", "甲方应在收到货物后五日内把货款付给乙方。")
  })
})

describe("Roles: two sides of a relation in a long clause", () => {
  it("reads a Chinese paragraph of one long clause without running out of stack", () => {
    const clause = "甲方每月向乙方支付服务费用并且按时提交报告".repeat(8_000)
    const findings = rolesGuard({
      original: prepare(`${clause}。`, "zh"),
      rewrite: prepare(`${clause.replace("甲方每月向乙方", "乙方每月向甲方")}。`, "zh"),
      lexicon: lexicon("zh")
    })
    assert.isArray(findings)
  })
})

describe("Roles: two parties that traded claims", () => {
  it("reports a name that took another's place in the sentence that says the same claim", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      [
        "In the final, Li Yutong beat the defending champion Chen Siqi 4–2. After the match, Chen Siqi said she had not played steadily.",
        "Li Yutong beat defending champion Chen Siqi 4–2 in the final. After the match, Li Yutong said she had not played steadily."
      ],
      [
        "В финале Ли Ютун обыграла Чэнь Сыци со счётом 4:2. После матча Чэнь Сыци сказала, что играла нестабильно.",
        "Ли Ютун обыграла Чэнь Сыци 4:2 в финале. После матча Ли Ютун сказала, что играла нестабильно."
      ],
      [
        "在决赛中，李雨桐以4比2击败陈思琪。赛后，陈思琪表示自己发挥不够稳定。",
        "决赛中李雨桐4比2击败陈思琪。赛后，李雨桐表示自己发挥不够稳定。"
      ]
    ]
    for (const [a, b] of cases) {
      assert.isTrue(
        checkMeaning(a, b).findings.some((f) => f.kind === "role" && f.certainty === "suspect"),
        `${a} → ${b}`
      )
    }
  })

  it("passes a name said again as a pronoun, and sentences merged", () => {
    const quiet = (a: string, b: string) =>
      assert.deepStrictEqual(
        checkMeaning(a, b).findings.filter((f) => f.kind === "role"),
        [],
        `${a} → ${b}`
      )
    quiet(
      "In the final, Li Yutong beat Chen Siqi 4–2. After the match, Chen Siqi said she had not played steadily.",
      "Li Yutong beat Chen Siqi 4–2 in the final. After the match, she said she had not played steadily."
    )
    quiet(
      "Marta Ruiz opened the meeting. Jonas Berg presented the budget.",
      "Marta Ruiz opened the meeting, and Jonas Berg presented the budget."
    )
  })
})
