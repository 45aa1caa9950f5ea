/**
 * A run's document, read a part at a time (src/markdown/Segments.ts) while its first paragraphs already run: the
 * paragraphs of each part go out as soon as it is read, and the event loop turns between parts, so the first provider
 * calls of a long document do not wait for the whole parse. The run's events keep their order: the outline still
 * comes first, and the events of paragraphs begun before it wait for it (their `total` is known only then).
 */
import { Cause, Effect, Queue, Stream } from "effect"
import type { ProgressEvent, RunEvent } from "../domain/Rewrite.ts"
import { type Segment, type SegmentedDocument, segmentParts } from "./Segmenter.ts"

export interface DocumentReading {
  /** The rewritable segments in order, as they are read. */
  readonly paragraphs: Stream.Stream<Segment>
  /** The whole document; what is left to read is read at once when it is asked for before the reading is done. */
  readonly document: () => SegmentedDocument
  /** How many rewritable segments the document has; 0 until it is read. */
  readonly total: () => number
  /** Emits a paragraph's event, or keeps it until the outline is out (and gives it the `total` then). */
  readonly emit: (event: ProgressEvent) => Effect.Effect<void>
}

export const readDocument = Effect.fnUntraced(function* (
  source: string,
  isRewritable: (segment: Segment) => boolean,
  emit: (event: RunEvent) => Effect.Effect<void>
) {
  const parts = segmentParts(source)
  let whole: SegmentedDocument | undefined
  let total = 0
  /** The next part's segments, or undefined once the document is read. */
  const readPart = (): ReadonlyArray<Segment> | undefined => {
    if (whole !== undefined) return undefined
    const part = parts.next()
    if (part.done !== true) return part.value
    whole = part.value
    total = whole.segments.filter(isRewritable).length
    return undefined
  }
  const document = (): SegmentedDocument => {
    let read = whole
    while (read === undefined) {
      readPart()
      read = whole
    }
    return read
  }

  let held: Array<ProgressEvent> | undefined = []
  const outline = Effect.gen(function* () {
    const { segments } = document()
    yield* emit({
      type: "outline",
      blocks: segments
        .filter((s) => s.block !== "blank")
        .map((s) => ({ index: s.index, kept: !isRewritable(s), text: s.text })),
      total
    })
    // Events that arrive while the held ones go out join the end of the line.
    for (let event = held?.shift(); event !== undefined; event = held?.shift()) yield* emit({ ...event, total })
    held = undefined
  })

  const paragraphs = yield* Queue.unbounded<Segment, Cause.Done>()
  yield* Effect.forkChild(
    Effect.gen(function* () {
      for (let part = readPart(); part !== undefined; part = readPart()) {
        yield* Queue.offerAll(paragraphs, part.filter(isRewritable))
        yield* Effect.yieldNow
      }
      // The outline first: the run's last paragraph can finish only after the queue ends.
      yield* outline
      yield* Queue.end(paragraphs)
    }).pipe(
      // A reading that breaks ends the line with its cause: the run fails with it instead of waiting for paragraphs
      // that never come.
      Effect.catchCause((cause) => Queue.failCause(paragraphs, cause))
    )
  )
  return {
    paragraphs: Stream.fromQueue(paragraphs),
    document,
    total: () => total,
    emit: (event) =>
      held === undefined
        ? emit(event)
        : Effect.sync(() => {
            held?.push(event)
          })
  } satisfies DocumentReading
})
