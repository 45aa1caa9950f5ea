import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags, flagsEach } = verdicts(findingsOfKinds(OPERATOR_KINDS))

describe("Operators: ambiguous words", () => {
  it("reads 'above 100' as a bound and 'above' alone as a comparison", () => {
    passes("The discount applies to orders over €100.", "Orders above €100 get the discount.")
    flags("The discount applies to orders over €100.", "The discount applies to orders under €100.", "bound")
    passes("Requests are limited to 100 per minute.", "Clients may send at most 100 requests per minute.")
  })

  it("does not read ability as a hedge in Russian, but does read 'может' + verb of outcome", () => {
    passes("Пользователи могут экспортировать отчёты в PDF.", "Пользователям доступен экспорт отчётов в PDF.")
    flags("Обновление может занять несколько часов.", "Обновление займёт несколько часов.", "hedge")
  })

  it("counts a Russian double negation once", () => {
    passes("Этот параметр не влияет на работу.", "Этот параметр ни на что не влияет.")
  })

  it("reads a short paragraph without small words in the language its cues suggest", () => {
    flags("Guests cannot upload files.", "Guests can upload files.", "negation")
    flags("Nur Redakteure veröffentlichen.", "Redakteure veröffentlichen.", "scope")
  })
})

describe("Operators: permission, causes, conditions and caveats in other words", () => {
  it("accepts a permission in place of a 'may', and reports one that became an obligation", () => {
    passes("Members may bring one guest to the gala.", "Members are allowed to bring one guest to the gala.")
    passes("Members may bring one guest to the gala.", "Members can bring a single guest to the gala.")
    passes("Mitglieder dürfen einen Gast mitbringen.", "Mitglieder können einen Gast mitbringen.")
    passes("Les membres peuvent inviter un ami.", "Les membres ont le droit d'inviter un ami.")
    passes("Los socios pueden traer a un invitado.", "Se permite a los socios traer a un invitado.")
    flagsEach("modality", [
      ["Staff can park in the north lot.", "Staff must park in the north lot."],
      ["Les bénévoles peuvent porter leur propre tenue.", "Les bénévoles doivent porter leur propre tenue."],
      ["Die Gäste können ihr Gepäck im Foyer lassen.", "Die Gäste müssen ihr Gepäck im Foyer lassen."],
      ["Los alumnos pueden usar calculadora en el examen.", "Los alumnos deben usar calculadora en el examen."],
      ["住户可以把自行车停在地下室。", "住户必须把自行车停在地下室。"]
    ])
  })

  it("accepts a cause said in other words, and reports a cause the original does not state", () => {
    passes(
      "The delay was probably triggered by a misconfigured firewall.",
      "The delay was most likely caused by a misconfigured firewall."
    )
    passes("Der Ausfall hing mit einem Stromausfall zusammen.", "Der Ausfall entstand wegen eines Stromausfalls.")
    passes("La fermeture est liée à des travaux.", "La fermeture est due à des travaux.")
    passes("Задержка связана с погодой. Рейс перенесён.", "Рейс перенесён из-за погоды.")
    passes("该故障起因于电源老化。", "该故障是由于电源老化造成的。")
    flagsEach("claim", [
      ["The service was slow on Monday.", "The service was slow on Monday because of a memory leak."],
      ["Der Zug hatte Verspätung.", "Der Zug hatte wegen eines Defekts Verspätung."],
      ["Поезд опоздал на час.", "Поезд опоздал на час из-за снегопада."]
    ])
  })

  it("accepts a 'provided that' said with another conditional or in a sentence of its own, never dropped", () => {
    passes("You get a refund provided that the seal is intact.", "You get a refund if the seal is intact.")
    passes(
      "Sie erhalten Rabatt, sofern Sie bis Freitag buchen.",
      "Sie erhalten Rabatt. Voraussetzung ist, dass Sie bis Freitag buchen."
    )
    passes("Vous êtes remboursé à condition que le colis soit intact.", "Vous êtes remboursé si le colis est intact.")
    passes(
      "Le prêt est gratuit à condition que le livre soit rendu sous deux semaines.",
      "Le prêt est gratuit. Il faut toutefois rendre le livre sous deux semaines."
    )
    passes(
      "El préstamo es gratis siempre que devuelvas el libro a tiempo.",
      "Si devuelves el libro a tiempo, el préstamo es gratis."
    )
    flagsEach("condition", [
      ["You get a refund provided that the seal is intact.", "You get a refund. The seal is intact."],
      ["Sie erhalten Rabatt, sofern Sie bis Freitag buchen.", "Sie erhalten Rabatt und buchen bis Freitag."],
      ["The bonus is paid only if targets are met.", "The bonus is paid if targets are met."]
    ])
  })

  it("reads a Japanese polite formula before 'が' as a softener, not a caveat", () => {
    passes("恐れ入りますが、入口で靴を脱いでください。", "入口で靴を脱いでください。")
    passes("お手数ですが、書類を再提出してください。", "書類をもう一度出してください。")
    passes("ご迷惑をおかけしますが、よろしくお願いします。", "迷惑かけてごめん、よろしくね。")
    passes("返品は受け付けますが、送料はご負担ください。", "返品は受け付けます。なお、送料はご負担ください。")
    // The caveat's connective may go while its clause stays ("X, but Y" → "X, and Y"); the clause itself may not.
    passes("この機能は便利ですが、動作が遅いです。", "この機能は便利で、動作が遅いです。")
    flags("この機能は便利ですが、動作がとても遅いです。", "この機能は便利です。", "contrast")
  })

  it("reads a negation before a bound as the bound turned round", () => {
    passes("Do not exceed three doses a day.", "Do not take more than three doses a day.")
    passes("Uploads cannot be larger than 5 MB.", "Uploads are at most 5 MB.")
    passes("Der Vortrag darf nicht länger als 20 Minuten dauern.", "Der Vortrag dauert höchstens 20 Minuten.")
    passes("1回に2錠以上は飲まないでください。", "1回の服用は2錠未満にしてください。")
    flags("Do not take more than three doses a day.", "Take more than three doses a day.", "bound")
    flags("Uploads cannot be larger than 5 MB.", "Uploads are at least 5 MB.", "bound")
  })

  it("accepts a deadline said as 'up to … before' or 'no later than … before'", () => {
    passes(
      "Guests can cancel up to 48 hours before arrival.",
      "Guests can cancel no later than 48 hours before arrival."
    )
    passes("Guests can cancel up to 48 hours before arrival.", "Guests may cancel until 48 hours before they arrive.")
    passes("Отменить бронь можно до 48 часов до заезда.", "Отменить бронь можно не позднее чем за 48 часов до заезда.")
  })
})

