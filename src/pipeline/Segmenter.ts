/**
 * Segmenter: pipeline step 1 (DESIGN.md section 3).
 *
 * Splits a markdown document into rewritable prose segments (paragraphs, list item text, blockquote paragraphs) and
 * protected segments (front matter, code, tables, HTML, headings, thematic breaks, blank lines, link reference
 * definitions), and rebuilds the document from them. Whatever is not prose text (markers, indentation, line endings,
 * protected blocks) is copied from the source, so a rebuild without replacements is the input byte for byte.
 *
 * The scanner is line based and follows the CommonMark block structure closely enough for this purpose: it tracks
 * open containers (blockquotes and list items) and one open leaf block, like the reference parsers do, but it does not
 * parse inline content and it does not build a tree; it only records which source lines form which block.
 */

export type SegmentKind = "prose" | "protected"

export type ProseBlockKind = "paragraph" | "list-item" | "blockquote"

export type BlockKind =
  ProseBlockKind | "heading" | "code" | "front-matter" | "table" | "html" | "blank" | "thematic-break" | "other"

export type ProtectedBlockKind = Exclude<BlockKind, ProseBlockKind>

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

// ---------------------------------------------------------------------------------------------------------------------
// Source lines and whitespace

interface SourceLine {
  /** Offset of the line's first character in the source. */
  readonly start: number
  /** The line without its line ending. */
  readonly text: string
  /** "\r\n", "\n", "\r", or "" for a last line without a line ending. */
  readonly eol: string
}

const splitLines = (source: string, from: number): ReadonlyArray<SourceLine> => {
  const lines: Array<SourceLine> = []
  const lineBreak = /\r\n|\n|\r/g
  lineBreak.lastIndex = from
  let start = from
  for (let match = lineBreak.exec(source); match !== null; match = lineBreak.exec(source)) {
    lines.push({ start, text: source.slice(start, match.index), eol: match[0] })
    start = match.index + match[0].length
  }
  if (start < source.length) lines.push({ start, text: source.slice(start), eol: "" })
  return lines
}

const lineEnd = (line: SourceLine): number => line.start + line.text.length + line.eol.length

/** A position in a line: character offset and visual column (tabs advance to the next multiple of 4). */
interface Cursor {
  readonly pos: number
  readonly col: number
}

const TAB_STOP = 4
/** Indentation of 4 columns or more (relative to the enclosing container) makes indented code. */
const CODE_INDENT = 4

const nextColumn = (ch: string, col: number): number => (ch === "\t" ? col + TAB_STOP - (col % TAB_STOP) : col + 1)

const isSpaceOrTab = (ch: string | undefined): boolean => ch === " " || ch === "\t"

/** Skips spaces and tabs; `columns` is the width skipped. */
const skipIndent = (text: string, at: Cursor): Cursor & { readonly columns: number } => {
  let pos = at.pos
  let col = at.col
  while (isSpaceOrTab(text[pos])) {
    col = nextColumn(text[pos] as string, col)
    pos++
  }
  return { pos, col, columns: col - at.col }
}

/**
 * Consumes `width` columns of indentation, or returns undefined when the line is indented less. A tab that reaches
 * past the wanted width is consumed whole (CommonMark would split it; the difference only matters for odd tab use).
 */
const consumeColumns = (text: string, at: Cursor, width: number): Cursor | undefined => {
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

const isBlankFrom = (text: string, pos: number): boolean => skipIndent(text, { pos, col: 0 }).pos === text.length

/**
 * Removes trailing characters from `chars`. A loop rather than a `[...]+$` regex, which is quadratic on long inner
 * runs of whitespace.
 */
const trimEndOf = (text: string, chars: string): string => {
  let end = text.length
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--
  return text.slice(0, end)
}

// ---------------------------------------------------------------------------------------------------------------------
// Line classifiers (all take the line rest after container markers and indentation)

const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/
const THEMATIC_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/
const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/
const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t]*$/
const LIST_MARKER = /^(?:[-+*]|(\d{1,9})[.)])(?=[ \t]|$)/
const TABLE_DELIMITER = /^\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/
/** `[label]: destination` (the destination may also sit on the next line). Also matches footnote definitions. */
const LINK_DEFINITION = /^\[(?:[^[\]\\]|\\.)+\]:(.*)$/
const LINK_TITLE = /^(?:"[^"]*"|'[^']*'|\([^)]*\))[ \t]*$/
const HTML_COMMENT_ONLY = /^<!--[\s\S]*-->$/

