import { challengeDie } from '../roll/pool.ts';
import type { Roll } from '../roll/spec.ts';
import { BackwardSolve } from './backward-solve.ts';
import { ForwardPass, type Start } from './forward-pass.ts';
import { FigureSums, intentDice, RollFigures } from './roll-figures.ts';
import type { RollModel } from './roll-model.ts';
import {
  type ActionValue,
  PLAY_DEFAULTS,
  type Policy,
  REROLL_ALL,
  REROLL_GROUP_STRIDE,
  type RerollKinds,
  type RollOdds,
  type SolveOptions,
  STOP,
  startAuraState,
} from './roll-play.ts';
import { rollShape } from './roll-shape.ts';
import type { SolveProgram, SolvePrograms } from './solve-program.ts';
import { type SpendPlan, type SpendRules, spendRulesOf } from './spend.ts';

/**
 * The nodes' values of the program being replayed (see laneUtilitiesFor), kept from one replay to
 * the next: a whole fight replays every candidate each round, and a fresh array each time (up to
 * a megabyte, off the heap) cost it about a tenth of its time in allocation and collection. A
 * replay writes every node before it reads it, so what an earlier one left is never read.
 */
let replayValues = new Float64Array(0);

/** A roll a solve answers: its Challenge dice, its weight 1/Π(2C) and its start's index. */
interface Question {
  readonly roll: Roll;
  readonly limits: Int32Array;
  readonly weight: number;
  readonly start: number;
}

/**
 * The exact engine for one Zi'Dara roll. Every defence vector is enumerated; under each, the
 * state after a roll is (multiset of die classes per group, Aura, Resolve), and the optimal
 * value is a memoised recursion over it: stop and spend, reroll all, or reroll one die.
 * Rerolling all leads to a value that depends only on (Aura, Resolve), so it is solved once.
 * Figures under the chosen policy come from one forward pass over the reachable states.
 *
 * One solve answers many questions (`oddsFor`): what is learned under a defence D is the same
 * for every Challenge that can roll it (only its weight 1/(2C) changes), and the level-r tables
 * do not depend on the Resolve or Aura a roll starts with; so the solver of the largest
 * Challenges and Resolve of a shape runs one forward pass per start over shared tables.
 *
 * Cost: O(Π 2C · reachable states · Σ groups' outcomes); a handful of milliseconds for the
 * rolls of the rules (up to 8 dice, 2 threats, 2 Resolve).
 * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })).odds().expectedUtility // 0.765625
 */
export class RollSolver {
  readonly model: RollModel;
  readonly roll: Roll;
  readonly policy: Policy;
  readonly spendRules: SpendRules;
  /** Enumerated defence vectors, by index (mixed radix over the active threats). */
  readonly defenceCount: number;
  readonly rerolls: RerollKinds;
  /**
   * Terminal utilities solved side by side (see `SolveOptions.terminals`): every value table
   * holds `lanes` values per state, lane j under terminal j, each decided as its own solve would.
   */
  readonly lanes: number;
  private readonly joint: boolean;
  /** The values and decisions (backward-solve.ts), and the figures under them (forward-pass.ts). */
  private readonly values: BackwardSolve;
  private readonly pass: ForwardPass;

  constructor(roll: Roll, options: SolveOptions | Policy = {}) {
    const {
      policy = PLAY_DEFAULTS.policy,
      rerolls = PLAY_DEFAULTS.rerolls,
      joint = false,
      terminal,
      terminals: several,
      lowestAura = 0,
    } = typeof options === 'string' ? { policy: options } : options;
    if (terminal && several) throw new RangeError('RollSolver: a terminal or terminals, not both');
    if (several?.length === 0) throw new RangeError('RollSolver: terminals is empty');
    const terminals = several ?? (terminal ? [terminal] : undefined);
    this.values = new BackwardSolve(roll, {
      policy,
      rerolls,
      terminals: terminals?.map((t) => Float64Array.from(t)),
      lowestAura,
    });
    this.pass = new ForwardPass(this.values);
    this.roll = roll;
    this.policy = policy;
    this.rerolls = rerolls;
    this.joint = joint;
    this.model = this.values.model;
    this.spendRules = spendRulesOf(roll);
    this.defenceCount = this.values.defenceCount;
    this.lanes = this.values.lanes;
  }

  /** The defence of each threat (0 for threats no intent targets) in defence vector `d`. */
  defences(d: number): number[] {
    return this.values.defences(d);
  }

  /** The index of a defence vector (each threat's D, inactive threats ignored). */
  defenceIndex(defences: ArrayLike<number>): number {
    let index = 0;
    let place = 1;
    for (const t of this.model.activeThreats) {
      const size = challengeDie(this.roll.threats[t]!.challenge);
      index += (defences[t]! - 1) * place;
      place *= size;
    }
    return index;
  }

