/**
 * Style profiles as the API shows them: the fixtures shipped with Redraft and the writer's own voices, made from their
 * samples, with the measured traits of their writing (the API's schemas, shared with the UI and CLI).
 */
import { Schema } from "effect"
import { tooFewWords } from "./Samples.ts"

const Timestamp = Schema.String.annotate({ description: "ISO 8601, UTC" })

/** `fixture`: shipped with Redraft, read-only. `user`: made by the writer, kept in the workspace database. */
export const ProfileSource = Schema.Literals(["fixture", "user"])
export type ProfileSource = typeof ProfileSource.Type

const Rate = Schema.Finite
const OrNull = <S extends Schema.Top>(schema: S) => Schema.NullOr(schema)

/** The measurable traits of a text or of a profile's samples pooled. */
export const VoiceTraits = Schema.Struct({
  /** Guessed from function words: en, de, fr, es, it, nl, pt, or unknown. */
  language: Schema.Literals(["en", "de", "fr", "es", "it", "nl", "pt", "unknown"]),
  words: Schema.Finite,
  sentences: Schema.Finite,
  /** Words per sentence: mean and standard deviation. */
  sentenceLength: Schema.Struct({ mean: Rate, spread: Rate }),
  /** Letters per word. */
  wordLength: Rate,
  /** Advanced words (outside the language's everyday words, long) per 100 words; null for an unknown language. */
  vocabularyLevel: OrNull(Rate),
  /** Contractions per 100 words; null where the language has no such measure. */
  contractionsPer100Words: OrNull(Rate),
  /** Pronouns per 100 words: I, we, you (and their forms in the language). */
  person: OrNull(Schema.Struct({ first: Rate, firstPlural: Rate, second: Rate })),
  questionsPer100Sentences: Rate,
  exclamationsPer100Sentences: Rate,
  /** Share of sentences (0-1) in the passive voice; null where there is no measure (all languages but English). */
  passiveShare: OrNull(Rate),
  punctuationPer100Words: Schema.Struct({
    comma: Rate,
    semicolon: Rate,
    colon: Rate,
    dash: Rate,
    parenthesis: Rate
  }),
  /** Sentences per paragraph, and the number of paragraphs measured. */
  paragraphLength: Schema.Struct({ mean: Rate, paragraphs: Schema.Finite }),
  /** Up to 10 words the samples use markedly more than general text, most characteristic first. */
  characteristicWords: Schema.Array(Schema.String),
  characteristicWordsPer100Words: Rate
})
export type VoiceTraits = typeof VoiceTraits.Type

/** `GET /api/profiles` lists these. */
export const ProfileSummary = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  source: ProfileSource,
  /** How many samples the profile is measured from. */
  samples: Schema.Finite
})
export type ProfileSummary = typeof ProfileSummary.Type

export const ProfileList = Schema.Struct({ profiles: Schema.Array(ProfileSummary) })
export type ProfileList = typeof ProfileList.Type

/** `GET /api/profiles/:id`: everything about a profile, with the traits measured from its samples. */
export const ProfileDetail = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  source: ProfileSource,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: Schema.Array(Schema.String),
  traits: VoiceTraits,
  /** For user profiles. */
  createdAt: Schema.optionalKey(Timestamp),
  updatedAt: Schema.optionalKey(Timestamp)
})
export type ProfileDetail = typeof ProfileDetail.Type

/** One sample of the writer's text: the rule a voice's samples keep, in the API and in a backup. */
export const Sample = Schema.String.check(
  Schema.isPattern(/\S/u, { message: "a sample must hold some text, not only spaces" }),
  Schema.isMaxLength(20_000, { message: "a sample is at most 20,000 characters; split a longer text into samples" })
)
/** A voice's name: the rule it keeps, in the API and in a backup. */
export const VoiceName = Schema.String.check(
  Schema.isPattern(/\S/u, { message: "give the voice a name" }),
  Schema.isMaxLength(100)
)
/** A voice's samples: two or more. */
export const VoiceSamples = Schema.Array(Sample).check(
  Schema.isMinLength(2, { message: "give at least two samples of the writer's text" }),
  Schema.isMaxLength(50)
)
const Lines = Schema.Array(Schema.String.check(Schema.isMaxLength(500))).check(Schema.isMaxLength(50))

/**
 * The samples of a voice being made or changed: two or more, with at least `MIN_VOICE_WORDS` words between them. A
 * backup keeps the voices it holds whatever their size (`VoiceSamples`).
 */
export const NewVoiceSamples = VoiceSamples.check(
  Schema.makeFilter((samples: ReadonlyArray<string>) => tooFewWords(samples) ?? true)
)

