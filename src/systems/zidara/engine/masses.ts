/** Largest state space given a dense slot table (4 MiB of Int32); larger ones use a Map. */
const DENSE_SLOTS = 1 << 20;

/**
 * Probability masses on states, in insertion order (so runs are reproducible): a dense slot
 * table when the state space is small, a Map otherwise. `clean` is the mass where no exploding
 * chain was capped, `capped` the rest (or, for a distribution, p and its capped part).
 * Made once and cleared between uses: the engine's inner loops allocate nothing.
 */
export class Masses {
  states = new Float64Array(64);
  clean = new Float64Array(64);
  capped = new Float64Array(64);
  size = 0;
  private readonly slots: Int32Array | Map<number, number>;

  constructor(space: number) {
    this.slots = space <= DENSE_SLOTS ? new Int32Array(space).fill(-1) : new Map();
  }

  /** Whether states below `space` fit this table's slots. */
  fits(space: number): boolean {
    return this.slots instanceof Int32Array ? space <= this.slots.length : space > DENSE_SLOTS;
  }

  add(state: number, clean: number, capped: number): void {
    const slots = this.slots;
    const slot = slots instanceof Int32Array ? slots[state]! : (slots.get(state) ?? -1);
    if (slot >= 0) {
      this.clean[slot]! += clean;
      this.capped[slot]! += capped;
      return;
    }
    if (this.size === this.states.length) this.grow();
    if (slots instanceof Int32Array) slots[state] = this.size;
    else slots.set(state, this.size);
    this.states[this.size] = state;
    this.clean[this.size] = clean;
    this.capped[this.size] = capped;
    this.size++;
  }

  /** Empties the table, keeping its storage for the next use (no garbage between defences). */
  clear(): void {
    if (this.slots instanceof Int32Array)
      for (let i = 0; i < this.size; i++) this.slots[this.states[i]!] = -1;
    else this.slots.clear();
    this.size = 0;
  }

  private grow(): void {
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.states = bigger(this.states);
    this.clean = bigger(this.clean);
    this.capped = bigger(this.capped);
  }
}

const shared: Masses[] = [];

/**
 * An empty table for states below `space`, for working role `role` (a small integer). The
 * tables are shared by every solve in the process and kept at the largest size asked for (at
 * most 4 MiB of slots each), so solves allocate none after the first. Safe because the
 * engine's passes are synchronous and never nested (nothing they call can start another
 * solve); a caller must be done with a role's table before asking for it again.
 */
export function workingMasses(role: number, space: number): Masses {
  let table = shared[role];
  if (!table?.fits(space)) {
    table = new Masses(space);
    shared[role] = table;
  }
  table.clear();
  return table;
}
