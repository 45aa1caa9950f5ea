/**
 * From the mdast tree to line blocks: every source line belongs to one block, either protected (front matter, code,
 * tables, HTML, headings, thematic breaks, definitions, blank lines) or prose (a paragraph, alone or in a list item or
 * block quote). The tree gives the blocks and their offsets; Containers cuts a paragraph's lines from their markers.
 */
import type { Nodes, Paragraph, Root } from "mdast"
import { type Container, ContainerPrefixes } from "./Containers.ts"
import { skipIndent, type SourceLine } from "./Lines.ts"

export type ProseBlockKind = "paragraph" | "list-item" | "blockquote"

export type BlockKind =
  ProseBlockKind | "heading" | "code" | "front-matter" | "table" | "html" | "blank" | "thematic-break" | "other"

export type ProtectedBlockKind = Exclude<BlockKind, ProseBlockKind>

export interface ProseLine {
  /** Index of the source line. */
  readonly line: number
  /** Offset in the line where the paragraph text starts (after markers and indentation). */
  readonly contentStart: number
  /** Offset in the line where the paragraph text ends (the line's end, or the paragraph's on its last line). */
  readonly contentEnd: number
  /** Prefix to put before a continuation line when the paragraph is rewritten; undefined for lazy lines. */
  readonly continuationPrefix: string | undefined
}

export type LineBlock =
  | { readonly kind: "protected"; readonly block: ProtectedBlockKind; readonly first: number; readonly last: number }
  | {
      readonly kind: "prose"
      readonly block: ProseBlockKind
      readonly first: number
      readonly last: number
      readonly lines: ReadonlyArray<ProseLine>
      /** Markers and indentation to put before each continuation line of a replacement. */
      readonly continuation: string
    }

/** By node type; "toml" (front matter) has no mdast type of its own, hence string keys. */
const PROTECTED: Readonly<Record<string, ProtectedBlockKind>> = {
  code: "code",
  definition: "other",
  footnoteDefinition: "other",
  heading: "heading",
  html: "html",
  table: "table",
  thematicBreak: "thematic-break",
  toml: "front-matter",
  yaml: "front-matter"
}

/** The blocks of a parsed document in source order; every line is in exactly one of them. */
export const lineBlocks = (root: Root, lines: ReadonlyArray<SourceLine>): ReadonlyArray<LineBlock> => {
  const prefixes = new ContainerPrefixes(lines)
  const leaves: Array<LineBlock> = []
  // Depth first with a stack of its own: quotes can nest thousands deep ("> > > …"), deeper than the call stack.
  const stack: Array<{ readonly node: Nodes; readonly path: ContainerPath }> = [{ node: root, path: undefined }]
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const { node, path } = top
    switch (node.type) {
      case "root":
      case "list":
        for (const child of node.children.toReversed()) stack.push({ node: child, path })
        break
      case "blockquote":
      case "listItem": {
        const inner: ContainerPath = { container: node, outer: path }
        for (const child of node.children.toReversed()) stack.push({ node: child, path: inner })
        break
      }
      case "paragraph":
        leaves.push(paragraphBlock(node, containersOf(path), lines, prefixes))
        break
      default: {
        const span = lineSpan(node)
        if (span !== undefined) leaves.push({ kind: "protected", block: PROTECTED[node.type] ?? "other", ...span })
      }
    }
  }
  return coverAllLines(leaves, lines.length)
}

/** The containers around a node, innermost first, shared between siblings rather than copied for each. */
type ContainerPath = { readonly container: Container; readonly outer: ContainerPath } | undefined

/** Outermost first. */
const containersOf = (path: ContainerPath): ReadonlyArray<Container> => {
  const containers: Array<Container> = []
  for (let at = path; at !== undefined; at = at.outer) containers.push(at.container)
  return containers.toReversed()
}

// ---------------------------------------------------------------------------------------------------------------------

