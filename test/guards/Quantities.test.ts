import { assert, describe, it } from "@effect/vitest"
import { numbersGuard } from "../../src/guards/Numbers.ts"
import { findingsOf, quantityValues as values, verdicts } from "./support.ts"

const { passes, flags } = verdicts(findingsOf(numbersGuard), "number")

describe("Quantities: ranks above second", () => {
  it("reads a spelled rank above second as a number that must stay", () => {
    assert.deepStrictEqual(values("The exam covers the seventh chapter."), ["7"])
    passes("The exam covers the seventh chapter.", "The exam covers the 7th chapter.")
    passes("She finished 3rd in the relay.", "She finished third in the relay.")
    passes("She finished third in the relay.", "She finished 3rd in the relay.")
    const [f] = flags("The exam covers the seventh chapter.", "The exam covers the eighth chapter.")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["seventh", "eighth"])
    flags("She finished third in the relay.", "She finished fourth in the relay.")
    flags("La garantía termina tras el tercer mes.", "La garantía termina tras el cuarto mes.")
    flags("La garantie prend fin après le troisième mois.", "La garantie prend fin après le quatrième mois.")
    flags("Гарантия заканчивается после третьего месяца.", "Гарантия заканчивается после четвёртого месяца.")
  })

  it("does not take third parties for a rank in any language", () => {
    assert.deepStrictEqual(values("We never sell your address to third parties."), [])
    passes("We never sell your address to third parties.", "Your address is never sold to other companies.")
    passes("Your address is never sold to other companies.", "We never pass your address to third-party firms.")
    passes("Wir geben Ihre Adresse nie an Dritte weiter.", "Ihre Adresse wird nie an andere Firmen weitergegeben.")
    passes("Nous ne cédons jamais votre adresse à des tiers.", "Votre adresse n'est jamais cédée à d'autres sociétés.")
    passes("Nunca cedemos su dirección a terceros.", "Su dirección nunca se cede a otras empresas.")
    passes("Мы никогда не передаём ваш адрес третьим лицам.", "Ваш адрес никогда не передаётся другим компаниям.")
  })
})

describe("Quantities: counted things and measured amounts", () => {
  it("reports a count of things turned into a measured amount", () => {
    passes("Put 15 drops of lavender oil in the bath.", "Put fifteen drops of lavender oil in the bath.")
    passes("Geben Sie 15 Tropfen in das Badewasser.", "Geben Sie fünfzehn Tropfen in das Badewasser.")
    const [f] = flags("Put 15 drops of lavender oil in the bath.", "Put 15 ml of lavender oil in the bath.", "unit")
    assert.strictEqual(f?.rewrite, "15 ml")
    flags("Geben Sie 15 Tropfen in das Badewasser.", "Geben Sie 15 ml in das Badewasser.", "unit")
    flags("Vendimos los tres lotes en una hora.", "Vendimos 3 kg en una hora.", "unit")
  })

  it("reads a unit a few words after the number as measuring it", () => {
    passes("Durante los tres primeros años la renta no sube.", "Durante 3 años la renta no sube.")
    passes("Durante los tres primeros años la renta no sube.", "Durante los primeros 3 años la renta no sube.")
    flags("Vendimos los tres primeros lotes en una hora.", "Vendimos 3 kg en una hora.", "unit")
  })

  it("does not let a bare number the original already has stand in for one with a unit", () => {
    passes("Apply the cream three times a day, 3 g each time.", "Apply 3 g of the cream each time, three times a day.")
    passes("Apply the cream three times a day, 3 g each time.", "Apply the cream 3 times a day, 3 g each time.")
    flags(
      "Apply the cream three times a day, 3 g each time.",
      "Apply the cream three times a day, 3 mg each time.",
      "unit"
    )
  })
})

describe("Quantities: CJK scales in two parts", () => {
  it("reads a scale followed by the rest of the number as one number", () => {
    assert.deepStrictEqual(values("改修費は12億5000万円でした。"), ["1250000000 jpy"])
    passes("改修費は12億5000万円でした。", "改修費は1,250,000,000円でした。")
    passes("来場者は3万4200人でした。", "来場者は34200人でした。")
    passes("参观人数为3万4200人。", "参观人数为34,200人。")
    const [f] = flags("改修費は12億5000万円でした。", "改修費は12億6000万円でした。")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["12億5000万円", "12億6000万円"])
    flags("来場者は3万4200人でした。", "来場者は3万4300人でした。")
  })

  it("reads 十分 after a numeral as minutes, and alone as no number", () => {
    passes("説明会は四十分で終わりました。", "説明会は40分で終わりました。")
    passes("会议持续了四十分钟。", "会议持续了40分钟。")
    passes("準備の時間は十分あります。", "準備の時間はたっぷりあります。")
    flags("説明会は四十分で終わりました。", "説明会は50分で終わりました。")
  })
})

