/** How a version is named to the writer: what made it and how its run ended, in a line. */
import type { VersionOutcome, VersionSettings } from "../api/redraft.ts"

interface Made {
  readonly n: number
  readonly createdAt: string
  readonly settings: VersionSettings
  readonly outcome: VersionOutcome
}

const quoted = (instruction: string): string =>
  `“${instruction.length <= 40 ? instruction : `${instruction.slice(0, 39).trimEnd()}…`}”`

/** "cancelled (4 of 10 done)", "failed (0 of 10 done)", or "" for a run that finished. */
export const endedNote = (outcome: VersionOutcome): string =>
  outcome.state === "finished" ? "" : `${outcome.state} (${outcome.done} of ${outcome.paragraphs} done)`

/** "3 · Plain English · “shorter” · cancelled (4 of 10 done) · 11/26/2026, 9:55 PM": the version picker's line. */
export const versionLabel = (v: Made): string =>
  [
    String(v.n),
    v.settings.styleProfileName ?? v.settings.styleProfileId,
    v.settings.instruction === "" ? "" : quoted(v.settings.instruction),
    endedNote(v.outcome),
    new Date(v.createdAt).toLocaleString(undefined, { dateStyle: "short", timeStyle: "short" })
  ]
    .filter((part) => part !== "")
    .join(" · ")

/** The settings a version was made with, as short phrases for the review's header; unknown ones are left out. */
export const settingsPhrases = (settings: VersionSettings): ReadonlyArray<string> =>
  [
    settings.styleProfileName ?? settings.styleProfileId,
    settings.instruction === "" ? "no instruction" : `instruction ${quoted(settings.instruction)}`,
    settings.model,
    settings.styleThreshold === null ? "" : `threshold ${settings.styleThreshold}`,
    settings.maxRewriteIterations === null
      ? ""
      : `${settings.maxRewriteIterations} round${settings.maxRewriteIterations === 1 ? "" : "s"}`,
    settings.runMeaningCheck === null ? "" : settings.runMeaningCheck ? "meaning check on" : "meaning check off"
  ].filter((part) => part !== "")
