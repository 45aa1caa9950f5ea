import { Context, Effect, FileSystem, Layer, Path, Schema } from "effect"
import { NodeFileSystem, NodePath } from "@effect/platform-node"
import { AppConfig } from "../AppConfig.ts"
import type { ProfileSummary } from "../domain/Api.ts"
import { ProfileNotFound } from "../domain/Errors.ts"
import { StyleProfile } from "../domain/Rewrite.ts"
import { buildStyleTarget } from "../text/StyleMetrics.ts"
import type { PreparedProfile } from "./Stage.ts"

export const DEFAULT_PROFILE_ID = "direct-technical"

/** The style profiles in `fixtures/profiles/`, loaded and measured once at start-up. */
export class Profiles extends Context.Service<
  Profiles,
  {
    readonly list: ReadonlyArray<ProfileSummary>
    readonly get: (id: string) => Effect.Effect<PreparedProfile, ProfileNotFound>
    /** Measures an inline profile sent with a request. */
    readonly prepare: (profile: StyleProfile) => PreparedProfile
  }
>()("app/pipeline/Profiles") {
  static readonly layerNoDeps = Layer.effect(
    Profiles,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const files = (yield* fs.readDirectory(config.profilesDir)).filter((f) => f.endsWith(".json")).toSorted()
      const prepared = new Map<string, PreparedProfile>()
      for (const file of files) {
        const raw = yield* fs.readFileString(path.join(config.profilesDir, file))
        // A broken fixture is a bug in the installation, not a user error: fail start-up loudly.
        const profile = yield* Schema.decodeUnknownEffect(Schema.fromJsonString(StyleProfile))(raw).pipe(
          Effect.mapError((e) => new Error(`style profile ${file} is invalid: ${e.message}`)),
          Effect.orDie
        )
        prepared.set(profile.id, prepare(profile))
      }
      const list = [...prepared.values()].map(({ profile }) => ({
        id: profile.id,
        name: profile.name,
        description: profile.description
      }))
      const get = (id: string) => {
        const found = prepared.get(id)
        return found !== undefined
          ? Effect.succeed(found)
          : Effect.fail(
              new ProfileNotFound({
                message: `style profile ${JSON.stringify(id)} does not exist; known profiles: ${[...prepared.keys()].join(", ")}`
              })
            )
      }
      return Profiles.of({ list, get, prepare })
    }).pipe(Effect.orDie)
  )

  static readonly layer = Profiles.layerNoDeps.pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer]))
}

const prepare = (profile: StyleProfile): PreparedProfile => ({
  profile,
  style: buildStyleTarget(profile.samples, profile.avoid)
})
