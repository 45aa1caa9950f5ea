/**
 * Reading around damage. A corrupt page stops a scan of its table at that page, and the rows behind it would be hidden
 * with it; but a table can be walked from either end and through its indexes, and every row found on any of those
 * walks read by itself. What is read is served; what is not is counted, so the writer hears how much is missing.
 */
import type { DatabaseSync, SQLInputValue } from "node:sqlite"

export interface Salvaged<Row> {
  readonly rows: ReadonlyArray<Row>
  /** Rows that were found on a walk but could not be read. */
  readonly unreadable: number
}

/**
 * The rows of `table` that can still be read, each by `select` (a statement taking the rowid as its one parameter).
 * `walks` are further statements that list rowids, e.g. through an index.
 */
export const salvageRows = <Row>(
  db: DatabaseSync,
  table: string,
  select: string,
  walks: ReadonlyArray<string> = []
): Salvaged<Row> => {
  const rowids = new Set<number>()
  for (const walk of [
    `SELECT rowid AS id FROM ${table} ORDER BY rowid`,
    `SELECT rowid AS id FROM ${table} ORDER BY rowid DESC`,
    ...walks
  ]) {
    collect(db, walk, rowids)
  }
  const rows: Array<Row> = []
  let unreadable = 0
  for (const rowid of [...rowids].toSorted((a, b) => a - b)) {
    const row = readOne<Row>(db, select, rowid)
    if (row === "unreadable") unreadable++
    else if (row !== undefined) rows.push(row)
  }
  return { rows, unreadable }
}

/** Adds the rowids a walk yields until it ends or meets damage. */
const collect = (db: DatabaseSync, walk: string, into: Set<number>): void => {
  try {
    for (const row of db.prepare(walk).iterate()) into.add(Number((row as { id: number }).id))
  } catch {
    // The walk met a damaged page: the rowids before it are kept, the other walks find those after it.
  }
}

/** One row by its rowid; "unreadable" when damage stops the read. */
export const readOne = <Row>(
  db: DatabaseSync,
  select: string,
  ...params: Array<SQLInputValue>
): Row | undefined | "unreadable" => {
  try {
    return db.prepare(select).get(...params) as Row | undefined
  } catch {
    return "unreadable"
  }
}
