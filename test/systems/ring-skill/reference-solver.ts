import { ratio } from '../../../src/distribution/index.ts';
import { gcd, Rational } from '../../../src/systems/rational.ts';
import {
  BLANK,
  KIND_ADDS_RING,
  KIND_ADDS_SKILL,
  KIND_COUNT,
  KIND_OPPORTUNITY,
  KIND_STRIFE,
  KIND_SUCCESSES,
  kindFaces,
  RING,
  SKILL,
} from '../../../src/systems/ring-skill/faces.ts';
import type { Objective, RingSkillCheck } from '../../../src/systems/ring-skill/spec.ts';

/**
 * The decisions of a Ring and Skill check, played for an objective, and their exact values.
 *
 * **State.** After a keep, what matters is the successes so far (capped at TN: beyond it only
 * the excess counts, and that linearly) and the dice the next wave rolls (Ring and Skill
 * explosions pending). Strife and opportunity add up and never change a later decision, so
 * they are not state. A wave keeps a subset of the dice it rolled and each kept explosion adds
 * one die, so the pending count never exceeds the dice first kept (≤ ring): the states are
 * (waves left) × (TN + 1) × (pending pairs), a few thousand.
 *
 * **Values.** Each state's value is the vector (P(success), E[strife], E[bonus],
 * E[opportunity], E[successes], P(capped)) from that state on, held exactly (BigInt numerators
 * over 12^(ring · waves left)) and as floats.
 *
 * **Decisions.** A keep's value depends only on the multiset of kinds kept, not on the pool it
 * came from. So for each decision context (level, successes so far) every candidate keep of up
 * to `ring` dice is ranked once: objective, then the stated tie-break (more bonus successes,
 * more opportunity, fewer dice), then this model's final one (less strife, more successes, less
 * capped mass), then a fixed canonical order. Candidates are compared by floats and,
 * within 1e-9 of a tie, again in exact arithmetic, so floats never flip a lexicographic tie.
 * The best keep from any pool is then its best-ranked sub-multiset: a handful of array lookups.
 * The simulator calls the same decision methods, so it plays exactly this policy.
 */

/** A check succeeds when its successes reach the TN. */
export function succeeds(successes: number, tn: number): boolean {
  return successes >= tn;
}

/** Bonus successes: those beyond the TN on a successful check, 0 on a failed one. */
export function bonusSuccesses(successes: number, tn: number): number {
  return Math.max(0, successes - tn);
}

/** Vector components of a value. */
const P = 0;
const STRIFE = 1;
const BONUS = 2;
const OPP = 3;
const SUCC = 4;
const CAPPED = 5;
const FIELDS = 6;

/** A keep decision: how many dice of each kind are kept, and where that leads. */
export interface KeepChoice {
  /** Dice kept of each kind (index kind). */
  readonly kept: Int8Array;
  readonly count: number;
  readonly successes: number;
  readonly strife: number;
  readonly opportunity: number;
  readonly addsRing: number;
  readonly addsSkill: number;
  /** Bonus successes these dice add at once (successes beyond TN). */
  readonly bonus: number;
  /** The state it leads to (see {@link RingSkillSolver.state}). */
  readonly next: number;
}

/** A reroll decision on a first roll: how many dice of each kind, by die type, are rerolled. */
export interface RerollChoice {
  /** Ring dice rerolled of each kind (index kind). */
  readonly ring: Int8Array;
  /** Skill dice rerolled of each kind (index kind). */
  readonly skill: Int8Array;
}

/** A multiset of kinds with its weight. */
export interface KindOutcome {
  readonly counts: Int8Array;
  readonly weight: number;
}

/** The exact figures of a solved check. */
export interface ExactFigures {
  readonly pSuccess: Rational;
  readonly expectedStrife: Rational;
  readonly expectedBonusSuccesses: Rational;
  readonly expectedOpportunity: Rational;
  readonly expectedSuccesses: Rational;
  readonly pCapped: Rational;
  /** The objective's own figure: P(success), E[successes] or E[utility]. */
  readonly expectedUtility: Rational;
}

/** The options that shape the waves; one solver serves every skill and reroll count. */
export type SolverOptions = Pick<
  RingSkillCheck,
  'ring' | 'tn' | 'explodeDepth' | 'objective' | 'weights'
>;

/**
 * Solves the explosion waves of checks with one ring, TN, depth and objective; then
 * {@link RingSkillSolver.solve} solves a check with any number of Skill dice and rerolls.
 * Construction ranks C(ring + 8, 8) candidate keeps per (level, successes) and sums every wave
 * outcome once: tens of milliseconds for ring 5, TN 3, depth 10.
 */