interface FenceOpening {
  readonly char: string
  readonly length: number
}

const parseFenceOpening = (rest: string): FenceOpening | undefined => {
  const match = FENCE_OPEN.exec(rest)
  if (match === null) return undefined
  const fence = match[1] as string
  const info = match[2] as string
  // A backtick fence's info string cannot contain backticks (that would be an inline code span).
  if (fence.startsWith("`") && info.includes("`")) return undefined
  return { char: fence.charAt(0), length: fence.length }
}

const isClosingFence = (rest: string, opening: FenceOpening): boolean => {
  const fence = FENCE_CLOSE.exec(rest)?.[1]
  return fence !== undefined && fence.startsWith(opening.char) && fence.length >= opening.length
}

const BLOCK_TAGS =
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt" +
  "|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu" +
  "|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr" +
  "|track|ul"

interface HtmlBlockStart {
  readonly start: RegExp
  /** The block ends on the line containing this; undefined: it ends before a blank line. */
  readonly end: RegExp | undefined
  readonly canInterruptParagraph: boolean
}

/** The CommonMark HTML block kinds, in priority order. */
const HTML_BLOCK_STARTS: ReadonlyArray<HtmlBlockStart> = [
  {
    start: /^<(?:script|pre|style|textarea)(?:[ \t>]|$)/i,
    end: /<\/(?:script|pre|style|textarea)>/i,
    canInterruptParagraph: true
  },
  { start: /^<!--/, end: /-->/, canInterruptParagraph: true },
  { start: /^<\?/, end: /\?>/, canInterruptParagraph: true },
  { start: /^<![A-Za-z]/, end: />/, canInterruptParagraph: true },
  { start: /^<!\[CDATA\[/, end: /\]\]>/, canInterruptParagraph: true },
  { start: new RegExp(`^</?(?:${BLOCK_TAGS})(?:[ \\t>]|/>|$)`, "i"), end: undefined, canInterruptParagraph: true },
  // Any other tag at the start of a block. CommonMark also wants the tag alone on its line; protecting a paragraph
  // that merely begins with inline HTML is the safer mistake, since the rewrite could damage the markup.
  { start: /^<\/?[A-Za-z][A-Za-z0-9-]*(?:[ \t>]|\/>|$)/, end: undefined, canInterruptParagraph: false }
]

const findHtmlBlockStart = (rest: string, interruptsParagraph: boolean): HtmlBlockStart | undefined =>
  HTML_BLOCK_STARTS.find((kind) => kind.start.test(rest) && (kind.canInterruptParagraph || !interruptsParagraph))

interface ListMarker {
  /** Width of the marker itself ("-", "1.", "10)"). */
  readonly width: number
  /** Nothing follows the marker on this line. */
  readonly empty: boolean
}

const parseListMarker = (rest: string, interruptsParagraph: boolean): ListMarker | undefined => {
  const match = LIST_MARKER.exec(rest)
  if (match === null) return undefined
  const empty = isBlankFrom(rest, match[0].length)
  const ordinal = match[1]
  // Only a non-empty list starting at 1 may interrupt a paragraph, so "the year\n1984. was" stays one paragraph.
  if (interruptsParagraph && (empty || (ordinal !== undefined && Number(ordinal) !== 1))) return undefined
  return { width: match[0].length, empty }
}

