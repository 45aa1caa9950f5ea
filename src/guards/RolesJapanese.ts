/**
 * Who acts in a Japanese clause: roles are marked by particles ("が", "は", "を", "に…られる"), not by word order,
 * and nouns marked as acting or acted on count as well as names.
 */
import type { Name } from "./Names.ts"
import { type Agent, type AgentReader, type RoleWords, wordAt } from "./RoleWords.ts"
import type { Prepared, Word } from "./Text.ts"

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
export const markedAgent: AgentReader = (p, names, from, to, rw) => {
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
export const markedNouns = (p: Prepared, names: ReadonlyArray<Name>, rw: RoleWords): ReadonlyArray<Name> => {
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
