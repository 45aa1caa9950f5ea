/**
 * `npm run desktop:build`: produces dist/desktop/Redraft-macos-arm64.zip holding Redraft.app (unsigned prototype,
 * macOS on Apple silicon). Everything comes from this repository and the npm registry.
 */
import { execFileSync } from "node:child_process"
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { zipSync, type Zippable } from "fflate"
import { buildServerBundle } from "../scripts/build-server.ts"
import { infoPlist, launcher } from "./AppBundle.ts"
import { buildIcon } from "./Icon.ts"
import { darwinNodeBinary } from "./NodeBinary.ts"

export const DESKTOP_DIR = "dist/desktop"
export const ARCHIVE = join(DESKTOP_DIR, "Redraft-macos-arm64.zip")
const STAGE = join(DESKTOP_DIR, "stage")
const APP = join(STAGE, "Redraft.app")

/** Builds the web UI when it is missing and the project has a build for it. */
const ensureWebUi = (): boolean => {
  if (existsSync("web/dist/index.html")) return true
  const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts?: Record<string, string> }).scripts
  if (scripts?.["build:web"] !== undefined) {
    execFileSync("npm", ["run", "build:web", "--silent"], { stdio: "inherit" })
    return existsSync("web/dist/index.html")
  }
  console.warn("warning: no web UI to bundle; the app will serve the service's help page")
  return false
}

/** Every file under a folder, with unix modes, as fflate entries (os 3 = unix, mode in the high 16 bits). */
const zipEntries = (root: string): Zippable => {
  const entries: Zippable = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).toSorted()) {
      const path = join(dir, name)
      const stat = statSync(path)
      if (stat.isDirectory()) walk(path)
      else {
        const mode = stat.mode & 0o777
        entries[relative(root, path)] = [
          readFileSync(path),
          {
            os: 3,
            attrs: ((0o100000 | mode) << 16) >>> 0,
            level: mode & 0o111 ? 6 : 9,
            mtime: new Date("2026-01-01T00:00:00Z")
          }
        ]
      }
    }
  }
  walk(root)
  return entries
}

export const buildDesktopApp = async (): Promise<string> => {
  const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version
  rmSync(STAGE, { recursive: true, force: true })
  const macos = join(APP, "Contents", "MacOS")
  const resources = join(APP, "Contents", "Resources")
  mkdirSync(macos, { recursive: true })
  mkdirSync(resources, { recursive: true })

  writeFileSync(join(APP, "Contents", "Info.plist"), infoPlist(version), { mode: 0o644 })
  writeFileSync(join(APP, "Contents", "PkgInfo"), "APPL????", { mode: 0o644 })
  writeFileSync(join(macos, "Redraft"), launcher, { mode: 0o755 })
  writeFileSync(join(macos, "node"), darwinNodeBinary(join(DESKTOP_DIR, "cache")), { mode: 0o755 })
  writeFileSync(join(resources, "Redraft.icns"), buildIcon().icns, { mode: 0o644 })

  await buildServerBundle(join(resources, "server", "redraft.mjs"))
  cpSync("fixtures/profiles", join(resources, "profiles"), { recursive: true })
  if (ensureWebUi()) cpSync("web/dist", join(resources, "web"), { recursive: true })

  const zip = zipSync(zipEntries(STAGE))
  writeFileSync(ARCHIVE, zip)
  return ARCHIVE
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const archive = await buildDesktopApp()
  console.log(`built ${archive} (${(statSync(archive).size / 1024 / 1024).toFixed(1)} MB)`)
}
