/**
 * Source lines and the whitespace arithmetic of CommonMark (tabs advance to the next multiple of 4 columns). The parse
 * gives each block's offsets; these helpers find what lies between them on a line: markers, indentation, line endings.
 */

export interface SourceLine {
  /** Offset of the line's first character in the source. */
  readonly start: number
  /** The line without its line ending. */
  readonly text: string
  /** "\r\n", "\n", "\r", or "" for a last line without a line ending. */
  readonly eol: string
}

/** Splits at "\r\n", "\n" and "\r", the line endings micromark counts, so line n here is mdast's line n + 1. */
export const splitLines = (source: string): ReadonlyArray<SourceLine> => {
  const lines: Array<SourceLine> = []
  const lineBreak = /\r\n|\n|\r/g
  let start = 0
  for (let match = lineBreak.exec(source); match !== null; match = lineBreak.exec(source)) {
    lines.push({ start, text: source.slice(start, match.index), eol: match[0] })
    start = match.index + match[0].length
  }
  if (start < source.length) lines.push({ start, text: source.slice(start), eol: "" })
  return lines
}

export const lineEnd = (line: SourceLine): number => line.start + line.text.length + line.eol.length

/** A position in a line: character offset and visual column. */
export interface Cursor {
  readonly pos: number
  readonly col: number
}

const TAB_STOP = 4
/** Indentation of 4 columns or more (relative to the enclosing container) makes indented code. */
export const CODE_INDENT = 4

export const nextColumn = (ch: string, col: number): number =>
  ch === "\t" ? col + TAB_STOP - (col % TAB_STOP) : col + 1

export const isSpaceOrTab = (ch: string | undefined): boolean => ch === " " || ch === "\t"

/** Skips spaces and tabs; `columns` is the width skipped. */
export const skipIndent = (text: string, at: Cursor): Cursor & { readonly columns: number } => {
  let pos = at.pos
  let col = at.col
  while (isSpaceOrTab(text[pos])) {
    col = nextColumn(text[pos] as string, col)
    pos++
  }
  return { pos, col, columns: col - at.col }
}

/** Moves to `pos` in the same line, counting the columns of the characters passed. */
export const advanceTo = (text: string, at: Cursor, pos: number): Cursor => {
  let col = at.col
  for (let p = at.pos; p < pos; p++) col = nextColumn(text[p] as string, col)
  return { pos, col }
}

/**
 * Consumes `width` columns of indentation, or returns undefined when the line is indented less. A tab that reaches
 * past the wanted width is consumed whole (CommonMark would split it; the difference only matters for odd tab use).
 */
export const consumeColumns = (text: string, at: Cursor, width: number): Cursor | undefined => {
  const target = at.col + width
  let pos = at.pos
  let col = at.col
  while (col < target) {
    const ch = text[pos]
    if (ch === undefined || !isSpaceOrTab(ch)) return undefined
    col = nextColumn(ch, col)
    pos++
  }
  return { pos, col }
}

export const isBlankFrom = (text: string, pos: number): boolean => skipIndent(text, { pos, col: 0 }).pos === text.length

/**
 * Removes trailing characters from `chars`. A loop rather than a `[...]+$` regex, which is quadratic on long inner
 * runs of whitespace.
 */
export const trimEndOf = (text: string, chars: string): string => {
  let end = text.length
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--
  return text.slice(0, end)
}
