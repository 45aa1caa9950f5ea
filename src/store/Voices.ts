/**
 * The writer's own style profiles ("voices") in the database: a name, the samples they were made from, and the
 * optional description, rules and phrases to avoid. Every write is one transaction.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { randomUUID } from "node:crypto"
import type { DatabaseSync } from "node:sqlite"
import type { CreateProfile, UpdateProfile } from "../domain/Profiles.ts"
import type { Decided, Suggestion } from "../text/voice/Suggestions.ts"
import { Database, type DatabaseFailure } from "./Database.ts"

export interface StoredVoice {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly rules: ReadonlyArray<string>
  readonly avoid: ReadonlyArray<string>
  readonly samples: ReadonlyArray<string>
  readonly createdAt: number
  readonly updatedAt: number
}

export class Voices extends Context.Service<
  Voices,
  {
    readonly list: Effect.Effect<ReadonlyArray<StoredVoice>, DatabaseFailure>
    /** The voice, or undefined when there is none with that id. */
    readonly get: (id: string) => Effect.Effect<StoredVoice | undefined, DatabaseFailure>
    /** Saves a new voice under a fresh id made from its name (never one of `taken`). */
    readonly create: (input: CreateProfile, taken: ReadonlySet<string>) => Effect.Effect<StoredVoice, DatabaseFailure>
    /** The updated voice, or undefined when there is none with that id. */
    readonly update: (id: string, input: UpdateProfile) => Effect.Effect<StoredVoice | undefined, DatabaseFailure>
    /** False when there was none with that id. */
    readonly remove: (id: string) => Effect.Effect<boolean, DatabaseFailure>
    /** The paragraphs rewritten in this voice that the writer edited or rejected, oldest first. */
    readonly decisions: (id: string) => Effect.Effect<ReadonlyArray<Decided>, DatabaseFailure>
    /** The proposals the writer answered for this voice, by id. */
    readonly answered: (id: string) => Effect.Effect<ReadonlySet<string>, DatabaseFailure>
    /**
     * Records the writer's answer to a proposal, and with "accepted" adds `value` to the voice's rules or phrases to
     * avoid in the same transaction. The voice after it, or undefined when there is none with that id.
     */
    readonly answer: (
      id: string,
      suggestion: Pick<Suggestion, "id" | "change" | "value">,
      answer: "accepted" | "dismissed"
    ) => Effect.Effect<StoredVoice | undefined, DatabaseFailure>
  }
