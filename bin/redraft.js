#!/usr/bin/env node
// Entry point of the `redraft` command: registers tsx so the TypeScript sources run as they are, then starts the CLI.
// Needs Node 22.19 or newer (Effect 4); `npx redraft` and `npm exec redraft` use the Node pinned in node_modules.
import { register } from "tsx/esm/api"

// The built-in SQLite module is marked experimental in Node 22; its one-line warning is noise on a CLI's stderr.
const emitWarning = process.emitWarning
process.emitWarning = (warning, ...rest) =>
  String(warning).includes("SQLite") ? undefined : emitWarning.call(process, warning, ...rest)

register()
await import("../cli/main.ts")
