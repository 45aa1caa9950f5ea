/**
 * The compile step of the cue scanner: a language's cue entries (`negation`, `operators`, `notCues`; the entry syntax
 * is described in Cues.ts) turned once per language into one regular expression, longest entry first, with a table of
 * the literal phrases and the few entries that need a check of their own. Cues.ts scans a text with the result.
 */
import type { Lexicon } from "./Lexicon.ts"
import { escape } from "./Regex.ts"

export interface Cue {
  /** "negation", "modality", "bound", ... or "none" for a phrase that only hides cues. */
  readonly cls: string
  /** The value within its class, without a trailing "?": "weak", "upper", "only". */
  readonly value: string
  /** Accepted as a substitute only (the value was written with a trailing "?"). */
  readonly weak: boolean
}

export interface Compiled {
  readonly re: RegExp | undefined
  readonly literal: ReadonlyMap<string, ReadonlyArray<Cue>>
  readonly complex: ReadonlyArray<readonly [ReadonlyArray<Cue>, RegExp]>
  /** Literal phrases that are also the start of a phrase asking for a number ("above" and "above #"). */
  readonly numbered: ReadonlySet<string>
  /** Month names, lower-case: "May 3" is a date, not a hedge. */
  readonly months: ReadonlySet<string>
}

export const CJK = new Set(["zh", "ja"])
export const WS_RE = /\s+/g
const BOUNDARY = String.raw`(?<![\p{L}\p{N}])`
const NUMBER_AHEAD = String.raw`(?=-?\s*(?:[$€£¥]\s?)?\d)`

/** The regular-expression source of one entry, and whether it is a plain literal (looked up by its text). */
const source = (
  entry: string,
  cjk: boolean,
  numberWords: string
): { src: string; bounded: boolean; literal: boolean } => {
  // A raw expression that starts with a plain letter starts a word, like the phrases beside it.
  if (entry.startsWith("re:"))
    return { src: entry.slice(3), bounded: !cjk && /^\p{L}/u.test(entry.slice(3)), literal: false }
  let body = entry
  let tail = ""
  let literal = true
  if (body.endsWith("#")) {
    body = body.slice(0, -1).trimEnd()
    tail = numberWords === "" ? NUMBER_AHEAD : String.raw`(?=-?\s*(?:[$€£¥]\s?)?(?:\d|(?:${numberWords})(?![\p{L}])))`
    literal = false
  }
  const starStart = body.startsWith("*")
  const starEnd = body.endsWith("*")
  if (starStart) body = body.slice(1)
  if (starEnd) body = body.slice(0, -1)
  if (starStart || starEnd || body.includes("…")) literal = false
  const gap = cjk ? String.raw`[^。！？.!?]{0,12}?` : String.raw`\s+(?:\S+\s+){0,3}?`
  const src = body
    .split("…")
    .map((part) => escape(part.trim()).replace(/\s+/g, String.raw`\s+`))
    .join(gap)
  if (cjk) return { src: src + tail, bounded: false, literal }
  // The word boundary before a phrase is checked once for all phrases (see `compile`).
  const bounded = starStart || /^[\p{L}\p{N}]/u.test(body)
  const end = starEnd
    ? String.raw`\p{L}*(?![\p{L}\p{N}])`
    : /[\p{L}\p{N}]$/u.test(body)
      ? String.raw`(?![\p{L}\p{N}])`
      : ""
  return { src: (starStart ? String.raw`\p{L}*` : "") + src + end + tail, bounded, literal }
}

const WORD_END = String.raw`(?![\p{L}\p{N}])`

/**
 * Neighbouring alternatives that all end a word share one end check: "(?:not|never)(?!…)" matches what "not(?!…)|
 * never(?!…)" does (a failed check backtracks into the next alternative), but keeps the expression small enough for
 * the regular-expression engine to optimise it (past about 20,000 characters it no longer does, and runs many times
 * slower).
 */
