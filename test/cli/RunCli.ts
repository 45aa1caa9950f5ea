import { NodeServices } from "@effect/platform-node"
import { Cause, ConfigProvider, Console, Effect, Exit, FileSystem, Layer, Runtime, Sink, Stdio, Stream } from "effect"
import { HttpServer } from "effect/http"
import { cli } from "../../cli/Cli.ts"

export interface CliRun {
  readonly exitCode: number
  readonly stdout: string
  readonly stderr: string
}

export interface CliOptions {
  readonly stdin?: string
  /** Pretend stderr is a terminal (the progress bar is drawn). */
  readonly tty?: boolean
  /** The whole environment the command sees (nothing leaks in from the real one). */
  readonly env?: Readonly<Record<string, string>>
}

/**
 * Runs the real command tree in this process, with captured stdout/stderr, a given stdin and environment, and the
 * exit code the runtime would give the process.
 */
export const runCli = (args: ReadonlyArray<string>, options: CliOptions = {}) =>
  Effect.gen(function* () {
    const out: Array<string> = []
    const err: Array<string> = []
    const decoder = new TextDecoder()
    const collect = (into: Array<string>) =>
      Sink.forEach((chunk: string | Uint8Array) =>
        Effect.sync(() => {
          into.push(typeof chunk === "string" ? chunk : decoder.decode(chunk))
        })
      )
    const stdio = Stdio.layerTest({
      args: Effect.succeed(args),
      stdout: () => collect(out),
      stderr: () => collect(err),
      stdin: options.stdin === undefined ? Stream.empty : Stream.make(new TextEncoder().encode(options.stdin)),
      stdinIsTerminal: Effect.succeed(options.stdin === undefined),
      stderrIsTerminal: Effect.succeed(options.tty ?? false)
    })
    // What the CLI reports through the console (its error lines) goes to the captured stderr, as in a real process.
    const write =
      (into: Array<string>) =>
      (...parts: ReadonlyArray<unknown>) =>
        void into.push(`${parts.map(String).join(" ")}\n`)
    const console: Console.Console = {
      ...globalThis.console,
      log: write(out),
      info: write(out),
      error: write(err),
      warn: write(err)
    }
    const exit = yield* cli(args).pipe(
      Effect.provide(
        Layer.mergeAll(NodeServices.layer, stdio, ConfigProvider.layer(ConfigProvider.fromUnknown(options.env ?? {})))
      ),
      Effect.provideService(Console.Console, console),
      Effect.exit
    )
    const exitCode = Exit.isSuccess(exit)
      ? 0
      : Cause.hasInterruptsOnly(exit.cause)
        ? 130
        : Runtime.getErrorExitCode(Cause.squash(exit.cause))
    return { exitCode, stdout: out.join(""), stderr: err.join("") } satisfies CliRun
  })

/** The address of the service under test (NodeHttpServer.layerTest listens on a free port). */
export const serviceUrl = Effect.gen(function* () {
  const server = yield* HttpServer.HttpServer
  const address = server.address
  return `http://127.0.0.1:${address._tag === "UnixPathAddress" ? 0 : address.port}`
})

/** Runs `redraft --service <the service under test> ...args`. */
export const redraft = (args: ReadonlyArray<string>, options: CliOptions = {}) =>
  Effect.gen(function* () {
    return yield* runCli(["--service", yield* serviceUrl, ...args], options)
  })

/** A temporary folder holding `files` (name → text), removed with the scope; returns its path. */
export const folderWith = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function* () {
    const fs = yield* FileSystem.FileSystem
    const dir = yield* fs.makeTempDirectoryScoped({ prefix: "redraft-cli-" })
    for (const [name, text] of Object.entries(files)) yield* fs.writeFileString(`${dir}/${name}`, text)
    return dir
  })
