import { NodeFileSystem, NodePath } from "@effect/platform-node"
import {
  Config,
  Context,
  Effect,
  FileSystem,
  Layer,
  Option,
  Path,
  Redacted,
  Result,
  Schema,
  SynchronizedRef
} from "effect"
import { AppConfig } from "../AppConfig.ts"
import { InvalidRequest, ProviderNotFound } from "../domain/Errors.ts"
import {
  type ProviderEntry,
  type ProviderInfo,
  type ProviderInput,
  type ProviderList,
  ProvidersFile
} from "../domain/Providers.ts"
import { normalizeBaseUrl, PROVIDER_PRESETS } from "./BaseUrl.ts"

/** The file of the writer's own providers, in the data folder. Only its owner may read it: it can hold keys. */
const PROVIDERS_FILE = "providers.json"
const FILE_MODE = 0o600

/** The default provider's id: PROVIDER_BASE_URL, with PROVIDER_API_KEY and PROVIDER_CONCURRENCY. */
export const DEFAULT_ID = "default"

const PRESET_NAMES: Readonly<Record<string, string>> = {
  lmstudio: "LM Studio",
  ollama: "Ollama",
  llamacpp: "llama.cpp server"
}

/** A provider as the service uses it: with its key, which never leaves this module but as a request header. */
export interface ResolvedProvider {
  readonly id: string
  readonly name: string
  readonly baseUrl: string
  readonly origin: string | undefined
  readonly source: ProviderInfo["source"]
  readonly key: Option.Option<Redacted.Redacted<string>>
  readonly keyStatus: ProviderInfo["key"]
  readonly concurrency: Option.Option<number>
}

/** What is sent to a server: the key and the concurrency of the first configured provider at its origin with one. */
export interface ServerSettings {
  readonly key: Option.Option<{ readonly value: Redacted.Redacted<string>; readonly provider: ResolvedProvider }>
  readonly concurrency: Option.Option<number>
}

interface State {
  readonly entries: ReadonlyArray<ProviderEntry>
  readonly resolved: ReadonlyArray<ResolvedProvider>
  /** Why providers.json could not be read at start-up; while set, it is not written over. */
  readonly problem: string | undefined
}

/**
 * The providers a request can name (DESIGN.md section 1): the default one, the presets and the writer's own in
 * `providers.json`. A request picks one by id, or by a base URL with the same origin as one; a key goes to its own
 * provider's origin only, so a base URL that matches no configured provider gets none.
 */
export class ProviderDirectory extends Context.Service<
  ProviderDirectory,
  {
    readonly list: Effect.Effect<ProviderList>
    /** The provider of that id; a 400 naming the configured ids when there is none. */
    readonly byId: (id: string, field: string) => Effect.Effect<ResolvedProvider, InvalidRequest>
    /** The key and concurrency for a request to `url`, from the configured provider at its origin. */
    readonly serverSettings: (url: string) => Effect.Effect<ServerSettings>
    readonly put: (id: string, input: ProviderInput) => Effect.Effect<ProviderInfo, InvalidRequest>
    readonly remove: (id: string) => Effect.Effect<void, ProviderNotFound | InvalidRequest>
  }
