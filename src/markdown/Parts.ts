/**
 * Where a document can be cut into parts that parse on their own exactly as they do within the whole: before a line
 * that starts with a letter in the first column, after a blank line. There every block before has closed (a paragraph
 * ends at the blank line; a list item or a footnote would need the line indented, a block quote a ">"), and nothing
 * before can reach past it, except what a blank line does not end: a fenced code block, an HTML block that waits for
 * its end marker ("<!--", "<pre>", "<script>" …) and front matter. Those are followed here line by line; a line that
 * might open one counts as opening it (a cut missed costs only speed), and one never closed leaves no cut after it.
 * Block structure is all the segments read: a link or footnote defined in another part changes no block.
 */
import type { SourceLine } from "./Lines.ts"

/**
 * The lines before which a part may end, each at least `partChars` characters after the one before, except the first
 * parts: the first at least `firstChars` after the start, and each next one twice as long up to `partChars`. A run's
 * first calls go out after the first small part, and the parts read while they go out stay short: the event loop
 * sends and receives between parts, not during one.
 */
export function* partBreaks(
  lines: ReadonlyArray<SourceLine>,
  partChars: number,
  firstChars: number = partChars
): Generator<number> {
  let first = 0
  let least = firstChars
  let open = frontMatterCloser(lines)
  for (let i = 0; i < lines.length; i++) {
    const text = (lines[i] as SourceLine).text
    if (open !== undefined) {
      if (open(text, i)) open = undefined
      continue
    }
    const longEnough = (lines[i] as SourceLine).start - (lines[first] as SourceLine).start >= least
    if (longEnough && i > first && BLANK_RE.test((lines[i - 1] as SourceLine).text) && CUT_BEFORE_RE.test(text)) {
      yield i
      first = i
      least = Math.min(partChars, least * 2)
    }
    open = opener(text)
  }
}

// ---------------------------------------------------------------------------------------------------------------------

/** Tells whether line `text` (number `index`) closes what is open. */
type Closer = (text: string, index: number) => boolean

const BLANK_RE = /^[ \t]*$/
const CUT_BEFORE_RE = /^\p{L}/u

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/
/** HTML blocks that a blank line does not end (CommonMark types 1 to 5), with their end markers. */
const HTML_BLOCKS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[ \t>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/]
]

/** What line `text` opens that a blank line does not close, or nothing. */
const opener = (text: string): Closer | undefined => {
  const fence = FENCE_RE.exec(text)?.[1]
  if (fence !== undefined) {
    const closing = new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`)
    return (line) => closing.test(line)
  }
  for (const [start, end] of HTML_BLOCKS) {
    // The end marker may stand on the opening line, after the start.
    if (start.test(text)) return end.test(text.slice(text.indexOf("<") + 2)) ? undefined : (line) => end.test(line)
  }
  return undefined
}

/** Front matter that opens the document stays open to its closing line (Markdown.ts), or to the end without one. */
const frontMatterCloser = (lines: ReadonlyArray<SourceLine>): Closer | undefined => {
  const first = lines[0]?.text
  if (first === undefined || !/^(?:---|\+\+\+)[ \t]*$/.test(first)) return undefined
  const closing = first.startsWith("-") ? /^(?:---|\.\.\.)[ \t]*$/ : /^\+\+\+[ \t]*$/
  return (line, index) => index > 0 && closing.test(line)
}