export class RingSkillSolver {
  readonly options: SolverOptions;
  /** Most dice pending in a wave (= ring) and the radix of multiset keys. */
  private readonly maxPending: number;
  private readonly radix: number;
  private readonly tn: number;
  private readonly depth: number;
  private readonly objective: Objective;
  /** Weighted objective: weights as floats and as integer numerators over one denominator. */
  private readonly weightFloats: readonly number[];
  private readonly weightExact: readonly bigint[];
  /** Value vectors by state: floats, and exact numerators over `denominators[level]`. */
  private readonly values: Float64Array;
  private readonly exactValues: bigint[];
  private readonly denominators: bigint[];
  /** Candidate keeps: 0..ring dice of non-blank kinds, then the lone blank (last). */
  private readonly candidates: Candidate[];
  /** Candidate index by the key of its non-blank counts. */
  private readonly candidateByKey: Int16Array;
  private readonly loneBlank: number;
  /** Place value of each kind in a candidate key, and the odometer's digits. */
  private readonly places = new Int32Array(KIND_COUNT);
  private readonly scratch = new Int32Array(KIND_COUNT);
  /** Rank of each candidate (0 best) per context (next level, successes so far). */
  private readonly ranks = new Map<number, Int32Array>();
  private readonly keepChoices = new Map<number, KeepChoice>();
  private readonly rerollValues = new Map<number, RerollValue>();
  private readonly rerollChoices = new Map<number, RerollChoice>();
  /** Scratch arrays of the reroll search (slots are ring kinds 0..8, then skill kinds 9..17). */
  private readonly poolScratch = new Int8Array(KIND_COUNT);
  private readonly rerollScratch = {
    slot: new Int32Array(2 * KIND_COUNT),
    limit: new Int32Array(2 * KIND_COUNT),
    digit: new Int32Array(2 * KIND_COUNT),
    rest: new Int8Array(KIND_COUNT),
  };
  private readonly outcomesByDice = new Map<number, KindOutcome[]>();

  constructor(options: SolverOptions) {
    this.options = options;
    this.maxPending = options.ring;
    this.radix = options.ring + 1;
    this.tn = options.tn;
    this.depth = options.explodeDepth;
    this.objective = options.objective;
    const w = [
      options.weights.success,
      options.weights.bonusSuccess,
      options.weights.opportunity,
      options.weights.strife,
    ].map((x) => Rational.fromDecimal(x));
    const den = w.reduce((d, x) => (d / gcd(d, x.den)) * x.den, 1n);
    this.weightFloats = w.map((x) => x.toNumber());
    this.weightExact = w.map((x) => (x.num * den) / x.den);
    const states = (this.depth + 1) * this.levelSize;
    this.values = new Float64Array(states * FIELDS);
    this.exactValues = new Array<bigint>(states * FIELDS).fill(0n);
    const wave = 12n ** BigInt(this.maxPending);
    this.denominators = [1n];
    for (let level = 1; level <= this.depth; level++)
      this.denominators.push(this.denominators[level - 1]! * wave);
    this.candidateByKey = new Int16Array(this.radix ** (KIND_COUNT - 1)).fill(-1);
    for (let k = BLANK + 1, place = 1; k < KIND_COUNT; k++, place *= this.radix)
      this.places[k] = place;
    this.candidates = this.listCandidates();
    this.loneBlank = this.candidates.length - 1;
    for (let level = 0; level <= this.depth; level++) this.solveLevel(level);
  }

  /** States per level: (TN + 1) successes × (ring + 1)² pending pairs. */
  private get levelSize(): number {
    return (this.tn + 1) * this.radix * this.radix;
  }

  /** The index of state (waves left, successes so far capped at TN, Ring and Skill dice pending). */
  state(level: number, successes: number, ring: number, skill: number): number {
    const s = Math.min(successes, this.tn);
    return ((level * (this.tn + 1) + s) * this.radix + ring) * this.radix + skill;
  }

  /** Every keep of 0..ring non-blank dice (canonical order), then the lone blank. */
  private listCandidates(): Candidate[] {
    const list: Candidate[] = [];
    const counts = new Int8Array(KIND_COUNT);
    const walk = (kind: number, left: number, key: number, place: number) => {
      if (kind === KIND_COUNT) {
        this.candidateByKey[key] = list.length;
        list.push(candidateOf(counts));
        return;
      }
      for (let m = 0; m <= left; m++) {
        counts[kind] = m;
        walk(kind + 1, left - m, key + m * place, place * this.radix);
      }
      counts[kind] = 0;
    };
    walk(BLANK + 1, this.maxPending, 0, 1);
    counts[BLANK] = 1;
    list.push(candidateOf(counts));
    return list;
  }

