import { type Int32List, push } from './int32-list.ts';

/**
 * One defence's solve as the list of operations it did, in the order it did them: what a solve
 * under another terminal utility does again, with other values at its leaves (a whole fight's
 * rounds solve the same rolls for each count of rounds left). Nodes are numbered in that order,
 * so a node's operands always come before it; each holds one value per lane when it is replayed
 * (BackwardSolve.replay). Operations, in `ops`:
 * - `LEAF_OP, s`: the settled value of a state of level 0, by its settle key s (best-class code ·
 *   Aura states + Aura: what the spend table settles it from, see BackwardSolve.settleKey);
 * - `WON_OP, r, aura`: the settled value of a roll that wins every intent, with Resolve r left;
 * - `MEAN_OP, n, operand…`: a reroll of one die or of every die, the mean of its n outcomes
 *   (nodes; their masses in `probs`, in order, and their sum, added in that order, in `masses`);
 * - `STATE_OP, r, s, n, option…`: a dice-and-Aura state of level r of settle key s: its settled
 *   value, or the best of its n options (nodes) for the lanes still open to a reroll.
 */
export class SolveProgram {
  constructor(
    readonly ops: Int32Array,
    readonly probs: Float64Array,
    /** Each mean's total mass, in the order of the means: a replay divides by it, not adding it up again. */
    readonly masses: Float64Array,
    readonly nodes: number,
    /** The node of each roll of every die, by (Resolve landed on · Aura states + Aura), −1: none. */
    readonly fresh: Int32Array,
  ) {}
}

/**
 * Room to record in, reused by every recording of the thread (one runs at a time, and only its
 * program's exact size is kept: see {@link SolveRecording.finish}), so it grows a few times a
 * process, not a few times a recording.
 */
const room: { ops: Int32Array; probs: Float64Array; masses: Float64Array } = {
  ops: new Int32Array(1 << 16),
  probs: new Float64Array(1 << 15),
  masses: new Float64Array(1 << 13),
};

export const LEAF_OP = 0;
export const WON_OP = 1;
export const MEAN_OP = 2;
export const STATE_OP = 3;

/** A program being recorded, with what the recording needs to name operands: nodes by table entry. */
export class SolveRecording {
  /** The node of each roll of every die recorded so far (see SolveProgram.fresh). */
  readonly fresh: Int32Array;
  private opCount = 0;
  private probCount = 0;
  private massCount = 0;
  private nodes = 0;
  /** Per Resolve level r ≥ 1: the node of each entry (value key · Aura states held + Aura), −1: none. */
  readonly stateNode: Int32Array[];
  /** Per Resolve level landed on: the node of each kept reroll-one mean (by its memo slot / lanes), −1: none. */
  readonly onceNode: Int32Array[];
  /** Per Resolve level: the options of the state being recorded there (the recursion nests by level). */
  readonly options: Int32List[];
  /** Per Resolve level: the operands of the mean being recorded that lands there. */
  readonly operands: Int32List[];
  /** The node of each settled entry of level 0, and of each won roll (r · Aura states + Aura), −1: none. */
  private readonly leafNode: Int32Array;
  private readonly wonNode: Int32Array;

  /**
   * `entries` per level's value table (value keys × Aura states held), `groups` of dice;
   * `settleKey` gives an entry's settle key (see {@link SolveProgram}).
   */
  constructor(
    levels: number,
    auraStates: number,
    entries: number,
    groups: number,
    private readonly settleKey: (entry: number) => number,
  ) {
    this.fresh = new Int32Array(levels * auraStates).fill(-1);
    this.stateNode = Array.from({ length: levels }, (_, r) =>
      new Int32Array(r === 0 ? 0 : entries).fill(-1),
    );
    this.onceNode = Array.from({ length: levels - 1 }, () =>
      new Int32Array(groups * entries).fill(-1),
    );
    this.leafNode = new Int32Array(entries).fill(-1);
    this.wonNode = new Int32Array(levels * auraStates).fill(-1);
    this.auraStates = auraStates;
    const list = (): Int32List => ({ items: new Int32Array(16), size: 0 });
    this.options = Array.from({ length: levels }, list);
    this.operands = Array.from({ length: levels }, list);
  }

  private readonly auraStates: number;

  /** The recorded program, copied out of the shared room at its exact size. */
  finish(): SolveProgram {
    return new SolveProgram(
      room.ops.slice(0, this.opCount),
      room.probs.slice(0, this.probCount),
      room.masses.slice(0, this.massCount),
      this.nodes,
      this.fresh,
    );
  }

  private op(value: number): void {
    if (this.opCount === room.ops.length) room.ops = grown(room.ops, Int32Array);
    room.ops[this.opCount++] = value;
  }

  /** The node of entry i of level r: its state's, or at level 0 its settled value's (recorded when first asked). */
  operand(r: number, i: number): number {
    if (r > 0) return this.stateNode[r]![i]!;
    let node = this.leafNode[i]!;
    if (node < 0) {
      this.op(LEAF_OP);
      this.op(this.settleKey(i));
      node = this.nodes++;
      this.leafNode[i] = node;
    }
    return node;
  }