describe("Quantities: a weak 'one' counted again", () => {
  it("reports a 'one' whose thing the rewrite counts with another number", () => {
    const [f] = flags(
      "Each player may skip one training before the final.",
      "Each player may skip two trainings before the final."
    )
    assert.deepStrictEqual([f?.original, f?.rewrite], ["one", "two"])
    flags(
      "Jede Spielerin darf vor dem Finale ein Training auslassen.",
      "Jede Spielerin darf vor dem Finale zwei Trainings auslassen."
    )
    flags(
      "Chaque joueur peut manquer un entraînement avant la finale.",
      "Chaque joueur peut manquer deux entraînements avant la finale."
    )
    flags(
      "Cada jugador puede faltar a un entrenamiento antes de la final.",
      "Cada jugador puede faltar a dos entrenamientos antes de la final."
    )
    flags(
      "Каждый игрок может пропустить одну тренировку перед финалом.",
      "Каждый игрок может пропустить две тренировки перед финалом."
    )
  })

  it("passes a 'one' said as 'a single' or kept in another place", () => {
    passes(
      "Each player may skip one training before the final.",
      "Each player may skip a single training before the final."
    )
    passes(
      "Each player may skip one training before the final.",
      "Before the final, each player may skip one training."
    )
    passes(
      "Jede Spielerin darf vor dem Finale ein Training auslassen.",
      "Jede Spielerin darf vor dem Finale ein einziges Training auslassen."
    )
    passes(
      "Каждый игрок может пропустить одну тренировку перед финалом.",
      "Перед финалом каждый игрок может пропустить одну тренировку."
    )
  })
})

describe("Quantities: spoons", () => {
  it("reads teaspoons and tablespoons as units of their own", () => {
    passes("Add 1 teaspoon of salt to the dough.", "Add 1 tsp of salt to the dough.")
    passes("Add 2 tablespoons of oil to the pan.", "Add 2 tbsp of oil to the pan.")
    const [f] = flags("Add 1 teaspoon of salt to the dough.", "Add 1 tablespoon of salt to the dough.", "unit")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["1 teaspoon", "1 tablespoon"])
    flags("Add 2 tablespoons of oil to the pan.", "Add 2 teaspoons of oil to the pan.", "unit")
    flags("Añada 1 cucharadita de sal a la masa.", "Añada 1 cucharada de sal a la masa.", "unit")
    flags("Ajoutez 1 cuillère à café de sel.", "Ajoutez 1 cuillère à soupe de sel.", "unit")
    flags("Добавьте 2 ч. л. соли.", "Добавьте 2 ст. л. соли.", "unit")
    flags("Geben Sie 1 TL Zucker in den Teig.", "Geben Sie 1 EL Zucker in den Teig.", "unit")
  })
})

describe("Quantities: CJK decimals and vulgar fractions", () => {
  it("reads a CJK decimal with 点 as the number it is", () => {
    assert.deepStrictEqual(values("今年的合格率为百分之三十七点五。"), ["37.5 %"])
    passes("今年的合格率为37.5%。", "今年的合格率为百分之三十七点五。")
    passes("今年的合格率为百分之三十七点五。", "今年的合格率为37.5%。")
    passes("体温は三十七点五度でした。", "体温は37.5度でした。")
    flags("今年的合格率为37.5%。", "今年的合格率为百分之三十七点六。")
    flags("今年的合格率为37.5%。", "今年的合格率为百分之三十七。")
  })

  it("reads a vulgar fraction, after a whole number or alone", () => {
    passes("Die Führung dauert 1,5 Stunden.", "Die Führung dauert 1½ Stunden.")
    passes("Die Führung dauert 1½ Stunden.", "Die Führung dauert 1,5 Stunden.")
    passes("Mix in ¾ cup of flour.", "Mix in 0.75 cup of flour.")
    flags("Die Führung dauert 1½ Stunden.", "Die Führung dauert 2 Stunden.")
    const [f] = flags("Mix in ¾ cup of flour.", "Mix in ½ cup of flour.")
    assert.deepStrictEqual([f?.original, f?.rewrite], ["¾", "½"])
  })
})
