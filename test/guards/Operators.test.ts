import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds, OPERATOR_KINDS, verdicts } from "./support.ts"

/** The operator findings of a pair (other guards' findings left out). */
const found = findingsOfKinds(OPERATOR_KINDS)
const { passes, flags, flagsEach } = verdicts(found)

describe("Operators: negation", () => {
  it("accepts contractions and other negation words in place of the original ones", () => {
    passes("Do not restart the server.", "Don't restart the server.")
    passes("It can't run offline.", "It cannot run offline.")
    passes("You can not skip this step.", "You cannot skip this step.")
    passes("We could not reproduce it.", "We couldn't reproduce it.")
    passes("You must not commit secrets.", "You mustn't commit secrets.")
    passes("The service never drops a request.", "The service does not drop any request.")
    passes("It runs without a GPU.", "It runs with no GPU.")
    passes("The plugin won't load on Windows.", "On Windows the plugin will not load.")
  })

  it("does not read 'not only' as a negation, nor 'shouldn't … yet' as a lost 'not yet'", () => {
    passes("This is not only fast but also cheap.", "This is fast and cheap.")
    passes("You shouldn't enable the flag yet.", "You should not enable the flag yet.")
    passes("We have not yet migrated.", "We haven't migrated yet.")
  })

  it("accepts a negated word that comes back with a negative prefix", () => {
    passes("The side effects were not reported.", "The side effects went unreported.")
    passes("The cause is unknown.", "The cause is not known.")
    passes("Version 3 drops support for the old API.", "Version 3 no longer supports the old API.")
  })

  it("reports a lost negation, naming it", () => {
    const [f] = found("Guests cannot upload files.", "Guests can upload files.")
    assert.strictEqual(f?.kind, "negation")
    assert.include(f?.message ?? "", '"cannot" was dropped')
    flagsEach("negation", [
      ["Nobody reads the logs.", "Everybody reads the logs."],
      ["The tests fail to cover it.", "The tests cover it."],
      ["The plan lacks detail.", "The plan has detail."],
      ["It is not fast and it is not cheap.", "It is not fast and it is cheap."]
    ])
  })

  it("reports an added negation", () => {
    const [f] = found(
      "The add-on is compatible with the new editor.",
      "The add-on isn't compatible with the new editor."
    )
    assert.strictEqual(f?.kind, "negation")
    assert.include(f?.message ?? "", "was added")
    assert.include(f?.message ?? "", "compatible")
  })

  it("works in every language", () => {
    flags("Die Funktion ist nicht verfügbar.", "Die Funktion ist verfügbar.", "negation")
    passes("Die Funktion ist nicht verfügbar.", "Die Funktion steht nicht zur Verfügung.")
    flags("El informe no incluye los datos de marzo.", "El informe incluye los datos de marzo.", "negation")
    flags("Ce module ne gère pas les fichiers binaires.", "Ce module gère les fichiers binaires.", "negation")
    passes("Ce module ne gère pas les fichiers binaires.", "Les fichiers binaires ne sont pas gérés par ce module.")
    flags("Пользователи могут экспортировать отчёты.", "Пользователи не могут экспортировать отчёты.", "negation")
    flags("普通用户可以导出报表。", "普通用户不能导出报表。", "negation")
    passes("新旧版本的接口不同。", "新版本与旧版本的接口不一样。".replace("不一样", "有差异"))
    flags("このボタンを押してください。", "このボタンを押さないでください。", "negation")
  })
})

