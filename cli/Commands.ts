import { Effect, Option } from "effect"
import { basename } from "node:path"
import { Argument, Command, Flag } from "effect/cli"
import type { ProgressEvent, RewriteRequest } from "../src/domain/Rewrite.ts"
import { rewriteFiles } from "./Batch.ts"
import { CliFailure } from "../client/CliFailure.ts"
import { readDocument, readText, writeFile } from "./Files.ts"
import { writeErr, writeOut } from "./Output.ts"
import { makeProgress } from "../client/Progress.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"
import { waitingNote } from "../src/domain/Waiting.ts"
import type { HealthResult } from "../src/domain/Api.ts"

const providerUrl = Flag.String("base-url").pipe(
  Flag.withDescription("Provider base URL, e.g. http://localhost:11434/v1 (default: the service's PROVIDER_BASE_URL)"),
  Flag.optional
)
const providerId = Flag.String("provider").pipe(
  Flag.withDescription("A configured provider's id, with its key (see: redraft providers); instead of --base-url"),
  Flag.optional
)

export const rewrite = Command.make(
  "rewrite",
  {
    files: Argument.String("file").pipe(
      Argument.withDescription(
        "Markdown file(s) to rewrite; omit them or give - to read stdin; several files need --out-dir"
      ),
      Argument.variadic()
    ),
    profile: Flag.String("profile").pipe(
      Flag.withAlias("p"),
      Flag.withDescription("Style profile id, a fixture's or one of your own voices' (see: redraft profiles)")
    ),
    baseUrl: providerUrl,
    providerId,
    model: Flag.String("model").pipe(
      Flag.withDescription("Model id (default: picked from the provider's list)"),
      Flag.optional
    ),
    reasoningEffort: Flag.Literals("reasoning-effort", ["none", "minimal", "low", "medium", "high", "xhigh"]).pipe(
      Flag.withDescription("Reasoning effort sent to the provider"),
      Flag.optional
    ),
    iterations: Flag.Int("iterations").pipe(
      Flag.withDescription("Extra rewrite rounds when the style score is below the threshold (0-5, default 2)"),
      Flag.optional
    ),
    threshold: Flag.Int("threshold").pipe(
      Flag.withDescription("Style score to reach, 0-100 (default 80)"),
      Flag.optional
    ),
    instruction: Flag.String("instruction").pipe(
      Flag.withDescription(
        'A free-text instruction for this run, e.g. "shorter" or "for a ten-year-old" (at most 500 characters)'
      ),
      Flag.optional
    ),
    smooth: Flag.Boolean("smooth").pipe(
      Flag.withDescription("Run the final smoothing pass over the whole document"),
      Flag.withDefault(false)
    ),
    out: Flag.String("out").pipe(
      Flag.withAlias("o"),
      Flag.withDescription("Write the rewrite to this file instead of stdout"),
      Flag.optional
    ),
    save: Flag.Boolean("save").pipe(
      Flag.withDescription("Also keep the text as a document and the run as its version (see: redraft documents)"),
      Flag.withDefault(false)
    ),
    outDir: Flag.String("out-dir").pipe(
      Flag.withDescription("Write each file's rewrite to this folder under its own name (several files at once)"),
      Flag.optional
    ),
    strict: Flag.Boolean("strict").pipe(
      Flag.withDescription(
        "Exit with 4 when any paragraph failed the meaning check or its provider calls (the output is still written)"
      ),
      Flag.withDefault(false)
    ),
    quiet: Flag.Boolean("quiet").pipe(
      Flag.withAlias("q"),
      Flag.withDescription("No progress or summary on stderr"),
      Flag.withDefault(false)
    ),
    json
  },
  Effect.fn("Cli.rewrite")(function* (input) {
    const provider = {
      ...Option.match(input.providerId, { onNone: () => ({}), onSome: (id) => ({ id }) }),
      ...Option.match(input.baseUrl, { onNone: () => ({}), onSome: (baseUrl) => ({ baseUrl }) }),
      ...Option.match(input.model, { onNone: () => ({}), onSome: (model) => ({ model }) }),
      ...Option.match(input.reasoningEffort, {
        onNone: () => ({}),
        onSome: (reasoningEffort) => ({ reasoningEffort })
      })
    }
    const request = (document: string): RewriteRequest => ({
      document,
      styleProfileId: input.profile,
      ...(Object.keys(provider).length > 0 ? { provider } : {}),
      options: {
        finalSmoothing: input.smooth,
        ...Option.match(input.iterations, { onNone: () => ({}), onSome: (n) => ({ maxRewriteIterations: n }) }),
        ...Option.match(input.threshold, { onNone: () => ({}), onSome: (n) => ({ styleThreshold: n }) }),
        ...Option.match(input.instruction, { onNone: () => ({}), onSome: (instruction) => ({ instruction }) })
      }
    })
    /** One document's run: plain, or saved as a document whose first version it becomes. */
    const runDocument = (document: string, file: string, onEvent: (event: ProgressEvent) => Effect.Effect<void>) =>
      Effect.gen(function* () {
        const client = yield* RedraftClient
        const body = request(document)
        if (!input.save) return yield* client.rewrite(body, onEvent)
        const title = file === "-" ? undefined : basename(file).replace(/\.(md|markdown|txt)$/i, "")
        const saved = yield* client.createDocument(title === undefined ? { text: document } : { title, text: document })
        const { document: _text, ...rest } = body
        const result = yield* client.rewriteDocument(saved.id, rest, onEvent)
        if (!input.quiet && !input.json) {
          yield* writeErr(`redraft: saved as document ${saved.id} ("${saved.title}"), version ${result.version}\n`)
        }
        return result
      })
    const outDir = optionalString(input.outDir)
    if (input.files.length > 1 || outDir !== undefined) {
      const batch = Effect.gen(function* () {
        if (outDir === undefined || Option.isSome(input.out) || input.files.length === 0 || input.files.includes("-")) {
          return yield* new CliFailure({
            code: "usage",
            message:
              outDir === undefined
                ? "several files need --out-dir DIR, where each rewrite is written under its file's name"
                : "--out-dir takes files, not stdin, and no --out"
          })
        }
        return yield* rewriteFiles({
          files: input.files,
          outDir,
          rewrite: runDocument,
          json: input.json,
          quiet: input.quiet,
          strict: input.strict
        })
      })
      return yield* batch.pipe(withService("probe-then-start"), jsonErrors(input.json))
    }
    const run = Effect.gen(function* () {
      const document = yield* readText(input.files[0])
      const progress = yield* makeProgress("rewrite", !input.quiet)
      // A wait for the model server is said once, as a line of its own, until the run moves again.
      let waiting = false
      const onEvent = (event: ProgressEvent) =>
        Effect.gen(function* () {
          if (event.type === "waiting" && !waiting) {
            yield* progress.note(`redraft: ${waitingNote(event.leftMs)} (${event.reason})`)
          }
          waiting = event.type === "waiting" || (waiting && event.type === "segment" && event.status === "failed")
          yield* progress.update(
            event.done,
            event.total,
            event.type === "progress"
              ? `${event.stage} (round ${event.attempt + 1})`
              : event.type === "waiting"
                ? waitingNote(event.leftMs)
                : ""
          )
        })
      const result = yield* runDocument(document, input.files[0] ?? "-", onEvent).pipe(Effect.ensuring(progress.finish))
      const out = optionalString(input.out)
      if (out !== undefined) yield* writeFile(out, result.finalText)
      if (input.json) yield* writeOut(`${JSON.stringify(result, null, 2)}\n`)
      else if (out === undefined) yield* writeOut(result.finalText)
      if (!input.quiet && !input.json) {
        const s = result.summary
        yield* writeErr(
          `redraft: ${s.rewritten}/${s.segments} blocks rewritten, ${s.protected} protected, ${s.failed > 0 ? `${s.failed} failed (kept as they were), ` : ""}style ${s.styleScore}, meaning ${s.meaning} (${result.provider.model})${out === undefined ? "" : `, written to ${out}`}\n`
        )
        for (const warning of s.warnings) yield* writeErr(`warning: ${warning}\n`)
      }
      // Paragraphs the provider failed on are named first: the meaning verdict counts them too.
      if (input.strict && result.summary.failed > 0) {
        return yield* new CliFailure({
          code: "paragraphs_failed",
          message: `the provider failed on ${result.summary.failed} paragraph(s) (they were kept as they were); see the warnings`
        })
      }
      if (input.strict && result.summary.meaning === "failed") {
        return yield* new CliFailure({
          code: "meaning_failed",
          message: "the meaning check failed for some paragraphs (they were kept as they were); see the warnings"
        })
      }
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription("Rewrite a markdown document into a style profile, keeping its meaning"),
  Command.withExamples([
    { command: "redraft rewrite notes.md --profile plain-english --out notes.plain.md", description: "Rewrite a file" },
    { command: "cat notes.md | redraft rewrite --profile formal-academic --json", description: "stdin to JSON" },
    {
      command: 'redraft rewrite notes.md --profile plain-english --instruction "for a ten-year-old"',
      description: "Add an instruction for this run"
    },
    {
      command: "redraft rewrite ch1.md ch2.md ch3.md --profile plain-english --out-dir plain/",
      description: "Several files through the same provider slots, one progress display"
    }
  ])
)

/** What `health` says of the model: the one in use, and why there is none. */
const modelLine = (result: {
  readonly model: string | null
  readonly defaultModelFound: boolean
  readonly localProviderReachable: boolean
}): string => {
  if (!result.localProviderReachable) return "unknown until the provider answers"
  if (result.model === null) return "none: the provider lists no model that can chat; load one"
  return result.defaultModelFound
    ? result.model
    : `${result.model} (used; no gemma 4 model, the default family, is loaded)`
}

export const health = Command.make(
  "health",
  { baseUrl: providerUrl, providerId, json },
  Effect.fn("Cli.health")(function* (input) {
    const run = Effect.gen(function* () {
      const client = yield* RedraftClient
      const result = yield* client.health(optionalString(input.providerId) ?? optionalString(input.baseUrl))
      if (input.json) yield* writeOut(`${JSON.stringify({ service: client.baseUrl, ...result }, null, 2)}\n`)
      else {
        yield* writeOut(
          [
            `service   ${client.baseUrl}`,
            `provider  ${result.baseUrl ?? "(default)"} ${result.localProviderReachable ? "reachable" : "unreachable"}`,
            `model     ${modelLine(result)}`,
            ...(result.slots === undefined ? [] : [`slots     ${slotsLine(result.slots)}`]),
            `status    ${result.status}${result.error === undefined ? "" : `: ${result.error}`}`,
            ""
          ].join("\n")
        )
      }
      if (!result.ok) {
        return yield* new CliFailure({
          code: result.localProviderReachable ? "provider_error" : "provider_unreachable",
          message: result.error ?? `the provider is not ready (${result.status})`
        })
      }
    })
    yield* run.pipe(withService("probe-then-start"))
  })
).pipe(Command.withDescription("Check that the service and its provider are ready"))

/** "16 at once (the server's own count)". */
const slotsLine = (slots: NonNullable<HealthResult["slots"]>): string =>
  `${slots.count} at once (${slots.source === "configured" ? "the provider's concurrency, or PROVIDER_CONCURRENCY" : slots.source === "server" ? "the server's own count" : "the default; the server declares none"})`

export const check = Command.make(
  "check",
  {
    original: Argument.String("original").pipe(Argument.withDescription("File with the original text")),
    rewrite: Argument.String("rewrite").pipe(Argument.withDescription("File with its rewrite")),
    strict: Flag.Boolean("strict").pipe(
      Flag.withDescription(
        "Exit with 4 on a suspect finding too (wording that may change a claim), not only on a certain one"
      ),
      Flag.withDefault(false)
    ),
    json
  },
  Effect.fn("Cli.check")(function* (input) {
    const run = Effect.gen(function* () {
      const original = yield* readDocument(input.original)
      const rewritten = yield* readDocument(input.rewrite)
      const result = yield* (yield* RedraftClient).check({ original, rewrite: rewritten })
      const certain = result.findings.filter((f) => f.certainty === "certain")
      const suspect = result.findings.filter((f) => f.certainty === "suspect")
      if (input.json) yield* writeOut(`${JSON.stringify(result, null, 2)}\n`)
      else {
        yield* writeOut(
          certain.length > 0
            ? `meaning changed: ${certain.length} certain finding(s)${suspect.length > 0 ? `, ${suspect.length} to check` : ""}\n`
            : suspect.length > 0
              ? `facts kept; ${suspect.length} wording change(s) to check\n`
              : "meaning kept: no change found\n"
        )
        for (const f of certain) yield* writeOut(`- ${f.kind}: ${f.message}\n`)
        for (const f of suspect) yield* writeOut(`? ${f.kind}: ${f.message}\n`)
      }
      const refusing = input.strict ? result.findings : certain
      if (refusing.length > 0) {
        return yield* new CliFailure({
          code: "meaning_changed",
          message: `${certain.length > 0 ? "the rewrite changes the meaning" : "the wording of a claim may have changed"}: ${refusing.map((f) => f.message).join("; ")}`
        })
      }
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription(
    "Check that a rewrite keeps the meaning of its original (no model call); exit 4 on a certain finding (--strict: on any)"
  ),
  Command.withExamples([{ command: "redraft check draft.md draft.rewritten.md", description: "Check any rewrite" }])
)
