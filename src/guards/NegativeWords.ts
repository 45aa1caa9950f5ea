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
    "exclud*",
    "refrain*",
    "waive*",
    "prevent*",
    "avoid*",
    "skip*",
    "lose",
    "loses",
    "lost",
    "losing",
    "cancel*",
    "discontinu*",
    "out of service",
    "out of order",
    "switched off",
    "shut off",
    "turned off",
    "cut off",
    "shut down",
    "exempt*"
  ],
  de: [
    "verzicht*",
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
  fr: [
    "exclu*",
    "absten*",
    "abstien*",
    "perdu*",
    "perdr*",
    "évit*",
    "empêch*",
    "annul*",
    "supprim*",
    "hors service",
    "coupé*",
    "exonéré*",
    "exempt*"
  ],
  es: [
    "exclu*",
    "absten*",
    "abstien*",
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
  ru: ["воздерж*", "потер*", "теря*", "избег*", "предотвра*", "отмен*", "отключ*", "освобожд*"],
  ja: [
    "控え",
    "失われ",
    "失う",
    "紛失",
    "防ぐ",
    "防止",
    "避け",
    "中止",
    "停止",
    "休止",
    "免除",
    "除く",
    "以外",
    // Closed or out of scope: "休診" is "診療を行っておりません", "対象外" is "対象になりません".
    "休診",
    "休業",
    "休館",
    "運休",
    "欠航",
    "対象外",
    "範囲外",
    "適用外"
  ],
  zh: [
    "丢失",
    "失去",
    "避免",
    "防止",
    "取消",
    "停止",
    "暂停",
    "停水",
    "停电",
    "关闭",
    "免除",
    "除外",
    "拒绝",
    // Closed: "停诊" is "不看诊", "闭馆" is "不开放".
    "停诊",
    "停业",
    "闭馆",
    "停运",
    "停航"
  ],
  other: []
}

/**
 * Words of prohibition: "forbidden" says "not allowed". They are opposites (Opposites.ts), so the negation count does
 * not read them; they only tell that a clause of the other side holds a negation in other words ("darf nicht" ↔
 * "verboten", "нельзя" ↔ "запрещено").
 */
const PROHIBITIONS: Readonly<Record<Lang, ReadonlyArray<string>>> = {
  en: ["forbid*", "prohibit*", "ban", "bans", "banned", "not permitted"],
  de: ["verbot*", "untersag*"],
  fr: ["interdi*", "prohib*", "défendu*"],
  es: ["prohib*", "vetad*"],
  ru: ["запрещ*", "запрет*", "воспрещ*"],
  ja: ["禁止", "禁じ", "厳禁", "ご遠慮"],
  zh: ["禁止", "严禁", "不准", "不许"],
  other: []
}

const CJK = new Set<Lang>(["zh", "ja"])
const patterns = new Map<Lang, RegExp | undefined>()
const patternOf = (lang: Lang): RegExp | undefined => {
  if (!patterns.has(lang)) patterns.set(lang, phrasesPattern(WORDS[lang], CJK.has(lang)))
  return patterns.get(lang)
}

const prohibitionPatterns = new Map<Lang, RegExp | undefined>()
const prohibitionPattern = (lang: Lang): RegExp | undefined => {
  if (!prohibitionPatterns.has(lang)) prohibitionPatterns.set(lang, phrasesPattern(PROHIBITIONS[lang], CJK.has(lang)))
  return prohibitionPatterns.get(lang)
}

type Spots = ReadonlyArray<readonly [number, number]>
const spotsOf = (p: Prepared, re: RegExp | undefined): Spots =>
  re === undefined ? [] : [...p.lower.matchAll(re)].map((m) => [m.index, m.index + m[0].length] as const)

const spotsCache = new WeakMap<Prepared, Spots>()

/** Where the words of the text that hold a negation in their meaning stand, as [start, end) offsets. */
export const negativeWordSpots = (p: Prepared): Spots => {
  let spots = spotsCache.get(p)
  if (spots === undefined) {
    spots = spotsOf(p, patternOf(p.lang))
    spotsCache.set(p, spots)
  }
  return spots
}

/** How many words of the text hold a negation in their meaning. */
export const negativeWords = (p: Prepared): number => negativeWordSpots(p).length

/** Where the words of prohibition of the text stand. */
export const prohibitionSpots = (p: Prepared): Spots => spotsOf(p, prohibitionPattern(p.lang))
