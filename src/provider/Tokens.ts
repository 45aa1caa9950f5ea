/**
 * A rough token count for sizing `max_tokens`, by script. Tokenizers spend far more tokens per character on some
 * scripts than on Latin text: sizing a Chinese or Russian paragraph as if it were English cuts its rewrite off.
 * Characters per token, measured on common open-weight tokenizers and rounded down to stay on the safe side:
 */
const CHARS_PER_TOKEN = {
  latin: 4,
  /** Cyrillic, Greek, Armenian, Georgian, Hebrew, Arabic, Devanagari and Thai. */
  alphabetic: 2.5,
  /** Han, kana and Hangul, with CJK punctuation and full-width forms. */
  cjk: 1.3,
  emoji: 0.7
} as const

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u
const ALPHABETIC =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Thai}]/u
const EMOJI = /\p{Extended_Pictographic}/u

export const estimateTokens = (text: string): number => {
  const counts = { latin: 0, alphabetic: 0, cjk: 0, emoji: 0 }
  for (const char of text) {
    if (char.charCodeAt(0) < 0x80) counts.latin++
    else if (CJK.test(char)) counts.cjk++
    else if (ALPHABETIC.test(char)) counts.alphabetic++
    else if (EMOJI.test(char)) counts.emoji++
    else counts.latin++
  }
  return Math.ceil(
    counts.latin / CHARS_PER_TOKEN.latin +
      counts.alphabetic / CHARS_PER_TOKEN.alphabetic +
      counts.cjk / CHARS_PER_TOKEN.cjk +
      counts.emoji / CHARS_PER_TOKEN.emoji
  )
}
