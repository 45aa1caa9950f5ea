import { assert, describe, it } from "@effect/vitest"
import { numbersGuard } from "../../src/guards/Numbers.ts"
import { findingsOf, findingsOfKinds, quantityValues as values, verdicts } from "./support.ts"

const check = findingsOf(numbersGuard)
const { passes, flags } = verdicts(check, "number")

describe("Numbers: formats", () => {
  it("keeps integers and decimals in any order", () => {
    passes(
      "The cache holds 42 entries and evicts after 3.5 seconds.",
      "After 3.5 seconds the cache, which holds 42 entries, evicts."
    )
    const [f] = flags(
      "The cache holds 42 entries and evicts after 3.5 seconds.",
      "The cache holds 40 entries and evicts after 3.5 seconds."
    )
    assert.deepStrictEqual([f?.original, f?.rewrite], ["42", "40"])
  })

  it("reads thousands separators and decimal marks per language", () => {
    assert.deepStrictEqual(values("We served 1,200 users and 2,000.5 GB."), ["1200", "2000.5 GB"])
    assert.deepStrictEqual(values("Wir hatten 1.200 Nutzer und 1.000,5 GB, dazu 0,75 Punkte."), [
      "1200",
      "1000.5 GB",
      "0.75"
    ])
    assert.deepStrictEqual(values("Nous avons servi 1\u202f200 utilisateurs et 2 500,5 Go."), ["1200", "2500.5 GB"])
    assert.deepStrictEqual(values("В базе 3 400 000 строк и 2,5 ГБ индексов."), ["3400000", "2.5 GB"])
    assert.deepStrictEqual(values("La versión 3.0 admite 12.000 peticiones."), ["3", "12000"])
    passes("We served 1,200 users.", "We served 1200 users.")
    passes("We served 1200 users.", "We served 1 200 users.")
    passes("Der Speicher fasst 2.048 Dateien.", "Der Speicher fasst 2048 Dateien.")
    passes("Le lot contient 48 000 lignes.", "Le lot contient 48000 lignes.")
    flags("We served 1,200 users.", "We served 12,000 users.")
  })

  it("keeps scaled amounts equal to their digits and words", () => {
    passes("The server handled 1.2 million requests for the app.", "The server handled 1,200,000 requests for the app.")
    passes("We store 2k rows per shard in the cluster.", "We store 2,000 rows per shard in the cluster.")
    passes("Es gab 2 Millionen Aufrufe.", "Es gab 2.000.000 Aufrufe.")
    passes("Hubo 3 millones de visitas.", "Hubo 3.000.000 de visitas.")
    passes(
      "On compte désormais 4 millions d'abonnés dans le pays.",
      "On compte désormais 4 000 000 d'abonnés dans le pays."
    )
    passes("Сервис обработал 1,5 млн запросов.", "Сервис обработал 1 500 000 запросов.")
    passes("用户数达到3万。", "用户数达到30000。")
    passes("このサービスの登録者は2億人です。", "このサービスの登録者は200,000,000人です。")
    flags(
      "The server handled 1.2 million requests for the app.",
      "The server handled 1.2 billion requests for the app."
    )
  })

  it("keeps version numbers as written", () => {
    passes("Upgrade to v2.4.1 before Friday.", "Before Friday, upgrade to version 2.4.1.")
    flags("Upgrade to v2.4.1 before Friday.", "Upgrade to v2.4 before Friday.")
  })
})

