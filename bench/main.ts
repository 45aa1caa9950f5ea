/**
 * `npm run bench`: rewrites documents of 1, 8, 32 and 128 paragraphs through the real service (a child process)
 * against a simulated provider with parallel slots, and prints wall time against the ideal (provider work / slots),
 * provider calls per paragraph, tokens, the service's peak memory, and the same for a sequential baseline (the same
 * pipeline with one provider call at a time). `--smoke` runs a small document quickly, for CI.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { buildServerBundle, SERVER_BUNDLE } from "../scripts/build-server.ts"
import { assessStyle, buildStyleTarget } from "../src/text/StyleMetrics.ts"
import { UNDECIDED_ABOVE } from "../stages/style-score.ts"
import { type SimulationSettings, startSimulatedProvider } from "./SimulatedProvider.ts"

const smoke = process.argv.includes("--smoke")
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return Number.isFinite(value) && process.env[name] !== undefined && process.env[name] !== "" ? value : fallback
}

/**
 * Defaults for a 12B-parameter model, 4-bit quantised, on a laptop GPU with 8 GB: prompt processing at about 1,250
 * tokens/s (0.8 ms per input token) and generation at about 36 tokens/s (28 ms per output token), typical
 * llama-bench pp512/tg128 figures for that class of model and hardware. Four parallel slots is the default of
 * LM Studio's and llama.cpp server's parallel mode used with Redraft.
 */
const settings: SimulationSettings = {
  slots: number("BENCH_SLOTS", 4),
  prefillMsPerToken: number("BENCH_PREFILL_MS", 0.8),
  decodeMsPerToken: number("BENCH_DECODE_MS", 28),
  timeScale: number("BENCH_TIME_SCALE", smoke ? 0.01 : 0.05)
}
const sizes = smoke ? [1, 8] : (process.env["BENCH_SIZES"] ?? "1,8,32,128").split(",").map(Number)

interface Row {
  readonly mode: string
  readonly paragraphs: number
  readonly wallMs: number
  readonly idealMs: number
  readonly ratio: number
  readonly callsPerParagraph: number
  readonly promptTokens: number
  readonly completionTokens: number
  readonly peakRssMb: number
  /** The service's own CPU time per provider call: its overhead, whatever the provider's speed. */
  readonly cpuMsPerCall: number
  readonly maxQueued: number
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const startService = async (bundle: string, providerBaseUrl: string, concurrency: number) => {
  const port = await freePort()
  // The bundled service, as `npm start` and the desktop app run it, in one process whose peak memory /proc shows.
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PROVIDER_BASE_URL: providerBaseUrl,
      PROVIDER_CONCURRENCY: String(concurrency),
      WEB_DIR: "bench/no-web-ui"
    },
    stdio: ["ignore", "ignore", "inherit"]
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    // A request that lands while the server is still wiring its handlers can go unanswered: give each probe 1 s.
    const ok = await fetch(`${base}/api/profiles`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.ok,
      () => false
    )
    if (ok) return { base, child }
    await sleep(50)
  }
  child.kill("SIGKILL")
  throw new Error("the service did not start within 10 s")
}

const stopService = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve())
    child.kill("SIGTERM")
  })

