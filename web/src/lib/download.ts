/** Hands `content` to the browser as a file download named `fileName`. */
export const saveFile = (fileName: string, content: string, type: string): void => {
  const link = document.createElement("a")
  link.href = URL.createObjectURL(new Blob([content], { type }))
  link.download = fileName
  link.click()
  URL.revokeObjectURL(link.href)
}

/** Characters file systems refuse in a name, and control characters. */
const UNSAFE_RE = /[\\/:*?"<>|\p{Cc}]+/gu

/**
 * The file name for a reviewed text: the document's title (else the opened file's name, else "document"), made safe
 * for a file system, then the version: `Upgrade notes.v2.md`; a run that was not saved gets `.redraft.md`.
 */
export const reviewedFileName = (
  title: string | undefined,
  fileName: string | null,
  version: number | null
): string => {
  const named = (title ?? "").replace(UNSAFE_RE, " ").replace(/\s+/g, " ").trim().slice(0, 80).trim()
  const base = named !== "" ? named : (fileName ?? "document.md").replace(/(\.\w+)?$/, "")
  return version === null ? `${base}.redraft.md` : `${base}.v${version}.md`
}