  /** Aura state at the start: current Aura, or (gains held back) gains so far, 0. */
  get startAura(): number {
    return startAuraState(this.roll);
  }

  /** Refuses an Aura state below the tables' lowest (see `lowestAura`). */
  private held(aura: number): number {
    if (aura < this.values.lowAura)
      throw new RangeError(
        `RollSolver: Aura state ${aura} is below the lowest this solver holds (${this.values.lowAura})`,
      );
    return aura;
  }

  /**
   * The policy's decision with Resolve `r` left, in dice state `key` with Aura state `aura`,
   * under defence vector `d`: STOP, REROLL_ALL, or a reroll-one code (see REROLL_GROUP_STRIDE).
   * A caller that already knows whether the roll has failed may say so (`failed`).
   */
  decide(
    d: number,
    key: number,
    aura: number,
    r: number,
    failed = this.values.failed(key),
  ): number {
    if (this.policy === 'never' || r === 0) return STOP;
    if (this.policy === 'greedy') return failed ? REROLL_ALL : STOP;
    return this.values.optimalDecision(this.values.context(d), r, key, this.held(aura));
  }

  /**
   * How the policy settles dice state `key` with Aura state `aura` after its last reroll, with
   * Resolve `r` left (it matters only to a terminal utility).
   */
  settle(key: number, aura: number, r = 0): SpendPlan {
    return this.values.spends.plans[
      this.values.planIdAt(this.values.valueKey(key), this.held(aura), r)
    ]!;
  }

  /**
   * How the policy settles when intent i's best class index is digit i of `code` (base
   * `model.classes`, intent 0 lowest), with Aura state `aura`. Cached.
   */
  settleBest(code: number, aura: number, r = 0): SpendPlan {
    return this.values.spends.plan(code, aura, r);
  }

  /** The optimal (or the policy's) expected utility and every figure of the rules page. */
  odds(): RollOdds {
    return this.oddsFor([this.roll])[0]!;
  }

  /**
   * The figures of several rolls of this solver's shape (see {@link rollShape}), each with
   * Challenges at most the solver's and Resolve at most the solver's, from one pass over the
   * defences: each defence vector's tables are built once and serve every roll that can meet
   * it (weighed by its own 1/(2C)), and one forward pass per distinct start (Resolve, Aura)
   * serves every roll that starts there. Throws a RangeError for a roll it cannot answer.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 6 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 })).oddsFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], auraMax: 0 })])[0].intents[0].pWin // 0.4375
   */
  oddsFor(rolls: readonly Roll[]): RollOdds[] {
    if (this.lanes > 1)
      throw new RangeError('RollSolver.oddsFor: several terminals give utilities only');
    const model = this.model;
    const A = this.values.auraStates;
    const levels = this.roll.resolve + 1;
    const { questions, starts } = this.questionsOf(rolls);
    const areaStates = model.areaClasses;
    const figures = new FigureSums(
      questions.length,
      model.intentCount,
      areaStates,
      A,
      levels,
      this.joint,
    );
    const scratch = new RollFigures(model.intentCount, areaStates, A, levels, this.joint);
    // Typed, as the Challenge dice are (see challengeDice).
    const startOf = Int32Array.from(questions, (q) => q.start);
    const weight = Float64Array.from(questions, (q) => q.weight);
    this.eachDefence(questions, starts, (d, s, meets) => {
      const ctx = this.values.context(d);
      const start = starts[s]!;
      scratch.clear();
      if (this.policy === 'optimal') {
        this.values.startValue(ctx, start.resolve, start.aura);
        scratch.optimal = this.values.laneStart[0]!;
      }
      this.pass.forward(ctx, start, scratch);
      figures.addMet(scratch, meets, s, startOf, weight);
    });
    const dice = intentDice(this.roll);
    return questions.map((q, i) => figures.odds(i, q.roll, this.policy, dice));
  }

  /**
   * The expected utility of each roll of this solver's shape (as {@link oddsFor} gives it), and
   * nothing else: under optimal play that is the tables' own value, so no forward pass is run
   * (about a third of a solve). Another policy's utility needs its forward pass: `oddsFor`.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })).utilitiesFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 3 })]) // [0.765625]
   */
  utilitiesFor(rolls: readonly Roll[]): number[] {
    if (this.policy !== 'optimal') return this.oddsFor(rolls).map((odds) => odds.expectedUtility);
    if (this.lanes > 1)
      throw new RangeError('RollSolver.utilitiesFor: several terminals: see laneUtilitiesFor');
    return this.laneUtilitiesFor(rolls)[0]!;
  }