>()("app/provider/ProviderDirectory") {
  static readonly layerNoDeps = Layer.effect(
    ProviderDirectory,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      // The environment of the service, read again whenever a provider names a variable.
      const environment = config.environment
      const file = path.join(config.dataDir, PROVIDERS_FILE)

      const envKey = (name: string) =>
        Config.Redacted(name)
          .parse(environment)
          .pipe(
            Effect.map((value) => Option.some(value)),
            Effect.orElseSucceed(() => Option.none<Redacted.Redacted<string>>())
          )

      const nonBlank = (key: Option.Option<Redacted.Redacted<string>>) =>
        Option.filter(key, (k) => Redacted.value(k).trim() !== "")

      const defaultProvider: ResolvedProvider = {
        id: DEFAULT_ID,
        name: "Default (PROVIDER_BASE_URL)",
        baseUrl: Result.getOrElse(normalizeBaseUrl(config.defaultBaseUrl), () => config.defaultBaseUrl),
        origin: originOf(config.defaultBaseUrl),
        source: "environment",
        key: nonBlank(config.providerApiKey),
        keyStatus: Option.isSome(nonBlank(config.providerApiKey))
          ? { set: true, from: "environment", env: "PROVIDER_API_KEY" }
          : { set: false, from: "none" },
        concurrency: config.providerConcurrency
      }
      const presets: ReadonlyArray<ResolvedProvider> = Object.entries(PROVIDER_PRESETS).map(([id, baseUrl]) => ({
        id,
        name: PRESET_NAMES[id] ?? id,
        baseUrl,
        origin: originOf(baseUrl),
        source: "preset",
        key: Option.none(),
        keyStatus: { set: false, from: "none" },
        concurrency: Option.none()
      }))

      const resolve = Effect.fnUntraced(function* (entry: ProviderEntry) {
        const fromEnv = entry.apiKeyEnv === undefined ? Option.none() : nonBlank(yield* envKey(entry.apiKeyEnv))
        const inFile = nonBlank(Option.fromNullishOr(entry.apiKey).pipe(Option.map(Redacted.make)))
        const keyStatus: ProviderInfo["key"] =
          entry.apiKeyEnv !== undefined
            ? Option.isSome(fromEnv)
              ? { set: true, from: "environment", env: entry.apiKeyEnv }
              : {
                  set: false,
                  from: "environment",
                  env: entry.apiKeyEnv,
                  problem: `the service's environment has no ${entry.apiKeyEnv}: set it and restart Redraft`
                }
            : Option.isSome(inFile)
              ? { set: true, from: "file" }
              : { set: false, from: "none" }
        return {
          id: entry.id,
          name: entry.name.trim(),
          baseUrl: entry.baseUrl,
          origin: originOf(entry.baseUrl),
          source: "file",
          key: entry.apiKeyEnv !== undefined ? fromEnv : inFile,
          keyStatus,
          concurrency: Option.fromNullishOr(entry.concurrency)
        } satisfies ResolvedProvider
      })
      const resolveAll = (entries: ReadonlyArray<ProviderEntry>) => Effect.forEach(entries, resolve)

      // The file as it is at start-up. A file that cannot be read is left as it is (and named in the log and on
      // every write), never written over.
      const initial = yield* Effect.gen(function* () {
        if (!(yield* fs.exists(file))) return { entries: [], problem: undefined }
        const raw = yield* fs.readFileString(file)
        const decoded = Schema.decodeUnknownResult(Schema.fromJsonString(ProvidersFile))(raw)
        if (Result.isFailure(decoded)) {
          return { entries: [], problem: `${file} is not a valid providers file: ${decoded.failure.message}` }
        }
        const checked = checkEntries(decoded.success.providers)
        return checked === undefined
          ? { entries: decoded.success.providers, problem: undefined }
          : { entries: [], problem: `${file}: ${checked}` }
      }).pipe(
        Effect.catchTag("PlatformError", (e) =>
          Effect.succeed({ entries: [], problem: `${file} cannot be read: ${e.message}` })
        )
      )
      if (initial.problem !== undefined) {
        yield* Effect.logWarning(`${initial.problem}; its providers are not used until it is fixed`)
      }
      const state = yield* SynchronizedRef.make<State>({
        entries: initial.entries,
        resolved: yield* resolveAll(initial.entries),
        problem: initial.problem
      })

      const all = (s: State): ReadonlyArray<ResolvedProvider> => [defaultProvider, ...presets, ...s.resolved]

      const info = (p: ResolvedProvider): ProviderInfo => ({
        id: p.id,
        name: p.name,
        baseUrl: p.baseUrl,
        source: p.source,
        key: p.keyStatus,
        ...(Option.isSome(p.concurrency) ? { concurrency: p.concurrency.value } : {}),
        isDefault: p.id === DEFAULT_ID
      })

      const list = SynchronizedRef.get(state).pipe(
        Effect.map((s): ProviderList => ({
          providers: all(s).map(info),
          file,
          ...(s.problem !== undefined ? { problem: s.problem } : {})
        }))
      )

      const byId = (id: string, field: string) =>
        SynchronizedRef.get(state).pipe(
          Effect.flatMap((s) => {
            const found = all(s).find((p) => p.id === id.trim().toLowerCase())
            return found !== undefined
              ? Effect.succeed(found)
              : Effect.fail(
                  new InvalidRequest({
                    message: `${field}: no provider has the id ${JSON.stringify(id)}; the configured ones are ${all(s)
                      .map((p) => p.id)
                      .join(", ")} (GET /api/providers)`,
                    details: [`${field}: no provider has the id ${JSON.stringify(id)}`]
                  })
                )
          })
        )

      const serverSettings = (url: string) =>
        SynchronizedRef.get(state).pipe(
          Effect.map((s): ServerSettings => {
            const origin = originOf(url)
            // The writer's own providers first: one at the default provider's origin is the more specific.
            const here = origin === undefined ? [] : [...s.resolved, defaultProvider].filter((p) => p.origin === origin)
            const keyed = here.find((p) => Option.isSome(p.key))
            return {
              key:
                keyed === undefined
                  ? Option.none()
                  : Option.some({ value: Option.getOrThrow(keyed.key), provider: keyed }),
              concurrency: Option.firstSomeOf(here.map((p) => p.concurrency)).pipe(
                Option.orElse(() => config.providerConcurrency)
              )
            }
          })
        )

      /** Writes the entries to the file (readable by its owner only) and takes them as the providers. */
      const save = (s: State, entries: ReadonlyArray<ProviderEntry>) =>
        Effect.gen(function* () {
          if (s.problem !== undefined) {
            return yield* new InvalidRequest({
              message: `${s.problem}. Fix or remove the file, then restart Redraft; it is not written over.`
            })
          }
          const problem = checkEntries(entries)
          if (problem !== undefined) return yield* new InvalidRequest({ message: problem })
          const text = `${JSON.stringify({ providers: entries } satisfies ProvidersFile, null, 2)}\n`
          const temporary = `${file}.writing`
          yield* Effect.gen(function* () {
            yield* fs.makeDirectory(config.dataDir, { recursive: true })
            yield* fs.writeFileString(temporary, text, { mode: FILE_MODE })
            // The mode of a file that was there already is not changed by a write.
            yield* fs.chmod(temporary, FILE_MODE)
            yield* fs.rename(temporary, file)
          }).pipe(
            Effect.mapError(
              (e) => new InvalidRequest({ message: `${file} cannot be written: ${e.message}; nothing was changed` })
            )
          )
          return { entries, resolved: yield* resolveAll(entries), problem: undefined } satisfies State
        })

      const put = (id: string, input: ProviderInput) =>
        SynchronizedRef.modifyEffect(state, (s) =>
          Effect.gen(function* () {
            if (isBuiltIn(id)) {
              return yield* new InvalidRequest({
                message: `${id} is a built-in provider and cannot be changed here${
                  id === DEFAULT_ID ? " (PROVIDER_BASE_URL, PROVIDER_API_KEY and PROVIDER_CONCURRENCY set it)" : ""
                }; give your provider another id`
              })
            }
            const baseUrl = yield* Effect.fromResult(normalizeBaseUrl(input.baseUrl, "baseUrl"))
            const before = s.entries.find((e) => e.id === id)
            // A key left out is kept; "" removes it; a variable's name replaces a stored key.
            const apiKey =
              input.apiKeyEnv !== undefined ? undefined : input.apiKey !== undefined ? input.apiKey : before?.apiKey
            const entry: ProviderEntry = {
              id,
              name: input.name.trim(),
              baseUrl,
              ...(input.apiKeyEnv !== undefined ? { apiKeyEnv: input.apiKeyEnv } : {}),
              ...(apiKey !== undefined && apiKey.trim() !== "" ? { apiKey: apiKey.trim() } : {}),
              ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {})
            }
            const entries =
              before === undefined ? [...s.entries, entry] : s.entries.map((e) => (e.id === id ? entry : e))
            const next = yield* save(s, entries)
            const resolved = next.resolved.find((p) => p.id === id)!
            return [info(resolved), next] as const
          })
        )

      const remove = (id: string) =>
        SynchronizedRef.updateEffect(state, (s): Effect.Effect<State, ProviderNotFound | InvalidRequest> =>
          s.entries.some((e) => e.id === id)
            ? save(
                s,
                s.entries.filter((e) => e.id !== id)
              )
            : Effect.fail(
                new ProviderNotFound({
                  message: isBuiltIn(id)
                    ? `${id} is a built-in provider and cannot be removed`
                    : `no provider of yours has the id ${JSON.stringify(id)}`
                })
              )
        )

      return ProviderDirectory.of({ list, byId, serverSettings, put, remove })
    })
  )

  static readonly layer = ProviderDirectory.layerNoDeps.pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer]))
}

