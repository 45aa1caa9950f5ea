/**
 * Segments: a markdown document as rewritable prose segments (paragraphs, list item text, block quote paragraphs) and
 * protected segments (front matter, code, tables, HTML, headings, footnote and link definitions, thematic breaks,
 * blank lines), built from one parse (Markdown.ts) and put back together byte for byte (Reassemble.ts).
 */
import type { BlockKind } from "./Blocks.ts"
import { lineBlocks } from "./Blocks.ts"
import { lineEnd, type SourceLine, splitLines } from "./Lines.ts"
import { partBreaks } from "./Parts.ts"
import { BOM, parseMarkdown } from "./Markdown.ts"
import type { Root } from "mdast"
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

/** Characters a part of the document holds at least, where the document can be cut (see `partBreaks`). */
export const PART_CHARS = 16_384
/** The first part's least characters: its paragraphs go to the provider while the rest is read (2 KB parse in ~5 ms). */
export const FIRST_PART_CHARS = 2_048

export const segmentMarkdown = (source: string, partChars: number = PART_CHARS): SegmentedDocument => {
  const parts = segmentParts(source, partChars)
  for (let part = parts.next(); ; part = parts.next()) if (part.done === true) return part.value
}

/**
 * The same segments, a part of the document at a time: each step parses one part (at least `partChars` characters,
 * cut only where no block stays open across the cut) and gives its segments, and the last returns the whole document.
 * A caller can start on the first paragraphs while the rest of a long document is still to be read.
 */
export function* segmentParts(
  source: string,
  partChars: number = PART_CHARS
): Generator<ReadonlyArray<Segment>, SegmentedDocument, void> {
  const bomLength = source.startsWith(BOM) ? BOM.length : 0
  const body = source.slice(bomLength)
  const lines = splitLines(body)
  const defaultEol = /\r\n|\n|\r/.exec(body)?.[0] ?? "\n"

  // A line nested deeper than any document needs ("- - - - …", a model stuck in a loop) would cost the parser seconds:
  // such a document is kept whole, as one protected block.
  if (TOO_DEEP_RE.test(body)) {
    const whole: Segment = { index: 0, kind: "protected", block: "other", text: source }
    yield [whole]
    return { segments: [whole], reassemble: () => source }
  }
  const segments: Array<Segment> = []
  const slots: Array<ProseSlot> = []
  if (bomLength > 0) segments.push({ index: 0, kind: "protected", block: "other", text: BOM })
  /** Adds the blocks of lines [first, end) from their parse; `tree` may hold a block after them, which it leaves. */
  const addPart = (first: number, end: number, tree: Root): void => {
    const start = (lines[first] as SourceLine).start
    const part = body.slice(start, end < lines.length ? (lines[end] as SourceLine).start : body.length)
    const partLines = lines.slice(first, end).map((line) => ({ ...line, start: line.start - start }))
    for (const block of lineBlocks(tree, partLines)) {
      const index = segments.length
      if (block.kind === "protected") {
        const text = part.slice(
          (partLines[block.first] as SourceLine).start,
          lineEnd(partLines[block.last] as SourceLine)
        )
        segments.push({ index, kind: "protected", block: block.block, text })
      } else {
        const { continuation } = block
        const slot = proseSlot(partLines, block.lines, { index, continuation, defaultEol, offset: bomLength + start })
        slots.push(slot)
        segments.push({ index, kind: "prose", block: block.block, text: slot.text })
      }
    }
  }
  let first = 0
  let yielded = 0
  for (const cut of partBreaks(lines, partChars, Math.min(FIRST_PART_CHARS, partChars))) {
    // The part is parsed with the line after it: that line must open a block of its own at the top, or something
    // stays open across the cut, and the rest of the document is read whole.
    const start = (lines[first] as SourceLine).start
    const tree = parseMarkdown(body.slice(start, lineEnd(lines[cut] as SourceLine)))
    if (tree.children.at(-1)?.position?.start.offset !== (lines[cut] as SourceLine).start - start) break
    tree.children.pop()
    addPart(first, cut, tree)
    yield segments.slice(yielded)
    yielded = segments.length
    first = cut
  }
  if (first < lines.length) addPart(first, lines.length, parseMarkdown(body.slice((lines[first] as SourceLine).start)))
  if (yielded < segments.length) yield segments.slice(yielded)
  return { segments, reassemble: (replacements) => reassemble(source, slots, replacements) }
}