describe("Numbers: percentages and fractions", () => {
  it("treats the percent sign and percent words as equal in every language", () => {
    passes("Latency fell by 5% this week.", "This week latency fell by 5 percent.")
    passes("Latency fell by 5 per cent this week.", "Latency fell 5% this week.")
    passes("Die Fehlerquote sank um 7 %.", "Die Fehlerquote sank um 7 Prozent.")
    passes("La cuota subió un 9 %.", "La cuota subió un 9 por ciento.")
    passes("Le trafic a baissé de 11 %.", "Le trafic a baissé de 11 pour cent.")
    passes("Нагрузка выросла на 13 %.", "Нагрузка выросла на 13 процентов.")
    passes("点击率下降了百分之二十。", "点击率下降了20%。")
    passes("解約率は8％でした。", "解約率は8パーセントでした。")
  })

  it("reads fractions and ratios as percentages", () => {
    passes("Half of the builds failed.", "50% of the builds failed.")
    passes("A quarter of the nodes were idle.", "25 percent of the nodes were idle.")
    passes("A third of the runs timed out.", "33% of the runs timed out.")
    passes("Only 20% of users enable it.", "Only one in five users enables it.")
    passes("Three out of four of the reviewers approved it.", "75% of the reviewers approved it.")
    passes("Die Hälfte der Tests ist rot.", "50 % der Tests sind rot.")
    passes("La mitad de las tareas terminó.", "El 50 % de las tareas terminó.")
    passes("La moitié des serveurs est à jour.", "50 % des serveurs sont à jour.")
    passes("Половина сотрудников работает удалённо.", "50 % сотрудников работает удалённо.")
    passes("约一半的请求来自移动端。", "约50%的请求来自移动端。")
    passes("四分之一的用户没有登录。", "25%的用户没有登录。")
    passes("回答者の半分が賛成しました。", "回答者の50%が賛成しました。")
    flags("Half of the builds failed.", "A third of the builds failed.")
  })

  it("reports a percentage turned into an absolute number", () => {
    flags("Storage use dropped by 35%.", "Storage use dropped by 35 GB.", "unit")
    flags("Sign-ups grew 14% last month.", "Sign-ups grew by 14 last month.", "unit")
    flags("Die Kosten stiegen um 6 %.", "Die Kosten stiegen um 6 Euro.", "unit")
    flags("转化率提高了12%。", "转化率提高了12个。", "unit")
  })
})

describe("Numbers: spelled numbers", () => {
  it("treats spelled numbers and digits as equal in both directions", () => {
    passes("We tested three builds.", "We tested 3 builds.")
    passes("We tested 3 builds and 12 images.", "We tested three builds and twelve images.")
    passes("The suite has twenty-five cases.", "The suite has 25 cases.")
    passes("It took two hundred and five runs.", "It took 205 runs.")
    passes("Der Kurs für die Gruppe dauert drei Tage.", "Der Kurs für die Gruppe dauert 3 Tage.")
    passes("El equipo tiene cuatro personas y treinta y dos tareas.", "El equipo tiene 4 personas y 32 tareas.")
    passes("Le cours dure cinq jours et compte quatre-vingt-dix pages.", "Le cours dure 5 jours et compte 90 pages.")
    passes("Проект занял шесть недель.", "Проект занял 6 недель.")
    passes("我们有两个机房和三名工程师。", "我们有2个机房和3名工程师。")
    passes("会議には七人が参加した。", "会議には7人が参加した。")
    passes("Le serveur ne répond pas depuis 3 jours.", "Depuis trois jours, le serveur ne répond pas.")
  })

  it("reports a changed spelled number", () => {
    flags("We tested three builds.", "We tested four builds.")
    flags("We tested 20 builds.", "We tested nineteen builds.")
    flags("Der Server lief 3 Tage.", "Der Server lief vier Tage lang.")
    flags("Se necesitan dos firmas.", "Se necesitan tres firmas.")
    flags("Il faut deux signatures.", "Il faut trois signatures.")
    flags("Нужны две подписи.", "Нужны три подписи.")
    flags("需要两个签名。", "需要三个签名。")
    flags("署名は二つ必要です。", "署名は三つ必要です。")
    flags("The job runs twice a day.", "The job runs once a day.")
    flags("The service runs in one region.", "The service runs in two regions.")
  })

  it("does not take 'one', 'zero' or a lone article for a number that must stay", () => {
    passes("One of the fixes landed.", "A fix landed.")
    passes("This adds an extra week of history.", "This adds one more week of history.")
    passes("Once the build is green, deploy.", "After the build is green, deploy.")
    passes("统一配置一些参数十分重要。", "统一地配置参数非常重要。")
    passes("毎日約200万件のリクエストを処理しています。", "1日あたり約2,000,000件のリクエストを処理しています。")
    passes("The job failed with an error in the last step.", "The job failed with 1 error in the last step.")
    flags("The job failed with 1 error in the last step.", "The job failed with errors in the last step.")
  })
})