  private solveLevel(level: number): void {
    const G = this.denominators[level]!;
    for (let s = 0; s <= this.tn; s++) {
      for (let pr = 0; pr <= this.maxPending; pr++) {
        for (let ps = 0; pr + ps <= this.maxPending; ps++) {
          const at = this.state(level, s, pr, ps) * FIELDS;
          if (pr + ps === 0 || level === 0) {
            // No wave to roll: the check is decided; a pending explosion here was cut off.
            this.exactValues[at + P] = succeeds(s, this.tn) ? G : 0n;
            this.exactValues[at + CAPPED] = pr + ps > 0 ? G : 0n;
          } else {
            this.solveWaveState(level, s, pr, ps, at);
          }
          for (let c = 0; c < FIELDS; c++)
            this.values[at + c] = ratio(this.exactValues[at + c]!, G);
        }
      }
    }
  }

  /** Value of rolling a wave of pr Ring and ps Skill dice with `level` waves left. */
  private solveWaveState(level: number, s: number, pr: number, ps: number, at: number): void {
    const sum = new Sum();
    const rank = this.rankFor(level - 1, s);
    for (const o of this.outcomes(pr, ps)) {
      const c = this.candidates[this.bestCandidate(o.counts, rank, 0, this.maxPending)]!;
      sum.add(
        o.weight,
        this.state(level - 1, s + c.successes, c.addsRing, c.addsSkill),
        c,
        this.bonusOf(s, c),
      );
    }
    // Outcome weights are over 6^pr·12^ps; scale them to the wave denominator 12^ring.
    const scale = 2n ** BigInt(pr) * 12n ** BigInt(this.maxPending - pr - ps);
    const sums = this.combine(sum, this.denominators[level - 1]!);
    for (let c = 0; c < FIELDS; c++) this.exactValues[at + c] = scale * sums[c]!;
  }

  /** Bonus successes a keep adds at once, with s successes so far (capped at TN). */
  private bonusOf(s: number, c: { successes: number }): number {
    // s is capped at TN: once there, every new success is a bonus one.
    return succeeds(s, this.tn) ? c.successes : bonusSuccesses(s + c.successes, this.tn);
  }

  /** Σ weight·exact[next] + denominator·immediate, per component. */
  private combine(sum: Sum, denominator: bigint): bigint[] {
    const sums = new Array<bigint>(FIELDS).fill(0n);
    for (const [next, weight] of sum.byNext) {
      const w = BigInt(weight);
      for (let c = 0; c < FIELDS; c++) {
        const x = this.exactValues[next * FIELDS + c]!;
        if (x !== 0n) sums[c]! += w * x;
      }
    }
    for (let c = 0; c < FIELDS; c++)
      if (sum.immediate[c] !== 0) sums[c]! += BigInt(sum.immediate[c]!) * denominator;
    return sums;
  }

  /** Rolling pr Ring and ps Skill dice, merged by kind, weights over 6^pr·12^ps. Cached. */
  outcomes(pr: number, ps: number): KindOutcome[] {
    const id = pr * 64 + ps;
    let list = this.outcomesByDice.get(id);
    if (!list) {
      list = rollKinds(pr, ps);
      this.outcomesByDice.set(id, list);
    }
    return list;
  }

  /**
   * Ranks every candidate keep for a decision whose dice lead to `nextLevel` waves left, with
   * s successes so far: 0 is best. O(C log C) comparisons, C = C(ring + 8, 8). Cached.
   */
  private rankFor(nextLevel: number, s: number): Int32Array {
    const id = nextLevel * (this.tn + 1) + s;
    let rank = this.ranks.get(id);
    if (rank) return rank;
    const n = this.candidates.length;
    const G = this.denominators[nextLevel]!;
    const keys: number[][] = [];
    const vector = new Float64Array(FIELDS);
    for (let i = 0; i < n; i++) {
      const c = this.candidates[i]!;
      const at = this.state(nextLevel, s + c.successes, c.addsRing, c.addsSkill) * FIELDS;
      const v = this.values;
      vector[P] = v[at + P]!;
      vector[STRIFE] = c.strife + v[at + STRIFE]!;
      vector[BONUS] = this.bonusOf(s, c) + v[at + BONUS]!;
      vector[OPP] = c.opportunity + v[at + OPP]!;
      vector[SUCC] = c.successes + v[at + SUCC]!;
      vector[CAPPED] = v[at + CAPPED]!;
      keys.push(this.keyOf(vector));
    }
    // Exact value vectors, computed only for candidates that floats cannot separate.
    const width = keys[0]!.length;
    const exactVectors: (bigint[] | undefined)[] = new Array(n);
    const exactVector = (i: number): bigint[] => {
      let x = exactVectors[i];
      if (x === undefined) {
        const c = this.candidates[i]!;
        const at = this.state(nextLevel, s + c.successes, c.addsRing, c.addsSkill) * FIELDS;
        const e = this.exactValues;
        x = [
          e[at + P]!,
          BigInt(c.strife) * G + e[at + STRIFE]!,
          BigInt(this.bonusOf(s, c)) * G + e[at + BONUS]!,
          BigInt(c.opportunity) * G + e[at + OPP]!,
          BigInt(c.successes) * G + e[at + SUCC]!,
          e[at + CAPPED]!,
        ];
        exactVectors[i] = x;
      }
      return x;
    };
    const order = Array.from({ length: n }, (_, i) => i);
    const objective = this.objectiveLength;
    order.sort((a, b) => {
      const ka = keys[a]!;
      const kb = keys[b]!;
      for (let i = 0; i < width; i++) {
        if (i === objective) {
          const fewer = this.candidates[a]!.count - this.candidates[b]!.count;
          if (fewer !== 0) return fewer;
        }
        const x = ka[i]!;
        const y = kb[i]!;
        if (!nearTie(x, y)) return x > y ? -1 : 1;
        const ex = this.exactKeyComponent(i, exactVector(a));
        const ey = this.exactKeyComponent(i, exactVector(b));
        if (ex !== ey) return ex > ey ? -1 : 1;
      }
      return a - b;
    });
    rank = new Int32Array(n);
    order.forEach((candidate, position) => {
      rank[candidate] = position;
    });
    this.ranks.set(id, rank);
    return rank;
  }

