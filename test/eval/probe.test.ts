import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { FakeProvider } from "../support/FakeProvider.ts"
import { jsonOf, postJson, TestApp } from "../support/TestApp.ts"

layer(TestApp(), { excludeTestServices: true })("probe", (it) => {
  it.effect("drop", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      for (const b of [["drop-numbers"], ["grade-low"], ["bad-repair", "drop-numbers"]] as const) {
        yield* fake.configure({ behaviours: b })
        for (const iter of [0, 2]) for (const mc of [true, false]) {
        const res = yield* postJson("/api/eval/rewrite", {
          source: "We utilize version 2.4 on 12 March 2025 at 10:30, about 40% of 3 teams.\n\nIn order to start, press 1 key, it is room 4B and the 2nd floor.\n\nThe service may not start. It is important to note that we delve into logs.",
          styleProfileId: "plain-english",
          options: { maxRewriteIterations: iter, runMeaningCheck: mc }
        })
        const body = yield* jsonOf<any>(res)
        console.log(b, iter, mc, res.status, JSON.stringify(body.finalText), body.summary?.styleScore, body.summary?.meaning, body.debug?.usage, JSON.stringify(body.summary?.warnings))
        }
      }
      assert.ok(true)
    })
  )
})
