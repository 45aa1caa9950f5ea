import { assert, describe, it } from "@effect/vitest"
import type { Finding } from "../../src/guards/Finding.ts"
import { checkMeaning } from "../../src/guards/Safety.ts"

/** The findings of a pair that say a word became its opposite (the other guards' findings left out). */
const opposites = (original: string, rewrite: string): ReadonlyArray<Finding> =>
  checkMeaning(original, rewrite).findings.filter((f) => f.message.includes("became its opposite"))

/** Asserts that the swap is reported as a word that became its opposite. */
const swapped = (original: string, rewrite: string): void =>
  assert.isTrue(opposites(original, rewrite).length > 0, `expected an opposite: ${original} → ${rewrite}`)

/** Asserts that a rewording with the same side (or a synonym of it) is not reported as an opposite. */
const kept = (original: string, rewrite: string): void =>
  assert.deepStrictEqual(
    opposites(original, rewrite).map((f) => f.message),
    [],
    `${original} → ${rewrite}`
  )

describe("Antonyms: high and low", () => {
  it("reports high turned low, naming both", () => {
    const [f] = opposites("Prices are high this month.", "Prices are low this month.")
    assert.strictEqual(f?.message, '"high" became its opposite "low"')
    swapped("Die Temperatur im Lager ist hoch.", "Die Temperatur im Lager ist niedrig.")
    swapped("Цена на билеты высокая.", "Цена на билеты низкая.")
    swapped("倉庫の温度が高いです。", "倉庫の温度が低いです。")
  })

  it("passes the same side said another way", () => {
    kept("Prices are high this month.", "This month, prices are high.")
    kept("Die Temperatur im Lager ist nicht niedrig.", "Die Temperatur im Lager ist hoch.")
    kept("倉庫の温度が高いです。", "倉庫は温度が高めです。")
  })
})

describe("Antonyms: increase and decrease", () => {
  it("reports a rise turned into a fall", () => {
    swapped("Sales increased in March.", "Sales declined in March.")
    swapped("Les ventes augmentent en hiver.", "Les ventes diminuent en hiver.")
    swapped("Las ventas aumentan en invierno.", "Las ventas disminuyen en invierno.")
    swapped("今年的销量有所增加。", "今年的销量有所减少。")
    swapped("売上が上昇しました。", "売上が低下しました。")
  })

  it("passes a synonym of the same side", () => {
    kept("Sales increased in March.", "Sales grew in March.")
    kept("Les ventes augmentent en hiver.", "En hiver, les ventes sont en hausse.")
    kept("今年的销量有所增加。", "今年的销量有所增多。")
  })
})

describe("Antonyms: easy and difficult", () => {
  it("reports easy turned difficult", () => {
    swapped("This printer is easy to set up.", "This printer is difficult to set up.")
    swapped("Die Einrichtung ist einfach.", "Die Einrichtung ist schwierig.")
    swapped("この作業は簡単です。", "この作業は難しいです。")
    swapped("这项任务很容易。", "这项任务很困难。")
  })

  it("passes a synonym, and an opposite that a negation makes up for", () => {
    kept("This printer is easy to set up.", "Setting up this printer is easy.")
    kept("この作業は簡単です。", "この作業は容易です。")
    kept("This printer is not difficult to set up.", "This printer is easy to set up.")
    kept("Cette tâche n'est pas difficile.", "Cette tâche est facile.")
    kept("这项任务并不困难。", "这项任务很容易。")
  })
})

describe("Antonyms: early and late", () => {
  it("reports early turned late", () => {
    swapped("The gates open early on Sundays.", "The gates open late on Sundays.")
    swapped("Der Zug kommt früh an.", "Der Zug kommt spät an.")
    swapped("会议提前到周一。", "会议推迟到周一。")
  })

  it("passes the same side", () => {
    kept("The gates open early on Sundays.", "On Sundays the gates open early.")
    kept("会议提前到周一。", "会议提早到周一。")
  })
})

describe("Antonyms: add and remove", () => {
  it("reports an added item turned into a removed one", () => {
    swapped("Add the new key to the file.", "Remove the new key from the file.")
    swapped("Le fichier est ajouté à l'archive.", "Le fichier est supprimé de l'archive.")
    swapped("Файл добавлен в архив.", "Файл удалён из архива.")
    swapped("请添加新用户。", "请删除新用户。")
  })

  it("passes the same side", () => {
    kept("Add the new key to the file.", "Put the new key into the file by adding it.")
    kept("请添加新用户。", "请新增一个用户。")
  })
})

