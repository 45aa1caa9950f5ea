/**
 * The entry point of the meaning guards: every guard over one original paragraph and one rewrite of it.
 */
import { type Finding, isCertain } from "./Finding.ts"
import type { Guard } from "./Guard.ts"
import { type Lang, lexicon } from "./Lexicon.ts"
import { type Prepared, prepare } from "./Text.ts"
import { linksGuard } from "./Links.ts"
import { codeGuard } from "./Code.ts"
import { namesGuard } from "./Names.ts"
import { orderGuard } from "./Order.ts"
import { stepsGuard } from "./Steps.ts"
import { rolesGuard } from "./Roles.ts"
import { datesGuard } from "./Dates.ts"
import { numbersGuard } from "./Numbers.ts"
import { negationGuard } from "./Negation.ts"
import { modalityGuard } from "./Modality.ts"
import { operatorsGuard } from "./Operators.ts"
import { listConditionsGuard } from "./ListConditions.ts"
import { timeGuard } from "./Time.ts"
import { limitsGuard } from "./Limits.ts"
import { causesGuard } from "./Causes.ts"

export interface MeaningCheck {
  /** True when no guard found a fact changed or lost (a `certain` finding); `suspect` findings leave it true. */
  readonly ok: boolean
  /** The language the texts were read in ("other" when it has no word lists: only language-neutral guards ran). */
  readonly lang: Lang
  readonly findings: ReadonlyArray<Finding>
}

/** The guards, one kind of fact each, in the order their findings are reported. */
const GUARDS: ReadonlyArray<Guard> = [
  linksGuard,
  codeGuard,
  namesGuard,
  orderGuard,
  stepsGuard,
  rolesGuard,
  numbersGuard,
  datesGuard,
  negationGuard,
  modalityGuard,
  operatorsGuard,
  limitsGuard,
  listConditionsGuard,
  timeGuard,
  causesGuard
]

/**
 * The originals read last, each once: a paragraph's drafts (and its repair) are checked against one original, and the
 * guards keep what they find in a text with the text as read (Cues.ts, Names.ts, ...), so the original's facts are
 * found once too. Enough for the paragraphs a run has in flight.
 */
const recentOriginals = new Map<string, Prepared>()
const RECENT_ORIGINALS = 64

const preparedOriginal = (original: string): Prepared => {
  const known = recentOriginals.get(original)
  if (known !== undefined) return known
  const prepared = prepare(original)
  if (recentOriginals.size >= RECENT_ORIGINALS) recentOriginals.delete(recentOriginals.keys().next().value ?? "")
  recentOriginals.set(original, prepared)
  return prepared
}

export const checkMeaning = (original: string, rewrite: string): MeaningCheck => {
  const prepared = preparedOriginal(original)
  const input = { original: prepared, rewrite: prepare(rewrite, prepared.lang), lexicon: lexicon(prepared.lang) }
  const findings = GUARDS.flatMap((guard) => guard(input))
  return { ok: !findings.some(isCertain), lang: prepared.lang, findings }
}
