/**
 * How the operator guards word a finding about a cue: the cue as a writer reads it, with a few words around it so the
 * writer finds the place: `"should" became "must" ("should rotate the keys" → "must rotate the keys")`.
 */
import { type Hit, label } from "./Cues.ts"
import { finding, type Finding, type FindingKind, quote } from "./Finding.ts"
import type { Prepared } from "./Text.ts"

const CJK = new Set(["zh", "ja"])

/** A few words around [start, end) of `text`, for a message: "cannot create new projects". */
export const around = (text: Prepared, start: number, end: number, before = 2, after = 3): string => {
  const prose = text.prose
  const cjk = CJK.has(text.lang)
  let from = start
  let to = end
  if (cjk) {
    from = Math.max(0, start - 6)
    to = Math.min(prose.length, end + 8)
  } else {
    for (let n = 0; n < before && from > 0; n++) from = prose.lastIndexOf(" ", from - 2) + 1
    for (let n = 0; n < after && to < prose.length; n++) {
      const next = prose.indexOf(" ", to + 1)
      to = next < 0 ? prose.length : next
    }
  }
  // Stay inside the sentence of the cue.
  for (const [s, e] of text.sentences) {
    if (start >= s && start < e) {
      from = Math.max(from, s)
      to = Math.min(to, e)
    }
  }
  return prose
    .slice(from, to)
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[,;:.。，、]+$/u, "")
}

/** A cue of the original that the rewrite replaced with another. */
export const became = (kind: FindingKind, original: Prepared, from: Hit, to: Hit, rewrite: Prepared): Finding =>
  finding(
    kind,
    `${quote(label(from))} became ${quote(label(to))} (${quote(around(original, from.start, from.end))} → ${quote(around(rewrite, to.start, to.end))})`,
    label(from),
    label(to)
  )

/** A cue of the original that the rewrite lacks. */
export const dropped = (kind: FindingKind, original: Prepared, hit: Hit): Finding => {
  const context = around(original, hit.start, hit.end)
  return finding(kind, `${quote(label(hit))} was dropped (${quote(context)})`, context)
}

/** A cue of the original that became `to` in the rewrite, or was dropped when the rewrite has nothing in its place. */
export const becameOrDropped = (
  kind: FindingKind,
  original: Prepared,
  from: Hit,
  to: Hit | undefined,
  rewrite: Prepared
): Finding => (to === undefined ? dropped(kind, original, from) : became(kind, original, from, to, rewrite))

/** A cue of the rewrite that the original lacks. */
export const added = (kind: FindingKind, rewrite: Prepared, hit: Hit): Finding => {
  const context = around(rewrite, hit.start, hit.end)
  return finding(kind, `${quote(label(hit))} was added (${quote(context)})`, undefined, context)
}
