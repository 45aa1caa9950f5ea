import { assert, describe, it } from "@effect/vitest"
import { readWriter, type Writer } from "../../eval/voices/Brown.ts"
import { auc } from "../../eval/voices/Attribution.ts"
import { assessStyle, buildStyleTarget } from "../../src/text/StyleMetrics.ts"
import { type BackgroundFile, backgroundOf, loadBackground } from "../../src/text/voice/Background.ts"
import { buildVoice, certaintyOf, cosine, scoreVoice } from "../../src/text/voice/Attribution.ts"
import { gramsOf, wordsOf } from "../../src/text/voice/Fingerprint.ts"

/**
 * The voice score on real writing nobody here wrote: twelve writers of the Brown corpus (fiction and press, the two
 * kinds whose writers are hardest to tell apart), each with a voice from the first ~1,200 words of their text and
 * chunks of ~200 words from its rest. The English background leaves these writers out.
 */
const WRITERS: ReadonlyArray<readonly [string, string]> = [
  ["ck03", "fiction"],
  ["ck12", "fiction"],
  ["cl05", "mystery"],
  ["cl14", "mystery"],
  ["cn08", "adventure"],
  ["cp11", "romance"],
  ["ca05", "news"],
  ["ca21", "news"],
  ["cb07", "editorial"],
  ["cb18", "editorial"],
  ["cc03", "reviews"],
  ["cc12", "reviews"]
]
const writers = WRITERS.map(([id, category]) => readWriter(id, category)).filter((w): w is Writer => w !== undefined)
const targets = writers.map((w) => buildStyleTarget(w.samples, []))