describe("Operators: hedges and modality", () => {
  it("reads a recommendation and a permission in two claims as two claims, not one that became the other", () => {
    passes(
      "All employees should report incidents to Ana. Visitors are welcome in the lounge.",
      "Report incidents to Ana. Visitors may use the lounge."
    )
    passes(
      "Les salariés devraient signaler tout incident à Ana. Les visiteurs sont les bienvenus au salon.",
      "Signalez tout incident à Ana. Les visiteurs peuvent utiliser le salon."
    )
    flagsEach("modality", [
      ["Die Anträge sollten bis Freitag eingereicht werden.", "Die Anträge müssen bis Freitag eingereicht werden."],
      ["申请材料应于每月1日至10日提交。", "申请材料可以于每月1日至10日提交。"],
      [
        "Applications should be sent by Friday. Members may attend.",
        "Send applications by Friday. Members must attend."
      ]
    ])
  })

  it("passes a recommendation said as an instruction or a request, and reports one dropped from a statement", () => {
    passes(
      "Leave starts on 1 May. Employees should notify their manager at least 8 weeks before.",
      "Leave starts on 1 May.\n• Notify your manager at least 8 weeks before"
    )
    passes(
      "Anyone wishing to travel should contact Coach Daniels by 10 June.",
      "Anyone who wants to travel is asked to contact Coach Daniels by 10 June."
    )
    passes("Tomatoes should not be planted before May.", "Do not plant tomatoes before May.")
    passes(
      "Die alte Karte sollte danach zerschnitten werden.",
      "Die alte Karte danach bitte zerschneiden und entsorgen."
    )
    passes("孕妇应在医师指导下使用。", "孕妇要在医生指导下使用。")
    passes("灭火时应站在上风方向。", "灭火要点\n• 站在上风方向")
    passes("Conviene llegar antes de las tres.", "Es mejor llegar antes de las 15:00.")
    flagsEach("modality", [
      ["This fix should resolve the crash.", "This fix resolves the crash."],
      ["Die Reparatur sollte das Problem lösen.", "Die Reparatur wird das Problem lösen."],
      ["押金应在七日内退还给房客。", "押金在七日内退还给房客。"]
    ])
  })

  it("reads 'стоит' before a sum as a price, not as advice", () => {
    passes("Билет стоит 600 рублей в будни.", "Билет: 600 ₽ в будни.")
    flags("Билет стоит купить заранее.", "Билет купить заранее можно.", "modality")
  })

  it("accepts another hedge of the same strength", () => {
    passes("The cache may be stale.", "The cache might be stale.")
    passes("The cache may be stale.", "The cache could possibly be stale.")
    passes("It will probably ship in May.", "It is likely to ship in May.")
    passes("It takes about 10 minutes.", "It takes roughly 10 minutes.")
    passes("Der Fehler liegt vermutlich am Treiber.", "Der Fehler liegt wahrscheinlich am Treiber.")
    passes("Es posible que el servidor se reinicie.", "Quizás el servidor se reinicie.")
    passes("Le serveur pourrait redémarrer.", "Il est possible que le serveur redémarre.")
    passes("Возможно, сервер перезагрузится.", "Сервер, вероятно, перезагрузится.")
    passes("服务器可能会重启。", "服务器也许会重启。")
    passes("サーバーが再起動するかもしれません。", "サーバーが再起動する可能性があります。")
  })

  it("does not take ability (can), the month May or a topical 'about' for a hedge", () => {
    passes("You can restart the service now.", "Restart the service now.")
    passes("The release is planned for May 4.", "The release is planned for 4 May.")
    passes("This note is about caching.", "This note covers caching.")
  })

  it("reports a dropped hedge", () => {
    flagsEach("hedge", [
      ["The cache may be stale.", "The cache is stale."],
      ["Early data suggests that the drug might help.", "Early data suggests that the drug helps."],
      ["It takes about 10 minutes.", "It takes 10 minutes."],
      ["Das Update könnte ältere Geräte verlangsamen.", "Das Update verlangsamt ältere Geräte."],
      ["La mise à jour pourrait ralentir les anciens appareils.", "La mise à jour ralentit les anciens appareils."],
      ["Обновление может замедлить старые устройства.", "Обновление замедлит старые устройства."],
      ["该更新可能会降低旧设备的速度。", "该更新会降低旧设备的速度。"]
    ])
  })

  it("reports a strengthened or weakened modal, but not a reworded one", () => {
    passes("You must rotate the keys.", "Rotating the keys is required.")
    passes("You should rotate the keys.", "We recommend rotating the keys.")
    flagsEach("modality", [
      ["You should rotate the keys.", "You must rotate the keys."],
      ["You must rotate the keys.", "You should rotate the keys."],
      ["Teams may use the shared runner.", "Teams are required to use the shared runner."],
      ["Die Teams sollten den Bericht lesen.", "Die Teams müssen den Bericht lesen."],
      ["Los equipos deberían revisar el informe.", "Los equipos tienen que revisar el informe."],
      ["建议每周备份一次数据。", "必须每周备份一次数据。"]
    ])
  })

  it("reports an added absolute claim or cause", () => {
    flagsEach("claim", [
      ["The retry policy reduced failed uploads.", "The retry policy always prevents failed uploads."],
      ["The patch fixes the crash.", "The patch fixes the crash, guaranteed."],
      ["Sales rose in the second quarter.", "Sales rose in the second quarter because of the new pricing."],
      ["Las ventas subieron en verano.", "Las ventas siempre suben en verano."]
    ])
    passes("Sales rose because of the new pricing.", "The new pricing caused sales to rise.")
  })
})

