/**
 * Facts written in another native form: durations with fractions and articles ("half an hour" = "30 minutes"),
 * native percentages ("6割" = 60 %), times of day in any format ("夜7時半" = "19時30分", "в половине двенадцатого" =
 * 11:30), CJK numerals inside words ("二重"), compound adjectives ("four-legged"), month names in lower case ("may"),
 * and a price's period or what it is paid for. Each rule: a faithful form is not reported, a real change still is.
 */
import { assert, describe, it } from "@effect/vitest"
import { numbersGuard } from "../../src/guards/Numbers.ts"
import { findingsOf, findingsOfKinds, quantityValues as values, verdicts } from "./support.ts"

/** The fact findings: numbers, units, dates and times. */
const facts = findingsOfKinds(["number", "unit", "date"])
const { passes: keeps, flags: breaks } = verdicts(facts)

describe("Native facts: durations", () => {
  it("reads a part of one unit: half an hour, media hora, полчаса, 半年", () => {
    keeps("The bus takes 30 minutes longer.", "The bus takes half an hour longer.")
    keeps("Retries start at 500 ms.", "Retries start at half a second.")
    keeps("Wait a quarter of an hour before serving.", "Wait 15 minutes before serving.")
    keeps("Caminaron 30 minutos al día.", "Caminaron media hora diaria.")
    keeps("Den Teig 30 Minuten kalt stellen.", "Den Teig eine halbe Stunde kalt stellen.")
    keeps("Den Teig 15 Minuten ruhen lassen.", "Den Teig eine Viertelstunde ruhen lassen.")
    keeps("Laissez reposer la pâte pendant 30 minutes.", "Laissez reposer la pâte pendant une demi-heure.")
    keeps("Laissez reposer la pâte pendant 15 minutes.", "Laissez reposer la pâte pendant un quart d'heure.")
    keeps("Подождите 30 минут.", "Подождите полчаса.")
    keeps("Договор действует 6 месяцев.", "Договор действует полгода.")
    keeps("入社後6か月を経過した従業員が対象です。", "入社して半年がたった人が対象です。")
    keeps("会议大约开30分钟。", "会议大约开半小时。")
    keeps("会议大约开15分钟。", "会议大约开一刻钟。")
    breaks("The bus takes half an hour longer.", "The bus takes 40 minutes longer.")
    breaks("Caminaron media hora al día.", "Caminaron 45 minutos al día.")
    breaks("Подождите полчаса.", "Подождите 20 минут.")
    breaks("入社して半年がたった人が対象です。", "入社して3か月がたった人が対象です。")
  })

  it("reads a half more: an hour and a half, полтора часа, 1時間半, 一个半小时", () => {
    keeps("The workshop lasts 90 minutes.", "The workshop lasts an hour and a half.")
    keeps("The workshop lasts 150 minutes.", "The workshop lasts two and a half hours.")
    keeps("El taller dura 90 minutos.", "El taller dura una hora y media.")
    keeps("L'atelier dure 90 minutes.", "L'atelier dure une heure et demie.")
    keeps("Поездка занимает 90 минут.", "Поездка занимает полтора часа.")
    keeps("Поездка занимает 150 минут.", "Поездка занимает два часа с половиной.")
    keeps("移動に90分かかります。", "移動に1時間半かかります。")
    keeps("路上要90分钟。", "路上要一个半小时。")
    keeps("项目持续了18个月。", "项目持续了一年半。")
    assert.deepStrictEqual(values("The workshop lasts an hour and a half."), ["1.5 h"])
    breaks("移動に1時間半かかります。", "移動に2時間かかります。")
    breaks("The workshop lasts an hour and a half.", "The workshop lasts two hours.")
    breaks("路上要一个半小时。", "路上要两个小时。")
  })

  it("reads an article before a unit of time as one of it, never reported on its own", () => {
    keeps("Confirm it in writing within seven days.", "Confirm it in writing within a week.")
    keeps("Bestätigen Sie es innerhalb von sieben Tagen.", "Bestätigen Sie es innerhalb einer Woche.")
    keeps("Wait a minute and try again.", "Wait a moment and try again.")
    keeps("Take a second look at the draft.", "Look at the draft again.")
    breaks("Confirm it in writing within a week.", "Confirm it in writing within two weeks.")
    breaks("Bestätigen Sie es innerhalb einer Woche.", "Bestätigen Sie es innerhalb von zehn Tagen.")
  })

  it("takes the days between two dates as said by them", () => {
    keeps(
      "11月9日（土）の発表会は11月16日（土）に延期します。",
      "11月9日（土）の発表会は1週間後の11月16日（土）に延期になりました。"
    )
    keeps("The fair moves from 9 November to 16 November.", "The fair moves 7 days, from 9 November to 16 November.")
    breaks(
      "11月9日（土）の発表会は11月23日（土）に延期します。",
      "11月9日（土）の発表会は1週間後の11月23日（土）に延期になりました。"
    )
    breaks("The fair moves from 9 November to 23 November.", "The fair moves 7 days, from 9 November to 23 November.")
  })
})