const countTableCells = (row: string): number => {
  let inner = row.trim()
  if (inner.startsWith("|")) inner = inner.slice(1)
  if (inner.endsWith("|") && !inner.endsWith("\\|")) inner = inner.slice(0, -1)
  return inner.split(/(?<!\\)\|/).length
}

/** Number of leading lines that form link reference definitions (a definition may continue on the next lines). */
const countLinkDefinitionLines = (contents: ReadonlyArray<string>): number => {
  let count = 0
  let expectDestination = false
  for (const text of contents) {
    const definition = LINK_DEFINITION.exec(text)
    if (definition !== null) {
      expectDestination = (definition[1] as string).trim() === ""
    } else if (count > 0 && (expectDestination || LINK_TITLE.test(text))) {
      expectDestination = false
    } else {
      break
    }
    count++
  }
  return count
}

// ---------------------------------------------------------------------------------------------------------------------
// Block scanner

type Container = { readonly type: "quote" } | { readonly type: "item"; readonly contentIndent: number }

interface ProseLine {
  /** Index of the source line. */
  readonly line: number
  /** Offset in the line where the paragraph text starts (after markers and indentation). */
  readonly contentStart: number
  /** Prefix to put before a continuation line when the paragraph is rewritten; undefined for lazy lines. */
  readonly continuationPrefix: string | undefined
}

type OpenLeaf =
  | { readonly type: "paragraph"; readonly block: ProseBlockKind; readonly lines: Array<ProseLine> }
  | { readonly type: "fence"; readonly opening: FenceOpening; readonly first: number; last: number }
  | { readonly type: "indented"; readonly first: number; last: number }
  | { readonly type: "html"; readonly end: RegExp | undefined; readonly first: number; last: number }
  | { readonly type: "table"; readonly first: number; last: number }

type ScannedBlock =
  | { readonly kind: "protected"; readonly block: ProtectedBlockKind; readonly first: number; last: number }
  | {
      readonly kind: "prose"
      readonly block: ProseBlockKind
      readonly lines: ReadonlyArray<ProseLine>
      readonly continuation: string
    }

/** What the scanner knows about the line being scanned. */
interface LineScan {
  readonly index: number
  readonly text: string
  pos: number
  col: number
  /** How many containers this line continues or opens (the open containers beyond it are closed by this line). */
  matched: number
  /** Whether the line continued every container that was open before it. */
  readonly allMatched: boolean
  /** Whether a new blockquote or list item starts on this line. */
  opened: boolean
  /** Prefix for continuation lines of a paragraph that starts on this line: markers turned into indentation. */
  continuation: string
}

class BlockScanner {
  private readonly lines: ReadonlyArray<SourceLine>
  private readonly blocks: Array<ScannedBlock> = []
  private readonly stack: Array<Container> = []
  private tip: OpenLeaf | undefined = undefined

  constructor(lines: ReadonlyArray<SourceLine>) {
    this.lines = lines
  }

  scan(fromLine: number): ReadonlyArray<ScannedBlock> {
    for (let index = fromLine; index < this.lines.length; index++) this.scanLine(index)
    this.closeTip()
    return this.blocks
  }

  private scanLine(index: number): void {
    const text = (this.lines[index] as SourceLine).text
    const continued = this.matchOpenContainers(text)
    const line: LineScan = {
      index,
      text,
      pos: continued.pos,
      col: continued.col,
      matched: continued.matched,
      allMatched: continued.matched === this.stack.length,
      opened: false,
      continuation: continued.prefix
    }
    if (line.allMatched && this.continueVerbatimLeaf(line)) return
    if (this.startBlocks(line)) return
    this.addTextLine(line)
  }

