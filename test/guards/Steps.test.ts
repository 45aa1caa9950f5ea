import { assert, describe, it } from "@effect/vitest"
import { stepsGuard } from "../../src/guards/Steps.ts"
import { findingsOfKinds, messagesOf, verdicts } from "./support.ts"

const messages = messagesOf(stepsGuard)
/** Asserted on every guard's order findings: the steps guard's and the order guard's. */
const { passes, flags } = verdicts(findingsOfKinds(["order"]), "order")

describe("Steps", () => {
  it("reports two steps of a procedure told the other way round, naming both", () => {
    const original = "Shake the jar, open the lid, then pour the sauce over the pasta."
    assert.deepStrictEqual(messages(original, "Open the lid, shake the jar, then pour the sauce over the pasta."), [
      'the steps "Shake the jar" and "open the lid" were swapped'
    ])
    flags(original, "Shake the jar, pour the sauce over the pasta, then open the lid.")
  })

  it("passes the same steps in the same order, said another way", () => {
    const original = "Shake the jar, open the lid, then pour the sauce over the pasta."
    passes(original, "Shake the jar and open the lid; then pour the sauce over the pasta.")
    passes(original, "First shake the jar, next open the lid, and finally pour the sauce over the pasta.")
  })

  it("does not take a rank or a 'next' inside a clause for a step word", () => {
    passes(
      "During the first week, water the seedlings daily, keep the tray in shade.",
      "Keep the tray in shade, water the seedlings daily during the first week."
    )
    passes(
      "Board the next train, show your ticket, and sit in coach 4.",
      "Sit in coach 4, show your ticket, and board the next train."
    )
  })

  it("reads the steps of a Japanese まず…次に… list", () => {
    flags("まず封筒に書類を入れ、次に切手を貼ります。", "まず切手を貼り、次に封筒に書類を入れます。")
    assert.deepStrictEqual(
      messages(
        "まず封筒に書類を入れ、次に切手を貼り、それからポストに出します。",
        "まず切手を貼り、次に封筒に書類を入れ、それからポストに出します。"
      ),
      ['the steps "まず封筒に書類を入れ" and "次に切手を貼" were swapped']
    )
    passes("まず封筒に書類を入れ、次に切手を貼ります。", "封筒に書類を入れてから、切手を貼ります。")
    passes("まず封筒に書類を入れ、次に切手を貼ります。", "最初に封筒に書類を入れ、それから切手を貼ります。")
  })

  it("reads step words in the other languages", () => {
    for (const [original, rewrite] of [
      [
        "Zuerst das Wasser abstellen, dann den alten Hahn abschrauben, schließlich den neuen montieren.",
        "Zuerst den alten Hahn abschrauben, dann das Wasser abstellen, schließlich den neuen montieren."
      ],
      [
        "Primero cierra el agua, luego desmonta el grifo viejo y finalmente pon el nuevo.",
        "Primero desmonta el grifo viejo, luego cierra el agua y finalmente pon el nuevo."
      ],
      [
        "D'abord coupez l'eau, puis démontez l'ancien robinet, enfin posez le nouveau.",
        "D'abord démontez l'ancien robinet, puis coupez l'eau, enfin posez le nouveau."
      ],
      [
        "Сначала перекройте воду, затем снимите старый кран, потом поставьте новый.",
        "Сначала снимите старый кран, затем перекройте воду, потом поставьте новый."
      ],
      ["首先关掉水阀，然后拆下旧龙头，接着装上新龙头。", "首先拆下旧龙头，然后关掉水阀，接着装上新龙头。"]
    ])
      assert.strictEqual(messages(original, rewrite).length, 1, `${original} → ${rewrite}`)
  })
})

describe("Steps: a last step with 最後に or 最后", () => {
  it("reads a Japanese まず…次に…最後に… list and reports two steps swapped", () => {
    const original = "まず鍋に水を入れ、次に火にかけ、最後に塩を加えます。"
    assert.deepStrictEqual(messages(original, "まず火にかけ、次に鍋に水を入れ、最後に塩を加えます。"), [
      'the steps "まず鍋に水を入れ" and "次に火にかけ" were swapped'
    ])
    flags(original, "まず鍋に水を入れ、次に塩を加え、最後に火にかけます。")
    passes(original, "最初に鍋に水を入れ、それから火にかけ、最後に塩を加えます。")
    passes(original, "鍋に水を入れてから火にかけ、最後に塩を加えます。")
  })

  it("reads a Chinese 首先…然后…最后… list and reports two steps swapped", () => {
    const original = "首先把米洗净，然后加水浸泡，最后开火煮饭。"
    assert.deepStrictEqual(messages(original, "首先加水浸泡，然后把米洗净，最后开火煮饭。"), [
      'the steps "米洗净" and "加水浸泡" were swapped'
    ])
    flags(original, "首先把米洗净，然后开火煮饭，最后加水浸泡。")
    passes(original, "先把米洗净，接着加水浸泡，最后开火煮饭。")
    passes(original, "首先把米洗净，然后加水浸泡，最后再开火煮饭。")
  })
})

describe("Steps: a reason among the steps", () => {
  it("passes a reason clause moved among the steps", () => {
    const original = "卵は固まりやすいので、まず火を弱めて、次に卵を流し入れます。"
    passes(original, "まず火を弱めて、卵は固まりやすいので、次に卵を流し入れます。")
    assert.deepStrictEqual(messages(original, "まず火を弱めて、卵は固まりやすいので、次に卵を流し入れます。"), [])
    passes(
      "The glaze burns easily, so first turn down the heat, then brush on the glaze.",
      "First turn down the heat, then brush on the glaze, because it burns easily."
    )
  })

  it("still reports the steps themselves told the other way round", () => {
    flags(
      "卵は固まりやすいので、まず火を弱めて、次に卵を流し入れます。",
      "卵は固まりやすいので、まず卵を流し入れて、次に火を弱めます。"
    )
  })
})