describe("Native facts: percentages", () => {
  it("reads tenths of a whole: 6割, 2割5分, 七成, 两成", () => {
    keeps("約6割が寝る前にスマホを使っている。", "約60％が就寝前にスマートフォンを使用している。")
    keeps("出勤日の8割以上出勤した従業員", "出勤日の80％以上出勤した人")
    assert.deepStrictEqual(values("打率は2割5分でした。"), ["25 %"])
    keeps("近七成的人每天通勤超过一小时。", "近70%的受访者每日通勤时间超过一小时。")
    keeps("其中约三成为季节性商品。", "季节性商品大约占30%。")
    keeps("只有两成的人同意。", "只有20%的人同意。")
    breaks("約6割が寝る前にスマホを使っている。", "約70％が就寝前にスマートフォンを使用している。")
    breaks("近七成的人每天通勤超过一小时。", "近60%的受访者每日通勤时间超过一小时。")
  })
})

describe("Native facts: CJK numerals", () => {
  it("reads a lone CJK numeral as a number only before a counter or unit", () => {
    keeps("先月分の請求が二重になっていました。", "先月分のご請求が重複しておりました。")
    keeps("这是一本二手书。", "这是一本旧书。")
    keeps("同一份茶叶可冲泡两到三次。", "同一份茶叶可冲泡 2 到 3 次。")
    keeps("お米を三合とぎます。", "お米を3合とぎます。")
    breaks("会議には二人が出席します。", "会議には三人が出席します。")
    breaks("沿途有两个补给点。", "沿途有三个补给点。")
  })

  it("reads 第 before a numeral as an ordinal, whose word after it is no unit", () => {
    keeps("晚上10点到第二天凌晨2点升级。", "22:00至次日02:00升级。")
    keeps("試験の第二日に発表します。", "試験の二日目に発表します。")
    breaks("三天后升级。", "第二天升级。")
    breaks("三日後に発表します。", "第二日に発表します。")
  })

  it("reads 日 after a number as days", () => {
    keeps("逾期超过十五日未支付的，出租人有权解除合同。", "如果拖欠超过15天，房东可以解除合同。")
    keeps("10日の年次有給休暇が付与される。", "年次有給休暇が10日間もらえます。")
    keeps("本月15日前提交报告。", "本月15号前提交报告。")
    breaks("逾期超过十五日未支付的，出租人有权解除合同。", "如果拖欠超过10天，房东可以解除合同。")
    breaks("10日の年次有給休暇が付与される。", "年次有給休暇が7日間もらえます。")
  })
})

describe("Native facts: words that are no numbers", () => {
  it("reads no count in a compound adjective after a spelled number", () => {
    keeps(
      "Dogs are welcome outdoors only, so leave them at home.",
      "Dogs are only allowed outdoors, so leave your four-legged friends at home."
    )
    keeps("The review was fair.", "The review was not one-sided or two-faced.")
    keeps("Ein Verfahren mit Stufen schützt das Konto.", "Ein zwei-stufiges Verfahren schützt das Konto.")
    breaks("Bring your four-legged friends and 3 cats.", "Bring your four-legged friends and 4 cats.")
    breaks("We need a five-person team.", "We need a six-person team.")
    breaks("Ein zwei-stufiges Verfahren mit 3 Codes.", "Ein zwei-stufiges Verfahren mit 4 Codes.")
  })

  it("reads a month name as a month only where it is capitalised as one", () => {
    keeps("Children over 12 may take two tablets.", "Children over 12 can take two tablets.")
    keeps("Die Frist endet am 3. Mai.", "Die Frist endet am 03.05.")
    keeps("Le délai expire le 3 mars 2026.", "Le délai expire le 03/03/2026.")
    breaks("The deadline is 12 May.", "The deadline is 13 May.")
    breaks("Die Frist endet am 3. Mai.", "Die Frist endet am 4. Mai.")
  })

  it("reads no ratio where the whole counts another noun", () => {
    keeps(
      "In der Studie wurden 420 Kinder über zwei Schuljahre begleitet.",
      "Die Untersuchung begleitete 420 Kinder über einen Zeitraum von zwei Schuljahren."
    )
    keeps("Hay un viaje cada dos semanas.", "Hay un viaje de cada dos semanas.")
    keeps("One sensor in five failed.", "20 % of the sensors failed.")
    breaks(
      "In der Studie wurden 420 Kinder über zwei Schuljahre begleitet.",
      "Die Untersuchung begleitete 420 Kinder über einen Zeitraum von drei Schuljahren."
    )
    breaks("Hay un viaje cada dos semanas.", "Hay un viaje de cada tres semanas.")
  })
})