  /** Walks the open containers and consumes the markers or indentation of those this line continues. */
  private matchOpenContainers(text: string): Cursor & { readonly matched: number; readonly prefix: string } {
    let at: Cursor = { pos: 0, col: 0 }
    let matched = 0
    for (const container of this.stack) {
      const next = container.type === "quote" ? matchQuoteMarker(text, at) : matchItemIndent(text, at, container)
      if (next === undefined) break
      at = next
      matched++
    }
    return { ...at, matched, prefix: text.slice(0, at.pos) }
  }

  /** Fenced code and HTML blocks take their lines as they are, before any block start is considered. */
  private continueVerbatimLeaf(line: LineScan): boolean {
    const tip = this.tip
    if (tip?.type === "fence") {
      tip.last = line.index
      const indent = skipIndent(line.text, line)
      if (indent.columns < CODE_INDENT && isClosingFence(line.text.slice(indent.pos), tip.opening)) this.closeTip()
      return true
    }
    if (tip?.type === "html") {
      if (tip.end === undefined && isBlankFrom(line.text, line.pos)) {
        this.closeTip()
        return false
      }
      tip.last = line.index
      if (tip.end?.test(line.text.slice(line.pos)) === true) this.closeTip()
      return true
    }
    return false
  }

  /**
   * Opens new containers and leaf blocks that start on this line, in CommonMark's priority order. Returns true when a
   * leaf block took the whole line.
   */
  private startBlocks(line: LineScan): boolean {
    for (;;) {
      const indent = skipIndent(line.text, line)
      const rest = line.text.slice(indent.pos)
      if (rest === "") return false
      // The open paragraph is the innermost matched block, so this line would otherwise continue it.
      const interruptsParagraph = line.allMatched && !line.opened && this.tip?.type === "paragraph"

      if (indent.columns >= CODE_INDENT) {
        // Indented code cannot interrupt a paragraph: the line is a (possibly lazy) paragraph continuation.
        if (this.tip?.type === "paragraph") return false
        if (line.allMatched && this.tip?.type === "indented") this.tip.last = line.index
        else this.startLeaf(line, { type: "indented", first: line.index, last: line.index })
        return true
      }
      if (rest.startsWith(">")) {
        this.openQuote(line, indent)
        continue
      }
      if (ATX_HEADING.test(rest)) {
        this.addSingleLineBlock(line, "heading")
        return true
      }
      const fence = parseFenceOpening(rest)
      if (fence !== undefined) {
        this.startLeaf(line, { type: "fence", opening: fence, first: line.index, last: line.index })
        return true
      }
      const html = findHtmlBlockStart(rest, interruptsParagraph)
      if (html !== undefined) {
        this.startLeaf(line, { type: "html", end: html.end, first: line.index, last: line.index })
        // Comments, processing instructions and the like may end on their first line.
        if (html.end?.test(rest) === true) this.closeTip()
        return true
      }
      if (interruptsParagraph && SETEXT_UNDERLINE.test(rest)) {
        this.turnParagraphIntoSetextHeading(line.index)
        return true
      }
      if (interruptsParagraph && this.startTableFromParagraph(line.index, rest)) return true
      if (THEMATIC_BREAK.test(rest)) {
        this.addSingleLineBlock(line, "thematic-break")
        return true
      }
      const marker = parseListMarker(rest, interruptsParagraph)
      if (marker !== undefined) {
        this.openListItem(line, indent, marker)
        continue
      }
      return false
    }
  }

  /** A line that starts no block: paragraph text, a table row or a blank line. */
  private addTextLine(line: LineScan): void {
    const indent = skipIndent(line.text, line)
    const blank = indent.pos === line.text.length
    const tip = this.tip
    if (!blank && !line.opened && !line.allMatched && tip?.type === "paragraph") {
      // Lazy continuation: "> a\nb" keeps "b" in the quoted paragraph although the "> " is missing.
      tip.lines.push({ line: line.index, contentStart: indent.pos, continuationPrefix: undefined })
      return
    }
    this.closeUnmatchedContainers(line)
    if (blank) {
      this.closeTip()
      this.addBlankLine(line.index)
      return
    }
    if (this.tip?.type === "paragraph") {
      const prefix = line.text.slice(0, indent.pos)
      this.tip.lines.push({ line: line.index, contentStart: indent.pos, continuationPrefix: prefix })
      return
    }
    if (this.tip?.type === "table") {
      this.tip.last = line.index
      return
    }
    this.closeTip()
    this.tip = {
      type: "paragraph",
      block: this.innermostProseBlock(),
      lines: [{ line: line.index, contentStart: indent.pos, continuationPrefix: line.continuation }]
    }
  }