  /**
   * {@link utilitiesFor} under each of the solver's terminals (`SolveOptions.terminals`), from
   * one solve: `[lane][roll]`, each exactly what a solver of that terminal alone gives.
   * @example new RollSolver(parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 0, auraMax: 0 }), { terminals: [[0, 1], [1, 1]] }).laneUtilitiesFor([parseRoll({ threats: [{ challenge: 4 }], dice: [{ sides: 8, intent: 0 }], aura: 0, auraMax: 0 })]) // [[0.4375], [1]] (a d8 against the d8: 28 of 64)
   */
  laneUtilitiesFor(rolls: readonly Roll[], programs?: SolvePrograms): number[][] {
    if (this.policy !== 'optimal')
      throw new RangeError('RollSolver.laneUtilitiesFor: the optimal policy only');
    const { questions, starts } = this.questionsOf(rolls);
    const L = this.lanes;
    const A = this.values.auraStates;
    const sums = new Float64Array(questions.length * L);
    // Over the summed weight of the defences, as FigureSums.odds has it (bit for bit).
    const weights = new Float64Array(questions.length);
    const { replayed, record } = this.programsOf(programs, starts);
    let values = replayValues;
    let valuesOf = -1;
    this.eachDefence(
      questions,
      starts,
      (d, s, meets) => {
        const start = starts[s]!;
        let from = this.values.laneStart;
        let at = 0;
        if (replayed) {
          const program = replayed[d]!;
          if (valuesOf !== d) {
            if (values.length < program.nodes * L)
              values = replayValues = new Float64Array(program.nodes * L);
            this.values.replay(program, values);
            valuesOf = d;
          }
          from = values;
          at = program.fresh[start.resolve * A + start.aura]! * L;
        } else {
          if (record && !this.values.recording)
            this.values.recording = this.values.startRecording(programs!.memory);
          this.values.startValue(this.values.context(d), start.resolve, start.aura);
        }
        for (let q = 0; q < questions.length; q++)
          if (meets[q] === 1 && questions[q]!.start === s) {
            const weight = questions[q]!.weight;
            for (let j = 0; j < L; j++) sums[q * L + j]! += weight * from[at + j]!;
            weights[q]! += weight;
          }
      },
      (d) => {
        const recording = this.values.recording;
        if (!recording) return;
        record![d] = recording.finish();
        this.values.recording = undefined;
      },
    );
    return Array.from({ length: L }, (_, j) =>
      Array.from(weights, (weight, q) => sums[q * L + j]! / weight),
    );
  }

  /**
   * What `programs` holds for this solve: its recorded programs, to replay if they cover every
   * start asked; else, if no solve of it is recorded yet, where to record this one. A program
   * depends on all that shapes the solve's states and options, not on the terminals' values:
   * the roll's shape, Challenges and Resolve, the rerolls allowed, the Aura states held and
   * whether a terminal is given (without one, some options are pruned by the rules' utility).
   */
  private programsOf(
    programs: SolvePrograms | undefined,
    starts: readonly Start[],
  ): { replayed?: SolveProgram[]; record?: SolveProgram[] } {
    if (!programs || this.policy !== 'optimal' || this.roll.rerollKeepsBest) return {};
    const { roll } = this;
    const key = [
      rollShape(roll),
      roll.threats.map((t) => t.challenge).join(','),
      roll.resolve,
      this.rerolls,
      this.values.lowAura,
      this.values.terminal ? 'terminal' : '',
    ].join('|');
    const A = this.values.auraStates;
    const fresh = starts.map((start) => start.resolve * A + start.aura);
    const replayed = programs.replayable(key, this.defenceCount, fresh);
    if (replayed) return { replayed };
    const record = programs.recordFor(key);
    return record ? { record } : {};
  }

  /**
   * The rolls a solve answers, checked against its shape, Challenges and Resolve: each with its
   * Challenge dice, its weight 1/Π(2C) and its start; the distinct starts (Resolve, Aura).
   * @throws RangeError for a roll it cannot answer.
   */
  private questionsOf(rolls: readonly Roll[]): { questions: Question[]; starts: Start[] } {
    const active = this.model.activeThreats;
    const A = this.values.auraStates;
    const levels = this.roll.resolve + 1;
    const shape = rolls.length === 1 && rolls[0] === this.roll ? '' : rollShape(this.roll);
    const sizes = challengeDice(this.roll, active);
    const starts: Start[] = [];
    const startOf = new Map<number, number>();
    const questions = rolls.map((roll) => {
      if (shape !== '' && rollShape(roll) !== shape)
        throw new RangeError('RollSolver.oddsFor: a roll of another shape than the solver’s');
      const limits = challengeDice(roll, active);
      if (roll.resolve >= levels || limits.some((size, i) => size > sizes[i]!))
        throw new RangeError(
          'RollSolver.oddsFor: a roll with more Resolve or a larger Challenge than the solver’s',
        );
      const start = { resolve: roll.resolve, aura: this.held(startAuraState(roll)) };
      const startKey = start.resolve * A + start.aura;
      let s = startOf.get(startKey);
      if (s === undefined) {
        s = starts.length;
        starts.push(start);
        startOf.set(startKey, s);
      }
      const weight = limits.reduce((w, size) => w / size, 1);
      return { roll, limits, weight, start: s };
    });
    return { questions, starts };
  }