describe("Native facts: times of day", () => {
  it("reads a meridiem before a clock time in Chinese and Japanese", () => {
    keeps("上午8:00至下午5:00停水。", "早上8点到下午5点停水。")
    keeps("午後7:30に開始します。", "19時30分に開始します。")
    breaks("上午8:00至下午5:00停水。", "早上8点到下午6点停水。")
    breaks("午後7:30に開始します。", "19時に開始します。")
  })

  it("reads an hour without a meridiem as either half of the day, minutes kept", () => {
    keeps("19時30分から20時30分まで開催します。", "夜7時半から8時半まで開催します。")
    keeps("晚上7点半开始。", "19:30开始。")
    breaks("19時30分から20時30分まで開催します。", "夜8時半から9時半まで開催します。")
    breaks("晚上7点半开始。", "19:00开始。")
  })

  it("reads clock phrases: half past, halb, в половине, y media, et quart", () => {
    keeps("Уроки заканчиваются в 11:30.", "Уроки закончатся в половине двенадцатого — в школе педсовет.")
    keeps("Начало в 8:45.", "Начало без четверти девять.")
    keeps("Wir treffen uns um 7:30 Uhr.", "Wir treffen uns um halb acht.")
    keeps("We meet at 7:30 p.m.", "We meet at half past seven in the evening.")
    keeps("Nos vemos a las 9:30.", "Nos vemos a las nueve y media.")
    keeps("Rendez-vous à 8h15.", "Rendez-vous à huit heures et quart.")
    breaks("Уроки заканчиваются в 12:30.", "Уроки закончатся в половине двенадцатого.")
    breaks("Wir treffen uns um 8:30 Uhr.", "Wir treffen uns um halb acht.")
    breaks("Nos vemos a las 9:15.", "Nos vemos a las nueve y media.")
  })

  it("reads an hour in words after its at-word as the hour the other text gives", () => {
    keeps("La cena es a las nueve en casa de Lucía.", "La cena tendrá lugar a las 21:00 en casa de Lucía.")
    keeps("Das Essen ist um neun bei Lucía.", "Das Essen ist um 21 Uhr bei Lucía.")
    breaks("La cena es a las nueve en casa de Lucía.", "La cena tendrá lugar a las 22:00 en casa de Lucía.")
    breaks("Das Essen ist um neun bei Lucía.", "Das Essen ist um 22 Uhr bei Lucía.")
  })
})

describe("Native facts: prices", () => {
  it("compares the period a price is paid per, named before it in Chinese and Japanese", () => {
    keeps("物业费调整为每月每平方米2.8元。", "物业费改为每平方米每月2.8元。")
    keeps("停车费每月150元。", "停车费150元/月。")
    keeps("給食費は毎月4,800円です。", "給食費は月額4,800円です。")
    const [f] = breaks("物业费调整为每月每平方米2.8元。", "物业费改为每平方米每年2.8元。", "unit")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["每月…2.8元", "每年2.8元"])
    breaks("給食費は毎月4,800円です。", "給食費は毎年4,800円です。", "unit")
  })

  it("asks when the same price is paid for another thing", () => {
    const check = findingsOf(numbersGuard)
    const asks = (original: string, rewrite: string) =>
      check(original, rewrite).filter((f) => f.kind === "quantifier" && f.certainty === "suspect")
    assert.strictEqual(
      asks("La taxe est de 1,65 € par nuit et par adulte.", "Taxe : 1,65 € par nuit et par chambre.").length,
      1
    )
    assert.strictEqual(asks("The fee is $5 per adult.", "The fee is $5 per room.").length, 1)
    assert.deepStrictEqual(
      asks("La taxe est de 1,65 € par nuit et par adulte.", "Taxe : 1,65 € par adulte et par nuit."),
      []
    )
    assert.deepStrictEqual(asks("The fee is $5 per adult.", "Adults pay $5 per adult visit."), [])
  })
})