  private openQuote(line: LineScan, indent: Cursor): void {
    let pos = indent.pos + 1
    let col = indent.col + 1
    // One space (or tab) after ">" belongs to the marker.
    const after = line.text[pos]
    if (after !== undefined && isSpaceOrTab(after)) {
      col = nextColumn(after, col)
      pos++
    }
    this.openContainer(line, { type: "quote" }, line.text.slice(line.pos, pos), { pos, col })
  }

  private openListItem(line: LineScan, indent: Cursor, marker: ListMarker): void {
    const start: Cursor = line
    const afterMarker: Cursor = { pos: indent.pos + marker.width, col: indent.col + marker.width }
    const spaces = skipIndent(line.text, afterMarker)
    let content: Cursor
    let contentIndent: number
    if (marker.empty) {
      content = afterMarker
      contentIndent = afterMarker.col + 1 - start.col
    } else if (spaces.columns > CODE_INDENT) {
      // "-      code": the item content is indented code, one space after the marker.
      content = { pos: afterMarker.pos + 1, col: nextColumn(line.text[afterMarker.pos] as string, afterMarker.col) }
      contentIndent = afterMarker.col + 1 - start.col
    } else {
      content = spaces
      contentIndent = spaces.col - start.col
    }
    // Continuation lines are indented to the content, so the marker becomes spaces (tabs stay tabs).
    const continuation = line.text.slice(start.pos, content.pos).replace(/[^\t]/g, " ")
    this.openContainer(line, { type: "item", contentIndent }, continuation, content)
  }

  private openContainer(line: LineScan, container: Container, continuation: string, next: Cursor): void {
    this.closeUnmatchedContainers(line)
    this.closeTip()
    this.stack.push(container)
    line.matched = this.stack.length
    line.opened = true
    line.continuation += continuation
    line.pos = next.pos
    line.col = next.col
  }

  private startLeaf(line: LineScan, leaf: OpenLeaf): void {
    this.closeUnmatchedContainers(line)
    this.closeTip()
    this.tip = leaf
  }

  private addSingleLineBlock(line: LineScan, block: ProtectedBlockKind): void {
    this.closeUnmatchedContainers(line)
    this.closeTip()
    this.blocks.push({ kind: "protected", block, first: line.index, last: line.index })
  }

  private addBlankLine(index: number): void {
    const previous = this.blocks[this.blocks.length - 1]
    if (previous?.kind === "protected" && previous.block === "blank" && previous.last === index - 1) {
      previous.last = index
      return
    }
    this.blocks.push({ kind: "protected", block: "blank", first: index, last: index })
  }

  private closeUnmatchedContainers(line: LineScan): void {
    if (line.matched >= this.stack.length) return
    // The open leaf always lives in the innermost container, which is among the closed ones.
    this.closeTip()
    this.stack.length = line.matched
  }

  private innermostProseBlock(): ProseBlockKind {
    const innermost = this.stack[this.stack.length - 1]
    if (innermost === undefined) return "paragraph"
    return innermost.type === "quote" ? "blockquote" : "list-item"
  }

