import { assert, describe, it } from "@effect/vitest"
import type { Browser, Page } from "playwright-core"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, inject } from "vitest"
import { launchBrowser, SCREENSHOTS, sidewaysOverflow, startApp, startOtherProvider, waitUntil } from "./support.ts"

const require = createRequire(import.meta.url)

let app: Awaited<ReturnType<typeof startApp>>
let other: Awaited<ReturnType<typeof startOtherProvider>>
let browser: Browser
let page: Page

const DOCUMENT = [
  "# Upgrade notes",
  "",
  "In order to upgrade, utilize the installer before 12 March 2026.",
  "",
  "It is important to note that the migration may take about 40 minutes.",
  "",
  "```sh",
  "npm run migrate",
  `curl -fsS ${"https://updates.example.org/installer/v2026.03/".padEnd(66, "x")}`,
  "```",
  ""
].join("\n")
/** The document's code block, as the review shows and keeps it: one of its lines is long. */
const CODE = DOCUMENT.slice(DOCUMENT.indexOf("```sh"), DOCUMENT.lastIndexOf("```") + 3)

const setEndpoint = async (value: string) => {
  await page.fill("[data-test=endpoint]", value)
}

let webDir: string

beforeAll(async () => {
  webDir = inject("webDir")
  app = await startApp(webDir)
  other = await startOtherProvider()
  browser = await launchBrowser()
  page = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })).newPage()
  await page.goto(app.url)
})

afterAll(async () => {
  await browser?.close()
  other?.close()
  await app?.dispose()
})

