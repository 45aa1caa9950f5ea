/** Builds the web UI once for every end-to-end file (a build takes seconds), and hands its folder to them. */
import { rmSync } from "node:fs"
import type { TestProject } from "vitest/node"
import { buildWebUi } from "./support.ts"

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder of the freshly built web UI. */
    readonly webDir: string
  }
}

export default async function setup(project: TestProject) {
  const webDir = await buildWebUi()
  project.provide("webDir", webDir)
  return () => rmSync(webDir, { recursive: true, force: true })
}
