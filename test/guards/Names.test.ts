import { assert, describe, it } from "@effect/vitest"
import { lexicon } from "../../src/guards/Lexicon.ts"
import { namesGuard, namesOf } from "../../src/guards/Names.ts"
import { prepare } from "../../src/guards/Text.ts"
import { messagesOf } from "./support.ts"

const messages = messagesOf(namesGuard)
const names = (text: string) => {
  const p = prepare(text)
  return namesOf(p, p, lexicon(p.lang))
    .filter((n) => !n.weak)
    .map((n) => n.text)
}

describe("Names", () => {
  it("finds names, acronyms, CamelCase and digit words", () => {
    assert.deepStrictEqual(names("Yesterday Ada Lovelace showed the NASA team how GitHub and GPT4 handle it."), [
      "Ada Lovelace",
      "NASA",
      "GitHub",
      "GPT4"
    ])
    assert.deepStrictEqual(names("The server restarts. However, it keeps the cache. Install it first."), [])
    assert.deepStrictEqual(names("Redraft is fast. We built Redraft for speed."), ["Redraft", "Redraft"])
    assert.deepStrictEqual(names("Grace Hopper wrote the compiler."), ["Grace Hopper"])
  })

  it("passes reordered names, possessives and an acronym for its expansion", () => {
    const original = "Yesterday Ada Lovelace showed the NASA team how GitHub and GPT4 handle it."
    assert.deepStrictEqual(
      messages(original, "Ada Lovelace showed the NASA team yesterday how GitHub and GPT4 handle it."),
      []
    )
    assert.deepStrictEqual(messages("We followed the notes of Ada.", "We followed Ada's notes."), [])
    assert.deepStrictEqual(
      messages("Traffic is encrypted with TLS.", "Traffic is encrypted with Transport Layer Security."),
      []
    )
    assert.deepStrictEqual(
      messages("The content delivery network caches all of the images.", "The CDN caches all of the images."),
      []
    )
    assert.deepStrictEqual(
      messages("Le RGPD s'applique.", "Le règlement général sur la protection des données s'applique."),
      []
    )
    assert.deepStrictEqual(
      messages("La OMS publicó la guía.", "La Organización Mundial de la Salud publicó la guía."),
      []
    )
  })

  it("reports a dropped or changed name, also at the start of a sentence", () => {
    assert.deepStrictEqual(
      messages(original(), "Yesterday Ada showed the space agency how GitHub and GPT4 handle it."),
      ['the name "Ada Lovelace" was dropped', 'the name "NASA" was dropped']
    )
    assert.deepStrictEqual(messages("Priya approved the budget.", "Kofi approved the budget."), [
      'the name "Priya" was dropped'
    ])
    assert.deepStrictEqual(messages("All of the logs go to Grafana Loki.", "All of the logs go to Elastic."), [
      'the name "Grafana Loki" became "Elastic"'
    ])
    assert.deepStrictEqual(messages("We moved the API to AWS.", "We moved the API to GCP."), [
      'the name "AWS" became "GCP"'
    ])
    // An acronym whose expansion does not spell it is not kept.
    assert.deepStrictEqual(
      messages("Traffic is encrypted with TLS.", "Traffic is encrypted with Secure Sockets Layer."),
      ['the name "TLS" became "Secure Sockets Layer"']
    )
  })

  it("does not take sentence-initial common words or imperatives for names", () => {
    assert.deepStrictEqual(
      messages("Download the installer. Reviewers check it.", "Get the installer; a reviewer checks it."),
      []
    )
    assert.deepStrictEqual(messages("Roughly half of the jobs failed.", "About half of the jobs failed."), [])
  })

  it("reports a new name, but not a change of case", () => {
    assert.deepStrictEqual(messages("The team shipped it.", "The team at Google shipped it."), [
      'the rewrite adds the name "Google"'
    ])
    assert.deepStrictEqual(messages("We use the internet.", "We use the Internet."), [])
  })

  it("reads German names by title, run or form, not every capitalised noun", () => {
    const german = "Die Firma hat den Bericht für die BaFin geschrieben, und der Vorstand prüft ihn mit SAP."
    assert.deepStrictEqual(names(german), ["BaFin", "SAP"])
    assert.deepStrictEqual(
      messages(german, "Der Vorstand prüft mit SAP den Bericht, den die Firma für die BaFin schrieb."),
      []
    )
    assert.deepStrictEqual(
      messages("Frau Weber leitet das Projekt und die Planung.", "Frau Wagner leitet das Projekt und die Planung."),
      ['the name "Weber" became "Wagner"']
    )
    assert.deepStrictEqual(
      messages("Das Projekt wird von Herr Özdemir geleitet.", "Herrn Özdemirs Team leitet das Projekt."),
      []
    )
    assert.deepStrictEqual(
      messages("Die Daten liegen bei der Deutschen Bahn.", "Die Daten liegen bei der Telekom Deutschland."),
      ['the name "Deutschen Bahn" became "Telekom Deutschland"']
    )
  })

  it("reads names in Spanish, French and Russian, with Russian case endings", () => {
    assert.deepStrictEqual(
      messages("El informe lo firmó la Dra. Carmen Ortiz.", "La Dra. Carmen Ortega firmó el informe."),
      ['the name "Carmen Ortiz" became "Carmen Ortega"']
    )
    assert.deepStrictEqual(messages("Le projet est piloté par Nadia Benali.", "Nadia Benali pilote le projet."), [])
    assert.deepStrictEqual(messages("Отчёт подготовил Иван Петров.", "Отчёт был подготовлен Иваном Петровым."), [])
    assert.deepStrictEqual(messages("Отчёт подготовил Иван Петров.", "Отчёт подготовил Олег Петров."), [
      'the name "Иван Петров" became "Олег Петров"'
    ])
  })

  it("reads Latin-script, honorific and family names in Chinese and Japanese", () => {
    assert.deepStrictEqual(messages("日志存放在 Grafana 中。", "日志存放在 Kibana 中。"), [
      'the name "Grafana" became "Kibana"'
    ])
    assert.deepStrictEqual(messages("担当者は佐藤さんです。", "担当は佐藤さんが務めます。"), [])
    assert.deepStrictEqual(messages("担当者は佐藤さんです。", "担当者は加藤さんです。"), [
      'the name "佐藤" became "加藤"'
    ])
    assert.deepStrictEqual(messages("该功能由王芳负责。", "该功能由刘洋负责。"), ['the name "王芳" became "刘洋"'])
    assert.deepStrictEqual(messages("数据集共有 12万条 记录。", "数据集共有 120000 条记录。"), [])
  })

  it("does not take sentence-initial numbers, greetings or address forms for names", () => {
    assertNoNames([
      ["Five members of the board voted for the plan.", "5 board members voted for the plan."],
      ["Two thirds of the budget goes to salaries.", "About 67 % of the budget goes to salaries."],
      ["Hey, the gym closes early on Friday.", "Please note that the gym closes early on Friday."],
      ["Hola, el taller empieza a las diez.", "Les recordamos que el taller empieza a las diez."],
      ["Coucou, la piscine ferme à 20 h ce soir.", "Madame, Monsieur, la piscine ferme à 20 h ce soir."],
      ["Hallo zusammen, das Büro bleibt morgen zu.", "Sehr geehrte Damen und Herren, das Büro bleibt morgen zu."],
      ["Привет! Завтра собрание в девять.", "Уважаемые коллеги, завтра собрание в девять."]
    ])
  })

  it("needs more than two capitalised German nouns in a row for a name", () => {
    assertNoNames([
      [
        "Sie zahlen monatlich zwei Prozent Gebühren auf den Betrag.",
        "Auf den Betrag fallen monatlich 2 % Gebühren an."
      ],
      [
        "Wir bieten während der Einarbeitung Betreuung durch ein Team.",
        "Während der Einarbeitung betreut Sie ein Team."
      ]
    ])
    assert.deepStrictEqual(messages("Die Fahrt bucht man bei der Deutschen Bahn.", "Die Fahrt bucht man online."), [
      'the name "Deutschen Bahn" was dropped'
    ])
  })

  it("lets Chinese and Japanese write an acronym out in their own script", () => {
    assertNoNames([
      [
        "外出先からはVPNで社内ネットワークに接続します。",
        "外出先からは仮想プライベートネットワークで社内ネットワークに接続します。"
      ],
      ["我们用AI分析客户反馈。", "我们用人工智能分析客户反馈。"],
      ["この機能にはAPIキーが必要です。", "この機能にはアプリケーションプログラミングインターフェースキーが必要です。"]
    ])
    assert.deepStrictEqual(messages("我们用AI分析客户反馈。", "我们分析客户反馈。"), ['the name "AI" was dropped'])
  })

  it("reads Chinese and Japanese organisations and reports a changed one", () => {
    assert.deepStrictEqual(messages("报告由复旦大学的团队完成。", "报告由浙江大学的团队完成。"), [
      'the name "复旦大学" became "浙江大学"'
    ])
    assert.deepStrictEqual(messages("研修は京都大学で行われます。", "研修は大阪大学で行われます。"), [
      'the name "京都大学" became "大阪大学"'
    ])
    assert.deepStrictEqual(messages("我们和这家公司签了合同。", "我们与该公司签订了合同。"), [])
    assert.deepStrictEqual(messages("报告由复旦大学的团队完成。", "复旦大学的团队完成了这份报告。"), [])
  })
})

