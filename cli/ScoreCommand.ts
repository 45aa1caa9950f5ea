/**
 * `redraft score FILE --profile ID`: how close a text is to a profile's samples, measured by the service without a
 * model call: the score, what to change, and the measured traits of the text beside the profile's.
 */
import { Effect } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import type { ScoreResult, VoiceTraits } from "../src/domain/Profiles.ts"
import { RedraftClient } from "../client/RedraftClient.ts"
import { readText } from "./Files.ts"
import { writeOut } from "./Output.ts"
import { json, jsonErrors, optionalString, withService } from "./Root.ts"

export const score = Command.make(
  "score",
  {
    file: Argument.String("file").pipe(
      Argument.withDescription("The text to score; omit it or give - to read stdin"),
      Argument.optional
    ),
    profile: Flag.String("profile").pipe(
      Flag.withAlias("p"),
      Flag.withDescription(
        "The profile to compare with, a fixture's id or one of your own voices' (see: redraft profiles)"
      )
    ),
    json
  },
  Effect.fn("Cli.score")(function* (input) {
    const run = Effect.gen(function* () {
      const text = yield* readText(optionalString(input.file))
      const result = yield* (yield* RedraftClient).score(input.profile, text)
      yield* writeOut(input.json ? `${JSON.stringify(result, null, 2)}\n` : readable(result))
    })
    yield* run.pipe(withService("probe-then-start"), jsonErrors(input.json))
  })
).pipe(
  Command.withDescription(
    "Measure how close a text is to a profile's samples (no model call): score, feedback, traits"
  ),
  Command.withExamples([{ command: "redraft score draft.md --profile u-1a2b", description: "Score a draft" }])
)

// ---------------------------------------------------------------------------------------------------------------

/** What each certainty means, after the score. */
const CERTAINTY: Readonly<Record<ScoreResult["certainty"], string>> = {
  low: "not sure (under 80 words show little of a writer's habits)",
  medium: "fairly sure (200 words or more would make it surer)",
  high: "sure"
}

/** The score, the feedback as a list, and a table of the text's traits beside the profile's. */
export const readable = (result: ScoreResult): string => {
  const feedback =
    result.feedback.length === 0
      ? ["close to the profile: nothing to change"]
      : ["to come closer:", ...result.feedback.map((f) => `- ${f}`)]
  const rows = traitRows(result.traits, result.profileTraits)
  const labelWidth = Math.max(...rows.map((r) => r[0].length))
  const textWidth = Math.max(...rows.map((r) => r[1].length))
  const table = rows.map(([label, text, profile]) =>
    `${label.padEnd(labelWidth)}  ${text.padEnd(textWidth)}  ${profile}`.trimEnd()
  )
  const words = (traits: VoiceTraits) =>
    traits.characteristicWords.length === 0 ? "-" : traits.characteristicWords.slice(0, 8).join(", ")
  return [
    `score ${Math.round(result.score)}/100, ${CERTAINTY[result.certainty]}`,
    "",
    ...feedback,
    "",
    ...table,
    "",
    "characteristic words",
    `  text     ${words(result.traits)}`,
    `  profile  ${words(result.profileTraits)}`,
    ""
  ].join("\n")
}

type Row = readonly [label: string, text: string, profile: string]

const traitRows = (text: VoiceTraits, profile: VoiceTraits): ReadonlyArray<Row> => {
  const row = (label: string, show: (t: VoiceTraits) => string): Row => [label, show(text), show(profile)]
  return [
    ["", "text", "profile"],
    row("measured over", (t) => `${t.words} words`),
    row("language", (t) => t.language),
    row("sentence length, words", (t) => `${fixed(t.sentenceLength.mean)} ± ${fixed(t.sentenceLength.spread)}`),
    row("word length, letters", (t) => fixed(t.wordLength)),
    row("advanced words /100 words", (t) => orNone(t.vocabularyLevel, fixed)),
    row("contractions /100 words", (t) => orNone(t.contractionsPer100Words, fixed)),
    row("I / we / you /100 words", (t) =>
      orNone(t.person, (p) => `${fixed(p.first)} / ${fixed(p.firstPlural)} / ${fixed(p.second)}`)
    ),
    row("questions /100 sentences", (t) => fixed(t.questionsPer100Sentences)),
    row("exclamations /100 sentences", (t) => fixed(t.exclamationsPer100Sentences)),
    row("passive sentences", (t) => orNone(t.passiveShare, (share) => `${Math.round(share * 100)}%`)),
    row("commas /100 words", (t) => fixed(t.punctuationPer100Words.comma)),
    row("sentences per paragraph", (t) => fixed(t.paragraphLength.mean))
  ]
}

const fixed = (n: number): string => n.toFixed(1)

/** A trait the language has no measure for. */
const orNone = <A>(value: A | null, show: (a: A) => string): string => (value === null ? "-" : show(value))
