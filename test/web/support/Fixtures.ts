/** Shapes the web specs build versions from: what made a version and how its run ended. */
import type { VersionOutcome, VersionSettings } from "../../../web/src/api/redraft.ts"

/** The settings of a version run in `styleProfileId` at the default threshold. */
export const settingsOf = (styleProfileId: string, styleProfileName: string | null = null): VersionSettings => ({
  styleProfileId,
  styleProfileName,
  instruction: "",
  model: "gemma-4",
  provider: "http://localhost:1234/v1",
  styleThreshold: 80,
  maxRewriteIterations: 2,
  runMeaningCheck: true
})

/** A run that finished, rewriting `rewritten` of its `paragraphs`. */
export const finished = (paragraphs: number, rewritten: number): VersionOutcome => ({
  state: "finished",
  paragraphs,
  done: paragraphs,
  rewritten,
  failed: 0,
  reason: null
})
