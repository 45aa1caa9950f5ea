/**
 * Links: URLs, link targets, e-mail addresses and bare domains ("example.com" in the prose). Each link of the
 * original must survive in the rewrite; the rewrite must not add one. The same address written as a markdown link,
 * an autolink or bare is the same link, and so is a bare domain and a URL on that domain.
 */
import { distinct, lostAndAdded } from "./Finding.ts"
import type { Guard } from "./Guard.ts"

/** Host names ending in a common top-level domain; file names ("worker.yaml", "main.py") do not match. */
const BARE_DOMAIN_RE =
  /(?<![\p{L}\p{N}@./:-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|io|dev|app|ai|co|edu|gov|info|biz|cloud|tech|de|fr|es|ru|jp|cn|uk|eu|ch|at|nl|be|it|ca|au|us|se|no|pl|pt|br|mx|ar|in|kr)(?![\p{L}\p{N}-]|\.[\p{L}\p{N}])(?:\/[^\s<>"'`)\]]*[^\s<>"'`)\].,;:!?。、，])?/giu

interface Link {
  /** As written. */
  readonly text: string
  /** Lower-cased host and path without scheme, "www.", "mailto:" or a final slash. */
  readonly key: string
  /** Lower-cased host without "www.". */
  readonly host: string
  /** A bare domain without a path: matches any link on that host. */
  readonly bare: boolean
}

const SCHEME_RE = /^(?:https?:\/\/|ftp:\/\/|mailto:)/i

const toLink = (text: string, bare: boolean): Link => {
  const withoutScheme = text.replace(SCHEME_RE, "")
  const slash = withoutScheme.search(/[/?#]/)
  const hostPart = slash < 0 ? withoutScheme : withoutScheme.slice(0, slash)
  const host = hostPart.toLowerCase().replace(/^www\./, "")
  const rest = slash < 0 ? "" : withoutScheme.slice(slash).replace(/\/$/, "")
  return { text, key: host + rest, host, bare: bare && rest === "" }
}

const linksOf = (urls: ReadonlyArray<string>, prose: string): ReadonlyArray<Link> => {
  const links = urls.map((u) => toLink(u, false))
  if (prose.includes(".")) {
    for (const m of prose.matchAll(BARE_DOMAIN_RE)) links.push(toLink(m[0], true))
  }
  return links
}

/** A link is kept when the other side has the same address, or when either side is a bare domain on the same host. */
const covers = (others: ReadonlyArray<Link>, link: Link): boolean =>
  others.some((o) => o.key === link.key || ((o.bare || link.bare) && o.host === link.host))

export const linksGuard: Guard = ({ original, rewrite }) => {
  // Without a URL or a "." on either side there can be no link; an original without a "." (a list item) may still
  // get a domain added by its rewrite.
  const dotted = original.prose.includes(".") || rewrite.prose.includes(".")
  if (original.urls.length === 0 && rewrite.urls.length === 0 && !dotted) return []
  const before = linksOf(original.urls, original.prose)
  const after = linksOf(rewrite.urls, rewrite.prose)
  const lost = before.filter((l) => !covers(after, l))
  const added = after.filter((l) => !covers(before, l))
  return distinct(
    lostAndAdded(
      { kind: "url", noun: "link" },
      lost.map((l) => l.text),
      added.map((l) => l.text)
    )
  )
}