describe("Numbers: units", () => {
  it("reports a changed unit or magnitude", () => {
    flags("The requests time out after 250 ms.", "The requests time out after 250 s.", "unit")
    flags("The limit is 5 GB per user.", "The limit is 5 MB per user.", "unit")
    flags("Die Sicherung dauert 3 Stunden.", "Die Sicherung dauert 3 Minuten.", "unit")
    flags("El enlace caduca en 48 horas.", "El enlace caduca en 48 días.", "unit")
    flags("Le lien de la page expire après 10 minutes.", "Le lien de la page expire après 10 secondes.", "unit")
    flags("Ссылка действует 7 дней.", "Ссылка действует 7 недель.", "unit")
    flags("缓存保留7天。", "缓存保留7小时。", "unit")
    flags("キャッシュは30分間保持されます。", "キャッシュは30時間保持されます。", "unit")
    flags("It costs $40 a month.", "It costs €40 a month.", "unit")
    flags("The logs are rotated once per day.", "The logs are rotated once per week.", "unit")
  })

  it("accepts the same quantity in another unit or notation", () => {
    passes("The limit is 2 MiB.", "The limit is 2MiB.")
    passes("The requests time out after 1.5 seconds.", "The requests time out after 1500 ms.")
    passes("The window is 90 minutes long.", "The window is 1.5 hours long.")
    passes("A coffee costs $3.50 here.", "Here a coffee costs 3.50 dollars.")
    passes("Das kostet 0,02 € pro GB.", "Jedes GB kostet 0,02 Euro.")
    passes("The job takes 3-5 minutes.", "The job takes between 3 and 5 minutes.")
    passes("Growth was 10 to 20% a year.", "Growth was between 10% and 20% a year.")
  })
})

describe("Numbers: lost and added", () => {
  it("never passes a lost number and reports a new one", () => {
    flags("The job takes 3-5 minutes.", "The job takes 3 minutes.")
    const lost = flags("We have 48 nodes in 3 regions.", "We have nodes in 3 regions.")
    assert.match(lost[0]?.message ?? "", /"48"/)
    const added = flags("The tool is fast.", "The tool is 40% faster.")
    assert.deepStrictEqual(added[0]?.rewrite, "40%")
  })

  it("names both sides of a changed number", () => {
    const [f] = check("The free plan allows 500 calls a day.", "The free plan allows 5,000 calls a day.")
    assert.strictEqual(f?.message, '"500" became "5,000"')
  })

  it("does not count digits of dates, times, links and code as numbers", () => {
    passes("Ship on 3 June 2026 at 15:00.", "Ship on June 3, 2026 at 3 p.m.")
    passes(
      "See [the report](https://example.com/r/2024/7) and run `retry --max 9`.",
      "Run `retry --max 9` and see [the report](https://example.com/r/2024/7)."
    )
  })
})

/** Every guard's number, unit and date findings, in the language given or detected. */
const numeric = findingsOfKinds(["number", "unit", "date"])
const { passes: keeps, flags: breaks } = verdicts(numeric)

describe("Numbers: rates", () => {
  it("reads a period written as its own word as the rate of the amount", () => {
    keeps("Membership costs $120 per year for each club.", "Each club pays an annual membership of $120.")
    keeps("Membership costs $120 per year for each club.", "Each club pays $120 yearly for membership.")
    keeps("Membership costs $120 per year for each club.", "Each club pays $120/yr for membership.")
    keeps("Die Gebühr beträgt 60 Euro pro Jahr.", "Jährlich fallen 60 Euro Gebühr an.")
    keeps("La cuota es de 60 euros al año.", "La cuota anual es de 60 euros.")
    keeps("La cotisation s'élève à 60 euros par an.", "La cotisation annuelle s'élève à 60 euros.")
    keeps("Подписка стоит 600 рублей в месяц.", "Ежемесячная подписка стоит 600 рублей.")
    keeps("会员费每月50元。", "会员月费为50元。")
  })

  it("reports a changed period", () => {
    breaks("Membership costs $120 per year for each club.", "Each club pays a monthly membership of $120.")
    breaks("Die Gebühr beträgt 60 Euro pro Monat.", "Die jährliche Gebühr beträgt 60 Euro.")
    breaks("Подписка стоит 600 рублей в месяц.", "Подписка стоит 600 рублей в год.")
    const [f] = numeric("Die Gebühr beträgt 60 Euro pro Monat.", "Die Gebühr beträgt 60 Euro pro Woche.")
    assert.strictEqual(f?.kind, "unit")
  })
})

