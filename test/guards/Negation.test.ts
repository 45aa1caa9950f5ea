import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** Asserted on the operator findings of a pair (other guards' findings left out). */
const { passes, flags } = verdicts(findingsOfKinds(OPERATOR_KINDS))
const negation = verdicts(findingsOfKinds(["negation"]))

describe("Negation: free of charge", () => {
  it("reads a free-of-charge word as a negation that another negation may stand for", () => {
    passes("The museum is free of charge on Sundays.", "There is no entry fee at the museum on Sundays.")
    passes("Les enfants voyagent gratuitement sur cette ligne.", "Les enfants voyagent sans frais sur cette ligne.")
    passes("会員の方は駐車場が無料です。", "会員の方は駐車場の料金がかかりません。")
    passes("Die Beratung ist für Mitglieder kostenlos.", "Die Beratung ist für Mitglieder ohne Gebühr.")
  })

  it("reports a free-of-charge word turned into a charge", () => {
    flags("The museum is free of charge on Sundays.", "The museum charges an entry fee on Sundays.", "negation")
    flags("Le stationnement est gratuit pour les clients.", "Le stationnement est payant pour les clients.", "negation")
    flags("会員の方は駐車場が無料です。", "会員の方は駐車場の料金がかかります。", "negation")
    flags("Die Beratung ist für Mitglieder kostenlos.", "Die Beratung kostet für Mitglieder eine Gebühr.", "negation")
    flags("Для пенсионеров проезд бесплатный.", "Для пенсионеров проезд платный.", "negation")
  })
})

describe("Negation: negative prefixes without accents", () => {
  it("accepts a negated word that comes back with a negative prefix, whatever its accents", () => {
    passes("La suscripción permite descargas sin límite.", "La suscripción permite descargas ilimitadas.")
    passes("El número de intentos es sin límite.", "El número de intentos es ilimitado.")
    flags("La suscripción permite descargas sin límite.", "La suscripción permite descargas limitadas.", "negation")
  })
})

describe("Negation: instead of", () => {
  it("reads 'instead of' as a negation of the thing left out", () => {
    passes(
      "Heute hält der Bus an der Post statt am Rathaus.",
      "Heute hält der Bus nicht am Rathaus, sondern an der Post."
    )
    passes(
      "Heute hält der Bus nicht am Rathaus, sondern an der Post.",
      "Heute hält der Bus an der Post statt am Rathaus."
    )
    passes(
      "Use the stairs instead of the lift during the drill.",
      "During the drill, do not use the lift; use the stairs."
    )
    flags(
      "Heute hält der Bus an der Post statt am Rathaus.",
      "Heute hält der Bus an der Post und am Rathaus.",
      "negation"
    )
    flags(
      "Use the stairs instead of the lift during the drill.",
      "During the drill, use the stairs and the lift.",
      "negation"
    )
  })

  it("does not read the German verb stattfinden as a negation", () => {
    passes(
      "Der Elternabend findet am Donnerstag in der Mensa statt.",
      "Am Donnerstag ist der Elternabend in der Mensa."
    )
    passes(
      "Der Elternabend ist am Donnerstag in der Mensa.",
      "Der Elternabend findet am Donnerstag in der Mensa statt."
    )
    passes("Der Elternabend fand trotz des Streiks statt.", "Trotz des Streiks gab es den Elternabend.")
  })
})

describe("Negation: opposites", () => {
  it("reports a word that became its opposite, naming both", () => {
    const [f] = flags(
      "Water the basil only when the soil is dry to the touch.",
      "Water the basil only when the soil is wet to the touch.",
      "antonym"
    )
    assert.strictEqual(f?.message, '"dry" became its opposite "wet"')
    flags(
      "Gießen Sie das Basilikum nur, wenn die Erde trocken ist.",
      "Gießen Sie das Basilikum nur, wenn die Erde feucht ist.",
      "antonym"
    )
    flags(
      "N'arrosez le basilic que lorsque la terre est sèche.",
      "N'arrosez le basilic que lorsque la terre est humide.",
      "antonym"
    )
    flags(
      "バジルには土が乾いているときだけ水をあげてください。",
      "バジルには土が湿っているときだけ水をあげてください。",
      "antonym"
    )
    flags("只有土壤干燥时才给罗勒浇水。", "只有土壤潮湿时才给罗勒浇水。", "antonym")
    flags(
      "Riega la albahaca solo cuando la tierra esté seca.",
      "Riega la albahaca solo cuando la tierra esté mojada.",
      "antonym"
    )
    flags("Поливайте базилик, только когда почва сухая.", "Поливайте базилик, только когда почва влажная.", "antonym")
    flags("Smoking is allowed on the balcony.", "Smoking is prohibited on the balcony.", "antonym")
    flags("Rauchen ist auf dem Balkon erlaubt.", "Rauchen ist auf dem Balkon verboten.", "antonym")
  })

  it("passes the same word said another way", () => {
    passes(
      "Water the basil only when the soil is dry to the touch.",
      "Water the basil only if the soil feels dry to the touch."
    )
    passes(
      "Gießen Sie das Basilikum nur, wenn die Erde trocken ist.",
      "Das Basilikum nur gießen, wenn die Erde trocken ist."
    )
    passes(
      "N'arrosez le basilic que lorsque la terre est sèche.",
      "Arrosez le basilic seulement quand la terre est sèche."
    )
    passes(
      "バジルには土が乾いているときだけ水をあげてください。",
      "土が乾いているときだけ、バジルに水をあげてください。"
    )
    passes("只有土壤干燥时才给罗勒浇水。", "只有在土壤干燥的时候才给罗勒浇水。")
  })

  it("passes an opposite that a negation added or dropped with it makes up for", () => {
    passes("Smoking is not allowed on the balcony.", "Smoking is forbidden on the balcony.")
    passes("Smoking is prohibited on the balcony.", "Smoking is not permitted on the balcony.")
    passes("Rauchen ist auf dem Balkon nicht erlaubt.", "Rauchen ist auf dem Balkon verboten.")
    passes("Rauchen ist auf dem Balkon verboten.", "Auf dem Balkon ist Rauchen nicht erlaubt.")
    passes("Il n'est pas permis de fumer sur le balcon.", "Il est interdit de fumer sur le balcon.")
  })

  it("still reports an opposite whose negation stayed", () => {
    flags("Smoking is not allowed on the balcony.", "Smoking is not prohibited on the balcony.", "antonym")
    flags("Rauchen ist auf dem Balkon nicht erlaubt.", "Rauchen ist auf dem Balkon nicht verboten.", "antonym")
  })
})

describe("Negation: 'without' and another negation in one sentence", () => {
  it("reads 'without … not' as a condition that a 'need' may stand for", () => {
    passes("Without a ticket you cannot board.", "You need a ticket to board.")
    passes("Without a ticket you cannot board.", "A ticket is required to board.")
    passes("Ohne Fahrkarte dürfen Sie nicht einsteigen.", "Sie brauchen eine Fahrkarte, um einzusteigen.")
    passes("Sin billete no puedes subir al tren.", "Necesitas billete para subir al tren.")
    passes("Без билета нельзя сесть в поезд.", "Чтобы сесть в поезд, нужен билет.")
  })

  it("reports the other negation dropped, naming it, and a 'without' turned into 'with'", () => {
    const [f] = flags("Without a ticket you cannot board.", "Without a ticket you can board.", "negation")
    assert.include(f?.message ?? "", '"cannot" was dropped')
    const [h] = flags("Without a ticket you cannot board.", "You can board without a ticket.", "negation")
    assert.include(h?.message ?? "", '"cannot" was dropped')
    flags("Sin billete no puedes subir al tren.", "Puedes subir al tren sin billete.", "negation")
    const [g] = flags("Without a ticket you cannot board.", "You cannot board with a ticket.", "negation")
    assert.include(g?.message ?? "", '"without" was dropped')
    flags("Ohne Fahrkarte dürfen Sie nicht einsteigen.", "Ohne Fahrkarte dürfen Sie einsteigen.", "negation")
    flags("Sin billete no puedes subir al tren.", "Sin billete puedes subir al tren.", "negation")
    flags("Без билета нельзя сесть в поезд.", "Без билета можно сесть в поезд.", "negation")
  })
})

describe("Negation: late and on time", () => {
  it("passes 'not late' said as 'on time' in every language", () => {
    passes("Please don't be late for the safety briefing.", "Please be on time for the safety briefing.")
    passes("Please arrive on time for the exam.", "Please do not arrive late for the exam.")
    passes("Bitte kommen Sie nicht zu spät zur Prüfung.", "Bitte kommen Sie pünktlich zur Prüfung.")
    passes("Por favor, no llegues tarde a la reunión.", "Por favor, llega a tiempo a la reunión.")
    passes("Ne soyez pas en retard à la réunion.", "Soyez à l'heure à la réunion.")
    passes("Пожалуйста, не опаздывайте на собрание.", "Пожалуйста, приходите на собрание вовремя.")
    passes("请不要迟到。", "请准时到场。")
    passes("遅刻しないでください。", "時間通りに来てください。")
  })

  it("reports a negation dropped before 'late', and 'on time' turned into 'late'", () => {
    const [f] = flags(
      "Please don't be late for the safety briefing.",
      "Please be late for the safety briefing.",
      "negation"
    )
    assert.include(f?.message ?? "", '"don\'t" was dropped')
    const [g] = flags("Please arrive on time for the exam.", "Please arrive late for the exam.", "antonym")
    assert.include(g?.message ?? "", "became its opposite")
    flags("Bitte kommen Sie pünktlich zur Prüfung.", "Bitte kommen Sie zu spät zur Prüfung.", "antonym")
  })
})

describe("Negation: closed and passable", () => {
  it("passes 'closed' said as 'not passable' or 'will not open'", () => {
    passes(
      "Der Radweg am Fluss ist wegen Hochwasser gesperrt.",
      "Der Radweg am Fluss ist wegen Hochwasser nicht befahrbar."
    )
    passes("Der Waldweg ist wegen Sturmschäden gesperrt.", "Der Waldweg ist wegen Sturmschäden nicht begehbar.")
    passes(
      "Der Radweg am Fluss ist wegen Hochwasser nicht befahrbar.",
      "Der Radweg am Fluss ist wegen Hochwasser gesperrt."
    )
    passes("La piscina municipal estará cerrada el domingo.", "La piscina municipal no abrirá el domingo.")
    passes("La piscina municipal no abrirá el domingo.", "La piscina municipal estará cerrada el domingo.")
  })

  it("reports 'closed' that became 'passable' or 'will open', naming both", () => {
    const [f] = flags(
      "Der Waldweg ist wegen Sturmschäden gesperrt.",
      "Der Waldweg ist wegen Sturmschäden begehbar.",
      "antonym"
    )
    assert.strictEqual(f?.message, '"gesperrt" became its opposite "begehbar"')
    flags("Der Radweg am Fluss ist freigegeben.", "Der Radweg am Fluss ist gesperrt.", "antonym")
    const [g] = flags(
      "La piscina municipal estará cerrada el domingo.",
      "La piscina municipal abrirá el domingo.",
      "antonym"
    )
    assert.strictEqual(g?.message, '"cerrada" became its opposite "abrirá"')
  })
})

describe("Negation: a cue that opens a bullet", () => {
  it("counts a capitalised negation after a bullet as a negation, not a name", () => {
    const negations = findingsOfKinds(["negation"])
    assert.deepStrictEqual(
      negations(
        "Marketing may keep the old system until the cut-over, but no new campaigns should be built in it.",
        "• Marketing can keep the old system until cut-over\n• No new campaigns built in it"
      ),
      []
    )
    assert.deepStrictEqual(
      negations(
        "Das Marketing darf das alte System bis zur Umstellung nutzen, aber keine neuen Kampagnen darin anlegen.",
        "• Marketing: altes System bis zur Umstellung\n• Keine neuen Kampagnen darin anlegen"
      ),
      []
    )
    assert.isNotEmpty(
      negations(
        "Marketing may keep the old system until the cut-over, but no new campaigns should be built in it.",
        "• Marketing can keep the old system until cut-over\n• New campaigns built in it"
      )
    )
  })
})

describe("Negation: idioms and capitals", () => {
  const negations = findingsOfKinds(["negation"])
  it("does not count a negation of an idiom of reassurance or reminder", () => {
    assert.deepStrictEqual(
      negations(
        "Remember to bring your ID card to the office on Monday.",
        "Don't forget to bring your ID card to the office on Monday."
      ),
      []
    )
    assert.deepStrictEqual(
      negations(
        "Denken Sie daran, am Montag Ihren Ausweis mitzubringen.",
        "Nicht vergessen: am Montag den Ausweis mitbringen!"
      ),
      []
    )
    assert.deepStrictEqual(
      negations(
        "Your data is safe; we have restored the backup.",
        "Don't worry, your data is safe: we have restored the backup."
      ),
      []
    )
    assert.isNotEmpty(
      negations(
        "Remember to bring your ID card to the office on Monday.",
        "Don't bring your ID card to the office on Monday."
      )
    )
  })

  it("reads a negation written in capitals as a negation", () => {
    assert.deepStrictEqual(
      negations(
        "Do NOT drink anything after midnight before the test.",
        "Please do not drink anything after midnight before the test."
      ),
      []
    )
    assert.deepStrictEqual(negations("Bitte NICHT nach Mitternacht essen.", "Bitte nach Mitternacht nicht essen."), [])
    assert.isNotEmpty(
      negations(
        "Do NOT drink anything after midnight before the test.",
        "Please drink something after midnight before the test."
      )
    )
  })
})

describe("Negation: said about the same thing in other words", () => {
  it("passes a negation that the other side says with a restriction, an exclusion or a prohibition", () => {
    negation.passes("You cannot bring bicycles, except folding ones.", "Only folding bicycles may be brought.")
    passes(
      "The change won't take effect until you click the link.",
      "The change takes effect only once you click the link."
    )
    passes(
      "Ce dispositif ne s'applique pas aux salariés en période d'essai.",
      "Les salariés en période d'essai sont exclus de ce dispositif."
    )
    passes("В городских парках запрещено разводить костры.", "В парках нельзя разводить костры.")
    passes(
      "Bitte verwenden Sie keine lösungsmittelhaltigen Reiniger.",
      "Bitte verzichten Sie auf lösungsmittelhaltige Reiniger."
    )
    passes("No utilice el aparato en el baño.", "Absténgase de utilizar el aparato en el baño.")
  })

  it("still reports a negation whose clause the other side says without one, one for one", () => {
    flags(
      "Das Ticket ist nicht übertragbar und gilt nur mit Ausweis.",
      "Das Ticket ist übertragbar und gilt nur mit Ausweis.",
      "negation"
    )
    flags("It is not fast and it is not cheap.", "It is not fast and it is cheap.", "negation")
    flags(
      "Les animaux ne sont pas admis, sauf les chiens guides.",
      "Les animaux sont admis, sauf les chiens guides.",
      "negation"
    )
    flags("Без пропуска нельзя входить в лабораторию.", "Без пропуска можно входить в лабораторию.", "negation")
  })

  it("reads a negative question as an invitation, not a negation", () => {
    passes("一緒に料理をしましょう。", "一緒に料理をしませんか？")
    passes("週末にハイキングに行こう！", "週末にハイキングに行かない？")
    flags("会場では写真を撮れます。", "会場では写真を撮れません。", "negation")
  })
})

describe("Negation: closed and out of scope in one word", () => {
  it("passes a word of closure or exclusion said with a negation", () => {
    passes("年末年始は休診です。", "年末年始は診療を行っておりません。")
    passes("セール品は返品の対象外です。", "セール品は返品の対象になりません。")
    passes("春节期间门诊停诊。", "春节期间门诊不看诊。")
    passes("The water will be shut off on Thursday.", "There will be no water on Thursday.")
  })

  it("still reports a negation added beside a word of closure", () => {
    flags("年末年始は休診です。", "年末年始は休診ではありません。", "negation")
    flags("春节期间门诊停诊。", "春节期间门诊不停诊。", "negation")
  })
})