describe("Names: acronyms written out as compounds and from word lists", () => {
  it("passes an acronym written out as compounds, and reports one dropped", () => {
    assertNoNames([
      ["Die Schulung behandelt die DSGVO.", "Die Schulung behandelt die Datenschutz-Grundverordnung."],
      ["Die Schulung behandelt die Datenschutz-Grundverordnung.", "Die Schulung behandelt die DSGVO."],
      ["Справку выдают в МФЦ.", "Справку выдают в многофункциональный центр."]
    ])
    assert.deepStrictEqual(messages("Die Schulung behandelt die DSGVO.", "Die Schulung behandelt den Datenschutz."), [
      'the name "DSGVO" was dropped'
    ])
    assert.deepStrictEqual(messages("Справку выдают в МФЦ.", "Справку выдают в центре."), [
      'the name "МФЦ" was dropped'
    ])
  })

  it("passes a Chinese or Japanese expansion from the word list, and reports an acronym dropped", () => {
    assertNoNames([
      ["OCR能把扫描件转成文本。", "扫描件可以通过光学字符识别转成文本。"],
      ["请在FAQ页面查找答案。", "请在常见问题页面查找答案。"],
      ["ご不明な点はFAQをご確認ください。", "ご不明な点は「よくある質問」をご確認ください。"],
      ["ご不明な点はFAQをご確認ください。", "ご不明な点はよくあるご質問をご確認ください。"]
    ])
    assert.deepStrictEqual(messages("OCR能把扫描件转成文本。", "扫描件可以转成文本。"), ['the name "OCR" was dropped'])
    assert.deepStrictEqual(messages("ご不明な点はFAQをご確認ください。", "ご不明な点をご確認ください。"), [
      'the name "FAQ" was dropped'
    ])
  })
})

