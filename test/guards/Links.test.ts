import { assert, describe, it } from "@effect/vitest"
import { linksGuard } from "../../src/guards/Links.ts"
import { messagesOf } from "./support.ts"

const messages = messagesOf(linksGuard)

describe("Links", () => {
  it("keeps urls, www domains, e-mail addresses and link targets in any order and form", () => {
    const original =
      "Read [the guide](https://example.com/guide?v=2), visit www.example.org or " +
      "https://docs.example.com/a_(b). Mail ops@example.com."
    assert.deepStrictEqual(
      messages(
        original,
        "Mail ops@example.com. See https://docs.example.com/a_(b), www.example.org and " +
          "[the guide](https://example.com/guide?v=2)."
      ),
      []
    )
    assert.deepStrictEqual(
      messages(original, "Read [the guide](https://example.com/guide), visit www.example.org. Mail ops@example.com."),
      [
        'the link "https://example.com/guide?v=2" became "https://example.com/guide"',
        'the link "https://docs.example.com/a_(b)" was dropped'
      ]
    )
  })

  it("treats a markdown link and the bare url as the same link", () => {
    assert.deepStrictEqual(
      messages("See [the status page](https://status.example.io/).", "See https://status.example.io for status."),
      []
    )
    assert.deepStrictEqual(
      messages("Die Anleitung liegt auf status.example.de.", "Die Anleitung: [Status](https://status.example.de/)."),
      []
    )
  })

  it("reports a changed domain, path or e-mail address", () => {
    assert.deepStrictEqual(messages("Écrivez à support@example.fr.", "Écrivez à support@example.com."), [
      'the link "support@example.fr" became "support@example.com"'
    ])
    assert.deepStrictEqual(
      messages(
        "Скачайте файл с https://files.example.ru/v5/app.zip.",
        "Скачайте файл с https://files.example.ru/v4/app.zip."
      ),
      ['the link "https://files.example.ru/v5/app.zip" became "https://files.example.ru/v4/app.zip"']
    )
  })

  it("reads bare domains in the prose as links, but not file names", () => {
    assert.deepStrictEqual(messages("Sign up on portal.example.com today.", "Sign up on portal.example.net today."), [
      'the link "portal.example.com" became "portal.example.net"'
    ])
    assert.deepStrictEqual(messages("Edit worker.yaml and main.py.", "Edit main.py and worker.yaml."), [])
  })

  it("reports a lost link and a new one", () => {
    assert.deepStrictEqual(messages("详见[文档](https://docs.example.cn/a)。", "详见文档。"), [
      'the link "https://docs.example.cn/a" was dropped'
    ])
    assert.deepStrictEqual(messages("Read the guide.", "Read the guide at https://evil.example."), [
      'the rewrite adds the link "https://evil.example"'
    ])
  })

  it("reports a domain added to a paragraph that has no full stop, such as a list item", () => {
    assert.deepStrictEqual(messages("Download the installer", "Download the installer from get-tools.io"), [
      'the rewrite adds the link "get-tools.io"'
    ])
    assert.deepStrictEqual(messages("Installer herunterladen", "Installer von get-tools.io herunterladen"), [
      'the rewrite adds the link "get-tools.io"'
    ])
  })
})
