/**
 * Who did what: when two names share a clause, the one that acts (the agent) must stay the one that acts.
 * "Marco reviewed Elena's pull request" and "Elena's pull request was reviewed by Marco" say the same; "Elena
 * reviewed Marco's pull request" does not.
 *
 * The agent of an active clause is its first name; in a passive clause it is the name after the agent marker ("by",
 * "von", "por", "par", "由", "被") or before it ("によって"); in Russian, which marks the agent by case alone, it is the
 * first name after the passive auxiliary ("был", "были"). Japanese marks roles by particles ("が", "を", "に…られる"),
 * and there nouns marked as actors count as well as names. Two names whose deeds trade places in one sentence
 * ("written by A and reviewed by B" → "B wrote it, A reviewed it") are a change too.
 */
import { actorsOf, asParties } from "./Actors.ts"
import { comparisonTurned } from "./Operators.ts"
import { sidesFinding, tradedSides } from "./Sides.ts"
import { tallies } from "./Tallies.ts"
import { finding, type Finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lang, Lexicon } from "./Lexicon.ts"
import { type Name, namesOf } from "./Names.ts"
import { nameLists, sameWord } from "./NameWords.ts"
import { clausesOf, sameStem } from "./Order.ts"
import type { Prepared, Word } from "./Text.ts"

interface RoleWords {
  readonly aux: ReadonlySet<string>
  readonly before: ReadonlySet<string>
  readonly after: ReadonlySet<string>
  readonly coordinators: ReadonlySet<string>
  readonly subject: ReadonlyArray<string>
  readonly object: ReadonlySet<string>
  readonly participant: ReadonlySet<string>
  readonly passiveAgent: ReadonlySet<string>
  readonly passive: RegExp | null
  readonly honorifics: ReadonlySet<string>
}

const cache = new Map<Lang, RoleWords>()
const roleWords = (lex: Lexicon): RoleWords => {
  let found = cache.get(lex.lang)
  if (found === undefined) {
    const r = lex.roles
    found = {
      aux: new Set(r.passiveAux),
      before: new Set(r.agentBefore),
      after: new Set(r.agentAfter),
      coordinators: new Set(r.coordinators),
      subject: r.subjectAfter,
      object: new Set(r.objectAfter),
      participant: new Set(r.participantAfter),
      passiveAgent: new Set(r.passiveAgentAfter),
      passive: r.passivePattern === "" ? null : new RegExp(r.passivePattern, "u"),
      honorifics: nameLists(lex).suffixes
    }
    cache.set(lex.lang, found)
  }
  return found
}

interface Agent {
  readonly agent: Name
  /** Where particles mark roles: the names marked as not acting (object, owner, passive subject). */
  readonly demoted?: ReadonlyArray<Name>
}

interface Clause extends Agent {
  readonly names: ReadonlyArray<Name>
  readonly text: string
}

/** The index of the first word at or after `offset`. */
const wordAt = (words: ReadonlyArray<Word>, offset: number): number => {
  const i = words.findIndex((w) => w.start >= offset)
  return i < 0 ? words.length : i
}

/** Up to this many words between an agent marker and its name ("by the team lead Marco"). */
const MARKER_REACH = 4

const agentOf = (
  p: Prepared,
  names: ReadonlyArray<Name>,
  from: number,
  to: number,
  rw: RoleWords
): Agent | undefined => {
  if (rw.subject.length > 0) return markedAgent(p, names, from, to, rw)
  const words = p.words
  const starts = names.map((n) => wordAt(words, n.start))
  const nameAfter = (i: number, reach: number): Name | undefined => {
    const k = starts.findIndex((s) => s > i && s <= i + reach)
    return k < 0 ? undefined : names[k]
  }
  let aux = -1
  const markers: Array<number> = []
  for (let i = from; i < to; i++) {
    const lower = (words[i] as Word).lower
    if (aux < 0 && rw.aux.has(lower)) aux = i
    if (rw.before.has(lower)) markers.push(i)
    if (rw.after.has(lower)) {
      // "田中さんによって": the name ends right before the marker (an honorific may sit between).
      const k = starts.findLastIndex((s) => s < i && s >= i - 2)
      if (k >= 0) return { agent: names[k] as Name }
    }
  }
  const needsAux = rw.aux.size > 0
  if (!needsAux || aux >= 0) {
    // The marker after the auxiliary ("wurde von Herrn Braun"), not a possessive one before it ("Bericht von Keller").
    const ordered = [...markers.filter((m) => m > aux), ...markers.filter((m) => m <= aux).toReversed()]
    for (const m of ordered) {
      const agent = nameAfter(m, MARKER_REACH)
      if (agent !== undefined) return { agent }
    }
    if (needsAux && rw.before.size === 0) {
      const agent = nameAfter(aux, MARKER_REACH)
      if (agent !== undefined) return { agent }
    }
  }
  // The first party no preposition governs; none when every one of them is governed ("au tribunal de Rennes").
  const agent = names.find((n) => n.instrumental) ?? names.find((n) => !n.oblique)
  return agent === undefined ? undefined : { agent }
}