describe("the voice score", () => {
  it("scores a writer's unseen text above other writers' text against that writer's voice", () => {
    assert.strictEqual(writers.length, WRITERS.length)
    const aucs = targets.map((target, v) => {
      const own = (writers[v]?.chunks ?? []).map((c) => assessStyle(c, target).score)
      const other = writers.flatMap((w, o) => (o === v ? [] : w.chunks.map((c) => assessStyle(c, target).score)))
      return auc(own, other)
    })
    const mean = aucs.reduce((a, b) => a + b, 0) / aucs.length
    assert.isAtLeast(mean, 0.8, `AUC own vs other per voice: ${aucs.map((a) => a.toFixed(2)).join(" ")}`)
  })

  it("passes most of the writer's own chunks at the default threshold and few of the others'", () => {
    const own = writers.flatMap((w, v) => w.chunks.map((c) => assessStyle(c, targets[v]!).score))
    const other = writers.flatMap((w, v) =>
      targets.flatMap((t, o) => (o === v ? [] : w.chunks.map((c) => assessStyle(c, t).score)))
    )
    const pass = (scores: ReadonlyArray<number>) => scores.filter((s) => s >= 80).length / scores.length
    assert.isAtLeast(pass(own), 0.6)
    assert.isAtMost(pass(other), 0.3)
  })

  it("sees how words are put together: the same words in reverse order in each sentence are less like the voice", () => {
    const english = backgroundOf("en")!
    const reversed = (text: string) =>
      text
        .split(/(?<=[.!?])\s+/)
        .map((s) => s.split(" ").toReversed().join(" "))
        .join(" ")
    const likeness = (text: string, v: number) =>
      cosine(english.standardize(english.counter.count(text)), targets[v]?.voice?.vector ?? new Float64Array())
    const lower = writers.filter((w, v) => {
      const chunk = w.chunks[0] ?? ""
      return likeness(reversed(chunk), v) < likeness(chunk, v)
    })
    assert.isAtLeast(lower.length, 8)
  })

  it("feedback on a writer's own unseen text is stable: never both shorter and longer sentences, never topic words", () => {
    writers.forEach((w, v) => {
      const lines = w.chunks.flatMap((c) => assessStyle(c, targets[v]!).feedback)
      const shorten = lines.some((l) => l.startsWith("Shorten sentences"))
      const lengthen = lines.some((l) => l.startsWith("Lengthen sentences"))
      assert.isFalse(shorten && lengthen, `${w.id}: ${lines.join(" | ")}`)
      assert.isFalse(
        lines.some((l) => l.includes("words your samples favour")),
        `${w.id}: ${lines.join(" | ")}`
      )
    })
  })

  it("names a trait only when the text is outside the samples' own spread", () => {
    const target = targets[0]!
    // Every sentence of the writer's text run together with semicolons: far longer sentences than any sample has.
    const joined = (writers[0]?.chunks[0] ?? "").replace(/[.!?]+\s+(\w)/g, (_, c: string) => `; ${c.toLowerCase()}`)
    const lines = assessStyle(joined, target).feedback
    assert.isTrue(
      lines.some((l) => l.startsWith("Shorten sentences")),
      lines.join(" | ")
    )
    // Within the spread: the writer's own samples are not told to change.
    const own = writers[0]!.samples.flatMap((s) => assessStyle(s, target).feedback)
    assert.deepStrictEqual(own, [])
  })

  it("the writer's other voices race too: another voice's own text falls against this one, the writer's own does not", () => {
    // Of the chunks their own writer's voice scores higher, the one that passes best for another voice alone: the
    // one the rival (the chunk's own voice) has most to take from.
    const pairs = writers.flatMap((_, v) =>
      writers.flatMap((y, o) =>
        o === v
          ? []
          : y.chunks.map((chunk) => ({
              v,
              o,
              chunk,
              score: assessStyle(chunk, targets[v]!).score,
              own: assessStyle(chunk, targets[o]!).score
            }))
      )
    )
    const best = pairs.filter((p) => p.own > p.score).toSorted((p, q) => q.score - p.score)[0]!
    assert.isAbove(best.score, 20)
    const [a, b] = [writers[best.v]!, writers[best.o]!]
    const alone = buildStyleTarget(a.samples, [])
    const other = buildStyleTarget(b.samples, []).voice!
    const withRival = buildStyleTarget(a.samples, [], [other])
    assert.include(withRival.voice?.near ?? [], other.vector)
    const voiceOf = (target: typeof alone) => assessStyle(best.chunk, target).parts["voice"] ?? 0
    assert.isBelow(voiceOf(withRival), voiceOf(alone) - 20)
    const aText = a.chunks[0] ?? ""
    assert.isAtLeast(assessStyle(aText, withRival).score, assessStyle(aText, alone).score - 5)
    // A voice in another language is not a rival: its figures count other things.
    const german = buildStyleTarget(
      [Array.from({ length: 60 }, () => "Wir fahren morgen nach Berlin, und dann sehen wir weiter.").join(" ")],
      []
    ).voice!
    assert.notInclude(buildStyleTarget(a.samples, [], [german]).voice?.near ?? [], german.vector)
  })

  it("is as sure as the text is long", () => {
    assert.deepStrictEqual([0, 79, 80, 199, 200, 5000].map(certaintyOf), [
      "low",
      "low",
      "medium",
      "medium",
      "high",
      "high"
    ])
    const target = targets[0]!
    assert.strictEqual(assessStyle("One short line.", target).certainty, "low")
    assert.strictEqual(assessStyle(writers[0]?.chunks[0] ?? "", target).certainty, "high")
  })

  it("the voice weighs four fifths from 200 words on, the traits the rest; a short text leans on its traits", () => {
    const { voice: _voice, ...traitsOnly } = targets[0]!
    const blend = (text: string, share: number) => {
      const assessed = assessStyle(text, targets[0]!)
      const traits = assessStyle(text, traitsOnly).score
      assert.closeTo(assessed.score, share * (assessed.parts["voice"] ?? 0) + (1 - share) * traits, 1)
      return assessed
    }
    const chunk = writers[0]?.chunks[0] ?? ""
    blend(chunk, 0.8)
    const short = blend(chunk.split(" ").slice(0, 40).join(" "), (0.8 * 40) / 200)
    assert.isDefined(short.parts["voice"])
  })

  it("has a voice in each language Redraft ships a background for, Russian told by its script", () => {
    const samples: Readonly<Record<string, ReadonlyArray<string>>> = {
      de: [
        "Wir fahren morgen früh nach Berlin, und dann sehen wir weiter.",
        "Das Wetter ist gut, aber der Zug ist spät."
      ],
      fr: [
        "Nous partons demain matin pour Lyon, et ensuite nous verrons.",
        "Le temps est beau, mais le train est en retard."
      ],
      ru: ["Завтра утром мы едем в Москву, а потом посмотрим.", "Погода хорошая, но поезд опаздывает."]
    }
    for (const [language, texts] of Object.entries(samples)) {
      const target = buildStyleTarget(texts, [])
      assert.strictEqual(target.voice?.background.language, language)
      assert.isDefined(assessStyle(texts[0] ?? "", target).parts["voice"])
    }
    // A text in another language is nobody's voice in this one, however its rates of this language's words fall.
    const french = buildStyleTarget(
      Array.from({ length: 12 }, (_, i) => `Nous partons demain matin pour Lyon ${i}, et ensuite nous verrons bien.`),
      []
    )
    assert.strictEqual(assessStyle(writers[0]?.chunks[0] ?? "", french).parts["voice"], 0)
  })

  it("has no voice in a language without a background, and scores by traits there", () => {
    const polish = ["Jutro rano jedziemy do Krakowa, a potem zobaczymy.", "Pogoda jest dobra, ale pociąg się spóźnia."]
    const target = buildStyleTarget(polish, [])
    assert.isUndefined(target.voice)
    const assessed = assessStyle("Dzisiaj jedziemy do Gdańska, a jutro zobaczymy.", target)
    assert.isUndefined(assessed.parts["voice"])
    assert.isAbove(assessed.score, 0)
  })
})

