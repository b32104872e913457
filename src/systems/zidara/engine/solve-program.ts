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
 * - `MEAN_OP, n, m, operand…`: a reroll of one die or of every die, the mean of its n outcomes
 *   (nodes) under masses m: `probs[starts[m]…]`, in order, their sum (added in that order)
 *   `masses[m]`. A defence's rerolls of a group all share one law, and its rolls of every die
 *   another, so a program keeps each law once, not once a mean.
 * - `STATE_OP, r, s, n, option…`: a dice-and-Aura state of level r of settle key s: its settled
 *   value, or the best of its n options (nodes) for the lanes still open to a reroll.
 */
export class SolveProgram {
  constructor(
    readonly ops: Int32Array,
    /** The masses of the means' laws, one after another; where each law's start. */
    readonly probs: Float64Array,
    readonly starts: Int32Array,
    /** Each law's total mass: a replay divides by it, not adding it up again. */
    readonly masses: Float64Array,
    readonly nodes: number,
    /** The node of each roll of every die, by (Resolve landed on · Aura states + Aura), −1: none. */
    readonly fresh: Int32Array,
  ) {}
}

/** Entries of the first chunk a store records into; each later chunk is twice the last, to the most. */
const FIRST_CHUNK = 1 << 14;
const MOST_CHUNK = 1 << 22;

/**
 * Memory a store's recordings write their operations into, in chunks that its programs keep
 * views of: a program is recorded in place and kept as it is, never copied (a whole fight keeps
 * about 100 MB of them). One recording writes at a time; a recording that outgrows its chunk
 * moves to a new one.
 */
export class ProgramMemory {
  chunk = new Int32Array(FIRST_CHUNK);
  /** Entries of the chunk that finished programs hold. */
  used = 0;
  private size = FIRST_CHUNK;

  /**
   * A new chunk holding the `count` entries written from `base` of the current one, with room
   * for `need` more; the recording goes on from its start.
   */
  moved(base: number, count: number, need: number): Int32Array {
    this.size = Math.min(MOST_CHUNK, 2 * this.size);
    const chunk = new Int32Array(Math.max(this.size, 2 * (count + need)));
    chunk.set(this.chunk.subarray(base, base + count));
    this.chunk = chunk;
    this.used = 0;
    return chunk;
  }
}

export const LEAF_OP = 0;
export const WON_OP = 1;
export const MEAN_OP = 2;
export const STATE_OP = 3;

/** A program being recorded, with what the recording needs to name operands: nodes by table entry. */
export class SolveRecording {
  /** The node of each roll of every die recorded so far (see SolveProgram.fresh). */
  readonly fresh: Int32Array;
  /** Where this program's entries start in the memory's current chunks, and how many there are. */
  private ops: Int32Array;
  private opBase: number;
  private opCount = 0;
  /** The laws of the means recorded, by the array of masses they were given (see {@link mean}). */
  private readonly laws = new Map<ArrayLike<number>, number>();
  private readonly probs: number[] = [];
  private readonly starts: number[] = [];
  private readonly masses: number[] = [];
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
    private readonly memory: ProgramMemory,
  ) {
    this.ops = memory.chunk;
    this.opBase = memory.used;
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

  /** The recorded program: a view of its operations, which the memory will not write again. */
  finish(): SolveProgram {
    const { memory } = this;
    memory.used = this.opBase + this.opCount;
    return new SolveProgram(
      this.ops.subarray(this.opBase, memory.used),
      Float64Array.from(this.probs),
      Int32Array.from(this.starts),
      Float64Array.from(this.masses),
      this.nodes,
      this.fresh,
    );
  }

  /** Makes room for `need` more operations. */
  private room(need: number): void {
    if (this.opBase + this.opCount + need > this.ops.length) {
      this.ops = this.memory.moved(this.opBase, this.opCount, need);
      this.opBase = 0;
    }
  }

  /** The node of entry i of level r: its state's, or at level 0 its settled value's (recorded when first asked). */
  operand(r: number, i: number): number {
    if (r > 0) return this.stateNode[r]![i]!;
    let node = this.leafNode[i]!;
    if (node < 0) {
      this.room(2);
      this.ops[this.opBase + this.opCount++] = LEAF_OP;
      this.ops[this.opBase + this.opCount++] = this.settleKey(i);
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
      this.room(3);
      const at = this.opBase + this.opCount;
      this.ops[at] = WON_OP;
      this.ops[at + 1] = r;
      this.ops[at + 2] = aura;
      this.opCount += 3;
      node = this.nodes++;
      this.wonNode[slot] = node;
    }
    return node;
  }

  /**
   * Records a mean of the operands gathered in `operands[level]`, of masses `p[0…count)` and then
   * the masses of `more` that are not 0 (in order); returns its node. Means given the same array
   * `p` share one law: within a defence, `p` always holds the same masses for the same count and
   * `more` (a group's outcomes, or the roll of every die).
   */
  mean(level: number, p: ArrayLike<number>, count = p.length, more?: ArrayLike<number>): number {
    const operands = this.operands[level]!;
    const n = operands.size;
    let law = this.laws.get(p);
    if (law === undefined) {
      law = this.starts.length;
      this.laws.set(p, law);
      this.starts.push(this.probs.length);
      // The mass is added up as the solve adds it: the outcomes in order.
      let mass = 0;
      for (let o = 0; o < count; o++) {
        this.probs.push(p[o]!);
        mass += p[o]!;
      }
      for (let b = 0; more && b < more.length; b++) {
        if (more[b] === 0) continue;
        this.probs.push(more[b]!);
        mass += more[b]!;
      }
      this.masses.push(mass);
    }
    this.room(n + 3);
    const ops = this.ops;
    let at = this.opBase + this.opCount;
    ops[at++] = MEAN_OP;
    ops[at++] = n;
    ops[at++] = law;
    for (let k = 0; k < n; k++) ops[at++] = operands.items[k]!;
    this.opCount += n + 3;
    operands.size = 0;
    return this.nodes++;
  }

  /** Records a state of level r (entry i) with the options gathered in `options[r]`; returns its node. */
  state(r: number, i: number): number {
    const options = this.options[r]!;
    const n = options.size;
    this.room(n + 4);
    const ops = this.ops;
    let at = this.opBase + this.opCount;
    ops[at++] = STATE_OP;
    ops[at++] = r;
    ops[at++] = this.settleKey(i);
    ops[at++] = n;
    for (let k = 0; k < n; k++) ops[at++] = options.items[k]!;
    this.opCount += n + 4;
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

/**
 * Recorded solves, by what they solve (see RollSolver.laneUtilitiesFor): one program per defence
 * vector. A whole fight keeps one store for all its rounds, which solve the same rolls again.
 */
export class SolvePrograms {
  private readonly solves = new Map<string, SolveProgram[]>();
  private readonly seen = new Set<string>();
  /** How many solves were replayed rather than solved. */
  replays = 0;
  /** Where the store's programs are recorded. */
  readonly memory = new ProgramMemory();

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