  private turnParagraphIntoSetextHeading(underline: number): void {
    const tip = this.tip
    if (tip?.type !== "paragraph") return
    this.tip = undefined
    // Link reference definitions in front of the heading text stay definitions, as in CommonMark.
    let definitions = countLinkDefinitionLines(this.contentsOf(tip.lines))
    if (definitions === tip.lines.length) definitions = 0
    this.addProtectedLines(tip.lines.slice(0, definitions), "other")
    const first = (tip.lines[definitions] as ProseLine).line
    this.blocks.push({ kind: "protected", block: "heading", first, last: underline })
  }

  /** GFM table: the paragraph's last line is the header row when this line is a delimiter row with as many cells. */
  private startTableFromParagraph(index: number, rest: string): boolean {
    const tip = this.tip
    if (tip?.type !== "paragraph" || !rest.includes("|") || !TABLE_DELIMITER.test(rest)) return false
    const header = tip.lines[tip.lines.length - 1] as ProseLine
    const headerText = this.contentsOf([header])[0] as string
    const isLazy = header.continuationPrefix === undefined
    if (isLazy || !headerText.includes("|") || countTableCells(headerText) !== countTableCells(rest)) return false
    this.tip = undefined
    if (tip.lines.length > 1) this.addParagraph(tip.block, tip.lines.slice(0, -1))
    this.tip = { type: "table", first: header.line, last: index }
    return true
  }

  private closeTip(): void {
    const tip = this.tip
    if (tip === undefined) return
    this.tip = undefined
    switch (tip.type) {
      case "paragraph":
        this.addParagraph(tip.block, tip.lines)
        return
      case "fence":
      case "indented":
        this.blocks.push({ kind: "protected", block: "code", first: tip.first, last: tip.last })
        return
      case "html":
      case "table":
        this.blocks.push({ kind: "protected", block: tip.type, first: tip.first, last: tip.last })
        return
    }
  }

  /** Emits a finished paragraph: leading link reference definitions are protected, the rest is prose. */
  private addParagraph(block: ProseBlockKind, lines: ReadonlyArray<ProseLine>): void {
    const contents = this.contentsOf(lines)
    const definitions = countLinkDefinitionLines(contents)
    this.addProtectedLines(lines.slice(0, definitions), "other")
    const prose = lines.slice(definitions)
    if (prose.length === 0) return
    const text = contents.slice(definitions).join("\n").trim()
    if (HTML_COMMENT_ONLY.test(text)) {
      this.addProtectedLines(prose, "html")
      return
    }
    // Prefer the author's own continuation indentation; otherwise derive it from the first line's markers.
    const continuation =
      prose.slice(1).find((l) => l.continuationPrefix !== undefined)?.continuationPrefix ??
      prose[0]?.continuationPrefix ??
      lines[0]?.continuationPrefix ??
      ""
    this.blocks.push({ kind: "prose", block, lines: prose, continuation })
  }

  private addProtectedLines(lines: ReadonlyArray<ProseLine>, block: ProtectedBlockKind): void {
    const first = lines[0]
    const last = lines[lines.length - 1]
    if (first === undefined || last === undefined) return
    this.blocks.push({ kind: "protected", block, first: first.line, last: last.line })
  }

  private contentsOf(lines: ReadonlyArray<ProseLine>): Array<string> {
    return lines.map((l) => (this.lines[l.line] as SourceLine).text.slice(l.contentStart))
  }
}

/** Continues a blockquote: up to 3 spaces, ">", and one optional space. */
const matchQuoteMarker = (text: string, at: Cursor): Cursor | undefined => {
  const indent = skipIndent(text, at)
  if (indent.columns >= CODE_INDENT || text[indent.pos] !== ">") return undefined
  const pos = indent.pos + 1
  const col = indent.col + 1
  const after = text[pos]
  return after !== undefined && isSpaceOrTab(after) ? { pos: pos + 1, col: nextColumn(after, col) } : { pos, col }
}

/** Continues a list item: a blank line, or indentation up to the item's content column. */
const matchItemIndent = (text: string, at: Cursor, item: { readonly contentIndent: number }): Cursor | undefined =>
  isBlankFrom(text, at.pos) ? at : consumeColumns(text, at, item.contentIndent)