describe("Numbers: units in every form", () => {
  it("reads inflected and plural unit names", () => {
    assert.deepStrictEqual(values("Поездка заняла 3 часа и 12 минут, всего 40 километров."), ["3 h", "12 min", "40 km"])
    assert.deepStrictEqual(values("Die Tour dauert 3 Stunden über 40 Kilometern."), ["3 h", "40 km"])
    keeps("Маршрут длиной 12 километров.", "Маршрут длиной 12 км.")
    keeps("La ruta mide 12 kilómetros.", "La ruta mide 12 km.")
  })

  it("reports a unit swapped for another of the same kind", () => {
    breaks("Маршрут длиной 12 км.", "Маршрут длиной 12 миль.")
    breaks("Загрузка заняла 8 секунд.", "Загрузка заняла 8 минут.")
    breaks("Der Akku hält 6 Stunden.", "Der Akku hält 6 Tage.")
    breaks("La ruta mide 12 kilómetros.", "La ruta mide 12 millas.")
    breaks("Le trajet fait 12 kilomètres.", "Le trajet fait 12 miles.")
    breaks("Le colis pèse 4 kilos.", "Le colis pèse 4 livres.")
    breaks("箱子重20公斤。", "箱子重20斤。")
  })
})

describe("Numbers: spelled numbers in every language", () => {
  it("reads closed German compounds", () => {
    assert.deepStrictEqual(values("Es kamen zweihundertdreiundvierzig Leute und dreitausendfünfhundert Briefe."), [
      "243",
      "3500"
    ])
    keeps("Wir brauchen vierundsechzig Stühle.", "Wir brauchen 64 Stühle.")
    keeps("Das Paket kostet eine Million Euro.", "Das Paket kostet 1.000.000 Euro.")
    breaks("Wir brauchen vierundsechzig Stühle.", "Wir brauchen 46 Stühle.")
  })

  it("reads spelled numbers and counters in the other languages", () => {
    keeps("Llegaron cuarenta y tres personas.", "Llegaron 43 personas.")
    keeps("Quatre-vingt-dix personnes sont venues.", "90 personnes sont venues.")
    keeps("Пришли сорок три человека.", "Пришли 43 человека.")
    keeps("会场来了四十三人。", "会场来了43人。")
    keeps("椅子を五つ用意しました。", "椅子を5つ用意しました。")
    breaks("椅子を五つ用意しました。", "椅子を6つ用意しました。")
  })
})

describe("Numbers: fractions, ratios and percentages", () => {
  it("keeps a fraction or a ratio equal to its percentage", () => {
    keeps("Roughly a quarter of the sensors failed.", "Roughly 25% of the sensors failed.")
    keeps("One sensor in five failed.", "20 % of the sensors failed.")
    keeps("Jeder fünfte Sensor fiel aus.", "20 Prozent der Sensoren fielen aus.")
    keeps("Uno de cada cinco sensores falló.", "Falló el 20 % de los sensores.")
    keeps("Un capteur sur cinq est tombé en panne.", "20 % des capteurs sont tombés en panne.")
    keeps("Каждый пятый датчик отказал.", "Отказали 20 % датчиков.")
    keeps("センサーの5台に1台が故障した。", "センサーの20％が故障した。")
    keeps("Die Quote liegt bei 7 Prozent.", "Die Quote liegt bei 7 %.")
  })

  it("reports a changed share", () => {
    breaks("Jeder fünfte Sensor fiel aus.", "Jeder zehnte Sensor fiel aus.")
    breaks("One sensor in five failed.", "40 % of the sensors failed.")
    breaks("Каждый пятый датчик отказал.", "Отказали 50 % датчиков.")
  })
})

