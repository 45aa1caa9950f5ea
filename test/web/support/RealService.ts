/**
 * The real Redraft service for store specs: started in this process on 127.0.0.1, port 0, with the fake model
 * server, and happy-dom's page moved to its address, so the stores' `fetch("/api/...")` go over real HTTP to it as
 * same-origin requests (no `Origin` header, as the service's security checks expect from its own page).
 *
 * The service is loaded with Node's own loader: this spec environment (happy-dom) transforms modules for the
 * browser, which cannot load the service's `node:sqlite`. The service runs in Node, not in the page; only the
 * handle below crosses over, so its type is repeated here rather than imported (importing would type-check the
 * server under the web app's settings).
 */
import type { Window as HappyDomWindow } from "happy-dom"
import { createRequire } from "node:module"
import { createPinia, setActivePinia } from "pinia"
import { afterAll, beforeAll, beforeEach, vi } from "vitest"
import { watch } from "vue"

export interface RealService {
  /** The service's address, e.g. `http://127.0.0.1:40123`. */
  readonly url: string
  /** The fake model server's base URL, to put in the provider settings. */
  readonly providerUrl: string
  /** Makes the fake model server answer every chat `ms` late (0: at once again). */
  readonly slowProvider: (ms: number) => Promise<void>
  /** The chat requests the fake model server holds right now. */
  readonly providerCallsInFlight: () => Promise<number>
  /**
   * Sets how the fake model server behaves from now on (test/support/FakeProvider.ts `FakeSettings`: `behaviours`
   * such as "garbage" or "error-object", per-paragraph `faults`, `delayMs`, `models`), and forgets its calls.
   */
  readonly configureProvider: (settings: ProviderSettings) => Promise<void>
  /** The requests the fake model server received since it was last configured. */
  readonly providerCalls: () => Promise<ReadonlyArray<ProviderCall>>
  readonly stop: () => Promise<void>
}

/** The fake model server's settings (FakeProvider.ts `FakeSettings`), as far as the specs use them. */
export interface ProviderSettings {
  readonly behaviours?: ReadonlyArray<string>
  readonly faults?: ReadonlyArray<{ readonly match: string; readonly behaviour: string }>
  readonly delayMs?: number
  readonly models?: ReadonlyArray<string>
}

/** One request the fake model server received; `task` is the stage's prompt ("rewrite", "verify", "smooth", …). */
export interface ProviderCall {
  readonly method: string
  readonly path: string
  readonly body: Record<string, unknown> | undefined
  readonly task: string
}

const require = createRequire(import.meta.url)
const { startService: start } = require("../../support/WebStoreService.ts") as {
  readonly startService: (settings?: Readonly<Record<string, string>>) => Promise<RealService>
}

/** Starts a service; `settings` are its environment (e.g. `REDRAFT_DATA_DIR`) over the test defaults. */
export const startService = (settings: Readonly<Record<string, string>> = {}): Promise<RealService> => start(settings)

/**
 * The service of a spec file, and a fresh page for each of its tests. The service starts before the file's first test
 * and stops after its last. Before each test the page's storage is empty, or holds the fake model server as the
 * writer's chosen provider (`chooseProvider`); the stores are new; the fake model server behaves normally again.
 * `warmUp`: a document rewritten once before the tests, which loads the meaning guards' word lists, a wait that
 * belongs to no test.
 */
export const serviceForSpec = (
  options: { readonly chooseProvider?: boolean; readonly warmUp?: string } = {}
): RealService => {
  let started: RealService | undefined
  const current = () => {
    if (started === undefined) throw new Error("the spec's service starts before its first test")
    return started
  }
  beforeAll(async () => {
    started = await startService()
    openPageAt(started)
    if (options.warmUp !== undefined)
      await api("POST", "/api/rewrite", { document: options.warmUp, provider: { baseUrl: started.providerUrl } })
  }, 60_000)
  afterAll(() => started?.stop())
  beforeEach(async () => {
    const service = current()
    localStorage.clear()
    if (options.chooseProvider === true)
      localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl: service.providerUrl }))
    setActivePinia(createPinia())
    openPageAt(service)
    await service.configureProvider({})
  })
  return new Proxy({} as RealService, { get: (_target, key) => Reflect.get(current(), key) })
}

/**
 * Points the page at `service`: relative URLs and the page's origin become the service's. happy-dom keeps every
 * answer that has an ETag fresh for ever and never asks again, where a browser revalidates one that has no
 * expiry; `Cache-Control: no-cache` on the page's API requests makes it ask the service every time, as a browser does.
 */
export const openPageAt = (service: RealService) => {
  const { happyDOM } = window as unknown as HappyDomWindow
  happyDOM.setURL(`${service.url}/`)
  happyDOM.settings.fetch.requestHeaders = [{ headers: { "cache-control": "no-cache" } }]
  quietFailedRequests()
}

/**
 * Like a browser's console, happy-dom logs every answer with an error status ("PUT http://… 412 (Precondition
 * Failed)") and every connection it could not make (a request with a body twice, the second a moment later). The
 * specs provoke those on purpose (a refusal, a service stopped) and assert on what the stores make of them, so those
 * lines are dropped; anything else logged as an error still shows.
 */
const quietFailedRequests = () => {
  // happy-dom was given Node's own console, before the test runner put its own in the global scope.
  const console = require("node:console") as Console
  if (vi.isMockFunction(console.error)) return
  const error = console.error.bind(console)
  vi.spyOn(console, "error").mockImplementation((...args: Array<unknown>) => {
    const [line] = args
    if (args.length === 1 && typeof line === "string" && FAILED_REQUEST.test(line)) return
    if (args.length === 1 && refusedLocally(line)) return
    error(...args)
  })
}

const FAILED_REQUEST = /^(GET|POST|PUT|PATCH|DELETE) http:\/\/127\.0\.0\.1:\d+\/api\/\S* \d{3} \(.*\)$/

/** A connection to a stopped service on this machine, as Node reports it. */
const refusedLocally = (error: unknown) =>
  error instanceof Error &&
  (error as NodeJS.ErrnoException).code === "ECONNREFUSED" &&
  (error as { address?: unknown }).address === "127.0.0.1"

/** Resolves once `check` (which reads reactive state, such as a store's) holds. */
export const until = (check: () => boolean): Promise<void> =>
  new Promise((resolve) => {
    const stop = watch(
      check,
      (holds) => {
        if (!holds) return
        queueMicrotask(() => stop())
        resolve()
      },
      { immediate: true }
    )
  })

/** Polls `check` (state outside Vue, such as the service's) every few milliseconds until it holds. */
export const eventually = async (check: () => Promise<boolean>): Promise<void> => {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** The service's answer to a request of the page's, as JSON (a second client beside the stores). */
export const api = async <A>(method: string, path: string, body?: unknown): Promise<{ status: number; json: A }> => {
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  })
  return { status: response.status, json: (response.status === 204 ? undefined : await response.json()) as A }
}
