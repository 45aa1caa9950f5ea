/**
 * Segments: a markdown document as rewritable prose segments (paragraphs, list item text, block quote paragraphs) and
 * protected segments (front matter, code, tables, HTML, headings, footnote and link definitions, thematic breaks,
 * blank lines), built from one parse (Markdown.ts) and put back together byte for byte (Reassemble.ts).
 */
import type { BlockKind } from "./Blocks.ts"
import { lineBlocks } from "./Blocks.ts"
import { lineEnd, type SourceLine, splitLines } from "./Lines.ts"
import { BOM, parseMarkdown } from "./Markdown.ts"
import { type ProseSlot, proseSlot, reassemble } from "./Reassemble.ts"

export type { BlockKind, ProseBlockKind, ProtectedBlockKind } from "./Blocks.ts"

export type SegmentKind = "prose" | "protected"

export interface Segment {
  /** Position in the segments array. */
  readonly index: number
  readonly kind: SegmentKind
  /**
   * For prose: the rewritable text only (no list marker, no blockquote marker, no indentation of continuation lines,
   * no trailing whitespace or line ending), soft line breaks as "\n". For protected: the exact source bytes.
   */
  readonly text: string
  readonly block: BlockKind
}

export interface SegmentedDocument {
  readonly segments: ReadonlyArray<Segment>
  /**
   * Rebuild the document. `replacements` maps a prose segment index to its new text. With an empty map it returns
   * the original string exactly (byte for byte). Entries for protected segments are ignored.
   */
  readonly reassemble: (replacements: ReadonlyMap<number, string>) => string
}

/** More than this many list or quote markers open one line. */
const MAX_DEPTH = 32
// A marker takes exactly one space or tab after it and the next marker's leading run takes the rest. A run of its own
// after each marker would let the spaces split in many ways, which the regex tries one by one when the line is not
// deep enough: 22 quote markers took seconds to reject, 32 took minutes.
const TOO_DEEP_RE = new RegExp(`^(?:[ \\t]*(?:[-*+]|\\d{1,9}[.)])[ \\t]|[ \\t]*>){${MAX_DEPTH + 1}}`, "m")

export const segmentMarkdown = (source: string): SegmentedDocument => {
  const bomLength = source.startsWith(BOM) ? BOM.length : 0
  const body = source.slice(bomLength)
  const lines = splitLines(body)
  const defaultEol = /\r\n|\n|\r/.exec(body)?.[0] ?? "\n"

  // A line nested deeper than any document needs ("- - - - …", a model stuck in a loop) would cost the parser seconds:
  // such a document is kept whole, as one protected block.
  if (TOO_DEEP_RE.test(body)) {
    return { segments: [{ index: 0, kind: "protected", block: "other", text: source }], reassemble: () => source }
  }
  const segments: Array<Segment> = []
  const slots: Array<ProseSlot> = []
  if (bomLength > 0) segments.push({ index: 0, kind: "protected", block: "other", text: BOM })
  for (const block of lineBlocks(parseMarkdown(body), lines)) {
    const index = segments.length
    if (block.kind === "protected") {
      const text = body.slice((lines[block.first] as SourceLine).start, lineEnd(lines[block.last] as SourceLine))
      segments.push({ index, kind: "protected", block: block.block, text })
    } else {
      const { continuation } = block
      const slot = proseSlot(lines, block.lines, { index, continuation, defaultEol, offset: bomLength })
      slots.push(slot)
      segments.push({ index, kind: "prose", block: block.block, text: slot.text })
    }
  }

  return { segments, reassemble: (replacements) => reassemble(source, slots, replacements) }
}