/** The default provider and the presets: their ids are not the writer's to take. */
const isBuiltIn = (id: string): boolean => id === DEFAULT_ID || PROVIDER_PRESETS[id] !== undefined

/** "http://host:port" of a URL, or undefined when it is not one. */
const origins = new Map<string, string | undefined>()

/**
 * The origin of a URL (undefined for no URL). Asked on every provider call with one of a handful of base URLs, so
 * each answer is kept (a few hundred at most, then the list starts again).
 */
export const originOf = (url: string): string | undefined => {
  if (origins.has(url)) return origins.get(url)
  if (origins.size >= 256) origins.clear()
  const origin = URL.canParse(url) ? new URL(url).origin : undefined
  origins.set(url, origin)
  return origin
}

/** What is wrong with a set of entries as a whole: an id twice, or one server with two different keys. */
const checkEntries = (entries: ReadonlyArray<ProviderEntry>): string | undefined => {
  const ids = new Set<string>()
  const keys = new Map<string, { readonly id: string; readonly key: string }>()
  for (const entry of entries) {
    if (ids.has(entry.id)) return `the id ${entry.id} is given to two providers`
    ids.add(entry.id)
    if (isBuiltIn(entry.id)) {
      return `${entry.id} is the id of a built-in provider; give yours another`
    }
    const url = normalizeBaseUrl(entry.baseUrl, `provider ${entry.id}'s baseUrl`)
    if (Result.isFailure(url)) return url.failure.message
    const origin = originOf(entry.baseUrl) ?? entry.baseUrl
    const key = entry.apiKeyEnv !== undefined ? `env:${entry.apiKeyEnv}` : entry.apiKey?.trim() || undefined
    if (key === undefined) continue
    const other = keys.get(origin)
    if (other !== undefined && other.key !== key) {
      return `${other.id} and ${entry.id} are the same server (${origin}) with different keys: a server takes one key`
    }
    keys.set(origin, { id: entry.id, key })
  }
  return undefined
}