const LETTERS_RE = /^\p{L}+$/u
const CAUSE_RE = /^(?:から|ので|ため)$/u
const SUBORDINATE_RE = /(?:ば|たら|だら|なら|ので|のに|ても|でも)$/u
const VERB_END_RE = /\p{Script=Hiragana}*[たるだ]$/u
const ACTOR_WORD_RE = /^[\p{Script=Han}\p{Script=Katakana}ー\p{Script=Latin}\p{N}]+$/u

/** The index of the particle after a name, an honorific between them ("田中|さん|が"). */
const particleAfter = (p: Prepared, name: Name, rw: RoleWords): number => {
  const i = wordAt(p.words, name.end)
  const w = p.words[i]
  return w !== undefined && w.start === name.end && rw.honorifics.has(w.text) ? i + 1 : i
}

/**
 * Japanese marks roles with particles, not word order: in a passive clause ("鈴木さんは田中さんに推薦された") the
 * agent is the name before "に"; else the one before "が", then before "は"; a name before "を" is acted on. A "が"
 * followed by a verb and the noun it describes ("経理部が作成した報告書を") belongs to a relative clause: that name
 * acts in the relative clause, not in the sentence.
 */
const markedAgent = (
  p: Prepared,
  names: ReadonlyArray<Name>,
  from: number,
  to: number,
  rw: RoleWords
): Agent | undefined => {
  const words = p.words
  const particle = (n: Name): string => words[particleAfter(p, n, rw)]?.text ?? ""
  const clause = p.prose.slice(words[from]?.start ?? 0, words[to - 1]?.end ?? 0)
  // A "が" whose verb ends a relative clause ("経理部が作成した報告書を") or a condition ("問題があれば") is not the
  // subject of the sentence.
  const incidental = (n: Name): boolean => {
    let verb = false
    for (let i = particleAfter(p, n, rw) + 1; i < to; i++) {
      const w = words[i] as Word
      if (rw.object.has(w.text)) return verb
      const next = words[i + 1]
      if (SUBORDINATE_RE.test(w.text) || (CAUSE_RE.test(w.text) && !ACTOR_WORD_RE.test(words[i - 1]!.text))) return true
      if (!LETTERS_RE.test(w.text) || rw.subject.includes(w.text) || rw.passiveAgent.has(w.text)) return false
      // A verb form ("した", "まとめた", "する") right before the noun makes a relative clause.
      if (!ACTOR_WORD_RE.test(w.text))
        verb = VERB_END_RE.test(w.text) && next !== undefined && ACTOR_WORD_RE.test(next.text)
    }
    return false
  }
  const passive = rw.passive?.test(clause) === true
  // Who is explicitly not the agent: the one acted on, an owner, an incidental "が", the subject of a passive.
  const demoted = names.filter((n) => {
    const mark = particle(n)
    if (rw.object.has(mark) || rw.participant.has(mark)) return true
    return rw.subject.includes(mark) && (passive || incidental(n))
  })
  const of = (agent: Name): Agent => ({ agent, demoted: demoted.filter((n) => n !== agent) })
  // "によって" and "に" name the agent of a passive verb only; elsewhere they say how or to whom.
  if (passive) {
    for (const n of names) if (rw.after.has(particle(n))) return of(n)
    for (const n of names) if (rw.passiveAgent.has(particle(n))) return of(n)
  }
  for (const marker of rw.subject) {
    const main = names.find((n) => particle(n) === marker && !incidental(n))
    if (main !== undefined) return of(main)
  }
  // No one is marked as acting ("食事の前に薬を飲む"): the clause names no agent.
  return undefined
}

