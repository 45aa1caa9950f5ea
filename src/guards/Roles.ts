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
import { sameWord } from "./NameWords.ts"
import { type Agent, type AgentReader, roleWords, type RoleWords, wordAt } from "./RoleWords.ts"
import { markedAgent, markedNouns } from "./RolesJapanese.ts"
import { clauseSpans, clausesOf, sameStem } from "./Order.ts"
import { type Prepared, type Word, wordsIn } from "./Text.ts"
import { sentenceTopics, shareOf } from "./Topics.ts"

interface Clause extends Agent {
  readonly names: ReadonlyArray<Name>
  readonly text: string
}

/** Up to this many words between an agent marker and its name ("by the team lead Marco"). */
const MARKER_REACH = 4

const agentOf: AgentReader = (p, names, from, to, rw) => {
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
  const spans = clauseSpans(clauses)
  const out: Array<Clause> = []
  for (const [clause, list] of byClause) {
    list.sort((a, b) => a.start - b.start)
    if (list.length < 2) continue
    // "Marco and Elena reviewed it": a shared subject has no single agent.
    const first = list[0] as Name
    const second = list[1] as Name
    const between = wordsIn(p, first.end, second.start)
    const gap = p.prose.slice(first.end, second.start)
    if (between.every((w) => rw.coordinators.has(w.lower)) && GAP_COORDINATED_RE.test(gap.replace(/\p{L}+/gu, "")))
      continue
    const [from, to] = spans.get(clause) ?? [-1, -1]
    if (from < 0) continue
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

/** How many sentences apart two deeds may be to have traded places. */
const DEED_REACH = 2

/** Two names whose deeds trade places: "dirigée par Claire et co-encadrée par Julien" → "Julien dirige, Claire co-encadre". */
const tradedDeeds = (p: Prepared, q: Prepared, lex: Lexicon): Finding | undefined => {
  const rw = roleWords(lex)
  const before = linksOf(p, q, lex, rw)
  if (before.length < 2) return undefined
  const after = linksOf(q, p, lex, rw)
  const lang = p.lang
  // The rewrite's links by the start of the name, so each lookup reads the few of that name.
  const byName = new Map<string, Array<Link>>()
  for (const l of after) {
    const list = byName.get(coarse(l.name)) ?? []
    list.push(l)
    byName.set(coarse(l.name), list)
  }
  const does = (name: Name, verb: string): Link | undefined =>
    byName.get(coarse(name))?.find((l) => same(l.name, name, lang) && sameStem(l.verb, verb, false))
  for (const a of before) {
    for (const b of before) {
      // Deeds trade places between neighbouring sentences, not across the whole text.
      if (Math.abs(a.sentence - b.sentence) > DEED_REACH) continue
      if (same(a.name, b.name, lang) || sameStem(a.verb, b.verb, false)) continue
      if (does(a.name, a.verb) !== undefined || does(b.name, b.verb) !== undefined) continue
      const swapped = does(a.name, b.verb)
      if (swapped !== undefined && does(b.name, a.verb) !== undefined) {
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
  const moved = movedParty(original, rewrite, lexicon)
  if (moved !== undefined) return [moved]
  const sides = tradedSides(input)
  const { a, b } = tallies(input)
  return sides !== undefined && comparisonTurned(a, b) === undefined ? [sidesFinding(sides)] : []
}

/** A name's first two letters: the names `same` may match start alike. */
const coarse = (name: Name): string => (name.keys[0] ?? "").slice(0, 2)

/** Clauses of the original whose agent is no longer the one that acts in the rewrite's clause with the same two. */
const swaps = (
  before: ReadonlyArray<Clause>,
  rewriteClauses: () => ReadonlyArray<Clause>,
  lang: Lang
): ReadonlyArray<Finding> => {
  const after = before.length === 0 ? [] : rewriteClauses()
  // The rewrite's clauses by who acts in them (the start of the name's first word), each clause said once: a long
  // paragraph's clauses meet only the few with a matching agent.
  const byAgent = new Map<string, Array<Clause>>()
  const seen = new Set<string>()
  for (const d of after) {
    const key = `${d.agent.keys.join(" ")}|${d.text}`
    if (seen.has(key)) continue
    seen.add(key)
    const list = byAgent.get(coarse(d.agent)) ?? []
    list.push(d)
    byAgent.set(coarse(d.agent), list)
  }
  const findings: Array<Finding> = []
  const asked = new Set<string>()
  for (const c of before) {
    if (asked.has(c.text)) continue
    asked.add(c.text)
    const candidates = [...new Set(c.names.flatMap((n) => byAgent.get(coarse(n)) ?? []))]
    // The clause said again word for word, with the same one acting, beside the others: nobody traded places
    // ("members bring a guest; a guest stays with the member" kept as it was).
    const kept = candidates.some((d) => d.text === c.text && same(d.agent, c.agent, lang))
    if (kept) continue
    for (const d of candidates) {
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

/** How far around its place in order a sentence of the original looks for its rewrite: rewrites keep the order. */
const SENTENCE_REACH = 4
/** How much of a sentence's topics its rewrite must share. */
const SENTENCE_SHARE = 0.5

/**
 * Two parties that traded claims: the rewrite's sentence that says an original sentence (half its topics) lacks one
 * of its names or parties, which the rewrite names elsewhere, and has instead another one of the original
 * ("赛后，陈思琪表示…" → "赛后，李雨桐表示…", "the tenant pays for repairs; the landlord…" → "the landlord pays for
 * repairs…"). A name replaced by a pronoun or left out has no other one in its place; sentences merged have all of
 * theirs.
 */
const movedParty = (original: Prepared, rewrite: Prepared, lex: Lexicon): Finding | undefined => {
  const partiesOf = (p: Prepared, other: Prepared) => [...namesOf(p, other, lex), ...actorsOf(p, other, lex)]
  const a = partiesOf(original, rewrite)
  if (a.length < 2) return undefined
  const b = partiesOf(rewrite, original)
  const lang = original.lang
  const bySentence = (names: ReadonlyArray<Name>) => {
    const out = new Map<number, Array<Name>>()
    for (const n of names) {
      const list = out.get(n.sentence)
      if (list === undefined) out.set(n.sentence, [n])
      else list.push(n)
    }
    return out
  }
  const [inA, inB] = [bySentence(a), bySentence(b)]
  const topicsA = sentenceTopics(original, lang)
  const topicsB = sentenceTopics(rewrite, lang)
  const has = (list: ReadonlyArray<Name>, n: Name) => list.some((m) => same(m, n, lang))
  const ratio = rewrite.sentences.length / Math.max(1, original.sentences.length)
  for (const [i, names] of inA) {
    const wanted = topicsA[i] ?? new Set<string>()
    const centre = Math.round(i * ratio)
    let best = -1
    let bestShare = SENTENCE_SHARE
    for (let j = Math.max(0, centre - SENTENCE_REACH); j <= centre + SENTENCE_REACH && j < topicsB.length; j++) {
      const share = shareOf(wanted, topicsB[j] ?? new Set<string>())
      if (share >= bestShare) [best, bestShare] = [j, share]
    }
    const there = inB.get(best) ?? []
    const missing = names.find((n) => !has(there, n) && has(b, n))
    const intruder = there.find((n) => !has(names, n) && has(a, n))
    if (missing !== undefined && intruder !== undefined) {
      const [x, y] = [missing.text, intruder.text]
      return finding("role", `"${x}" became "${y}" in the same claim`, x, y)
    }
  }
  return undefined
}
