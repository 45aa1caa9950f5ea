/**
 * The slot and cache lanes of `npm run bench`: the handbook and the hard document (far from the target style, long
 * paragraphs, a third in Russian or Japanese) at 4, 16 and 32 slots (about 128 paragraphs from 16 slots up), and a
 * router lane (Router.ts over two simulated servers of 4 and 12 slots, Redraft configured with the sum). Per lane:
 * calls, prompt tokens and uncached prompt tokens per segment, the cached share, replies cut off at `max_tokens`, the
 * first finished paragraph, wall time against the ideal (provider work over the slots) and how busy the slots were
 * in the last quarter of the run. The lanes run at BENCH_LANES_TIME_SCALE (0.5: calls take half their simulated
 * time, long enough that the service's own work does not blur the schedule); BENCH_LANES picks lanes by a part of
 * their names (e.g. "hard", "@32").
 */
import type { ChildProcess } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { startRouter } from "./Router.ts"
import { type SimulationSettings, type SimulationStats, startSimulatedProvider } from "./SimulatedProvider.ts"

export interface LaneService {
  readonly start: (providerBaseUrl: string, concurrency: number) => Promise<{ base: string; child: ChildProcess }>
  readonly stop: (child: ChildProcess) => Promise<void>
  readonly rewrite: (base: string, document: string) => Promise<{ wallMs: number; firstMs: number; segments: number }>
}

export interface LaneRow {
  readonly lane: string
  readonly document: string
  readonly slots: number
  readonly segments: number
  readonly wallMs: number
  readonly firstMs: number
  readonly idealMs: number
  readonly tailBusy: number
  readonly stats: SimulationStats
  readonly routed?: ReadonlyArray<number>
}

/** The hard document: BENCH_HARD names another (a fresh one, to measure on text the service was not tuned on). */
export const HARD_DRAFT = process.env["BENCH_HARD"] ?? "bench/hard-draft.md"

/** Servers behind the router lane, by their slots. */
const ROUTED_SLOTS = [4, 12] as const

/** Runs every lane and prints their table. */
export const runLanes = async (
  service: LaneService,
  settings: SimulationSettings,
  handbook: string,
  longHandbook: string
): Promise<ReadonlyArray<LaneRow>> => {
  const hard = existsSync(HARD_DRAFT) ? readFileSync(HARD_DRAFT, "utf8") : undefined
  const documents: Array<readonly [string, string, string]> = [["handbook", handbook, longHandbook]]
  if (hard !== undefined) documents.push(["hard", hard, copiesOf(hard, 128)])
  else console.log(`(${HARD_DRAFT} is missing: the hard document's lanes are skipped)`)
  const scaled = { ...settings, timeScale: Number(process.env["BENCH_LANES_TIME_SCALE"] ?? 0.5) }
  const lanes: Array<readonly [string, string, string, ReadonlyArray<number>]> = []
  for (const [name, short, long] of documents) {
    lanes.push([`${name} @4`, name, short, [4]], [`${name} x128 @16`, name, long, [16]])
    lanes.push([`${name} x128 @32`, name, long, [32]])
  }
  lanes.push(["router 4+12", "handbook", longHandbook, ROUTED_SLOTS])
  const picked = process.env["BENCH_LANES"]
  const rows: Array<LaneRow> = []
  for (const [name, document, text, slots] of lanes) {
    if (picked === undefined || name.includes(picked))
      rows.push(await lane(service, scaled, name, document, text, slots))
  }
  printLanes(rows)
  return rows
}

