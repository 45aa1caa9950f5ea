/**
 * Numbers written in words: runs of number words and scales ("two hundred and five", "zwei Millionen", "vingt-cinq",
 * "quatre-vingt-dix") and CJK numerals ("三千五百", "二〇二六"). The words and their values come from the data files;
 * Quantities.ts finds the numbers of a text, reads the unit after each and calls these for the ones in words.
 */
import type { Lexicon } from "./Lexicon.ts"
import type { Prepared } from "./Text.ts"

/** The number words of a language, looked up by the lower-cased word. */
export interface NumberWords {
  /** Spelled numbers (>= 0) and scales (the negated multiplier). */
  readonly spelledOf: ReadonlyMap<string, number>
  /** The words that end a phrase of a number word list (none: the word is no part of a number). */
  readonly wordKinds: ReadonlyMap<string, number>
  /** A number written as one word of parts ("fünfundzwanzig", "zweihundert"), and one part at a time. */
  readonly compound: RegExp | undefined
  readonly compoundPart: RegExp | undefined
  /** Endings of a compound adjective after a number and a hyphen ("four-legged", "one-sided"). */
  readonly adjectiveEndings: ReadonlyArray<string>
}

/** Takes a number found at [start, end); with a `unit` given, no unit is read after it. */
export type AddNumber = (
  start: number,
  end: number,
  value: number,
  extra: { readonly weak: boolean; readonly unit?: string }
) => void

/** A CJK numeral: "三千五百" → 3500, "1.2" → 1.2, "二〇二六" → 2026, "三十七点五" → 37.5. */
export const cjkValue = (s: string, lex: Lexicon): number => {
  if (/^\d/.test(s)) return Number(s)
  // "三十七点五": the digits after "点" are read one by one.
  const point = s.indexOf("点")
  if (point > 0) {
    const digits = Array.from(s.slice(point + 1), (c) => lex.numbers.words[c] ?? 0).join("")
    return cjkValue(s.slice(0, point), lex) + Number(`0.${digits}`)
  }
  let total = 0
  let section = 0
  let digit: number | undefined
  for (const c of s) {
    const d = lex.numbers.words[c]
    const scale = lex.numbers.scales[c]
    if (d !== undefined) digit = digit === undefined ? d : digit * 10 + d
    else if (scale !== undefined && scale < 1e4) {
      section += (digit ?? 1) * scale
      digit = undefined
    } else if (scale !== undefined) {
      const small = section + (digit ?? 0)
      total = scale === 1e4 ? total + (small || 1) * scale : (total + small || 1) * scale
      section = 0
      digit = undefined
    }
  }
  return total + section + (digit ?? 0)
}

/** "vingt-cinq" → [20, 5]; "quatre-vingt-dix" → [80, 10]: the longest known prefix first. */
const hyphenated = (word: string, vocab: ReadonlyMap<string, number>): ReadonlyArray<number | undefined> => {
  const parts = word.split("-")
  const out: Array<number | undefined> = []
  for (let i = 0; i < parts.length; i++) {
    const pair = vocab.get(`${parts[i]}-${parts[i + 1]}`)
    if (pair !== undefined) i++
    out.push(pair ?? vocab.get(parts[i] ?? ""))
  }
  return out
}

/** "zweihundertfünfundzwanzig" → [2, -100, 5, 20]: the parts of a closed compound, joiners ("und") left out. */
const compoundParts = (word: string, vocab: NumberWords): ReadonlyArray<number | undefined> => {
  const part = vocab.compoundPart
  if (part === undefined) return [undefined]
  const out: Array<number> = []
  part.lastIndex = 0
  while (part.lastIndex < word.length) {
    const m = part.exec(word)
    if (m === null) return [undefined]
    const v = vocab.spelledOf.get(m[0])
    if (v !== undefined) out.push(v)
  }
  return out
}

/**
 * A compound adjective after a number and a hyphen counts nothing: "four-legged friends", "one-sided", "two-faced",
 * "zwei-stufig". The rest ends in an adjective ending after a stem of three letters or more, and not in a doubled
 * vowel before it ("two-speed", "ten-bed" are counts).
 */
const adjective = (rest: string, endings: ReadonlyArray<string>): boolean =>
  endings.some(
    (e) => rest.length >= e.length + 3 && rest.endsWith(e) && !rest.endsWith(`${e[0]}${e}`) && !rest.includes("-")
  )

/** Spelled numbers: runs of number words and scales ("two hundred and five", "zwei Millionen", "vingt-cinq"). */
export const spelled = (p: Prepared, lex: Lexicon, vocab: NumberWords, work: string, add: AddNumber): void => {
  const { ordinals, range } = lex.numbers
  let run: { start: number; end: number; total: number; current: number; last: number; lone: boolean } | undefined
  const flush = () => {
    if (run === undefined) return
    const value = run.total + run.current
    add(run.start, run.end, value, { weak: value <= 1 || run.lone })
    run = undefined
  }
  for (const w of p.words) {
    if (work[w.start] === " ") {
      flush()
      continue
    }
    const known = vocab.spelledOf.get(w.lower)
    const compound = known === undefined && (vocab.compound?.test(w.lower) ?? false)
    if (known === undefined && !compound && !w.lower.includes("-") && vocab.wordKinds.get(w.lower) === undefined) {
      flush()
      continue
    }
    const values =
      known !== undefined ? [known] : compound ? compoundParts(w.lower, vocab) : hyphenated(w.lower, vocab.spelledOf)
    if (values.some((v) => v === undefined)) {
      // "and" inside "one hundred and five", "y" in "treinta y dos": only after a tens or a scale.
      if (run !== undefined && run.last >= 20 && range.includes(w.lower) && w.start - run.end < 3) continue
      flush()
      const ordinal = ordinals[w.lower]
      // "first" and "second" are often no rank at all ("at first", "a second look"); "third" and above are.
      if (ordinal !== undefined) {
        add(w.start, w.end, ordinal, { weak: ordinal <= 2, unit: "" })
        continue
      }
      // "five-person", "two-day": the number before the hyphen, with its unit if the rest names one.
      const head = w.lower.slice(0, Math.max(0, w.lower.indexOf("-")))
      const first = vocab.spelledOf.get(head)
      if (first !== undefined && first >= 0 && !adjective(w.lower.slice(head.length + 1), vocab.adjectiveEndings))
        add(w.start, w.start + head.length, first, { weak: first <= 1 })
      continue
    }
    for (const v of values as ReadonlyArray<number>) {
      run ??= { start: w.start, end: w.end, total: 0, current: 0, last: 0, lone: v < 0 }
      if (v >= 0) {
        run.current += v
        run.last = v
      } else if (-v < 1000) {
        run.current = (run.current || 1) * -v
        run.last = -v
      } else {
        if (run.current === 0 && run.total > 0) run.total *= -v
        else run.total += (run.current || 1) * -v
        run.current = 0
        run.last = -v
      }
      run.end = w.end
    }
  }
  flush()
}
