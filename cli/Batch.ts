/**
 * `redraft rewrite a.md b.md … --out-dir DIR`: several files through the same provider slots at once (the service
 * hands its slots out between runs), one progress display for all of them, and a report per file. A file that fails
 * does not stop the others.
 */
import { Effect, FileSystem, Path, type Stdio } from "effect"
import type { ProgressEvent, RewriteResult } from "../src/domain/Rewrite.ts"
import { CliFailure } from "../client/CliFailure.ts"
import { writeErr, writeOut } from "./Output.ts"
import { makeProgress } from "../client/Progress.ts"
import type { RedraftClient } from "../client/RedraftClient.ts"
import { waitingNote } from "../src/domain/Waiting.ts"

export interface BatchOptions {
  readonly files: ReadonlyArray<string>
  readonly outDir: string
  /** The request for one document. */
  /** Runs one document (saving it as a document version with `--save`). */
  readonly rewrite: (
    document: string,
    file: string,
    onEvent: (event: ProgressEvent) => Effect.Effect<void>
  ) => Effect.Effect<RewriteResult, CliFailure, RedraftClient | Stdio.Stdio>
  readonly quiet: boolean
  readonly json: boolean
  readonly strict: boolean
}

type FileOutcome =
  | { readonly file: string; readonly out: string; readonly result: RewriteResult }
  | { readonly file: string; readonly error: CliFailure }

export const rewriteFiles = (options: BatchOptions) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const targets = options.files.map((file) => path.join(options.outDir, path.basename(file)))
    const clash = targets.find((t, i) => targets.indexOf(t) !== i)
    if (clash !== undefined) {
      return yield* new CliFailure({
        code: "usage",
        message: `two files would both be written to ${clash}; give files with different names`
      })
    }
    yield* fs
      .makeDirectory(options.outDir, { recursive: true })
      .pipe(
        Effect.mapError(() => new CliFailure({ code: "output_unwritable", message: `cannot create ${options.outDir}` }))
      )

    const progress = yield* makeProgress("rewrite", !options.quiet && !options.json)
    const counts = options.files.map(() => ({ done: 0, total: 0 }))
    let finished = 0
    const redraw = (detail: string) =>
      progress.update(
        counts.reduce((sum, c) => sum + c.done, 0),
        counts.reduce((sum, c) => sum + c.total, 0),
        `${finished}/${options.files.length} files${detail === "" ? "" : `, ${detail}`}`
      )
    const onEvent = (i: number) => (event: ProgressEvent) =>
      Effect.suspend(() => {
        counts[i] = { done: event.done, total: event.total }
        const file = path.basename(options.files[i] ?? "")
        return redraw(
          event.type === "progress"
            ? `${file}: ${event.stage}`
            : event.type === "waiting"
              ? `${file}: ${waitingNote(event.leftMs)}`
              : ""
        )
      })

    const one = (file: string, i: number) =>
      Effect.gen(function* () {
        const document = yield* fs
          .readFileString(file)
          .pipe(Effect.mapError(() => new CliFailure({ code: "input_unreadable", message: `cannot read ${file}` })))
        const result = yield* options.rewrite(document, file, onEvent(i))
        const out = targets[i] ?? file
        yield* fs
          .writeFileString(out, result.finalText)
          .pipe(Effect.mapError(() => new CliFailure({ code: "output_unwritable", message: `cannot write ${out}` })))
        return { file, out, result } satisfies FileOutcome
      }).pipe(
        Effect.catch((error: CliFailure) => Effect.succeed<FileOutcome>({ file, error })),
        Effect.tap((outcome) =>
          Effect.suspend(() => {
            finished++
            // The bar is drawn again after the file's line, so its count of finished files is never stale.
            return options.quiet || options.json
              ? redraw("")
              : progress.note(reportLine(outcome)).pipe(Effect.andThen(redraw("")))
          })
        )
      )

    const outcomes = yield* Effect.forEach(options.files, one, { concurrency: "unbounded" }).pipe(
      Effect.ensuring(progress.finish)
    )
    if (options.json) {
      yield* writeOut(`${JSON.stringify({ files: outcomes.map(toJson) }, null, 2)}\n`)
    } else if (!options.quiet) {
      for (const o of outcomes)
        if ("result" in o) for (const w of o.result.summary.warnings) yield* writeErr(`warning: ${o.file}: ${w}\n`)
    }
    return yield* verdict(outcomes, options.strict)
  })

// ---------------------------------------------------------------------------------------------------------------

const reportLine = (outcome: FileOutcome): string => {
  if ("error" in outcome) return `redraft: ${outcome.file}: failed: ${outcome.error.message}`
  const s = outcome.result.summary
  return `redraft: ${outcome.file} -> ${outcome.out}: ${s.rewritten}/${s.segments} blocks rewritten, ${s.protected} protected, ${s.failed > 0 ? `${s.failed} failed (kept as they were), ` : ""}style ${s.styleScore}, meaning ${s.meaning}`
}

const toJson = (outcome: FileOutcome) =>
  "error" in outcome
    ? { file: outcome.file, error: { code: outcome.error.code, message: outcome.error.message } }
    : { file: outcome.file, out: outcome.out, result: outcome.result }

/** The batch fails with its first failed file's code, naming every file that failed. */
const verdict = (outcomes: ReadonlyArray<FileOutcome>, strict: boolean) => {
  const failed = outcomes.flatMap((o) => ("error" in o ? [o] : []))
  const first = failed[0]
  if (first !== undefined) {
    return Effect.fail(
      new CliFailure({
        code: first.error.code,
        message: `${failed.length} of ${outcomes.length} files failed: ${failed.map((f) => `${f.file} (${f.error.message})`).join("; ")}`
      })
    )
  }
  const weak = outcomes.flatMap((o) =>
    "result" in o && (o.result.summary.meaning === "failed" || o.result.summary.failed > 0) ? [o.file] : []
  )
  if (strict && weak.length > 0) {
    return Effect.fail(
      new CliFailure({
        code: "paragraphs_failed",
        message: `some paragraphs failed the meaning check or their provider calls in ${weak.join(", ")} (they were kept as they were); see the warnings`
      })
    )
  }
  return Effect.void
}