/** `copies` of `document` enough to hold about `paragraphs` prose paragraphs, every copy's lines marked as its own. */
export const copiesOf = (document: string, paragraphs: number): string => {
  const prose = document.split(/\n\s*\n/).filter((b) => !/^\s*(#|```|\|)/.test(b)).length
  const copies = Math.max(1, Math.ceil(paragraphs / Math.max(1, prose)))
  return Array.from({ length: copies }, (_, k) => (k === 0 ? document : markCopy(document, k + 1))).join("\n\n")
}

// ---------------------------------------------------------------------------------------------------------------

const markCopy = (document: string, copy: number): string => {
  let fenced = false
  return document
    .split("\n")
    .map((line) => {
      if (line.trim().startsWith("```")) fenced = !fenced
      if (fenced || line.trim() === "" || line.trim().startsWith("```") || line.trim().startsWith("|")) return line
      return `${line} (${copy})`
    })
    .join("\n")
}

const lane = async (
  service: LaneService,
  settings: SimulationSettings,
  name: string,
  document: string,
  text: string,
  slotCounts: ReadonlyArray<number>
): Promise<LaneRow> => {
  const providers = await Promise.all(slotCounts.map((slots) => startSimulatedProvider({ ...settings, slots })))
  const router = slotCounts.length > 1 ? await startRouter(providers.map((p) => p.baseUrl)) : undefined
  const slots = slotCounts.reduce((a, b) => a + b, 0)
  const baseUrl = router?.baseUrl ?? providers[0]?.baseUrl ?? ""
  const { base, child } = await service.start(baseUrl, slots)
  try {
    await service.rewrite(base, "Warm up in order to start.\n")
    for (const p of providers) p.reset()
    const routedBefore = router?.routed() ?? []
    const { wallMs, firstMs, segments } = await service.rewrite(base, text)
    const stats = mergeStats(providers.map((p) => p.stats()))
    return {
      lane: name,
      document,
      slots,
      segments,
      wallMs,
      firstMs,
      idealMs: stats.workMs / slots,
      tailBusy: tailBusy(stats.spans, slots),
      stats,
      ...(router ? { routed: router.routed().map((n, i) => n - (routedBefore[i] ?? 0)) } : {})
    }
  } finally {
    await service.stop(child)
    await router?.close()
    for (const p of providers) await p.close()
  }
}

const addCounts = (a: Record<string, number>, b: Record<string, number>): Record<string, number> =>
  Object.fromEntries([...new Set([...Object.keys(a), ...Object.keys(b)])].map((k) => [k, (a[k] ?? 0) + (b[k] ?? 0)]))

const mergeStats = (all: ReadonlyArray<SimulationStats>): SimulationStats => {
  const [first, ...rest] = all
  if (first === undefined) throw new Error("no provider")
  return rest.reduce<SimulationStats>(
    (a, b) => ({
      calls: a.calls + b.calls,
      requestTokens: a.requestTokens + b.requestTokens,
      promptTokens: a.promptTokens + b.promptTokens,
      cachedTokens: a.cachedTokens + b.cachedTokens,
      completionTokens: a.completionTokens + b.completionTokens,
      truncated: a.truncated + b.truncated,
      tasks: addCounts(a.tasks, b.tasks),
      uncachedByTask: addCounts(a.uncachedByTask, b.uncachedByTask),
      workMs: a.workMs + b.workMs,
      maxInFlight: a.maxInFlight + b.maxInFlight,
      spans: [...a.spans, ...b.spans]
    }),
    first
  )
}

/** Share of the slots' time spent on calls in the last quarter of the provider's work. */
const tailBusy = (spans: ReadonlyArray<readonly [number, number]>, slots: number): number => {
  const end = Math.max(0, ...spans.map(([, e]) => e))
  const from = end * 0.75
  const busy = spans.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(e, end) - Math.max(s, from)), 0)
  return end > from ? busy / (slots * (end - from)) : 0
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })

const printLanes = (rows: ReadonlyArray<LaneRow>) => {
  console.log(
    "\n| lane | segments | calls/segment | prompt tokens/segment | uncached prompt tokens/segment | cached share | truncated | first paragraph ms | wall ms | ideal ms | wall/ideal | slots busy, last quarter | most in flight |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
  )
  for (const r of rows) {
    const s = r.stats
    const n = r.segments
    console.log(
      `| ${r.lane} | ${n} | ${fmt(s.calls / n, 2)} | ${fmt(s.promptTokens / n)} | ${fmt((s.promptTokens - s.cachedTokens) / n)} | ${fmt((100 * s.cachedTokens) / s.promptTokens)} % | ${s.truncated} | ${fmt(r.firstMs)} | ${fmt(r.wallMs)} | ${fmt(r.idealMs)} | ${fmt(r.wallMs / r.idealMs, 2)} | ${fmt(100 * r.tailBusy)} % | ${s.maxInFlight} |`
    )
  }
  for (const r of rows) {
    const routed = r.routed ? `; routed ${r.routed.join(" / ")} (servers of ${ROUTED_SLOTS.join(" / ")} slots)` : ""
    const uncached = Object.entries(r.stats.uncachedByTask).map(([task, n]) => `${task} ${fmt(n / r.segments)}`)
    console.log(
      `calls by task (${r.lane}): ${JSON.stringify(r.stats.tasks)}${routed}; uncached prompt tokens per segment by task: ${uncached.join(", ")}`
    )
  }
}
