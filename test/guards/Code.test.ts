import { assert, describe, it } from "@effect/vitest"
import { codeGuard } from "../../src/guards/Code.ts"
import { messagesOf } from "./support.ts"

const messages = messagesOf(codeGuard)

describe("Code", () => {
  it("keeps inline code spans verbatim, including double-backtick spans, when the sentence is reworded", () => {
    const original = "Run `npm test` and then ``a `tick` b`` once."
    assert.deepStrictEqual(messages(original, "Once, run ``a `tick` b`` after `npm test`."), [])
    assert.deepStrictEqual(messages(original, "Run `npm run test` and then ``a `tick` b`` once."), [
      "the code `npm test` became `npm run test`"
    ])
    assert.deepStrictEqual(messages(original, "Run npm test and then ``a `tick` b`` once."), [
      "the code `npm test` was dropped"
    ])
  })

  it("reports a changed span in every language", () => {
    assert.deepStrictEqual(
      messages(
        "Starten Sie den Dienst mit `systemctl start api`.",
        "Starten Sie den Dienst mit `systemctl restart api`."
      ),
      ["the code `systemctl start api` became `systemctl restart api`"]
    )
    assert.deepStrictEqual(messages("请使用 `--dry-run` 参数先预览。", "请先用 `--dry-run` 参数预览。"), [])
    assert.deepStrictEqual(messages("`make lint` を実行してください。", "`make check` を実行してください。"), [
      "the code `make lint` became `make check`"
    ])
  })

  it("reports a new span, but not one the original wrote as plain text", () => {
    assert.deepStrictEqual(messages("Restart the worker.", "Restart the worker with `kill -9`."), [
      "the rewrite adds the code `kill -9`"
    ])
    assert.deepStrictEqual(messages("Set retry_ms to 100.", "Set `retry_ms` to 100."), [])
  })

  it("reports two spans that traded places in the same sentence", () => {
    assert.deepStrictEqual(messages("Copy `a.env` to `b.env`.", "Copy `b.env` to `a.env`."), [
      "the code spans `a.env` and `b.env` traded places"
    ])
    assert.deepStrictEqual(messages("Copia `a.env` en `b.env`.", "Copia `a.env` en `b.env`, por favor."), [])
  })
})
