import { Effect, FileSystem, Layer, Path } from "effect"
import { HttpRouter, HttpServerResponse, HttpStaticServer } from "effect/http"
import { AppConfig } from "../AppConfig.ts"

/** Serves the built web UI, or a small page that explains how to build it when it is missing. */
export const StaticRoutes = Layer.unwrap(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const root = path.resolve(config.webDir)
    const built = yield* fs.exists(path.join(root, "index.html")).pipe(Effect.orElseSucceed(() => false))
    if (built) return HttpStaticServer.layer({ root, spa: true })
    return HttpRouter.add("GET", "/", HttpServerResponse.html(fallbackPage(config.port)))
  })
)

const fallbackPage = (port: number) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Redraft</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2430}code{background:#f1f3f6;padding:.1rem .3rem;border-radius:4px}</style>
</head>
<body>
<h1>Redraft</h1>
<p>The service is running on port ${port}. The web interface has not been built yet.</p>
<p>Use the API directly: <code>GET /api/health</code>, <code>GET /api/profiles</code>, <code>POST /api/rewrite</code>. The README has examples.</p>
</body>
</html>
`
