/** Where the tests' screenshots go; `SCREENSHOTS_DIR` puts them elsewhere (outside the working tree, say). */
export const SCREENSHOTS = process.env["SCREENSHOTS_DIR"] ?? "test-output/screenshots"
