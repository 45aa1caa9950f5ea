import { assert, describe, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { estimateTokens } from "../../src/provider/Tokens.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { postJson, TestApp } from "../support/TestApp.ts"

describe("token estimate by script", () => {
  it("counts Latin text at 4 characters a token", () => {
    assert.strictEqual(estimateTokens("Hello world"), 3) // 11 / 4 = 2.75
    assert.strictEqual(estimateTokens("Größe über"), 3) // 10 Latin letters and a space / 4
  })

  it("counts Cyrillic at 2.5, CJK at 1.3 and emoji at 0.7 characters a token", () => {
    assert.strictEqual(estimateTokens("Привет мир"), 4) // 9 / 2.5 + 1 / 4 = 3.85
    assert.strictEqual(estimateTokens("你好世界"), 4) // 4 / 1.3 = 3.08
    assert.strictEqual(estimateTokens("ひらがなカタカナ"), 7) // 8 / 1.3 = 6.15
    assert.strictEqual(estimateTokens("🎉🎉"), 3) // 2 / 0.7 = 2.86
  })

  it("adds the scripts of a mixed text", () => {
    assert.strictEqual(estimateTokens("API 接口"), 3) // 4 / 4 + 2 / 1.3 = 2.54
  })
})

layer(TestApp(), { excludeTestServices: true })("max_tokens on the wire", (wire) => {
  wire.effect("a Chinese paragraph gets room for its rewrite: 130 Han characters ask for 264 tokens, not 130", () =>
    Effect.gen(function* () {
      const fake = yield* FakeProvider
      yield* fake.configure({})
      // 130 characters: 100 tokens by the CJK rate, 33 by the Latin one.
      const paragraph = "我们使用四台服务器。".repeat(13)
      yield* postJson("/api/rewrite", { document: paragraph, options: { styleThreshold: 0 } })
      const call = (yield* fake.calls).find((c) => c.task === "rewrite")
      // Twice the estimate plus 64 for the JSON around it.
      assert.strictEqual(call?.body?.["max_tokens"], 264)
    })
  )
})
