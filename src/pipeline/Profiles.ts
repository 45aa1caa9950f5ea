import { Context, Effect, FileSystem, Layer, Path, Schema } from "effect"
import { NodeFileSystem, NodePath } from "@effect/platform-node"
import { AppConfig } from "../AppConfig.ts"
import { ProfileNotFound, ProfileReadOnly, SuggestionNotFound } from "../domain/Errors.ts"
import type {
  CreateProfile,
  ProfileDetail,
  ProfileSummary,
  ScoreResult,
  SuggestionList,
  UpdateProfile,
  VoiceFile
} from "../domain/Profiles.ts"
import { StyleProfile } from "../domain/Rewrite.ts"
import { type StoredVoice, Voices } from "../store/Voices.ts"
import { assessStyle, buildStyleTarget } from "../text/StyleMetrics.ts"
import type { Voice } from "../text/voice/Attribution.ts"
import { suggestFrom } from "../text/voice/Suggestions.ts"
import type { PreparedProfile } from "./Stage.ts"

export const DEFAULT_PROFILE_ID = "direct-technical"

/**
 * Every style profile: the fixtures in `fixtures/profiles/` (loaded and measured once at start-up, read-only) and the
 * writer's own voices in the database (measured when first used, again after a change). A rewrite, the CLI and the
 * UI take either kind of id.
 */
export class Profiles extends Context.Service<
  Profiles,
  {
    readonly list: Effect.Effect<ReadonlyArray<ProfileSummary>>
    readonly get: (id: string) => Effect.Effect<PreparedProfile, ProfileNotFound>
    readonly detail: (id: string) => Effect.Effect<ProfileDetail, ProfileNotFound>
    readonly create: (input: CreateProfile) => Effect.Effect<ProfileDetail>
    readonly update: (
      id: string,
      input: UpdateProfile
    ) => Effect.Effect<ProfileDetail, ProfileNotFound | ProfileReadOnly>
    readonly remove: (id: string) => Effect.Effect<void, ProfileNotFound | ProfileReadOnly>
    readonly exportVoice: (id: string) => Effect.Effect<VoiceFile, ProfileNotFound>
    /** How close `text` is to the profile's samples, measured: no model call. */
    readonly score: (id: string, text: string) => Effect.Effect<ScoreResult, ProfileNotFound>
    /** Measures an inline profile sent with a request. */
    readonly prepare: (profile: StyleProfile) => PreparedProfile
    /** The changes the writer's edits and rejections in this voice propose, not yet answered. */
    readonly suggestions: (id: string) => Effect.Effect<SuggestionList, ProfileNotFound | ProfileReadOnly>
    /** Accepts (the voice changes) or dismisses an open proposal; the voice after it. */
    readonly answer: (
      id: string,
      suggestion: string,
      answer: "accepted" | "dismissed"
    ) => Effect.Effect<ProfileDetail, ProfileNotFound | ProfileReadOnly | SuggestionNotFound>
  }