  /** Components of a key that belong to the objective; the rest is the final tie-break. */
  private get objectiveLength(): number {
    return this.objective === 'succeed-then-least-strife' ? 4 : 3;
  }

  /**
   * The key a decision maximises, from a value vector, lexicographically: the objective's
   * components (P, −strife, bonus, opportunity), (successes, bonus, opportunity) or (utility,
   * bonus, opportunity); then, after the count of dice (fewer is better, compared between the
   * two parts), the final tie-break (−strife, successes, −capped) for choices equal in all else.
   */
  private keyOf(v: ArrayLike<number>): number[] {
    const tail = [-v[STRIFE]!, v[SUCC]!, -v[CAPPED]!];
    switch (this.objective) {
      case 'succeed-then-least-strife':
        return [v[P]!, -v[STRIFE]!, v[BONUS]!, v[OPP]!, ...tail];
      case 'most-successes':
        return [v[SUCC]!, v[BONUS]!, v[OPP]!, ...tail];
      case 'weighted': {
        const w = this.weightFloats;
        const u = w[0]! * v[P]! + w[1]! * v[BONUS]! + w[2]! * v[OPP]! + w[3]! * v[STRIFE]!;
        return [u, v[BONUS]!, v[OPP]!, ...tail];
      }
    }
  }

  /** {@link keyOf} in exact arithmetic (on numerators over one shared denominator). */
  private exactKeyOf(v: readonly bigint[]): bigint[] {
    const key: bigint[] = [];
    for (let i = 0; i < this.objectiveLength + 3; i++) key.push(this.exactKeyComponent(i, v));
    return key;
  }

  /** Component i of {@link exactKeyOf}, from an exact value vector. */
  private exactKeyComponent(i: number, v: readonly bigint[]): bigint {
    const objective = this.objectiveLength;
    if (i === objective) return -v[STRIFE]!;
    if (i === objective + 1) return v[SUCC]!;
    if (i === objective + 2) return -v[CAPPED]!;
    if (this.objective === 'succeed-then-least-strife')
      return i === 0 ? v[P]! : i === 1 ? -v[STRIFE]! : i === 2 ? v[BONUS]! : v[OPP]!;
    if (i === 1) return v[BONUS]!;
    if (i === 2) return v[OPP]!;
    if (this.objective === 'most-successes') return v[SUCC]!;
    const w = this.weightExact;
    return w[0]! * v[P]! + w[1]! * v[BONUS]! + w[2]! * v[OPP]! + w[3]! * v[STRIFE]!;
  }

  /**
   * The best-ranked candidate contained in `pool` with `least`..`most` dice (the lone blank
   * counts when least > 0 and the pool has a blank). O(sub-multisets of the pool).
   */
  private bestCandidate(
    pool: ArrayLike<number>,
    rank: Int32Array,
    least: number,
    most: number,
  ): number {
    // An odometer over the non-blank kinds' kept counts m[1..8], total ≤ most.
    const m = this.scratch;
    const place = this.places;
    m.fill(0);
    let total = 0;
    let key = 0;
    let best = -1;
    let bestRank = Number.POSITIVE_INFINITY;
    for (;;) {
      if (total >= least) {
        const candidate = this.candidateByKey[key]!;
        const r = rank[candidate]!;
        if (r < bestRank) {
          bestRank = r;
          best = candidate;
        }
      }
      let k = BLANK + 1;
      for (; k < KIND_COUNT; k++) {
        if (m[k]! < pool[k]! && total < most) {
          m[k]!++;
          total++;
          key += place[k]!;
          break;
        }
        total -= m[k]!;
        key -= m[k]! * place[k]!;
        m[k] = 0;
      }
      if (k === KIND_COUNT) break;
    }
    if (least > 0 && pool[BLANK]! > 0 && rank[this.loneBlank]! < bestRank) best = this.loneBlank;
    if (best < 0) throw new Error('a keep decision found no legal keep');
    return best;
  }

