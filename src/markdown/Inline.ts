/**
 * A text's words without its markdown: code spans and code blocks, link targets, autolinks, bare URLs and e-mail
 * addresses are taken out and listed; links and images keep their label or alt text; HTML tags, emphasis markers
 * and backslash escapes go, entities are decoded. Read from the same mdast tree as the segments, so the guards and
 * the style metrics see exactly the inline syntax that CommonMark sees. Pure: no Effect, no I/O.
 */
import type { Nodes } from "mdast"
import { BOM, parseMarkdown } from "./Markdown.ts"

export interface InlineOptions {
  /** Stands for a code span or code block in the prose. */
  readonly code: string
  /** Stands for an autolink, a bare URL or an e-mail address in the prose. */
  readonly link: string
  /**
   * "source" keeps the text between blocks as written (markers, indentation, line breaks), so the prose lines up
   * with the source; "break" puts a blank line between blocks and drops their markers, so a heading or a list item
   * ends the sentence before it.
   */
  readonly blocks: "source" | "break"
}

export interface InlineText {
  /** The text with its markdown taken out. */
  readonly prose: string
  /** Code spans and code blocks as CommonMark reads them, in order. */
  readonly codes: ReadonlyArray<string>
  /** Link targets, autolinks, bare URLs and e-mail addresses as written, in order. */
  readonly urls: ReadonlyArray<string>
}

export const readInline = (text: string, options: InlineOptions): InlineText => {
  const source = text.startsWith(BOM) ? text.slice(BOM.length) : text
  const codes: Array<string> = []
  const urls: Array<string> = []
  if (isPlain(source)) return { prose: bareLinks(source, options.link, urls), codes, urls }
  const out: Array<string> = []
  // Depth first with a stack of its own: block quotes can nest thousands deep, deeper than the call stack.
  const stack: Array<Nodes | string> = [parseMarkdown(source)]
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === "string") out.push(item)
    else stack.push(...expand(item, source, options, codes, urls).toReversed())
  }
  return { prose: out.join(""), codes, urls }
}

// ---------------------------------------------------------------------------------------------------------------------

/** Block nodes whose children are blocks. */
const BLOCK_PARENTS = new Set(["root", "blockquote", "list", "listItem", "table", "footnoteDefinition"])

const startOf = (node: Nodes): number => node.position?.start.offset ?? 0
const endOf = (node: Nodes): number => node.position?.end.offset ?? 0

/** What stands for `node` in the prose: strings to emit and child nodes to expand in turn. */
const expand = (
  node: Nodes,
  source: string,
  options: InlineOptions,
  codes: Array<string>,
  urls: Array<string>
): ReadonlyArray<Nodes | string> => {
  switch (node.type) {
    case "text":
      return [bareLinks(node.value, options.link, urls)]
    case "inlineCode":
    case "code":
      codes.push(node.value)
      return [options.code]
    case "html":
      return [" "]
    case "break":
      return ["\n"]
    case "image":
      urls.push(node.url)
      return [node.alt ?? ""]
    case "imageReference":
      return [node.alt ?? ""]
    case "definition":
      urls.push(node.url)
      return [" "]
    case "link":
      if (source.charAt(startOf(node)) === "<") {
        urls.push(source.slice(startOf(node) + 1, endOf(node) - 1))
        return [options.link]
      }
      urls.push(node.url)
      return node.children
    case "emphasis":
    case "strong":
    case "delete":
    case "linkReference":
      return node.children
    default:
      return "children" in node
        ? parent(node, node.children, source, options)
        : [source.slice(startOf(node), endOf(node))]
  }
}

/** A heading, paragraph, table cell or container: its children, with what lies between them in the source. */
const parent = (
  node: Nodes,
  children: ReadonlyArray<Nodes>,
  source: string,
  options: InlineOptions
): ReadonlyArray<Nodes | string> => {
  const block = BLOCK_PARENTS.has(node.type)
  if (options.blocks === "break") {
    // A table row reads as one line: its cells are apart but not sentences of their own.
    const between = block ? "\n\n" : node.type === "tableRow" ? " " : undefined
    return between === undefined ? children : children.flatMap((child, i) => (i === 0 ? [child] : [between, child]))
  }
  const out: Array<Nodes | string> = []
  let at = startOf(node)
  for (const child of children) {
    out.push(source.slice(at, startOf(child)), child)
    at = endOf(child)
  }
  out.push(source.slice(at, endOf(node)))
  return out
}

// ---------------------------------------------------------------------------------------------------------------------
// Bare URLs and e-mail addresses: plain text to CommonMark, links to a reader

const BARE_URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"'`\]]+/g
const EMAIL_RE = /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g
const URL_TRAILING_RE = /[.,;:!?'"。、，]$/

const countChar = (text: string, char: string): number => text.split(char).length - 1

/** Drops sentence punctuation glued to a bare URL, and a closing bracket that the URL did not open. */
const trimUrl = (raw: string): string => {
  let url = raw
  for (;;) {
    if (URL_TRAILING_RE.test(url)) url = url.slice(0, -1)
    else if (url.endsWith(")") && countChar(url, ")") > countChar(url, "(")) url = url.slice(0, -1)
    else return url
  }
}

const bareLinks = (text: string, placeholder: string, urls: Array<string>): string => {
  let s = text
  if (s.includes("://") || s.includes("www.")) {
    s = s.replace(BARE_URL_RE, (m) => {
      const url = trimUrl(m)
      urls.push(url)
      return placeholder + m.slice(url.length)
    })
  }
  if (s.includes("@")) {
    s = s.replace(EMAIL_RE, (m) => {
      urls.push(m)
      return placeholder
    })
  }
  return s
}

/**
 * Text that CommonMark reads as one paragraph of plain text, given back as it is: no character that can start
 * inline syntax, no hard line break (spaces before a line ending), and no line that is blank, indented or opens a block ("#", ">", "-", "+", "=", "1."). Most
 * paragraphs are such text, and the parse is what costs.
 */
const isPlain = (text: string): boolean => !SYNTAX_CHAR_RE.test(text) && !LINE_START_RE.test(text)

const SYNTAX_CHAR_RE = /[`[\]<>*_\\&!~|\r]|[ \t]\n/
const LINE_START_RE = /^(?:$|[\s#=+-]|\d{1,9}[.)])/m
