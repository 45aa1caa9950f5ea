#!/usr/bin/env node
// Entry point of the `redraft` command: registers tsx so the TypeScript sources run as they are, then starts the CLI.
// Needs Node 22.19 or newer (Effect 4); `npx redraft` and `npm exec redraft` use the Node pinned in node_modules.
import { register } from "tsx/esm/api"

register()
await import("../cli/main.ts")