describe("Operators: bounds, scope, exceptions and conditions", () => {
  it("passes an exclusion said as a negation, and reports one dropped", () => {
    passes(
      "Papers are limited to 10 pages, excluding references.",
      "Papers are limited to 10 pages; references do not count."
    )
    passes(
      "Die Frist beträgt 14 Tage, ausgenommen Feiertage.",
      "Die Frist beträgt 14 Tage; Feiertage zählen nicht mit."
    )
    flagsEach("exception", [
      [
        "Dogs are welcome everywhere, excluding the walled garden.",
        "Dogs are welcome everywhere, including the walled garden."
      ],
      ["Die Frist beträgt 14 Tage, ausgenommen Feiertage.", "Die Frist beträgt 14 Tage, auch an Feiertagen."]
    ])
  })

  it("reads an 'only' that stresses a figure as no change of scope", () => {
    passes("There are 80 places.", "There are only 80 places, so sign up soon.")
    passes("Il reste dix places.", "Il n'y a que dix places.")
    passes("L'éclairage est limité à 50 lux seulement.", "L'éclairage est limité à 50 lux.")
    passes("报名名额80个。", "只有80个名额哦！")
    flagsEach("scope", [
      ["Dogs are allowed in the garden.", "Dogs are allowed only in the garden."],
      ["Les chiens sont admis dans le jardin.", "Seuls les chiens sont admis dans le jardin."],
      ["We open the 2 doors, but only on Fridays.", "We open the 2 doors on Fridays."],
      ["Wir öffnen die 2 Türen, aber nur freitags.", "Wir öffnen die 2 Türen freitags."]
    ])
  })

  it("reads 'as usual' as no hedge and 'instead of' before a price as no negation", () => {
    passes("The lounge opens at 9 a.m. as usual.", "The lounge opens at 9 a.m.")
    passes("Приём ведётся как обычно с 9 часов.", "С 9 часов приём ведётся в обычном режиме.")
    passes("Now £29 instead of £39.", "Now £29 (was £39).")
    passes("Сейчас 290 рублей вместо 390.", "Сейчас 290 рублей, раньше 390.")
    flagsEach("hedge", [["The lounge is usually open from 9 a.m.", "The lounge is open from 9 a.m."]])
    flagsEach("negation", [["Use oil instead of butter.", "Use butter."]])
  })

  it("passes a negation with an exception said as 'only', and the reverse", () => {
    passes("Bicycles cannot be carried, except folding ones.", "Only folding bicycles can be carried.")
    passes("Only folding bicycles can be carried.", "Bicycles cannot be carried, except folding ones.")
    passes("Fahrräder dürfen nicht mitgenommen werden, außer Falträder.", "Nur Falträder dürfen mitgenommen werden.")
    passes("Les animaux ne sont pas admis, sauf les chiens guides.", "Seuls les chiens guides sont admis.")
    flagsEach("scope", [
      ["Dogs are allowed everywhere except the garden.", "Dogs are allowed only in the garden."],
      ["Fahrräder dürfen nicht mitgenommen werden, außer Falträder.", "Nur Falträder dürfen nicht mitgenommen werden."]
    ])
  })

  it("keeps bounds and reports a changed or dropped one", () => {
    passes("Uploads are limited to at most 20 files.", "Uploads are limited to no more than 20 files.")
    passes("Each plan includes up to 5 seats.", "Each plan includes as many as 5 seats.")
    flagsEach("bound", [
      ["Each plan includes up to 5 seats.", "Each plan includes 5 seats."],
      ["Keys must have at least 16 characters.", "Keys must have at most 16 characters."],
      ["Die Gruppe hat höchstens zehn Mitglieder.", "Die Gruppe hat mindestens zehn Mitglieder."],
      ["Le fichier fait au plus 2 Mo.", "Le fichier fait au moins 2 Mo."],
      ["Файл весит не более 2 МБ.", "Файл весит не менее 2 МБ."],
      ["每个团队最多五人。", "每个团队至少五人。"]
    ])
  })

  it("reports a dropped or added 'only'", () => {
    const [f] = found("Only editors can publish a page.", "Editors can publish a page.")
    assert.strictEqual(f?.kind, "scope")
    assert.include(f?.message ?? "", '"only" was dropped')
    passes("Only editors can publish a page.", "Pages can be published by editors only.")
    passes("Only editors can publish a page.", "Publishing a page is reserved for editors.")
    flags("Editors can publish a page.", "Only editors can publish a page.", "scope")
    flags("Nur Redakteure dürfen Seiten veröffentlichen.", "Redakteure dürfen Seiten veröffentlichen.", "scope")
    flags("Solo los editores pueden publicar.", "Los editores pueden publicar.", "scope")
    flags("Seuls les éditeurs peuvent publier.", "Les éditeurs peuvent publier.", "scope")
    passes("Seuls les éditeurs peuvent publier.", "La publication n'est possible que pour les éditeurs.")
    flags("Публиковать могут только редакторы.", "Публиковать могут редакторы.", "scope")
    flags("只有编辑可以发布页面。", "编辑可以发布页面。", "scope")
    flags("編集者のみがページを公開できます。", "編集者はページを公開できます。", "scope")
  })

  it("reports a dropped exception", () => {
    flagsEach("exception", [
      ["All jobs run nightly, except the archive job.", "All jobs run nightly."],
      ["Alle Jobs laufen nachts, außer dem Archivjob.", "Alle Jobs laufen nachts."],
      ["Todos los trabajos se ejecutan de noche, salvo el de archivo.", "Todos los trabajos se ejecutan de noche."],
      ["Tous les jobs tournent la nuit, sauf celui d'archivage.", "Tous les jobs tournent la nuit."],
      ["Все задачи запускаются ночью, кроме архивной.", "Все задачи запускаются ночью."],
      ["除了归档任务以外，所有任务都在夜间运行。", "所有任务都在夜间运行。"],
      ["アーカイブ処理を除いて、すべての処理は夜間に実行されます。", "すべての処理は夜間に実行されます。"]
    ])
    passes("All jobs run nightly, except the archive job.", "Apart from the archive job, all jobs run nightly.")
  })

  it("reads 'unless' as 'if not', and reports it turned into 'if'", () => {
    passes("The build fails unless the token is set.", "The build fails if the token is not set.")
    passes("The build fails if the token isn't set.", "The build fails unless the token is set.")
    flagsEach("condition", [
      ["The build fails unless the token is set.", "The build fails if the token is set."],
      ["The coupon applies only if the order exceeds €40.", "The coupon applies if the order exceeds €40."],
      [
        "Der Build schlägt fehl, es sei denn, das Token ist gesetzt.",
        "Der Build schlägt fehl, wenn das Token gesetzt ist."
      ],
      ["El pedido no se envía a menos que se confirme el pago.", "El pedido no se envía si se confirma el pago."],
      ["除非设置了令牌，否则构建会失败。", "如果设置了令牌，构建会失败。"]
    ])
  })
})

