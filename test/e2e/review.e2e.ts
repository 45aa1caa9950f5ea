/**
 * The review as a writer lives in it, in Chromium: what made each version, the paragraphs that failed retried in one
 * request, a model server that goes away mid-run, one paragraph number everywhere, two versions side by side, and a
 * reload, a link or the back button that bring the same version back.
 */
import { assert, describe, it } from "@effect/vitest"
import type { Browser, Page, Request } from "playwright-core"
import { afterAll, beforeAll, inject } from "vitest"
import { launchBrowser, SCREENSHOTS, seriousViolations, startApp, waitUntil } from "./support.ts"

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let page: Page

const DOCUMENT = [
  "# Field trip",
  "",
  "In order to board, utilize the north gate before 8:15 on 3 June.",
  "",
  "Each child should bring 2 litres of water and a hat.",
  "",
  "The museum guide will meet the group at the fountain.",
  "",
  "It is important to note that the bus leaves at 16:30 sharp.",
  ""
].join("\n")

/** Moves the style threshold's slider to `value`, as dragging it would. */
const setThreshold = (value: number) =>
  page.locator("[data-test=threshold]").evaluate((input: HTMLInputElement, v) => {
    input.value = String(v)
    input.dispatchEvent(new Event("input", { bubbles: true }))
  }, value)

/** The numbers on the review's cards, in order. */
const cardNumbers = () => page.locator("[data-test=paragraph-number]").allTextContents()

/** Requests the page sent to the service, by method and path. */
const sent: Array<string> = []
const record = (request: Request) => {
  const url = new URL(request.url())
  if (url.pathname.startsWith("/api/documents")) sent.push(`${request.method()} ${url.pathname}`)
}