  private choiceOf(candidate: number, nextLevel: number, s: number): KeepChoice {
    const c = this.candidates[candidate]!;
    return {
      kept: c.kept,
      count: c.count,
      successes: c.successes,
      strife: c.strife,
      opportunity: c.opportunity,
      addsRing: c.addsRing,
      addsSkill: c.addsSkill,
      bonus: this.bonusOf(s, c),
      next: this.state(nextLevel, s + c.successes, c.addsRing, c.addsSkill),
    };
  }

  /**
   * The best subset of a wave (any subset, none included) rolled with `level` waves left
   * (this one included) and `successes` so far. O(sub-multisets of the wave).
   */
  waveChoice(level: number, successes: number, wave: ArrayLike<number>): KeepChoice {
    const s = Math.min(successes, this.tn);
    const best = this.bestCandidate(wave, this.rankFor(level - 1, s), 0, this.maxPending);
    return this.choiceOf(best, level - 1, s);
  }

  /**
   * The exact expected figures from a state on (see {@link state}): what the waves still to
   * roll add to the symbols kept so far, and P(success) and P(capped) with the successes so far
   * counted. The value table every decision is taken from, read for advice (`ring-skill
   * advise`) so that an action's value is the solver's own. O(1).
   */
  stateFigures(state: number): Omit<ExactFigures, 'expectedUtility'> {
    const at = state * FIELDS;
    const G = this.denominators[Math.floor(state / this.levelSize)]!;
    const q = (c: number) => Rational.of(this.exactValues[at + c]!, G);
    return {
      pSuccess: q(P),
      expectedStrife: q(STRIFE),
      expectedBonusSuccesses: q(BONUS),
      expectedOpportunity: q(OPP),
      expectedSuccesses: q(SUCC),
      pCapped: q(CAPPED),
    };
  }

  /** The best first keep from a pool (kind counts): 1 to ring dice. Memoised on the capped pool. */
  keepChoice(pool: ArrayLike<number>): KeepChoice {
    const id = this.poolKey(pool);
    let choice = this.keepChoices.get(id);
    if (!choice) {
      const best = this.bestCandidate(
        this.capPool(pool),
        this.rankFor(this.depth, 0),
        1,
        this.maxPending,
      );
      choice = this.choiceOf(best, this.depth, 0);
      this.keepChoices.set(id, choice);
    }
    return choice;
  }

  /** The pool with counts capped where more dice change no decision: ring per kind, 1 blank. */
  private capPool(pool: ArrayLike<number>): Int8Array {
    const capped = new Int8Array(KIND_COUNT);
    for (let k = 0; k < KIND_COUNT; k++)
      capped[k] = Math.min(pool[k]!, k === BLANK ? 1 : this.maxPending);
    return capped;
  }

  /** The key of a pool's capped counts (ring per kind, 1 blank). */
  private poolKey(pool: ArrayLike<number>): number {
    let key = 0;
    for (let k = KIND_COUNT - 1; k >= 0; k--)
      key = key * this.radix + Math.min(pool[k]!, k === BLANK ? 1 : this.maxPending);
    return key;
  }

  /**
   * The best rerolls on a first roll (kind counts by die type): every choice of up to `rerolls`
   * dice is scored by the expected value of the best keep after it. Ties go to fewer dice
   * rerolled, then to the final tie-break, then to the first in a fixed order. Memoised.
   */
  rerollChoice(ring: ArrayLike<number>, skill: ArrayLike<number>, rerolls: number): RerollChoice {
    // Counts are at most 6 (ring and skill ≤ 6): base-7 digits keep the key a safe integer.
    const id = (digitsKey(ring, 7) * 7 ** KIND_COUNT + digitsKey(skill, 7)) * 4 + rerolls;
    let choice = this.rerollChoices.get(id);
    if (!choice) {
      const picked = new Int8Array(2 * KIND_COUNT);
      this.bestReroll(ring, skill, rerolls, picked);
      choice = { ring: picked.slice(0, KIND_COUNT), skill: picked.slice(KIND_COUNT) };
      this.rerollChoices.set(id, choice);
    }
    return choice;
  }

