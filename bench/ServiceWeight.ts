/**
 * The service's own weight, against a simulated server that answers at once, so that every figure is the service's:
 * CPU time per provider call and peak memory while a long document (512 paragraphs) is rewritten, after a warm-up run
 * of the same document, and how long a 1 MB document waits from the request to its first chat request. The CPU time
 * and peak memory are the service process's own, read from /proc (Linux).
 */
import { type ChildProcess, execFileSync } from "node:child_process"
import { mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { request as httpRequest } from "node:http"
import { segmentMarkdown } from "../src/markdown/Segments.ts"
import { type SimulatedProvider, type SimulationSettings, startSimulatedProvider } from "./SimulatedProvider.ts"

/** What the lane borrows from the benchmark: how it starts, stops and drives the service, and its documents. */
export interface WeightHarness {
  readonly start: (providerBaseUrl: string, concurrency: number) => Promise<{ base: string; child: ChildProcess }>
  readonly stop: (child: ChildProcess) => Promise<void>
  readonly rewrite: (base: string, document: string) => Promise<unknown>
  /** `copies` copies of the handbook, no paragraph repeated. */
  readonly handbook: (copies: number) => string
  readonly peakRssMb: (pid: number | undefined) => number
  readonly slots: number
}

export interface WeightSizes {
  /** Paragraphs (rewritable segments) of the long document, at least. */
  readonly paragraphs: number
  /** Characters of the large document, at least. */
  readonly chars: number
  /** Requests with the large document; the figure is their median. */
  readonly tries: number
}

export interface ServiceWeight {
  readonly paragraphs: number
  readonly calls: number
  readonly cpuMsPerCall: number
  readonly peakRssMb: number
  readonly largeChars: number
  readonly firstCallMs: ReadonlyArray<number>
  readonly firstCallMedianMs: number
}

export const WEIGHT_TARGETS = { cpuMsPerCall: 1.5, peakRssMb: 200, firstCallMs: 150 } as const

export const serviceWeight = async (harness: WeightHarness, sizes: WeightSizes): Promise<ServiceWeight> => {
  const long = await longDocumentWeight(harness, sizes.paragraphs)
  const large = await largeDocumentWait(harness, sizes)
  const weight = { ...long, ...large }
  mkdirSync("test-output", { recursive: true })
  writeFileSync("test-output/bench-weight.json", JSON.stringify({ sizes, targets: WEIGHT_TARGETS, weight }, null, 2))
  return weight
}

export const printServiceWeight = (w: ServiceWeight): void => {
  const t = WEIGHT_TARGETS
  const mark = (ok: boolean) => (ok ? "met" : "missed")
  const median = w.firstCallMedianMs
  console.log("\n| service weight (instant provider) | measured | target | |\n|---|---:|---:|---|")
  console.log(
    `| CPU ms per provider call, ${w.paragraphs} paragraphs, warm (${w.calls} calls) | ${w.cpuMsPerCall.toFixed(2)} | ≤ ${t.cpuMsPerCall} | ${mark(w.cpuMsPerCall <= t.cpuMsPerCall)} |`
  )
  console.log(
    `| peak RSS MB, ${w.paragraphs} paragraphs | ${w.peakRssMb.toFixed(1)} | ≤ ${t.peakRssMb} | ${mark(w.peakRssMb <= t.peakRssMb)} |`
  )
  console.log(
    `| ms from request to first provider call, ${(w.largeChars / 1e6).toFixed(2)} M characters (median of ${w.firstCallMs.map((ms) => ms.toFixed(0)).join(", ")}) | ${median.toFixed(0)} | ≤ ${t.firstCallMs} | ${mark(median <= t.firstCallMs)} |`
  )
}

// ---------------------------------------------------------------------------------------------------------------------

const INSTANT: SimulationSettings = { slots: 4, prefillMsPerToken: 0, decodeMsPerToken: 0, timeScale: 0 }

const TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100

/** User and system CPU time of a process so far (every thread of it), in ms. */
const cpuMs = (pid: number | undefined): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  // The fields after the command name: state is field 3, utime field 14, stime field 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

const rewritable = (document: string) =>
  segmentMarkdown(document).segments.filter((s) => s.kind === "prose" && s.block !== "blockquote").length

/** The fewest handbook copies that reach `enough` by `measure`. */
const handbookUntil = (harness: WeightHarness, measure: (document: string) => number, enough: number) => {
  let copies = 1
  while (measure(harness.handbook(copies)) < enough) copies++
  return harness.handbook(copies)
}

const longDocumentWeight = async (harness: WeightHarness, paragraphs: number) => {
  const document = handbookUntil(harness, rewritable, paragraphs)
  const provider = await startSimulatedProvider({ ...INSTANT, slots: harness.slots })
  const { base, child } = await harness.start(provider.baseUrl, harness.slots)
  try {
    await harness.rewrite(base, document)
    provider.reset()
    const before = cpuMs(child.pid)
    await harness.rewrite(base, document)
    const calls = provider.stats().calls
    return {
      paragraphs: rewritable(document),
      calls,
      cpuMsPerCall: (cpuMs(child.pid) - before) / calls,
      peakRssMb: harness.peakRssMb(child.pid)
    }
  } finally {
    await harness.stop(child)
    await provider.close()
  }
}

const largeDocumentWait = async (harness: WeightHarness, sizes: WeightSizes) => {
  const document = handbookUntil(harness, (d) => d.length, sizes.chars)
  const provider = await startSimulatedProvider({ ...INSTANT, slots: harness.slots })
  // The service reads its limits from its environment, which it takes from this process's.
  const saved = { chars: process.env.MAX_DOCUMENT_CHARS, bytes: process.env.MAX_BODY_BYTES }
  process.env.MAX_DOCUMENT_CHARS = String(2 * document.length)
  process.env.MAX_BODY_BYTES = String(8 * document.length)
  const started = await harness.start(provider.baseUrl, harness.slots).finally(() => {
    restoreEnv("MAX_DOCUMENT_CHARS", saved.chars)
    restoreEnv("MAX_BODY_BYTES", saved.bytes)
  })
  const firstCallMs: Array<number> = []
  let failures = 0
  try {
    await harness.rewrite(started.base, "Warm up in order to start.\n")
    for (let i = 0; i < sizes.tries; i++) {
      await quiet(provider)
      provider.reset()
      // Each try on a connection of its own (no pool): a request cannot wait behind a connection a cancelled try left.
      const sent: { failure?: unknown; aborted: boolean } = { aborted: false }
      const body = JSON.stringify({ document })
      const sentAt = performance.now()
      const request = httpRequest(`${started.base}/api/rewrite`, {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          "content-length": Buffer.byteLength(body)
        }
      })
      const closed = new Promise<void>((resolve) =>
        request.once("close", () => {
          // Closed before any provider call: the service answered without starting the run (an error).
          if (!sent.aborted) sent.failure ??= new Error("the service answered before its first provider call")
          resolve()
        })
      )
      request.on("response", (response) => response.resume())
      request.on("error", (error: unknown) => {
        if (!sent.aborted) sent.failure = error
      })
      request.end(body)
      // The simulated server counts a call when its request has arrived; looked at every millisecond.
      while (provider.stats().calls === 0 && sent.failure === undefined) await sleep(1)
      if (sent.failure !== undefined) {
        if (++failures > 3) throw new Error(`the 1 MB document did not reach the provider: ${String(sent.failure)}`)
        i--
        continue
      }
      firstCallMs.push(performance.now() - sentAt)
      // The client goes away: the service cancels the run.
      sent.aborted = true
      request.destroy()
      await closed
    }
  } finally {
    await harness.stop(started.child)
    await provider.close()
  }
  const sorted = firstCallMs.toSorted((a, b) => a - b)
  return { largeChars: document.length, firstCallMs, firstCallMedianMs: sorted[Math.floor(sorted.length / 2)] ?? NaN }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the simulated server has had no new call for 300 ms (a cancelled run's last calls are over). */
const quiet = async (provider: SimulatedProvider) => {
  for (let calls = -1; calls !== provider.stats().calls;) {
    calls = provider.stats().calls
    await sleep(300)
  }
}

const restoreEnv = (name: string, value: string | undefined) => {
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
}
