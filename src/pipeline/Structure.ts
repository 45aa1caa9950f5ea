import { type BlockKind, segmentMarkdown } from "./Segmenter.ts"

const describeBlock: Readonly<Record<BlockKind, string>> = {
  paragraph: "a second paragraph",
  "list-item": "a list",
  blockquote: "a block quote",
  heading: "a heading",
  code: "a code block",
  "front-matter": "front matter",
  table: "a table",
  html: "an HTML block",
  blank: "a blank line",
  "thematic-break": "a horizontal rule",
  other: "markdown structure"
}

/**
 * A rewritten segment goes back where one paragraph stood, so it must read as one paragraph too: a line that starts
 * with "#", "- ", "1. ", ">" or a code fence, or a blank line, would change the document's structure when it is
 * reassembled. Returns what the text would add, or undefined when it is a single paragraph.
 */
const problemOf = (text: string): string | undefined => {
  if (isOneParagraph(text.trim())) return undefined
  const blocks = segmentMarkdown(text.trim()).segments.filter((s) => s.block !== "blank" || s.text.includes("\n\n"))
  const [first, ...rest] = blocks
  if (first === undefined) return "is empty"
  const extra = first.block !== "paragraph" ? first : rest[0]
  return extra === undefined
    ? undefined
    : `adds ${describeBlock[extra.block]} that the original paragraph does not have`
}

/** The structure a rewrite adds; nothing when the original segment, read alone, has the same shape. */
export const structureProblem = (original: string, candidate: string): string | undefined => {
  const problem = problemOf(candidate)
  return problem !== undefined && problemOf(original) === undefined ? problem : undefined
}

/**
 * Lines that each start with a letter, or with a number that is no list marker ("3 people", "2024 was"), make one
 * paragraph: no block of CommonMark starts so, nor interrupts a paragraph. Most rewrites are such text, and it is
 * known to be one paragraph without a parse.
 */
const isOneParagraph = (text: string): boolean =>
  text.split(LINE_BREAK_RE).every((line) => PARAGRAPH_LINE_RE.test(line))

const LINE_BREAK_RE = /\r\n|\r|\n/
const PARAGRAPH_LINE_RE = /^[ \t]*(?:\p{L}|\d+(?![\d.)]))/u
