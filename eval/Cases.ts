import { Effect, FileSystem, Path, Schema } from "effect"

/** A term that must survive: one spelling, or a list of acceptable spellings (any one is enough). */
export const Term = Schema.Union([Schema.String, Schema.Array(Schema.String).check(Schema.isMinLength(1))])
export type Term = typeof Term.Type

export const Expectations = Schema.Struct({
  /** Numbers, names, dates...: present in the output exactly (case-sensitive). */
  requiredTerms: Schema.optional(Schema.Array(Term)),
  /** Generic or banned phrasing: absent from the output (case-insensitive). */
  forbiddenPhrases: Schema.optional(Schema.Array(Schema.String)),
  /** Code, quotations, tables...: present in the output byte for byte. */
  protectedBlocks: Schema.optional(Schema.Array(Schema.String)),
  /** Hedges and conditions: present in the output (case-insensitive; alternatives allowed). */
  caveats: Schema.optional(Schema.Array(Term)),
  /** Lowest acceptable style score (0-100); no style check when absent. */
  minStyleScore: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  /** What a model judge should verify (only with `--judge`). */
  rubric: Schema.optional(Schema.String)
})
export type Expectations = typeof Expectations.Type

const CaseFields = {
  id: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,79}$/)),
  title: Schema.String,
  profile: Schema.String.check(Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/)),
  tags: Schema.Array(Schema.String).check(Schema.isMinLength(1)),
  expect: Expectations
}

/** A case as written in `fixtures/cases/*.json`: the source inline, or in a file next to it (long documents). */
export const CaseInput = Schema.Union([
  Schema.Struct({ ...CaseFields, source: Schema.String }),
  Schema.Struct({ ...CaseFields, sourceFile: Schema.String })
])

export const CaseFile = Schema.Struct({ cases: Schema.Array(CaseInput).check(Schema.isMinLength(1)) })

export interface EvalCase {
  readonly id: string
  readonly title: string
  readonly profile: string
  readonly tags: ReadonlyArray<string>
  readonly source: string
  readonly expect: Expectations
}

export class CaseLoadError extends Schema.TaggedError<CaseLoadError>()("CaseLoadError", {
  message: Schema.String
}) {}

/** Loads and checks every `*.json` case file in `dir`; ids must be unique. */
export const loadCases = Effect.fn("Cases.load")(function* (dir: string) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const fail = (message: string) => new CaseLoadError({ message })
  const files = (yield* fs.readDirectory(dir).pipe(Effect.mapError(() => fail(`cannot read the case folder ${dir}`))))
    .filter((f) => f.endsWith(".json"))
    .toSorted()
  const cases: Array<EvalCase> = []
  for (const file of files) {
    const raw = yield* fs.readFileString(path.join(dir, file)).pipe(Effect.mapError(() => fail(`cannot read ${file}`)))
    const parsed = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(CaseFile))(raw, { errors: "all" }).pipe(
      Effect.mapError((e) => fail(`case file ${file} is invalid: ${e.message}`))
    )
    for (const input of parsed.cases) {
      const source =
        "source" in input
          ? input.source
          : yield* fs
              .readFileString(path.join(dir, input.sourceFile))
              .pipe(Effect.mapError(() => fail(`case ${input.id}: cannot read its sourceFile ${input.sourceFile}`)))
      if (cases.some((c) => c.id === input.id)) return yield* fail(`case id ${input.id} appears twice (${file})`)
      cases.push({
        id: input.id,
        title: input.title,
        profile: input.profile,
        tags: input.tags,
        source,
        expect: input.expect
      })
    }
  }
  if (cases.length === 0) return yield* fail(`no cases in ${dir}`)
  return cases
})

/** `SERVICE_EVAL_CASE_FILTER`: comma-separated case ids or tags; empty keeps every case. */
export const filterCases = (cases: ReadonlyArray<EvalCase>, filter: string | undefined): ReadonlyArray<EvalCase> => {
  const wanted = (filter ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")
  if (wanted.length === 0) return cases
  return cases.filter((c) => wanted.includes(c.id) || c.tags.some((t) => wanted.includes(t)))
}
