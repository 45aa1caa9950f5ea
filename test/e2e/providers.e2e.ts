/**
 * A model server that needs a key, set up from the provider settings in Chromium: the light says the key is missing,
 * the writer adds the server with its key, picks it, and the run goes through; the key is not left in the page.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, inject } from "vitest"
import { launchBrowser, SCREENSHOTS, seriousViolations, startApp } from "./support.ts"

const KEY = "sk-browser-6262-secret"

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let page: Page

beforeAll(async () => {
  app = await startApp(inject("webDir"))
  await app.run(app.fake.configure({ apiKey: KEY }))
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage()
  await page.goto(app.url)
  await page.fill("[data-test=endpoint]", app.fake.baseUrl)
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe("a server that needs a key, in Chromium", () => {
  it("says the key is missing, takes it in the settings, and the run goes through with it", async () => {
    await page.waitForSelector("[data-test=health].error")
    assert.include(await page.textContent("[data-test=health-message]"), "needs a key")

    await page.click("[data-test=provider-manager] summary")
    await page.fill("[data-test=provider-id]", "team")
    await page.fill("[data-test=provider-name]", "Team server")
    await page.fill("[data-test=provider-url]", app.fake.baseUrl)
    await page.check("[data-test=key-file]")
    await page.fill("[data-test=provider-key]", KEY)
    await page.fill("[data-test=provider-concurrency]", "2")
    await page.click("[data-test=provider-save]")
    await page.waitForSelector("[data-test=provider-notice]")
    assert.include(await page.textContent("[data-test=own-provider-team]"), "key kept by Redraft · 2 at once")

    // The endpoint is that server's: the picker names it, and the light turns green once checked again.
    assert.strictEqual(await page.inputValue("[data-test=provider-pick]"), "team")
    assert.include(await page.textContent("[data-test=key-note]"), "Its key goes with every request")
    await page.click("[data-test=recheck]")
    await page.waitForSelector("[data-test=health].ready")
    assert.strictEqual((await page.textContent("[data-test=slots]"))?.trim(), "· 2 at once")
    await page.screenshot({ path: `${SCREENSHOTS}/40-provider-key.png`, fullPage: true })

    // Only the run's own calls are looked at (the checks before the key was given had none).
    await app.run(app.fake.configure({ apiKey: KEY }))
    await page.fill("[data-test=document]", "In order to start, utilize the 3 keys.\n")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    const calls = await app.run(app.fake.calls)
    assert.isAbove(calls.length, 0)
    for (const call of calls) assert.strictEqual(call.headers.authorization, `Bearer ${KEY}`)

    // The key went to the service and is not kept in the page, its storage or its links.
    const html = await page.content()
    assert.notInclude(html, "6262")
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
    assert.notInclude(stored, "6262")
    assert.deepStrictEqual(await seriousViolations(page, "[data-test=provider-manager]"), [])
  })

  it("removes the server and its key", async () => {
    await page.click("[data-test=remove-provider-team]")
    await page.waitForSelector("[data-test=own-provider-team]", { state: "detached" })
    await page.click("[data-test=recheck]")
    await page.waitForSelector("[data-test=health].error")
  })
})