describe("A duration derived from two times of day", () => {
  it("passes the time between two times the original gives, and still reports another, in German and Chinese", () => {
    const de = "Künftig ist die Bibliothek donnerstags bis 20 Uhr statt bis 18 Uhr geöffnet."
    assert.deepStrictEqual(
      facts(de, "Künftig ist die Bibliothek donnerstags zwei Stunden länger geöffnet, bis 20 Uhr statt bis 18 Uhr."),
      []
    )
    assert.isAbove(
      facts(de, "Künftig ist die Bibliothek donnerstags drei Stunden länger geöffnet, bis 20 Uhr statt bis 18 Uhr.")
        .length,
      0
    )
    const zh = "地铁2号线末班车时间由22:30延长至23:30。"
    assert.deepStrictEqual(facts(zh, "地铁2号线末班车推迟一小时，由22:30延至23:30。"), [])
    assert.isAbove(facts(zh, "地铁2号线末班车推迟三小时，由22:30延至23:30。").length, 0)
  })
})

describe("Native facts: short forms of amounts, hours and days", () => {
  it("reads a bare hour after its preposition as either half of the day", () => {
    keeps(
      "The board papers must be printed by Thursday at 4.",
      "The board papers must be printed by 4 p.m. on Thursday."
    )
    keeps("Wir treffen uns am Donnerstag um 4.", "Wir treffen uns am Donnerstag um 16:00.")
    breaks(
      "The board papers must be printed by Thursday at 4.",
      "The board papers must be printed by 5 p.m. on Thursday."
    )
    keeps("В пятницу учащиеся 6 «Б» класса поедут на экскурсию.", "В пятницу 6 «Б» едет на экскурсию.")
  })

  it("reads a glued m after a currency as a million, and l as litres", () => {
    keeps("Groups with an income above £1 million apply elsewhere.", "Groups with income above £1m apply elsewhere.")
    breaks("Groups with an income above £1 million apply elsewhere.", "Groups with income above £2m apply elsewhere.")
    keeps("Añade un litro y medio de agua y deja cocer.", "Añadir 1,5 l de agua y cocer.")
    breaks("Add 2 l of water and stir well.", "Add 2 ml of water and stir well.")
  })

  it("reads a possessive weekday and an hour in Chinese numerals", () => {
    keeps("At Tuesday's meeting the group agreed to wait.", "Steering group, Tuesday: agreed to wait.")
    keeps("下周三下午两点开安全培训。", "下周三下午2:00举行安全培训。")
    breaks("下周三下午两点开安全培训。", "下周三下午3:00举行安全培训。")
  })

  it("keeps a rate whose amount has its currency on one side only", () => {
    keeps("Доход 45 тысяч в месяц.", "Заработная плата 45 000 рублей в месяц.")
    keeps("The role pays 45k a month.", "The role pays $45,000 a month.")
    breaks("Доход 45 тысяч в месяц.", "Заработная плата 45 000 рублей в год.")
  })

  it("reads a bare day as a day of the month the text names", () => {
    keeps("Запуск перенесли с 1 на 15 апреля.", "Запуск: 15 апреля вместо 1 апреля.")
    keeps("Der Start wurde vom 1. auf den 15. April verschoben.", "Start: 15. April statt 1. April.")
    breaks("Запуск перенесли с 1 на 15 апреля.", "Запуск: 15 апреля вместо 2 апреля.")
  })

  it("reads a unit of several words as no new number", () => {
    keeps("Смешайте яйца и столовую ложку сахара.", "Смешать яйца и 1 ст. л. сахара.")
    keeps("Stir in a tablespoon of sugar.", "Stir in 1 tablespoon of sugar.")
  })
})

