import { Effect, FileSystem, Path, Schema, Semaphore } from "effect"
import { Failure } from "./Failures.ts"

/** One finished cell of the matrix: a case under one variant (no-op, one-shot, pipeline@N). */
export const CellResult = Schema.Struct({
  /** Case, case content, variant and provider settings: a cell is re-run when any of them changes. */
  key: Schema.String,
  caseId: Schema.String,
  profile: Schema.String,
  tags: Schema.Array(Schema.String),
  variant: Schema.String,
  passed: Schema.Boolean,
  failures: Schema.Array(Failure),
  /** The score the style check used: the service's for service runs, the measured one for no-op. */
  styleScore: Schema.NullOr(Schema.Number),
  /** The measured style of the output, computed the same way for every variant. */
  measuredStyle: Schema.Number,
  meaning: Schema.String,
  durationMs: Schema.Number,
  providerCalls: Schema.Number,
  promptTokens: Schema.Number,
  completionTokens: Schema.Number,
  model: Schema.NullOr(Schema.String),
  finishedAt: Schema.Number
})
export type CellResult = typeof CellResult.Type

const decodeLine = Schema.decodeUnknownOption(Schema.fromJsonString(CellResult))

/**
 * Finished cells, one JSON object per line, appended as each cell finishes: an interrupted run loses nothing that
 * was finished, and a resumed run reads them back. Unreadable lines (a cut-off last write) are skipped.
 */
export const openResults = Effect.fn("ResultsStore.open")(function* (dir: string, fresh: boolean) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const file = path.join(dir, "results.jsonl")
  yield* fs.makeDirectory(dir, { recursive: true })
  if (fresh && (yield* fs.exists(file))) yield* fs.remove(file)
  const text = (yield* fs.exists(file)) ? yield* fs.readFileString(file) : ""
  const previous = new Map<string, CellResult>()
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue
    const cell = decodeLine(line)
    if (cell._tag === "Some") previous.set(cell.value.key, cell.value)
  }
  const lock = yield* Semaphore.make(1)
  const append = (cell: CellResult) =>
    lock
      .withPermits(1)(fs.writeFileString(file, `${JSON.stringify(cell)}\n`, { flag: "a" }))
      .pipe(Effect.orDie)
  return { file, previous: previous as ReadonlyMap<string, CellResult>, append }
})
