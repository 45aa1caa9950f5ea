import { Schema } from "effect"

/**
 * Why an evaluation cell failed. Every failure names what went wrong and carries its evidence: the text around the
 * place where it happened (or the service's own message).
 */
const failure = <Tag extends string, F extends Schema.Struct.Fields>(tag: Tag, fields: F) =>
  Schema.TaggedStruct(tag, { ...fields, evidence: Schema.String })

// Provider and service: the run produced no text.
export const ProviderUnreachable = failure("ProviderUnreachable", {})
export const ProviderTimeout = failure("ProviderTimeout", {})
export const ModelNotLoaded = failure("ModelNotLoaded", {})
export const InvalidModelReply = failure("InvalidModelReply", {})
export const ProviderFailed = failure("ProviderFailed", {})
export const ServiceFailed = failure("ServiceFailed", { code: Schema.String })
// Checks on the text that came back.
export const RequiredTermLost = failure("RequiredTermLost", { term: Schema.String })
export const ForbiddenPhrasePresent = failure("ForbiddenPhrasePresent", { phrase: Schema.String })
export const ProtectedBlockChanged = failure("ProtectedBlockChanged", { block: Schema.String })
export const CaveatLost = failure("CaveatLost", { caveat: Schema.String })
export const StyleBelowThreshold = failure("StyleBelowThreshold", { score: Schema.Number, threshold: Schema.Number })
/** The service kept paragraphs as they were, because no rewrite of them was safe (its warnings say why). */
export const RewriteWithheld = failure("RewriteWithheld", { segments: Schema.Number })
/** The provider failed on some paragraphs after its retries; the service kept them as they were and went on. */
export const ParagraphsFailed = failure("ParagraphsFailed", { paragraphs: Schema.Number })
/** The service's own meaning check failed for some paragraph (summary.meaning "failed"). */
export const MeaningCheckFailed = failure("MeaningCheckFailed", {})
// The model judge (with --judge and a rubric).
export const JudgeFailed = failure("JudgeFailed", {})
export const JudgeUnavailable = failure("JudgeUnavailable", {})

export const Failure = Schema.Union([
  ProviderUnreachable,
  ProviderTimeout,
  ModelNotLoaded,
  InvalidModelReply,
  ProviderFailed,
  ServiceFailed,
  RequiredTermLost,
  ForbiddenPhrasePresent,
  ProtectedBlockChanged,
  CaveatLost,
  StyleBelowThreshold,
  RewriteWithheld,
  ParagraphsFailed,
  MeaningCheckFailed,
  JudgeFailed,
  JudgeUnavailable
])
export type Failure = typeof Failure.Type
export type FailureTag = Failure["_tag"]

/** Failures that say nothing about the text: a resumed run tries these cells again. */
export const RETRYABLE: ReadonlySet<FailureTag> = new Set([
  "ProviderUnreachable",
  "ProviderTimeout",
  "ModelNotLoaded",
  "ServiceFailed",
  "ParagraphsFailed"
])

/** One line of a report: what failed and the most telling detail. */
export const describeFailure = (f: Failure): string => {
  switch (f._tag) {
    case "RequiredTermLost":
      return `required term ${JSON.stringify(f.term)} lost`
    case "ForbiddenPhrasePresent":
      return `forbidden phrase ${JSON.stringify(f.phrase)} present`
    case "ProtectedBlockChanged":
      return `protected block ${JSON.stringify(f.block.split("\n")[0]?.slice(0, 60) ?? "")} changed`
    case "CaveatLost":
      return `caveat ${JSON.stringify(f.caveat)} lost`
    case "StyleBelowThreshold":
      return `style ${f.score} below ${f.threshold}`
    case "RewriteWithheld":
      return `${f.segments} paragraph(s) kept as they were`
    case "ParagraphsFailed":
      return `the provider failed on ${f.paragraphs} paragraph(s)`
    case "ServiceFailed":
      return `service error ${f.code}`
    default:
      return f._tag
  }
}

/**
 * Maps a service error (`error.code` and message of DESIGN.md section 2) to a failure. `provider_error` covers both a
 * model that is not loaded and a reply the service could not use; the provider's message tells them apart.
 */
export const failureFromApiError = (code: string, message: string): Failure => {
  switch (code) {
    case "provider_unreachable":
      return ProviderUnreachable.make({ evidence: message })
    case "provider_timeout":
      return ProviderTimeout.make({ evidence: message })
    case "provider_error":
      if (MODEL_MISSING.test(message)) return ModelNotLoaded.make({ evidence: message })
      if (BAD_REPLY.test(message)) return InvalidModelReply.make({ evidence: message })
      return ProviderFailed.make({ evidence: message })
    default:
      return ServiceFailed.make({ code, evidence: message })
  }
}

const MODEL_MISSING =
  /not loaded|unloaded|not found|does not exist|no chat model|no model|model_not_found|try pulling|not available/i
const BAD_REPLY = /reply (was|could not)|unreadable|without choices|cut off|was empty|could not be used|not JSON/i
