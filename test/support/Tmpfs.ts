/**
 * Small disks for storage-fault tests: a tmpfs of a given size, where this machine lets a test mount one (root, or a
 * container allowed to mount). Tests that need one are skipped elsewhere, with `canMount` saying so.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** Mounts a tmpfs of `size` (e.g. "2m") on a new folder; undefined when mounting is not allowed here. */
export const mountTmpfs = (size: string): string | undefined => {
  const dir = mkdtempSync(join(tmpdir(), "redraft-mount-"))
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir], { stdio: "ignore" })
    return dir
  } catch {
    rmSync(dir, { recursive: true, force: true })
    return undefined
  }
}

/** Makes a mounted tmpfs read-only. */
export const remountReadOnly = (dir: string): void => {
  execFileSync("mount", ["-o", "remount,ro", dir], { stdio: "ignore" })
}

export const unmount = (dir: string): void => {
  // Lazily: a connection that failed to open may hold a handle until it is collected.
  execFileSync("umount", ["-l", dir], { stdio: "ignore" })
  rmSync(dir, { recursive: true, force: true })
}

export const canMount: boolean = (() => {
  const dir = mountTmpfs("64k")
  if (dir === undefined) return false
  unmount(dir)
  return true
})()
