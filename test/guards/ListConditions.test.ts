import { assert, describe, it } from "@effect/vitest"
import { findingsOfKinds } from "./support.ts"

const conditions = findingsOfKinds(["condition"])

describe("ListConditions", () => {
  it("reports an item dropped from a list of conditions, naming it", () => {
    const [f] = conditions(
      "Access is granted if you hold a badge, passed the safety course, and signed the agreement.",
      "Access is granted if you hold a badge and passed the safety course."
    )
    assert.include(f?.message ?? "", '"signed the agreement" was dropped')
    assert.lengthOf(
      conditions(
        "Der Antrag wird genehmigt, wenn das Formular ausgefüllt, das Budget freigegeben und die Abteilung informiert ist.",
        "Der Antrag wird genehmigt, wenn das Formular ausgefüllt und die Abteilung informiert ist."
      ),
      1
    )
    assert.lengthOf(
      conditions(
        "Pour voter, il faut être inscrit, avoir payé la cotisation et présenter une pièce d'identité.",
        "Pour voter, il faut être inscrit et présenter une pièce d'identité."
      ),
      1
    )
    assert.lengthOf(
      conditions(
        "La solicitud se aprueba si el formulario está completo, el presupuesto está aprobado y el jefe lo firma.",
        "La solicitud se aprueba si el formulario está completo y el jefe lo firma."
      ),
      1
    )
  })

  it("passes a reordered or reworded list that keeps every item", () => {
    assert.lengthOf(
      conditions(
        "Access is granted if you hold a badge, passed the safety course, and signed the agreement.",
        "You get access once you have signed the agreement, passed the safety course and hold a badge."
      ),
      0
    )
    assert.lengthOf(
      conditions(
        "If the cache is cold, the first request is slow and the second one is fast.",
        "If the cache is cold, the first request is slow."
      ).filter((f) => f.message.startsWith("the condition")),
      0
    )
  })
})

describe("ListConditions: who qualifies", () => {
  it("reports an item dropped from a list of what qualifies, and passes a list kept whole", () => {
    assert.lengthOf(
      conditions(
        "The grant is open to researchers who are based in the EU, hold a doctorate, and work at a public university.",
        "Researchers based in the EU who work at a public university can apply for the grant."
      ),
      1
    )
    assert.lengthOf(
      conditions(
        "La beca está abierta a estudiantes que tengan menos de 30 años, residan en Chile y hablen inglés.",
        "Pueden pedir la beca los estudiantes menores de 30 años que hablen inglés."
      ),
      1
    )
    assert.lengthOf(
      conditions(
        "The grant is open to researchers who are based in the EU, hold a doctorate, and work at a public university.",
        "Researchers based in the EU who hold a doctorate and work at a public university can apply for the grant."
      ),
      0
    )
  })
})

describe("ListConditions: lists after 'you need' and 'нужны'", () => {
  it("reports an item dropped from what someone needs, naming it", () => {
    const [f] = conditions(
      "To apply, you need a passport, a utility bill and a recent photo.",
      "To apply, you need a passport and a recent photo."
    )
    assert.strictEqual(f?.kind, "condition")
    assert.include(f?.message ?? "", '"utility bill" was dropped')
    const [g] = conditions(
      "Для записи в кружок нужны справка, копия свидетельства и фото.",
      "Для записи в кружок нужны справка и фото."
    )
    assert.include(g?.message ?? "", '"копия свидетельства" was dropped')
    assert.lengthOf(conditions("Для поездки нужны справка, копия и фото.", "Для поездки нужны справка и фото."), 1)
  })

  it("passes the same items in another order", () => {
    assert.lengthOf(
      conditions(
        "To apply, you need a passport, a utility bill and a recent photo.",
        "To apply, you need a recent photo, a utility bill and a passport."
      ),
      0
    )
    assert.lengthOf(
      conditions(
        "Для записи в кружок нужны справка, копия свидетельства и фото.",
        "Для записи в кружок нужны фото, справка и копия свидетельства."
      ),
      0
    )
  })
})
