/**
 * `redraft profiles create|import|export|delete`, `redraft score` and `rewrite --instruction`, against the real service
 * and the fake provider. A service of their own, so the voices made here do not show up in the other CLI tests' lists.
 */
import { assert, layer } from "@effect/vitest"
import { Effect, FileSystem } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { toSamples } from "../../src/domain/Samples.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { postJson, TestApp } from "../support/TestApp.ts"
import { folderWith, redraft, runCli } from "./RunCli.ts"

const SHED =
  "Honestly, I didn't expect the shed to take a whole weekend. We'd bought the kit on a whim, and you know how it goes: the instructions look simple, and then they aren't. Still, by Sunday night the roof was on and the door actually shut! I'm weirdly proud of it. My neighbour came over to look and said it was straighter than his, which I'm choosing to believe. Next I want shelves inside, and maybe a little window, because right now it's dark as anything in there. But that's a job for another weekend, once my poor back finally forgives me."
const BREAD =
  "I'll be straight with you: sourdough isn't hard. You mix flour, water and salt, and then you wait. That's it. Don't fuss over the starter; it's tougher than it looks. And when the first loaf comes out of the oven, you'll want to tell everyone you know. Mine was flat as a pancake the first time, by the way, and I ate it anyway. The second one was better. By the fifth I was handing slices to the postman. So don't give up after one bad loaf; nobody gets it right straight away, and honestly the mistakes taste fine too."
const BIKE =
  "So I finally fixed the bike. Took me three evenings, two YouTube videos and one very patient neighbour. The chain kept slipping, and I'd no idea why. Turns out the gears just needed a tiny nudge. Who knew? Now I ride to work and I'm never going back to the bus. It's twenty minutes each way, and I get there awake for once. My legs hated me the first week, I won't lie. Now they just grumble a bit on the hill by the park. Next job: a proper light, because riding home in the dark with my phone torch isn't clever."
const GARDEN =
  "We've got tomatoes! Loads of them, actually, more than we can eat. If you're nearby, just knock and grab a bag. Don't be shy. They're the small sweet ones you can pop straight in your mouth, and honestly they taste nothing like the ones from the shop. We planted six plants in May and forgot about them for a month, which apparently is the trick. The courgettes went mad too, so you can have one of those as well if you want. I'll leave a box by the gate this weekend, so please just help yourself."
const FORMAL =
  "The committee has determined that the proposed amendments to the procurement framework shall be implemented in accordance with the regulations established during the preceding fiscal year. Accordingly, all departments are required to submit revised documentation, which must be reviewed by the appropriate authorities prior to final approval."

const DOC = "We utilize 3 keys in order to open the 2 doors.\n"
const INSTRUCTION = "for a ten-year-old"

interface Detail {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly source: string
  readonly rules: ReadonlyArray<string>
  readonly avoid: ReadonlyArray<string>
  readonly samples: ReadonlyArray<string>
}
interface Summary {
  readonly id: string
  readonly source: string
  readonly samples: number
}
interface ErrorOut {
  readonly error: { readonly code: string; readonly message: string; readonly exitCode: number }
}

/** Makes a voice from two files through the CLI and returns its id. */
const makeVoice = (name: string) =>
  Effect.gen(function* () {
    const dir = yield* folderWith({ "shed.md": SHED, "bread.md": BREAD })
    const run = yield* redraft(["profiles", "create", name, "--from", `${dir}/shed.md`, "--from", `${dir}/bread.md`])
    assert.strictEqual(run.exitCode, 0, run.stdout + run.stderr)
    return run.stdout.trim()
  })

const listed = Effect.gen(function* () {
  const run = yield* redraft(["profiles", "--json"])
  assert.strictEqual(run.exitCode, 0, run.stderr)
  return (JSON.parse(run.stdout) as { profiles: ReadonlyArray<Summary> }).profiles
})