>()("app/store/Voices") {
  static readonly layerNoDeps = Layer.effect(
    Voices,
    Effect.gen(function* () {
      const database = yield* Database

      const get = (id: string) =>
        database.use((db) => {
          const row = db.prepare(`${VOICE_SELECT} WHERE id = ?`).get(id) as VoiceRow | undefined
          return row === undefined ? undefined : toVoice(row)
        })

      const list = database.use((db) =>
        (
          db.prepare(`${VOICE_SELECT} ORDER BY updated_at DESC, rowid DESC`).all() as unknown as ReadonlyArray<VoiceRow>
        ).map(toVoice)
      )

      const create = Effect.fn("Voices.create")(function* (input: CreateProfile, taken: ReadonlySet<string>) {
        const now = yield* Clock.currentTimeMillis
        const id = yield* database.transaction((db) => {
          const exists = (candidate: string) =>
            taken.has(candidate) || db.prepare("SELECT 1 FROM profiles WHERE id = ?").get(candidate) !== undefined
          let candidate = slugOf(input.name)
          while (exists(candidate)) candidate = `${slugOf(input.name).slice(0, 50)}-${randomUUID().slice(0, 6)}`
          insertVoice(db, candidate, {
            name: input.name.trim(),
            description: input.description?.trim() ?? "",
            rules: input.rules ?? [],
            avoid: input.avoid ?? [],
            samples: input.samples,
            createdAt: now,
            updatedAt: now
          })
          return candidate
        })
        return (yield* get(id))!
      })

      const update = Effect.fn("Voices.update")(function* (id: string, input: UpdateProfile) {
        const now = yield* Clock.currentTimeMillis
        const changes = yield* database.transaction((db) =>
          db
            .prepare(
              `UPDATE profiles SET name = COALESCE(?, name), description = COALESCE(?, description),
                 rules = COALESCE(?, rules), avoid = COALESCE(?, avoid), samples = COALESCE(?, samples),
                 updated_at = ? WHERE id = ?`
            )
            .run(
              input.name?.trim() ?? null,
              input.description?.trim() ?? null,
              input.rules === undefined ? null : JSON.stringify(input.rules),
              input.avoid === undefined ? null : JSON.stringify(input.avoid),
              input.samples === undefined ? null : JSON.stringify(input.samples),
              now,
              id
            )
        )
        return Number(changes.changes) === 0 ? undefined : yield* get(id)
      })

      const remove = (id: string) =>
        database
          .transaction((db) => db.prepare("DELETE FROM profiles WHERE id = ?").run(id))
          .pipe(Effect.map((changes) => Number(changes.changes) > 0))

      const decisions = (id: string) =>
        database.use((db) =>
          (
            db
              .prepare(
                `SELECT p.original, p.rewrite, p.decision, p.edited FROM paragraphs p
                   JOIN versions v ON v.document_id = p.document_id AND v.n = p.n
                   WHERE v.style_profile_id = ? AND p.decision IN ('edited', 'rejected')
                   ORDER BY v.created_at, p.segment`
              )
              .all(id) as unknown as ReadonlyArray<DecisionRow>
          ).flatMap((row): ReadonlyArray<Decided> => {
            if (row.decision === "rejected") return [{ kind: "rejected", rewrite: row.rewrite, original: row.original }]
            return row.edited === null ? [] : [{ kind: "edited", rewrite: row.rewrite, edited: row.edited }]
          })
        )

      const answered = (id: string) =>
        database.use(
          (db) =>
            new Set(
              (
                db
                  .prepare("SELECT suggestion FROM voice_answers WHERE profile_id = ?")
                  .all(id) as unknown as ReadonlyArray<{
                  suggestion: string
                }>
              ).map((r) => r.suggestion)
            )
        )

      const answer = Effect.fn("Voices.answer")(function* (
        id: string,
        suggestion: Pick<Suggestion, "id" | "change" | "value">,
        given: "accepted" | "dismissed"
      ) {
        const now = yield* Clock.currentTimeMillis
        const found = yield* database.transaction((db) => {
          const row = db.prepare(`${VOICE_SELECT} WHERE id = ?`).get(id) as VoiceRow | undefined
          if (row === undefined) return false
          if (given === "accepted") {
            const voice = toVoice(row)
            const column = suggestion.change === "avoid" ? "avoid" : "rules"
            const lines = suggestion.change === "avoid" ? voice.avoid : voice.rules
            if (!lines.includes(suggestion.value))
              db.prepare(`UPDATE profiles SET ${column} = ?, updated_at = ? WHERE id = ?`).run(
                JSON.stringify([...lines, suggestion.value]),
                now,
                id
              )
          }
          db.prepare(
            "INSERT OR REPLACE INTO voice_answers (profile_id, suggestion, answer, answered_at) VALUES (?, ?, ?, ?)"
          ).run(id, suggestion.id, given, now)
          return true
        })
        return found ? yield* get(id) : undefined
      })

      return Voices.of({ list, get, create, update, remove, decisions, answered, answer })
    })
  )

  static readonly layer = Voices.layerNoDeps.pipe(Layer.provide(Database.layer))
}

// ---------------------------------------------------------------------------------------------------------------

interface DecisionRow {
  readonly original: string
  readonly rewrite: string
  readonly decision: string
  readonly edited: string | null
}

export interface VoiceRow {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly rules: string
  readonly avoid: string
  readonly samples: string
  readonly created_at: number
  readonly updated_at: number
}

export const VOICE_SELECT = "SELECT id, name, description, rules, avoid, samples, created_at, updated_at FROM profiles"

export const toVoice = (row: VoiceRow): StoredVoice => ({
  id: row.id,
  name: row.name,
  description: row.description,
  rules: JSON.parse(row.rules) as ReadonlyArray<string>,
  avoid: JSON.parse(row.avoid) as ReadonlyArray<string>,
  samples: JSON.parse(row.samples) as ReadonlyArray<string>,
  createdAt: row.created_at,
  updatedAt: row.updated_at
})

/** Writes a voice under `id` (a new voice, or one restored from a backup). */
export const insertVoice = (db: DatabaseSync, id: string, voice: Omit<StoredVoice, "id">): void => {
  db.prepare(
    "INSERT INTO profiles (id, name, description, rules, avoid, samples, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
  ).run(
    id,
    voice.name,
    voice.description,
    JSON.stringify(voice.rules),
    JSON.stringify(voice.avoid),
    JSON.stringify(voice.samples),
    voice.createdAt,
    voice.updatedAt
  )
}

/** A profile id from a name: lowercase letters and digits joined by dashes ("Anna's blog" → "annas-blog"). */
export const slugOf = (name: string): string => {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 56)
    .replace(/-+$/, "")
  return slug === "" ? "voice" : slug
}
