/**
 * The one markdown parse: CommonMark with GFM tables and footnotes and YAML or TOML front matter, as an mdast tree
 * whose nodes carry source offsets. Pure: no Effect, no I/O.
 */
import type { Root } from "mdast"
import { fromMarkdown, type Options } from "mdast-util-from-markdown"
import { frontmatterFromMarkdown } from "mdast-util-frontmatter"
import { gfmFootnoteFromMarkdown } from "mdast-util-gfm-footnote"
import { gfmTableFromMarkdown } from "mdast-util-gfm-table"
import { frontmatter, type Options as FrontMatterOptions } from "micromark-extension-frontmatter"
import { gfmFootnote } from "micromark-extension-gfm-footnote"
import { gfmTable } from "micromark-extension-gfm-table"
import { splitLines } from "./Lines.ts"

/** A byte order mark: micromark skips it, so every offset after it would be one short. */
export const BOM = "\uFEFF"

/**
 * Parses `source`, which must not start with a byte order mark (strip it first and add its length to the offsets).
 * Offsets (`position.start.offset`, `position.end.offset`) index `source`; lines count "\r\n", "\n" and "\r".
 */
export const parseMarkdown = (source: string): Root => {
  if (source.startsWith(BOM)) throw new Error("parseMarkdown: strip the byte order mark first")
  return fromMarkdown(source, optionsFor(frontMatterOf(source)))
}

// ---------------------------------------------------------------------------------------------------------------------

const SYNTAX = [gfmTable(), gfmFootnote()]
const TREE = [gfmTableFromMarkdown(), gfmFootnoteFromMarkdown()]

const optionsFor = (matter: FrontMatterOptions | undefined): Options =>
  matter === undefined
    ? { extensions: SYNTAX, mdastExtensions: TREE }
    : { extensions: [frontmatter(matter), ...SYNTAX], mdastExtensions: [frontmatterFromMarkdown(matter), ...TREE] }

const OPENING = /^(?:---|\+\+\+)[ \t]*(?:\r\n|\r|\n)/

/**
 * The front matter that opens `source`: a "---" (or "+++") line and the first line after it that closes it, as
 * micromark-extension-frontmatter reads them. The extension is switched on only then, because its failed attempt on
 * an unclosed "---" leaves the parser unable to open a list or block quote anywhere after it.
 */
const frontMatterOf = (source: string): FrontMatterOptions | undefined => {
  if (!OPENING.test(source)) return undefined
  const [open, ...rest] = splitLines(source)
  const yaml = open?.text.startsWith("-") === true
  for (const line of rest) {
    if (yaml && /^---[ \t]*$/.test(line.text)) return ["yaml"]
    // YAML front matter may also close with "...", the YAML end-of-document marker that Pandoc accepts.
    if (yaml && /^\.\.\.[ \t]*$/.test(line.text)) return [{ type: "yaml", fence: { open: "---", close: "..." } }]
    if (!yaml && /^\+\+\+[ \t]*$/.test(line.text)) return ["toml"]
  }
  return undefined
}