  /**
   * Solves defence vector after defence vector, calling `visit` once for each start some
   * question that can meet that defence starts from (`meets[q]` is 1 for those questions).
   * One defence at a time keeps memory flat; its tables serve the next one.
   */
  private eachDefence(
    questions: readonly Question[],
    starts: readonly Start[],
    visit: (d: number, s: number, meets: Uint8Array) => void,
    done: (d: number) => void = () => {},
  ): void {
    const active = this.model.activeThreats;
    const sizes = challengeDice(this.roll, active);
    const meets = new Uint8Array(questions.length);
    const needed = new Uint8Array(starts.length);
    const defence = new Int32Array(active.length);
    for (let d = 0; d < this.defenceCount; d++) {
      let rest = d;
      for (let i = 0; i < active.length; i++) {
        defence[i] = (rest % sizes[i]!) + 1;
        rest = Math.floor(rest / sizes[i]!);
      }
      let any = false;
      needed.fill(0);
      for (let q = 0; q < questions.length; q++) {
        const { limits } = questions[q]!;
        let inside = 1;
        for (let i = 0; i < limits.length; i++) if (defence[i]! > limits[i]!) inside = 0;
        meets[q] = inside;
        if (inside === 1) {
          any = true;
          needed[questions[q]!.start] = 1;
        }
      }
      if (!any) continue;
      for (let s = 0; s < starts.length; s++) if (needed[s] === 1) visit(d, s, meets);
      done(d);
      this.values.retire(d);
    }
    this.values.release();
  }

  /**
   * Every action open with Resolve `r` left in dice state `key` (see RollModel.keyOf) with Aura
   * state `aura`, under `defences` (each threat's D; threats no intent targets are ignored):
   * stop (then the policy's spends), and while the roll has failed and Resolve is left, reroll
   * one die of each class present in each group, and reroll all. Each is followed by the
   * policy's own play (the forward pass of `odds`), so its value is the engine's. Listed in the
   * engine's order among equals: stop, reroll one (by group, then class), reroll all.
   * Cost: one forward pass per action over the states it reaches (milliseconds).
   * @example
   * // d8 | d4 against C4, 3 Aura, 1 Resolve; D 5, the d8 shows 3 (class index 1), the d4 4 (2):
   * ((solver) => solver.actionsIn([5], solver.model.keyOf([1, 2]), 3, 1).map((a) => a.expectedUtility))(new RollSolver(splitRoll([[8], [4]], 4, { aura: 3, resolve: 1 })))
   * // [1, 1.5, 1, 1.125]: stop, reroll the d8, reroll the d4, reroll all
   */
  actionsIn(defences: ArrayLike<number>, key: number, aura: number, r: number): ActionValue[] {
    const ctx = this.values.context(this.defenceIndex(defences));
    this.held(aura);
    const decisions = [STOP];
    if (r > 0 && this.values.failed(key)) {
      this.model.groups.forEach((group, g) => {
        const m = this.model.digit(key, g);
        for (let k = 0; k < group.classes; k++) {
          if (group.counts[m * group.classes + k] === 0) continue;
          decisions.push(g * REROLL_GROUP_STRIDE + (group.intent < 0 ? 0 : k));
        }
      });
      decisions.push(REROLL_ALL);
    }
    const model = this.model;
    const areaStates = model.areaClasses;
    return decisions.map((decision) => {
      const acc = new RollFigures(
        model.intentCount,
        areaStates,
        this.values.auraStates,
        this.roll.resolve + 1,
        false,
      );
      this.pass.forwardFrom(ctx, key, aura, r, decision, acc);
      // Over the mass of every ending, as FigureSums.odds has it: certain is exactly 1.
      return {
        decision,
        expectedUtility: acc.utility / acc.total,
        pWin: acc.pWin.map((p) => p / acc.total),
        winsDistribution: acc.wins.map((p) => p / acc.total),
      };
    });
  }
}

/**
 * The Challenge dice of a roll's `active` threats. A typed array: the plain arrays `map` made
 * reached the compiled defence loop with more than one map, and it deoptimized on each.
 */
function challengeDice(roll: Roll, active: readonly number[]): Int32Array {
  return Int32Array.from(active, (t) => challengeDie(roll.threats[t]!.challenge));
}
