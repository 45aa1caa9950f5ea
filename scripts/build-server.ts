/**
 * Bundles the service (src/main.ts with its stages and dependencies) into one ES module for Node 22, and beside it
 * `guard-worker.mjs`, the worker thread that checks long texts (src/pipeline/GuardWorker.ts). `npm start`, the
 * benchmark and the desktop app run these files: they start faster and need about half the memory of running the
 * TypeScript sources through a loader.
 */
import { build } from "esbuild"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export const SERVER_BUNDLE = "dist/server/redraft.mjs"

const OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  legalComments: "none",
  logLevel: "warning",
  // Some dependencies call require() for Node built-ins; an ES module bundle needs a require to hand them.
  banner: {
    js: 'import { createRequire as __redraftRequire } from "node:module"; const require = __redraftRequire(import.meta.url);'
  }
} as const

export const buildServerBundle = async (outfile: string = SERVER_BUNDLE): Promise<string> => {
  await build({ ...OPTIONS, entryPoints: ["src/main.ts"], outfile })
  await build({
    ...OPTIONS,
    entryPoints: ["src/pipeline/GuardWorker.ts"],
    outfile: join(dirname(outfile), "guard-worker.mjs")
  })
  return outfile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildServerBundle(process.argv[2])
  console.log(`bundled the service into ${outfile}`)
}
