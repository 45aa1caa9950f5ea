/** Reads a zip archive's central directory: names, unix modes and contents (stored or deflated entries). */
import { inflateRawSync } from "node:zlib"

export interface ZipEntry {
  readonly name: string
  /** Unix mode from the external attributes, when the archive was made on a unix system (else undefined). */
  readonly mode: number | undefined
  readonly data: () => Buffer
}

export const readZip = (zip: Buffer): ReadonlyArray<ZipEntry> => {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error("not a zip archive: no end of central directory")
  const count = zip.readUInt16LE(end + 10)
  let offset = zip.readUInt32LE(end + 16)
  const entries: Array<ZipEntry> = []
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`)
    const madeBy = zip.readUInt16LE(offset + 4) >> 8
    const method = zip.readUInt16LE(offset + 10)
    const compressed = zip.readUInt32LE(offset + 20)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    const external = zip.readUInt32LE(offset + 38)
    const local = zip.readUInt32LE(offset + 42)
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString("utf8")
    entries.push({
      name,
      mode: madeBy === 3 ? (external >>> 16) & 0o177777 : undefined,
      data: () => {
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
        const body = zip.subarray(start, start + compressed)
        return method === 0 ? Buffer.from(body) : inflateRawSync(body)
      }
    })
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** A strict reader for the flat plist Redraft writes: a dict of string keys to strings or arrays of strings. */
export const parsePlist = (text: string): Record<string, string | ReadonlyArray<string>> => {
  if (!text.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) throw new Error("missing XML declaration")
  const body = /<plist version="1\.0">\s*<dict>([\s\S]*)<\/dict>\s*<\/plist>\s*$/.exec(text)?.[1]
  if (body === undefined) throw new Error("no <plist><dict> root")
  const unescape = (s: string) => s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&")
  const out: Record<string, string | ReadonlyArray<string>> = {}
  const pair =
    /\s*<key>([^<]*)<\/key>\s*(?:<string>([^<]*)<\/string>|<array>((?:\s*<string>[^<]*<\/string>)*)\s*<\/array>)/y
  let m: RegExpExecArray | null
  let last = 0
  while ((m = pair.exec(body)) !== null) {
    const key = unescape(m[1] ?? "")
    out[key] =
      m[3] !== undefined
        ? [...m[3].matchAll(/<string>([^<]*)<\/string>/g)].map((s) => unescape(s[1] ?? ""))
        : unescape(m[2] ?? "")
    last = pair.lastIndex
  }
  if (body.slice(last).trim() !== "") throw new Error(`unexpected plist content: ${body.slice(last, last + 60)}`)
  return out
}
