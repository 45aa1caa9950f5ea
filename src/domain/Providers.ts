/**
 * Named providers (DESIGN.md section 1): the default one from PROVIDER_BASE_URL, the built-in presets, and the
 * writer's own in `providers.json` in the data folder. A provider's key is never part of any answer: the API says only
 * whether one is set and where it comes from.
 */
import { Schema } from "effect"

export const ProviderId = Schema.String.check(
  Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/u, {
    message: "an id is 1 to 64 lower-case letters, digits and hyphens, starting with a letter or digit"
  })
)

/** The name of an environment variable that holds a key. */
const EnvName = Schema.String.check(
  Schema.isPattern(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/u, {
    message: "the name of an environment variable: letters, digits and underscores, not starting with a digit"
  })
)

const Concurrency = Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 1024 })).annotate({
  description: "Chat requests sent to this server at once (1 to 1,024); without it, the server's own count or 4"
})

const NonBlank = Schema.String.check(Schema.isPattern(/\S/u, { message: "must hold some text, not only spaces" }))

/** One entry of `providers.json`, as the file holds it. */
export const ProviderEntry = Schema.Struct({
  id: ProviderId,
  name: NonBlank,
  baseUrl: Schema.String,
  /** The environment variable the key is read from when the service starts. */
  apiKeyEnv: Schema.optionalKey(EnvName),
  /** The key itself, kept in the file (which only its owner can read). */
  apiKey: Schema.optionalKey(Schema.String),
  concurrency: Schema.optionalKey(Concurrency)
})
export type ProviderEntry = typeof ProviderEntry.Type

/** `providers.json`. */
export const ProvidersFile = Schema.Struct({ providers: Schema.Array(ProviderEntry) })
export type ProvidersFile = typeof ProvidersFile.Type

/** `PUT /api/providers/:id`: a provider of the writer's, made or changed. */
export const ProviderInput = Schema.Struct({
  name: NonBlank,
  baseUrl: Schema.String.annotate({ description: "The server's base URL, e.g. http://gpu-box:8000/v1" }),
  apiKeyEnv: Schema.optionalKey(EnvName).annotate({
    description: "Read the key from this environment variable of the service (it wins over `apiKey`)"
  }),
  apiKey: Schema.optionalKey(Schema.String).annotate({
    description:
      'The key, kept in providers.json. Left out, a changed provider keeps the key it had; "" removes it. Never answered.'
  }),
  concurrency: Schema.optionalKey(Concurrency)
}).annotate({ identifier: "ProviderInput" })
export type ProviderInput = typeof ProviderInput.Type

export const ProviderSource = Schema.Literals(["environment", "preset", "file"]).annotate({
  description:
    "`environment`: the default provider, from PROVIDER_BASE_URL; `preset`: built in; `file`: the writer's own, in providers.json"
})

/** Whether a provider has a key, never the key. */
export const ProviderKeyStatus = Schema.Struct({
  /** A key is sent to this provider's origin. */
  set: Schema.Boolean,
  /** Where it comes from: an environment variable (named in `env`), providers.json, or nowhere. */
  from: Schema.Literals(["environment", "file", "none"]),
  env: Schema.optionalKey(Schema.String),
  /** When `env` names a variable the service's environment does not have. */
  problem: Schema.optionalKey(Schema.String)
}).annotate({ identifier: "ProviderKeyStatus" })

/** A provider as the API shows it. */
export const ProviderInfo = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  baseUrl: Schema.String,
  source: ProviderSource,
  key: ProviderKeyStatus,
  concurrency: Schema.optionalKey(Schema.Int),
  /** The provider a request that names none goes to. */
  isDefault: Schema.Boolean
}).annotate({ identifier: "ProviderInfo" })
export type ProviderInfo = typeof ProviderInfo.Type

/** `GET /api/providers`. */
export const ProviderList = Schema.Struct({
  providers: Schema.Array(ProviderInfo),
  /** Where the writer's own providers are kept. */
  file: Schema.String,
  /** Why that file could not be read; its providers are not used, and it is not written over, until it is fixed. */
  problem: Schema.optionalKey(Schema.String)
}).annotate({ identifier: "ProviderList" })
export type ProviderList = typeof ProviderList.Type
