/**
 * Bundles the service (src/main.ts with its stages and dependencies) into one ES module for Node 22, and beside it
 * `guard-worker.mjs`, the worker thread that checks long texts (src/pipeline/GuardWorker.ts). `npm start`, the
 * benchmark and the desktop app run these files: they start faster and need about half the memory of running the
 * TypeScript sources through a loader.
 */
import { build, type BuildOptions } from "esbuild"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export const SERVER_BUNDLE = "dist/server/redraft.mjs"

const OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  legalComments: "none",
  // Without comments and layout (names stay, for stack traces and profiles): V8 keeps the whole source in memory.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: "warning",
  // Some dependencies call require() for Node built-ins; an ES module bundle needs a require to hand them.
  banner: {
    js: 'import { createRequire as __redraftRequire } from "node:module"; const require = __redraftRequire(import.meta.url);'
  }
} as const

export const buildServerBundle = async (outfile: string = SERVER_BUNDLE): Promise<string> => {
  await bundle({ ...OPTIONS, entryPoints: ["src/main.ts"], outfile })
  await bundle({
    ...OPTIONS,
    entryPoints: ["src/pipeline/GuardWorker.ts"],
    outfile: join(dirname(outfile), "guard-worker.mjs")
  })
  return outfile
}

/** Builds one file, written in ASCII only (`asciiOnly`). */
const bundle = async (options: BuildOptions & { readonly outfile: string }) => {
  const { outputFiles } = await build({ ...options, write: false })
  mkdirSync(dirname(options.outfile), { recursive: true })
  for (const file of outputFiles) writeFileSync(file.path, asciiOnly(file.text))
}

/**
 * The code with every character outside ASCII written as a `\uXXXX` escape. esbuild escapes them in strings but
 * leaves comments and regular expression literals as written, and a single one makes V8 hold the whole source (about
 * 10 MB, kept for the life of the process) at two bytes a character. In a regular expression the escape means the
 * same character, with or without the `u` flag (a surrogate pair of escapes is one code point under `u`); an
 * identity escape (a backslash before the character, allowed without `u`) becomes the escape alone.
 */
export const asciiOnly = (code: string): string =>
  code.replace(/(\\*)([\u0080-\uffff])/g, (_match, slashes: string, char: string) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes
    return `${kept}\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`
  })

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outfile = await buildServerBundle(process.argv[2])
  console.log(`bundled the service into ${outfile}`)
}
