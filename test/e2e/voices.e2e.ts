import { assert, describe, it } from "@effect/vitest"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { readFileSync } from "node:fs"
import { afterAll, beforeAll, inject } from "vitest"
import { launchBrowser, SCREENSHOTS, seriousViolations, sidewaysOverflow, startApp, waitUntil } from "./support.ts"

let app: Awaited<ReturnType<typeof startApp>>
let browser: Browser
let context: BrowserContext
let page: Page
/** Console errors, page errors and failed requests seen by the page, all through the file. */
const problems: Array<string> = []
/** The requests the page sent to create a voice. */
const voicePosts: Array<string> = []
/** The exported voice file, to import back. */
let exportedPath = ""

const MY_WRITING = [
  "I've been firing the old kiln for about six years now, and honestly I still get it wrong. You'd think I'd know by now. I don't, and I'm fine with that. The kiln came from a school that was closing, and it arrived on a trailer with one leg missing and a note taped to the door that just said good luck. I rewired it myself over a winter, with a library book and a lot of swearing. It still runs hot at the back, so the tall pots go at the front, and I keep a notebook of every firing: the date, the weather, what went in and what came out.",
  "",
  "Last week I tried a slower cool. It took nine hours. The glaze didn't crawl this time, which surprised me. I'll try it again on Sunday, if the weather holds. The trick, I think, was holding it at nine hundred degrees for an hour before letting it drop, but I've thought I'd found the trick before and been wrong. My neighbour says I should just buy a controller and stop fussing. Maybe. But then I'd lose the notebook, and half the fun is reading it back in the evening and wondering what on earth I was thinking in March."
].join("\n")

const DOCUMENT = [
  "# Kiln notes",
  "",
  "In order to fire the kiln, utilize the slow programme for 9 hours.",
  "",
  "It is important to note that the glaze may crawl below 1,220 C on a slow cool."
].join("\n")

const dialog = () => page.locator("[data-test=voices-dialog]")
const openVoices = async () => {
  await page.click("[data-test=open-voices]")
  await dialog().waitFor({ state: "visible" })
}

