import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import { normalizeBaseUrl } from "../../src/provider/BaseUrl.ts"
import { extractJsonObject, providerErrorMessage, replyText, stripThinking } from "../../src/provider/ModelReply.ts"
import { chooseModel } from "../../src/provider/ModelSelection.ts"

describe("JSON extraction from model replies", () => {
  it("takes a bare JSON object", () => {
    assert.deepStrictEqual(extractJsonObject('{"text": "Hello."}', "text"), { text: "Hello." })
  })

  it("takes JSON out of a markdown fence", () => {
    assert.deepStrictEqual(extractJsonObject('```json\n{"text": "Hi."}\n```', "text"), { text: "Hi." })
    assert.deepStrictEqual(extractJsonObject('```\n{"text": "Hi."}\n```', "text"), { text: "Hi." })
  })

  it("takes JSON out of prose, even with braces inside strings", () => {
    const reply = 'Sure! Here it is: {"text": "Use {braces} and \\"quotes\\"."} Hope that helps {:'
    assert.deepStrictEqual(extractJsonObject(reply, "text"), { text: 'Use {braces} and "quotes".' })
  })

  it("prefers the last object holding the required key (drafts come first)", () => {
    const reply = 'First draft: {"text": "draft"}. Final: {"note": 1} and {"text": "final"}'
    assert.deepStrictEqual(extractJsonObject(reply, "text"), { text: "final" })
  })

  it("ignores a <think> block, even one that contains JSON", () => {
    const reply = '<think>maybe {"text": "wrong"}</think>\n{"text": "right"}'
    assert.deepStrictEqual(extractJsonObject(reply, "text"), { text: "right" })
  })

  it("never takes a draft from a reasoning block: a fenced one before the answer, or an unclosed one", () => {
    const fenced = '<think>Draft:\n```json\n{"text": "draft"}\n```\n</think>\n{"text": "final"}'
    assert.deepStrictEqual(extractJsonObject(fenced, "text"), { text: "final" })
    assert.isUndefined(extractJsonObject('<think>First try: {"text": "draft"} hmm, so', "text"))
  })

  it("gives undefined for garbage, arrays, and objects without the key", () => {
    assert.isUndefined(extractJsonObject("I cannot help with that.", "text"))
    assert.isUndefined(extractJsonObject('["text"]', "text"))
    assert.isUndefined(extractJsonObject('{"other": 1}', "text"))
    assert.isUndefined(extractJsonObject('{"text": "unterminated', "text"))
  })
})

describe("reply text", () => {
  it("strips closed, unclosed and half-open reasoning blocks", () => {
    assert.strictEqual(stripThinking("<think>hmm</think>Answer"), "Answer")
    assert.strictEqual(stripThinking("<think>still thinking"), "")
    assert.strictEqual(stripThinking("reasoning without an opening tag</think>\nAnswer"), "Answer")
    assert.strictEqual(stripThinking("<THINKING>x</THINKING> A"), "A")
  })

  it("strips every closed reasoning block, wherever it stands: two in a row, or one between parts of the answer", () => {
    assert.strictEqual(
      stripThinking('<think>plan</think>\n<think>check</think>\n{"text": "answer"}'),
      '{"text": "answer"}'
    )
    assert.strictEqual(stripThinking("First <think>an aside</think>second."), "First second.")
  })

  it("falls back to reasoning_content when content is empty", () => {
    assert.strictEqual(replyText({ content: "", reasoning_content: '{"text": "x"}' }), '{"text": "x"}')
    assert.strictEqual(replyText({ content: null, reasoning: "y" }), "y")
    assert.strictEqual(replyText({ content: "z", reasoning_content: "ignored" }), "z")
    assert.strictEqual(replyText(undefined), "")
  })

  it("reads the three error body shapes", () => {
    assert.strictEqual(providerErrorMessage({ error: "Model is unloaded." }), "Model is unloaded.")
    assert.strictEqual(providerErrorMessage({ error: { message: "not found" } }), "not found")
    assert.strictEqual(providerErrorMessage({ object: "error", message: "no such model" }), "no such model")
    assert.isUndefined(providerErrorMessage({ choices: [] }))
    assert.isUndefined(providerErrorMessage("text"))
  })
})

describe("provider base URLs", () => {
  const ok = (raw: string) => Result.getOrThrow(normalizeBaseUrl(raw))
  const message = (raw: string) => {
    const result = normalizeBaseUrl(raw)
    return Result.isFailure(result) ? result.failure.message : ""
  }

  it("accepts http(s) URLs and trims trailing slashes", () => {
    assert.strictEqual(ok("http://localhost:1234/v1/"), "http://localhost:1234/v1")
    assert.strictEqual(ok(" https://gpu-box.local/v1 "), "https://gpu-box.local/v1")
  })

  it("refuses a URL without a scheme with the contract's message", () => {
    assert.include(message("localhost:1234/v1"), "provider.baseUrl must be an http(s) URL")
    assert.include(message("ftp://host/v1"), "provider.baseUrl must be an http(s) URL")
  })

  it("refuses a URL that already names an endpoint", () => {
    assert.include(message("http://localhost:1234/v1/models"), "remove /models")
    assert.include(message("http://localhost:1234/v1/chat/completions"), "not at an endpoint")
  })

  it("refuses credentials and query strings", () => {
    assert.include(message("http://user:pw@localhost:1234/v1"), "without query, fragment or credentials")
    assert.include(message("http://localhost:1234/v1?key=1"), "without query, fragment or credentials")
  })
})

describe("model selection", () => {
  it("skips embedding models and prefers a gemma 4 QAT build", () => {
    const choice = chooseModel(
      ["nomic-embed-text", "qwen3-8b", "gemma-4-12b-it", "google/gemma-4-12b-it-qat"],
      undefined
    )
    assert.strictEqual(choice.model, "google/gemma-4-12b-it-qat")
    assert.isTrue(choice.defaultModelFound)
  })

  it("takes any gemma 4 build, else the first chat model", () => {
    assert.strictEqual(chooseModel(["llama-3.2", "gemma4:e4b"], undefined).model, "gemma4:e4b")
    const other = chooseModel(["text-embedding-3", "llama-3.2", "qwen3"], undefined)
    assert.strictEqual(other.model, "llama-3.2")
    assert.isFalse(other.defaultModelFound)
  })

  it("does not mistake gemma 3 or gemma 40 for gemma 4", () => {
    assert.isFalse(chooseModel(["gemma-3-12b", "gemma-40b"], undefined).defaultModelFound)
  })

  it("uses the requested model, and the default family when the provider lists nothing", () => {
    assert.strictEqual(chooseModel(["a", "b"], "b").model, "b")
    assert.strictEqual(chooseModel(undefined, undefined).model, "gemma-4")
    assert.isUndefined(chooseModel(["nomic-embed-text"], undefined).model)
  })
})
