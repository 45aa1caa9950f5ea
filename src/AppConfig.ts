import { Config, ConfigProvider, Context, Duration, Effect, Layer } from "effect"

/** Everything the service reads from its environment, typed and defaulted once at start-up. */
export interface AppSettings {
  readonly host: string
  readonly port: number
  /** Provider used when a request names none. */
  readonly defaultBaseUrl: string
  /** Chat requests in flight per provider base URL, across all runs. */
  readonly providerConcurrency: number
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
  readonly profilesDir: string
  readonly webDir: string
  readonly logDocuments: boolean
}

export class AppConfig extends Context.Service<AppConfig, AppSettings>()("app/AppConfig") {
  static readonly layer = Layer.effect(
    AppConfig,
    Effect.gen(function* () {
      const settings = yield* Config.all({
        host: Config.String("HOST").pipe(Config.withDefault("127.0.0.1")),
        port: Config.Port("PORT").pipe(Config.withDefault(5174)),
        defaultBaseUrl: Config.String("PROVIDER_BASE_URL").pipe(Config.withDefault("http://localhost:1234/v1")),
        providerConcurrency: Config.Int("PROVIDER_CONCURRENCY").pipe(Config.withDefault(4)),
        providerTimeout: Config.Duration("PROVIDER_TIMEOUT").pipe(Config.withDefault(Duration.seconds(120))),
        metaTimeout: Config.Duration("PROVIDER_META_TIMEOUT").pipe(Config.withDefault(Duration.seconds(5))),
        retryBaseDelay: Config.Duration("PROVIDER_RETRY_DELAY").pipe(Config.withDefault(Duration.millis(250))),
        retryBudget: Config.Duration("PROVIDER_RETRY_BUDGET").pipe(Config.withDefault(Duration.seconds(20))),
        maxDocumentChars: Config.Int("MAX_DOCUMENT_CHARS").pipe(Config.withDefault(200_000)),
        maxBodyBytes: Config.Int("MAX_BODY_BYTES").pipe(Config.withDefault(2 * 1024 * 1024)),
        profilesDir: Config.String("PROFILES_DIR").pipe(Config.withDefault("fixtures/profiles")),
        webDir: Config.String("WEB_DIR").pipe(Config.withDefault("web/dist")),
        logDocuments: Config.Boolean("LOG_DOCUMENTS").pipe(Config.withDefault(false))
      })
      return AppConfig.of({ ...settings, providerConcurrency: Math.max(1, settings.providerConcurrency) })
    })
  )

  /** The real layer fed from explicit values instead of the process environment. */
  static readonly layerTest = (values: Readonly<Record<string, string>>) =>
    AppConfig.layer.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromUnknown(values))))
}