describe("Native facts: slides", () => {
  it("reads the number of a list item as structure, not a fact", () => {
    keeps(
      "Wait until the rotor has stopped. Check the tubes for cracks before removing them.",
      "Centrifuge\n1. Wait until the rotor has stopped\n2. Check tubes for cracks before removing them"
    )
    keeps(
      "使用前先开启紫外灯照射30分钟，再打开风机运行10分钟。",
      "使用流程\n1. 开紫外灯照射30分钟\n2. 开风机运行10分钟"
    )
    breaks(
      "Wait until the rotor has stopped. Check the 4 tubes for cracks.",
      "Centrifuge\n1. Wait until the rotor has stopped\n2. Check the 5 tubes for cracks"
    )
  })

  it("reads a range of months and a list of abbreviated weekdays", () => {
    keeps("种植草莓最好选在秋季9月至10月。", "种植时间：秋季9—10月为佳")
    keeps("植え付けは9月から10月が適期です。", "植え付け:9〜10月")
    keeps("Das Training findet dienstags und donnerstags von 17 bis 19 Uhr statt.", "Training: Di + Do, 17–19 Uhr")
    keeps("Training is on Tuesdays and Thursdays from 5 to 7 p.m.", "Training: Tue & Thu, 5–7 p.m.")
    breaks("种植草莓最好选在秋季9月至10月。", "种植时间：秋季9—11月为佳")
  })

  it("reads a time without a meridiem in English as either half of the day", () => {
    keeps(
      "Drinks are from 7 p.m., with dinner served at 7:45.",
      "Drinks will be served from 7 p.m., followed by dinner at 7:45 p.m."
    )
    keeps("The service is booked between 8 and 12.", "The service is scheduled between 8:00 a.m. and 12:00 noon.")
    breaks("Dinner is served at 7:45.", "Dinner is served at 8:15 p.m.")
  })

  it("keeps a duration that the rewrite's two times say", () => {
    keeps("Card payments failed for about 25 minutes, from 11:05 to 11:30.", "11:05–11:30: card payments failed.")
    keeps(
      "Die Kartenzahlung fiel 25 Minuten lang aus, von 11:05 bis 11:30 Uhr.",
      "11:05–11:30 Uhr: Kartenzahlung ausgefallen."
    )
    breaks("Card payments failed for about 40 minutes, from 11:05 to 11:30.", "11:05–11:30: card payments failed.")
  })

  it("reads a period after a slash", () => {
    keeps("Le télétravail est limité à deux jours par semaine.", "Télétravail : jusqu'à 2 jours/semaine")
    keeps("El teletrabajo se limita a dos días por semana.", "Teletrabajo: hasta 2 días/semana")
  })
})

describe("Native facts: a temperature after an at-word", () => {
  it("reads 18 °C after à or a as a temperature, not a time", () => {
    keeps("La température est maintenue à 18 °C dans la salle.", "Il fait 18 °C dans la salle.")
    keeps("La temperatura se mantiene a 18 °C en la sala.", "En la sala hace 18 °C.")
    breaks("La température est maintenue à 18 °C dans la salle.", "Il fait 20 °C dans la salle.")
  })
})

describe("Native facts: counts said another way", () => {
  it("reads a spelled two as the 'both' of the original, and a new two elsewhere as added", () => {
    keeps("Parking is banned on both sides of the road.", "Parking is banned on the two sides of the road.")
    keeps(
      "Queda prohibido aparcar en ambos lados de la calle durante las obras.",
      "No se puede aparcar en ninguno de los dos lados de la calle durante las obras."
    )
    keeps("Парковка запрещена с обеих сторон улицы до пятницы.", "До пятницы нельзя парковаться с двух сторон улицы.")
    breaks("Parking is banned on the road.", "Parking is banned on the two sides of the road.")
  })

  it("reads two numbers of the original written as a ratio ('1.146 von 1.580') as kept", () => {
    keeps(
      "Die Befragung wurde von 1.146 der 1.580 Beschäftigten beantwortet.",
      "Rücklauf: 1.146 von 1.580 Beschäftigten"
    )
    keeps("The survey was answered by 1,146 of the 1,580 staff.", "Response: 1,146 out of 1,580 staff")
    breaks(
      "Die Befragung wurde von 1.146 der 1.580 Beschäftigten beantwortet.",
      "Rücklauf: 1.146 von 1.850 Beschäftigten"
    )
  })
})