describe("Numbers: number formats across languages", () => {
  it("reads one separator before three digits either way when the other text shows the value", () => {
    keeps("We shipped 4.500 crates last year.", "We shipped 4,500 crates last year.")
    keeps("Wir haben 4,500 Kisten verschickt.", "Wir haben 4.500 Kisten verschickt.")
    keeps("Stock: 4.500 €.", "Stock: 4 500 €.")
    breaks("We shipped 4,500 crates last year.", "We shipped 4 crates last year.")
  })
})

describe("Numbers: ranges, ratios and hours written as a time", () => {
  it("reads the first number of a range as measured by the unit after the second", () => {
    passes("Flexible start, from 8 to 10.", "Flexible start, from 8 to 10 o'clock.")
    passes("Гибкое начало дня с 8 до 10.", "Начало рабочего дня гибкое, с 8 до 10 часов.")
    passes("Werkstudent, 15–20 Stunden pro Woche.", "Werkstudent mit 15 bis 20 Wochenstunden.")
    flags("Werkstudent, 15–20 Stunden pro Woche.", "Werkstudent mit 15 bis 25 Wochenstunden.")
  })

  it("keeps the two numbers of a ratio written on their own", () => {
    passes("Сдать не менее четырёх из пяти работ.", "Сдайте минимум 4 работы из 5.")
    passes("At least four of the five labs must be passed.", "Pass at least 4 labs out of 5.")
    flags("Сдать не менее четырёх из пяти работ.", "Сдайте минимум 3 работы из 5.")
  })

  it("keeps a number of hours written the way a time of day is", () => {
    passes("À renouveler au bout de 6 heures minimum.", "À renouveler après au moins 6 h.")
    flags("À renouveler au bout de 6 heures minimum.", "À renouveler après au moins 8 h.")
  })

  it("tells micrograms from milligrams in each language", () => {
    const units = (a: string, b: string) => check(a, b).map((f) => `${f.kind}: ${f.original} → ${f.rewrite}`)
    assert.deepStrictEqual(units("Take 20 micrograms of vitamin D daily.", "Take 20 mg of vitamin D daily."), [
      "unit: 20 micrograms → 20 mg"
    ])
    assert.deepStrictEqual(units("Täglich 20 Mikrogramm Vitamin D.", "Täglich 20 Milligramm Vitamin D."), [
      "unit: 20 Mikrogramm → 20 Milligramm"
    ])
    passes("Принимайте 20 мкг в день.", "Принимайте по 20 микрограммов ежедневно.")
  })

  it("reads half and quarter of an hour without an article", () => {
    passes("Buses leave every 30 minutes.", "Buses leave every half hour.")
    passes("Check every 15 minutes.", "Check every quarter hour.")
    flags("Buses leave every 20 minutes.", "Buses leave every half hour.")
  })
})

describe("Numbers: shares, numerals in a row and the whole", () => {
  it("keeps a share of a count written as the count it comes to, and the reverse", () => {
    passes(
      "En las jornadas participaron 480 voluntarios, la mitad de ellos menores de 25 años.",
      "En las jornadas participaron 480 voluntarios, 240 de ellos menores de 25 años."
    )
    passes("出席が全15回のうち3分の2に満たない場合", "全15回のうち、出席が10回に届かない場合")
    passes("Of the 480 volunteers, 240 were under 25.", "Half of the 480 volunteers were under 25.")
    flags("Of the 480 volunteers, half were under 25.", "Of the 480 volunteers, 200 were under 25.")
  })

  it("reads two numerals in a row, the second one more, as two numbers", () => {
    passes("VPN要单独申请，大概两三个工作日。", "VPN需另行申请，一般需要两至三个工作日。")
    passes("結果は三四日で届きます。", "結果は3〜4日で届きます。")
    flags("VPN要单独申请，大概两三个工作日。", "VPN需另行申请，一般需要三至四个工作日。")
  })

  it("keeps a hundred percent written as a word for the whole", () => {
    passes("La mutuelle est prise en charge à 100 %.", "La mutuelle est intégralement prise en charge.")
    passes("The insurer pays the cost in full.", "The insurer pays 100% of the cost.")
    flags("The insurer pays 100% of the cost.", "The insurer pays 80% of the cost.")
  })

  it("reads a quarter after a number word as a period, not a fraction", () => {
    passes("The team meets in Berlin once a quarter.", "The team meets in Berlin once per quarter.")
    flags("A quarter of the staff work remotely.", "A third of the staff work remotely.")
  })
})

