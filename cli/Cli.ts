import { Command } from "effect/cli"
import { check, health, rewrite } from "./Commands.ts"
import { backup, restore } from "./BackupCommand.ts"
import { documents } from "./DocumentsCommand.ts"
import { doctor } from "./DoctorCommand.ts"
import { evaluate } from "./EvalCommand.ts"
import { profiles } from "./ProfilesCommand.ts"
import { providers } from "./ProvidersCommand.ts"
import { redraft } from "./Root.ts"
import { score } from "./ScoreCommand.ts"

export const VERSION = "0.1.0"

/** The whole command tree, run with explicit arguments (main passes `process.argv`, tests their own). */
export const cli = Command.runWith(
  redraft.pipe(
    Command.withSubcommands([
      rewrite,
      check,
      score,
      documents,
      backup,
      restore,
      profiles,
      providers,
      health,
      evaluate,
      doctor
    ])
  ),
  {
    version: VERSION
  }
)
