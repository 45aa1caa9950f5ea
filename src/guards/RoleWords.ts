/** The words of a language that tell who acts in a clause (Roles.ts, RolesJapanese.ts), and what an agent is. */
import type { Lang, Lexicon } from "./Lexicon.ts"
import type { Name } from "./Names.ts"
import { nameLists } from "./NameWords.ts"
import type { Prepared } from "./Text.ts"

export interface RoleWords {
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
export const roleWords = (lex: Lexicon): RoleWords => {
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

export interface Agent {
  readonly agent: Name
  /** Where particles mark roles: the names marked as not acting (object, owner, passive subject). */
  readonly demoted?: ReadonlyArray<Name>
}

/** The index of the first word at or after `offset`. */
export { wordAt } from "./Text.ts"

/** Reads who acts in the clause of words [from, to) among `names`; none when no one is marked as acting. */
export type AgentReader = (
  p: Prepared,
  names: ReadonlyArray<Name>,
  from: number,
  to: number,
  rw: RoleWords
) => Agent | undefined
