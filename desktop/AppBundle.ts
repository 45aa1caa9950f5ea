/** The text files of Redraft.app: Info.plist and the launcher. */

export const BUNDLE_ID = "dev.redraft.Redraft"
export const MINIMUM_MACOS = "12.0"

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

export const infoPlist = (version: string): string => {
  const entries: ReadonlyArray<readonly [string, string]> = [
    ["CFBundleDevelopmentRegion", "en"],
    ["CFBundleDisplayName", "Redraft"],
    ["CFBundleExecutable", "Redraft"],
    ["CFBundleIconFile", "Redraft.icns"],
    ["CFBundleIdentifier", BUNDLE_ID],
    ["CFBundleInfoDictionaryVersion", "6.0"],
    ["CFBundleName", "Redraft"],
    ["CFBundlePackageType", "APPL"],
    ["CFBundleShortVersionString", version],
    ["CFBundleVersion", version],
    ["LSApplicationCategoryType", "public.app-category.productivity"],
    ["LSMinimumSystemVersion", MINIMUM_MACOS],
    ["NSHumanReadableCopyright", "Redraft prototype, unsigned"]
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    ...entries.flatMap(([key, value]) => [`\t<key>${xml(key)}</key>`, `\t<string>${xml(value)}</string>`]),
    "\t<key>LSArchitecturePriority</key>",
    "\t<array>",
    "\t\t<string>arm64</string>",
    "\t</array>",
    "</dict>",
    "</plist>",
    ""
  ].join("\n")
}

/**
 * Contents/MacOS/Redraft: starts the bundled service on a free loopback port, opens the page in the default browser,
 * and stops the service when the app quits. User data lives in ~/Library/Application Support/Redraft: the log, and
 * an optional settings.env (e.g. PROVIDER_BASE_URL=http://localhost:11434/v1) read at start.
 */
export const launcher = `#!/bin/sh
set -u
contents="$(cd "$(dirname "$0")/.." && pwd)"
node="$contents/MacOS/node"
resources="$contents/Resources"
data="$HOME/Library/Application Support/Redraft"
mkdir -p "$data"
log="$data/redraft.log"

if [ -f "$data/settings.env" ]; then
  set -a
  . "$data/settings.env"
  set +a
fi

port="$("$node" -e 'const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close() })')"

HOST=127.0.0.1 PORT="$port" WEB_DIR="$resources/web" PROFILES_DIR="$resources/profiles" REDRAFT_EXIT_WITH_PARENT=1 \\
  "$node" "$resources/server/redraft.mjs" >>"$log" 2>&1 &
service=$!

stop() {
  kill -TERM "$service" 2>/dev/null
  wait "$service" 2>/dev/null
  exit 0
}
trap stop INT TERM HUP QUIT

tries=0
until "$node" -e "fetch('http://127.0.0.1:$port/api/profiles').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"; do
  tries=$((tries + 1))
  if [ "$tries" -ge 100 ] || ! kill -0 "$service" 2>/dev/null; then
    echo "Redraft could not start; see $log" >&2
    exit 1
  fi
  sleep 0.1
done

open "http://127.0.0.1:$port/"
wait "$service"
`
