/**
 * The cue words of the time guard (Time.ts), per language. Each list names a general pattern:
 * - `limitUntil` / `limitFrom`: the two directions of a time limit: a span that ends at a point ("until", "bis",
 *   "jusqu'à", "hasta", "до", "まで", "截止") and one that starts there ("from", "ab", "à partir de", "desde", "以降",
 *   "起"). A limit that turned from one side to the other moves the whole span.
 * - `future` / `past`: how each language marks a statement about what is still to come and one about what already
 *   happened (auxiliaries, endings, aspect particles). Present forms are neither, so a scheduled "will start" may
 *   become "starts" freely.
 * A phrase ending in "*" matches any letters after it; Latin and Cyrillic phrases match whole words, Japanese and
 * Chinese ones anywhere. A phrase starting with "~" is a regular expression; one starting with "-" is the ending
 * (a regular expression) of a word of at least four letters, such as the "-ла" of a Russian past tense.
 */
import type { Lang } from "./Lexicon.ts"

export interface TimeWords {
  readonly limitUntil: ReadonlyArray<string>
  readonly limitFrom: ReadonlyArray<string>
  readonly future: ReadonlyArray<string>
  readonly past: ReadonlyArray<string>
}

const NONE: TimeWords = { limitUntil: [], limitFrom: [], future: [], past: [] }

export const TIME_WORDS: Readonly<Record<Lang, TimeWords>> = {
  en: {
    limitUntil: ["until", "till", "up until", "no later than"],
    limitFrom: ["from", "since", "starting", "as of", "as from", "beginning", "onwards", "onward", "after"],
    future: [
      "will",
      "shall",
      "~['’]ll(?![\\p{L}\\p{N}])",
      "going to",
      "is due to",
      "are due to",
      "is scheduled to",
      "are scheduled to"
    ],
    past: ["has been", "have been", "had been", "was", "were", "did", "has already", "have already", "went"]
  },
  de: {
    limitUntil: ["~(?<![\\p{L}\\p{N}])bis(?!\\s+zu(?![mr]))(?![\\p{L}\\p{N}])", "bis zum", "bis zur", "spätestens"],
    limitFrom: ["ab", "seit", "ab dem", "ab der", "frühestens", "nach dem", "nach der", "nach ende"],
    future: ["wird", "werden", "wirst", "werde", "künftig"],
    past: ["wurde", "wurden", "war", "waren", "hatte", "hatten", "worden", "bereits"]
  },
  fr: {
    limitUntil: [
      "jusqu'à",
      "jusqu’à",
      "jusqu'au",
      "jusqu’au",
      "jusqu'aux",
      "jusqu’aux",
      "jusqu'en",
      "jusqu’en",
      "au plus tard"
    ],
    limitFrom: ["à partir de", "à partir du", "à compter de", "à compter du", "depuis", "dès", "au plus tôt", "après"],
    future: ["sera", "seront", "serez", "serons", "aura", "auront", "va", "vont", "-(?:era|eront|iront|ira|dra|dront)"],
    past: ["a été", "ont été", "était", "étaient", "avait", "avaient", "fut", "furent", "a déjà", "ont déjà", "déjà"]
  },
  es: {
    limitUntil: ["hasta", "a más tardar", "como máximo el"],
    limitFrom: [
      "desde",
      "a partir de",
      "a partir del",
      "a contar desde",
      "como pronto",
      "después de",
      "después del",
      "tras"
    ],
    future: ["-(?:rá|rán|ré|remos|réis)", "va a", "van a", "vamos a"],
    past: ["fue", "fueron", "era", "eran", "había", "habían", "ha sido", "han sido", "ya", "-(?:ó|aron|ieron)"]
  },
  ru: {
    limitUntil: ["не позднее", "вплоть до", "до конца", "до окончания", "до завершения"],
    limitFrom: ["начиная с", "начиная со", "не ранее", "с момента", "со дня", "после"],
    future: ["будет", "будут", "буду", "будем", "станет", "станут", "появится", "появятся", "начнётся", "начнется"],
    past: ["был", "была", "было", "были", "уже", "-(?:лся|лась|лось|лись)", "-[аеиоуя]л[аио]?", "-(?:шл[аио]|шёл|шел)"]
  },
  ja: {
    limitUntil: ["まで", "までに", "迄"],
    limitFrom: ["以降", "以後", "から受け付け", "から開始", "から実施", "より後", "~(?<=[日月時])から"],
    future: ["予定", "見込み", "でしょう", "だろう", "今後", "これから"],
    past: ["ました", "でした", "済み", "済です", "既に", "すでに"]
  },
  zh: {
    limitUntil: ["截止", "截至", "为止"],
    limitFrom: ["~(?<![一对])起(?!来)", "以来", "以后", "之后"],
    future: ["将", "将要", "即将", "预计", "计划", "将会"],
    past: ["已经", "已", "曾经", "曾"]
  },
  other: NONE
}
