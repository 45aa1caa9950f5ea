/**
 * `redraft profiles` and its subcommands: list the profiles, make a voice from samples of the writer's own text (or
 * from a `.voice.json` export), export one, delete one.
 */
import { Effect, Option, Schema } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import { reliabilityNote, toSamples } from "../src/domain/Samples.ts"
import { CliFailure } from "../client/CliFailure.ts"
import { RedraftClient, type ProfileDetail } from "../client/RedraftClient.ts"
import { readDocument, writeFile } from "./Files.ts"
import { writeErr, writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"

const createVoice = Command.make(
  "create",
  {
    name: Argument.String("name").pipe(Argument.withDescription("The voice's name")),
    from: Flag.String("from").pipe(
      Flag.withDescription(
        "A file of the writer's text (- for stdin); more files may follow it (--from posts/*.md) or come with more --from: each file is a sample, a single file is split into samples of whole paragraphs; a .voice.json export is taken as it is"
      ),
      Flag.atLeast(1)
    ),
    // The files a shell glob puts after the first --from ("--from a.md b.md c.md").
    more: Argument.String("file").pipe(
      Argument.withDescription("More files of the writer's text, after --from"),
      Argument.variadic()
    ),
    description: Flag.String("description").pipe(Flag.withDescription("What the voice is for"), Flag.optional),
    rules: Flag.String("rule").pipe(
      Flag.withDescription("A rule of the style; give it again for more"),
      Flag.atLeast(0)
    ),
    avoid: Flag.String("avoid").pipe(
      Flag.withDescription("A word or phrase the voice avoids; give it again for more"),
      Flag.atLeast(0)
    ),
    json
  },
  Effect.fn("Cli.profiles.create")(function* (input) {
    // The files are read and the samples counted before the service is asked anything.
    const from = [...input.from, ...input.more]
    const run = Effect.gen(function* () {
      if (from.filter((f) => f === "-").length > 1) {
        return yield* new CliFailure({
          code: "usage",
          message: "stdin (-) can be read only once; give it as one --from"
        })
      }
      const texts = yield* Effect.forEach(from, readDocument)
      const extras = {
        ...Option.match(input.description, { onNone: () => ({}), onSome: (description) => ({ description }) }),
        ...(input.rules.length > 0 ? { rules: input.rules } : {}),
        ...(input.avoid.length > 0 ? { avoid: input.avoid } : {})
      }
      const voice = texts.map(voiceFileOf).find(Option.isSome)
      if (voice !== undefined) {
        if (texts.length > 1) {
          return yield* new CliFailure({
            code: "usage",
            message:
              "a .voice.json export is a whole voice: give it as the only --from, or use redraft profiles import FILE"
          })
        }
        const body = { ...voice.value, name: input.name, ...extras }
        return yield* send((client) => client.importProfile(body), input.json)
      }
      const samples = toSamples(texts)
      if (samples.length < 2) {
        return yield* new CliFailure({
          code: "invalid_request",
          message: `give at least two samples of the writer's text: ${describeFrom(from, samples.length)}; add more --from files, or use one file of several paragraphs separated by blank lines`
        })
      }
      return yield* send((client) => client.createProfile({ name: input.name, samples, ...extras }), input.json)
    })
    yield* run.pipe(jsonErrors(input.json))
  })
).pipe(
  Command.withDescription("Make a voice of your own from samples of your writing; prints its id"),
  Command.withExamples([
    { command: "redraft profiles create Mine --from essay.md --from letter.md", description: "Two samples" },
    { command: "redraft profiles create Mine --from posts/*.md", description: "Every file a glob finds" },
    { command: "redraft profiles create Mine --from blog.md", description: "One file, split into samples" },
    { command: "redraft profiles create Mine --from mine.voice.json", description: "From an export" }
  ])
)

const importVoice = Command.make(
  "import",
  {
    file: Argument.String("file").pipe(Argument.withDescription("A .voice.json export (- for stdin)")),
    json
  },
  Effect.fn("Cli.profiles.import")(function* (input) {
    const run = Effect.gen(function* () {
      const voice = voiceFileOf(yield* readDocument(input.file))
      if (Option.isNone(voice)) {
        return yield* new CliFailure({
          code: "invalid_request",
          message: `${input.file} is not a .voice.json export (a JSON object with "format": "redraft-voice")`
        })
      }
      yield* send((client) => client.importProfile(voice.value), input.json)
    })
    yield* run.pipe(jsonErrors(input.json))
  })
).pipe(Command.withDescription("Make a voice from a .voice.json export, as it is; prints its id"))

const exportVoice = Command.make(
  "export",
  {
    id: Argument.String("id").pipe(Argument.withDescription("The profile's id (see: redraft profiles)")),
    out: Flag.String("out").pipe(
      Flag.withAlias("o"),
      Flag.withDescription("Write the .voice.json to this file instead of stdout"),
      Flag.optional
    )
  },
  Effect.fn("Cli.profiles.export")(function* (input) {
    const run = Effect.gen(function* () {
      const voice = yield* (yield* RedraftClient).exportProfile(input.id)
      const text = `${JSON.stringify(voice, null, 2)}\n`
      const out = optionalString(input.out)
      if (out === undefined) return yield* writeOut(text)
      yield* writeFile(out, text)
      yield* writeErr(`redraft: wrote "${voice.name}" to ${out}\n`)
    })
    yield* run.pipe(withService("probe-then-start"))
  })
).pipe(
  Command.withDescription("Print a profile as a .voice.json file, which profiles create --from and import take back"),
  Command.withExamples([{ command: "redraft profiles export u-1a2b --out mine.voice.json", description: "Keep it" }])
)

const remove = Command.make(
  "delete",
  {
    id: Argument.String("id").pipe(Argument.withDescription("The id of one of your own voices")),
    json
  },
  Effect.fn("Cli.profiles.delete")(function* (input) {
    const run = Effect.gen(function* () {
      yield* (yield* RedraftClient).deleteProfile(input.id)
      if (input.json) yield* writeOut(`${JSON.stringify({ deleted: input.id })}\n`)
      else yield* writeErr(`redraft: deleted ${input.id}\n`)
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(Command.withDescription("Delete one of your own voices (the fixture profiles cannot be deleted)"))

export const profiles = Command.make(
  "profiles",
  { json },
  Effect.fn("Cli.profiles")(function* (input) {
    const run = Effect.gen(function* () {
      const list = yield* (yield* RedraftClient).profiles
      if (input.json) return yield* writeOut(`${JSON.stringify({ profiles: list }, null, 2)}\n`)
      const width = Math.max(...list.map((p) => p.id.length))
      for (const p of list) {
        const samples = p.samples === 1 ? "1 sample " : `${p.samples} samples`
        const about = p.description === "" ? p.name : `${p.name}: ${p.description}`
        yield* writeOut(`${p.id.padEnd(width)}  ${p.source.padEnd(7)}  ${samples.padStart(10)}  ${about}\n`)
      }
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription("List the style profiles: the fixtures and your own voices, with their samples"),
  Command.withSubcommands([createVoice, importVoice, exportVoice, remove])
)

// ---------------------------------------------------------------------------------------------------------------

/** The export's header: what tells a `.voice.json` from a sample of text. */
const VoiceHeader = Schema.fromJsonString(
  Schema.StructWithRest(Schema.Struct({ format: Schema.Literal("redraft-voice") }), [
    Schema.Record(Schema.String, Schema.Unknown)
  ])
)

/** The text as a `.voice.json` export, whole, when it is one. */
const voiceFileOf = (text: string) => Schema.decodeUnknownOption(VoiceHeader)(text)

/**
 * Sends a new voice to the service, then prints its id (for `ID=$(redraft profiles create …)`), or with `--json` the
 * whole profile.
 */
const send = (
  request: (client: RedraftClient["Service"]) => Effect.Effect<ProfileDetail, CliFailure>,
  asJson: boolean
) =>
  Effect.gen(function* () {
    const profile = yield* request(yield* RedraftClient)
    if (asJson) return yield* writeOut(`${JSON.stringify(profile, null, 2)}\n`)
    yield* writeOut(`${profile.id}\n`)
    const samples = profile.samples.length === 1 ? "1 sample" : `${profile.samples.length} samples`
    yield* writeErr(
      `redraft: made the voice "${profile.name}" (${profile.id}) from ${samples}, ${reliabilityNote(profile.samples)}\n`
    )
  }).pipe(withService("probe-then-start"))

const describeFrom = (files: ReadonlyArray<string>, samples: number): string => {
  const named = files.map((f) => (f === "-" ? "stdin" : f)).join(", ")
  if (samples === 0) return `${named} ${files.length === 1 ? "holds" : "hold"} no text`
  return files.length === 1 ? `${named} makes only one sample` : `only one of ${named} holds any text`
}