describe("Operators: quantifiers, comparisons and caveats", () => {
  it("reports a changed quantifier", () => {
    flagsEach("quantifier", [
      ["Some plugins need a restart after the update.", "All plugins need a restart after the update."],
      ["Not all browsers support the API.", "Every browser supports the API."],
      ["Most users kept the default theme.", "Every user kept the default theme."],
      ["Einige Nutzer melden Abstürze.", "Alle Nutzer melden Abstürze."],
      ["Algunos usuarios reportan fallos.", "Todos los usuarios reportan fallos."],
      ["Certains utilisateurs signalent des pannes.", "Tous les utilisateurs signalent des pannes."],
      ["Некоторые пользователи жалуются на сбои.", "Все пользователи жалуются на сбои."]
    ])
    passes("Every page has a footer.", "Each page has a footer.")
  })

  it("reports a flipped comparison", () => {
    flagsEach("comparison", [
      ["The new index makes queries faster.", "The new index makes queries slower."],
      ["Costs were higher in March than in April.", "Costs were lower in March than in April."],
      ["Die neue Version startet schneller.", "Die neue Version startet langsamer."],
      ["La versión nueva usa menos memoria.", "La versión nueva usa más memoria."],
      ["Новая версия работает быстрее.", "Новая версия работает медленнее."],
      ["新版本比旧版本快。", "新版本比旧版本慢。"],
      ["新版は旧版より速いです。", "新版は旧版より遅いです。"]
    ])
    passes("The new index makes queries faster.", "Queries run faster with the new index.")
  })

  it("reports a dropped caveat, and accepts another connective", () => {
    flagsEach("contrast", [
      ["The cache speeds up reads, but it doubles memory use.", "The cache speeds up reads."],
      ["Der Cache ist schnell, allerdings braucht er viel Speicher.", "Der Cache ist schnell."],
      ["La caché es rápida, aunque consume mucha memoria.", "La caché es rápida."],
      ["Le cache est rapide, mais il consomme beaucoup de mémoire.", "Le cache est rapide."],
      ["Кэш быстрый, но потребляет много памяти.", "Кэш быстрый."],
      ["缓存很快，但是占用大量内存。", "缓存很快。"],
      ["キャッシュは高速ですが、メモリを多く使います。", "キャッシュは高速です。"]
    ])
    passes(
      "The cache speeds up reads, but it doubles memory use.",
      "The cache speeds up reads; however, it doubles memory use."
    )
    passes(
      "Although the cache speeds up reads, it doubles memory use.",
      "The cache speeds up reads. It does double memory use, though."
    )
  })
})
