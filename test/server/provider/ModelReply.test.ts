/**
 * Reading what real servers send back (src/provider/ModelReply.ts), second cases: the JSON answer among drafts, fences
 * and braces inside strings, and every error body shape, one rule a case.
 */
import { assert, describe, it } from "@effect/vitest"
import { extractJsonObject, providerErrorMessage } from "../../../src/provider/ModelReply.ts"

describe("the JSON answer in a reply", () => {
  it("the whole reply when it is one object; an array of numbers, a number or a string is no answer", () => {
    assert.deepStrictEqual(extractJsonObject('  {"text": "We use 4 servers."}  '), { text: "We use 4 servers." })
    assert.isUndefined(extractJsonObject("[1, 2]"))
    // An object inside an array is still found, as an object inside prose is.
    assert.deepStrictEqual(extractJsonObject('[{"text": "x"}]'), { text: "x" })
    assert.isUndefined(extractJsonObject("42"))
    assert.isUndefined(extractJsonObject('"text"'))
    assert.isUndefined(extractJsonObject("null"))
    assert.isUndefined(extractJsonObject(""))
  })

  it("of several fenced blocks, the last that holds the key; with or without a language, on one line or several", () => {
    const reply = [
      "Draft:",
      '```json\n{"text": "first"}\n```',
      "Better:",
      '```\n{"text": "second"}\n```',
      'Notes: ```{"note": "no text here"}```'
    ].join("\n")
    assert.deepStrictEqual(extractJsonObject(reply, "text"), { text: "second" })
    assert.deepStrictEqual(extractJsonObject(reply), { note: "no text here" })
    assert.deepStrictEqual(extractJsonObject('```JSON   {"text": "inline"}```', "text"), { text: "inline" })
  })

  it("in prose, the last object that holds the key, over drafts and other objects", () => {
    const reply = 'First {"text": "draft"} then {"score": 3} and finally {"text": "final"} and {"other": 1}.'
    assert.deepStrictEqual(extractJsonObject(reply, "text"), { text: "final" })
    assert.deepStrictEqual(extractJsonObject(reply), { other: 1 })
    assert.isUndefined(extractJsonObject(reply, "missing"))
  })

  it("braces and quotes inside strings, escaped quotes and nested objects do not cut an object short", () => {
    const reply = 'Answer: {"text": "a } brace, a { brace and a \\"quote\\" } here", "meta": {"n": 1}} done'
    assert.deepStrictEqual(extractJsonObject(reply, "text"), {
      text: 'a } brace, a { brace and a "quote" } here',
      meta: { n: 1 }
    })
    // An escaped backslash before the closing quote ends the string.
    assert.deepStrictEqual(extractJsonObject('x {"text": "ends with \\\\"} y', "text"), { text: "ends with \\" })
    // A stray closing brace before the object, and a quote outside any object, change nothing.
    assert.deepStrictEqual(extractJsonObject('} "odd {"text": "ok"}', "text"), { text: "ok" })
  })

  it("an object that is never closed is no answer; the one before it still counts", () => {
    assert.isUndefined(extractJsonObject('{"text": "cut off', "text"))
    assert.deepStrictEqual(extractJsonObject('{"text": "whole"} {"text": "cut', "text"), { text: "whole" })
  })

  it("the answer after a think block, not the draft inside it", () => {
    assert.deepStrictEqual(extractJsonObject('<think>{"text": "draft"}</think>{"text": "final"}', "text"), {
      text: "final"
    })
  })
})

describe("the message in an error body", () => {
  it("reads each shape servers send", () => {
    assert.strictEqual(providerErrorMessage({ error: "Model not loaded" }), "Model not loaded")
    assert.strictEqual(
      providerErrorMessage({ error: { message: "context length exceeded" } }),
      "context length exceeded"
    )
    assert.strictEqual(providerErrorMessage({ object: "error", message: "no such model" }), "no such model")
    assert.strictEqual(providerErrorMessage({ detail: "Not Found" }), "Not Found")
  })

  it("anything else has no message: an empty error, an error without a message, another object, not an object", () => {
    assert.isUndefined(providerErrorMessage({ error: "" }))
    assert.isUndefined(providerErrorMessage({ error: { code: 400 } }))
    assert.isUndefined(providerErrorMessage({ error: null }))
    assert.isUndefined(providerErrorMessage({ object: "list", message: "fine" }))
    assert.isUndefined(providerErrorMessage({ object: "error", message: 42 }))
    assert.isUndefined(providerErrorMessage({ detail: ["a"] }))
    assert.isUndefined(providerErrorMessage(null))
    assert.isUndefined(providerErrorMessage("error"))
    assert.isUndefined(providerErrorMessage(undefined))
  })

  it("an error's message wins over the other shapes in the same body", () => {
    assert.strictEqual(
      providerErrorMessage({ error: { message: "from error" }, object: "error", message: "other", detail: "d" }),
      "from error"
    )
    assert.strictEqual(providerErrorMessage({ object: "error", message: "from object", detail: "d" }), "from object")
  })
})
