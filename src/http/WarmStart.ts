/**
 * What a fresh service's first rewrite would otherwise do on code that never ran. Before the service answers its first
 * request, a sample document is read into its segments and the meaning guards' own warm-up pair (`Guards.ts`) is scored
 * against the default profile and checked (a fraction of a second, once); a first request then finds that code ready
 * instead of compiling it while its writer waits. Just after, in the background, the default provider's slots are
 * settled (llama.cpp's `GET /props`, the question the first run would ask) and its model list is asked, which opens a
 * connection to it. Nothing of it can fail the start: a provider that does not answer yet is asked again on its first
 * use, as before. Only the service's own start (`main.ts`) adds it.
 */
import { Effect, Layer } from "effect"
import { AppConfig } from "../AppConfig.ts"
import { segmentMarkdown } from "../markdown/Segments.ts"
import { WARM_UP } from "../pipeline/Guards.ts"
import { checkSafety } from "../pipeline/Safety.ts"
import { DEFAULT_PROFILE_ID, Profiles } from "../pipeline/Profiles.ts"
import { LlmProvider } from "../provider/LlmProvider.ts"

/** A short document with the kinds of markdown a draft holds: headings, lists, a table, code, links, emphasis. */
const SAMPLE = [
  "# Release notes",
  "The **3.2** release ships on 12 March 2026 and needs *about* 40 minutes of downtime; see [the plan](https://example.com/plan).",
  "## Before you start",
  "- Back up the `config.yaml` file.\n- Stop the workers: `systemctl stop app-worker`.\n  1. Check that no job runs.\n  2. Note the queue length.",
  "> Do not skip the backup: a failed upgrade cannot be rolled back without it.",
  "| Step | Time |\n| --- | --- |\n| Backup | 10 min |\n| Upgrade | 25 min |",
  "```sh\napp migrate --to 3.2\n```",
  "Ask Dana Lee (dana@example.com) before 09:00 if anything is unclear.[^1]\n\n[^1]: She answers within the hour."
].join("\n\n")

/** The cold work done before the service answers: reading, scoring and checking a sample. */
export const WarmBeforeServing: Layer.Layer<never, never, Profiles> = Layer.effectDiscard(
  Effect.gen(function* () {
    const profiles = yield* Profiles
    segmentMarkdown(SAMPLE)
    yield* Effect.ignore(profiles.score(DEFAULT_PROFILE_ID, WARM_UP[1]))
    checkSafety(WARM_UP[0], WARM_UP[1])
  })
)

/** The default provider's slots and model list, asked once in the background. */
export const WarmProvider: Layer.Layer<never, never, AppConfig | LlmProvider> = Layer.effectDiscard(
  Effect.gen(function* () {
    const config = yield* AppConfig
    const provider = yield* LlmProvider
    yield* Effect.forkScoped(
      provider
        .slots(config.defaultBaseUrl)
        .pipe(Effect.andThen(Effect.ignore(provider.listModels(config.defaultBaseUrl))))
    )
  })
)