beforeAll(async () => {
  // Retries long enough to be seen: a server that goes away for three seconds is waited for.
  app = await startApp(inject("webDir"), { PROVIDER_RETRY_DELAY: "200 millis", PROVIDER_RETRY_BUDGET: "8 seconds" })
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage()
  page.on("request", record)
  await page.goto(app.url)
  await page.fill("[data-test=endpoint]", app.fake.baseUrl)
  await page.waitForSelector("[data-test=health].ready")
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe("the review in Chromium", () => {
  it("groups the paragraphs that failed for one reason, links each warning to its card, and retries them in one request", async () => {
    await app.run(
      app.fake.configure({
        faults: [
          { match: "2 litres of water", behaviour: "refuse" },
          { match: "museum guide", behaviour: "refuse" }
        ]
      })
    )
    // The light says how many requests the server gets at once (this one declares no slots: the default).
    assert.strictEqual((await page.textContent("[data-test=slots]"))?.trim(), "· 4 at once")
    await page.fill("[data-test=document]", DOCUMENT)
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    assert.deepStrictEqual(await cardNumbers(), ["Paragraph 1", "Paragraph 2", "Paragraph 3", "Paragraph 4"])
    // One warning for both, naming them as the cards do; the run is not said to have passed.
    const warnings = await page.locator("[data-test=warnings] li").allTextContents()
    assert.strictEqual(warnings.length, 1)
    assert.match(
      warnings[0]!.trim(),
      /^Paragraphs 2 and 3 kept their text, because their provider calls failed: .*context size/
    )
    assert.notInclude((await page.textContent("[data-test=meaning]")) ?? "", "passed")
    await page.click("[data-test=warning-link]")
    assert.strictEqual(await page.evaluate(() => document.activeElement?.id), "paragraph-2")
    await page.screenshot({ path: `${SCREENSHOTS}/30-failed-grouped.png`, fullPage: true })

    await app.run(app.fake.configure({}))
    sent.length = 0
    await page.click("[data-test=retry-failed]")
    await waitUntil(async () => (await page.locator("[data-test=retry-failed]").count()) === 0, "the retry to finish")
    const retries = sent.filter((s) => s.startsWith("POST") && s.includes("retry"))
    assert.deepStrictEqual(
      retries.map((s) => s.replace(/documents\/[^/]+/, "documents/ID")),
      ["POST /api/documents/ID/versions/1/retry"]
    )
    const statuses = await page
      .locator("[data-test=review-paragraph]")
      .evaluateAll((cards) => cards.map((c) => c.getAttribute("data-status")))
    assert.notInclude(statuses, "failed")
    assert.strictEqual(statuses.length, 4)
    assert.include((await page.textContent("[data-test=reviewed-text]")) ?? "", "Each child should bring 2 litres")
  })

  it("says what made each version in the picker and the header, and judges it by its own threshold", async () => {
    await page.selectOption("[data-test=profile]", "plain-english")
    await page.fill("[data-test=instruction]", "shorter")
    await page.click("[data-test=advanced] summary")
    await setThreshold(99)
    await page.click("[data-test=run]")
    await waitUntil(async () => (await page.locator("[data-test=version-picker] option").count()) === 2, "version 2")
    await page.waitForSelector("[data-test=pending-count]")
    const header = (await page.textContent("[data-test=version-settings]")) ?? ""
    assert.include(header, "Plain English")
    assert.include(header, "instruction “shorter”")
    assert.include(header, "threshold 99")
    const options = await page.locator("[data-test=version-picker] option").allTextContents()
    assert.match(options[0]!.trim(), /^2 · Plain English · “shorter” · /)
    assert.match(options[1]!.trim(), /^1 · Direct technical · /)
    // The instruction went with the run; the threshold stays a setting of the form.
    assert.strictEqual(await page.inputValue("[data-test=instruction]"), "")
    // Version 2 was run at 99: its paragraphs say they are below it, though the form is set back to 0.
    await setThreshold(0)
    assert.isAbove(await page.locator("[data-test=style-note]").count(), 0)
    assert.include((await page.locator("[data-test=style-note]").first().textContent()) ?? "", "threshold of 99")
    await page.screenshot({ path: `${SCREENSHOTS}/31-version-settings.png`, fullPage: true })
  })

  it("compares two versions side by side, paragraph by paragraph", async () => {
    // The writer's edit of paragraph 2 in version 2 is what sets it apart from version 1.
    const second = page.locator("[data-test=review-paragraph]").nth(1)
    await second.locator("[data-test=edit]").click()
    await page.fill("[data-test=edit-text]", "Each child brings 2 litres of water and a hat.")
    await page.click("[data-test=save-edit]")
    await waitUntil(async () => (await second.locator("[data-test=decision]").textContent()) === "edited", "the edit")
    await page.selectOption("[data-test=compare-picker]", "1")
    await page.waitForSelector("[data-test=compare-pair]")
    assert.strictEqual(await page.locator("[data-test=compare-pair]").count(), 4)
    assert.strictEqual(await page.locator("[data-test=review-paragraph]").count(), 0)
    assert.strictEqual((await page.textContent("[data-test=compare-count]"))?.trim(), "· 1 of 4 paragraphs differ")
    const pair = page.locator("[data-test=compare-pair]").nth(1)
    assert.include((await pair.locator("[data-test=compare-theirs]").textContent()) ?? "", "should bring")
    assert.include((await pair.locator("ins").allTextContents()).join(" "), "brings")
    await page.screenshot({ path: `${SCREENSHOTS}/32-compare.png`, fullPage: true })
    await page.click("[data-test=compare-close]")
    await page.waitForSelector("[data-test=review-paragraph]")
  })

  it("a reload in the middle of a review reopens the document and the version, and so does a link; back goes back", async () => {
    const cards = page.locator("[data-test=review-paragraph]")
    await cards.nth(0).locator("[data-test=reject]").click()
    await waitUntil(async () => (await cards.nth(0).locator("[data-test=decision]").textContent()) === "rejected", "")
    assert.match(new URL(page.url()).hash, /^#\/documents\/[^/]+\/versions\/2$/)
    await page.reload()
    await page.waitForSelector("[data-test=pending-count]")
    assert.strictEqual(await page.inputValue("[data-test=version-picker]"), "2")
    assert.strictEqual(
      await page.locator("[data-test=review-paragraph]").nth(0).locator("[data-test=decision]").textContent(),
      "rejected"
    )
    assert.include(await page.inputValue("[data-test=document]"), "In order to board")
    assert.strictEqual((await page.textContent("[data-test=save-state]"))?.includes("Not saved yet"), false)

    // Version 1 by its link; back returns to version 2, forward to 1 again.
    const link = page.url().replace(/versions\/2$/, "versions/1")
    await page.goto(link)
    await waitUntil(
      async () => (await page.inputValue("[data-test=version-picker]")) === "1",
      "version 1 from its link"
    )
    await page.selectOption("[data-test=version-picker]", "2")
    await waitUntil(async () => page.url().endsWith("/versions/2"), "the address to follow the picker")
    await page.goBack()
    await waitUntil(async () => (await page.inputValue("[data-test=version-picker]")) === "1", "back to version 1")
    await page.goForward()
    await waitUntil(async () => (await page.inputValue("[data-test=version-picker]")) === "2", "forward to version 2")
    // A fresh tab with no address opens the last document and version seen.
    const fresh = await page.context().newPage()
    await fresh.goto(app.url)
    await fresh.waitForSelector("[data-test=pending-count]")
    assert.strictEqual(await fresh.inputValue("[data-test=version-picker]"), "2")
    await fresh.close()
  })

  it("turns the light amber while the model server is away mid-run, then finishes when it is back", async () => {
    await app.run(app.fake.configure({ delayMs: 300 }))
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=segment-progress]")
    assert.match((await page.locator("[data-test=segment-progress]").first().textContent()) ?? "", /^\s*Paragraph \d: /)
    await waitUntil(
      async () => (await page.locator("[data-test=review-paragraph][data-status=rewritten]").count()) > 0,
      "a paragraph"
    )
    await app.run(app.fake.outage(3000))
    await page.waitForSelector("[data-test=health].waiting", { timeout: 5000 })
    assert.match((await page.textContent("[data-test=health]")) ?? "", /Waiting for the model server, \d+ s left/)
    assert.match((await page.textContent("[data-test=waiting]")) ?? "", /Waiting for the model server, \d+ s left/)
    await page.screenshot({ path: `${SCREENSHOTS}/33-waiting.png`, fullPage: true })
    assert.deepStrictEqual(await seriousViolations(page), [])
    // Dark, during the same run.
    await page.emulateMedia({ colorScheme: "dark" })
    assert.deepStrictEqual(await seriousViolations(page), [])
    await page.screenshot({ path: `${SCREENSHOTS}/33-waiting-dark.png`, fullPage: true })
    await page.emulateMedia({ colorScheme: "light" })
    await page.waitForSelector("[data-test=pending-count]", { timeout: 20_000 })
    assert.strictEqual(await page.locator("[data-test=health].waiting").count(), 0)
    assert.strictEqual(await page.locator("[data-test=review-paragraph][data-status=failed]").count(), 0)
  })

  it("keeps the Rewrite button in reach at 900 px, and gives a phone the document and the review as tabs", async () => {
    const inView = async () => {
      const box = await page.locator("[data-test=run]").boundingBox()
      const height = page.viewportSize()?.height ?? 0
      return box !== null && box.y >= 0 && box.y + box.height <= height
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    assert.isTrue(await inView(), "Rewrite in view at 1400 × 900")
    assert.isFalse(await page.locator("[data-test=tab-review]").isVisible())

    await page.setViewportSize({ width: 390, height: 844 })
    await page.click("[data-test=tab-document]")
    assert.isTrue(await page.locator("[data-test=document]").isVisible())
    assert.isFalse(await page.locator("[data-test=review]").isVisible())
    assert.isTrue(await inView(), "Rewrite in view on a phone")
    await page.screenshot({ path: `${SCREENSHOTS}/34-phone-document.png` })
    await app.run(app.fake.configure({ delayMs: 200 }))
    await page.click("[data-test=run]")
    // The run shows the review, with its own Cancel; the document tab is a tap away.
    assert.strictEqual(await page.getAttribute("[data-test=tab-review]", "aria-selected"), "true")
    await page.waitForSelector("[data-test=review-cancel]")
    assert.deepStrictEqual(await seriousViolations(page), [])
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    assert.isFalse(await page.locator("[data-test=document]").isVisible())
    assert.isAtMost(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0)
    assert.deepStrictEqual(await seriousViolations(page), [])
    await page.emulateMedia({ colorScheme: "dark" })
    assert.deepStrictEqual(await seriousViolations(page), [])
    await page.emulateMedia({ colorScheme: "light" })
    await page.screenshot({ path: `${SCREENSHOTS}/35-phone-review.png`, fullPage: true })
    await page.setViewportSize({ width: 1400, height: 900 })
  })
})
