/**
 * Storage faults as a client meets them, over HTTP: a full disk is a 507 `storage_full` and a finished run's result
 * is still answered; a workspace that cannot be written is served read-only and says so in `/api/health`; a damaged
 * file is named there, and what can be read is listed and backed up.
 */
import { afterAll, assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { RewriteResult } from "../../src/domain/Rewrite.ts"
import { Database } from "../../src/store/Database.ts"
import { Documents } from "../../src/store/Documents.ts"
import { runCli, serviceUrl } from "../cli/RunCli.ts"
import { FakeProvider } from "../support/FakeProvider.ts"
import { parseEvents, streamRewrite } from "../support/Sse.ts"
import { canMount, mountTmpfs, unmount } from "../support/Tmpfs.ts"
import { type ErrorJson, getPath, jsonOf, postJson, TestApp } from "../support/TestApp.ts"

interface StorageError {
  readonly error: {
    readonly code: string
    readonly message: string
    readonly details?: { partialResult?: RewriteResult }
  }
}

interface Health {
  readonly workspace: {
    readonly writable: boolean
    readonly readOnly?: string
    readonly problems: ReadonlyArray<string>
  }
}

/** Fills the disk at `dir` with one file until nothing more fits; returns the file, to free the space again. */
const fillDisk = (dir: string): string => {
  const filler = join(dir, "filler")
  const fd = openSync(filler, "w")
  const chunk = Buffer.alloc(4096, 1)
  for (;;) {
    const written = (() => {
      try {
        return writeSync(fd, chunk)
      } catch {
        return 0
      }
    })()
    if (written < chunk.length) break
  }
  closeSync(fd)
  return filler
}

const disk = canMount ? mountTmpfs("4m") : undefined
afterAll(() => {
  if (disk !== undefined) unmount(disk)
})

describe.skipIf(disk === undefined)("a full disk", () => {
  layer(TestApp({ REDRAFT_DATA_DIR: join(disk ?? tmpdir(), "data") }), { excludeTestServices: true })(
    "the workspace on a small tmpfs",
    (it) => {
      it.effect(
        "is a 507 storage_full that says so, the run's result is still answered, and space freed heals it",
        () =>
          Effect.gen(function* () {
            yield* (yield* FakeProvider).configure({})
            const created = yield* postJson("/api/documents", { text: "Utilize the 3 keys.\n\nUtilize the 4 locks.\n" })
            assert.strictEqual(created.status, 201)
            const { id } = yield* jsonOf<{ id: string }>(created)
            const filler = fillDisk(disk as string)

            const run = yield* postJson(`/api/documents/${id}/rewrite`, {})
            assert.strictEqual(run.status, 507)
            const body = yield* jsonOf<StorageError>(run)
            assert.strictEqual(body.error.code, "storage_full")
            assert.include(body.error.message, "is full")
            assert.strictEqual(body.error.details?.partialResult?.finalText, "Use the 3 keys.\n\nUse the 4 locks.\n")

            // Streamed, the same result arrives in the error event.
            const streamed = yield* streamRewrite({}, false, `/api/documents/${id}/rewrite`)
            const error = parseEvents(streamed.text).find((e) => e.event === "error")?.data as StorageError | undefined
            assert.strictEqual(error?.error.code, "storage_full")
            assert.strictEqual(error?.error.details?.partialResult?.finalText, "Use the 3 keys.\n\nUse the 4 locks.\n")

            const another = yield* postJson("/api/documents", { text: "x".repeat(100_000) })
            assert.strictEqual(another.status, 507)
            assert.strictEqual((yield* jsonOf<ErrorJson>(another)).error.code, "storage_full")

            rmSync(filler)
            const saved = yield* postJson(`/api/documents/${id}/rewrite`, {})
            assert.strictEqual(saved.status, 200)
            assert.strictEqual((yield* jsonOf<{ version: number }>(saved)).version, 1)
          })
      )
    }
  )
})

// A file stands where the data folder should be: the folder cannot be created, by root either.
const blocked = mkdtempSync(join(tmpdir(), "redraft-blocked-"))
writeFileSync(join(blocked, "data"), "")
afterAll(() => rmSync(blocked, { recursive: true, force: true }))

layer(TestApp({ REDRAFT_DATA_DIR: join(blocked, "data") }), { excludeTestServices: true })(
  "a data folder that cannot be written",
  (it) => {
    it.effect("starts anyway: health says why the workspace is read-only, reads answer, writes are a 503", () =>
      Effect.gen(function* () {
        yield* (yield* FakeProvider).configure({})
        const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
        assert.isFalse(health.workspace.writable)
        assert.include(health.workspace.readOnly ?? "", "cannot be written")
        const list = yield* getPath("/api/documents")
        assert.strictEqual(list.status, 200)
        assert.deepStrictEqual((yield* jsonOf<{ documents: ReadonlyArray<unknown> }>(list)).documents, [])
        const write = yield* postJson("/api/documents", { text: "A note." })
        assert.strictEqual(write.status, 503)
        const error = (yield* jsonOf<ErrorJson>(write)).error
        assert.strictEqual(error.code, "workspace_read_only")
        assert.include(error.message, "cannot be written")
        // Rewriting a text that is not stored needs no storage.
        const rewrite = yield* postJson("/api/rewrite", { document: "Utilize the 3 keys." })
        assert.strictEqual(rewrite.status, 200)
      })
    )
  }
)

// A workspace of 60 documents with three pages in the middle overwritten with garbage.
const damaged = mkdtempSync(join(tmpdir(), "redraft-damaged-"))
await Effect.runPromise(
  Effect.gen(function* () {
    const documents = yield* Documents
    for (let i = 0; i < 60; i++) {
      yield* documents.create({ title: `Note ${i}`, text: `Note ${i}: ${"the pump runs at 40 L/min. ".repeat(120)}` })
    }
  }).pipe(
    Effect.provide(Documents.layerNoDeps.pipe(Layer.provide(Database.layerFile(join(damaged, "redraft.db"))))),
    Effect.scoped
  )
)
{
  const file = join(damaged, "redraft.db")
  const middle = Math.floor(statSync(file).size / 4096 / 2)
  const fd = openSync(file, "r+")
  for (let page = middle; page < middle + 3; page++) writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096)
  closeSync(fd)
}
afterAll(() => rmSync(damaged, { recursive: true, force: true }))

