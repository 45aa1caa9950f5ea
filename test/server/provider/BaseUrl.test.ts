/**
 * The provider address a writer types (src/provider/BaseUrl.ts): what is accepted and put in canonical form, and what
 * is refused with a message that says what to change.
 */
import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { normalizeBaseUrl } from "../../../src/provider/BaseUrl.ts"

const accepted = (raw: string) => Result.getOrThrow(normalizeBaseUrl(raw))
const refused = (result: Result.Result<string, { readonly message: string }>) => {
  assert.isTrue(Result.isFailure(result))
  return Result.isFailure(result) ? result.failure.message : ""
}

describe("a provider address", () => {
  it("is trimmed of spaces and every trailing slash; http and https in any case", () => {
    assert.strictEqual(accepted("  http://localhost:1234/v1///  "), "http://localhost:1234/v1")
    assert.strictEqual(accepted("HTTPS://models.lan/v1/"), "HTTPS://models.lan/v1")
    assert.strictEqual(accepted("http://127.0.0.1:8080"), "http://127.0.0.1:8080")
  })

  it("must start with http(s):// and a host; text around it is refused", () => {
    for (const raw of [
      "localhost:1234/v1",
      "at http://localhost:1234/v1",
      "ftp://host/v1",
      "http:///v1",
      "http:// x"
    ]) {
      assert.strictEqual(
        refused(normalizeBaseUrl(raw)),
        `provider.baseUrl must be an http(s) URL such as http://localhost:1234/v1 (got ${JSON.stringify(raw)})`,
        raw
      )
    }
  })

  it("a malformed address is refused as not a valid URL", () => {
    assert.strictEqual(
      refused(normalizeBaseUrl("http://exa mple.com/v1", "baseUrl")),
      'baseUrl must be an http(s) URL; "http://exa mple.com/v1" is not a valid URL'
    )
  })

  it("a query, a fragment, a user name or a password is refused", () => {
    for (const raw of ["http://h/v1?key=1", "http://h/v1#top", "http://me@h/v1", "http://:secret@h/v1"]) {
      assert.strictEqual(
        refused(normalizeBaseUrl(raw)),
        "provider.baseUrl must be a plain base URL without query, fragment or credentials",
        raw
      )
    }
  })

  it("an address that ends at an endpoint is refused, naming what to remove; the words elsewhere are fine", () => {
    assert.strictEqual(
      refused(normalizeBaseUrl("http://h/v1/chat/completions")),
      "provider.baseUrl must end at the version prefix (e.g. http://localhost:1234/v1), not at an endpoint: remove /chat/completions"
    )
    assert.match(refused(normalizeBaseUrl("http://h/v1/models")), /: remove \/models$/)
    assert.match(refused(normalizeBaseUrl("http://h/V1/Completions")), /: remove \/Completions$/)
    assert.strictEqual(accepted("http://h/models-proxy/v1"), "http://h/models-proxy/v1")
    assert.strictEqual(accepted("http://h/completions/v1"), "http://h/completions/v1")
  })
})
