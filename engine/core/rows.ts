// A list answer as its length and a way to build any one row, so a host can encode a long answer a slice
// at a time (as its client reads it) instead of holding tens of thousands of row objects at once. An
// operation whose answer can be long (a broad search) describes it this way; its array answer is the
// same rows built in order, so both forms are one rule.

/**
 * The rows of a list answer: `row(i)` builds row i (0 <= i < total) afresh on each call, and throws a
 * RangeError for any other i.
 */
export interface Rows<Row = unknown> {
  readonly total: number;
  row(i: number): Row;
}

/** Every row, in order: the operation's array answer. */
export function allRows<Row>(rows: Rows<Row>): Row[] {
  const out: Row[] = new Array(rows.total);
  for (let i = 0; i < rows.total; i++) out[i] = rows.row(i);
  return out;
}

/**
 * Rows `0 <= i < total`, row i built by `build(i)`. Any other index (negative, past the end, not a whole
 * number) throws a RangeError: unchecked, it would build a row outside a page (the paging offset lets it
 * reach rows before and after) or a row of nothing.
 */
export function rowsOf<Row>(total: number, build: (index: number) => Row): Rows<Row> {
  return {
    total,
    row(i) {
      if (!Number.isInteger(i) || i < 0 || i >= total) {
        throw new RangeError(`row index must be a whole number from 0 to ${total - 1}, got ${String(i)}`);
      }
      return build(i);
    },
  };
}

/** An answer already built as an array, seen as rows. */
export function rowsOfArray<Row>(array: readonly Row[]): Rows<Row> {
  return rowsOf(array.length, (i) => array[i]);
}

/**
 * Rows `offset` up to `offset + limit` of `total` things, row k built by `build(offset + k)`: the paging
 * rule (offset and limit) of the operations that page.
 */
export function pagedRows<Row>(
  total: number,
  page: { offset?: number; limit?: number },
  build: (index: number) => Row,
): Rows<Row> {
  const offset = Math.min(page.offset ?? 0, total);
  const end = Math.min(total, offset + (page.limit ?? Number.POSITIVE_INFINITY));
  return rowsOf(end - offset, (k) => build(offset + k));
}