/** CPU time (user + system) a process has used so far (Linux), in ms. */
const cpuMs = (pid: number | undefined): number => {
  const stat = pid === undefined ? "" : readFileSync(`/proc/${pid}/stat`, "utf8")
  // Fields after the command name (which may hold spaces) start after the last ")"; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** Peak resident memory of a process so far (Linux), in MB. */
const peakRssMb = (pid: number | undefined): number => {
  const status = pid === undefined ? "" : readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return Math.round((kb / 1024) * 10) / 10
}

/**
 * The common path: paragraphs already in the direct-technical style, so the measured score decides on the first
 * attempt (samples whose own measured score is within the model-grade band are left out). Each paragraph is unique,
 * with a heading every eight paragraphs.
 */
const DEFAULT_THRESHOLD = 80

const makeDocument = (paragraphs: number, offset = 0): string => {
  const profile = JSON.parse(readFileSync("fixtures/profiles/direct-technical.json", "utf8")) as {
    samples: string[]
    avoid: string[]
  }
  const target = buildStyleTarget(profile.samples, profile.avoid)
  const decisive = profile.samples.filter((s) => assessStyle(s, target).score >= DEFAULT_THRESHOLD + UNDECIDED_ABOVE)
  const parts: Array<string> = ["# Field manual"]
  for (let i = 0; i < paragraphs; i++) {
    if (i > 0 && i % 8 === 0) parts.push(`## Part ${i / 8 + 1}`)
    const sample = decisive[i % decisive.length] ?? ""
    parts.push(`Step ${i + 1 + offset}: ${sample}`)
  }
  return parts.join("\n\n") + "\n"
}

const run = async (
  mode: string,
  paragraphs: number,
  concurrency: number,
  sim: SimulationSettings,
  warmRuns = 0,
  repeats = 1
): Promise<Row> => {
  const provider = await startSimulatedProvider(sim)
  const { base, child } = await startService(bundle, provider.baseUrl, concurrency)
  try {
    const rewrite = (document: string) =>
      fetch(`${base}/api/rewrite`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ document, styleProfileId: "direct-technical", options: { includeDebug: true } })
      })
    // One small run first, so the figures are those of a warm service rather than of its first request.
    await (await rewrite(makeDocument(2, 10_000))).text()
    // A long-running service has compiled its hot paths; full-size warm-up runs measure that steady state.
    for (let w = 0; w < warmRuns; w++) await (await rewrite(makeDocument(paragraphs, 20_000 + w * 1_000))).text()
    const measure = async (offset: number): Promise<Row> => {
      const document = makeDocument(paragraphs, offset)
      provider.reset()
      const cpuBefore = cpuMs(child.pid)
      const started = performance.now()
      const response = await rewrite(document)
      const result = (await response.json()) as { finalText?: string; error?: unknown }
      const wallMs = performance.now() - started
      const serviceCpuMs = cpuMs(child.pid) - cpuBefore
      if (!response.ok || result.finalText !== document) {
        throw new Error(`run failed (${response.status}): ${JSON.stringify(result).slice(0, 300)}`)
      }
      const stats = provider.stats()
      const idealMs = stats.workMs / sim.slots
      return {
        mode,
        paragraphs,
        wallMs,
        idealMs,
        ratio: idealMs > 0 ? wallMs / idealMs : Number.NaN,
        callsPerParagraph: stats.calls / paragraphs,
        promptTokens: stats.promptTokens,
        completionTokens: stats.completionTokens,
        peakRssMb: peakRssMb(child.pid),
        cpuMsPerCall: serviceCpuMs / stats.calls,
        maxQueued: stats.maxQueued
      }
    }
    // Several measured runs when asked; the median one is reported, so one noisy run does not decide.
    const runs: Array<Row> = []
    for (let i = 0; i < repeats; i++) runs.push(await measure(i * 1_000))
    runs.sort((a, b) => a.cpuMsPerCall - b.cpuMsPerCall)
    return runs[Math.floor(runs.length / 2)] ?? runs[0]!
  } finally {
    await stopService(child)
    await provider.close()
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })

let bundle = SERVER_BUNDLE

const main = async () => {
  bundle = await buildServerBundle("test-output/bench/redraft.mjs")
  console.log(
    `Simulated provider: ${settings.slots} slots, ${settings.prefillMsPerToken} ms/input token, ${settings.decodeMsPerToken} ms/output token, time scale ${settings.timeScale}`
  )
  const rows: Array<Row> = []
  for (const size of sizes) {
    rows.push(await run("parallel", size, settings.slots, settings))
    rows.push(await run("sequential", size, 1, settings))
  }
  // Service overhead: the same pipeline against a provider that answers at once, so wall time is the service's own.
  const overheadSize = smoke ? 8 : 128
  const instant = await run(
    "no-latency",
    overheadSize,
    settings.slots,
    { ...settings, prefillMsPerToken: 0, decodeMsPerToken: 0 },
    smoke ? 1 : 3,
    smoke ? 1 : 5
  )
  const overheadPerCall = instant.wallMs / (instant.callsPerParagraph * instant.paragraphs)

  const header =
    "| mode | paragraphs | wall ms | ideal ms | wall/ideal | calls/paragraph | tokens sent | tokens received | service CPU ms/call | peak RSS MB |"
  console.log("\n" + header + "\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  for (const r of rows) {
    console.log(
      `| ${r.mode} | ${r.paragraphs} | ${fmt(r.wallMs)} | ${fmt(r.idealMs)} | ${fmt(r.ratio, 2)} | ${fmt(r.callsPerParagraph, 2)} | ${fmt(r.promptTokens)} | ${fmt(r.completionTokens)} | ${fmt(r.cpuMsPerCall, 2)} | ${fmt(r.peakRssMb, 1)} |`
    )
  }
  console.log(
    `\nService overhead: ${fmt(instant.cpuMsPerCall, 2)} ms of service CPU per provider call in a warm service; against an instant provider ${instant.paragraphs} paragraphs take ${fmt(instant.wallMs)} ms wall, ${fmt(overheadPerCall, 2)} ms per call with both processes on this machine's cores`
  )
  mkdirSync("test-output", { recursive: true })
  writeFileSync("test-output/bench.json", JSON.stringify({ settings, rows, overheadPerCall, instant }, null, 2))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
