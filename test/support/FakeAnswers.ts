/** What the fake provider answers to each of Redraft's task prompts, well-behaved or shaped by a fault. Pure. */
import type { Behaviour, Fault } from "./FakeProvider.ts"

/** Phrases the fake "rewrite" replaces, so a test can see that a rewrite happened without any meaning change. */
const REWRITES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\butilize\b/g, "use"],
  [/\bUtilize\b/g, "Use"],
  [/\bin order to\b/g, "to"],
  [/\bIn order to\b/g, "To"],
  [/\bIt is important to note that /g, ""],
  [/\bdelve into\b/g, "look at"]
]

export const fakeRewrite = (text: string): string => REWRITES.reduce((t, [re, by]) => t.replace(re, by), text)

const countOf = (text: string, part: string): number => text.split(part).length - 1

/** Every text handed over in `<tag>` … `</tag>`, in order. */
const allBetween = (text: string, tag: string): ReadonlyArray<string> =>
  [...text.matchAll(new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`, "g"))].map((m) => m[1] ?? "")

export const between = (text: string, tag: string): string => allBetween(text, tag).at(-1) ?? ""

/**
 * What a simple server answers when it reads only the latest user message: its subject is the one text handed over in
 * tags there (a rewrite, a paragraph, an original), else the message's longest block, and it fills every key it
 * knows, whatever the task: the text rewritten as "text" and "finalText", a verdict that passes, a grade.
 */
export const everyKeyAnswer = (latest: string): string => {
  const tagged = ["rewrite", "paragraph", "original"]
    .map((tag) => allBetween(latest, tag))
    .find((found) => found.length === 1)?.[0]
  const longest = latest.split(/\n\s*\n/).toSorted((a, b) => b.length - a.length)[0] ?? ""
  const text = fakeRewrite(tagged ?? longest)
  return JSON.stringify({
    text,
    finalText: text,
    pass: true,
    styleScore: 90,
    missingDetails: [],
    addedClaims: [],
    changedMeaning: []
  })
}

/** The number of wording questions in a verification's user message. */
const questionCount = (user: string): number => {
  const block = user.split("Questions about the wording")[1]
  return block === undefined ? 0 : [...block.matchAll(/^\d+\. /gm)].length
}

/**
 * `drafted` is the text of the model's own last answer when the request continues its conversation (a verification
 * of the rewrite it just wrote): the rewrite is that, and the original the paragraph it was asked to rewrite.
 */
export const answerFor = (task: string, user: string, has: (b: Behaviour) => boolean, drafted = ""): string => {
  switch (task) {
    case "rewrite": {
      const base = fakeRewrite(between(user, "paragraph"))
      // A model that takes up feedback: every further round comes back with one more sentence, a word longer each time.
      // Round k asks for a change k times when it continues the conversation, once with k - 1 sentences quoted if not.
      const rounds = has("retry-varies") ? countOf(user, "Change this:") + countOf(user, "Check the") : 0
      const rewritten =
        base + Array.from({ length: rounds }, (_, k) => ` Check the ${"big ".repeat(k)}server now.`).join("")
      const text = has("drop-numbers") ? rewritten.replace(/\d+([.,]\d+)*/g, "several") : rewritten
      return JSON.stringify({ text: has("add-heading") ? `## Summary\n\n${text}` : text })
    }
    case "verify": {
      // Wording questions: a careful model says "changed" and repairs, unless told to find the meaning kept.
      const questions = questionCount(user)
      const answers = Array.from({ length: questions }, () => (has("answers-kept") ? "kept" : "changed"))
      const needsRepair = user.includes("An automatic check found") || answers.includes("changed")
      const rewrite = between(user, "rewrite") || drafted
      const original = between(user, "original") || between(user, "paragraph")
      const finalText = !needsRepair ? "" : has("bad-repair") ? rewrite : original
      const styleScore = has("grade-low") ? 10 : 92
      if (!needsRepair && has("short-verdict")) return JSON.stringify({ pass: true, styleScore, answers })
      return JSON.stringify({
        pass: !needsRepair,
        styleScore,
        answers,
        missing: [],
        added: [],
        changed: [],
        finalText
      })
    }
    case "smooth": {
      const paragraphs = [...user.matchAll(/<paragraph n="\d+">\n([\s\S]*?)\n<\/paragraph>/g)].map((m) => m[1] ?? "")
      return JSON.stringify({
        paragraphs: paragraphs.map((p, i) =>
          has("smooth-marker") && i > 0 ? `Next, ${p.charAt(0).toLowerCase()}${p.slice(1)}` : p
        )
      })
    }
    default:
      return "Hello! How can I help you today?"
  }
}

/** A second wording the fake's "model" tries first while it thinks: "utilize" becomes "employ". */
export const fakeDraft = (text: string): string =>
  text.replace(/\butilize\b/g, "employ").replace(/\bUtilize\b/g, "Employ")

/** What the "verdict-changed" fault's verification says changed. */
export const MODEL_VERDICT = "the rewrite weakens the instruction"

/**
 * The reply to a chat that a content-shaping fault matched, or undefined when the fault leaves this task alone.
 * `answer` is the well-behaved answer to the same request.
 */
export const faultyReply = (
  fault: Fault["behaviour"] | undefined,
  task: string,
  user: string,
  answer: string
): { readonly answer: string; readonly finish: string } | undefined => {
  const draft = JSON.stringify({ text: fakeDraft(between(user, "paragraph")) })
  switch (fault) {
    case "length-json":
      // The model meant to go on after its JSON, but max_tokens ran out right after the closing brace.
      return { answer, finish: "length" }
    case "verdict-changed":
      if (task !== "verify") return undefined
      return {
        answer: JSON.stringify({
          pass: false,
          missing: [],
          added: [],
          changed: [MODEL_VERDICT],
          finalText: ""
        }),
        finish: "stop"
      }
    case "think-unclosed":
      if (task !== "rewrite") return undefined
      return {
        answer: `<think>The user wants a plainer paragraph. First try: ${draft} Hmm, "employ" still sounds stiff, so`,
        finish: "stop"
      }
    case "think-draft":
      if (task !== "rewrite") return undefined
      return {
        answer: `<think>Let me draft it first:\n\`\`\`json\n${draft}\n\`\`\`\n"Employ" is stiff; "use" is plainer.</think>\n${answer}`,
        finish: "stop"
      }
    default:
      return undefined
  }
}