  /**
   * The value of the best reroll on a first roll; the dice it rerolls (ring kinds, then skill
   * kinds) go into `picked` when given. An odometer over the kinds present, total ≤ rerolls.
   */
  private bestReroll(
    ring: ArrayLike<number>,
    skill: ArrayLike<number>,
    rerolls: number,
    picked?: Int8Array,
  ): RerollValue {
    const { slot, limit, digit, rest } = this.rerollScratch;
    let slots = 0;
    for (let k = 0; k < 2 * KIND_COUNT; k++) {
      const have = k < KIND_COUNT ? ring[k]! : skill[k - KIND_COUNT]!;
      if (have === 0) continue;
      slot[slots] = k;
      limit[slots] = Math.min(have, rerolls);
      digit[slots] = 0;
      slots++;
    }
    for (let k = 0; k < KIND_COUNT; k++) rest[k] = ring[k]! + skill[k]!;
    let total = 0;
    let nr = 0;
    let ns = 0;
    let best: RerollValue | undefined;
    for (;;) {
      const value = this.rerollValue(rest, nr, ns);
      if (!best || this.betterReroll(value, best, rerolls)) {
        best = value;
        if (picked) {
          picked.fill(0);
          for (let i = 0; i < slots; i++) picked[slot[i]!] = digit[i]!;
        }
      }
      let i = 0;
      for (; i < slots; i++) {
        const k = slot[i]!;
        const kind = k % KIND_COUNT;
        if (digit[i]! < limit[i]! && total < rerolls) {
          digit[i]!++;
          total++;
          rest[kind]!--;
          if (k < KIND_COUNT) nr++;
          else ns++;
          break;
        }
        const m = digit[i]!;
        total -= m;
        rest[kind]! += m;
        if (k < KIND_COUNT) nr -= m;
        else ns -= m;
        digit[i] = 0;
      }
      if (i === slots) break;
    }
    return best!;
  }

  /**
   * Whether reroll value a beats b: the objective (exact on near ties), then fewer dice
   * rerolled, then the final tie-break.
   */
  private betterReroll(a: RerollValue, b: RerollValue, rerolls: number): boolean {
    const c = compareFloat(a.key, b.key);
    if (c !== 0) return c < 0;
    const ea = this.rerollExactKey(a, rerolls);
    const eb = this.rerollExactKey(b, rerolls);
    const n = this.objectiveLength;
    for (let i = 0; i < n; i++) if (ea[i] !== eb[i]) return ea[i]! > eb[i]!;
    if (a.rerolled !== b.rerolled) return a.rerolled < b.rerolled;
    for (let i = n; i < ea.length; i++) if (ea[i] !== eb[i]) return ea[i]! > eb[i]!;
    return false;
  }

  /** A reroll value's exact key over the common denominator 12^rerolls · G_depth (cached). */
  private rerollExactKey(v: RerollValue, rerolls: number): bigint[] {
    if (!v.exactKey) {
      const scale = 12n ** BigInt(rerolls - v.rerolled);
      v.exactKey = this.exactKeyOf(this.rerollSums(v).map((x) => x * scale));
    }
    return v.exactKey;
  }

  /**
   * The expected value of keeping best after adding nr fresh Ring and ns fresh Skill dice to
   * the dice `rest` that were not rerolled. Memoised on (capped rest, nr, ns).
   */
  private rerollValue(rest: ArrayLike<number>, nr: number, ns: number): RerollValue {
    const id = (this.poolKey(rest) * 8 + nr) * 8 + ns;
    let value = this.rerollValues.get(id);
    if (value) return value;
    const capped = this.capPool(rest);
    const pool = this.poolScratch;
    const vector = new Float64Array(FIELDS);
    const v = this.values;
    // Weights of the fresh dice over 12^(nr + ns): a Ring face weighs 2.
    const total = 12 ** (nr + ns);
    for (const o of this.outcomes(nr, ns)) {
      for (let k = 0; k < KIND_COUNT; k++) pool[k] = capped[k]! + o.counts[k]!;
      const c = this.keepChoice(pool);
      const p = (o.weight * 2 ** nr) / total;
      const at = c.next * FIELDS;
      vector[P]! += p * v[at + P]!;
      vector[STRIFE]! += p * (c.strife + v[at + STRIFE]!);
      vector[BONUS]! += p * (c.bonus + v[at + BONUS]!);
      vector[OPP]! += p * (c.opportunity + v[at + OPP]!);
      vector[SUCC]! += p * (c.successes + v[at + SUCC]!);
      vector[CAPPED]! += p * v[at + CAPPED]!;
    }
    value = new RerollValue(nr, ns, capped, this.keyOf(vector));
    this.rerollValues.set(id, value);
    return value;
  }

