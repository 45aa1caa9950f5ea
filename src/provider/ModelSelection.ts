/** Picks the model to use from a provider's list (DESIGN.md section 1). */
export interface ModelChoice {
  /** Undefined when the provider lists models but none can chat. */
  readonly model: string | undefined
  /** Whether the list held a model of the default family (gemma 4). */
  readonly defaultModelFound: boolean
}

export const DEFAULT_MODEL_FAMILY = "gemma-4"

const isEmbedding = (id: string) => /embed/i.test(id)

/** The models that can chat: an embedding model ("nomic-embed-text", "text-embedding-3") cannot rewrite anything. */
export const chatModelsOf = (models: ReadonlyArray<string>): ReadonlyArray<string> =>
  models.filter((id) => !isEmbedding(id))
/** "gemma-4", "gemma4", "google/gemma-4-12b-it-qat", "gemma-4-e4b" all name gemma 4. */
const isGemma4 = (id: string) => /gemma[-_ ]?4(?![0-9])/i.test(id)
const isQat = (id: string) => /qat/i.test(id)

export const chooseModel = (models: ReadonlyArray<string> | undefined, requested: string | undefined): ModelChoice => {
  const chatModels = chatModelsOf(models ?? [])
  const gemma = chatModels.filter(isGemma4)
  const defaultModelFound = gemma.length > 0
  if (requested !== undefined && requested.trim() !== "") {
    return { model: requested.trim(), defaultModelFound }
  }
  // Without a model list, a server that ignores the model name still answers to the default family.
  if (models === undefined) return { model: DEFAULT_MODEL_FAMILY, defaultModelFound }
  return { model: gemma.find(isQat) ?? gemma[0] ?? chatModels[0], defaultModelFound }
}
