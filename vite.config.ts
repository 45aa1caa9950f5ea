import vue from "@vitejs/plugin-vue"
import { defineConfig } from "vite"

export default defineConfig({
  root: "web",
  plugins: [vue()],
  build: { outDir: "dist", emptyOutDir: true },
  server: { port: 5173, proxy: { "/api": "http://127.0.0.1:5174" } }
})
