/**
 * Who did what: when two names share a clause, the one that acts (the agent) must stay the one that acts.
 * "Marco reviewed Elena's pull request" and "Elena's pull request was reviewed by Marco" say the same; "Elena
 * reviewed Marco's pull request" does not.
 *
 * The agent of an active clause is its first name; in a passive clause it is the name after the agent marker ("by",
 * "von", "por", "par", "由", "被") or before it ("によって"); in Russian, which marks the agent by case alone, it is the
 * first name after the passive auxiliary ("был", "были").
 */
import { finding, type Finding } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import type { Lang, Lexicon } from "./Lexicon.ts"
import { type Name, namesOf } from "./Names.ts"
import { sameWord } from "./NameWords.ts"
import { clausesOf } from "./Order.ts"
import type { Prepared, Word } from "./Text.ts"

interface RoleWords {
  readonly aux: ReadonlySet<string>
  readonly before: ReadonlySet<string>
  readonly after: ReadonlySet<string>
  readonly coordinators: ReadonlySet<string>
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
      coordinators: new Set(r.coordinators)
    }
    cache.set(lex.lang, found)
  }
  return found
}

interface Clause {
  readonly names: ReadonlyArray<Name>
  readonly agent: Name
  readonly text: string
}

/** The index of the first word at or after `offset`. */
const wordAt = (words: ReadonlyArray<Word>, offset: number): number => {
  const i = words.findIndex((w) => w.start >= offset)
  return i < 0 ? words.length : i
}

/** Up to this many words between an agent marker and its name ("by the team lead Marco"). */
const MARKER_REACH = 4

const agentOf = (p: Prepared, names: ReadonlyArray<Name>, from: number, to: number, rw: RoleWords): Name => {
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
      if (k >= 0) return names[k] as Name
    }
  }
  const needsAux = rw.aux.size > 0
  if (!needsAux || aux >= 0) {
    // The marker after the auxiliary ("wurde von Herrn Braun"), not a possessive one before it ("Bericht von Keller").
    const ordered = [...markers.filter((m) => m > aux), ...markers.filter((m) => m <= aux).toReversed()]
    for (const m of ordered) {
      const agent = nameAfter(m, MARKER_REACH)
      if (agent !== undefined) return agent
    }
    if (needsAux && rw.before.size === 0) {
      const agent = nameAfter(aux, MARKER_REACH)
      if (agent !== undefined) return agent
    }
  }
  return names[0] as Name
}

const GAP_COORDINATED_RE = /^[\s,&]*$/

const clausesWithNames = (p: Prepared, other: Prepared, lex: Lexicon): ReadonlyArray<Clause> => {
  // A sentence-initial word that is only probably a name counts when the other text names it too.
  const theirs = namesOf(other, p, lex)
  const names = namesOf(p, other, lex).filter((n) => !n.weak || theirs.some((m) => same(m, n, p.lang)))
  if (names.length < 2) return []
  const rw = roleWords(lex)
  const clauses = clausesOf(p)
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
    out.push({ names: list, agent: agentOf(p, list, from, to, rw), text })
  }
  return out
}

const same = (a: Name, b: Name, lang: Lang): boolean =>
  a.keys.length === b.keys.length && a.keys.every((k, i) => sameWord(k, b.keys[i] as string, lang))

export const rolesGuard: Guard = ({ original, rewrite, lexicon }) => {
  const before = clausesWithNames(original, rewrite, lexicon)
  if (before.length === 0) return []
  const after = clausesWithNames(rewrite, original, lexicon)
  const lang = original.lang
  const findings: Array<Finding> = []
  for (const c of before) {
    for (const d of after) {
      // The same two people in one clause of each text, and the other one now acts.
      const agentThere = d.names.some((n) => same(n, c.agent, lang))
      const swapped = c.names.find((n) => !same(n, c.agent, lang) && same(n, d.agent, lang))
      if (agentThere && swapped !== undefined) {
        findings.push(finding("role", `who did what changed: "${c.text}" → "${d.text}"`, c.text, d.text))
        break
      }
    }
  }
  return findings
}
