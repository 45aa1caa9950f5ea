/** Word-level differences between two texts (longest common subsequence over words and the spaces between them). */
export interface DiffPart {
  readonly kind: "same" | "added" | "removed"
  readonly text: string
}

const tokens = (text: string): Array<string> => text.match(/\s+|[^\s]+/g) ?? []

export const diffWords = (before: string, after: string): Array<DiffPart> => {
  const a = tokens(before)
  const b = tokens(after)
  // lengths[i][j]: LCS length of a[i..] and b[j..], in one flat array.
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0)
    }
  }
  const parts: Array<DiffPart> = []
  const push = (kind: DiffPart["kind"], text: string) => {
    const last = parts.at(-1)
    if (last !== undefined && last.kind === kind) parts[parts.length - 1] = { kind, text: last.text + text }
    else parts.push({ kind, text })
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push("same", a[i] ?? "")
      i++
      j++
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) push("removed", a[i++] ?? "")
    else push("added", b[j++] ?? "")
  }
  while (i < a.length) push("removed", a[i++] ?? "")
  while (j < b.length) push("added", b[j++] ?? "")
  return parts
}
