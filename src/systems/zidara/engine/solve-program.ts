import { type Int32List, push } from './int32-list.ts';

/**
 * One defence's solve as the list of operations it did, in the order it did them: what a solve
 * under another terminal utility does again, with other values at its leaves (a whole fight's
 * rounds solve the same rolls for each count of rounds left). Nodes are numbered in that order,
 * so a node's operands always come before it; each holds one value per lane when it is replayed
 * (BackwardSolve.replay). Operations, in `ops`:
 * - `LEAF_OP, i`: the settled value of entry i (value key · Aura states held + Aura) of level 0;
 * - `WON_OP, r, aura`: the settled value of a roll that wins every intent, with Resolve r left;
 * - `MEAN_OP, n, operand…`: a reroll of one die or of every die, the mean of its n outcomes
 *   (nodes; their masses in `probs`, in order);
 * - `STATE_OP, r, i, n, option…`: a dice-and-Aura state (entry i of level r's tables): its
 *   settled value, or the best of its n options (nodes) for the lanes still open to a reroll.
 */
export class SolveProgram {
  ops = new Int32Array(4096);
  opCount = 0;
  probs = new Float64Array(2048);
  probCount = 0;
  nodes = 0;
  /** The node of each roll of every die, by (Resolve landed on · Aura states + Aura), −1: none. */
  readonly fresh: Int32Array;

  constructor(levels: number, auraStates: number) {
    this.fresh = new Int32Array(levels * auraStates).fill(-1);
  }

  op(value: number): void {
    if (this.opCount === this.ops.length) this.ops = grown(this.ops, Int32Array);
    this.ops[this.opCount++] = value;
  }

  prob(value: number): void {
    if (this.probCount === this.probs.length) this.probs = grown(this.probs, Float64Array);
    this.probs[this.probCount++] = value;
  }

  /** Drops the spare room, once recorded: a fight keeps thousands of programs. */
  trim(): void {
    this.ops = this.ops.slice(0, this.opCount);
    this.probs = this.probs.slice(0, this.probCount);
  }
}

export const LEAF_OP = 0;
export const WON_OP = 1;
export const MEAN_OP = 2;
export const STATE_OP = 3;

/** A program being recorded, with what the recording needs to name operands: nodes by table entry. */
export class SolveRecording {
  readonly program: SolveProgram;
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

  /** `entries` per level's value table (value keys × Aura states held), `groups` of dice. */
  constructor(levels: number, auraStates: number, entries: number, groups: number) {
    this.program = new SolveProgram(levels, auraStates);
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

  /** The node of entry i of level r: its state's, or at level 0 its settled value's (recorded when first asked). */
  operand(r: number, i: number): number {
    if (r > 0) return this.stateNode[r]![i]!;
    let node = this.leafNode[i]!;
    if (node < 0) {
      this.program.op(LEAF_OP);
      this.program.op(i);
      node = this.program.nodes++;
      this.leafNode[i] = node;
    }
    return node;
  }

  /** The node of the settled value of a won roll in Aura state `aura` with Resolve r left (recorded when first asked). */
  won(r: number, aura: number): number {
    const slot = r * this.auraStates + aura;
    let node = this.wonNode[slot]!;
    if (node < 0) {
      this.program.op(WON_OP);
      this.program.op(r);
      this.program.op(aura);
      node = this.program.nodes++;
      this.wonNode[slot] = node;
    }
    return node;
  }

  /** Records a mean of the operands gathered in `operands[level]`, of masses `p` (in order); returns its node. */
  mean(level: number, p: ArrayLike<number>, count = p.length): number {
    const { program } = this;
    const operands = this.operands[level]!;
    program.op(MEAN_OP);
    program.op(operands.size);
    for (let k = 0; k < operands.size; k++) program.op(operands.items[k]!);
    for (let o = 0; o < count; o++) program.prob(p[o]!);
    operands.size = 0;
    return program.nodes++;
  }

  /** Records a state of level r (entry i) with the options gathered in `options[r]`; returns its node. */
  state(r: number, i: number): number {
    const { program } = this;
    const options = this.options[r]!;
    program.op(STATE_OP);
    program.op(r);
    program.op(i);
    program.op(options.size);
    for (let k = 0; k < options.size; k++) program.op(options.items[k]!);
    options.size = 0;
    const node = program.nodes++;
    this.stateNode[r]![i] = node;
    return node;
  }

  /** Adds an option (a node) to the state being recorded at level r. */
  option(r: number, node: number): void {
    push(this.options[r]!, node);
  }
}

function grown<T extends Int32Array | Float64Array>(array: T, Kind: new (length: number) => T): T {
  const bigger = new Kind(2 * array.length);
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
   * Where a solve of `key` records its programs (by defence), if none has yet: the second solve
   * of it, not the first. A recording explores every option, where a solve skips those its
   * values rule out, so it costs a few solves; a fight's first round (all or nothing) rules out
   * the most, and a key solved once may never be solved again.
   */
  recordFor(key: string): SolveProgram[] | undefined {
    if (!this.seen.has(key)) {
      this.seen.add(key);
      return undefined;
    }
    if (this.solves.has(key)) return undefined;
    const programs: SolveProgram[] = [];
    this.solves.set(key, programs);
    return programs;
  }
}
