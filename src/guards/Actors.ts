/**
 * Parties that are no names: "the supplier paid the client", "der Auftraggeber haftet gegenüber dem Auftragnehmer",
 * "Заказчик оштрафовал подрядчика". They take part in the who-did-what check (Roles.ts) as names do, when both texts
 * name them. The words come from each language's `roles.actors`, in their dictionary form; any form that adds up to
 * three letters is the same party ("clients", "Kunden", "подрядчика").
 *
 * A party after a preposition ("au client", "to the supplier", "gegenüber dem Auftragnehmer") is oblique: not the
 * subject of its clause. Russian tells the subject by case: a party that is not in the nominative is oblique, and one
 * in the instrumental is the agent of a passive clause ("подрядчик оштрафован заказчиком").
 */
import type { Lexicon } from "./Lexicon.ts"
import type { Name } from "./Names.ts"
import type { Prepared, Word } from "./Text.ts"
import { wordAt } from "./RoleWords.ts"

interface ActorWords {
  /** Lemmas by their first three letters, longest first. */
  readonly byStart: ReadonlyMap<string, ReadonlyArray<readonly [lemma: string, stem: string]>>
  readonly prepositions: ReadonlySet<string>
  readonly determiners: ReadonlySet<string>
}

/** Russian endings dropped to get the stem a noun declines from ("компания" → "компани"). */
const RU_FINAL_RE = /[аяоеьйи]$/u
const RU_INSTRUMENTAL_RE = /^(?:ом|ем|ём|ами|ями)$/u
/** The instrumental of a feminine noun ("компанией"); for "житель" the same ending is a genitive plural. */
const RU_FEMININE_INSTRUMENTAL_RE = /^(?:ой|ей|ою|ею)$/u
const RU_FEMININE_RE = /[ая]$/u
const RU_NOMINATIVE_PLURAL_RE = /^[иы]$/u
const POSSESSIVE_RE = /['’]s?$/u
const ELISION_RE = /^(?:[cdjlmnst]|qu)['’]/u
const MAX_ENDING = 3
const FLEETING_RE = /ь?е?ц$/u

const cache = new WeakMap<Lexicon, ActorWords | null>()
const actorWords = (lex: Lexicon): ActorWords | null => {
  let found = cache.get(lex)
  if (found === undefined) {
    const actors = lex.roles.actors ?? []
    const byStart = new Map<string, Array<readonly [string, string]>>()
    for (const lemma of actors.toSorted((a, b) => b.length - a.length)) {
      const stem = lex.lang === "ru" && lemma.length > 4 ? lemma.replace(RU_FINAL_RE, "") : lemma
      const key = stem.slice(0, 3)
      byStart.set(key, [...(byStart.get(key) ?? []), [lemma, stem]])
    }
    found =
      actors.length === 0
        ? null
        : {
            byStart,
            prepositions: new Set(lex.roles.prepositions ?? []),
            determiners: new Set([
              ...lex.names.determiners,
              ...lex.names.commonCapitalised,
              ...lex.names.titles.map((t) => t.toLowerCase())
            ])
          }
    cache.set(lex, found)
  }
  return found
}

/** The lemma and the ending of a word that is a form of a party, if it is one. */
const partyOf = (word: string, aw: ActorWords): readonly [string, string] | undefined => {
  const w = word.replace(POSSESSIVE_RE, "").replace(ELISION_RE, "")
  for (const [lemma, stem] of aw.byStart.get(w.slice(0, 3)) ?? []) {
    if (w.startsWith(stem) && w.length - stem.length <= MAX_ENDING) return [lemma, w.slice(stem.length)]
  }
  return undefined
}

/** Whether a preposition governs the word at `i`, an article or other determiner between them. */
const governed = (words: ReadonlyArray<Word>, i: number, aw: ActorWords): boolean => {
  for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
    const w = words[k] as Word
    if (w.sentence !== words[i]?.sentence) return false
    if (aw.prepositions.has(w.lower)) return true
    if (!aw.determiners.has(w.lower)) return false
  }
  return false
}

/** The parties without the ones that only qualify the next word, in English ("Team plan customers"). */
export const asParties = (p: Prepared, parties: ReadonlyArray<Name>, lex: Lexicon): ReadonlyArray<Name> => {
  const aw = actorWords(lex)
  // Only English stacks nouns that way; "клиента поставщик" are two parties.
  if (aw === null || lex.lang !== "en") return parties
  return parties.filter((n) => {
    const next = p.words[wordAt(p.words, n.end)]
    return !(
      next !== undefined &&
      next.sentence === n.sentence &&
      /^\s+$/u.test(p.prose.slice(n.end, next.start)) &&
      partyOf(next.lower, aw) !== undefined
    )
  })
}

const CAPITALISED_RE = /^\p{Lu}/u

/** The party words that `p` capitalises inside a sentence. */
const named = (p: Prepared, aw: ActorWords): ReadonlyArray<string> =>
  p.words.flatMap((w, i) => {
    const prev = p.words[i - 1]
    if (prev === undefined || prev.sentence !== w.sentence || !CAPITALISED_RE.test(w.text)) return []
    const party = partyOf(w.lower, aw)
    return party === undefined ? [] : [party[0]]
  })

const actorsCache = new WeakMap<Prepared, { readonly other: Prepared; readonly parties: ReadonlyArray<Name> }>()

/** The parties of `p` that `other` names too (read once for each pair: the roles guard asks more than once). */
export const actorsOf = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Name> => {
  const cached = actorsCache.get(p)
  if (cached !== undefined && cached.other === other) return cached.parties
  const parties = readActors(p, other, lex)
  actorsCache.set(p, { other, parties })
  return parties
}

const readActors = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Name> => {
  const aw = actorWords(lex)
  if (aw === null) return []
  // "продавец" and "продавц(а)" are one party: a Russian vowel that drops out in the other cases is left out.
  const stem = (lemma: string) => (lex.lang === "ru" ? lemma.replace(FLEETING_RE, "ц") : lemma)
  const theirs = new Set(
    other.words
      .map((w) => partyOf(w.lower, aw)?.[0])
      .filter((l) => l !== undefined)
      .map(stem)
  )
  if (theirs.size === 0) return []
  // A party word capitalised inside a sentence is a name there ("the Team plan"), outside German.
  if (lex.lang !== "de") for (const lemma of [...named(p, aw), ...named(other, aw)]) theirs.delete(stem(lemma))
  const out: Array<Name> = []
  p.words.forEach((w, i) => {
    const party = partyOf(w.lower, aw)
    if (party === undefined || !theirs.has(stem(party[0]))) return
    const [lemma, ending] = party
    const prep = governed(p.words, i, aw)
    const russian = lex.lang === "ru"
    const nominative = !russian || w.lower === lemma || RU_NOMINATIVE_PLURAL_RE.test(ending)
    out.push({
      text: w.text,
      keys: [lemma],
      strong: false,
      weak: false,
      start: w.start,
      end: w.end,
      sentence: w.sentence,
      oblique: prep || !nominative,
      instrumental:
        russian &&
        !prep &&
        (RU_INSTRUMENTAL_RE.test(ending) || (RU_FEMININE_RE.test(lemma) && RU_FEMININE_INSTRUMENTAL_RE.test(ending)))
    })
  })
  return out
}
