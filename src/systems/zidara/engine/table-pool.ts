/**
 * The solvers' large tables, kept between solves: a finished solve gives its tables back (NaN
 * and free again) and the next takes the smallest that fits, so a run of solves (a fight's
 * rounds: thousands) allocates its large tables once instead of feeding the garbage collector.
 */
class TablePool<T> {
  private readonly tables: T[] = [];

  /** `lengthOf` a table's entries; at most `most` tables and `entries` entries in all are kept. */
  constructor(
    private readonly lengthOf: (table: T) => number,
    private readonly most: number,
    private readonly entries: number,
  ) {}

  /** A pooled table of at least `size` entries (the smallest that fits), if any. */
  take(size: number): T | undefined {
    let best = -1;
    for (let i = 0; i < this.tables.length; i++) {
      const length = this.lengthOf(this.tables[i]!);
      if (length >= size && (best < 0 || length < this.lengthOf(this.tables[best]!))) best = i;
    }
    return best < 0 ? undefined : this.tables.splice(best, 1)[0];
  }

  /** Gives a table back, NaN and free again. */
  give(table: T): void {
    this.tables.push(table);
    let entries = this.tables.reduce((n, t) => n + this.lengthOf(t), 0);
    // Past the bounds, the smallest go first: large tables are the costly ones to make.
    this.tables.sort((a, b) => this.lengthOf(b) - this.lengthOf(a));
    while (this.tables.length > this.most || entries > this.entries)
      entries -= this.lengthOf(this.tables.pop()!);
  }
}

/** Value and decision tables of a Resolve level; 2 M entries at most (20 MB, even on a phone). */
export const valueTables = new TablePool<{ value: Float64Array; decision: Int16Array }>(
  (table) => table.value.length,
  16,
  1 << 21,
);

/** Reroll-one means of a Resolve level (see REROLL_ONE_MEMO). */
export const meanTables = new TablePool<Float64Array>((table) => table.length, 8, 1 << 21);