describe("Operators: opposite plain adjectives", () => {
  it("reports a quality turned into its opposite, in the base form as well as the comparative", () => {
    flagsEach("comparison", [
      ["The new index makes lookups roughly twice as fast.", "The new index makes lookups roughly twice as slow."],
      ["Die Nachfrage blieb im Winter hoch.", "Die Nachfrage blieb im Winter niedrig."],
      [
        "El consumo de memoria sigue siendo bajo con el nuevo motor.",
        "El consumo de memoria sigue siendo alto con el nuevo motor."
      ],
      ["Le temps de réponse reste court pendant les pics.", "Le temps de réponse reste long pendant les pics."],
      [
        "Загрузка страницы остаётся быстрой даже на слабых телефонах.",
        "Загрузка страницы остаётся медленной даже на слабых телефонах."
      ]
    ])
  })

  it("passes the same quality in other words", () => {
    passes(
      "The new index makes lookups roughly twice as fast.",
      "With the new index, lookups are about twice as quick."
    )
    passes("Die Nachfrage blieb im Winter hoch.", "Im Winter blieb die Nachfrage hoch.")
  })
})

describe("Operators: 'few' as a quantifier", () => {
  it("reports 'few' or 'some' that became 'many', 'most' or 'all'", () => {
    const [f] = flags(
      "Few of the volunteers stayed for the cleanup.",
      "Most of the volunteers stayed for the cleanup.",
      "quantifier"
    )
    assert.include(f?.message ?? "", '"few" became "most"')
    flagsEach("quantifier", [
      ["Few of the volunteers stayed for the cleanup.", "All of the volunteers stayed for the cleanup."],
      [
        "Dans l'équipe, rares sont ceux qui connaissent le mot de passe.",
        "Dans l'équipe, nombre d'entre eux connaissent le mot de passe."
      ],
      [
        "Einige Nachbarn haben die Petition unterschrieben.",
        "Die Nachbarn haben die Petition allesamt unterschrieben."
      ],
      [
        "Nur wenige Nachbarn haben die Petition unterschrieben.",
        "Die meisten Nachbarn haben die Petition unterschrieben."
      ]
    ])
  })

  it("passes 'few' said with another word for few", () => {
    passes("Few of the volunteers stayed for the cleanup.", "Very few of the volunteers stayed for the cleanup.")
    passes("Very few of the volunteers stayed for the cleanup.", "Few of the volunteers stayed for the cleanup.")
    passes(
      "Dans l'équipe, rares sont ceux qui connaissent le mot de passe.",
      "Dans l'équipe, très peu connaissent le mot de passe."
    )
    passes("Einige Nachbarn haben die Petition unterschrieben.", "Manche Nachbarn haben die Petition unterschrieben.")
  })
})

