/**
 * Container prefixes: which bytes at the start of a line belong to the block quotes and list items around a block.
 *
 * The mdast tree says which containers hold a paragraph and where each one starts, but not how many characters of
 * each later line their markers and indentation take. This walks a line through the containers as CommonMark does
 * (">" with up to 3 spaces before it and one after; a list item's content indentation, or a blank line), so a
 * paragraph's text can be cut from its markers and a rewrite can be laid out with the same markers.
 */
import type { Blockquote, ListItem } from "mdast"
import {
  advanceTo,
  CODE_INDENT,
  consumeColumns,
  type Cursor,
  isBlankFrom,
  isSpaceOrTab,
  nextColumn,
  skipIndent,
  type SourceLine
} from "./Lines.ts"

export type Container = Blockquote | ListItem

export interface PrefixMatch extends Cursor {
  /** How many of the containers (outermost first) this line continues or opens; fewer than all for a lazy line. */
  readonly matched: number
  /**
   * What to put before a continuation line of a paragraph that starts here: the markers of containers continued on
   * this line as they are, those of containers opened on it as a continuation would have them (a list marker becomes
   * spaces, a quote marker stays).
   */
  readonly prefix: string
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])/

/** 0-based line where a node starts. */
export const startLine = (node: Container): number => (node.position?.start.line ?? 1) - 1

export class ContainerPrefixes {
  private readonly lines: ReadonlyArray<SourceLine>
  /** Content indentation of each list item, in columns from where the item's own indentation starts. */
  private readonly indents = new Map<ListItem, number>()

  constructor(lines: ReadonlyArray<SourceLine>) {
    this.lines = lines
  }

  /** Walks line `index` through `containers` (outermost first), opening those that start on it. */
  match(index: number, containers: ReadonlyArray<Container>): PrefixMatch {
    const line = this.lines[index] as SourceLine
    const text = line.text
    let at: Cursor = { pos: 0, col: 0 }
    let prefix = ""
    let matched = 0
    for (const [depth, container] of containers.entries()) {
      const opens = startLine(container) === index
      let next: Cursor | undefined
      if (container.type === "blockquote") next = matchQuoteMarker(text, at)
      else if (opens) next = this.openItem(line, at, container)
      else next = this.continueItem(text, at, container, containers, depth)
      if (next === undefined) break
      const markers = text.slice(at.pos, next.pos)
      prefix += opens && container.type === "listItem" ? markers.replace(/[^\t]/g, " ") : markers
      at = next
      matched++
    }
    return { ...at, matched, prefix }
  }

  /** Opens a list item at its marker; returns where its content starts and remembers its content indentation. */
  private openItem(line: SourceLine, at: Cursor, item: ListItem): Cursor | undefined {
    const text = line.text
    const markerPos = (item.position?.start.offset ?? line.start) - line.start
    const marker = LIST_MARKER.exec(text.slice(markerPos))?.[0]
    if (marker === undefined || markerPos < at.pos) return undefined
    const markerAt = advanceTo(text, at, markerPos)
    const afterMarker: Cursor = { pos: markerPos + marker.length, col: markerAt.col + marker.length }
    const spaces = skipIndent(text, afterMarker)
    if (spaces.pos < text.length && spaces.columns <= CODE_INDENT) {
      this.indents.set(item, spaces.col - at.col)
      return spaces
    }
    // Nothing after the marker, or indented code after it: the content column is one past the marker.
    this.indents.set(item, afterMarker.col + 1 - at.col)
    if (spaces.pos === text.length) return afterMarker
    return { pos: afterMarker.pos + 1, col: nextColumn(text[afterMarker.pos] as string, afterMarker.col) }
  }

  /** Continues a list item: a blank line, or indentation up to the item's content column. */
  private continueItem(
    text: string,
    at: Cursor,
    item: ListItem,
    containers: ReadonlyArray<Container>,
    depth: number
  ): Cursor | undefined {
    if (isBlankFrom(text, at.pos)) return at
    let indent = this.indents.get(item)
    if (indent === undefined) {
      // Not opened in this walk: measure it on the line where it starts, inside the containers around it.
      this.match(startLine(item), containers.slice(0, depth + 1))
      indent = this.indents.get(item) ?? 0
    }
    return consumeColumns(text, at, indent)
  }
}

/** Continues or opens a blockquote: up to 3 spaces, ">", and one optional space (or tab). */
const matchQuoteMarker = (text: string, at: Cursor): Cursor | undefined => {
  const indent = skipIndent(text, at)
  if (indent.columns >= CODE_INDENT || text[indent.pos] !== ">") return undefined
  const pos = indent.pos + 1
  const col = indent.col + 1
  const after = text[pos]
  return after !== undefined && isSpaceOrTab(after) ? { pos: pos + 1, col: nextColumn(after, col) } : { pos, col }
}
