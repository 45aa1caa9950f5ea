/** "waiting for the model server, 12 s left": a run whose provider calls wait to try again, as the CLI and UI say it. */
export const waitingNote = (leftMs: number): string =>
  `waiting for the model server, ${Math.max(0, Math.ceil(leftMs / 1000))} s left`