beforeAll(async () => {
  const webDir = inject("webDir")
  app = await startApp(webDir)
  await app.run(app.fake.configure({}))
  browser = await launchBrowser()
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true })
  // A writer whose model server is running (the default address has none here).
  await context.addInitScript((baseUrl) => {
    if (localStorage.getItem("redraft.provider") === null)
      localStorage.setItem("redraft.provider", JSON.stringify({ baseUrl, model: "" }))
  }, app.fake.baseUrl)
  page = await context.newPage()
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text())
  })
  page.on("pageerror", (error) => problems.push(error.message))
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`)
  })
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/profiles")
      voicePosts.push(request.postData() ?? "")
  })
  await page.goto(app.url)
  await page.waitForSelector("[data-test=health].ready")
})

afterAll(async () => {
  await browser?.close()
  await app?.dispose()
})

describe("the writer's own voices in Chromium", () => {
  it("makes a voice from pasted writing: refuses one sample before sending, then shows the measured traits", async () => {
    await openVoices()
    await page.screenshot({ path: `${SCREENSHOTS}/11-voices-manager.png` })
    await page.click("[data-test=new-voice]")
    await page.fill("[data-test=voice-name]", "Field notes")
    await page.fill("[data-test=voice-text]", MY_WRITING.split("\n\n")[0] ?? "")
    assert.match(
      (await page.textContent("[data-test=sample-count]")) ?? "",
      /^\s*Makes 1 sample, \d+ words: about \d+ more would make the voice reliable/
    )
    await page.click("[data-test=save-voice]")
    assert.include((await page.textContent("[data-test=voice-problem]")) ?? "", "a voice needs at least two")
    assert.deepStrictEqual(voicePosts, [])

    await page.fill("[data-test=voice-text]", MY_WRITING)
    assert.match(
      (await page.textContent("[data-test=sample-count]")) ?? "",
      /^\s*Makes 2 samples, \d+ words: about \d+ more/
    )
    assert.strictEqual(await page.locator("[data-test=voice-problem]").count(), 0)
    await page.screenshot({ path: `${SCREENSHOTS}/12-voice-new.png` })
    await page.click("[data-test=save-voice]")
    await page.waitForSelector("[data-test=voice-detail]")
    assert.strictEqual(voicePosts.length, 1)
    assert.strictEqual(JSON.parse(voicePosts[0] ?? "{}").samples.length, 2)
    assert.strictEqual((await page.textContent("[data-test=voice-title]"))?.trim(), "Field notes")
    assert.strictEqual((await page.textContent("[data-test=voice-source]"))?.trim(), "Your voice")
    assert.include((await page.textContent("[data-test=voices-notice]")) ?? "", "Made “Field notes” from 2 samples")
    assert.strictEqual((await page.textContent("[data-test=trait-language]"))?.trim(), "English")
    assert.match((await page.textContent("[data-test=trait-sentences]")) ?? "", /^\d+(\.\d)? words on average \(spread/)
    assert.match((await page.textContent("[data-test=trait-contractions]")) ?? "", /per 100 words$/)
    assert.match((await page.textContent("[data-test=trait-person]")) ?? "", /^I [\d.]+ · we [\d.]+ · you [\d.]+/)
    const mine = dialog().locator("[data-test=voice-group-user] [data-test=voice-item]")
    assert.deepStrictEqual(await mine.allTextContents(), ["Field notes2 samples"])
    await page.screenshot({ path: `${SCREENSHOTS}/13-voice-traits.png` })
  })

  it("has no serious accessibility violations in the voices manager, light or dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme })
      assert.deepStrictEqual(await seriousViolations(page, "[data-test=voices-dialog]"), [], colorScheme)
      await page.click("[data-test=new-voice]")
      assert.deepStrictEqual(await seriousViolations(page, "[data-test=voices-dialog]"), [], `${colorScheme}, form`)
      await page.click("[data-test=cancel-voice]")
    }
    await page.screenshot({ path: `${SCREENSHOTS}/14-voices-dark.png` })
    await page.emulateMedia({ colorScheme: "light" })
  })

  it("picks the new voice and rewrites in it with an instruction: each paragraph sounds like you", async () => {
    await page.click("[data-test=use-voice]")
    await dialog().waitFor({ state: "hidden" })
    const picked = await page.inputValue("[data-test=profile]")
    assert.strictEqual(
      await page.locator("[data-test=profile] optgroup[label='Your voices'] option").getAttribute("value"),
      picked
    )
    assert.strictEqual((await page.locator("[data-test=profile] option:checked").textContent())?.trim(), "Field notes")
    await page.click("[data-test=new-document]")
    await page.fill("[data-test=document]", DOCUMENT)
    await page.fill("[data-test=instruction]", "for a ten-year-old")
    await page.click("[data-test=run]")
    await page.waitForSelector("[data-test=pending-count]", { timeout: 15_000 })
    // The instruction went with that run: the box is empty for the next, and the version says what made it.
    assert.strictEqual(await page.inputValue("[data-test=instruction]"), "")
    assert.include((await page.textContent("[data-test=version-settings]")) ?? "", "instruction “for a ten-year-old”")
    const scores = await page.locator("[data-test=paragraph-style]").allTextContents()
    assert.strictEqual(scores.length, 2)
    // The document's paragraphs are short: each score says it is not sure.
    for (const score of scores) assert.match(score.trim(), /^sounds like you \d+ \(short: not sure\)$/)
    assert.match((await page.textContent("[data-test=style-score]")) ?? "", /^Sounds like you \d+$/)
    // The instruction reached the model with every call of the run.
    const chats = (await app.run(app.fake.calls)).filter((c) => c.path.endsWith("/chat/completions"))
    assert.isAbove(chats.length, 0)
    assert.isTrue(chats.every((c) => JSON.stringify(c.body).includes("for a ten-year-old")))
    await page.screenshot({ path: `${SCREENSHOTS}/15-review-sounds-like-you.png`, fullPage: true })
  })

  it("learns from the writer's edits: a word they replace twice is proposed, and Yes adds it to the voice", async () => {
    const cards = page.locator("[data-test=review-paragraph]")
    for (const n of [0, 1]) {
      const card = cards.nth(n)
      await card.locator("[data-test=edit]").click()
      const text = await page.inputValue("[data-test=edit-text]")
      assert.include(text, "slow")
      await page.fill("[data-test=edit-text]", text.replace("slow", "gentle"))
      await page.click("[data-test=save-edit]")
      await waitUntil(async () => (await card.locator("[data-test=decision]").textContent()) === "edited", "edited")
    }
    await openVoices()
    await page.waitForSelector("[data-test=voice-suggestion]")
    assert.include(
      (await page.textContent("[data-test=voice-suggestion]")) ?? "",
      'You replaced "slow" with "gentle" twice: avoid "slow"?'
    )
    await page.screenshot({ path: `${SCREENSHOTS}/15b-voice-from-your-edits.png` })
    await page.click("[data-test=accept-suggestion]")
    await page.waitForSelector("[data-test=voice-suggestions]", { state: "detached" })
    assert.include((await page.textContent("[data-test=voice-detail] .avoid")) ?? "", "slow")
    await page.click("[data-test=close-voices]")
    await dialog().waitFor({ state: "hidden" })
  })

  it("exports the voice as a .voice.json file, deletes it, and imports the file back", async () => {
    await openVoices()
    await page.waitForSelector("[data-test=voice-detail]")
    assert.strictEqual((await page.textContent("[data-test=use-voice]"))?.trim(), "Chosen for rewriting")
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-test=export-voice]")])
    assert.strictEqual(download.suggestedFilename(), "Field notes.voice.json")
    exportedPath = await download.path()
    const file = JSON.parse(readFileSync(exportedPath, "utf8"))
    assert.strictEqual(file.format, "redraft-voice")
    assert.strictEqual(file.formatVersion, 1)
    assert.strictEqual(file.name, "Field notes")
    assert.strictEqual(file.samples.length, 2)
    assert.include(file.samples[0], "firing the old kiln")
    assert.strictEqual(file.traits.language, "en")

    await page.click("[data-test=delete-voice]")
    await page.waitForSelector("[data-test=confirm-delete]")
    await page.screenshot({ path: `${SCREENSHOTS}/16-voice-delete-confirm.png` })
    await page.click("[data-test=confirm-delete-voice]")
    await page.waitForSelector("[data-test=voice-detail]", { state: "detached" })
    assert.include((await page.textContent("[data-test=voices-notice]")) ?? "", "Deleted “Field notes”")
    assert.strictEqual(await dialog().locator("[data-test=voice-group-user] [data-test=voice-item]").count(), 0)
    // The run had it chosen: the picker falls back to the default style.
    assert.strictEqual(await page.inputValue("[data-test=profile]"), "direct-technical")

    await page.setInputFiles("[data-test=import-voice]", exportedPath)
    await page.waitForSelector("[data-test=voice-detail]")
    assert.include((await page.textContent("[data-test=voices-notice]")) ?? "", "Imported “Field notes”")
    assert.strictEqual((await page.textContent("[data-test=voice-title]"))?.trim(), "Field notes")
    await waitUntil(
      async () => (await dialog().locator("[data-test=voice-group-user] [data-test=voice-item]").count()) === 1,
      "the imported voice in the list"
    )
    assert.strictEqual(await page.locator("[data-test=profile] optgroup[label='Your voices'] option").count(), 1)
    await page.screenshot({ path: `${SCREENSHOTS}/17-voice-imported.png` })
  })

  it("fits a 390 px screen without sideways scrolling, and says nothing in the console", async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    assert.isAtMost(await sidewaysOverflow(page), 0)
    const inside = await dialog().evaluate((element) => element.scrollWidth - element.clientWidth)
    assert.isAtMost(inside, 0)
    assert.deepStrictEqual(await seriousViolations(page, "[data-test=voices-dialog]"), [])
    // On a phone the list makes way for the voice opened, with a way back to it.
    assert.isFalse(await page.locator("[data-test=voice-group-user]").isVisible())
    await page.screenshot({ path: `${SCREENSHOTS}/18-voices-narrow.png` })
    await page.click("[data-test=back-to-list]")
    await page.locator("[data-test=voice-group-user]").waitFor({ state: "visible" })
    await page.screenshot({ path: `${SCREENSHOTS}/18-voices-narrow-list.png` })
    await page.click("[data-test=new-voice]")
    assert.isAtMost(await dialog().evaluate((element) => element.scrollWidth - element.clientWidth), 0)
    await page.screenshot({ path: `${SCREENSHOTS}/19-voice-new-narrow.png` })
    await page.click("[data-test=close-voices]")
    await dialog().waitFor({ state: "hidden" })
    assert.isAtMost(await sidewaysOverflow(page), 0)
    // A phone shows the review after a run; the style picker is on the document's tab.
    await page.click("[data-test=tab-document]")
    await page.locator("[data-test=instruction]").scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOTS}/20-style-picker-narrow.png` })
    assert.deepStrictEqual(problems, [])
  })
})
