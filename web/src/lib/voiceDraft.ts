/**
 * A voice being made or edited, before it is sent: the samples it will make and what would stop the service taking
 * it, so the writer hears about it before sending. The text is split with the same `toSamples` the CLI uses.
 */
import type { CreateProfile, ProfileDetail } from "../api/redraft.ts"
import { tooFewWords, toSamples } from "../../../src/domain/Samples.ts"

export const MIN_SAMPLES = 2
export const MAX_SAMPLES = 50
export const MAX_SAMPLE_CHARS = 20_000
const MAX_LINES = 50
const MAX_LINE_CHARS = 500
const MAX_DESCRIPTION_CHARS = 1_000

/** A .md or .txt file taken into a voice: one sample. */
export interface DraftFile {
  readonly name: string
  readonly text: string
}

export interface VoiceDraft {
  name: string
  description: string
  /** One rule per line. */
  rules: string
  /** One phrase to avoid per line. */
  avoid: string
  /** In an edit, the voice's samples as they are, each editable; blank ones are left out. */
  samples: Array<string>
  files: Array<DraftFile>
  /** Text pasted in; on its own it is split into samples of whole paragraphs. */
  pasted: string
}

export const emptyDraft = (): VoiceDraft => ({
  name: "",
  description: "",
  rules: "",
  avoid: "",
  samples: [],
  files: [],
  pasted: ""
})

export const draftOf = (profile: ProfileDetail): VoiceDraft => ({
  name: profile.name,
  description: profile.description,
  rules: profile.rules.join("\n"),
  avoid: profile.avoid.join("\n"),
  samples: [...profile.samples],
  files: [],
  pasted: ""
})

const lines = (text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "")

/** The samples the draft makes: the kept ones, then each file, then the pasted text (split when it is alone). */
export const samplesOf = (draft: VoiceDraft): ReadonlyArray<string> => [
  ...draft.samples.map((s) => s.trim()).filter((s) => s !== ""),
  ...toSamples([...draft.files.map((f) => f.text), draft.pasted])
]

/** What stops the draft from making a voice, in words for the writer; null when it can be sent. */
export const draftProblem = (draft: VoiceDraft): string | null => {
  if (draft.name.trim() === "") return "Give the voice a name."
  const samples = samplesOf(draft)
  if (samples.length === 0)
    return "Paste some of your own writing or add .md / .txt files: a voice needs at least two samples."
  if (samples.length < MIN_SAMPLES)
    return "This makes only 1 sample, and a voice needs at least two. Paste two or more paragraphs with a blank line between them, or add another file."
  if (samples.length > MAX_SAMPLES)
    return `This makes ${samples.length} samples; a voice takes at most ${MAX_SAMPLES}. Leave some out, or join short files.`
  const few = tooFewWords(samples)
  if (few !== null) return `${few[0]?.toUpperCase() ?? ""}${few.slice(1)}.`
  const long = samples.findIndex((s) => s.length > MAX_SAMPLE_CHARS)
  if (long >= 0)
    return `Sample ${long + 1} is longer than ${MAX_SAMPLE_CHARS.toLocaleString("en")} characters; split it into smaller files or paragraphs.`
  if (draft.description.length > MAX_DESCRIPTION_CHARS)
    return `The description is longer than ${MAX_DESCRIPTION_CHARS.toLocaleString("en")} characters.`
  for (const [label, text] of [
    ["rules", draft.rules],
    ["phrases to avoid", draft.avoid]
  ] as const) {
    const given = lines(text)
    if (given.length > MAX_LINES || given.some((l) => l.length > MAX_LINE_CHARS))
      return `Give at most ${MAX_LINES} ${label}, one per line, each up to ${MAX_LINE_CHARS} characters.`
  }
  return null
}

/** The request body for the draft (create, or the full replacement in an edit). */
export const bodyOf = (draft: VoiceDraft): CreateProfile => ({
  name: draft.name.trim(),
  samples: samplesOf(draft),
  description: draft.description.trim(),
  rules: lines(draft.rules),
  avoid: lines(draft.avoid)
})

/** The file name an export is saved under: the voice's name made safe for a file system. */
export const voiceFileName = (name: string): string =>
  `${
    name
      .trim()
      .replace(/[^\p{L}\p{N} ._-]+/gu, "-")
      .replace(/^\.+/, "") || "voice"
  }.voice.json`
