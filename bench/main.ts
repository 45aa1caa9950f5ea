/**
 * `npm run bench`: rewrites a realistic draft (bench/handbook-draft.md: 32 paragraphs and three lists, 44 prose
 * segments, about half of them with a first draft's filler phrases) through the real service (a child process) at the
 * default quality settings, against a simulated local server with slots, a per-slot prompt cache, prefill and decode
 * costs (SimulatedProvider.ts). Prints provider calls and prompt tokens per segment, the time to the first finished
 * paragraph, wall time against the ideal (provider work / slots), and the service's peak memory, for the service as
 * shipped and for a sequential baseline (one call at a time). `--smoke` runs a short document quickly, for CI.
 * Then the slot and cache lanes (Lanes.ts): the handbook and the hard document at 4, 16 and 32 slots, and a router in
 * front of two servers; `--lanes` runs those alone.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { buildServerBundle } from "../scripts/build-server.ts"
import { runLanes } from "./Lanes.ts"
import { type SimulationSettings, type SimulationStats, startSimulatedProvider } from "./SimulatedProvider.ts"
import { printServiceWeight, serviceWeight, type WeightHarness } from "./ServiceWeight.ts"

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
  timeScale: number("BENCH_TIME_SCALE", smoke ? 0.01 : 0.1)
}

const HANDBOOK = readFileSync("bench/handbook-draft.md", "utf8")

/** The first `segments` prose blocks of the handbook (a list counts its items), for the smoke run. */
const shortHandbook = (blocks: number): string => HANDBOOK.split("\n\n").slice(0, blocks).join("\n\n") + "\n"

/** `copies` copies of the handbook, each paragraph marked with its copy so none is a repeat. */
const longHandbook = (copies: number): string =>
  Array.from({ length: copies }, (_, k) =>
    HANDBOOK.split("\n\n")
      .map((block) =>
        block.startsWith("#") ? `${block} (copy ${k + 1})` : block.replace(/\.(\s|$)/, ` in copy ${k + 1}.$1`)
      )
      .join("\n\n")
  ).join("\n\n")

interface Row {
  readonly mode: string
  readonly document: string
  readonly segments: number
  readonly wallMs: number
  readonly firstMs: number
  readonly idealMs: number
  readonly peakRssMb: number
  readonly stats: SimulationStats
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
  // BENCH_SERVICE_NODE_ARGS: Node options for the service (`--cpu-prof --cpu-prof-dir=…`, to see where its time goes).
  const nodeArgs = process.env["BENCH_SERVICE_NODE_ARGS"]?.split(" ").filter((a) => a !== "") ?? []
  const child = spawn(process.execPath, [...nodeArgs, bundle], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      PROVIDER_BASE_URL: providerBaseUrl,
      PROVIDER_CONCURRENCY: String(concurrency),
      WEB_DIR: "bench/no-web-ui",
      REDRAFT_DATA_DIR: mkdtempSync(join(tmpdir(), "redraft-bench-"))
    },
    // BENCH_SERVICE_LOG: a file for the service's request log (one line per request), to see what it was doing.
    stdio: [
      "ignore",
      process.env["BENCH_SERVICE_LOG"] === undefined ? "ignore" : openSync(process.env["BENCH_SERVICE_LOG"], "a"),
      "inherit"
    ]
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

/** Peak resident memory of a process so far (Linux), in MB. */
const peakRssMb = (pid: number | undefined): number => {
  const status = pid === undefined ? "" : readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return Math.round((kb / 1024) * 10) / 10
}

/** Streams one rewrite and times its first finished paragraph. */
const streamedRewrite = async (base: string, document: string) => {
  const started = performance.now()
  const response = await fetch(`${base}/api/rewrite`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({ document })
  })
  let firstMs = Number.NaN
  let segments = 0
  let result: { finalText?: string } | undefined
  let buffer = ""
  const decoder = new TextDecoder()
  for await (const chunk of response.body ?? []) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true })
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const event = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      const type = /^event: (\w+)/m.exec(event)?.[1]
      const data = /^data: (.*)$/m.exec(event)?.[1] ?? "null"
      if (type === "segment") {
        segments++
        if (Number.isNaN(firstMs)) firstMs = performance.now() - started
      }
      if (type === "result") result = JSON.parse(data) as { finalText?: string }
      if (type === "error") throw new Error(`run failed: ${data.slice(0, 300)}`)
    }
  }
  if (result?.finalText === undefined) throw new Error("the run ended without a result")
  return { wallMs: performance.now() - started, firstMs, segments }
}

