/**
 * Reassembly: the source with some prose texts replaced. Everything outside the replaced texts (markers, indentation,
 * line endings, protected blocks, unchanged prose) is copied from the source, so no replacement gives the input back
 * byte for byte.
 */
import type { ProseLine } from "./Blocks.ts"
import { type SourceLine, trimEndOf } from "./Lines.ts"

/** Where a prose segment's text sits in the source and how to lay out a replacement there. */
export interface ProseSlot {
  readonly index: number
  readonly text: string
  /** Source range from the first character of text to the last one; markers before and after stay outside. */
  readonly start: number
  readonly end: number
  /** Markers and indentation to put before each continuation line of a replacement. */
  readonly continuation: string
  readonly eol: string
}

/**
 * The slot of a paragraph: its lines cut from their markers and joined with "\n". Trailing whitespace after the last
 * line is not text (inside the paragraph it may be a hard break, so it stays). `offset` shifts the source range, for
 * a document whose byte order mark was stripped before parsing.
 */
export const proseSlot = (
  lines: ReadonlyArray<SourceLine>,
  proseLines: ReadonlyArray<ProseLine>,
  slot: { readonly index: number; readonly continuation: string; readonly defaultEol: string; readonly offset: number }
): ProseSlot => {
  const pieces = proseLines.map((l) => (lines[l.line] as SourceLine).text.slice(l.contentStart, l.contentEnd))
  const lastPiece = trimEndOf(pieces[pieces.length - 1] ?? "", " \t")
  pieces[pieces.length - 1] = lastPiece
  const first = proseLines[0] as ProseLine
  const last = proseLines[proseLines.length - 1] as ProseLine
  const firstLine = lines[first.line] as SourceLine
  return {
    index: slot.index,
    text: pieces.join("\n"),
    start: slot.offset + firstLine.start + first.contentStart,
    end: slot.offset + (lines[last.line] as SourceLine).start + last.contentStart + lastPiece.length,
    continuation: slot.continuation,
    eol: firstLine.eol === "" ? slot.defaultEol : firstLine.eol
  }
}

/** Rebuilds `source` with the replacements (by segment index) laid out in their slots. */
export const reassemble = (
  source: string,
  slots: ReadonlyArray<ProseSlot>,
  replacements: ReadonlyMap<number, string>
): string => {
  const out: Array<string> = []
  let cursor = 0
  for (const slot of slots) {
    const replacement = replacements.get(slot.index)
    // An unchanged text keeps its original bytes (lazy lines, odd indentation) rather than a fresh layout.
    if (replacement === undefined || replacement === slot.text) continue
    out.push(source.slice(cursor, slot.start), layOutReplacement(replacement, slot))
    cursor = slot.end
  }
  out.push(source.slice(cursor))
  return out.join("")
}

/**
 * Lays out replacement text in place of a prose segment: surrounding blank lines and indentation are trimmed (they
 * would change the block structure), and continuation lines get the segment's markers and the document's line ending.
 */
const layOutReplacement = (replacement: string, slot: ProseSlot): string => {
  const body = trimEndOf(replacement, " \t\r\n").replace(/^[ \t\r\n]+/, "")
  const blankPrefix = trimEndOf(slot.continuation, " \t")
  return body
    .split(/\r\n|\r|\n/)
    .map((line, n) => {
      // Leading indentation of a paragraph line carries no meaning, and could turn into indented code.
      const text = line.replace(/^[ \t]+/, "")
      if (n === 0) return text
      return (text === "" ? blankPrefix : slot.continuation) + text
    })
    .join(slot.eol)
}