describe("Numbers: a price's period", () => {
  const facts = (a: string, b: string) =>
    findingsOfKinds(["number", "unit"])(a, b).map((f) => `${f.certainty}: ${f.kind}`)

  it("refuses a price paid per quarter instead of per month", () => {
    assert.deepStrictEqual(
      facts(
        "Die Nebenkostenvorauszahlung liegt derzeit bei 210 Euro monatlich und wird jährlich abgerechnet.",
        "Für die Nebenkosten zahlen Sie im Moment 210 Euro pro Quartal im Voraus, abgerechnet wird einmal im Jahr."
      ),
      ["certain: unit"]
    )
    assert.isNotEmpty(
      facts(
        "Le tarif de l'abonnement au parking passe à 85 € par mois à compter du 1er janvier.",
        "À partir du 1er janvier, l'abonnement au parking coûtera 85 € par trimestre."
      )
    )
    passes("The fee is €300 per quarter for every member.", "Every member pays a quarterly fee of €300.")
  })

  it("refuses a price per user per month that became per user per year", () => {
    assert.deepStrictEqual(
      facts(
        "From 1 July, the Team plan will cost $12 per user per month, billed annually.",
        "Starting 1 July, the Team plan costs $12 per user per year, billed annually."
      ),
      ["certain: unit"]
    )
  })
})

describe("Numbers: signs, named lengths, scales and ordinals", () => {
  it("reads a minus sign as the fall the other text says in words, and a plus sign as a sign", () => {
    keeps("Der Umsatz sank um 11 Prozent.", "Umsatz: −11 %")
    keeps("Выручка снизилась на 6 %.", "Выручка: -6 %")
    breaks("Revenue: +11 %", "Revenue: −11 %")
    breaks("Umsatz: −11 %", "Umsatz: −12 %")
  })

  it("reads a unit of time named without a number as one of it, in any unit", () => {
    keeps(
      "Отзыв принесите не позже чем за неделю до защиты.",
      "Отзыв представьте не позднее чем за семь дней до защиты."
    )
    keeps("Please reply within 60 minutes.", "Please reply within the hour.")
    breaks("Отзыв принесите не позже чем за неделю до защиты.", "Отзыв принесите не позже чем за пять дней до защиты.")
    breaks("Please reply within the hour.", "Please reply within 30 minutes.")
    breaks("Wait 15 days.", "Wait 15 days; refunds arrive in 24 hours.")
  })

  it("reads a scale word after a number word and spelled ordinals past ten", () => {
    keeps("В забеге участвовали почти полторы сотни человек.", "В забеге приняли участие почти 150 человек.")
    keeps("Del cuarto al decimoquinto día paga la empresa.", "Desde el día 4 hasta el 15 paga la empresa.")
    keeps("Du quatrième au quinzième jour, l'employeur paie.", "Du jour 4 au jour 15, l'employeur paie.")
    keeps(
      "Zur Eröffnung gibt es jedes Brot zum halben Preis.",
      "Am Eröffnungstag kostet jedes Brot 50 Prozent weniger."
    )
    breaks("В забеге участвовали почти полторы сотни человек.", "В забеге приняли участие почти 120 человек.")
    breaks("Del cuarto al decimoquinto día paga la empresa.", "Desde el día 4 hasta el 16 paga la empresa.")
  })
})

describe("Numbers: a capital M is a million", () => {
  it("reads '312 M€' and '312M' as millions, and '25 m' as metres", () => {
    keeps(
      "Le chiffre d'affaires atteint 312 millions d'euros et le bénéfice 25 millions.",
      "CA : 312 M€ ; bénéfice : 25 M€."
    )
    keeps("Revenue reached 312 million dollars.", "Revenue: 312M dollars.")
    keeps("The pool is 25 m long.", "The pool is 25 metres long.")
    breaks("Le chiffre d'affaires atteint 312 millions d'euros.", "CA : 321 M€.")
    breaks("The pool is 25 m long.", "The pool is 25 M long.")
  })
})