const run = async (mode: string, name: string, document: string, concurrency: number, sim: SimulationSettings) => {
  const provider = await startSimulatedProvider(sim)
  const { base, child } = await startService(bundle, provider.baseUrl, concurrency)
  try {
    // One small run first, so the figures are those of a warm service rather than of its first request.
    await streamedRewrite(base, "Warm up in order to start.\n")
    provider.reset()
    const { wallMs, firstMs, segments } = await streamedRewrite(base, document)
    const stats = provider.stats()
    return {
      mode,
      document: name,
      segments,
      wallMs,
      firstMs,
      idealMs: stats.workMs / sim.slots,
      peakRssMb: peakRssMb(child.pid),
      stats
    } satisfies Row
  } finally {
    await stopService(child)
    await provider.close()
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })

let bundle = ""

/**
 * One long paragraph checked by `POST /api/check` (ordinary prose, and the same without a full stop), while another
 * client asks `GET /api/health` every 50 ms: how long the check takes, and how long the slowest health answer waited.
 */
const longParagraph = async (chars: number) => {
  const sentence = HANDBOOK.split("\n\n")
    .filter((b) => !/^(#|```|\||-|\d+\.)/.test(b.trim()))
    .join(" ")
    .replace(/\s+/g, " ")
  const prose = sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars)
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["ordinary prose", prose],
    ["one sentence", prose.replace(/[.!?](\s)/g, ",$1")]
  ]
  const { base, child } = await startService(bundle, "http://127.0.0.1:9/v1", 1)
  const out: Array<{ name: string; chars: number; checkMs: number; healthMaxMs: number; healthCount: number }> = []
  try {
    for (const [name, original] of cases) {
      const rewrite = original.replace(/\b(\d+)\b/, (n) => String(Number(n) + 1))
      const state = { done: false }
      let healthMaxMs = 0
      let healthCount = 0
      const probes = (async () => {
        while (!state.done) {
          const started = performance.now()
          await fetch(`${base}/api/health?baseUrl=${encodeURIComponent("http://127.0.0.1:9/v1")}`).then((r) => r.text())
          healthMaxMs = Math.max(healthMaxMs, performance.now() - started)
          healthCount++
          await sleep(50)
        }
      })()
      const started = performance.now()
      const response = await fetch(`${base}/api/check`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ original, rewrite })
      })
      await response.text()
      const checkMs = performance.now() - started
      state.done = true
      await probes
      if (!response.ok) throw new Error(`POST /api/check answered ${response.status} for ${name}`)
      out.push({ name, chars: original.length, checkMs, healthMaxMs, healthCount })
    }
  } finally {
    await stopService(child)
  }
  return out
}

/** The service's own CPU time and memory on a long document, and the wait of a 1 MB one (ServiceWeight.ts). */
const weightLane = () => {
  const harness: WeightHarness = {
    start: (providerBaseUrl, concurrency) => startService(bundle, providerBaseUrl, concurrency),
    stop: stopService,
    rewrite: streamedRewrite,
    handbook: longHandbook,
    peakRssMb,
    slots: settings.slots
  }
  const sizes = smoke
    ? { paragraphs: 44, chars: 100_000, tries: 1 }
    : { paragraphs: 512, chars: 1_048_576, tries: number("BENCH_WEIGHT_TRIES", 3) }
  return serviceWeight(harness, sizes).then(printServiceWeight)
}

