/**
 * The rewrite runs of saved documents that are going on, so that deleting a document stops its runs: their provider
 * calls are cancelled and the client hears that the document is gone, instead of a run that cannot be saved.
 */
import { Context, Deferred, Effect, Layer, type Scope } from "effect"

export class DocumentRuns extends Context.Service<
  DocumentRuns,
  {
    /** A signal that completes when the document is deleted; registered for the life of the scope. */
    readonly watch: (documentId: string) => Effect.Effect<Deferred.Deferred<void>, never, Scope.Scope>
    /** Stops every run of the document that is going on. */
    readonly stop: (documentId: string) => Effect.Effect<void>
  }
>()("app/store/DocumentRuns") {
  static readonly layer = Layer.sync(DocumentRuns, () => {
    const running = new Map<string, Set<Deferred.Deferred<void>>>()
    return DocumentRuns.of({
      watch: (documentId) =>
        Effect.acquireRelease(
          Effect.gen(function* () {
            const signal = yield* Deferred.make<void>()
            const set = running.get(documentId) ?? new Set()
            set.add(signal)
            running.set(documentId, set)
            return signal
          }),
          (signal) =>
            Effect.sync(() => {
              const set = running.get(documentId)
              set?.delete(signal)
              if (set?.size === 0) running.delete(documentId)
            })
        ),
      stop: (documentId) =>
        Effect.forEach(running.get(documentId) ?? [], (signal) => Deferred.succeed(signal, undefined), {
          discard: true
        })
    })
  })
}
