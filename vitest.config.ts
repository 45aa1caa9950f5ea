import vue from "@vitejs/plugin-vue"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { defineConfig } from "vitest/config"

/** Services started by the tests keep their documents here, never in the user's data folder. */
const dataDir = mkdtempSync(join(tmpdir(), "redraft-tests-"))
/** node:sqlite is marked experimental in Node 22; the service runs with this flag too (`npm start`). */
const execArgv = ["--disable-warning=ExperimentalWarning"]

export default defineConfig({
  test: {
    // Both cores: much of the suite waits on processes, sockets and Chromium rather than computing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "server",
          include: ["test/**/*.test.ts"],
          env: { REDRAFT_DATA_DIR: dataDir },
          exclude: ["test/web/**", "test/e2e/**"],
          environment: "node",
          execArgv,
          // Test files share a worker's modules: the guards' word lists and patterns are built once per worker, not
          // once per file (the suite runs in a fraction of the time). Each file still builds its own layers.
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 20_000
        }
      },
      {
        plugins: [vue()],
        // execArgv: the store specs start the service in their process (test/web/support/RealService.ts).
        test: { name: "web", include: ["test/web/**/*.spec.ts"], environment: "happy-dom", execArgv }
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.e2e.ts"],
          globalSetup: ["test/e2e/globalSetup.ts"],
          env: { REDRAFT_DATA_DIR: dataDir },
          environment: "node",
          execArgv,
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      }
    ]
  }
})
