import vue from "@vitejs/plugin-vue"
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          include: ["test/**/*.test.ts"],
          exclude: ["test/web/**", "test/e2e/**"],
          environment: "node",
          testTimeout: 20_000,
          hookTimeout: 20_000
        }
      },
      {
        plugins: [vue()],
        test: { name: "web", include: ["test/web/**/*.spec.ts"], environment: "happy-dom" }
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.e2e.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      }
    ]
  }
})