layer(TestApp({ REDRAFT_DATA_DIR: damaged }), { excludeTestServices: true })("a damaged workspace file", (it) => {
  it.effect("starts, names the damage in /api/health, and lists and backs up what can be read", () =>
    Effect.gen(function* () {
      yield* (yield* FakeProvider).configure({})
      const health = yield* jsonOf<Health>(yield* getPath("/api/health"))
      assert.isTrue(health.workspace.writable)
      assert.isAbove(health.workspace.problems.length, 0)
      const list = yield* getPath("/api/documents")
      assert.strictEqual(list.status, 200)
      const listed = (yield* jsonOf<{ documents: ReadonlyArray<{ id: string }> }>(list)).documents
      assert.isAbove(listed.length, 40)
      const backup = yield* getPath("/api/backup")
      assert.strictEqual(backup.status, 200)
      assert.isDefined(backup.headers["redraft-damaged"])
      const saved = yield* jsonOf<{ documents: ReadonlyArray<{ id: string }> }>(backup)
      assert.strictEqual(saved.documents.length, listed.length)
      // The CLI says the backup is partial.
      const exported = yield* runCli(["--service", yield* serviceUrl, "backup", "export"], { env: {} })
      assert.strictEqual(exported.exitCode, 0)
      assert.include(exported.stderr, "warning: the workspace file is damaged")
      assert.strictEqual(
        (JSON.parse(exported.stdout) as { documents: ReadonlyArray<unknown> }).documents.length,
        listed.length
      )
    })
  )
})
