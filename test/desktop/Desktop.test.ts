import { assert, describe, it } from "@effect/vitest"
import { spawn } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { beforeAll } from "vitest"
import { infoPlist } from "../../desktop/AppBundle.ts"
import { buildDesktopApp } from "../../desktop/build.ts"
import { parsePlist, readZip, type ZipEntry } from "./ZipReader.ts"

let entries: ReadonlyArray<ZipEntry> = []
const entry = (name: string) => {
  const found = entries.find((e) => e.name === name)
  if (found === undefined) throw new Error(`${name} is not in the archive`)
  return found
}

beforeAll(async () => {
  // Build what the current sources produce; the Node download is cached in dist/desktop/cache.
  const archive = await buildDesktopApp()
  entries = readZip(readFileSync(archive))
}, 240_000)

describe("desktop archive", () => {
  it("holds Redraft.app with the bundle layout and file modes", () => {
    const names = entries.map((e) => e.name)
    for (const name of [
      "Redraft.app/Contents/Info.plist",
      "Redraft.app/Contents/PkgInfo",
      "Redraft.app/Contents/MacOS/Redraft",
      "Redraft.app/Contents/MacOS/node",
      "Redraft.app/Contents/Resources/Redraft.icns",
      "Redraft.app/Contents/Resources/server/redraft.mjs",
      "Redraft.app/Contents/Resources/profiles/direct-technical.json"
    ]) {
      assert.include(names, name)
    }
    assert.isTrue(names.every((n) => n.startsWith("Redraft.app/Contents/")))
    assert.strictEqual(entry("Redraft.app/Contents/MacOS/Redraft").mode, 0o100755)
    assert.strictEqual(entry("Redraft.app/Contents/MacOS/node").mode, 0o100755)
    assert.strictEqual(entry("Redraft.app/Contents/Info.plist").mode, 0o100644)
    assert.strictEqual(entry("Redraft.app/Contents/Resources/server/redraft.mjs").mode, 0o100644)
  })

  it("has an Info.plist that parses and names the bundle, version, launcher, icon and minimum system", () => {
    const plist = parsePlist(entry("Redraft.app/Contents/Info.plist").data().toString("utf8"))
    const version = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version
    assert.strictEqual(plist["CFBundleIdentifier"], "dev.redraft.Redraft")
    assert.strictEqual(plist["CFBundleName"], "Redraft")
    assert.strictEqual(plist["CFBundlePackageType"], "APPL")
    assert.strictEqual(plist["CFBundleExecutable"], "Redraft")
    assert.strictEqual(plist["CFBundleShortVersionString"], version)
    assert.strictEqual(plist["CFBundleIconFile"], "Redraft.icns")
    assert.match(String(plist["LSMinimumSystemVersion"]), /^\d+\.\d+$/)
    assert.deepStrictEqual(plist["LSArchitecturePriority"], ["arm64"])
  })

  it("the plist reader is strict: it rejects a broken plist", () => {
    assert.throws(() => parsePlist(infoPlist("1.0.0").replace("</dict>", "<bogus/></dict>")))
    assert.throws(() => parsePlist("<plist></plist>"))
  })

  it("has an icns icon holding PNG images", () => {
    const icns = entry("Redraft.app/Contents/Resources/Redraft.icns").data()
    assert.strictEqual(icns.subarray(0, 4).toString("ascii"), "icns")
    assert.strictEqual(icns.readUInt32BE(4), icns.length)
    assert.strictEqual(icns.subarray(8, 12).toString("ascii"), "ic07")
    assert.deepStrictEqual([...icns.subarray(16, 20)], [0x89, 0x50, 0x4e, 0x47])
  })

  it("carries the Node binary as a Mach-O arm64 executable", () => {
    const node = entry("Redraft.app/Contents/MacOS/node").data()
    assert.strictEqual(node.readUInt32LE(0), 0xfeedfacf) // MH_MAGIC_64
    assert.strictEqual(node.readUInt32LE(4), 0x0100000c) // CPU_TYPE_ARM64
    assert.strictEqual(node.readUInt32LE(12), 2) // MH_EXECUTE
  })

  it("has a launcher that picks a loopback port, opens the browser and stops the service on quit", () => {
    const script = entry("Redraft.app/Contents/MacOS/Redraft").data().toString("utf8")
    assert.isTrue(script.startsWith("#!/bin/sh\n"))
    assert.include(script, "HOST=127.0.0.1")
    assert.include(script, 'open "http://127.0.0.1:$port/"')
    assert.include(script, "trap stop INT TERM HUP QUIT")
    assert.include(script, "Library/Application Support/Redraft")
  })
})

describe("the bundled service file from the archive", () => {
  it("starts with the project's Node, serves the page and answers /api/health against a provider", async () => {
    const root = mkdtempSync(join(tmpdir(), "redraft-app-"))
    for (const file of entries.filter((e) => e.name.includes("/Resources/") && !e.name.endsWith("/"))) {
      const path = join(root, file.name)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, file.data())
    }
    const resources = join(root, "Redraft.app/Contents/Resources")
    const provider = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ data: [{ id: "gemma-4-e4b-it-qat" }] }))
    })
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve))
    const providerPort = (provider.address() as { port: number }).port
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const free = (probe.address() as { port: number }).port
        probe.close(() => resolve(free))
      })
    })
    const service = spawn(process.execPath, [join(resources, "server/redraft.mjs")], {
      env: {
        ...process.env,
        HOST: "127.0.0.1",
        PORT: String(port),
        WEB_DIR: join(resources, "web"),
        PROFILES_DIR: join(resources, "profiles"),
        PROVIDER_BASE_URL: `http://127.0.0.1:${providerPort}/v1`
      },
      stdio: "ignore"
    })
    try {
      const base = `http://127.0.0.1:${port}`
      let health: Response | undefined
      for (let i = 0; i < 100 && health === undefined; i++) {
        health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1000) }).catch(() => undefined)
        if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.strictEqual(health?.status, 200)
      const body = (await health?.json()) as { ok: boolean; model: string }
      assert.isTrue(body.ok)
      assert.strictEqual(body.model, "gemma-4-e4b-it-qat")
      const page = await fetch(`${base}/`)
      assert.strictEqual(page.status, 200)
      assert.include(page.headers.get("content-type") ?? "", "text/html")
      assert.include(await page.text(), "Redraft")
    } finally {
      service.kill("SIGTERM")
      provider.close()
    }
  }, 60_000)
})
