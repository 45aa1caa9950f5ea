/**
 * The token estimate by script (src/provider/Tokens.ts): each rate exactly at the point where the count rounds up,
 * every script each rate covers, the edges of the CJK punctuation and full-width ranges, what falls back to the Latin
 * rate, characters outside the Basic Multilingual Plane counted once, and mixed text summed before rounding up once.
 */
import { assert, describe, it } from "@effect/vitest"
import { estimateTokens } from "../../src/provider/Tokens.ts"

/** The estimate for `count` copies of the character at `codePoint`. */
const times = (count: number, char: string) => estimateTokens(char.repeat(count))
const at = (codePoint: number) => String.fromCodePoint(codePoint)

/** Ten characters of one kind: 3 tokens at the Latin rate, 4 at the alphabetic, 8 at the CJK, 15 at the emoji. */
const TEN = { latin: 3, alphabetic: 4, cjk: 8, emoji: 15 }

describe("each rate at its boundary", () => {
  it("Latin: 4 characters a token, rounded up", () => {
    assert.strictEqual(estimateTokens(""), 0)
    assert.strictEqual(times(1, "a"), 1)
    assert.strictEqual(times(4, "a"), 1)
    assert.strictEqual(times(5, "a"), 2)
    assert.strictEqual(times(12, "a"), 3)
    assert.strictEqual(times(13, "a"), 4)
  })

  it("alphabetic scripts: 2.5 characters a token, rounded up", () => {
    assert.strictEqual(times(1, "д"), 1)
    assert.strictEqual(times(5, "д"), 2)
    assert.strictEqual(times(6, "д"), 3)
    assert.strictEqual(times(10, "д"), 4)
    assert.strictEqual(times(11, "д"), 5)
  })

  it("CJK: 1.3 characters a token, rounded up", () => {
    assert.strictEqual(times(1, "漢"), 1)
    assert.strictEqual(times(2, "漢"), 2)
    assert.strictEqual(times(13, "漢"), 10)
    assert.strictEqual(times(14, "漢"), 11)
  })

  it("emoji: 0.7 characters a token, rounded up", () => {
    assert.strictEqual(times(1, "😀"), 2)
    assert.strictEqual(times(7, "😀"), 10)
    assert.strictEqual(times(8, "😀"), 12)
    assert.strictEqual(times(14, "😀"), 20)
  })
})

describe("the scripts behind each rate", () => {
  it("Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic, Devanagari and Thai count as alphabetic", () => {
    const letters = {
      Cyrillic: "дЖ",
      Greek: "αΩ",
      Armenian: "աՄ",
      Georgian: "აჰ",
      Hebrew: "אש",
      Arabic: "اي",
      Devanagari: "नक",
      Thai: "กฮ"
    }
    for (const [script, pair] of Object.entries(letters)) {
      assert.strictEqual(estimateTokens(pair.repeat(5)), TEN.alphabetic, script)
    }
    assert.strictEqual(estimateTokens("привет мир"), 4) // 9 / 2.5 + 1 / 4 = 3.85
  })

  it("Han, hiragana, katakana, Hangul, CJK punctuation and full-width forms count as CJK", () => {
    const chars = {
      Han: "漢字",
      "Han beyond the BMP": "𠀀𪚥",
      hiragana: "ひら",
      katakana: "カタ",
      Hangul: "한글",
      "CJK punctuation": "、。",
      "full-width forms": "Ａ！"
    }
    for (const [script, pair] of Object.entries(chars)) {
      assert.strictEqual(estimateTokens(pair.repeat(5)), TEN.cjk, script)
    }
  })

  it("pictographs count as emoji, in and beyond the BMP", () => {
    for (const char of ["😀", "🎉", "❤", "☀"]) assert.strictEqual(times(10, char), TEN.emoji, char)
    // Unicode counts © and ® as pictographic: they are sized as emoji, on the safe side.
    assert.strictEqual(times(10, "©"), TEN.emoji)
  })

  it("everything else counts at the Latin rate: ASCII, accented Latin, general punctuation", () => {
    for (const char of ["a", "Z", "7", " ", "\n", at(0x7f), at(0x80), "é", "ß", "ñ", "—", "’", "€"]) {
      assert.strictEqual(times(10, char), TEN.latin, JSON.stringify(char))
    }
  })
})

describe("the edges of the CJK ranges", () => {
  it("U+3000 to U+303F count as CJK; the code points either side do not", () => {
    assert.strictEqual(times(10, at(0x2fff)), TEN.latin)
    assert.strictEqual(times(10, at(0x3000)), TEN.cjk)
    assert.strictEqual(times(10, at(0x303f)), TEN.cjk)
    assert.strictEqual(times(10, at(0x3040)), TEN.latin)
  })

  it("U+FF00 to U+FFEF count as CJK; the code points either side do not", () => {
    assert.strictEqual(times(10, at(0xfeff)), TEN.latin)
    assert.strictEqual(times(10, at(0xff00)), TEN.cjk)
    assert.strictEqual(times(10, at(0xffef)), TEN.cjk)
    assert.strictEqual(times(10, at(0xfff0)), TEN.latin)
  })

  it("a CJK mark that Unicode also calls pictographic counts as CJK, not emoji", () => {
    assert.strictEqual(times(10, "〽"), TEN.cjk)
    assert.strictEqual(times(10, "〰"), TEN.cjk)
  })
})

describe("mixed text", () => {
  it("a character beyond the BMP is one character, not two halves", () => {
    assert.strictEqual(times(10, "𠀀"), TEN.cjk)
    assert.strictEqual(times(10, "😀"), TEN.emoji)
  })

  it("adds the scripts' shares and rounds up once, at the end", () => {
    assert.strictEqual(estimateTokens("aд"), 1) // 0.25 + 0.4
    assert.strictEqual(estimateTokens("API 接口"), 3) // 4 / 4 + 2 / 1.3 = 2.54
    // 10 Latin, 3 Cyrillic, 2 Han and an emoji: 2.5 + 1.2 + 1.54 + 1.43 = 6.67; rounding each up would give 9.
    assert.strictEqual(estimateTokens("Hello, мир! 你好 🎉"), 7)
    // Each share a whole number: 1 + 2 + 10 + 10 exactly, and one more Latin character tips it over.
    const whole = "abcd" + "д".repeat(5) + "漢".repeat(13) + "😀".repeat(7)
    assert.strictEqual(estimateTokens(whole), 23)
    assert.strictEqual(estimateTokens(whole + "e"), 24)
  })
})