describe("Antonyms: entrance and exit, upstairs and downstairs", () => {
  it("reports the one turned into the other", () => {
    swapped("Use the entrance on Main Street.", "Use the exit on Main Street.")
    swapped("Utilice la entrada de la calle Mayor.", "Utilice la salida de la calle Mayor.")
    swapped("正面の入口を使ってください。", "正面の出口を使ってください。")
    swapped("The bathroom is upstairs.", "The bathroom is downstairs.")
    swapped("El baño está en la planta alta.", "El baño está en la planta baja.")
    swapped("洗手间在楼上。", "洗手间在楼下。")
  })

  it("passes the same side", () => {
    kept("Use the entrance on Main Street.", "Please come in through the Main Street entrance.")
    kept("El baño está arriba.", "El baño está en la planta alta.")
    kept("正面の入口を使ってください。", "正面の入り口をご利用ください。")
  })
})

describe("Antonyms: valid and expired, enabled and disabled", () => {
  it("reports the state turned into its opposite", () => {
    swapped("Your ticket is valid.", "Your ticket has expired.")
    swapped("Das Ticket ist gültig.", "Das Ticket ist abgelaufen.")
    swapped("这张车票有效。", "这张车票已过期。")
    swapped("Die Funktion ist aktiviert.", "Die Funktion ist deaktiviert.")
    swapped("この機能は有効です。", "この機能は無効です。")
    swapped("该功能已启用。", "该功能已禁用。")
  })

  it("passes a date said as an expiry, and the same side", () => {
    kept("Your ticket is valid until May.", "Your ticket expires in May.")
    kept("这张车票有效。", "这张车票仍然有效。")
    kept("该功能已启用。", "该功能已经激活。")
  })
})

describe("Antonyms: fast and slow", () => {
  it("reports fast turned slow", () => {
    swapped("The connection is fast.", "The connection is slow.")
    swapped("Сервер работает быстро.", "Сервер работает медленно.")
    swapped("处理速度很快。", "处理速度很慢。")
  })

  it("passes a synonym of the same side", () => {
    kept("The connection is fast.", "The connection is quick.")
    kept("Сервер работает быстро.", "Сервер отвечает быстро.")
  })
})

describe("Antonyms: claim by claim", () => {
  const antonyms = (a: string, b: string) => checkMeaning(a, b).findings.filter((f) => f.kind === "antonym")

  it("finds a word turned in one claim where the paragraph has both sides", () => {
    assert.isNotEmpty(
      antonyms(
        "По итогам года продажи электромобилей выросли на 35 %, а средняя цена подержанного автомобиля снизилась примерно на 8 %.",
        "За год продажи электромобилей выросли на 35 %, а средняя цена подержанного автомобиля выросла примерно на 8 %."
      )
    )
    assert.isNotEmpty(
      antonyms(
        "游泳馆自6月起在工作日延长开放时间至晚上10点。儿童池仅在周末开放。",
        "从6月起,游泳馆工作日开放到晚上10点。儿童池仅在周末关闭。"
      )
    )
    assert.isNotEmpty(
      antonyms(
        "Photography without flash is allowed in all permanent galleries. In temporary exhibitions, photography is forbidden unless a sign says otherwise.",
        "Photos without flash are fine in all permanent galleries. In temporary exhibitions, photography is allowed unless a sign says otherwise."
      )
    )
  })

  it("passes both sides kept in their claims, reordered", () => {
    assert.deepStrictEqual(
      antonyms(
        "По итогам года продажи электромобилей выросли на 35 %, а средняя цена подержанного автомобиля снизилась примерно на 8 %.",
        "Средняя цена подержанного автомобиля за год снизилась примерно на 8 %, а продажи электромобилей выросли на 35 %."
      ),
      []
    )
    assert.deepStrictEqual(
      antonyms(
        "La bibliothèque élargit ses horaires pendant les examens.",
        "Pendant les examens, la bibliothèque étend ses horaires."
      ),
      []
    )
    assert.isNotEmpty(
      antonyms(
        "La bibliothèque élargit ses horaires pendant la période des examens.",
        "Pendant les examens, la bibliothèque réduit ses horaires."
      )
    )
  })
})

describe("Antonyms: a ticket one way or return", () => {
  it("finds one way turned to return, reading the longer form first", () => {
    swapped("景区内索道需另行购票，玉屏索道单程90元。", "索道需要另外购票，玉屏索道往返90元。")
    swapped(
      "El billete de ida y vuelta cuesta 42 euros para adultos.",
      "El billete de ida cuesta 42 euros para adultos."
    )
    kept("El billete de ida y vuelta cuesta 42 euros para adultos.", "Ida y vuelta: 42 euros por adulto.")
  })
})