/** Japanese nouns that a particle marks as acting or acted on ("経理部が", "外部監査法人によって"): actors like names. */
const markedNouns = (p: Prepared, names: ReadonlyArray<Name>, rw: RoleWords): ReadonlyArray<Name> => {
  const words = p.words
  const out: Array<Name> = []
  for (let i = 1; i < words.length; i++) {
    const w = words[i] as Word
    const marks = rw.subject.includes(w.text) || rw.object.has(w.text) || rw.participant.has(w.text)
    if (!marks && !rw.after.has(w.text)) continue
    let k = i
    while (k > 0 && words[k - 1]!.end === words[k]!.start && ACTOR_WORD_RE.test(words[k - 1]!.text)) k--
    if (k === i) continue
    const first = words[k] as Word
    const last = words[i - 1] as Word
    if (names.some((n) => n.start < last.end && n.end > first.start)) continue
    const text = p.prose.slice(first.start, last.end)
    out.push({
      text,
      keys: [text],
      strong: false,
      weak: false,
      start: first.start,
      end: last.end,
      sentence: w.sentence
    })
  }
  return out
}

const GAP_COORDINATED_RE = /^[\s,&]*$/

const clausesWithNames = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Clause> => {
  // A sentence-initial word that is only probably a name counts when the other text names it too.
  const theirs = namesOf(other, p, lex)
  const rw = roleWords(lex)
  const found = namesOf(p, other, lex).filter((n) => !n.weak || theirs.some((m) => same(m, n, p.lang)))
  // Where particles mark roles, marked nouns are actors too, and a sentence is one clause ("…を、…が確認します").
  const marked = rw.subject.length > 0
  return partyClauses(p, marked ? [...found, ...markedNouns(p, found, rw)] : found, rw)
}

/** The clauses where two parties that are no names meet ("the supplier paid the client"). */
const clausesWithParties = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Clause> =>
  partyClauses(p, asParties(p, actorsOf(p, other, lex), lex), roleWords(lex))

const partyClauses = (p: Prepared, names: ReadonlyArray<Name>, rw: RoleWords): ReadonlyArray<Clause> => {
  if (names.length < 2) return []
  const marked = rw.subject.length > 0
  const clauses = marked ? p.words.map((w) => w.sentence) : clausesOf(p)
  const byClause = new Map<number, Array<Name>>()
  for (const n of names) {
    const clause = clauses[wordAt(p.words, n.start)] ?? -1
    const list = byClause.get(clause) ?? []
    if (!list.some((m) => m.start === n.start)) list.push(n)
    byClause.set(clause, list)
  }
  const out: Array<Clause> = []
  for (const [clause, list] of byClause) {
    list.sort((a, b) => a.start - b.start)
    if (list.length < 2) continue
    // "Marco and Elena reviewed it": a shared subject has no single agent.
    const first = list[0] as Name
    const second = list[1] as Name
    const between = p.words.filter((w) => w.start >= first.end && w.end <= second.start)
    const gap = p.prose.slice(first.end, second.start)
    if (between.every((w) => rw.coordinators.has(w.lower)) && GAP_COORDINATED_RE.test(gap.replace(/\p{L}+/gu, "")))
      continue
    const from = clauses.indexOf(clause)
    let to = from
    while (clauses[to] === clause) to++
    const text = p.prose.slice(p.words[from]?.start ?? 0, p.words[to - 1]?.end ?? 0)
    const agent = agentOf(p, list, from, to, rw)
    if (agent !== undefined) out.push({ names: list, ...agent, text })
  }
  return out
}

const same = (a: Name, b: Name, lang: Lang): boolean =>
  a.keys.length === b.keys.length && a.keys.every((k, i) => sameWord(k, b.keys[i] as string, lang))

interface Link {
  readonly name: Name
  readonly verb: string
  readonly sentence: number
}