describe("the voice's fingerprint", () => {
  it("counts words and runs of three characters, spaces folded and the apostrophe straightened", () => {
    assert.deepStrictEqual(wordsOf("It’s the Cat's  hat."), ["it’s", "the", "cat's", "hat"])
    assert.deepStrictEqual(gramsOf("A b’c\n d"), [" a ", "a b", " b'", "b'c", "'c ", "c d", " d "])
    // Characters outside the Basic Multilingual Plane count as one character each.
    assert.deepStrictEqual(gramsOf("x𝒜y"), [" x𝒜", "x𝒜y", "𝒜y "])
  })

  it("the English background counts common words, not the samples' topic words", () => {
    const english = backgroundOf("en")
    assert.isDefined(english)
    const words = english?.counter.vocabulary.words ?? []
    for (const common of ["the", "of", "and", "which", "but", "not"]) assert.include(words, common)
    for (const topic of ["halfback", "riflemen", "formula", "jury"]) assert.notInclude(words, topic)
  })

  it("reads impostors back from signed bytes, scaled and weighted by their group", () => {
    const file: BackgroundFile = {
      language: "xx",
      source: "a test",
      words: ["a", "b"],
      grams: [" a ", " b "],
      mean: [0.5, 0.5, 0.25, 0.25],
      sd: [0.5, 0.5, 0.25, 0],
      // Two impostors of four features: (16, -16, 32, 127) and (-128 → -8, 0, 0, 8).
      impostors: Buffer.from(Int8Array.from([16, -16, 32, 127, -128, 0, 0, 8]).buffer).toString("base64"),
      scale: 16
    }
    const background = loadBackground(file)
    const wordWeight = 0.5 / Math.sqrt(2)
    const gramWeight = 1.5 / Math.sqrt(2)
    assert.strictEqual(background.impostors.length, 2)
    assert.deepStrictEqual(
      [...(background.impostors[0] ?? [])],
      [wordWeight, -wordWeight, 2 * gramWeight, (127 / 16) * gramWeight]
    )
    assert.deepStrictEqual([...(background.impostors[1] ?? [])], [-8 * wordWeight, 0, 0, 0.5 * gramWeight])
    // "a a": the word "a" is all the words; of the runs " a " comes twice in " a a " (and "a a" once): 2 of 3.
    const z = background.standardize(background.counter.count("a a"))
    assert.deepStrictEqual(
      [...z].map((x) => Number(x.toFixed(6))),
      [
        Number((wordWeight * 1).toFixed(6)),
        Number((wordWeight * -1).toFixed(6)),
        Number((gramWeight * ((2 / 3 - 0.25) / 0.25)).toFixed(6)),
        // A feature with no spread says nothing.
        0
      ]
    )
  })

  it("a voice is raced against the 20 impostors nearest it, and a tie scores half", () => {
    const writer = writers[0]!
    const voice = buildVoice(writer.samples.join("\n\n"), "en", 1200)
    assert.isDefined(voice)
    assert.strictEqual(voice?.near.length, 20)
    // The voice's own samples against a voice whose only impostor is the voice itself: every race is a tie.
    const alone = { ...voice!, near: [voice!.vector], impostors: 1 }
    assert.closeTo(scoreVoice(writer.samples.join("\n\n"), 1200, alone).score, 50, 1e-9)
  })
})
