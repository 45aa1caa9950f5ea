/**
 * The word lists the guards read, one data file per language in `lang/`. Code holds the rules; the files hold the
 * words, so a language is added or corrected without touching a guard.
 */
import de from "./lang/de.json" with { type: "json" }
import en from "./lang/en.json" with { type: "json" }
import es from "./lang/es.json" with { type: "json" }
import fr from "./lang/fr.json" with { type: "json" }
import ja from "./lang/ja.json" with { type: "json" }
import ru from "./lang/ru.json" with { type: "json" }
import zh from "./lang/zh.json" with { type: "json" }

/** The languages with word lists; any other paragraph is "other" and gets the language-neutral guards only. */
export type Lang = "en" | "de" | "es" | "fr" | "zh" | "ja" | "ru" | "other"

/** Latin-script languages told apart by their small words. */
export const MARKED_LANGS = ["en", "de", "es", "fr"] as const

/** The shape of a `lang/*.json` file. */
export interface LexiconData {
  /** Frequent small words that identify the language. */
  readonly markers: ReadonlyArray<string>
  /** Words and phrases that negate what follows. */
  readonly negation: ReadonlyArray<string>
  /**
   * Negations of the "without" kind: with another negation in its sentence the two make a condition, not a denial
   * ("without a key you cannot enter" = "you need a key to enter").
   */
  readonly privative?: ReadonlyArray<string>
  /** Negations that only carry an earlier one on ("not A nor B", "no A ni B"): after one, they add none. */
  readonly negationJoin?: ReadonlyArray<string>
  /** Meaning operators by class (hedge, bound, order, ...), each mapping a value to its cue phrases. */
  readonly operators: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>>>>
  /** Phrases that contain an operator cue but are none: "not only", "at all", "不同" (not "不"). */
  readonly notCues: ReadonlyArray<string>
  /** Prefixes that negate a word: "un" in "unreported" stands for the "not" of "not reported". */
  readonly negativePrefixes: ReadonlyArray<string>
  /**
   * The words that bound a number, by whether the bound includes it: "at least 2" and "2 or more" include 2, "more
   * than 2" does not. A phrase starting with "#" follows the number ("# or more", "#以上"); the others come before it.
   */
  readonly limits?: {
    readonly atLeast: ReadonlyArray<string>
    readonly moreThan: ReadonlyArray<string>
    readonly atMost: ReadonlyArray<string>
    readonly lessThan: ReadonlyArray<string>
  }
  /**
   * The words of cause and effect: `before` comes before a cause ("because", "weil", "由于"), `after` after it ("ので",
   * "导致"), `result` before an effect whose cause came first ("therefore", "deshalb", "因此").
   */
  readonly causes?: {
    readonly before: ReadonlyArray<string>
    readonly after: ReadonlyArray<string>
    readonly result: ReadonlyArray<string>
  }
  readonly numbers: {
    /** Spelled numbers: "two" → 2. */
    readonly words: Readonly<Record<string, number>>
    /** Multipliers: "thousand" → 1000, "万" → 10000. */
    readonly scales: Readonly<Record<string, number>>
    /** "half" → 0.5, "a quarter" → 0.25. */
    readonly fractions: Readonly<Record<string, number>>
    /** Words that make a number a percentage: "percent", "Prozent". */
    readonly percent: ReadonlyArray<string>
    /** Spelled ordinals: "third" → 3. */
    readonly ordinals: Readonly<Record<string, number>>
    /** Words joining the two ends of a range: "to", "bis"; the first end takes the unit of the second. */
    readonly range: ReadonlyArray<string>
    /** Words before a unit of a rate: "per", "a" ("twice a month"). */
    readonly per: ReadonlyArray<string>
    /** Words of a ratio between two numbers: "in" ("one in ten"), "out of". */
    readonly ratio: ReadonlyArray<string>
    /** Words of a ratio whose whole comes first: "人に" ("4人に1人", one in four), "人中有". */
    readonly ratioAfter?: ReadonlyArray<string>
    /** Words that join the parts of a number written as one word: "und" ("fünfundzwanzig"). */
    readonly compound?: ReadonlyArray<string>
    /** Phrases that contain a number word but are no number: "no one", "十分". */
    readonly ignore: ReadonlyArray<string>
    /** Words that say "all of it", which a "100 %" may be written as: "in full", "intégralement", "全额". */
    readonly whole?: ReadonlyArray<string>
    /** Words that say "the two of them", which a "two" may be written as: "both", "beide", "ambos", "оба", "双方". */
    readonly both?: ReadonlyArray<string>
  }
  /**
   * Words of opposite meaning, each side in its forms ("dry" / "wet", "damp"; "сух*" ends with any letters): one
   * that became the other turns the statement, unless a negation was added or dropped with it ("not dry" = "wet").
   */
  readonly opposites?: ReadonlyArray<ReadonlyArray<ReadonlyArray<string>>>
  /** Unit names by canonical unit: "ms" → ["ms", "millisecond", "milliseconds"]. */
  readonly units: Readonly<Record<string, ReadonlyArray<string>>>
  /** Month names, January first; abbreviations end with "." (matched with or without it, never alone). */
  readonly months: ReadonlyArray<ReadonlyArray<string>>
  /** Weekday names, Monday first; abbreviations end with ".". */
  readonly weekdays: ReadonlyArray<ReadonlyArray<string>>
  readonly dateWords: {
    /** Names of the four quarters: "third quarter", "3. Quartal". */
    readonly quarters: ReadonlyArray<ReadonlyArray<string>>
    /** Morning and afternoon markers of a 12-hour time ("a.m.", "午前"). */
    readonly am: ReadonlyArray<string>
    readonly pm: ReadonlyArray<string>
    /** Words after an hour that make it a time of day: "Uhr", "h", "点". */
    readonly hour: ReadonlyArray<string>
    /** Words after a year that make it a year: "г.", "年". */
    readonly year: ReadonlyArray<string>
    /** Words before a bare hour that make it a time of day: "a las 9", "um 9", "в 9 утра". */
    readonly at?: ReadonlyArray<string>
    /** Words after an hour that make it a time of day only after one of `at`: "в 9 часов", "à 14 heures". */
    readonly atHour?: ReadonlyArray<string>
    /** Afternoon markers that count only after one of `at`: "в 3 дня" (but "3 дня" is three days). */
    readonly atPm?: ReadonlyArray<string>
    /** The weekend, midnight and noon: a date or time said in a word ("周末", "полночь", "midi"). */
    readonly weekend?: ReadonlyArray<string>
    readonly midnight?: ReadonlyArray<string>
    readonly noon?: ReadonlyArray<string>
  }
  readonly names: {
    /** Capitalised words that are not names when they start a sentence or stand alone. */
    readonly commonCapitalised: ReadonlyArray<string>
    /** Titles before a name: "Dr", "Frau", "Mme". */
    readonly titles: ReadonlyArray<string>
    /** Lower-case words inside a name: "of" in "Bank of America". */
    readonly connectors: ReadonlyArray<string>
    /** Words after a sentence-initial imperative ("Download the …"): that word is a verb, not a name. */
    readonly determiners: ReadonlyArray<string>
    /** Small words an acronym's expansion may skip: "of", "sobre", "de". */
    readonly expansionSkip: ReadonlyArray<string>
    /** Words right after a name: "さん", "先生", "GmbH". */
    readonly suffixes: ReadonlyArray<string>
    /** Family names written first, one character each (Chinese). */
    readonly surnames: ReadonlyArray<string>
    /** Endings of common words ("-ly", "-tion"): a sentence-initial word with one is not taken for a name. */
    readonly commonEndings: ReadonlyArray<string>
    /** Words that end the name of an organisation in Chinese and Japanese ("大学", "公司", "株式会社"). */
    readonly organisations: ReadonlyArray<string>
    /** Prepositions before a place named without an article ("in Mainz"), where every noun is capitalised. */
    readonly placePrepositions?: ReadonlyArray<string>
    /** Words that open a letter ("Dear", "Liebe"): "Dear Parents and Carers" addresses a group and names no one. */
    readonly salutations?: ReadonlyArray<string>
    /** Latin acronyms and how the language writes them out ("OCR" → "光学字符识别", "FAQ" → "よくある質問"). */
    readonly expansions?: Readonly<Record<string, ReadonlyArray<string>>>
  }
  /** Who did what: passive auxiliaries, agent markers ("by", "von", "によって") and words that join two actors. */
  readonly roles: {
    readonly passiveAux: ReadonlyArray<string>
    readonly agentBefore: ReadonlyArray<string>
    readonly agentAfter: ReadonlyArray<string>
    readonly coordinators: ReadonlyArray<string>
    /** Particles after the one who acts and the one acted on (Japanese "が"/"は" and "を"). */
    readonly subjectAfter: ReadonlyArray<string>
    readonly objectAfter: ReadonlyArray<string>
    /** After another participant, an owner ("学生の"): a noun that may trade places with the agent. */
    readonly participantAfter: ReadonlyArray<string>
    /** After the agent of a passive verb (Japanese "に" in "田中さんに叱られた"). */
    readonly passiveAgentAfter: ReadonlyArray<string>
    /** A pattern that makes a clause passive where no auxiliary word does ("[さら]れ(る|た|ます)"). */
    readonly passivePattern: string
    /**
     * Parties that are no names but act or are acted on ("supplier", "der Auftraggeber", "заказчик"), in their
     * dictionary form; Actors.ts finds their other forms.
     */
    readonly actors?: ReadonlyArray<string>
    /** Chinese words whose two sides must not trade places: "比" (than), "向" (to, from). */
    readonly sides?: ReadonlyArray<string>
    /** Adverbs between the left side and such a word ("已向", "将比"). */
    readonly sideAdverbs?: ReadonlyArray<string>
    /** Prepositions: a party after one is not the subject of its clause ("to the supplier", "au client"). */
    readonly prepositions?: ReadonlyArray<string>
  }
  /** Order of events: words that put their own clause first ("after", "nachdem") or last ("before", "bevor"). */
  readonly order: {
    readonly before: ReadonlyArray<string>
    readonly after: ReadonlyArray<string>
    /** Words that say nothing about which event is meant ("you", "have"). */
    readonly stop: ReadonlyArray<string>
    /** Words that open a clause ended by its order word ("在" … "之前"). */
    readonly openers: ReadonlyArray<string>
    /** The order word ends its clause (Chinese, Japanese) instead of opening it. */
    readonly postposed: boolean
    /** Words that open the later of two events even where order words end their clause: "然后", "再", "その後". */
    readonly next: ReadonlyArray<string>
    /** Words that mark the steps of a procedure told in the order they happen: "first", "then", "まず", "然后". */
    readonly steps?: ReadonlyArray<string>
  }
}

