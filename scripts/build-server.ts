/**
 * Bundles the service (src/main.ts with its stages and dependencies) into one ES module for Node 22. `npm start`,
 * the benchmark and the desktop app run this file: it starts faster and needs about half the memory of running the
 * TypeScript sources through a loader.
 */
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

export const SERVER_BUNDLE = "dist/server/redraft.mjs"

export const buildServerBundle = async (outfile: string = SERVER_BUNDLE): Promise<string> => {
  await build({
    entryPoints: ["src/main.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    outfile,
    legalComments: "none",
    logLevel: "warning",
    // Some dependencies call require() for Node built-ins; an ES module bundle needs a require to hand them.
    banner: {
      js: 'import { createRequire as __redraftRequire } from "node:module"; const require = __redraftRequire(import.meta.url);'
    }
  })
  return outfile
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildServerBundle(process.argv[2])
  console.log(`bundled the service into ${outfile}`)
}