  /** The node of the settled value of a won roll in Aura state `aura` with Resolve r left (recorded when first asked). */
  won(r: number, aura: number): number {
    const slot = r * this.auraStates + aura;
    let node = this.wonNode[slot]!;
    if (node < 0) {
      this.op(WON_OP);
      this.op(r);
      this.op(aura);
      node = this.nodes++;
      this.wonNode[slot] = node;
    }
    return node;
  }

  /**
   * Records a mean of the operands gathered in `operands[level]`, of masses `p[0…count)` and then
   * the masses of `more` that are not 0 (in order); returns its node.
   */
  mean(level: number, p: ArrayLike<number>, count = p.length, more?: ArrayLike<number>): number {
    const operands = this.operands[level]!;
    const n = operands.size;
    if (this.opCount + n + 2 > room.ops.length) room.ops = grown(room.ops, Int32Array, n + 2);
    if (this.probCount + n > room.probs.length) room.probs = grown(room.probs, Float64Array, n);
    if (this.massCount === room.masses.length) room.masses = grown(room.masses, Float64Array);
    const { ops, probs } = room;
    ops[this.opCount++] = MEAN_OP;
    ops[this.opCount++] = n;
    for (let k = 0; k < n; k++) ops[this.opCount++] = operands.items[k]!;
    // The mass is added up as the solve adds it: the outcomes in order.
    let mass = 0;
    for (let o = 0; o < count; o++) {
      probs[this.probCount++] = p[o]!;
      mass += p[o]!;
    }
    for (let b = 0; more && b < more.length; b++) {
      if (more[b] === 0) continue;
      probs[this.probCount++] = more[b]!;
      mass += more[b]!;
    }
    room.masses[this.massCount++] = mass;
    operands.size = 0;
    return this.nodes++;
  }

  /** Records a state of level r (entry i) with the options gathered in `options[r]`; returns its node. */
  state(r: number, i: number): number {
    const options = this.options[r]!;
    const n = options.size;
    if (this.opCount + n + 4 > room.ops.length) room.ops = grown(room.ops, Int32Array, n + 4);
    const ops = room.ops;
    ops[this.opCount++] = STATE_OP;
    ops[this.opCount++] = r;
    ops[this.opCount++] = this.settleKey(i);
    ops[this.opCount++] = n;
    for (let k = 0; k < n; k++) ops[this.opCount++] = options.items[k]!;
    options.size = 0;
    const node = this.nodes++;
    this.stateNode[r]![i] = node;
    return node;
  }

  /** Adds an option (a node) to the state being recorded at level r. */
  option(r: number, node: number): void {
    push(this.options[r]!, node);
  }
}

/** `array` in a new array with room for at least `extra` more, twice as long at least. */
function grown<T extends Int32Array | Float64Array>(
  array: T,
  Kind: new (length: number) => T,
  extra = 1,
): T {
  const bigger = new Kind(Math.max(2 * array.length, array.length + extra));
  bigger.set(array);
  return bigger;
}

/**
 * Recorded solves, by what they solve (see RollSolver.laneUtilitiesFor): one program per defence
 * vector. A whole fight keeps one store for all its rounds, which solve the same rolls again.
 */
export class SolvePrograms {
  private readonly solves = new Map<string, SolveProgram[]>();
  private readonly seen = new Set<string>();
  /** How many solves were replayed rather than solved. */
  replays = 0;

  /**
   * @param recordFirst record a solve the first time it is asked, not the second: for a store
   *   whose every solve is asked again and again (a whole fight of three rounds or more).
   */
  constructor(private readonly recordFirst = false) {}

  /**
   * The programs of solve `key`, if every one of its `defences` is recorded with a node for each
   * of the `fresh` rolls asked (by Resolve · Aura states + Aura).
   */
  replayable(key: string, defences: number, fresh: readonly number[]): SolveProgram[] | undefined {
    const programs = this.solves.get(key);
    if (!programs || programs.length !== defences) return undefined;
    for (let d = 0; d < defences; d++) {
      const program = programs[d];
      if (!program || fresh.some((slot) => program.fresh[slot]! < 0)) return undefined;
    }
    this.replays++;
    return programs;
  }

  /**
   * Where a solve of `key` records its programs (by defence), if none has yet: by default the
   * second solve of it, not the first. A recording explores every option, where a solve skips
   * those its values rule out, so it costs a few solves; a fight's first round (all or nothing)
   * rules out the most, and a key solved once may never be solved again.
   */
  recordFor(key: string): SolveProgram[] | undefined {
    if (!this.recordFirst && !this.seen.has(key)) {
      this.seen.add(key);
      return undefined;
    }
    if (this.solves.has(key)) return undefined;
    const programs: SolveProgram[] = [];
    this.solves.set(key, programs);
    return programs;
  }
}