export interface Lexicon extends LexiconData {
  readonly lang: Lang
  readonly markerSet: ReadonlySet<string>
}

const EMPTY: LexiconData = {
  markers: [],
  negation: [],
  operators: {},
  notCues: [],
  negativePrefixes: [],
  numbers: {
    words: {},
    scales: {},
    fractions: {},
    percent: [],
    ordinals: {},
    range: [],
    per: [],
    ratio: [],
    ignore: []
  },
  units: {},
  months: [],
  weekdays: [],
  dateWords: { quarters: [], am: [], pm: [], hour: [], year: [] },
  names: {
    commonCapitalised: [],
    titles: [],
    connectors: [],
    determiners: [],
    expansionSkip: [],
    suffixes: [],
    surnames: [],
    commonEndings: [],
    organisations: []
  },
  roles: {
    passiveAux: [],
    agentBefore: [],
    agentAfter: [],
    coordinators: [],
    subjectAfter: [],
    objectAfter: [],
    participantAfter: [],
    passiveAgentAfter: [],
    passivePattern: ""
  },
  order: { before: [], after: [], stop: [], openers: [], postposed: false, next: [] }
}

const DATA: Readonly<Record<Lang, LexiconData>> = { en, de, es, fr, zh, ja, ru, other: EMPTY }

const cache = new Map<Lang, Lexicon>()

/** The word lists of a language (empty lists for "other"). */
export const lexicon = (lang: Lang): Lexicon => {
  let found = cache.get(lang)
  if (found === undefined) {
    const data = DATA[lang]
    found = { ...data, lang, markerSet: new Set(data.markers) }
    cache.set(lang, found)
  }
  return found
}