const assertNoNames = (pairs: ReadonlyArray<readonly [string, string]>): void => {
  for (const [a, b] of pairs) assert.deepStrictEqual(messages(a, b), [], `${a} → ${b}`)
}

const original = () => "Yesterday Ada Lovelace showed the NASA team how GitHub and GPT4 handle it."

describe("Names: Japanese family names and accented acronyms", () => {
  it("keeps a Japanese family name before the given name and the honorific", () => {
    assert.deepStrictEqual(
      messages("担当の石川真理子さんにご連絡ください。", "担当の石田真理子さんにご連絡ください。"),
      ['the name "石川真理子" became "石田真理子"']
    )
    assert.deepStrictEqual(
      messages("明日は中村健一さんが受付を担当します。", "明日は木村健一さんが受付を担当します。"),
      ['the name "中村健一" became "木村健一"']
    )
    assert.deepStrictEqual(messages("担当の石川真理子さんにご連絡ください。", "担当の石川さんにご連絡ください。"), [
      'the name "石川真理子" was dropped'
    ])
    assertNoNames([["担当の石川真理子さんにご連絡ください。", "担当の石川真理子さんへご連絡ください。"]])
  })

  it("passes an acronym with an umlaut written out, and reports one dropped", () => {
    assertNoNames([
      [
        "Das Ticket gilt im gesamten ÖPNV der Region.",
        "Das Ticket gilt im gesamten öffentlichen Personennahverkehr der Region."
      ],
      ["Der ÖPNV ist für Schüler kostenlos.", "Der öffentliche Personennahverkehr ist für Schüler kostenlos."]
    ])
    assert.deepStrictEqual(
      messages("Das Ticket gilt im gesamten ÖPNV der Region.", "Das Ticket gilt im gesamten Nahverkehr der Region."),
      ['the name "ÖPNV" was dropped']
    )
  })
})
