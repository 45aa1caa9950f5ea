/**
 * Builds the web UI once for every end-to-end file (a build takes seconds), and hands its folder to them. Imports
 * nothing of the service: this runs in vitest's own process.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { build } from "vite"
import type { TestProject } from "vitest/node"
import { SCREENSHOTS } from "./paths.ts"

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the freshly built web UI. */
    readonly webDir: string
  }
}

export default async function setup(project: TestProject) {
  const webDir = mkdtempSync(join(tmpdir(), "redraft-web-"))
  await build({ configFile: "vite.config.ts", logLevel: "warn", build: { outDir: webDir, emptyOutDir: true } })
  mkdirSync(SCREENSHOTS, { recursive: true })
  project.provide("webDir", webDir)
  return () => rmSync(webDir, { recursive: true, force: true })
}
