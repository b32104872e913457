/**
 * Non-negative integer keys (below 2^31 − 1) to indices, by open addressing in typed arrays: for
 * the Ring and Skill solver's hundreds of thousands of lookups a check (pools by reduced key,
 * values by hash), without a Map's entries to allocate and collect. O(1) a lookup.
 */
export class KeyIndex {
  /** Key + 1 by slot (0: empty), and the slot's index; slots are 2^bits. */
  private keys: Int32Array;
  private values: Int32Array;
  private bits: number;
  private size = 0;

  constructor(bits: number) {
    this.bits = bits;
    this.keys = new Int32Array(2 ** bits);
    this.values = new Int32Array(2 ** bits);
  }

  /** A key's first slot: the top bits of a multiplicative hash. */
  private slot(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> (32 - this.bits);
  }

  /** The index of `key`, or −1. */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let at = this.slot(key); ; at = (at + 1) & mask) {
      const k = this.keys[at]!;
      if (k === key + 1) return this.values[at]!;
      if (k === 0) return -1;
    }
  }

  /** Sets the index of a key, held or not. */
  put(key: number, value: number): void {
    if (2 * (this.size + 1) > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let at = this.slot(key);
    while (this.keys[at] !== 0 && this.keys[at] !== key + 1) at = (at + 1) & mask;
    if (this.keys[at] === 0) this.size++;
    this.keys[at] = key + 1;
    this.values[at] = value;
  }

  /** Twice the room, every key placed again. */
  private grow(): void {
    const { keys, values } = this;
    this.bits++;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.size = 0;
    for (let at = 0; at < keys.length; at++)
      if (keys[at] !== 0) this.put(keys[at]! - 1, values[at]!);
  }
}
