import { Config, ConfigProvider, Context, Duration, Effect, Layer, Option, type Redacted } from "effect"
import { homedir } from "node:os"
import { join } from "node:path"

/** Everything the service reads from its environment, typed and defaulted once at start-up. */
export interface AppSettings {
  readonly host: string
  readonly port: number
  /** Provider used when a request names none. */
  readonly defaultBaseUrl: string
  /**
   * The default provider's key (`PROVIDER_API_KEY`), sent as `Authorization: Bearer …` to that provider's origin
   * only. Redacted: it prints as `<redacted>` in logs and errors.
   */
  readonly providerApiKey: Option.Option<Redacted.Redacted<string>>
  /**
   * Chat requests in flight per provider base URL, across all runs, when `PROVIDER_CONCURRENCY` gives it; else each
   * server's own count of slots where it declares one (llama.cpp's `GET /props`), else 4.
   */
  readonly providerConcurrency: Option.Option<number>
  readonly providerTimeout: Duration.Duration
  /** Time-out for health checks and model listing. */
  readonly metaTimeout: Duration.Duration
  /** First back-off delay between retries of transient provider failures. */
  readonly retryBaseDelay: Duration.Duration
  /**
   * How long one provider call keeps retrying transient failures (connection refused or reset, 5xx, 429, time-outs),
   * counted from its first failure: long enough that a model server restart costs nothing.
   */
  readonly retryBudget: Duration.Duration
  readonly maxDocumentChars: number
  readonly maxBodyBytes: number
  /** The limit of a backup restored with `POST /api/backup` (`MAX_BACKUP_BYTES`, default 1 GiB). */
  readonly maxBackupBytes: number
  readonly profilesDir: string
  readonly webDir: string
  readonly logDocuments: boolean
  /** Where the documents database lives (`REDRAFT_DATA_DIR`; default the platform's user data folder). */
  readonly dataDir: string
  /** The environment these settings came from, where a provider's `apiKeyEnv` is looked up. */
  readonly environment: ConfigProvider.ConfigProvider
}

export class AppConfig extends Context.Service<AppConfig, AppSettings>()("app/AppConfig") {
  static readonly layer = Layer.effect(
    AppConfig,
    Effect.gen(function* () {
      const settings = yield* Config.all({
        host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
        port: Config.Port("PORT").pipe(Config.withDefault(5174)),
        defaultBaseUrl: Config.String("PROVIDER_BASE_URL").pipe(Config.withDefault("http://localhost:1234/v1")),
        providerApiKey: Config.Redacted("PROVIDER_API_KEY").pipe(Config.option),
        providerConcurrency: Config.Int("PROVIDER_CONCURRENCY").pipe(Config.option),
        providerTimeout: Config.Duration("PROVIDER_TIMEOUT").pipe(Config.withDefault(Duration.seconds(120))),
        metaTimeout: Config.Duration("PROVIDER_META_TIMEOUT").pipe(Config.withDefault(Duration.seconds(5))),
        retryBaseDelay: Config.Duration("PROVIDER_RETRY_DELAY").pipe(Config.withDefault(Duration.millis(250))),
        retryBudget: Config.Duration("PROVIDER_RETRY_BUDGET").pipe(Config.withDefault(Duration.seconds(20))),
        maxDocumentChars: Config.Int("MAX_DOCUMENT_CHARS").pipe(Config.withDefault(200_000)),
        maxBodyBytes: Config.Int("MAX_BODY_BYTES").pipe(Config.withDefault(2 * 1024 * 1024)),
        maxBackupBytes: Config.Int("MAX_BACKUP_BYTES").pipe(Config.withDefault(1024 * 1024 * 1024)),
        profilesDir: Config.String("PROFILES_DIR").pipe(Config.withDefault("fixtures/profiles")),
        webDir: Config.String("WEB_DIR").pipe(Config.withDefault("web/dist")),
        logDocuments: Config.Boolean("LOG_DOCUMENTS").pipe(Config.withDefault(false)),
        dataDir: Config.String("REDRAFT_DATA_DIR").pipe(Config.option),
        xdgDataHome: Config.String("XDG_DATA_HOME").pipe(Config.option),
        appData: Config.String("APPDATA").pipe(Config.option)
      })
      const { xdgDataHome, appData, ...rest } = settings
      const dataDir = Option.getOrElse(
        Option.filter(settings.dataDir, (dir) => dir.trim() !== ""),
        () =>
          platformDataDir(
            process.platform,
            homedir(),
            Option.getOrUndefined(xdgDataHome),
            Option.getOrUndefined(appData)
          )
      )
      return AppConfig.of({
        ...rest,
        dataDir,
        environment: yield* ConfigProvider.ConfigProvider,
        providerConcurrency: Option.map(settings.providerConcurrency, (n) => Math.max(1, n))
      })
    })
  )

  /** The real layer fed from explicit values instead of the process environment. */
  static readonly layerTest = (values: Readonly<Record<string, string>>) =>
    AppConfig.layer.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(values))))
}

/**
 * The user data folder each platform expects, so the desktop app and the service find the same documents:
 * `~/Library/Application Support/Redraft` on macOS, `%APPDATA%\\Redraft` on Windows, else
 * `$XDG_DATA_HOME/redraft` or `~/.local/share/redraft`.
 */
export const platformDataDir = (
  platform: string,
  home: string,
  xdgDataHome: string | undefined,
  appData: string | undefined
): string => {
  if (platform === "darwin") return join(home, "Library", "Application Support", "Redraft")
  if (platform === "win32") return join(appData ?? join(home, "AppData", "Roaming"), "Redraft")
  return join(xdgDataHome !== undefined && xdgDataHome !== "" ? xdgDataHome : join(home, ".local", "share"), "redraft")
}
