/**
 * A Map that starts again, empty, once it holds `limit` entries: for tables that are cheap to
 * redo and worth keeping across rolls, without growing with every roll a long run sees.
 * @example ((c) => (c.remember(1, 'a'), c.remember(2, 'b'), c.get(1)))(new BoundedCache(1)) // undefined (full at 1 entry: emptied before 2 went in)
 */
export class BoundedCache<Key, Value> {
  readonly #entries = new Map<Key, Value>();

  constructor(readonly limit: number) {}

  get(key: Key): Value | undefined {
    return this.#entries.get(key);
  }

  /** Stores `value` under `key`, first emptying the cache if it is full, and returns it. */
  remember(key: Key, value: Value): Value {
    if (this.#entries.size >= this.limit) this.#entries.clear();
    this.#entries.set(key, value);
    return value;
  }
}