  /** A reroll value's exact sums Σ weight·value over 12^rerolled · G_depth (cached on it). */
  private rerollSums(value: RerollValue): bigint[] {
    if (!value.sums) {
      const sum = new Sum();
      const pool = this.poolScratch;
      for (const o of this.outcomes(value.nr, value.ns)) {
        for (let k = 0; k < KIND_COUNT; k++) pool[k] = value.rest[k]! + o.counts[k]!;
        const c = this.keepChoice(pool);
        sum.add(o.weight * 2 ** value.nr, c.next, c, c.bonus);
      }
      value.sums = this.combine(sum, this.denominators[this.depth]!);
    }
    return value.sums;
  }

  /**
   * Solves a check with `skill` Skill dice and up to `rerolls` rerolls: the exact figures under
   * this solver's objective. O(first-roll multisets × their sub-multisets), and with rerolls
   * O(first rolls × reroll choices); about 0.1 s for ring 5, skill 5 without rerolls (after
   * the waves), 1 s with one reroll.
   */
  solve(skill: number, rerolls: number): ExactFigures {
    const ring = this.options.ring;
    const top = this.denominators[this.depth]!;
    let sums: bigint[];
    let denominator: bigint;
    if (rerolls === 0) {
      const sum = new Sum();
      const cap = (k: number) => (k === BLANK ? 1 : this.maxPending);
      const rank = this.rankFor(this.depth, 0);
      for (const o of rollKinds(ring, skill, cap)) {
        // Each capped pool comes once: no memo needed.
        const c = this.candidates[this.bestCandidate(o.counts, rank, 1, this.maxPending)]!;
        sum.add(
          o.weight,
          this.state(this.depth, c.successes, c.addsRing, c.addsSkill),
          c,
          this.bonusOf(0, c),
        );
      }
      sums = this.combine(sum, top);
      denominator = 6n ** BigInt(ring) * 12n ** BigInt(skill) * top;
    } else {
      // A chosen reroll value over 12^q weighs 12^(rerolls − q) more, to share 12^rerolls.
      const chosen = new Map<RerollValue, number>();
      for (const first of firstRolls(ring, skill)) {
        const value = this.bestReroll(first.ring, first.skill, rerolls);
        chosen.set(
          value,
          (chosen.get(value) ?? 0) + first.weight * 12 ** (rerolls - value.rerolled),
        );
      }
      sums = new Array<bigint>(FIELDS).fill(0n);
      for (const [value, weight] of chosen) {
        const w = BigInt(weight);
        this.rerollSums(value).forEach((x, c) => {
          sums[c]! += w * x;
        });
      }
      denominator = 6n ** BigInt(ring) * 12n ** BigInt(skill + rerolls) * top;
    }
    const q = (c: number) => Rational.of(sums[c]!, denominator);
    const figures = {
      pSuccess: q(P),
      expectedStrife: q(STRIFE),
      expectedBonusSuccesses: q(BONUS),
      expectedOpportunity: q(OPP),
      expectedSuccesses: q(SUCC),
      pCapped: q(CAPPED),
    };
    const w = this.options.weights;
    const expectedUtility =
      this.objective === 'succeed-then-least-strife'
        ? figures.pSuccess
        : this.objective === 'most-successes'
          ? figures.expectedSuccesses
          : figures.pSuccess
              .mul(Rational.fromDecimal(w.success))
              .add(figures.expectedBonusSuccesses.mul(Rational.fromDecimal(w.bonusSuccess)))
              .add(figures.expectedOpportunity.mul(Rational.fromDecimal(w.opportunity)))
              .add(figures.expectedStrife.mul(Rational.fromDecimal(w.strife)));
    return { ...figures, expectedUtility };
  }
}

/** A candidate keep: kind counts and their symbols. */
interface Candidate {
  readonly kept: Int8Array;
  readonly count: number;
  readonly successes: number;
  readonly strife: number;
  readonly opportunity: number;
  readonly addsRing: number;
  readonly addsSkill: number;
}

function candidateOf(counts: Int8Array): Candidate {
  let count = 0;
  let successes = 0;
  let strife = 0;
  let opportunity = 0;
  let addsRing = 0;
  let addsSkill = 0;
  for (let k = 0; k < KIND_COUNT; k++) {
    const m = counts[k]!;
    count += m;
    successes += m * KIND_SUCCESSES[k]!;
    strife += m * KIND_STRIFE[k]!;
    opportunity += m * KIND_OPPORTUNITY[k]!;
    addsRing += m * KIND_ADDS_RING[k]!;
    addsSkill += m * KIND_ADDS_SKILL[k]!;
  }
  return { kept: counts.slice(), count, successes, strife, opportunity, addsRing, addsSkill };
}

