import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startSimulatedProvider } from "./SimulatedProvider.ts"
const HANDBOOK = readFileSync("bench/handbook-draft.md", "utf8")
const longHandbook = (copies: number): string =>
  Array.from({ length: copies }, (_, k) =>
    HANDBOOK.split("\n\n").map((block) => block.startsWith("#") ? `${block} (copy ${k + 1})` : block.replace(/\.(\s|$)/, ` in copy ${k + 1}.$1`)).join("\n\n")
  ).join("\n\n")
const copies = Number(process.env.COPIES ?? 12)
const runs = Number(process.env.RUNS ?? 2)
const provider = await startSimulatedProvider({ slots: 4, prefillMsPerToken: 0, decodeMsPerToken: 0, timeScale: 0 })
const port = 4790
const args = (process.env.NODE_ARGS ?? "").split(" ").filter(Boolean)
const child = spawn(process.execPath, [...args, "test-output/bench/redraft.mjs"], { env: { ...process.env, PORT: String(port), PROVIDER_BASE_URL: provider.baseUrl, PROVIDER_CONCURRENCY: "4", WEB_DIR: "bench/no-web-ui", REDRAFT_DATA_DIR: mkdtempSync(join(tmpdir(), "rd-")) }, stdio: ["ignore", "ignore", "inherit"] })
const base = `http://127.0.0.1:${port}`
for (;;) { if (await fetch(`${base}/api/profiles`).then((r) => r.ok, () => false)) break; await new Promise((r) => setTimeout(r, 100)) }
const rss = () => { const s = readFileSync(`/proc/${child.pid}/status`, "utf8"); return `rss ${Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024 | 0} hwm ${Number(/VmHWM:\s+(\d+)/.exec(s)![1]) / 1024 | 0}` }
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, "utf8"); const x = f.slice(f.lastIndexOf(")") + 2).split(" "); return (Number(x[11]) + Number(x[12])) * 10 }
console.log("idle", rss())
const doc = longHandbook(copies)
for (let i = 0; i < runs; i++) {
  provider.reset(); const c0 = cpu(); const t0 = performance.now()
  const r = await fetch(`${base}/api/rewrite`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ document: doc }) })
  await r.text()
  const calls = provider.stats().calls
  console.log(`run ${i} status ${r.status} calls ${calls} cpu/call ${((cpu() - c0) / calls).toFixed(2)} wall ${(performance.now() - t0) | 0} ms`, rss())
}
if (process.env.SNAP) { child.kill("SIGUSR2"); await new Promise((r) => setTimeout(r, 8000)) }
child.kill("SIGTERM"); await provider.close()