const grouped = (list: ReadonlyArray<string>): Array<string> => {
  const out: Array<string> = []
  let run: Array<string> = []
  const flush = () => {
    if (run.length > 0) out.push(`(?:${run.join("|")})${WORD_END}`)
    run = []
  }
  for (const src of list) {
    if (src.endsWith(WORD_END)) run.push(src.slice(0, -WORD_END.length))
    else {
      flush()
      out.push(src)
    }
  }
  flush()
  return out
}

const compile = (lex: Lexicon): Compiled => {
  const cjk = CJK.has(lex.lang)
  const numberWords = Object.keys(lex.numbers.words)
    .filter((w) => /^[\p{L} ]+$/u.test(w))
    .map(escape)
    .join("|")
  const entries: Array<readonly [string, Cue]> = []
  const add = (cls: string, rawValue: string, list: ReadonlyArray<string>) => {
    const weak = rawValue.endsWith("?")
    const cue: Cue = { cls, value: weak ? rawValue.slice(0, -1) : rawValue, weak }
    for (const entry of list) entries.push([entry.startsWith("re:") ? entry : entry.toLowerCase(), cue])
  }
  add("negation", "not", lex.negation)
  for (const [cls, values] of Object.entries(lex.operators)) {
    for (const [value, list] of Object.entries(values)) add(cls, value, list)
  }
  add("none", "none", lex.notCues)
  const months = new Set(lex.months.flat().map((m) => m.toLowerCase()))
  const numbered = new Set(
    entries.filter(([e]) => e.endsWith("#")).map(([e]) => e.slice(0, -1).trim().replace(WS_RE, " "))
  )
  if (entries.length === 0) return { re: undefined, literal: new Map(), complex: [], numbered, months }
  const literal = new Map<string, Array<Cue>>()
  const complexBySource = new Map<string, Array<Cue>>()
  const sources: Array<readonly [string, number, boolean]> = []
  for (const [entry, cue] of entries) {
    const { src, bounded, literal: isLiteral } = source(entry, cjk, numberWords)
    if (isLiteral) {
      const key = entry.replace(WS_RE, " ")
      const list = literal.get(key)
      if (list === undefined) literal.set(key, [cue])
      else if (!list.includes(cue)) list.push(cue)
    } else {
      const full = (bounded ? BOUNDARY : "") + src
      const list = complexBySource.get(full)
      if (list === undefined) complexBySource.set(full, [cue])
      else if (!list.includes(cue)) list.push(cue)
    }
    // Longest first: at one position the longest phrase wins. A phrase that asks for a number goes before the same
    // phrase without ("above 50" is a bound, "above" a comparison); gaps and wildcards go after literals of their length.
    // A raw expression weighs its longest run of letters: "re:only\s…\s(?:after|once)" goes before "only".
    const weight = entry.startsWith("re:")
      ? Math.max(4, ...(entry.slice(3).match(/\p{L}+/gu) ?? []).map((w) => w.length))
      : entry.replace(/[*#…]/g, "").length
    // A raw expression that reads the number itself ("re:unter\s+\d…", a phone number) goes before the phrase
    // that only asks for one ("unter #", which weighs its word, its space and 0.7).
    const bonus =
      entry.startsWith("re:") && entry.includes("\\d") ? 1.8 : entry.endsWith("#") ? 0.7 : isLiteral ? 0.5 : 0
    sources.push([src, weight + bonus, bounded])
  }
  sources.sort((a, b) => b[1] - a[1])
  const complex = [...complexBySource].map(([src, cues]) => [cues, new RegExp(src, "uy")] as const)
  const alternatives = (bounded: boolean) =>
    grouped([...new Set(sources.filter((s) => s[2] === bounded).map(([s]) => s))])
  const inWords = alternatives(true)
  const anywhere = alternatives(false)
  const re = new RegExp(
    [...(inWords.length > 0 ? [`${BOUNDARY}(?:${inWords.join("|")})`] : []), ...anywhere].join("|"),
    "gu"
  )
  return { re, literal, complex, numbered, months }
}

const cache = new WeakMap<Lexicon, Compiled>()
/** The compiled cues of a language (cached per language). */
export const compiled = (lex: Lexicon): Compiled => {
  let c = cache.get(lex)
  if (c === undefined) {
    c = compile(lex)
    cache.set(lex, c)
  }
  return c
}