/** Weights of decisions grouped by the state they lead to, plus their immediate symbols. */
class Sum {
  readonly byNext = new Map<number, number>();
  readonly immediate = [0, 0, 0, 0, 0, 0];

  add(weight: number, next: number, c: Candidate, bonus: number): void {
    this.byNext.set(next, (this.byNext.get(next) ?? 0) + weight);
    this.immediate[STRIFE]! += weight * c.strife;
    this.immediate[BONUS]! += weight * bonus;
    this.immediate[OPP]! += weight * c.opportunity;
    this.immediate[SUCC]! += weight * c.successes;
  }
}

/**
 * The expected value of the best keep after rerolling nr Ring and ns Skill dice, the other dice
 * being `rest` (capped): its float key; the solver fills in exact figures when they are needed.
 */
class RerollValue {
  readonly nr: number;
  readonly ns: number;
  readonly rest: Int8Array;
  readonly key: number[];
  /** Exact Σ weight·value over 12^rerolled · G_depth, once computed. */
  sums: bigint[] | undefined;
  /** The exact key under the one reroll count a solve compares it for, once computed. */
  exactKey: bigint[] | undefined;

  constructor(nr: number, ns: number, rest: Int8Array, key: number[]) {
    this.nr = nr;
    this.ns = ns;
    this.rest = rest;
    this.key = key;
  }

  get rerolled(): number {
    return this.nr + this.ns;
  }
}

/** Whether two floats are within 1e-9 (relative) of each other: only exact arithmetic can order them. */
function nearTie(x: number, y: number): boolean {
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

/**
 * Compares two keys (higher is better) by their first component in floats, as a sort
 * comparator: −1 when a is better, +1 when b is, and 0 when that is a near tie, so that the
 * exact keys must decide.
 */
function compareFloat(a: readonly number[], b: readonly number[]): number {
  const x = a[0]!;
  const y = b[0]!;
  return nearTie(x, y) ? 0 : x > y ? -1 : 1;
}

/**
 * Every outcome of rolling `ring` Ring and `skill` Skill dice, merged into kind counts (capped
 * per kind by `cap`, uncapped by default), with weights over 6^ring·12^skill. Built die by die:
 * O(dice × distinct multisets × kinds).
 */
function rollKinds(
  ring: number,
  skill: number,
  cap: (kind: number) => number = () => Number.POSITIVE_INFINITY,
): KindOutcome[] {
  const caps = Array.from({ length: KIND_COUNT }, (_, k) => Math.min(cap(k), ring + skill));
  // Multisets as keys with a digit per kind (small integers, which Maps hash fast) → weight.
  const base = Math.max(...caps) + 1;
  const places = caps.map((_, k) => base ** k);
  let current = new Map<number, number>([[0, 1]]);
  const addDie = (faces: readonly number[]) => {
    const next = new Map<number, number>();
    for (const [key, weight] of current) {
      for (let kind = 0; kind < KIND_COUNT; kind++) {
        const n = faces[kind]!;
        if (n === 0) continue;
        const place = places[kind]!;
        const grown = Math.floor(key / place) % base < caps[kind]! ? key + place : key;
        next.set(grown, (next.get(grown) ?? 0) + weight * n);
      }
    }
    current = next;
  };
  for (let i = 0; i < ring; i++) addDie(RING_KIND_FACES);
  for (let i = 0; i < skill; i++) addDie(SKILL_KIND_FACES);
  return [...current].map(([key, weight]) => {
    const counts = new Int8Array(KIND_COUNT);
    for (let k = 0, rest = key; k < KIND_COUNT; k++, rest = Math.floor(rest / base))
      counts[k] = rest % base;
    return { counts, weight };
  });
}

const RING_KIND_FACES = kindFaces(RING);
const SKILL_KIND_FACES = kindFaces(SKILL);

/**
 * Every first roll of `ring` Ring and `skill` Skill dice with the die types kept apart (a
 * reroll draws from its own die's faces), weights over 6^ring·12^skill.
 */
function firstRolls(
  ring: number,
  skill: number,
): { ring: Int8Array; skill: Int8Array; weight: number }[] {
  const rings = rollKinds(ring, 0);
  const skills = rollKinds(0, skill);
  return rings.flatMap((r) =>
    skills.map((s) => ({ ring: r.counts, skill: s.counts, weight: r.weight * s.weight })),
  );
}

/** A key for kind counts below `base` each: their digits in that base. */
function digitsKey(counts: ArrayLike<number>, base: number): number {
  let key = 0;
  for (let k = KIND_COUNT - 1; k >= 0; k--) key = key * base + counts[k]!;
  return key;
}
