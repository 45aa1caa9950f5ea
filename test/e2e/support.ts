/** The real service on a real port with a freshly built web UI and the fake provider, plus Debian's Chromium. */
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, ManagedRuntime, References } from "effect"
import { HttpServer } from "effect/http"
import { existsSync } from "node:fs"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import { type Browser, chromium, type Page } from "playwright-core"
import { serveApp } from "../../src/http/HttpServerLayer.ts"
import { DefaultStages } from "../../stages/index.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { configForFake } from "../support/TestApp.ts"

const require = createRequire(import.meta.url)

export { SCREENSHOTS } from "./paths.ts"

export const chromiumPath = (): string => {
  const path = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium"
  if (!existsSync(path)) {
    throw new Error(`no Chromium at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`)
  }
  return path
}

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync"
    ]
  })

export const startApp = async (webDir: string, settings: Readonly<Record<string, string>> = {}) => {
  const layer = serveApp(DefaultStages, { quiet: true }).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createServer, { host: "127.0.0.1", port: 0 })),
    Layer.provide(configForFake({ WEB_DIR: webDir, ...settings })),
    // The service's warnings (a read-only workspace) are what some tests are about; they assert what the page shows.
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
    Layer.provideMerge(FakeProvider.layer)
  )
  const runtime = ManagedRuntime.make(layer)
  const { url, fake } = await runtime.runPromise(
    Effect.gen(function* () {
      const server = yield* HttpServer.HttpServer
      const address = server.address
      const port = address._tag === "UnixPathAddress" ? 0 : address.port
      return { url: `http://127.0.0.1:${port}`, fake: yield* FakeProvider }
    })
  )
  return {
    url,
    fake,
    run: <A>(effect: Effect.Effect<A>) => runtime.runPromise(effect),
    dispose: () => runtime.dispose()
  }
}

/** A second model server with other models, to see the list follow the endpoint. */
export const startOtherProvider = async () => {
  const server = createServer((req, res) => {
    res.writeHead(req.url === "/v1/models" ? 200 : 404, { "content-type": "application/json" })
    res.end(JSON.stringify({ data: [{ id: "other-model-a" }, { id: "other-model-b" }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const port = (server.address() as { port: number }).port
  return { baseUrl: `http://127.0.0.1:${port}/v1`, close: () => server.close() }
}

/** The serious and critical axe-core violations on the page, or inside the element `selector` picks. */
export const seriousViolations = async (page: Page, selector?: string): Promise<ReadonlyArray<string>> => {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") })
  return page.evaluate(async (scope) => {
    interface Violation {
      readonly id: string
      readonly help: string
      readonly impact?: string | null
      readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<string> }>
    }
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<{ violations: Array<Violation> }> } })
      .axe
    const context = scope === null ? document : document.querySelector(scope)
    return (await axe.run(context)).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)
  }, selector ?? null)
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export const sidewaysOverflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

/** Polls `check` every 50 ms until it holds, or fails naming `what` after `ms`. */
export const waitUntil = async (check: () => Promise<boolean>, what: string, ms = 10_000) => {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}