/** 0-based first and last line of a node; an end at the start of a line (after its line ending) is the line before. */
const lineSpan = (node: Nodes): { readonly first: number; readonly last: number } | undefined => {
  const position = node.position
  if (position === undefined) return undefined
  const first = position.start.line - 1
  const endsAtLineStart = position.end.column === 1 && position.end.line > position.start.line
  return { first, last: position.end.line - (endsAtLineStart ? 2 : 1) }
}

const proseKindOf = (containers: ReadonlyArray<Container>): ProseBlockKind => {
  const innermost = containers[containers.length - 1]
  if (innermost === undefined) return "paragraph"
  return innermost.type === "blockquote" ? "blockquote" : "list-item"
}

const paragraphBlock = (
  paragraph: Paragraph,
  containers: ReadonlyArray<Container>,
  lines: ReadonlyArray<SourceLine>,
  prefixes: ContainerPrefixes
): LineBlock => {
  const { first, last } = lineSpan(paragraph) ?? { first: 0, last: 0 }
  // Starting with inline HTML: CommonMark wants a tag alone on its line for an HTML block, but a rewrite could still
  // damage the markup, so protecting it is the safer mistake.
  const lead = paragraph.children[0]
  if (lead?.type === "html" && lead.position?.start.offset === paragraph.position?.start.offset) {
    return { kind: "protected", block: "html", first, last }
  }
  const start = (paragraph.position?.start.offset ?? 0) - (lines[first] as SourceLine).start
  const end = (paragraph.position?.end.offset ?? 0) - (lines[last] as SourceLine).start
  const proseLines: Array<ProseLine> = []
  let continuation: string | undefined
  for (let index = first; index <= last; index++) {
    const text = (lines[index] as SourceLine).text
    const contentEnd = index === last ? Math.min(end, text.length) : text.length
    const match = prefixes.match(index, containers)
    if (index === first) {
      proseLines.push({ line: index, contentStart: start, contentEnd, continuationPrefix: match.prefix })
      continue
    }
    const contentStart = skipIndent(text, match).pos
    // A lazy line misses some container markers ("> a\nb"); a full one shows the author's own indentation.
    const isLazy = match.matched < containers.length
    const continuationPrefix = isLazy ? undefined : text.slice(0, contentStart)
    continuation ??= continuationPrefix
    proseLines.push({ line: index, contentStart, contentEnd, continuationPrefix })
  }
  continuation ??= proseLines[0]?.continuationPrefix ?? ""
  return { kind: "prose", block: proseKindOf(containers), first, last, lines: proseLines, continuation }
}

/**
 * Orders the leaves without overlap and fills the lines between them with blank blocks. A setext heading's position
 * includes the link definitions in front of it, so a leaf starting inside the previous one starts after it.
 * Consecutive blank lines form one block, and so do definitions on consecutive lines.
 */
const coverAllLines = (leaves: ReadonlyArray<LineBlock>, lineCount: number): ReadonlyArray<LineBlock> => {
  const blocks: Array<LineBlock> = []
  const add = (block: LineBlock): void => {
    const previous = blocks[blocks.length - 1]
    const mergeable = block.kind === "protected" && (block.block === "blank" || block.block === "other")
    if (mergeable && previous?.kind === "protected" && previous.block === block.block) {
      blocks[blocks.length - 1] = { ...previous, last: block.last }
    } else {
      blocks.push(block)
    }
  }
  let next = 0
  for (const leaf of leaves) {
    const first = Math.max(leaf.first, next)
    if (first > leaf.last) continue
    if (first > next) add({ kind: "protected", block: "blank", first: next, last: first - 1 })
    if (first === leaf.first) add(leaf)
    else add({ kind: "protected", block: leaf.kind === "protected" ? leaf.block : "other", first, last: leaf.last })
    next = leaf.last + 1
  }
  if (next < lineCount) add({ kind: "protected", block: "blank", first: next, last: lineCount - 1 })
  return blocks
}