describe("the web workspace in Chromium", () => {
  it("checks the provider and keeps endpoint and model across a reload", async () => {
    await app.run(app.fake.configure({}))
    await setEndpoint(app.fake.baseUrl)
    await page.waitForSelector("[data-test=health].ready")
    await page.selectOption("[data-test=model]", "qwen3-8b")
    await page.screenshot({ path: `${SCREENSHOTS}/01-settings.png`, fullPage: true })
    await page.reload()
    assert.strictEqual(await page.inputValue("[data-test=endpoint]"), app.fake.baseUrl)
    await page.waitForSelector("[data-test=health].ready")
    assert.strictEqual(await page.inputValue("[data-test=model]"), "qwen3-8b")
  })

  it("refuses an endpoint without http(s) with an inline message", async () => {
    await setEndpoint("localhost:1234/v1")
    const message = await page.textContent("[data-test=endpoint-error]")
    assert.include(message ?? "", "must start with http:// or https://")
    await page.fill("[data-test=document]", "Some text.")
    assert.isTrue(await page.isDisabled("[data-test=run]"))
  })

  it("refreshes the model list when the endpoint changes", async () => {
    await setEndpoint(other.baseUrl)
    await waitUntil(
      async () => (await page.locator("[data-test=model] option").allTextContents()).includes("other-model-a"),
      "the other provider's models"
    )
    const options = await page.locator("[data-test=model] option").allTextContents()
    assert.notInclude(options, "qwen3-8b")
    await setEndpoint(app.fake.baseUrl)
    await waitUntil(
      async () => (await page.locator("[data-test=model] option").allTextContents()).includes("qwen3-8b"),
      "the first provider's models"
    )
  })

  it("offers the /v1 address for an endpoint typed without it, and the fix turns the light ready", async () => {
    const withoutVersion = app.fake.baseUrl.replace(/\/v1$/, "")
    await setEndpoint(withoutVersion)
    const fix = page.locator("[data-test=use-suggested-url]")
    await fix.waitFor()
    assert.strictEqual((await fix.textContent())?.trim(), `Use ${app.fake.baseUrl}`)
    assert.include((await page.textContent("[data-test=health-message]")) ?? "", `${app.fake.baseUrl} is`)
    assert.isTrue(await page.locator("[data-test=health].error").isVisible())
    await page.screenshot({ path: `${SCREENSHOTS}/06-wrong-base-url.png`, fullPage: true })
    await fix.click()
    assert.strictEqual(await page.inputValue("[data-test=endpoint]"), app.fake.baseUrl)
    await page.waitForSelector("[data-test=health].ready")
    assert.strictEqual(await fix.count(), 0)
    assert.strictEqual(await page.locator("[data-test=health-message]").count(), 0)
    await page.screenshot({ path: `${SCREENSHOTS}/07-fixed-base-url.png`, fullPage: true })
  })

  it("opens a .md file, takes a dropped .txt file, and refuses other files", async () => {
    await page.setInputFiles("[data-test=file]", {
      name: "notes.md",
      mimeType: "text/markdown",
      buffer: Buffer.from("# Notes\n\nUtilize the 3 keys.\n")
    })
    await waitUntil(
      async () => (await page.inputValue("[data-test=document]")).includes("Utilize the 3 keys."),
      "the file"
    )
    assert.strictEqual(await page.textContent("[data-test=file-name]"), "notes.md")
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(["Dropped text with 5 lines."], "dropped.txt", { type: "text/plain" }))
      return transfer
    })
    await page.dispatchEvent("[data-test=document]", "drop", { dataTransfer })
    await waitUntil(
      async () => (await page.inputValue("[data-test=document]")) === "Dropped text with 5 lines.",
      "the drop"
    )
    assert.strictEqual(await page.textContent("[data-test=file-name]"), "dropped.txt")
    await page.setInputFiles("[data-test=file]", {
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from([1, 2])
    })
    assert.include((await page.textContent("[data-test=file-error]")) ?? "", "not a .md or .txt file")
  })

  it("streams a rewrite with progress, then shows the result beside the original", async () => {
    await app.run(app.fake.configure({ delayMs: 250 }))
    await setEndpoint(app.fake.baseUrl)
    await page.waitForSelector("[data-test=health].ready")
    await page.selectOption("[data-test=model]", "")
    await page.fill("[data-test=document]", DOCUMENT)
    await page.click("[data-test=advanced] summary")
    await page.check("[data-test=debug]")
    await page.keyboard.press("Control+Enter")
    await page.waitForSelector("[data-test=progress]")
    await page.waitForSelector("[data-test=segment-progress]")
    // While the run goes on, the document is there in place: the heading and the code as they are, the paragraphs
    // at work, each showing its rewrite as soon as it finishes.
    await page.waitForSelector("[data-test=review-paragraph][data-status=working]")
    assert.deepStrictEqual(
      (await page.locator("[data-test=kept-block]").allTextContents()).map((t) => t.trim()),
      ["# Upgrade notes", CODE]
    )
    await page.screenshot({ path: `${SCREENSHOTS}/02-progress.png`, fullPage: true })
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    const final = await page.textContent("[data-test=reviewed-text]")
    assert.include(final ?? "", "To upgrade, use the installer before 12 March 2026.")
    assert.include(final ?? "", CODE)
    assert.strictEqual(await page.locator("[data-test=review-paragraph]").count(), 2)
    assert.include((await page.textContent("[data-test=meaning]")) ?? "", "passed")
    assert.isAbove(await page.locator("[data-test=diff] ins").count(), 0)
    assert.include((await page.textContent("[data-test=debug-usage]")) ?? "", "provider calls")
    await page.screenshot({ path: `${SCREENSHOTS}/03-result.png`, fullPage: true })
  })

  it("marks a paragraph whose provider calls keep failing as kept, and rewrites the others", async () => {
    await app.run(app.fake.configure({ faults: [{ match: "archive server is offline", behaviour: "length" }] }))
    await page.fill(
      "[data-test=document]",
      [
        "# Release notes",
        "",
        "In order to upgrade, utilize the installer before 12 March 2026.",
        "",
        "The archive server is offline on Sundays for 2 hours.",
        "",
        "It is important to note that the migration may take about 40 minutes.",
        ""
      ].join("\n")
    )
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    assert.strictEqual(await page.locator("[data-test=error]").count(), 0)
    const rows = page.locator("[data-test=review-paragraph]")
    assert.deepStrictEqual(await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute("data-status"))), [
      "rewritten",
      "failed",
      "rewritten"
    ])
    const note = rows.nth(1).locator("[data-test=kept-note]")
    assert.include((await note.textContent()) ?? "", "Kept as it was because its provider calls failed")
    assert.include((await note.textContent()) ?? "", "cut off")
    assert.strictEqual(await page.locator("[data-test=kept-note]").count(), 1)
    assert.isAbove(await rows.nth(0).locator("[data-test=diff] ins").count(), 0)
    assert.strictEqual(await rows.nth(1).locator("[data-test=diff] ins").count(), 0)
    assert.strictEqual(
      (await page.textContent("[data-test=kept-count]"))?.trim(),
      "1 paragraph kept as it was (because its provider calls failed)"
    )
    const final = (await page.textContent("[data-test=reviewed-text]")) ?? ""
    assert.include(final, "To upgrade, use the installer before 12 March 2026.")
    assert.include(final, "The archive server is offline on Sundays for 2 hours.")
    await page.screenshot({ path: `${SCREENSHOTS}/08-kept-paragraph.png`, fullPage: true })
  })

  it("keeps the paragraphs that finished in view after a cancel", async () => {
    await app.run(app.fake.configure({ faults: [{ match: "waits for a slow reply", behaviour: "slow" }] }))
    await page.fill("[data-test=document]", "We utilize 4 servers.\n\nThis paragraph waits for a slow reply.\n")
    await page.click("[data-test=run]")
    const finished = page.locator("[data-test=review-paragraph][data-status=rewritten]")
    await finished.waitFor()
    assert.strictEqual(await page.locator("[data-test=review-paragraph][data-status=working]").count(), 1)
    await page.click("[data-test=cancel]")
    await page.waitForSelector("[data-test=cancelled]")
    // The paragraph that finished was saved as a version, shown for review like any other.
    await page.waitForSelector("[data-test=pending-count]")
    assert.match(
      (await page.textContent("[data-test=cancelled-note]")) ?? "",
      /The paragraph that finished was saved as version \d+/
    )
    assert.strictEqual(await page.locator("[data-test=review-paragraph]").count(), 1)
    assert.strictEqual((await page.textContent("[data-test=decision]"))?.trim(), "pending")
    assert.strictEqual(
      (await page.textContent("[data-test=reviewed-text]"))?.trim(),
      "We use 4 servers.\n\nThis paragraph waits for a slow reply."
    )
    await page.screenshot({ path: `${SCREENSHOTS}/09-cancelled-partial.png`, fullPage: true })
  })

  it("Escape cancels the run and the service stops its provider calls", async () => {
    await app.run(app.fake.configure({ behaviours: ["slow"], delayMs: 10_000 }))
    await page.fill("[data-test=document]", "First paragraph here.\n\nSecond paragraph here.\n")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=cancel]")
    await waitUntil(async () => (await app.run(app.fake.inFlight)) === 2, "two provider calls in flight")
    await page.keyboard.press("Escape")
    await page.waitForSelector("[data-test=cancelled]")
    await waitUntil(async () => (await app.run(app.fake.inFlight)) === 0, "the provider calls to stop", 5_000)
    assert.strictEqual(await app.run(app.fake.aborted), 2)
  })

  it("shows the service's message when the provider fails", async () => {
    await app.run(app.fake.configure({ behaviours: ["error-object"] }))
    await page.fill("[data-test=document]", "A paragraph to rewrite.")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=error]")
    assert.include((await page.textContent("[data-test=error]")) ?? "", "try pulling it first")
    await page.screenshot({ path: `${SCREENSHOTS}/04-error.png`, fullPage: true })
  })

  it("fits a narrow screen without sideways scrolling", async () => {
    await app.run(app.fake.configure({}))
    await page.setViewportSize({ width: 390, height: 844 })
    await page.click("[data-test=tab-document]")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]")
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.isAtMost(overflow, 0)
    await page.screenshot({ path: `${SCREENSHOTS}/05-narrow.png`, fullPage: true })
  })

  it("the API reference at /api/docs renders with nothing loaded from another host", async () => {
    const docs = await browser.newPage()
    const requests: Array<string> = []
    docs.on("request", (request) => requests.push(request.url()))
    await docs.goto(`${app.url}/api/docs`)
    await docs.getByText("/api/rewrite").first().waitFor({ timeout: 15_000 })
    await docs.waitForLoadState("networkidle")
    const foreign = requests.filter((url) => !url.startsWith(app.url) && !/^(data|blob|about):/.test(url))
    assert.deepStrictEqual(foreign, [])
    await docs.screenshot({ path: `${SCREENSHOTS}/06-api-docs.png` })
    await docs.close()
  })

  it("keeps documents: autosave with a visible state, reopen after a reload, rename, search, delete with undo", async () => {
    await app.run(app.fake.configure({}))
    await page.goto(app.url)
    await page.click("[data-test=new-document]")
    await page.fill("[data-test=document]", "# Kiln log\n\nFire the kiln to 1,220 C over 9 hours.")
    await waitUntil(async () => (await page.textContent("[data-test=save-state]"))?.trim() === "Saved", "Saved")
    await waitUntil(
      async () => (await page.locator("[data-test=document-item]", { hasText: "Kiln log" }).count()) === 1,
      "the new document in the rail"
    )
    await page.click("[data-test=new-document]")
    assert.strictEqual(await page.inputValue("[data-test=document]"), "")

    await page.reload()
    await page.locator("[data-test=open-document]", { hasText: "Kiln log" }).click()
    await waitUntil(async () => (await page.inputValue("[data-test=document]")).includes("1,220 C"), "the text back")

    const item = page.locator("[data-test=document-item]", { hasText: "Kiln log" })
    const pageErrors: Array<string> = []
    page.on("pageerror", (error) => pageErrors.push(error.message))
    await item.locator("[data-test=rename-document]").click()
    // The box has the focus with the title selected: typing replaces it.
    await waitUntil(
      () =>
        page.locator("[data-test=rename-input]").evaluate((el) => {
          const input = el as HTMLInputElement
          return (
            el === document.activeElement && input.selectionStart === 0 && input.selectionEnd === input.value.length
          )
        }),
      "the rename box focused, its title selected"
    )
    await page.keyboard.type("Kiln firing")
    await page.keyboard.press("Enter")
    assert.deepStrictEqual(pageErrors, [])
    await page.locator("[data-test=document-item]", { hasText: "Kiln firing" }).waitFor()

    await page.fill("[data-test=document-search]", "1,220")
    await waitUntil(async () => (await page.locator("[data-test=document-item]").count()) === 1, "search")
    await page.screenshot({ path: `${SCREENSHOTS}/08-documents.png`, fullPage: true })
    await page
      .locator("[data-test=document-item]", { hasText: "Kiln firing" })
      .locator("[data-test=delete-document]")
      .click()
    await page.waitForSelector("[data-test=undo-bar]")
    assert.strictEqual(await page.locator("[data-test=document-item]", { hasText: "Kiln firing" }).count(), 0)
    await page.click("[data-test=undo]")
    await page.locator("[data-test=document-item]", { hasText: "Kiln firing" }).waitFor()
    await page.fill("[data-test=document-search]", "")
  })

  it("reviews a saved run paragraph by paragraph: protected blocks in place, accept, reject, edit, retry", async () => {
    await app.run(app.fake.configure({}))
    await page.setViewportSize({ width: 1400, height: 900 })
    await page.click("[data-test=new-document]")
    await page.fill("[data-test=document]", DOCUMENT)
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    const cards = page.locator("[data-test=review-paragraph]")
    assert.strictEqual(await cards.count(), 2)
    assert.deepStrictEqual(
      (await page.locator("[data-test=kept-block]").allTextContents()).map((t) => t.trim()),
      ["# Upgrade notes", CODE]
    )
    await cards.nth(0).locator("[data-test=reject]").click()
    await waitUntil(
      async () => (await cards.nth(0).locator("[data-test=decision]").textContent()) === "rejected",
      "rejected"
    )
    // An edit that changes a fact is checked like a rewrite: never "meaning kept", the change shown on each side.
    await cards.nth(1).locator("[data-test=edit]").click()
    await page.fill("[data-test=edit-text]", "The migration may take about 50 minutes; plan for it.")
    await page.click("[data-test=save-edit]")
    await cards.nth(1).locator("[data-test=certain-finding]").waitFor()
    assert.strictEqual(await cards.nth(1).locator("[data-test=meaning-note]").textContent(), "your edit changes a fact")
    assert.include((await cards.nth(1).locator("[data-test=certain-finding]").textContent()) ?? "", "40")
    await page.screenshot({ path: `${SCREENSHOTS}/09-edit-finding.png`, fullPage: true })
    await cards.nth(1).locator("[data-test=edit]").click()
    await page.fill("[data-test=edit-text]", "The migration may take about 40 minutes; plan for it.")
    await page.click("[data-test=save-edit]")
    // The card changes first; the reviewed text follows once the service has computed it again.
    await waitUntil(
      async () =>
        (await cards.nth(1).locator("[data-test=decision]").textContent()) === "edited" &&
        (await cards.nth(1).locator("[data-test=certain-finding]").count()) === 0 &&
        ((await page.textContent("[data-test=reviewed-text]")) ?? "").includes("about 40 minutes"),
      "edited"
    )
    assert.strictEqual(
      await cards.nth(1).locator("[data-test=meaning-note]").textContent(),
      "your edit keeps the facts"
    )
    const reviewed = (await page.textContent("[data-test=reviewed-text]")) ?? ""
    assert.include(reviewed, "In order to upgrade, utilize the installer before 12 March 2026.")
    assert.include(reviewed, "The migration may take about 40 minutes; plan for it.")
    assert.include(reviewed, CODE)
    await cards.nth(0).locator("[data-test=retry]").click()
    await waitUntil(
      async () => (await cards.nth(0).locator("[data-test=decision]").textContent()) === "pending",
      "retried"
    )
    await page.click("[data-test=accept-all]")
    await waitUntil(
      async () =>
        (await cards.nth(0).locator("[data-test=decision]").textContent()) === "accepted" &&
        ((await page.textContent("[data-test=reviewed-text]")) ?? "").includes("To upgrade, use the installer"),
      "accepted"
    )
    await waitUntil(async () => (await page.textContent("[data-test=pending-count]")) === "0 to review", "0 to review")
    // The code block's long line scrolls inside its block: the page does not scroll sideways.
    assert.isAtMost(await sidewaysOverflow(page), 0)
    assert.isAbove(
      await page
        .locator("[data-test=kept-block]")
        .nth(1)
        .evaluate((el) => el.scrollWidth - el.clientWidth),
      0
    )
    assert.isFalse(await page.locator("[data-test=pending-text-note]").isVisible())
    // The download is named after the document's title and the version.
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-test=download-reviewed]")])
    assert.strictEqual(download.suggestedFilename(), "Upgrade notes.v1.md")
    await page.screenshot({ path: `${SCREENSHOTS}/09-review.png`, fullPage: true })

    // The review on a phone: no sideways scrolling, and no serious accessibility violation.
    await page.setViewportSize({ width: 390, height: 844 })
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    assert.isAtMost(overflow, 0)
    await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") })
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Array<AxeViolation> }> } }).axe
      return (await axe.run()).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
    })
    assert.deepStrictEqual(violations, [])
    await page.screenshot({ path: `${SCREENSHOTS}/10-review-narrow.png`, fullPage: true })
    await page.setViewportSize({ width: 1400, height: 900 })
  })

  it("keeps an edit saved while a retry runs, offering the retry's text beside it", async () => {
    await app.run(app.fake.configure({}))
    await page.click("[data-test=new-document]")
    await page.fill("[data-test=document]", "In order to upgrade, utilize the installer before 12 March 2026.\n")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    const card = page.locator("[data-test=review-paragraph]").nth(0)
    // The retry waits on a slow provider; meanwhile the same paragraph is edited in a second tab.
    await app.run(app.fake.configure({ behaviours: ["slow"], delayMs: 2500 }))
    await card.locator("[data-test=retry]").click()
    const second = await page.context().newPage()
    await second.goto(app.url)
    await second.locator("[data-test=open-document]", { hasText: "In order to upgrade" }).first().click()
    const otherCard = second.locator("[data-test=review-paragraph]").nth(0)
    await otherCard.locator("[data-test=edit]").click()
    await second.fill("[data-test=edit-text]", "Upgrade with the installer before 12 March 2026.")
    await second.click("[data-test=save-edit]")
    await waitUntil(async () => (await otherCard.locator("[data-test=decision]").textContent()) === "edited", "edited")
    await card.locator("[data-test=alternative]").waitFor({ timeout: 15_000 })
    assert.strictEqual(await card.locator("[data-test=decision]").textContent(), "edited")
    await waitUntil(
      async () => ((await page.textContent("[data-test=reviewed-text]")) ?? "").includes("Upgrade with the installer"),
      "reviewed text"
    )
    await page.screenshot({ path: `${SCREENSHOTS}/11-retry-after-edit.png`, fullPage: true })
    // The first tab still thinks the paragraph is at the revision it loaded: its stale choice is refused, not applied.
    await app.run(app.fake.configure({}))
    await otherCard.locator("[data-test=reject]").click()
    await waitUntil(
      async () => (await otherCard.locator("[data-test=decision]").textContent()) === "rejected",
      "rejected"
    )
    await card.locator("[data-test=keep-mine]").click()
    await page.locator("[data-test=review-error]").waitFor()
    assert.strictEqual(await card.locator("[data-test=decision]").textContent(), "rejected")
    await second.close()
  })

  it("two tabs saving one document: the second is refused and keeps both texts until the writer chooses", async () => {
    await app.run(app.fake.configure({}))
    await page.click("[data-test=new-document]")
    await page.fill("[data-test=document]", "# Tide table\n\nHigh water at 06:40.")
    await waitUntil(async () => (await page.textContent("[data-test=save-state]"))?.trim() === "Saved", "Saved")
    const second = await page.context().newPage()
    await second.goto(app.url)
    await second.locator("[data-test=open-document]", { hasText: "Tide table" }).first().click()
    await waitUntil(async () => (await second.inputValue("[data-test=document]")).includes("06:40"), "opened")
    await second.fill("[data-test=document]", "# Tide table\n\nHigh water at 06:45.")
    await waitUntil(async () => (await second.textContent("[data-test=save-state]"))?.trim() === "Saved", "Saved")
    await page.fill("[data-test=document]", "# Tide table\n\nHigh water at 06:40, low at 12:55.")
    await page.waitForSelector("[data-test=save-conflict]")
    assert.include((await page.textContent("[data-test=conflict-text]")) ?? "", "06:45")
    assert.include(await page.inputValue("[data-test=document]"), "12:55")
    await page.screenshot({ path: `${SCREENSHOTS}/12-save-conflict.png`, fullPage: true })
    await page.click("[data-test=keep-mine]")
    await waitUntil(async () => (await page.textContent("[data-test=save-state]"))?.trim() === "Saved", "Saved")
    await second.reload()
    await second.locator("[data-test=open-document]", { hasText: "Tide table" }).first().click()
    await waitUntil(async () => (await second.inputValue("[data-test=document]")).includes("12:55"), "kept mine")
    await second.close()
  })

  it("backs the workspace up with Back up all and restores it with Restore from file, overwriting nothing", async () => {
    await app.run(app.fake.configure({}))
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-test=export-backup]")])
    const path = await download.path()
    const backup = JSON.parse(require("node:fs").readFileSync(path, "utf8")) as {
      documents: Array<{ id: string; title: string }>
    }
    assert.isAbove(backup.documents.length, 0)
    // The same file with one document under a new id: that one is added, the others are already here.
    const renamed = {
      ...backup,
      documents: [...backup.documents, { ...backup.documents[0]!, id: "from-backup", title: "Restored copy" }]
    }
    await page.setInputFiles("[data-test=restore-backup]", {
      name: "workspace.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(renamed))
    })
    await page.waitForSelector("[data-test=restored]")
    const said = (await page.textContent("[data-test=restored]")) ?? ""
    assert.include(said, `1 document added, ${backup.documents.length} already here; 0 voices added`)
    await page.locator("[data-test=document-item]", { hasText: "Restored copy" }).waitFor()
    await page.screenshot({ path: `${SCREENSHOTS}/13-restored.png`, fullPage: true })
    await page.setInputFiles("[data-test=restore-backup]", {
      name: "notes.json",
      mimeType: "application/json",
      buffer: Buffer.from("not json")
    })
    await page.locator(".rail-error", { hasText: "not a Redraft backup" }).waitFor()
  })

  it("has no serious accessibility violations in light or dark mode, and no console errors", async () => {
    await app.run(app.fake.configure({}))
    const fresh = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    // A writer whose provider is running (the default address has none here, and its health answers 503).
    await fresh.addInitScript((baseUrl) => {
      localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl, model: "" }))
    }, app.fake.baseUrl)
    const problems: Array<string> = []
    fresh.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    fresh.on("pageerror", (error) => problems.push(error.message))
    fresh.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
    })
    for (const colorScheme of ["light", "dark"] as const) {
      await fresh.emulateMedia({ colorScheme })
      await fresh.goto(app.url)
      await fresh.waitForSelector("[data-test=run]")
      await fresh.addScriptTag({ path: require.resolve("axe-core/axe.min.js") })
      const violations = await fresh.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Array<AxeViolation> }> } }).axe
        const result = await axe.run()
        return result.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)
      })
      assert.deepStrictEqual(violations, [], colorScheme)
      await fresh.screenshot({ path: `${SCREENSHOTS}/07-${colorScheme}.png` })
    }
    assert.deepStrictEqual(problems, [])
    await fresh.close()
  })

  it("a workspace that cannot be written opens read-only, with a banner that says why", async () => {
    // A file stands where the data folder should be: nothing can be saved, and the service still starts.
    const blocked = mkdtempSync(join(tmpdir(), "redraft-blocked-"))
    writeFileSync(join(blocked, "data"), "")
    const readOnly = await startApp(webDir, { REDRAFT_DATA_DIR: join(blocked, "data") })
    try {
      await readOnly.run(readOnly.fake.configure({}))
      const tab = await page.context().newPage()
      await tab.goto(readOnly.url)
      await tab.fill("[data-test=endpoint]", readOnly.fake.baseUrl)
      const banner = tab.locator("[data-test=read-only-banner]")
      await banner.waitFor()
      assert.include(await banner.textContent(), `The data folder ${join(blocked, "data")} cannot be written`)
      await tab.screenshot({ path: `${SCREENSHOTS}/22-read-only-workspace.png`, fullPage: true })
      await tab.close()
      // The writable workspace has no banner.
      assert.strictEqual(await page.locator("[data-test=read-only-banner]").count(), 0)
    } finally {
      await readOnly.dispose()
      rmSync(blocked, { recursive: true, force: true })
    }
  })
})

interface AxeViolation {
  readonly id: string
  readonly help: string
  readonly impact?: string | null
  readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<string> }>
}