>()("app/pipeline/Profiles") {
  static readonly layerNoDeps = Layer.effect(
    Profiles,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      // A failing database is a defect below (`Effect.orDie`: logged, answered with a 500), as in the document routes.
      const voices = yield* Voices
      const files = (yield* fs.readDirectory(config.profilesDir)).filter((f) => f.endsWith(".json")).toSorted()
      const fixtures = new Map<string, PreparedProfile>()
      for (const file of files) {
        const raw = yield* fs.readFileString(path.join(config.profilesDir, file))
        // A broken fixture is a bug in the installation, not a user error: fail start-up loudly.
        const profile = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(StyleProfile))(raw).pipe(
          Effect.mapError((e) => new Error(`style profile ${file} is invalid: ${e.message}`)),
          Effect.orDie
        )
        fixtures.set(profile.id, prepare(profile))
      }

      // The house styles' voices: writers of a kind every voice of the writer's may be raced against, beside the
      // language's background.
      const houseVoices = [...fixtures.values()].flatMap((p) => (p.style.voice === undefined ? [] : [p.style.voice]))

      // Each voice of the writer's measured on its own, once per change: the others race against it.
      const alone = new Map<string, { readonly updatedAt: number; readonly voice: Voice | undefined }>()
      const aloneOf = (voice: StoredVoice): Voice | undefined => {
        const cached = alone.get(voice.id)
        if (cached !== undefined && cached.updatedAt === voice.updatedAt) return cached.voice
        const measuredAlone = buildStyleTarget(voice.samples, voice.avoid).voice
        alone.set(voice.id, { updatedAt: voice.updatedAt, voice: measuredAlone })
        return measuredAlone
      }

      // A voice is measured once per change of it or of the writer's other voices: kept while both are the same.
      const measured = new Map<string, { readonly key: string; readonly prepared: PreparedProfile }>()
      const prepareVoice = (voice: StoredVoice, all: ReadonlyArray<StoredVoice>): PreparedProfile => {
        const others = all.filter((v) => v.id !== voice.id)
        const key = [voice.updatedAt, ...others.map((v) => `${v.id}:${v.updatedAt}`).toSorted()].join(" ")
        const cached = measured.get(voice.id)
        if (cached !== undefined && cached.key === key) return cached.prepared
        const rivals = others.flatMap((v) => aloneOf(v) ?? [])
        const prepared = prepare(
          {
            id: voice.id,
            name: voice.name,
            description: voice.description,
            rules: voice.rules,
            avoid: voice.avoid,
            samples: voice.samples
          },
          rivals,
          houseVoices
        )
        measured.set(voice.id, { key, prepared })
        return prepared
      }
      /** The voice prepared against the writer's other voices as they are now. */
      const prepareNow = (voice: StoredVoice) =>
        voices.list.pipe(
          Effect.orDie,
          Effect.map((all) => prepareVoice(voice, all))
        )

      const notFound = (id: string) =>
        Effect.gen(function* () {
          const known = [...fixtures.keys(), ...(yield* voices.list.pipe(Effect.orDie)).map((v) => v.id)]
          return yield* new ProfileNotFound({
            message: `style profile ${JSON.stringify(id)} does not exist; known profiles: ${known.join(", ")}`
          })
        })

      const readOnly = (id: string) =>
        new ProfileReadOnly({
          message: `style profile ${JSON.stringify(id)} ships with Redraft and cannot be changed; make your own voice from samples with POST /api/profiles`
        })

      /** The profile with that id and the voice it was made from (none for a fixture). */
      const find = (id: string) =>
        Effect.gen(function* () {
          const fixture = fixtures.get(id)
          if (fixture !== undefined) return { prepared: fixture, voice: undefined }
          const voice = yield* voices.get(id).pipe(Effect.orDie)
          if (voice === undefined) return yield* notFound(id)
          return { prepared: yield* prepareNow(voice), voice }
        })

      const toDetail = ({ prepared, voice }: { prepared: PreparedProfile; voice: StoredVoice | undefined }) =>
        ({
          id: prepared.profile.id,
          name: prepared.profile.name,
          description: prepared.profile.description,
          source: voice === undefined ? "fixture" : "user",
          rules: prepared.profile.rules,
          avoid: prepared.profile.avoid,
          samples: prepared.profile.samples,
          traits: prepared.style.traits,
          ...(voice === undefined
            ? {}
            : {
                createdAt: new Date(voice.createdAt).toISOString(),
                updatedAt: new Date(voice.updatedAt).toISOString()
              })
        }) satisfies ProfileDetail

      const list = Effect.gen(function* () {
        const users = yield* voices.list.pipe(Effect.orDie)
        const summary = (profile: StyleProfile, source: ProfileSummary["source"]): ProfileSummary => ({
          id: profile.id,
          name: profile.name,
          description: profile.description,
          source,
          samples: profile.samples.length
        })
        return [
          ...[...fixtures.values()].map(({ profile }) => summary(profile, "fixture")),
          ...users.map((v) => summary(v, "user"))
        ]
      })

      const get = (id: string) => find(id).pipe(Effect.map((found) => found.prepared))
      const detail = (id: string) => find(id).pipe(Effect.map(toDetail))

      const create = (input: CreateProfile) =>
        voices.create(input, new Set(fixtures.keys())).pipe(
          Effect.orDie,
          Effect.flatMap((voice) => Effect.map(prepareNow(voice), (prepared) => toDetail({ prepared, voice })))
        )

      const update = (id: string, input: UpdateProfile) =>
        Effect.gen(function* () {
          if (fixtures.has(id)) return yield* readOnly(id)
          const voice = yield* voices.update(id, input).pipe(Effect.orDie)
          if (voice === undefined) return yield* notFound(id)
          return toDetail({ prepared: yield* prepareNow(voice), voice })
        })

      const remove = (id: string) =>
        Effect.gen(function* () {
          if (fixtures.has(id)) return yield* readOnly(id)
          if (!(yield* voices.remove(id).pipe(Effect.orDie))) return yield* notFound(id)
          measured.delete(id)
          alone.delete(id)
        })

      const exportVoice = (id: string) =>
        detail(id).pipe(
          Effect.map((d): VoiceFile => ({
            format: "redraft-voice",
            formatVersion: 1,
            name: d.name,
            description: d.description,
            rules: d.rules,
            avoid: d.avoid,
            samples: d.samples,
            traits: d.traits
          }))
        )

      const score = (id: string, text: string) =>
        get(id).pipe(
          Effect.map(({ style }): ScoreResult => {
            const assessed = assessStyle(text, style)
            return {
              score: assessed.score,
              certainty: assessed.certainty,
              feedback: assessed.feedback,
              traits: assessed.traits,
              profileTraits: style.traits
            }
          })
        )

      /** The open proposals of a user voice, with the voice. */
      const open = (id: string) =>
        Effect.gen(function* () {
          if (fixtures.has(id)) return yield* readOnly(id)
          const voice = yield* voices.get(id).pipe(Effect.orDie)
          if (voice === undefined) return yield* notFound(id)
          const decided = yield* voices.decisions(id).pipe(Effect.orDie)
          const answered = yield* voices.answered(id).pipe(Effect.orDie)
          const suggestions = suggestFrom(decided, voice.avoid).filter(
            (s) => !answered.has(s.id) && !(s.change === "rule" && voice.rules.includes(s.value))
          )
          return { voice, suggestions, decisions: decided.length }
        })

      const suggestions = (id: string) =>
        open(id).pipe(
          Effect.map((found): SuggestionList => ({ suggestions: found.suggestions, decisions: found.decisions }))
        )

      const answer = (id: string, suggestion: string, given: "accepted" | "dismissed") =>
        Effect.gen(function* () {
          const found = (yield* open(id)).suggestions.find((s) => s.id === suggestion)
          if (found === undefined) {
            return yield* new SuggestionNotFound({
              message: `voice ${JSON.stringify(id)} has no open suggestion ${JSON.stringify(suggestion)}: it was answered already, or the decisions no longer support it; GET /api/profiles/${id}/suggestions lists the open ones`
            })
          }
          const voice = yield* voices.answer(id, found, given).pipe(Effect.orDie)
          if (voice === undefined) return yield* notFound(id)
          return toDetail({ prepared: yield* prepareNow(voice), voice })
        })

      return Profiles.of({
        list,
        get,
        detail,
        create,
        update,
        remove,
        exportVoice,
        score,
        prepare,
        suggestions,
        answer
      })
    }).pipe(Effect.orDie)
  )

  static readonly layer = Profiles.layerNoDeps.pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer, Voices.layer]))
}

/**
 * A profile measured; `rivals`: the writer's other voices, which it must beat; `alsoBackground`: voices that join the
 * language's background writers it is raced against (the house styles).
 */
const prepare = (
  profile: StyleProfile,
  rivals: ReadonlyArray<Voice> = [],
  alsoBackground: ReadonlyArray<Voice> = []
): PreparedProfile => ({
  profile,
  style: buildStyleTarget(profile.samples, profile.avoid, rivals, alsoBackground)
})