layer(TestApp(), { excludeTestServices: true })("redraft profiles and score", (it) => {
  it.effect(
    "create NAME --from A --from B: one sample per file, prints the id; the list shows it as a user voice",
    () =>
      Effect.gen(function* () {
        const dir = yield* folderWith({ "shed.md": SHED, "bread.md": BREAD })
        const run = yield* redraft([
          "profiles",
          "create",
          "Weekend",
          "--from",
          `${dir}/shed.md`,
          "--from",
          `${dir}/bread.md`
        ])
        assert.strictEqual(run.exitCode, 0, run.stdout + run.stderr)
        assert.match(run.stdout, /^\S+\n$/)
        const id = run.stdout.trim()
        assert.include(run.stderr, `made the voice "Weekend" (${id}) from 2 samples`)

        const profiles = yield* listed
        assert.deepStrictEqual(
          profiles.filter((p) => p.id === id).map((p) => [p.source, p.samples]),
          [["user", 2]]
        )
        assert.isTrue(profiles.some((p) => p.id === "plain-english" && p.source === "fixture"))
        const text = yield* redraft(["profiles"])
        assert.match(text.stdout, new RegExp(`^${id} +user +2 samples +Weekend`, "m"))
        assert.match(text.stdout, /^plain-english +fixture +\d+ samples +Plain English: /m)
      }).pipe(Effect.scoped)
  )

  it.effect("create from one file splits it into samples of whole paragraphs, as the web UI does; - reads stdin", () =>
    Effect.gen(function* () {
      const text = [SHED, BREAD, BIKE, GARDEN].join("\n\n")
      const dir = yield* folderWith({ "blog.md": text })
      const args = ["--description", "My blog", "--rule", "Keep it chatty.", "--avoid", "utilize", "--json"]
      const run = yield* redraft(["profiles", "create", "Blog", "--from", `${dir}/blog.md`, ...args])
      assert.strictEqual(run.exitCode, 0, run.stdout + run.stderr)
      const detail = JSON.parse(run.stdout) as Detail
      assert.deepStrictEqual(detail.samples, toSamples([text]))
      assert.isAtLeast(detail.samples.length, 2)
      assert.strictEqual(detail.source, "user")
      assert.strictEqual(detail.description, "My blog")
      assert.deepStrictEqual([detail.rules, detail.avoid], [["Keep it chatty."], ["utilize"]])

      const piped = yield* redraft(["profiles", "create", "Piped", "--from", "-", "--json"], { stdin: text })
      assert.strictEqual(piped.exitCode, 0, piped.stdout + piped.stderr)
      assert.deepStrictEqual((JSON.parse(piped.stdout) as Detail).samples, toSamples([text]))
    }).pipe(Effect.scoped)
  )

  it.effect("create --from takes every file a shell glob puts after it, and more --from flags beside them", () =>
    Effect.gen(function* () {
      const dir = yield* folderWith({ "a.md": SHED, "b.md": BREAD, "c.md": BIKE, "d.md": GARDEN })
      // As `--from posts/*.md` reaches the CLI: the first file after the flag, the others as arguments.
      const run = yield* redraft([
        "profiles",
        "create",
        "Posts",
        "--from",
        `${dir}/a.md`,
        `${dir}/b.md`,
        `${dir}/c.md`,
        "--json"
      ])
      assert.strictEqual(run.exitCode, 0, run.stdout + run.stderr)
      assert.deepStrictEqual((JSON.parse(run.stdout) as Detail).samples, [SHED, BREAD, BIKE])
      const mixed = yield* redraft([
        "profiles",
        "create",
        "Mixed",
        "--from",
        `${dir}/a.md`,
        `${dir}/b.md`,
        "--from",
        `${dir}/d.md`,
        "--json"
      ])
      assert.strictEqual(mixed.exitCode, 0, mixed.stdout + mixed.stderr)
      assert.sameMembers([...(JSON.parse(mixed.stdout) as Detail).samples], [SHED, BREAD, GARDEN])
    }).pipe(Effect.scoped)
  )

  it.effect("fewer than two samples: a clear error before any request, exit 1", () =>
    Effect.gen(function* () {
      const dir = yield* folderWith({ "one.md": SHED, "blank.md": "\n  \n" })
      // Nothing answers at this address: had the CLI asked the service anything, it would exit 2.
      const nowhere = ["--service", "http://127.0.0.1:9", "profiles", "create", "Mine"]
      const one = yield* runCli([...nowhere, "--from", `${dir}/one.md`, "--json"])
      assert.strictEqual(one.exitCode, 1, one.stdout + one.stderr)
      assert.include(
        (JSON.parse(one.stdout) as ErrorOut).error.message,
        `give at least two samples of the writer's text: ${dir}/one.md makes only one sample`
      )
      const withBlank = yield* runCli([...nowhere, "--from", `${dir}/one.md`, "--from", `${dir}/blank.md`, "--json"])
      assert.strictEqual(withBlank.exitCode, 1, withBlank.stdout + withBlank.stderr)
      const error = (JSON.parse(withBlank.stdout) as ErrorOut).error
      assert.deepStrictEqual([error.code, error.exitCode], ["invalid_request", 1])
      assert.include(error.message, "give at least two samples")
      const missing = yield* runCli([...nowhere, "--from", `${dir}/nope.md`, "--from", `${dir}/one.md`, "--json"])
      assert.strictEqual(missing.exitCode, 1)
      assert.strictEqual((JSON.parse(missing.stdout) as ErrorOut).error.message, `cannot read ${dir}/nope.md`)
    }).pipe(Effect.scoped)
  )

  it.effect("export ID prints the .voice.json; create --from the export and import FILE take it back", () =>
    Effect.gen(function* () {
      const fs = yield* FileSystem.FileSystem
      const id = yield* makeVoice("Original")
      const exported = yield* redraft(["profiles", "export", id])
      assert.strictEqual(exported.exitCode, 0, exported.stderr)
      const voice = JSON.parse(exported.stdout) as Detail & { format: string; formatVersion: number }
      assert.deepStrictEqual([voice.format, voice.formatVersion, voice.name], ["redraft-voice", 1, "Original"])
      assert.deepStrictEqual(voice.samples, [SHED, BREAD])

      const dir = yield* folderWith({ "plain.md": SHED })
      const file = `${dir}/original.voice.json`
      const toFile = yield* redraft(["profiles", "export", id, "--out", file])
      assert.strictEqual(toFile.exitCode, 0, toFile.stderr)
      assert.strictEqual(toFile.stdout, "")
      assert.strictEqual(yield* fs.readFileString(file), exported.stdout)

      const copy = yield* redraft(["profiles", "create", "Copy", "--from", file, "--json"])
      assert.strictEqual(copy.exitCode, 0, copy.stdout + copy.stderr)
      const copied = JSON.parse(copy.stdout) as Detail
      assert.notStrictEqual(copied.id, id)
      assert.deepStrictEqual(
        [copied.name, copied.source, copied.samples, copied.rules, copied.avoid, copied.description],
        ["Copy", "user", voice.samples, voice.rules, voice.avoid, voice.description]
      )
      const again = yield* redraft(["profiles", "export", copied.id])
      const { name: _copyName, ...copyRest } = JSON.parse(again.stdout) as Record<string, unknown>
      const { name: _name, ...rest } = voice as unknown as Record<string, unknown>
      assert.deepStrictEqual(copyRest, rest)

      const imported = yield* redraft(["profiles", "import", file])
      assert.strictEqual(imported.exitCode, 0, imported.stdout + imported.stderr)
      assert.include(imported.stderr, `made the voice "Original" (${imported.stdout.trim()}) from 2 samples`)

      // A broken export fails with the service's own message, as POST /api/profiles gives it.
      const broken = { ...voice, name: "", samples: [SHED] }
      yield* fs.writeFileString(`${dir}/broken.voice.json`, JSON.stringify(broken))
      const refused = yield* redraft(["profiles", "import", `${dir}/broken.voice.json`, "--json"])
      assert.strictEqual(refused.exitCode, 1)
      const direct = yield* postJson("/api/profiles", broken)
      assert.strictEqual(direct.status, 400)
      const serviceError = ((yield* direct.json) as unknown as ErrorOut).error
      const { code, message } = (JSON.parse(refused.stdout) as ErrorOut).error
      assert.deepStrictEqual({ code, message }, { code: serviceError.code, message: serviceError.message })

      const notAVoice = yield* redraft(["profiles", "import", `${dir}/plain.md`, "--json"])
      assert.strictEqual(notAVoice.exitCode, 1)
      assert.include((JSON.parse(notAVoice.stdout) as ErrorOut).error.message, `${dir}/plain.md is not a .voice.json`)
      const fixture = yield* redraft(["profiles", "export", "plain-english"])
      assert.strictEqual(fixture.exitCode, 0, fixture.stderr)
      assert.strictEqual((JSON.parse(fixture.stdout) as Detail).name, "Plain English")
    }).pipe(Effect.scoped)
  )

  it.effect("score FILE --profile ID prints the score, the feedback and the traits side by side, exit 0", () =>
    Effect.gen(function* () {
      const id = yield* makeVoice("Casual")
      const dir = yield* folderWith({ "formal.md": FORMAL })
      const run = yield* redraft(["score", `${dir}/formal.md`, "--profile", id])
      assert.strictEqual(run.exitCode, 0, run.stdout + run.stderr)
      // 47 words: a score the CLI says it is not sure of.
      assert.match(run.stdout, /^score \d+\/100, not sure \(under 80 words show little of a writer's habits\)\n/)
      assert.match(run.stdout, /^ +text +profile$/m)
      assert.match(run.stdout, /^sentence length, words +\d+\.\d ± \d+\.\d +\d+\.\d ± \d+\.\d$/m)
      assert.match(run.stdout, /^contractions \/100 words +\d+\.\d +\d+\.\d$/m)
      assert.match(run.stdout, /^I \/ we \/ you \/100 words +/m)

      const asJson = yield* redraft(["score", `${dir}/formal.md`, "--profile", id, "--json"])
      assert.strictEqual(asJson.exitCode, 0, asJson.stderr)
      const result = JSON.parse(asJson.stdout) as {
        score: number
        certainty: string
        feedback: ReadonlyArray<string>
        traits: { contractionsPer100Words: number }
        profileTraits: { contractionsPer100Words: number }
      }
      assert.isAtLeast(result.score, 0)
      assert.isAtMost(result.score, 100)
      assert.strictEqual(result.certainty, "low")
      assert.include(run.stdout, `score ${Math.round(result.score)}/100, not sure`)
      // The formal text is far from the casual samples: there is something to change, and it is printed.
      assert.isAbove(result.feedback.length, 0)
      assert.include(run.stdout, "to come closer:\n")
      for (const line of result.feedback) assert.include(run.stdout, `- ${line}\n`)
      assert.isBelow(result.traits.contractionsPer100Words, result.profileTraits.contractionsPer100Words)

      const piped = yield* redraft(["score", "--profile", id, "--json"], { stdin: FORMAL })
      assert.strictEqual((JSON.parse(piped.stdout) as { score: number }).score, result.score)
      const unknown = yield* redraft(["score", `${dir}/formal.md`, "--profile", "nope", "--json"])
      assert.strictEqual(unknown.exitCode, 1)
      assert.strictEqual((JSON.parse(unknown.stdout) as ErrorOut).error.code, "profile_not_found")
    }).pipe(Effect.scoped)
  )

  it.effect("delete: a fixture is refused with the service's 409 message and exit 1; a user voice goes away", () =>
    Effect.gen(function* () {
      const fixture = yield* redraft(["profiles", "delete", "plain-english", "--json"])
      assert.strictEqual(fixture.exitCode, 1, fixture.stdout + fixture.stderr)
      const error = (JSON.parse(fixture.stdout) as ErrorOut).error
      assert.deepStrictEqual([error.code, error.exitCode], ["profile_read_only", 1])
      // The service's own message, as its API gives it.
      const direct = yield* (yield* HttpClient.HttpClient).execute(
        HttpClientRequest.delete("/api/profiles/plain-english")
      )
      assert.strictEqual(direct.status, 409)
      assert.strictEqual(error.message, ((yield* direct.json) as unknown as ErrorOut).error.message)
      const plain = yield* redraft(["profiles", "delete", "plain-english"])
      assert.strictEqual(plain.exitCode, 1)
      assert.strictEqual(plain.stdout, "")
      assert.isTrue((yield* listed).some((p) => p.id === "plain-english"))

      const id = yield* makeVoice("Short-lived")
      const gone = yield* redraft(["profiles", "delete", id])
      assert.strictEqual(gone.exitCode, 0, gone.stdout + gone.stderr)
      assert.isFalse((yield* listed).some((p) => p.id === id))
      const twice = yield* redraft(["profiles", "delete", id, "--json"])
      assert.strictEqual(twice.exitCode, 1)
      assert.strictEqual((JSON.parse(twice.stdout) as ErrorOut).error.code, "profile_not_found")
    })
  )

  it.effect(
    "rewrite --profile <a user voice> --instruction: the instruction reaches the provider (single, --save, batch)",
    () =>
      Effect.gen(function* () {
        const fake = yield* FakeProvider
        const id = yield* makeVoice("Mine")
        const dir = yield* folderWith({ "a.md": DOC, "b.md": "Utilize the 4 spare fuses.\n" })
        const rewriteCalls = Effect.map(fake.calls, (calls) =>
          calls.filter((c) => c.task === "rewrite").map((c) => JSON.stringify(c.body))
        )

        yield* fake.configure({})
        const plain = yield* redraft(["rewrite", `${dir}/a.md`, "--profile", id])
        assert.strictEqual(plain.exitCode, 0, plain.stderr)
        assert.strictEqual(plain.stdout, "We use 3 keys to open the 2 doors.\n")
        assert.isFalse((yield* rewriteCalls).some((body) => body.includes(INSTRUCTION)))

        for (const args of [
          [`${dir}/a.md`],
          [`${dir}/a.md`, "--save"],
          [`${dir}/a.md`, `${dir}/b.md`, "--out-dir", `${dir}/out`]
        ]) {
          yield* fake.configure({})
          const run = yield* redraft(["rewrite", ...args, "--profile", id, "--instruction", INSTRUCTION])
          assert.strictEqual(run.exitCode, 0, `${args.join(" ")}: ${run.stderr}`)
          const bodies = yield* rewriteCalls
          assert.isAtLeast(bodies.length, args.includes("--out-dir") ? 2 : 1, args.join(" "))
          for (const body of bodies) assert.include(body, INSTRUCTION, args.join(" "))
        }

        const longer = ["--instruction", "x".repeat(501), "--json"]
        const tooLong = yield* redraft(["rewrite", `${dir}/a.md`, "--profile", id, ...longer])
        assert.strictEqual(tooLong.exitCode, 1)
        const error = (JSON.parse(tooLong.stdout) as ErrorOut).error
        assert.include(error.message, "an instruction is at most 500 characters")
      }).pipe(Effect.scoped)
  )
})
