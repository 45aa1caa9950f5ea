import { Layer } from "effect"
import { MeaningCheckStage } from "./meaning-check.ts"
import { RewriteStage } from "./rewrite.ts"
import { SmoothingStage } from "./smoothing.ts"
import { StyleScoreStage } from "./style-score.ts"

/** The stages Redraft runs by default. A new stage is one more file here and one more layer in this list. */
export const DefaultStages = Layer.mergeAll(
  RewriteStage.layer,
  StyleScoreStage.layer,
  MeaningCheckStage.layer,
  SmoothingStage.layer
)
