import { Runtime, Schema } from "effect"
import { CliError } from "effect/cli"

/**
 * Exit codes scripts can rely on (docs/cli.md). Usage problems are 1, like the parse errors `effect/cli` reports
 * itself; 130 (interrupted) comes from the runtime.
 */
export const ExitCode = {
  ok: 0,
  usage: 1,
  unreachable: 2,
  provider: 3,
  checkFailed: 4,
  internal: 5
} as const

/** API error codes (DESIGN.md section 2) and the client's own, mapped to exit codes. */
const exitCodeOf = (code: string): number => {
  switch (code) {
    case "provider_unreachable":
    case "provider_timeout":
    case "service_unreachable":
      return ExitCode.unreachable
    case "provider_error":
    case "provider_unauthorized":
      return ExitCode.provider
    case "meaning_failed":
    case "paragraphs_failed":
    case "meaning_changed":
    case "eval_failed":
    case "storage_damaged":
      return ExitCode.checkFailed
    case "internal_error":
    case "unexpected_reply":
      return ExitCode.internal
    default:
      return ExitCode.usage
  }
}

/**
 * The one error every command fails with. `code` is the service's `error.code` when the service answered with an
 * error, else one of the client's own codes (`service_unreachable`, `input_unreadable`, `meaning_failed`, ...).
 * The runtime reads the exit code from it, and the CLI prints the message once (not a stack trace).
 */
export class CliFailure extends Schema.TaggedError<CliFailure>()("CliFailure", {
  code: Schema.String,
  message: Schema.String
}) {
  get exitCode(): number {
    return exitCodeOf(this.code)
  }
  get [Runtime.errorExitCode](): number {
    return this.exitCode
  }
  readonly [Runtime.errorReported] = false
  get [CliError.userMessage](): string {
    return `redraft: ${this.message}`
  }
}