describe("Operators: bounds said with 'can reach'", () => {
  it("reports a 'can reach' dropped, leaving a fixed amount", () => {
    const [f] = flags(
      "The annual bonus can reach 8 % of the base salary.",
      "The annual bonus is 8 % of the base salary.",
      "bound"
    )
    assert.include(f?.message ?? "", '"can reach" was dropped')
    flagsEach("bound", [
      ["La prime annuelle peut atteindre 8 % du salaire de base.", "La prime annuelle est de 8 % du salaire de base."],
      ["La prima anual puede alcanzar el 8 % del sueldo base.", "La prima anual es del 8 % del sueldo base."],
      ["Годовая премия может достигать 8 % оклада.", "Годовая премия составляет 8 % оклада."],
      ["年终奖最高可达基本工资的8%。", "年终奖为基本工资的8%。"]
    ])
  })

  it("passes a 'can reach' said as another upper bound", () => {
    passes("The annual bonus can reach 8 % of the base salary.", "The annual bonus is at most 8 % of the base salary.")
    passes(
      "The annual bonus can reach 8 % of the base salary.",
      "The annual bonus can be as high as 8 % of the base salary."
    )
    passes(
      "La prime annuelle peut atteindre 8 % du salaire de base.",
      "La prime annuelle va jusqu'à 8 % du salaire de base."
    )
    passes(
      "La prima anual puede alcanzar el 8 % del sueldo base.",
      "La prima anual es de hasta el 8 % del sueldo base."
    )
    passes("Годовая премия может достигать 8 % оклада.", "Годовая премия составляет до 8 % оклада.")
    passes("年终奖最高可达基本工资的8%。", "年终奖最多为基本工资的8%。")
  })
})

describe("Operators: 'a minority' as few", () => {
  it("reports 'a minority' that became 'the majority' or 'most', naming both", () => {
    const [f] = flags(
      "A minority of the members voted for the merger.",
      "The majority of the members voted for the merger.",
      "quantifier"
    )
    assert.include(f?.message ?? "", '"a minority of" became "the majority of"')
    flagsEach("quantifier", [
      ["A minority of the members voted for the merger.", "Most of the members voted for the merger."],
      ["Eine Minderheit der Mitglieder stimmte für die Fusion.", "Die Mehrheit der Mitglieder stimmte für die Fusion."],
      ["Una minoría de los socios votó a favor.", "La mayoría de los socios votó a favor."],
      ["Меньшинство участников проголосовало за слияние.", "Большинство участников проголосовало за слияние."]
    ])
  })

  it("passes 'a minority' said as 'few'", () => {
    passes("A minority of the members voted for the merger.", "Few of the members voted for the merger.")
  })
})
