/**
 * Words whose meaning holds a negation: "waived" (not charged), "lost" (not kept), "cancelled", "out of service" (not
 * working), "switched off", "prevent" (make it not happen), "exempt", "fuera de servicio", "entfällt", "отключены",
 * "中止" (words that a negation list already counts, such as "unavailable", "free of charge" or "lacks", and the
 * opposites of Opposites.ts, such as "forbidden", are left out). A
 * rewrite may say the same with an explicit negation ("the fee is waived" ↔ "you won't pay the fee", "will
 * be switched off" ↔ "will not be available", "stop the mixture curdling" ↔ "so it doesn't curdle"), and the reverse.
 * Negation.ts lets each such word the rewrite dropped or added stand for one negation it added or dropped ("not
 * lost" ↔ "kept" drops both). A phrase
 * ending in "*" is a stem; Latin and Cyrillic phrases match whole words, Japanese and Chinese ones anywhere.
 */
import type { Lang } from "./Lexicon.ts"
import { phrasesPattern } from "./Regex.ts"
import type { Prepared } from "./Text.ts"

const WORDS: Readonly<Record<Lang, ReadonlyArray<string>>> = {
  en: [
    "waive*",
    "prevent*",
    "avoid*",
    "lose",
    "loses",
    "lost",
    "losing",
    "cancel*",
    "discontinu*",
    "out of service",
    "out of order",
    "switched off",
    "turned off",
    "cut off",
    "shut down",
    "exempt*"
  ],
  de: [
    "entfällt",
    "entfallen",
    "verloren",
    "verlier*",
    "verhinder*",
    "vermeid*",
    "gestrichen",
    "abgesagt",
    "storniert",
    "ausgefallen",
    "fällt aus",
    "fallen aus",
    "außer betrieb",
    "abgeschaltet",
    "befreit",
    "ausgeschlossen",
    "abgelehnt"
  ],
  fr: ["perdu*", "perdr*", "évit*", "empêch*", "annul*", "supprim*", "hors service", "coupé*", "exonéré*", "exempt*"],
  es: [
    "perd*",
    "evit*",
    "impid*",
    "cancel*",
    "anulad*",
    "suprimid*",
    "fuera de servicio",
    "cortad*",
    "exent*",
    "rechaz*",
    "gratuit*",
    "incumpl*"
  ],
  ru: ["потер*", "теря*", "избег*", "предотвра*", "отмен*", "отключ*", "освобожд*"],
  ja: ["失われ", "失う", "紛失", "防ぐ", "防止", "避け", "中止", "停止", "休止", "免除", "除く", "以外"],
  zh: ["丢失", "失去", "避免", "防止", "取消", "停止", "暂停", "停水", "停电", "关闭", "免除", "除外", "拒绝"],
  other: []
}

const CJK = new Set<Lang>(["zh", "ja"])
const patterns = new Map<Lang, RegExp | undefined>()
const patternOf = (lang: Lang): RegExp | undefined => {
  if (!patterns.has(lang)) patterns.set(lang, phrasesPattern(WORDS[lang], CJK.has(lang)))
  return patterns.get(lang)
}

const counts = new WeakMap<Prepared, number>()

/** How many words of the text hold a negation in their meaning. */
export const negativeWords = (p: Prepared): number => {
  let n = counts.get(p)
  if (n === undefined) {
    const re = patternOf(p.lang)
    n = re === undefined ? 0 : [...p.lower.matchAll(re)].length
    counts.set(p, n)
  }
  return n
}