/**
 * `POST /api/profiles`: a voice from a name and two or more samples of the writer's text, 200 words or more between
 * them; description, rules and phrases to avoid are optional. A `.voice.json` export is its own body (`VoiceImport`).
 */
export const CreateProfile = Schema.Struct({
  name: VoiceName,
  samples: NewVoiceSamples,
  description: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(1_000))),
  rules: Schema.optionalKey(Lines),
  avoid: Schema.optionalKey(Lines)
})
export type CreateProfile = typeof CreateProfile.Type

/** `PUT /api/profiles/:id`: the fields to change. */
export const UpdateProfile = Schema.Struct({
  name: Schema.optionalKey(CreateProfile.fields.name),
  samples: Schema.optionalKey(CreateProfile.fields.samples),
  description: CreateProfile.fields.description,
  rules: CreateProfile.fields.rules,
  avoid: CreateProfile.fields.avoid
})
export type UpdateProfile = typeof UpdateProfile.Type

/** `GET /api/profiles/:id/export`: a voice as a file to keep or share; `POST /api/profiles` takes it back. */
export const VoiceFile = Schema.Struct({
  format: Schema.Literal("redraft-voice"),
  formatVersion: Schema.Literal(1),
  name: Schema.String,
  description: Schema.String,
  rules: Schema.Array(Schema.String),
  avoid: Schema.Array(Schema.String),
  samples: Schema.Array(Schema.String),
  /** The traits measured when it was exported, for reading; they are measured again on import. */
  traits: VoiceTraits
})
export type VoiceFile = typeof VoiceFile.Type

/**
 * `POST /api/profiles` with a `.voice.json` export, as it was exported: its name, samples and rules make the new
 * voice under the same rules as any other; its traits are measured again.
 */
export const VoiceImport = Schema.Struct({
  format: VoiceFile.fields.format,
  formatVersion: VoiceFile.fields.formatVersion,
  name: CreateProfile.fields.name,
  samples: CreateProfile.fields.samples,
  description: CreateProfile.fields.description,
  rules: CreateProfile.fields.rules,
  avoid: CreateProfile.fields.avoid,
  traits: Schema.optionalKey(Schema.Unknown)
}).annotate({ identifier: "VoiceImport" })
export type VoiceImport = typeof VoiceImport.Type

/** `POST /api/profiles/:id/score`. */
export const ScoreRequest = Schema.Struct({
  text: Schema.String.check(Schema.isPattern(/\S/u, { message: "give the text to score" }))
})
export type ScoreRequest = typeof ScoreRequest.Type

/** How close a text is to the profile's samples, measured (no model call). */
export const ScoreResult = Schema.Struct({
  /**
   * 0-100; 100 reads like the samples: how much closer the text is to this voice than to other writers of the same
   * kind, less the generic phrases it uses.
   */
  score: Schema.Finite,
  /**
   * How sure the score is, from the text's length: "low" under 80 words (a few sentences show little of a writer),
   * "medium" under 200, "high" from 200 words on.
   */
  certainty: Schema.Literals(["low", "medium", "high"]),
  /** What to change to come closer, most costly first; empty when close enough. */
  feedback: Schema.Array(Schema.String),
  /** The text's traits. */
  traits: VoiceTraits,
  /** The profile's traits, measured from its samples, to set beside them. */
  profileTraits: VoiceTraits
})
export type ScoreResult = typeof ScoreResult.Type

/** A change to a voice that the writer's edits and rejections propose (`GET /api/profiles/:id/suggestions`). */
export const VoiceSuggestion = Schema.Struct({
  /** Stable: the same proposal keeps its id, so an answer to it holds. */
  id: Schema.String,
  /** `avoid`: add `value` to the phrases to avoid. `rule`: add `value` to the rules. */
  change: Schema.Literals(["avoid", "rule"]),
  value: Schema.String,
  /** The question put to the writer, e.g. `You replaced "utilize" with "use" 3 times: avoid "utilize"?` */
  message: Schema.String,
  /** How many of the writer's decisions show it. */
  count: Schema.Finite
})
export type VoiceSuggestion = typeof VoiceSuggestion.Type

/** The open proposals for a voice, most often shown first, and how many decisions they were read from. */
export const SuggestionList = Schema.Struct({
  suggestions: Schema.Array(VoiceSuggestion),
  /** Paragraphs rewritten in this voice that the writer edited or rejected. */
  decisions: Schema.Finite
})
export type SuggestionList = typeof SuggestionList.Type

/** The body of an answer to a proposal: an empty JSON object, as every write of the API sends JSON. */
export const SuggestionAnswer = Schema.Struct({})