// ---------------------------------------------------------------------------------------------------------------------
// Front matter

const YAML_OPEN = /^---[ \t]*$/
const YAML_CLOSE = /^(?:---|\.\.\.)[ \t]*$/
const TOML_FENCE = /^\+\+\+[ \t]*$/

/** Index of the line closing front matter that opens the document, or undefined when there is none. */
const findFrontMatterEnd = (lines: ReadonlyArray<SourceLine>): number | undefined => {
  const opening = lines[0]?.text
  if (opening === undefined) return undefined
  const close = YAML_OPEN.test(opening) ? YAML_CLOSE : TOML_FENCE.test(opening) ? TOML_FENCE : undefined
  if (close === undefined) return undefined
  const end = lines.findIndex((line, index) => index > 0 && close.test(line.text))
  return end === -1 ? undefined : end
}

// ---------------------------------------------------------------------------------------------------------------------
// Segments and reassembly

/** Where a prose segment's text sits in the source and how to lay out a replacement there. */
interface ProseSlot {
  readonly index: number
  readonly text: string
  /** Source range from the first character of text to the last one; markers before and after stay outside. */
  readonly start: number
  readonly end: number
  /** Markers and indentation to put before each continuation line of a replacement. */
  readonly continuation: string
  readonly eol: string
}

const buildProseSlot = (
  lines: ReadonlyArray<SourceLine>,
  proseLines: ReadonlyArray<ProseLine>,
  continuation: string,
  index: number,
  defaultEol: string
): ProseSlot => {
  const first = proseLines[0] as ProseLine
  const last = proseLines[proseLines.length - 1] as ProseLine
  const pieces = proseLines.map((l) => (lines[l.line] as SourceLine).text.slice(l.contentStart))
  // Trailing whitespace after the last line is not text (inside the paragraph it may be a hard break, so it stays).
  const lastPiece = trimEndOf(pieces[pieces.length - 1] as string, " \t")
  pieces[pieces.length - 1] = lastPiece
  const firstLine = lines[first.line] as SourceLine
  return {
    index,
    text: pieces.join("\n"),
    start: firstLine.start + first.contentStart,
    end: (lines[last.line] as SourceLine).start + last.contentStart + lastPiece.length,
    continuation,
    eol: firstLine.eol === "" ? defaultEol : firstLine.eol
  }
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

export const segmentMarkdown = (source: string): SegmentedDocument => {
  const bomLength = source.startsWith("\uFEFF") ? 1 : 0
  const lines = splitLines(source, bomLength)
  const defaultEol = /\r\n|\n|\r/.exec(source)?.[0] ?? "\n"

  const frontMatterEnd = findFrontMatterEnd(lines)
  const blocks: Array<ScannedBlock> = []
  if (frontMatterEnd !== undefined) {
    blocks.push({ kind: "protected", block: "front-matter", first: 0, last: frontMatterEnd })
  }
  blocks.push(...new BlockScanner(lines).scan(frontMatterEnd === undefined ? 0 : frontMatterEnd + 1))

  const segments: Array<Segment> = []
  const slots: Array<ProseSlot> = []
  if (bomLength > 0) segments.push({ index: 0, kind: "protected", block: "other", text: source.slice(0, bomLength) })
  for (const block of blocks) {
    const index = segments.length
    if (block.kind === "protected") {
      const text = source.slice((lines[block.first] as SourceLine).start, lineEnd(lines[block.last] as SourceLine))
      segments.push({ index, kind: "protected", block: block.block, text })
    } else {
      const slot = buildProseSlot(lines, block.lines, block.continuation, index, defaultEol)
      slots.push(slot)
      segments.push({ index, kind: "prose", block: block.block, text: slot.text })
    }
  }

  const reassemble = (replacements: ReadonlyMap<number, string>): string => {
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

  return { segments, reassemble }
}