const main = async () => {
  // BENCH_BUNDLE: an already built service (another commit's, to compare), instead of a build of this one.
  bundle = process.env["BENCH_BUNDLE"] ?? (await buildServerBundle("test-output/bench/redraft.mjs"))
  // BENCH_ONLY=weight runs the service weight lane alone.
  if (process.env.BENCH_ONLY === "weight") return weightLane()
  console.log(
    `Simulated local server: ${settings.slots} slots with a prompt cache each, ${settings.prefillMsPerToken} ms/uncached prompt token, ${settings.decodeMsPerToken} ms/output token, time scale ${settings.timeScale}; default options`
  )
  if (process.argv.includes("--lanes")) return void (await slotLanes())
  const documents: ReadonlyArray<readonly [string, string]> = smoke
    ? [["handbook, first 8 blocks", shortHandbook(8)]]
    : [
        ["handbook", HANDBOOK],
        ["handbook x4", longHandbook(4)]
      ]
  const rows: Array<Row> = []
  for (const [name, document] of documents) {
    rows.push(await run("parallel", name, document, settings.slots, settings))
    if (name === "handbook" || smoke) rows.push(await run("sequential", name, document, 1, settings))
  }
  // Service overhead: the same pipeline against a provider that answers at once, so wall time is the service's own.
  const [overheadName, overheadDocument] = documents.at(-1)!
  const instant = await run("no-latency", overheadName, overheadDocument, settings.slots, {
    ...settings,
    prefillMsPerToken: 0,
    decodeMsPerToken: 0
  })

  console.log(
    "\n| mode | document | segments | calls/segment | request tokens/segment | cached prompt share | truncated | first paragraph ms | wall ms | ideal ms | wall/ideal | peak RSS MB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  )
  for (const r of rows) {
    const s = r.stats
    console.log(
      `| ${r.mode} | ${r.document} | ${r.segments} | ${fmt(s.calls / r.segments, 2)} | ${fmt(s.requestTokens / r.segments)} | ${fmt((100 * s.cachedTokens) / s.promptTokens)} % | ${s.truncated} | ${fmt(r.firstMs)} (${fmt((100 * r.firstMs) / r.wallMs)} %) | ${fmt(r.wallMs)} | ${fmt(r.idealMs)} | ${fmt(r.wallMs / r.idealMs, 2)} | ${fmt(r.peakRssMb, 1)} |`
    )
  }
  for (const r of rows) console.log(`calls by task (${r.mode}, ${r.document}): ${JSON.stringify(r.stats.tasks)}`)
  console.log(
    `\nService overhead: against an instant provider, ${instant.segments} segments take ${fmt(instant.wallMs)} ms wall (${fmt(instant.wallMs / instant.stats.calls, 2)} ms per provider call, both processes on this machine's cores); peak RSS ${fmt(instant.peakRssMb, 1)} MB`
  )
  const long = await longParagraph(smoke ? 40_000 : 199_000)
  console.log(
    "\n| long paragraph | characters | POST /api/check ms | slowest GET /api/health meanwhile ms | health answers |"
  )
  console.log("|---|---:|---:|---:|---:|")
  for (const l of long)
    console.log(`| ${l.name} | ${fmt(l.chars)} | ${fmt(l.checkMs)} | ${fmt(l.healthMaxMs)} | ${l.healthCount} |`)
  await weightLane()
  mkdirSync("test-output", { recursive: true })
  writeFileSync("test-output/bench.json", JSON.stringify({ settings, rows, instant, long }, null, 2))
  if (!smoke) await slotLanes()
}

/** The slot and cache lanes (Lanes.ts), written to test-output/bench-lanes.json as well. */
const slotLanes = async () => {
  const lanes = await runLanes(
    {
      start: (url, concurrency) => startService(bundle, url, concurrency),
      stop: stopService,
      rewrite: streamedRewrite
    },
    settings,
    HANDBOOK,
    longHandbook(4)
  )
  mkdirSync("test-output", { recursive: true })
  writeFileSync("test-output/bench-lanes.json", JSON.stringify({ settings, lanes }, null, 2))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
