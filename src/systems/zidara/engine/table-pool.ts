/**
 * The solvers' value and decision tables, kept between solves: a finished solve gives its
 * tables back (NaN and free again) and the next takes the smallest that fits, so a run of
 * solves allocates its large tables once.
 */

/** Value and decision tables a finished solve left (NaN and free again), for the next to take. */
const tablePool: { value: Float64Array; decision: Int16Array }[] = [];
/** Most tables kept, and most entries in all (2 M: 20 MB of tables at most, even on a phone). */
const POOL_TABLES = 16;
const POOL_ENTRIES = 1 << 21;

/** A pooled table pair of at least `size` entries (the smallest that fits), if any. */
export function pooledTable(
  size: number,
): { value: Float64Array; decision: Int16Array } | undefined {
  let best = -1;
  for (let i = 0; i < tablePool.length; i++) {
    const length = tablePool[i]!.value.length;
    if (length >= size && (best < 0 || length < tablePool[best]!.value.length)) best = i;
  }
  return best < 0 ? undefined : tablePool.splice(best, 1)[0];
}

export function poolTable(table: { value: Float64Array; decision: Int16Array }): void {
  tablePool.push(table);
  let entries = tablePool.reduce((n, t) => n + t.value.length, 0);
  // Past the bounds, the smallest go first: large tables are the costly ones to make.
  tablePool.sort((a, b) => b.value.length - a.value.length);
  while (tablePool.length > POOL_TABLES || entries > POOL_ENTRIES)
    entries -= tablePool.pop()!.value.length;
}