const GAP_SPACE_RE = /^\s*$/
const VERB_RE = /^\p{L}[\p{L}'’-]{2,}$/u

/**
 * What each name does, where names are written with spaces: the word before the agent marker of a passive ("dirigée
 * par Claire" → Claire, "dirigée"), else the word after the name ("Julien dirige" → Julien, "dirige"; an
 * auxiliary is skipped). Names in different clauses of one sentence are linked too ("…, que Claire co-encadre").
 */
const linksOf = (p: Prepared, other: Prepared, lex: Lexicon, rw: RoleWords): ReadonlyArray<Link> => {
  if (p.lang === "zh" || p.lang === "ja" || rw.before.size === 0) return []
  const theirs = namesOf(other, p, lex)
  const names = namesOf(p, other, lex).filter((n) => !n.weak || theirs.some((m) => same(m, n, p.lang)))
  if (names.length < 2) return []
  const words = p.words
  const out: Array<Link> = []
  for (const n of names) {
    const i = wordAt(words, n.start)
    const marker = words[i - 1]
    const verb = (w: Word | undefined): w is Word =>
      w !== undefined && w.sentence === n.sentence && VERB_RE.test(w.text) && !rw.coordinators.has(w.lower)
    if (marker !== undefined && rw.before.has(marker.lower)) {
      const participle = words[i - 2]
      if (verb(participle) && !rw.aux.has(participle.lower))
        out.push({ name: n, verb: participle.lower, sentence: n.sentence })
      continue
    }
    const next = words[wordAt(words, n.end)]
    if (
      verb(next) &&
      !rw.aux.has(next.lower) &&
      !rw.before.has(next.lower) &&
      GAP_SPACE_RE.test(p.prose.slice(n.end, next.start))
    )
      out.push({ name: n, verb: next.lower, sentence: n.sentence })
  }
  return out
}

/** Two names whose deeds trade places: "dirigée par Claire et co-encadrée par Julien" → "Julien dirige, Claire co-encadre". */
const tradedDeeds = (p: Prepared, q: Prepared, lex: Lexicon): Finding | undefined => {
  const rw = roleWords(lex)
  const before = linksOf(p, q, lex, rw)
  if (before.length < 2) return undefined
  const after = linksOf(q, p, lex, rw)
  const lang = p.lang
  const does = (links: ReadonlyArray<Link>, name: Name, verb: string): Link | undefined =>
    links.find((l) => same(l.name, name, lang) && sameStem(l.verb, verb, false))
  for (const a of before) {
    for (const b of before) {
      if (same(a.name, b.name, lang) || sameStem(a.verb, b.verb, false)) continue
      if (does(after, a.name, a.verb) !== undefined || does(after, b.name, b.verb) !== undefined) continue
      const swapped = does(after, a.name, b.verb)
      if (swapped !== undefined && does(after, b.name, a.verb) !== undefined) {
        const text = sentenceText(p, a.sentence)
        const there = sentenceText(q, swapped.sentence)
        return finding("role", `who did what changed: "${text}" → "${there}"`, text, there)
      }
    }
  }
  return undefined
}

const sentenceText = (p: Prepared, index: number): string => {
  const [start, end] = p.sentences[index] ?? [0, p.prose.length]
  return p.prose.slice(start, end).trim()
}

export const rolesGuard: Guard = (input) => {
  const { original, rewrite, lexicon } = input
  const byName = swaps(
    clausesWithNames(original, rewrite, lexicon),
    () => clausesWithNames(rewrite, original, lexicon),
    original.lang
  )
  if (byName.length > 0) return byName
  const byParty = swaps(
    clausesWithParties(original, rewrite, lexicon),
    () => clausesWithParties(rewrite, original, lexicon),
    original.lang
  )
  if (byParty.length > 0) return byParty
  const traded = tradedDeeds(original, rewrite, lexicon)
  if (traded !== undefined) return [traded]
  const sides = tradedSides(input)
  const { a, b } = tallies(input)
  return sides !== undefined && comparisonTurned(a, b) === undefined ? [sidesFinding(sides)] : []
}

/** Clauses of the original whose agent is no longer the one that acts in the rewrite's clause with the same two. */
const swaps = (
  before: ReadonlyArray<Clause>,
  rewriteClauses: () => ReadonlyArray<Clause>,
  lang: Lang
): ReadonlyArray<Finding> => {
  const after = before.length === 0 ? [] : rewriteClauses()
  const findings: Array<Finding> = []
  for (const c of before) {
    for (const d of after) {
      // The same two people in one clause of each text, and the other one now acts.
      // Where particles mark roles, the agent must now be marked as not acting ("田中さんを", "田中さんの").
      const agentThere =
        d.demoted === undefined
          ? d.names.some((n) => same(n, c.agent, lang))
          : d.demoted.some((n) => same(n, c.agent, lang))
      const swapped = c.names.find((n) => !same(n, c.agent, lang) && same(n, d.agent, lang))
      if (agentThere && swapped !== undefined) {
        findings.push(finding("role", `who did what changed: "${c.text}" → "${d.text}"`, c.text, d.text))
        break
      }
    }
  }
  return findings
}
