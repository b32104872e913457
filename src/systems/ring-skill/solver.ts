import { gcd, Rational } from '../rational.ts';
import { KIND_COUNT, RING, SKILL } from './faces.ts';
import {
  bestEntries,
  cachedRoll,
  entryBefore,
  firstKeepSignatures,
  firstRollPools,
  type KindOutcome,
  keptOfLex,
  MENU_ROOM,
  type MenuOrder,
  type MenuSet,
  menuOf,
  NO_ENTRY,
  reducedPool,
  SIGNATURES,
  signatureFields,
  type WaveMenus,
  waveMenus,
} from './keep-menus.ts';
import { KeyIndex } from './key-index.ts';
import { carry, compareLimbs, limbsFor, limbsSign, limbsValue, writeLimbs } from './numerators.ts';
import type { Objective, RingSkillCheck } from './spec.ts';

export type { KindOutcome } from './keep-menus.ts';

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
 * E[opportunity], E[successes], P(capped)) from that state on, held exactly (numerators over
 * 12^(ring · waves left), in limbs summed as floats: see numerators.ts) and as floats. It
 * depends on the successes still needed, not on the TN, so one table, of the largest TN
 * solved, serves every solver of a ring, depth and objective (see
 * {@link RingSkillSolver.copyWaves}).
 *
 * **Decisions.** A keep's value depends only on its signature (successes, strife, opportunity,
 * dice added, count), not on the pool it came from. So for each decision context (level,
 * successes so far) every signature in play is ranked once: objective, then the stated
 * tie-break (more bonus successes, more opportunity, fewer dice), then this model's final one
 * (less strife, more successes, less capped mass), then the canonical candidate order (kind
 * counts, lexicographically). Signatures are compared by floats and, within 1e-9 of a tie, again
 * in exact arithmetic, so floats never flip a lexicographic tie; before the decided states the
 * keys are whole numbers, and one native sort ranks them. The best keep from a pool is the
 * best-ranked entry of its menu (see keep-menus.ts: one keep per profile, the others are
 * beaten whatever the state), and the pools of a roll with the same menu are valued once.
 *
 * **Rerolls.** A reroll leaves some dice of each type (a pair of subs) and rolls the others
 * afresh; its value is the mean of the best first keeps of the rolls it can complete, that is
 * the mean, over how one rerolled die falls, of the value of the pair with that die put back.
 * So each pair's value mixes 6 or 7 values of pairs of one die fewer, down to the first rolls
 * (rerolling nothing: their first keep's). Equal mixes are one, values equal exactly are one
 * object, and the values are ranked once (floats, exact on near ties), so that choosing a first
 * roll's reroll compares integers.
 *
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

/** A solver's value tables, kept for the solvers after it (see RingSkillSolver.copyWaves). */
interface SolvedWaves {
  readonly tn: number;
  readonly values: Float64Array;
  readonly exact: Float64Array;
}

/**
 * The value tables solved, by ring, depth, objective and weights: those of the largest TN
 * solved, which hold every smaller TN's. Never written once stored.
 */
const solvedWaves = new Map<string, SolvedWaves>();

/**
 * The best first keeps of a first roll's pools (see firstBest), by the waves' key, TN and Skill
 * dice: the solvers of a check that come after the first walk no menu (local signatures are
 * shared by a ring's solvers).
 */
const firstBests = new Map<string, Int32Array>();

/**
 * The signatures the solvers of one ring have met, by local index: packed → index, and their
 * fields; and the menu sets with their signatures as these indices, found once. A solver ranks
 * all of them (a few hundred): a ring's keeps never add more dice or successes than it ranks.
 */
interface Signatures {
  /** Local index + 1 by packed signature (0: not met). */
  readonly local: Int32Array;
  readonly successes: number[];
  readonly strife: number[];
  readonly opportunity: number[];
  readonly addsRing: number[];
  readonly addsSkill: number[];
  readonly count: number[];
  readonly localized: WeakMap<MenuSet, LocalMenus>;
}

const signaturesByRing = new Map<number, Signatures>();

function signaturesOf(ring: number): Signatures {
  let signatures = signaturesByRing.get(ring);
  if (!signatures) {
    signatures = {
      local: new Int32Array(SIGNATURES),
      successes: [],
      strife: [],
      opportunity: [],
      addsRing: [],
      addsSkill: [],
      count: [],
      localized: new WeakMap(),
    };
    signaturesByRing.set(ring, signatures);
  }
  return signatures;
}

/** Signatures chosen over a roll's pools, each with the weight of the pools that chose it. */
interface Picked {
  readonly sigs: Int32Array;
  readonly weights: Float64Array;
}

/** A roll's menus with their signatures as local indices. */
interface LocalMenus {
  readonly set: MenuSet;
  readonly local: Int32Array;
}

/**
 * Solves the explosion waves of checks with one ring, TN, depth and objective; then
 * {@link RingSkillSolver.solve} solves a check with any number of Skill dice and rerolls.
 * Construction ranks the signatures in play per (level, successes) and values each wave's
 * menus once, unless a solver of the same ring, depth and objective with a TN as large came
 * first: then it copies that one's values. Milliseconds for ring 5, TN 8, depth 10 (the menus
 * are built once per objective and shared by every solver).
 */
export class RingSkillSolver {
  readonly options: SolverOptions;
  /** Most dice pending in a wave (= ring) and the radix of state indices. */
  private readonly maxPending: number;
  private readonly radix: number;
  private readonly tn: number;
  private readonly depth: number;
  private readonly objective: Objective;
  /** Weighted objective: weights as floats and as integer numerators over one denominator. */
  private readonly weightFloats: readonly number[];
  private readonly weightExact: readonly bigint[];
  /**
   * Value vectors by state: floats, and exact numerators over `denominators[level]`, each as
   * `limbs` limbs (see numerators.ts) from (state · FIELDS + component) · limbs.
   */
  private readonly values: Float64Array;
  private readonly exact: Float64Array;
  private readonly limbs: number;
  private readonly denominators: bigint[];
  /** `denominators[level]` as limbs, from level · limbs. */
  private readonly denominatorLimbs: Float64Array;
  /** Exact numerators as BigInts, by state · FIELDS + component, made when first asked for. */
  private readonly exactBigs: (bigint | undefined)[] = [];
  /** One exact vector being summed, and a difference being signed (limbs each). */
  private readonly accumulator: Float64Array;
  private readonly difference: Float64Array;
  /**
   * The field of each component of a key (see {@link keyOf}), −1 for the weighted utility, and
   * its sign (−1: less is better).
   */
  private readonly keyField: Int8Array;
  private readonly keySign: Int8Array;

  /** How a profile's keeps compare (see keep-menus.ts), for building menus. */
  private readonly order: MenuOrder;
  /** Signatures (shared by the solvers of a ring): packed → local index, fields by index. */
  private readonly signatures: Signatures;
  private readonly sigLocal: Int32Array;
  private readonly sigSucc: number[];
  private readonly sigStrife: number[];
  private readonly sigOpp: number[];
  private readonly sigAddsRing: number[];
  private readonly sigAddsSkill: number[];
  private readonly sigCount: number[];
  /**
   * The ranking being made (see rankFor): by signature, its key, immediate symbols (FIELDS
   * each) and next state's index · FIELDS; the level it leads to and its exact ids (exactIds).
   */
  private readonly ranking = {
    keys: new Float64Array(0),
    ids: new Int32Array(0) as Int32Array,
    immediate: new Float64Array(0),
    nextAt: new Int32Array(0),
    vector: new Float64Array(FIELDS),
    level: 0,
  };
  /** The reroll values being ranked (see rankedValues), and their sort's order. */
  private ranked = {
    values: [] as readonly RerollValue[],
    rerolls: 0,
    scaled: new Float64Array(0),
  };
  private readonly valueOrder = (x: number, y: number) => this.compareValues(x, y) || x - y;
  /** The order of a ranking's sort: better first, ties by index (see compareSignatures). */
  private readonly signatureOrder = (a: number, b: number) => this.compareSignatures(a, b) || a - b;
  /** Rank of each signature (0 best, ties share a rank) per context (next level, successes so far). */
  private readonly ranks = new Map<number, Int32Array>();
  /** Interned exact values (see exactIds), and the levels they are built for. */
  private ids = new Int32Array(0);
  private idsBuilt = new Uint8Array(0);
  /** The last ranking made, by successes so far: a ranking equal to it is handed out as it. */
  private readonly lastRank = new Map<number, Int32Array>();
  /** Scratch: each pool of a wave's best keep (see pickedFor). */
  private poolBest = new Int32Array(0);
  /** What each wave menu, and each wave, chooses under a ranking (see pickedFor). */
  private readonly chosenBy = new WeakMap<Int32Array, { best: Int32Array; waves: Picked[] }>();
  /** The signatures in the order of the last ranking made, by successes so far, and of all. */
  private readonly lastOrder = new Map<number, number[]>();
  private lastMade: number[] = [];
  /** Every wave's pools and menus, the menus localized (built before the first ranking). */
  private waves: WaveMenus | undefined;
  private waveMenus: LocalMenus | undefined;
  /** The key of the waves solved (ring, depth, objective, weights): see solvedWaves. */
  private readonly wavesId: string;
  /** The best first keep of each first-roll pool, by Skill dice (see firstBest). */
  private readonly firstBestBySkill = new Map<number, Int32Array>();
  /** Sums being gathered (see gather): weights by state (zero between sums) and lists. */
  private readonly scratch = {
    touched: new Int32Array(0),
    touchedWeight: new Float64Array(0),
    byState: new Float64Array(0),
    nexts: new Int32Array(0),
    stateWeight: new Float64Array(0),
    immediate: new Float64Array(FIELDS),
  };
  /** Weight of each signature chosen, while a roll is summed. */
  private chosen = new Float64Array(0);
  /** One pool's menu while a keep is chosen (packed signatures, lex keys). */
  private readonly menuScratch = {
    sigs: new Int32Array(MENU_ROOM),
    lexes: new Int32Array(MENU_ROOM),
  };

  private readonly reduced = new Int8Array(KIND_COUNT);
  private readonly keepChoices = new Map<number, KeepChoice>();
  /** The values of a search's pairs (see pairValues), by search. */
  private readonly pairValuesBySearch = new Map<RerollSearch, PairValues>();
  /**
   * Reroll values by a hash of (dice rerolled, exact sum), so that equal values are one object:
   * the first value (serial) of each hash, and the next of each value's (−1 after the last).
   * Made at the first reroll solved, with room for 8,192 before either grows (ring 5 + skill 5
   * makes up to about 6,000).
   */
  private interned = new KeyIndex(1);
  private internedNext = new Int32Array(0);
  /** Every interned reroll value, by serial. */
  private readonly rerollList: RerollValue[] = [];
  /** The reroll value of rerolling nothing, by the signature of the first keep. */
  private readonly keptValues: (RerollValue | undefined)[] = [];
  private readonly rerollChoices = new Map<number, RerollChoice>();

  constructor(options: SolverOptions) {
    this.options = options;
    this.signatures = signaturesOf(options.ring);
    this.sigLocal = this.signatures.local;
    this.sigSucc = this.signatures.successes;
    this.sigStrife = this.signatures.strife;
    this.sigOpp = this.signatures.opportunity;
    this.sigAddsRing = this.signatures.addsRing;
    this.sigAddsSkill = this.signatures.addsSkill;
    this.sigCount = this.signatures.count;
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
    this.order = this.menuOrder();
    const fields = this.componentFields;
    this.keyField = Int8Array.from(fields, (f) => (f.length === 1 ? f[0]! : -1));
    this.keySign = Int8Array.from(fields, (f) => (f[0] === STRIFE || f[0] === CAPPED ? -1 : 1));
    const wave = 12n ** BigInt(this.maxPending);
    this.denominators = [1n];
    for (let level = 1; level <= this.depth; level++)
      this.denominators.push(this.denominators[level - 1]! * wave);
    // A value's components are at most ring · depth symbols (P and capped at most 1) over the
    // last denominator; 8 bits more for the 12^rerolls a reroll value is scaled by.
    const top = this.denominators[this.depth]! * BigInt(this.maxPending * this.depth + 1);
    this.limbs = limbsFor(top.toString(2).length + 8);
    this.denominatorLimbs = new Float64Array((this.depth + 1) * this.limbs);
    for (let level = 0; level <= this.depth; level++)
      writeLimbs(this.denominators[level]!, this.denominatorLimbs, level * this.limbs, this.limbs);
    this.accumulator = new Float64Array(FIELDS * this.limbs);
    this.difference = new Float64Array(this.limbs);
    const states = (this.depth + 1) * this.levelSize;
    const id = `${options.ring}|${this.depth}|${this.objective}|${Object.values(options.weights)}`;
    this.wavesId = id;
    const solved = solvedWaves.get(id);
    if (solved && solved.tn === this.tn) {
      this.values = solved.values;
      this.exact = solved.exact;
    } else if (solved && solved.tn > this.tn) {
      this.values = new Float64Array(states * FIELDS);
      this.exact = new Float64Array(states * FIELDS * this.limbs);
      this.copyWaves(solved);
    } else {
      this.values = new Float64Array(states * FIELDS);
      this.exact = new Float64Array(states * FIELDS * this.limbs);
      // Every wave's signatures are known before the first ranking, so no ranking is redone.
      if (this.depth > 0) {
        this.waves = waveMenus(this.order, this.maxPending);
        this.waveMenus = this.localize(this.waves.menus);
      }
      for (let level = 0; level <= this.depth; level++) this.solveLevel(level);
      solvedWaves.set(id, { tn: this.tn, values: this.values, exact: this.exact });
    }
  }

  /**
   * The values from those of a larger TN: a state's value depends on the successes still
   * needed, not on the TN, so (level, s) here is (level, s + solved TN − TN) there.
   */
  private copyWaves(solved: SolvedWaves): void {
    const block = this.radix * this.radix * FIELDS;
    const offset = solved.tn - this.tn;
    for (let level = 0; level <= this.depth; level++)
      for (let s = 0; s <= this.tn; s++) {
        const to = this.state(level, s, 0, 0) * FIELDS;
        const from = (level * (solved.tn + 1) + s + offset) * this.radix * this.radix * FIELDS;
        this.values.set(solved.values.subarray(from, from + block), to);
        const n = this.limbs;
        this.exact.set(solved.exact.subarray(from * n, (from + block) * n), to * n);
      }
  }

  /**
   * The order of keeps within one profile (see keep-menus.ts): the decision key with the state
   * it leads to cancelled out: strife, opportunity and count, as the objective compares them.
   */
  private menuOrder(): MenuOrder {
    switch (this.objective) {
      case 'succeed-then-least-strife':
        return {
          id: this.objective,
          inner: (ta, oa, na, tb, ob, nb) => ta - tb || ob - oa || na - nb,
        };
      case 'most-successes':
        return {
          id: this.objective,
          inner: (ta, oa, na, tb, ob, nb) => ob - oa || na - nb || ta - tb,
        };
      case 'weighted': {
        const wo = this.weightExact[2]!;
        const ws = this.weightExact[3]!;
        return {
          id: `${this.objective}:${wo}:${ws}`,
          inner: (ta, oa, na, tb, ob, nb) => {
            const u = wo * BigInt(oa - ob) + ws * BigInt(ta - tb);
            return u > 0n ? -1 : u < 0n ? 1 : ob - oa || na - nb || ta - tb;
          },
        };
      }
    }
  }

  /** The local index of a packed signature, registered on first sight. */
  private signature(packed: number): number {
    let i = this.sigLocal[packed]! - 1;
    if (i < 0) {
      const f = signatureFields(packed);
      i = this.sigCount.length;
      this.sigLocal[packed] = i + 1;
      this.sigSucc.push(f.successes);
      this.sigStrife.push(f.strife);
      this.sigOpp.push(f.opportunity);
      this.sigAddsRing.push(f.addsRing);
      this.sigAddsSkill.push(f.addsSkill);
      this.sigCount.push(f.count);
    }
    return i;
  }

  private localize(set: MenuSet): LocalMenus {
    let menus = this.signatures.localized.get(set);
    if (!menus) {
      const local = new Int32Array(set.signature.length);
      for (let i = 0; i < local.length; i++) local[i] = this.signature(set.signature[i]!);
      menus = { set, local };
      this.signatures.localized.set(set, menus);
    }
    return menus;
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

  private solveLevel(level: number): void {
    const n = this.limbs;
    const G = this.denominatorLimbs.subarray(level * n, (level + 1) * n);
    for (let s = 0; s <= this.tn; s++) {
      for (let pr = 0; pr <= this.maxPending; pr++) {
        for (let ps = 0; pr + ps <= this.maxPending; ps++) {
          const at = this.state(level, s, pr, ps) * FIELDS;
          if (pr + ps === 0 || level === 0) {
            // No wave to roll: the check is decided; a pending explosion here was cut off.
            if (succeeds(s, this.tn)) this.exact.set(G, (at + P) * n);
            if (pr + ps > 0) this.exact.set(G, (at + CAPPED) * n);
            this.values[at + P] = succeeds(s, this.tn) ? 1 : 0;
            this.values[at + CAPPED] = pr + ps > 0 ? 1 : 0;
          } else {
            this.solveWaveState(level, s, pr, ps, at);
          }
        }
      }
    }
  }

  /** Value of rolling a wave of pr Ring and ps Skill dice with `level` waves left. */
  private solveWaveState(level: number, s: number, pr: number, ps: number, at: number): void {
    const rank = this.rankFor(level - 1, s);
    const picked = this.pickedFor(pr * this.radix + ps, rank);
    // The keeps chosen, summed by the state they lead to, in scratch (no Sum is made).
    const size = this.gather(picked.sigs, picked.weights, picked.sigs.length, level - 1, s);
    const { byState, nexts, stateWeight: weights, immediate } = this.scratch;
    for (let i = 0; i < size; i++) {
      weights[i] = byState[nexts[i]!]!;
      byState[nexts[i]!] = 0;
    }
    // Outcome weights are over 6^pr·12^ps; scale them to the wave denominator 12^ring.
    const sums = this.sumExact(nexts, weights, size, immediate, level - 1);
    const scale = 2 ** pr * 12 ** (this.maxPending - pr - ps);
    for (let i = 0; i < sums.length; i++) sums[i]! *= scale;
    const n = this.limbs;
    for (let c = 0; c < FIELDS; c++) carry(sums, c * n, n);
    this.exact.set(sums, at * n);
    // The floats from the floats: they only order decisions, and near ties go to the exact.
    const total = 6 ** pr * 12 ** ps;
    const v = this.values;
    for (let c = 0; c < FIELDS; c++) v[at + c] = immediate[c]! / total;
    for (let i = 0; i < size; i++) {
      const p = weights[i]! / total;
      const next = nexts[i]! * FIELDS;
      for (let c = 0; c < FIELDS; c++) v[at + c]! += p * v[next + c]!;
    }
  }

  /**
   * What a wave (pr · radix + ps) keeps under `rank`: each of its pools' best entry, the
   * weights summed by signature. Cached per ranking.
   */
  private pickedFor(wave: number, rank: Int32Array): Picked {
    // Most levels rank alike (rankFor then hands out the same ranking): their choices are the
    // level before's, found once; every wave's pools share the menus' best entries.
    let byRank = this.chosenBy.get(rank);
    if (!byRank) {
      const menus = this.waveMenus!;
      const best = new Int32Array(menus.set.start.length - 1);
      for (let i = 0; i < best.length; i++) best[i] = bestEntry(menus, i, rank);
      byRank = { best, waves: [] };
      this.chosenBy.set(rank, byRank);
    }
    let picked = byRank.waves[wave];
    if (!picked) {
      const { menu, weight } = this.waves!.waves[wave]!;
      if (this.poolBest.length < menu.length) this.poolBest = new Int32Array(this.waveRoom());
      const best = this.poolBest;
      for (let i = 0; i < menu.length; i++) best[i] = byRank.best[menu[i]!]!;
      picked = this.picked(best, weight);
      byRank.waves[wave] = picked;
    }
    return picked;
  }

  /** Room for the pools of the largest wave (see pickedFor), sized once. */
  private waveRoom(): number {
    let room = 0;
    for (const w of this.waves!.waves) room = Math.max(room, w?.weight.length ?? 0);
    return room;
  }

  /** The signatures chosen from some pools (pool i's is `best[i]`), with their weights summed. */
  private picked(best: Int32Array, weight: Float64Array): Picked {
    const chosen = this.chosenScratch();
    const touched: number[] = [];
    for (let i = 0; i < weight.length; i++) {
      const sig = best[i]!;
      if (chosen[sig] === 0) touched.push(sig);
      chosen[sig]! += weight[i]!;
    }
    const weights = new Float64Array(touched.length);
    touched.forEach((sig, i) => {
      weights[i] = chosen[sig]!;
      chosen[sig] = 0;
    });
    return { sigs: Int32Array.from(touched), weights };
  }

  /** The scratch of sums being gathered, with room for every signature and state. */
  private sumScratch() {
    const states = this.values.length / FIELDS;
    if (this.scratch.touched.length < this.sigCount.length) {
      this.scratch.touched = new Int32Array(this.sigCount.length);
      this.scratch.touchedWeight = new Float64Array(this.sigCount.length);
    }
    if (this.scratch.byState.length < states) {
      this.scratch.byState = new Float64Array(states);
      this.scratch.nexts = new Int32Array(states);
      this.scratch.stateWeight = new Float64Array(states);
    }
    return this.scratch;
  }

  /**
   * Signatures `sigs[i]` chosen with weights `weights[i]` (i < size), summed into the scratch by
   * the state they lead to (`nextLevel` waves left, s successes before them): returns how many
   * states; `byState` holds their weights until {@link sumOf} or a reset clears them.
   */
  private gather(
    sigs: Int32Array,
    weights: Float64Array,
    size: number,
    nextLevel: number,
    s: number,
  ): number {
    const { byState, nexts, immediate } = this.sumScratch();
    let nextsSize = 0;
    immediate.fill(0);
    for (let i = 0; i < size; i++) {
      const sig = sigs[i]!;
      const w = weights[i]!;
      const succ = this.sigSucc[sig]!;
      const next = this.state(nextLevel, s + succ, this.sigAddsRing[sig]!, this.sigAddsSkill[sig]!);
      if (byState[next] === 0) nexts[nextsSize++] = next;
      byState[next]! += w;
      immediate[STRIFE]! += w * this.sigStrife[sig]!;
      immediate[BONUS]! += w * this.bonusOf(s, succ);
      immediate[OPP]! += w * this.sigOpp[sig]!;
      immediate[SUCC]! += w * succ;
    }
    return nextsSize;
  }

  /** The sum gathered in the scratch (see {@link gather}), the scratch cleared. */
  private sumOf(nextsSize: number): Sum {
    const { byState, nexts, immediate } = this.scratch;
    const states = nexts.slice(0, nextsSize);
    const weights = new Float64Array(nextsSize);
    for (let i = 0; i < nextsSize; i++) {
      weights[i] = byState[states[i]!]!;
      byState[states[i]!] = 0;
    }
    return new Sum(states, weights, immediate.slice());
  }

  /** The weights by signature of a roll being summed (zero between rolls). */
  private chosenScratch(): Float64Array {
    if (this.chosen.length < this.sigCount.length)
      this.chosen = new Float64Array(this.sigCount.length);
    return this.chosen;
  }

  /** Signatures chosen with their weights, summed by the state they lead to. */
  private sumChosen(sigs: Int32Array, weights: Float64Array, nextLevel: number, s: number): Sum {
    return this.sumOf(this.gather(sigs, weights, sigs.length, nextLevel, s));
  }

  /** Bonus successes a keep of `successes` adds at once, with s successes so far (capped at TN). */
  private bonusOf(s: number, successes: number): number {
    // s is capped at TN: once there, every new success is a bonus one.
    return succeeds(s, this.tn) ? successes : bonusSuccesses(s + successes, this.tn);
  }

  /**
   * Σ weights[i]·exact[nexts[i]] + G·immediate (i < size) over the states of `level` (their
   * denominator G), per component, as carried limbs in the accumulator (component c from
   * c · limbs). The weights and immediate symbols must add up to less than 2^27 (a wave's, a
   * reroll's). O(states · limbs).
   */
  private sumExact(
    nexts: Int32Array,
    weights: Float64Array,
    size: number,
    immediate: Float64Array,
    level: number,
  ): Float64Array {
    const n = this.limbs;
    const width = FIELDS * n;
    const acc = this.accumulator.fill(0);
    const e = this.exact;
    for (let i = 0; i < size; i++) {
      const w = weights[i]!;
      const from = nexts[i]! * width;
      for (let k = 0; k < width; k++) acc[k]! += w * e[from + k]!;
    }
    const G = this.denominatorLimbs;
    for (let c = 0; c < FIELDS; c++) {
      const x = immediate[c]!;
      if (x !== 0) for (let l = 0; l < n; l++) acc[c * n + l]! += x * G[level * n + l]!;
      carry(acc, c * n, n);
    }
    return acc;
  }

  /** An exact numerator (state · FIELDS + component) as a BigInt. */
  private exactBig(at: number): bigint {
    let x = this.exactBigs[at];
    if (x === undefined) {
      x = limbsValue(this.exact, at * this.limbs, this.limbs);
      this.exactBigs[at] = x;
    }
    return x;
  }

  /** Σ weight·exact[next] + denominator·immediate, per component, in BigInts (any weights). */
  private combine(sum: Sum, denominator: bigint): bigint[] {
    const sums = new Array<bigint>(FIELDS).fill(0n);
    for (let i = 0; i < sum.nexts.length; i++) {
      const at = sum.nexts[i]! * FIELDS;
      const w = BigInt(sum.weights[i]!);
      for (let c = 0; c < FIELDS; c++) {
        const x = this.exactBig(at + c);
        if (x !== 0n) sums[c]! += w * x;
      }
    }
    for (let c = 0; c < FIELDS; c++)
      if (sum.immediate[c] !== 0) sums[c]! += BigInt(sum.immediate[c]!) * denominator;
    return sums;
  }

  /** Rolling pr Ring and ps Skill dice, merged by kind, weights over 6^pr·12^ps. Cached. */
  outcomes(pr: number, ps: number): KindOutcome[] {
    return cachedRoll(pr, ps, 0);
  }

  /**
   * Ranks every signature in play for a decision whose dice lead to `nextLevel` waves left, with
   * s successes so far: 0 is best, equal decision keys share a rank. O(S log S) comparisons, S
   * the signatures (a few hundred). Cached; redone if signatures were added since.
   */
  private rankFor(nextLevel: number, s: number): Int32Array {
    const id = nextLevel * (this.tn + 1) + s;
    const n = this.sigCount.length;
    let rank = this.ranks.get(id);
    if (rank && rank.length === n) return rank;
    this.rankingKeys(nextLevel, s, n);
    const whole = nextLevel === 0 ? this.wholeRanking(n) : undefined;
    if (whole) {
      this.lastOrder.set(s, whole.order);
      this.lastMade = whole.order;
      this.ranks.set(id, whole.rank);
      return whole.rank;
    }
    this.ranking.ids = this.exactIds(nextLevel);
    // Sorted from the last order of these successes (the level before, as solveLevel goes),
    // else the last order made (other successes, alike): rankings change little between
    // levels, and the sort is linear on a sorted run. The order is total, so the start does
    // not change the result.
    const order = this.lastOrder.get(s) ?? this.lastMade.slice();
    for (let i = order.length; i < n; i++) order.push(i);
    // Most rankings keep the order they start from: one pass of comparisons finds that and
    // their ranks; the others are sorted.
    rank = this.ranksIfSorted(order);
    if (!rank) {
      order.sort(this.signatureOrder);
      rank = this.ranksOf(order);
    }
    this.lastOrder.set(s, order);
    this.lastMade = order;
    const before = this.lastRank.get(s);
    if (before?.length === n && before.every((x, i) => x === rank![i])) rank = before;
    this.lastRank.set(s, rank);
    this.ranks.set(id, rank);
    return rank;
  }

  // The ranking's loops are each a method of their own: a loop compiled while it runs (on
  // stack) is left for code never run before, which costs its compiled code.

  /** The ranking's keys, immediate symbols and next states (see {@link ranking}). O(n). */
  private rankingKeys(nextLevel: number, s: number, n: number): void {
    const width = this.objectiveLength + 3;
    const r = this.ranking;
    // Sizes worked out whether or not they grow (a rare branch costs the compiled code).
    const keysSize = n * width;
    const immediateSize = n * FIELDS;
    if (r.nextAt.length < n) {
      // Twice the room: the signatures a first roll adds later fit.
      r.keys = new Float64Array(2 * keysSize);
      r.immediate = new Float64Array(2 * immediateSize);
      r.nextAt = new Int32Array(2 * n);
    }
    r.level = nextLevel;
    const { keys, immediate, nextAt, vector } = r;
    const v = this.values;
    for (let i = 0; i < n; i++) {
      const succ = this.sigSucc[i]!;
      const at =
        this.state(nextLevel, s + succ, this.sigAddsRing[i]!, this.sigAddsSkill[i]!) * FIELDS;
      nextAt[i] = at;
      // The symbols the keep adds at once (P and capped: none).
      const own = i * FIELDS;
      immediate[own + STRIFE] = this.sigStrife[i]!;
      immediate[own + BONUS] = this.bonusOf(s, succ);
      immediate[own + OPP] = this.sigOpp[i]!;
      immediate[own + SUCC] = succ;
      for (let c = 0; c < FIELDS; c++) vector[c] = immediate[own + c]! + v[at + c]!;
      this.keyInto(vector, keys, i * width);
    }
  }

  /**
   * The ranking when every key is made of small whole numbers, as before the decided states
   * (level 0: a probability of 0 or 1, symbols counted), but for the weighted objective: each
   * signature's key as one number, its components (and count) as base-16 digits, the
   * signature's index below them, sorted natively; equal digits, one rank. Undefined when a
   * component is not such a number. O(n log n), no comparison called.
   */
  private wholeRanking(n: number): { order: number[]; rank: Int32Array } | undefined {
    if (this.objective === 'weighted' || n >= WHOLE_INDEX) return undefined;
    const { keys } = this.ranking;
    const objective = this.objectiveLength;
    const width = objective + 3;
    const packed = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      // Fewer dice first, then each component, higher first (a digit 8 − component).
      let x = 0;
      for (let c = 0; c < width; c++) {
        if (c === objective) x = x * 16 + this.sigCount[i]!;
        const k = keys[i * width + c]!;
        if (!Number.isInteger(k) || k < -7 || k > 7) return undefined;
        x = x * 16 + 8 - k;
      }
      packed[i] = x * WHOLE_INDEX + i;
    }
    packed.sort();
    const order = new Array<number>(n);
    const rank = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      const i = packed[p]! % WHOLE_INDEX;
      order[p] = i;
      const tied = p > 0 && packed[p]! - i === packed[p - 1]! - order[p - 1]!;
      rank[i] = tied ? rank[order[p - 1]!]! : p;
    }
    return { order, rank };
  }

  /**
   * The ranks of signatures in `order` if it is sorted, best first (ties in any order), else
   * undefined: the comparisons a sort of a sorted order makes, and ranksOf's, at once. O(n).
   */
  private ranksIfSorted(order: readonly number[]): Int32Array | undefined {
    const rank = new Int32Array(order.length);
    let at = 0;
    for (let p = 1; p < order.length; p++) {
      const c = this.compareSignatures(order[p - 1]!, order[p]!);
      if (c > 0) return undefined;
      if (c < 0) at = p;
      rank[order[p]!] = at;
    }
    return rank;
  }

  /** The ranks of signatures sorted best first: a tie shares the rank of its first. O(n). */
  private ranksOf(order: readonly number[]): Int32Array {
    const rank = new Int32Array(order.length);
    let at = 0;
    for (let p = 0; p < order.length; p++) {
      if (p > 0 && this.compareSignatures(order[p - 1]!, order[p]!) !== 0) at = p;
      rank[order[p]!] = at;
    }
    return rank;
  }

  /**
   * How signatures a and b compare in the ranking being made (see {@link rankFor}): negative
   * when a is better. Floats first and, within 1e-9 of a tie, exact differences component by
   * component, from the stored numerators (no vector is built).
   */
  private compareSignatures(a: number, b: number): number {
    const { keys, ids, immediate, nextAt } = this.ranking;
    const { keyField, keySign } = this;
    const count = this.sigCount;
    // The same state and successes: only the keeps' own symbols differ, compared exactly.
    if (this.sigSucc[a] === this.sigSucc[b] && nextAt[a] === nextAt[b])
      return this.order.inner(
        this.sigStrife[a]!,
        this.sigOpp[a]!,
        count[a]!,
        this.sigStrife[b]!,
        this.sigOpp[b]!,
        count[b]!,
      );
    const objective = this.objectiveLength;
    const width = objective + 3;
    const fewer = count[a]! - count[b]!;
    const ka = a * width;
    const kb = b * width;
    for (let i = 0; i < width; i++) {
      if (i === objective && fewer !== 0) return fewer;
      const x = keys[ka + i]!;
      const y = keys[kb + i]!;
      if (!nearTie(x, y)) return x > y ? -1 : 1;
      // Exact ties without exact arithmetic: a field of two signatures is tied when their
      // immediate symbols are and their next states' exact values are (equal ids).
      const field = keyField[i]!;
      if (
        field >= 0 &&
        ids[nextAt[a]! + field] === ids[nextAt[b]! + field] &&
        immediate[a * FIELDS + field] === immediate[b * FIELDS + field]
      )
        continue;
      const d =
        field >= 0
          ? keySign[i]! * this.signatureFieldDiff(field, a, b)
          : this.signatureUtilityDiff(a, b);
      if (d !== 0) return d > 0 ? -1 : 1;
    }
    return 0;
  }

  /**
   * The sign of a field of signature a's value minus b's in the ranking being made, exactly:
   * immediate · G + numerator, carried into `difference` (which then holds it).
   */
  private signatureFieldDiff(field: number, a: number, b: number): number {
    const { immediate, nextAt, level } = this.ranking;
    const n = this.limbs;
    const e = this.exact;
    const G = this.denominatorLimbs;
    const diff = this.difference;
    const d = immediate[a * FIELDS + field]! - immediate[b * FIELDS + field]!;
    const ea = (nextAt[a]! + field) * n;
    const eb = (nextAt[b]! + field) * n;
    for (let l = 0; l < n; l++) diff[l] = d * G[level * n + l]! + e[ea + l]! - e[eb + l]!;
    carry(diff, 0, n);
    return limbsSign(diff, 0, n);
  }

  /** The sign of signature a's weighted utility minus b's in the ranking being made, exactly. */
  private signatureUtilityDiff(a: number, b: number): number {
    const big = (field: number) =>
      this.signatureFieldDiff(field, a, b) === 0 ? 0n : limbsValue(this.difference, 0, this.limbs);
    const w = this.weightExact;
    const u = w[0]! * big(P) + w[1]! * big(BONUS) + w[2]! * big(OPP) + w[3]! * big(STRIFE);
    return u > 0n ? 1 : u < 0n ? -1 : 0;
  }

  /**
   * For each state of a level and each field, an id equal for equal exact values (within a
   * level they share one denominator). Built on the first ranking that reads the level.
   */
  private exactIds(level: number): Int32Array {
    if (this.ids.length === 0) this.ids = new Int32Array(this.values.length);
    const ids = this.ids;
    if (this.idsBuilt.length === 0) this.idsBuilt = new Uint8Array(this.depth + 1);
    if (this.idsBuilt[level] === 0) {
      // Marked before the loop: nothing after it but the return, which compiled loops reach
      // without ever having run it.
      this.idsBuilt[level] = 1;
      const from = level * this.levelSize * FIELDS;
      const to = from + this.levelSize * FIELDS;
      // Values by a hash of their field and limbs, then compared limb by limb; an id is the
      // first index of its value. A value whose hash an unequal one took keeps an id of its
      // own: equal ids are equal values, and the rare unequal ids of equal values are only
      // compared exactly.
      const n = this.limbs;
      const e = this.exact;
      const first = new KeyIndex(12);
      for (let at = from; at < to; at++) {
        let hash = at % FIELDS;
        for (let l = 0; l < n; l++) hash = mix(hash, e[at * n + l]!);
        hash &= 0x3fffffff;
        const seen = first.get(hash);
        const same = seen >= 0 && compareLimbs(e, seen * n, e, at * n, n) === 0;
        if (seen < 0) first.put(hash, at);
        ids[at] = same ? seen : at;
      }
    }
    return ids;
  }

  /** The value fields each component of a key is made of (see {@link keyOf}). */
  private get componentFields(): readonly (readonly number[])[] {
    const objective =
      this.objective === 'succeed-then-least-strife'
        ? [[P], [STRIFE], [BONUS], [OPP]]
        : this.objective === 'most-successes'
          ? [[SUCC], [BONUS], [OPP]]
          : [[P, BONUS, OPP, STRIFE], [BONUS], [OPP]];
    return [...objective, [STRIFE], [SUCC], [CAPPED]];
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
  private keyOf(v: Float64Array): Float64Array {
    const key = new Float64Array(this.objectiveLength + 3);
    this.keyInto(v, key, 0);
    return key;
  }

  /** {@link keyOf} written into `out` from `at`. */
  private keyInto(v: Float64Array, out: Float64Array, at: number): void {
    let i = at;
    switch (this.objective) {
      case 'succeed-then-least-strife':
        out[i++] = v[P]!;
        out[i++] = -v[STRIFE]!;
        out[i++] = v[BONUS]!;
        out[i++] = v[OPP]!;
        break;
      case 'most-successes':
        out[i++] = v[SUCC]!;
        out[i++] = v[BONUS]!;
        out[i++] = v[OPP]!;
        break;
      case 'weighted': {
        const w = this.weightFloats;
        out[i++] = w[0]! * v[P]! + w[1]! * v[BONUS]! + w[2]! * v[OPP]! + w[3]! * v[STRIFE]!;
        out[i++] = v[BONUS]!;
        out[i++] = v[OPP]!;
        break;
      }
    }
    out[i++] = -v[STRIFE]!;
    out[i++] = v[SUCC]!;
    out[i] = -v[CAPPED]!;
  }

  /**
   * The best keep of a pool with `least`..`most` dice for a decision whose dice lead to
   * `nextLevel` waves left with s successes so far: the best-ranked entry of the pool's menu.
   */
  private bestKeep(
    pool: ArrayLike<number>,
    least: number,
    most: number,
    nextLevel: number,
    s: number,
  ): KeepChoice {
    const menu = this.menuScratch;
    const size = menuOf(this.order, pool, least, most, menu.sigs, menu.lexes, 0);
    for (let e = 0; e < size; e++) menu.sigs[e] = this.signature(menu.sigs[e]!);
    const rank = this.rankFor(nextLevel, s);
    let best = -1;
    let bestRank = NO_ENTRY;
    let bestLex = NO_ENTRY;
    for (let e = 0; e < size; e++) {
      const r = rank[menu.sigs[e]!]!;
      if (entryBefore(r, menu.lexes[e]!, bestRank, bestLex)) {
        bestRank = r;
        bestLex = menu.lexes[e]!;
        best = e;
      }
    }
    if (best < 0) throw new Error('a keep decision found no legal keep');
    const sig = menu.sigs[best]!;
    const successes = this.sigSucc[sig]!;
    const addsRing = this.sigAddsRing[sig]!;
    const addsSkill = this.sigAddsSkill[sig]!;
    return {
      kept: keptOfLex(menu.lexes[best]!),
      count: this.sigCount[sig]!,
      successes,
      strife: this.sigStrife[sig]!,
      opportunity: this.sigOpp[sig]!,
      addsRing,
      addsSkill,
      bonus: this.bonusOf(s, successes),
      next: this.state(nextLevel, s + successes, addsRing, addsSkill),
    };
  }

  /**
   * The best subset of a wave (any subset, none included) rolled with `level` waves left
   * (this one included) and `successes` so far. O(profiles of the wave).
   */
  waveChoice(level: number, successes: number, wave: ArrayLike<number>): KeepChoice {
    const s = Math.min(successes, this.tn);
    let dice = 0;
    for (let k = 0; k < KIND_COUNT; k++) dice += wave[k]!;
    return this.bestKeep(wave, 0, Math.min(dice, this.maxPending), level - 1, s);
  }

  /**
   * The exact expected figures from a state on (see {@link RingSkillSolver.state}): what the waves still to
   * roll add to the symbols kept so far, and P(success) and P(capped) with the successes so far
   * counted. The value table every decision is taken from, read for advice (`ring-skill
   * advise`) so that an action's value is the solver's own. O(1).
   */
  stateFigures(state: number): Omit<ExactFigures, 'expectedUtility'> {
    const at = state * FIELDS;
    const G = this.denominators[Math.floor(state / this.levelSize)]!;
    return figuresOf((c) => Rational.of(this.exactBig(at + c), G));
  }

  /** The best first keep from a pool (kind counts): 1 to ring dice. Memoised on the reduced pool. */
  keepChoice(pool: ArrayLike<number>): KeepChoice {
    // Pools alike in what their menu reads (see reducedPool) share a keep.
    const id = reducedPool(this.order, pool, this.maxPending, this.reduced);
    let choice = this.keepChoices.get(id);
    if (!choice) {
      choice = this.bestKeep(this.reduced, 1, this.maxPending, this.depth, 0);
      this.keepChoices.set(id, choice);
    }
    return choice;
  }

  /**
   * The best rerolls on a first roll (kind counts by die type): every choice of up to `rerolls`
   * dice is scored by the expected value of the best keep after it. Ties go to fewer dice
   * rerolled, then to the final tie-break, then to the first in a fixed order (see
   * `rerollParts`). Memoised.
   */
  rerollChoice(ring: ArrayLike<number>, skill: ArrayLike<number>, rerolls: number): RerollChoice {
    // Counts are at most 6 (ring and skill ≤ 6): base-7 digits keep the key a safe integer.
    const id = (digitsKey(ring, 7) * 7 ** KIND_COUNT + digitsKey(skill, 7)) * 4 + rerolls;
    let choice = this.rerollChoices.get(id);
    if (!choice) {
      let skillDice = 0;
      for (let k = 0; k < KIND_COUNT; k++) skillDice += skill[k]!;
      const search = rerollSearch(this.order, this.maxPending, skillDice, rerolls);
      const { rp, sp } = search;
      const r = rp.parts[rp.index.get(digitsKey(ring, 7))!]!;
      const s = sp.parts[sp.index.get(digitsKey(skill, 7))!]!;
      const nR = rp.subs.length;
      const { values, pairValue } = this.pairValues(search);
      let best: RerollValue | undefined;
      choice = { ring: new Int8Array(KIND_COUNT), skill: new Int8Array(KIND_COUNT) };
      for (let j = 0; j < s.left.length; j++)
        for (let i = 0; i < r.left.length; i++) {
          if (r.rerolled[i]! + s.rerolled[j]! > rerolls) continue;
          const pair = s.left[j]! * nR + r.left[i]!;
          const value = values[pairValue[pair]!]!;
          if (best && (value === best || this.compareReroll(value, best, rerolls) >= 0)) continue;
          best = value;
          // The dice rerolled: those of the roll less those left.
          const left = (part: RerollPart, sub: RerollSub) =>
            part.counts.map((n, k) => n - sub.counts[k]!);
          choice = {
            ring: left(r, rp.subs[r.left[i]!]!),
            skill: left(s, sp.subs[s.left[j]!]!),
          };
        }
      this.rerollChoices.set(id, choice);
    }
    return choice;
  }

  /**
   * How reroll value a compares with b: negative when a is better. The objective (exact on near
   * ties), then fewer dice rerolled, then the final tie-break; 0 when they tie in all of it.
   */
  private compareReroll(a: RerollValue, b: RerollValue, rerolls: number): number {
    const n = this.objectiveLength;
    const fewer = a.rerolled - b.rerolled;
    for (let i = 0; i < a.key.length; i++) {
      if (i === n && fewer !== 0) return fewer;
      const x = a.key[i]!;
      const y = b.key[i]!;
      if (!nearTie(x, y)) return x > y ? -1 : 1;
      const d = this.rerollKeyDiff(i, a, b, rerolls);
      if (d !== 0) return d > 0 ? -1 : 1;
    }
    return 0;
  }

  /**
   * The sign of key component i of reroll value a minus b's, exactly: their numerators over the
   * common denominator 12^rerolls · G_depth, one field's limbs at a time (the weighted utility in
   * BigInts).
   */
  private rerollKeyDiff(i: number, a: RerollValue, b: RerollValue, rerolls: number): number {
    const sa = 12 ** (rerolls - a.rerolled);
    const sb = 12 ** (rerolls - b.rerolled);
    const field = this.keyField[i]!;
    if (field < 0) {
      const u = BigInt(sa) * this.rerollUtility(a) - BigInt(sb) * this.rerollUtility(b);
      return u > 0n ? 1 : u < 0n ? -1 : 0;
    }
    const n = this.limbs;
    const ea = this.rerollExact(a);
    const eb = this.rerollExact(b);
    const diff = this.difference;
    for (let l = 0; l < n; l++) diff[l] = sa * ea[field * n + l]! - sb * eb[field * n + l]!;
    carry(diff, 0, n);
    return this.keySign[i]! * limbsSign(diff, 0, n);
  }

  /** A reroll value's exact sums Σ weight·value over 12^rerolled · G_depth, as limbs (cached). */
  private rerollExact(v: RerollValue): Float64Array {
    const { nexts, weights, immediate } = v.sum;
    v.exact ??= this.sumExact(nexts, weights, nexts.length, immediate, this.depth).slice();
    return v.exact;
  }

  /** A reroll value's weighted utility over 12^rerolled · G_depth (and the weights' denominator). */
  private rerollUtility(v: RerollValue): bigint {
    if (v.utility === undefined) {
      const e = this.rerollExact(v);
      const n = this.limbs;
      const w = this.weightExact;
      const field = (f: number) => limbsValue(e, f * n, n);
      v.utility =
        w[0]! * field(P) + w[1]! * field(BONUS) + w[2]! * field(OPP) + w[3]! * field(STRIFE);
    }
    return v.utility;
  }

  /**
   * The weight of each reroll value chosen over every first roll of `skill` Skill dice, each
   * weighing 6^ring·12^(skill + rerolls) in all. Every pair of dice left is valued (see
   * pairValues) and the values ranked once, so that each first roll's choices compare ranks:
   * O(first rolls × choices) integer steps.
   */
  private chosenRerolls(skill: number, rerolls: number): Map<RerollValue, number> {
    const search = rerollSearch(this.order, this.maxPending, skill, rerolls);
    const { values, pairValue } = this.pairValues(search);
    const rank = this.valueRanks(values, rerolls);
    const weights = this.firstRollWeights(search, rank, pairValue, values, rerolls);
    const chosen = new Map<RerollValue, number>();
    values.forEach((v, i) => {
      if (weights[i]! > 0) chosen.set(v, weights[i]!);
    });
    return chosen;
  }

  /** Ranks of reroll values: 0 best, values that tie in all of the comparison share one. */
  private valueRanks(values: readonly RerollValue[], rerolls: number): Int32Array {
    this.rankedValues(values, rerolls);
    const order = roughOrder(values);
    order.sort(this.valueOrder);
    const rank = new Int32Array(values.length);
    for (let p = 1; p < order.length; p++)
      rank[order[p]!] =
        this.compareValues(order[p - 1]!, order[p]!) === 0 ? rank[order[p - 1]!]! : p;
    return rank;
  }

  /**
   * The reroll values being ranked (see compareValues), and their numerators over the common
   * denominator 12^rerolls · G_depth as carried limbs (by value · FIELDS + field), worked out
   * once: most comparisons meet exact ties. O(values · FIELDS · limbs).
   */
  private rankedValues(values: readonly RerollValue[], rerolls: number): void {
    const n = this.limbs;
    const scaled = new Float64Array(values.length * FIELDS * n);
    for (let v = 0; v < values.length; v++) {
      const { nexts, weights, immediate } = values[v]!.sum;
      const e = this.sumExact(nexts, weights, nexts.length, immediate, this.depth);
      const scale = 12 ** (rerolls - values[v]!.rerolled);
      for (let k = 0; k < FIELDS * n; k++) scaled[v * FIELDS * n + k] = scale * e[k]!;
      for (let f = 0; f < FIELDS; f++) carry(scaled, (v * FIELDS + f) * n, n);
    }
    this.ranked = { values, rerolls, scaled };
  }

  /**
   * How reroll values x and y (indices into the values being ranked) compare: negative when x
   * is better. The objective (floats, then exact on near ties), fewer dice rerolled, the final
   * tie-break; 0 when they tie in all of it. As {@link compareReroll}, from rankedValues' limbs.
   */
  private compareValues(x: number, y: number): number {
    const { values, rerolls, scaled } = this.ranked;
    const { keyField, keySign } = this;
    const a = values[x]!;
    const b = values[y]!;
    const n = this.objectiveLength;
    const fewer = a.rerolled - b.rerolled;
    const nl = this.limbs;
    for (let i = 0; i < a.key.length; i++) {
      if (i === n && fewer !== 0) return fewer;
      const kx = a.key[i]!;
      const ky = b.key[i]!;
      if (!nearTie(kx, ky)) return kx > ky ? -1 : 1;
      const field = keyField[i]!;
      const fx = x * FIELDS + field;
      const fy = y * FIELDS + field;
      const d =
        field < 0
          ? this.rerollKeyDiff(i, a, b, rerolls)
          : keySign[i]! * compareLimbs(scaled, fx * nl, scaled, fy * nl, nl);
      if (d !== 0) return d > 0 ? -1 : 1;
    }
    return 0;
  }

  /**
   * The weight of the value each first roll chooses, the first best of its choices in the
   * search's order (Skill choices outer, Ring choices inner), by value. The rolls are walked
   * Skill part outer: a Skill part's choices read a few rows of `pairValue`, which stay cached
   * while every Ring part is tried against them. A Skill choice of one die, found in many Skill
   * parts, has its best Ring choice per Ring part found once (see bestRingChoices).
   * O(first rolls × choices).
   */
  private firstRollWeights(
    search: RerollSearch,
    rank: Int32Array,
    pairValue: Int32Array,
    values: readonly RerollValue[],
    rerolls: number,
  ): Float64Array {
    const { rp, sp, ringRows } = search;
    const nR = rp.subs.length;
    const ringParts = rp.parts.length;
    // A chosen value over 12^q weighs 12^(rerolls − q) more, to share 12^rerolls.
    const scale = Float64Array.from(values, (v) => 12 ** (rerolls - v.rerolled));
    const weights = new Float64Array(values.length);
    const once = this.bestRingChoices(search, rank, pairValue, rerolls);
    for (let si = 0; si < sp.parts.length; si++) {
      const s = sp.parts[si]!;
      for (let ri = 0; ri < ringParts; ri++) {
        const rows = ringRows[ri]!;
        let best = -1;
        let bestRank = Number.POSITIVE_INFINITY;
        for (let j = 0; j < s.left.length; j++) {
          const sub = s.left[j]!;
          const at = once.slot[sub]!;
          if (at >= 0) {
            // One Skill die rerolled: this Ring part's best, found once.
            const r = once.rank[at * ringParts + ri]!;
            if (r < bestRank) {
              bestRank = r;
              best = once.value[at * ringParts + ri]!;
            }
            continue;
          }
          const v = bestOfRow(pairValue, rank, sub * nR, rows[rerolls - s.rerolled[j]!]!);
          if (rank[v]! < bestRank) {
            bestRank = rank[v]!;
            best = v;
          }
        }
        weights[best]! += rp.parts[ri]!.weight * s.weight * scale[best]!;
      }
    }
    return weights;
  }

  /**
   * For each Skill sub that rerolls one die (with rerolls 2: the Ring choices left it reroll
   * one die more at most) and each Ring part, the best of the Ring part's choices against it,
   * the first in the search's order: its rank and value; `slot` gives a sub's place (−1: none).
   * A few hundred thousand steps that save the first rolls a few million. Empty without 2
   * rerolls.
   */
  private bestRingChoices(
    search: RerollSearch,
    rank: Int32Array,
    pairValue: Int32Array,
    rerolls: number,
  ): { slot: Int32Array; rank: Int32Array; value: Int32Array } {
    const { rp, sp, ringRows, skillBy } = search;
    const nR = rp.subs.length;
    const ringParts = rp.parts.length;
    const slot = new Int32Array(sp.subs.length).fill(-1);
    const subs = rerolls === 2 ? skillBy[1]! : new Int32Array(0);
    const bestRank = new Int32Array(subs.length * ringParts);
    const bestValue = new Int32Array(subs.length * ringParts);
    for (let at = 0; at < subs.length; at++) {
      const col = subs[at]! * nR;
      slot[subs[at]!] = at;
      for (let ri = 0; ri < ringParts; ri++) {
        const best = bestOfRow(pairValue, rank, col, ringRows[ri]![rerolls - 1]!);
        bestRank[at * ringParts + ri] = rank[best]!;
        bestValue[at * ringParts + ri] = best;
      }
    }
    return { slot, rank: bestRank, value: bestValue };
  }

  /**
   * The value of every pair of subs of a search (see {@link rerollSearch}), as an index into
   * `values`: the expected value of keeping best after rerolling the dice the pair leaves out.
   * Rerolling nothing is the first roll's best keep; rerolling dice is the mean, over how one
   * of them falls, of the value of the pair with that die back (a Ring die first): a pair of
   * one die fewer, valued before. So each pair mixes 6 or 7 values found already; a mix is
   * interned by its values and weights (one per few pairs), and a new one by the sum it makes
   * by state (see {@link internedSum}). O(pairs × faces). Memoised per search.
   */
  private pairValues(search: RerollSearch): PairValues {
    let found = this.pairValuesBySearch.get(search);
    if (found) return found;
    const { rp, sp } = search;
    const nR = rp.subs.length;
    const pairValue = new Int32Array(nR * sp.subs.length).fill(-1);
    const values: RerollValue[] = [];
    // The tables of values, made with room at the first reroll solved (a check without
    // rerolls makes none).
    if (this.internedNext.length === 0) {
      this.interned = new KeyIndex(14);
      this.internedNext = new Int32Array(8192);
    }
    // Local indices by serial, plus 1 (0: none yet).
    const local = new Int32Array(this.rerollList.length + pairValue.length + 1);
    const localOf = (value: RerollValue) => {
      if (local[value.serial] === 0) {
        values.push(value);
        local[value.serial] = values.length;
      }
      return local[value.serial]! - 1;
    };
    this.keptPairs(search, pairValue, localOf);
    this.mixValues(search, pairValue, values, localOf);
    found = { values, pairValue };
    this.pairValuesBySearch.set(search, found);
    return found;
  }

  /**
   * The values of the pairs that reroll nothing (first rolls): their first keep's value, one
   * per signature.
   */
  private keptPairs(
    search: RerollSearch,
    pairValue: Int32Array,
    localOf: (value: RerollValue) => number,
  ): void {
    const { rp, sp, ringBy, skillBy, firstMenu } = search;
    const best = this.firstBest(sp.dice);
    // Each pool's value first (a few hundred signatures among them), then every first roll
    // its pool's, in a loop of array steps alone: a loop that calls heavier code is compiled
    // with it, and runs uncompiled the longer.
    const bySig = new Int32Array(this.sigCount.length).fill(-1);
    const poolValue = new Int32Array(best.length);
    for (let pool = 0; pool < best.length; pool++) {
      const sig = best[pool]!;
      if (bySig[sig]! < 0) bySig[sig] = localOf(this.keptValue(sig));
      poolValue[pool] = bySig[sig]!;
    }
    const parts = sp.parts.length;
    const ringSubs = ringBy[0]!;
    const skillSubs = skillBy[0]!;
    const rows = Int32Array.from(ringSubs, (i) => rp.subs[i]!.part * parts);
    const cols = Int32Array.from(skillSubs, (j) => sp.subs[j]!.part);
    spreadPools(firstMenu, poolValue, rows, cols, ringSubs, skillSubs, rp.subs.length, pairValue);
  }

  /**
   * The values of the pairs that reroll dice, from those of one die fewer (see
   * {@link pairValues}): by dice rerolled, then Ring dice rerolled, in one call (its loops are
   * compiled once).
   */
  private mixValues(
    search: RerollSearch,
    pairValue: Int32Array,
    values: RerollValue[],
    localOf: (value: RerollValue) => number,
  ): void {
    const { rp, sp, ringBy, skillBy } = search;
    const nR = rp.subs.length;
    const mixes = new Mixes();
    // (Ring dice, Skill dice) rerolled, each kind of pair after those it is mixed from.
    const types: number[] = [];
    for (let rerolled = 1; rerolled < ringBy.length; rerolled++)
      for (let nr = 0; nr <= rerolled; nr++) types.push(nr, rerolled - nr);
    for (let type = 0; type < types.length; type += 2) {
      const nr = types[type]!;
      const ns = types[type + 1]!;
      mixes.rerolled = nr + ns;
      // The die put back: a Ring die (6 kinds, each face weighing 2 over 12) while there is
      // one. The pair it makes: the sub it goes into (the Ring one, else the Skill one) with
      // the die back, at its place in the pairs (Skill sub · nR + Ring sub), plus the other
      // sub's place; worked out by arithmetic on `ring` (1 or 0), not by branches.
      const ring = nr > 0 ? 1 : 0;
      const parts = [sp, rp][ring]!;
      this.mixPairs(ring, nR, ringBy[nr]!, skillBy[ns]!, parts, pairValue, values, mixes, localOf);
    }
  }

  /**
   * mixValues' pairs of one kind (Ring subs and Skill subs that reroll so many dice), the die
   * put back into the `ring` (1) or Skill (0) sub, of `parts`: a method called once a kind, so
   * that no kind's first steps meet compiled code that never ran them.
   */
  private mixPairs(
    ring: number,
    nR: number,
    ringSubs: Int32Array,
    skillSubs: Int32Array,
    parts: RerollParts,
    pairValue: Int32Array,
    values: RerollValue[],
    mixes: Mixes,
    localOf: (value: RerollValue) => number,
  ): void {
    const { kinds, weights } = parts.faces;
    const back = parts.back;
    const stride = ring + (1 - ring) * nR;
    const width = kinds.length;
    const tuple = mixes.tuple;
    for (let y = 0; y < skillSubs.length; y++)
      for (let x = 0; x < ringSubs.length; x++) {
        const j = skillSubs[y]!;
        const i = ringSubs[x]!;
        const into = (ring * i + (1 - ring) * j) * KIND_COUNT;
        const other = ring * j * nR + (1 - ring) * i;
        // The values with each kind of die put back, in the kinds' order, and their hash.
        let hash = width;
        for (let f = 0; f < width; f++) {
          const v = pairValue[back[into + kinds[f]!]! * stride + other]!;
          tuple[f] = v;
          hash = Math.imul(hash ^ (v + 1), 0x9e3779b1) ^ (hash >>> 15);
        }
        let v = mixes.find(width, hash);
        if (v < 0) {
          v = localOf(this.mixedValue(tuple, weights, values, mixes.rerolled));
          mixes.keep(width, hash, v);
        }
        pairValue[j * nR + i] = v;
      }
  }

  /** The reroll value of keeping `sig` first, nothing rerolled. Cached per signature. */
  private keptValue(sig: number): RerollValue {
    let value = this.keptValues[sig];
    if (!value) {
      const { touched, touchedWeight } = this.sumScratch();
      touched[0] = sig;
      touchedWeight[0] = 1;
      value = this.internedSum(this.gather(touched, touchedWeight, 1, this.depth, 0), 0);
      this.keptValues[sig] = value;
    }
    return value;
  }

  /**
   * The reroll value of a mix of values (`tuple[m]` weighing `weights[m]` over 12), summed by
   * state and interned.
   */
  private mixedValue(
    tuple: Int32Array,
    weights: Float64Array,
    values: readonly RerollValue[],
    rerolled: number,
  ): RerollValue {
    const { byState, nexts, immediate } = this.sumScratch();
    let size = 0;
    immediate.fill(0);
    for (let m = 0; m < weights.length; m++) {
      const w = weights[m]!;
      const sum = values[tuple[m]!]!.sum;
      for (let i = 0; i < sum.nexts.length; i++) {
        const next = sum.nexts[i]!;
        if (byState[next] === 0) nexts[size++] = next;
        byState[next]! += w * sum.weights[i]!;
      }
      for (let c = 0; c < FIELDS; c++) immediate[c]! += w * sum.immediate[c]!;
    }
    return this.internedSum(size, rerolled);
  }

  /**
   * The reroll value of the sum gathered in the scratch (weights over 12^rerolled by state,
   * immediate symbols), interned by that sum: equal sums, one object. The scratch is cleared.
   */
  private internedSum(nextsSize: number, rerolled: number): RerollValue {
    const { byState, nexts, immediate } = this.scratch;
    // Entries in any order: a sum of mixed entries.
    let hash = rerolled;
    for (let i = 0; i < nextsSize; i++) hash = (hash + mix(nexts[i]!, byState[nexts[i]!]!)) | 0;
    for (let f = 0; f < FIELDS; f++) hash = mix(hash, immediate[f]!);
    hash &= 0x3fffffff;
    const first = this.interned.get(hash);
    for (let x = first; x >= 0; x = this.internedNext[x]!)
      if (sameSum(this.rerollList[x]!, rerolled, nextsSize, byState, immediate)) {
        for (let i = 0; i < nextsSize; i++) byState[nexts[i]!] = 0;
        return this.rerollList[x]!;
      }
    const sum = this.sumOf(nextsSize);
    const total = 12 ** rerolled;
    const vector = new Float64Array(FIELDS);
    const v = this.values;
    for (let f = 0; f < FIELDS; f++) vector[f] = sum.immediate[f]! / total;
    for (let i = 0; i < sum.nexts.length; i++) {
      const p = sum.weights[i]! / total;
      const next = sum.nexts[i]! * FIELDS;
      for (let f = 0; f < FIELDS; f++) vector[f]! += p * v[next + f]!;
    }
    const serial = this.rerollList.length;
    const value = new RerollValue(serial, rerolled, sum, this.keyOf(vector));
    this.rerollList.push(value);
    if (serial === this.internedNext.length) {
      const more = new Int32Array(2 * serial);
      more.set(this.internedNext);
      this.internedNext = more;
    }
    this.internedNext[serial] = first;
    this.interned.put(hash, serial);
    return value;
  }

  /**
   * The best first keep (local signature) of each pool of a first roll of `skill` Skill dice
   * (see {@link firstRollPools}): its menu's best entry. Cached per skill.
   */
  private firstBest(skill: number): Int32Array {
    let best = this.firstBestBySkill.get(skill);
    if (!best) {
      const id = `${this.wavesId}|${this.tn}|${skill}`;
      best = firstBests.get(id);
      if (!best) {
        const ring = this.maxPending;
        // Every signature a first menu can hold is ranked before the menus are walked.
        for (const packed of firstKeepSignatures(this.order, ring, skill, ring))
          this.signature(packed);
        const rank = this.rankFor(this.depth, 0);
        const pooled = firstRollPools(this.order, ring, skill);
        best = bestEntries(this.order, pooled, 1, ring, this.sigLocal, rank);
        firstBests.set(id, best);
      }
      this.firstBestBySkill.set(skill, best);
    }
    return best;
  }

  /**
   * Solves a check with `skill` Skill dice and up to `rerolls` rerolls: the exact figures under
   * this solver's objective. Without rerolls O(menu entries of the first roll's pools): the
   * pools are found once per (ring, skill, objective) and shared by every TN, their menus walked
   * once per TN (ring 5 + skill 5: 20,414 pools, 428,844 entries); with rerolls O(pairs × faces
   * + first rolls × reroll choices): 301,056 pairs and 116,424 rolls for ring 5 + skill 5 and
   * 2 rerolls, the pairs found once and shared, their values once per solver.
   */
  solve(skill: number, rerolls: number): ExactFigures {
    const ring = this.options.ring;
    const top = this.denominators[this.depth]!;
    let sums: bigint[];
    let denominator: bigint;
    if (rerolls === 0) {
      const best = this.firstBest(skill);
      const picked = this.picked(best, firstRollPools(this.order, ring, skill).weight);
      sums = this.combine(this.sumChosen(picked.sigs, picked.weights, this.depth, 0), top);
      denominator = 6n ** BigInt(ring) * 12n ** BigInt(skill) * top;
    } else {
      // The values chosen, weighted, summed by state (integers below 2^53) and then exactly.
      const chosen = this.chosenRerolls(skill, rerolls);
      const { byState, nexts, immediate } = this.sumScratch();
      let size = 0;
      immediate.fill(0);
      for (const [value, weight] of chosen) {
        const sum = value.sum;
        for (let i = 0; i < sum.nexts.length; i++) {
          const next = sum.nexts[i]!;
          if (byState[next] === 0) nexts[size++] = next;
          byState[next]! += weight * sum.weights[i]!;
        }
        for (let c = 0; c < FIELDS; c++) immediate[c]! += weight * sum.immediate[c]!;
      }
      sums = this.combine(this.sumOf(size), top);
      denominator = 6n ** BigInt(ring) * 12n ** BigInt(skill + rerolls) * top;
    }
    const figures = figuresOf((c) => Rational.of(sums[c]!, denominator));
    return { ...figures, expectedUtility: expectedUtilityOf(figures, this.options) };
  }
}

/** A value vector's figures, component c given by `q`. */
function figuresOf(q: (c: number) => Rational): Omit<ExactFigures, 'expectedUtility'> {
  return {
    pSuccess: q(P),
    expectedStrife: q(STRIFE),
    expectedBonusSuccesses: q(BONUS),
    expectedOpportunity: q(OPP),
    expectedSuccesses: q(SUCC),
    pCapped: q(CAPPED),
  };
}

/** The objective's own figure of some exact figures: P(success), E[successes] or E[utility]. */
export function expectedUtilityOf(
  figures: Omit<ExactFigures, 'expectedUtility'>,
  check: Pick<RingSkillCheck, 'objective' | 'weights'>,
): Rational {
  const w = check.weights;
  const d = Rational.fromDecimal;
  return check.objective === 'succeed-then-least-strife'
    ? figures.pSuccess
    : check.objective === 'most-successes'
      ? figures.expectedSuccesses
      : figures.pSuccess
          .mul(d(w.success))
          .add(figures.expectedBonusSuccesses.mul(d(w.bonusSuccess)))
          .add(figures.expectedOpportunity.mul(d(w.opportunity)))
          .add(figures.expectedStrife.mul(d(w.strife)));
}

/** Weights of decisions grouped by the state they lead to, plus their immediate symbols. */
class Sum {
  /** The states led to, and the weight of the decisions leading to each. */
  readonly nexts: Int32Array;
  readonly weights: Float64Array;
  /** Their symbols kept at once, weighted, by component (P and capped are 0). */
  readonly immediate: Float64Array;

  constructor(nexts: Int32Array, weights: Float64Array, immediate: Float64Array) {
    this.nexts = nexts;
    this.weights = weights;
    this.immediate = immediate;
  }
}

/** The values of a search's pairs: `values[pairValue[pair]]` (−1: a pair that rerolls too many). */
interface PairValues {
  readonly values: RerollValue[];
  readonly pairValue: Int32Array;
}

/**
 * Mixes made so far (see pairValues): tuples of values (local indices, one per kind of the die
 * put back) with the value they make, found by a hash of the tuple and compared in full. Two
 * pairs with one tuple have one value; tuples that differ and mix alike are interned later, by
 * their sum.
 */
class Mixes {
  /** The tuple being looked up, and the dice its pairs reroll. */
  readonly tuple = new Int32Array(KIND_COUNT);
  rerolled = 0;
  /**
   * Tuples by index (`width` values each, by width), their values, and the next of each hash:
   * room for 8,192 before they grow (ring 5 + skill 5 makes up to about 5,300).
   */
  private stored = new Int32Array(8192 * KIND_COUNT);
  private value = new Int32Array(8192);
  private next = new Int32Array(8192);
  private count = 0;
  private readonly first = new KeyIndex(14);

  /** The value of `tuple` (its first `width` values) if made before, else −1. */
  find(width: number, hash: number): number {
    for (let t = this.first.get((hash & 0x3fffff) * 8 + width); t >= 0; t = this.next[t]!) {
      const at = t * KIND_COUNT;
      let same = 1;
      for (let f = 0; f < width; f++) same &= this.stored[at + f] === this.tuple[f] ? 1 : 0;
      if (same === 1) return this.value[t]!;
    }
    return -1;
  }

  /** Keeps `tuple` (of `width` values, looked up with `hash`) as making value v. */
  keep(width: number, hash: number, v: number): void {
    const t = this.count++;
    if (this.count > this.value.length) {
      this.value = grownTo(this.value, 2 * this.count);
      this.next = grownTo(this.next, 2 * this.count);
      this.stored = grownTo(this.stored, 2 * this.count * KIND_COUNT);
    }
    this.stored.set(this.tuple.subarray(0, width), t * KIND_COUNT);
    this.value[t] = v;
    const key = (hash & 0x3fffff) * 8 + width;
    this.next[t] = this.first.get(key);
    this.first.put(key, t);
  }
}

/** A copy of `a` with room for n. */
function grownTo(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

/**
 * The expected value of the best keep after rerolling some dice: its weights over
 * 12^rerolled by the state they lead to, and its float key; exact figures when needed.
 */
class RerollValue {
  /** Its index in the solver's list of reroll values. */
  readonly serial: number;
  readonly rerolled: number;
  readonly sum: Sum;
  readonly key: Float64Array;
  /** Exact Σ weight·value over 12^rerolled · G_depth as limbs, once computed. */
  exact: Float64Array | undefined;
  /** The weighted utility of `exact`, once computed. */
  utility: bigint | undefined;

  constructor(serial: number, rerolled: number, sum: Sum, key: Float64Array) {
    this.serial = serial;
    this.rerolled = rerolled;
    this.sum = sum;
    this.key = key;
  }
}

/** Whether reroll value x has these dice rerolled, weights by state and immediate symbols. */
function sameSum(
  x: RerollValue,
  rerolled: number,
  size: number,
  byState: Float64Array,
  immediate: Float64Array,
): boolean {
  if (x.rerolled !== rerolled || x.sum.nexts.length !== size) return false;
  for (let f = 0; f < FIELDS; f++) if (x.sum.immediate[f] !== immediate[f]) return false;
  // The same number of states, each with the same weight (states not gathered weigh 0).
  const { nexts: states, weights } = x.sum;
  for (let i = 0; i < size; i++) if (byState[states[i]!] !== weights[i]) return false;
  return true;
}

/** An int32 hash `a` and a safe non-negative integer `b` mixed into an int32 hash. */
function mix(a: number, b: number): number {
  const h = Math.imul(a ^ Math.imul(b, 0x85ebca6b), 0x9e3779b1) ^ (b / 2 ** 32);
  return (h ^ (h >>> 15)) | 0;
}

/**
 * Reroll values' indices in an order close to their ranking's, for the exact sort to start
 * from (it is then nearly linear, and its comparisons are the costly part): by one number
 * each, the first three components of the key scaled apart, sorted natively (no comparison is
 * called) with the index in the number's lowest 16 bits. The order of values below 2^16.
 */
function roughOrder(values: readonly RerollValue[]): number[] {
  const n = values.length;
  if (n >= 2 ** 16) return values.map((_, i) => i);
  const rough = new Float64Array(n);
  const view = new DataView(rough.buffer);
  for (let i = 0; i < n; i++) {
    const key = values[i]!.key;
    rough[i] = -(key[0]! + key[1]! * 2 ** -20 + key[2]! * 2 ** -40);
    view.setUint16(i * 8, i, true);
  }
  rough.sort();
  return Array.from({ length: n }, (_, p) => view.getUint16(p * 8, true));
}

/** Room for a signature's index under its whole-number key (see wholeRanking): 2^16 signatures. */
const WHOLE_INDEX = 2 ** 16;

/** Whether two floats are within 1e-9 (relative) of each other: only exact arithmetic can order them. */
function nearTie(x: number, y: number): boolean {
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
}

/** Dice of one type left after a reroll: their kind counts and how many were rerolled. */
interface RerollSub {
  readonly counts: Int8Array;
  /** The counts' base-7 key. */
  readonly key: number;
  readonly rerolled: number;
  /** The part it is, when nothing is rerolled (else −1). */
  readonly part: number;
}

/** One die type's part of a first roll, with its reroll choices in the search's order. */
interface RerollPart {
  readonly weight: number;
  readonly counts: Int8Array;
  /** Per choice: the dice left (index into {@link RerollParts.subs}) and how many rerolled. */
  readonly left: Int32Array;
  readonly rerolled: Int8Array;
}

interface RerollParts {
  readonly dice: number;
  /** Every roll of the type's dice (weights over 6^dice or 12^dice) and their choices. */
  readonly parts: readonly RerollPart[];
  /** A part's index by its counts' base-7 key. */
  readonly index: ReadonlyMap<number, number>;
  readonly subs: readonly RerollSub[];
  /** How one die of the type falls: its kinds, each with its weight over 12. */
  readonly faces: { readonly kinds: Int8Array; readonly weights: Float64Array };
  /** The sub with one die of a kind put back: `back[sub · KIND_COUNT + kind]` (−1: none). */
  readonly back: Int32Array;
}

const rerollPartsCache = new Map<string, RerollParts>();

/**
 * Every roll of `dice` dice of one type (Ring or Skill), each with its choices of at most
 * `rerolls` dice to reroll: an odometer over the kinds present, the lowest kind's digit
 * fastest. A first roll's choices are its Skill part's (outer) by its Ring part's (inner):
 * the order of one odometer over the Ring kinds, then the Skill kinds. Shared by every solver.
 */
function rerollParts(type: number, dice: number, rerolls: number): RerollParts {
  const id = `${type},${dice},${rerolls}`;
  let cached = rerollPartsCache.get(id);
  if (cached) return cached;
  const roll = (n: number) => (type === RING ? cachedRoll(n, 0, 0) : cachedRoll(0, n, 0));
  const subs: RerollSub[] = [];
  // Parts and subs by their counts' base-7 key; a choice's sub key is its part's less the
  // dice rerolled, kept as the odometer turns.
  const subIndex = new Map<number, number>();
  const index = new Map<number, number>();
  const rolls = roll(dice);
  const parts = rolls.map((o, p): RerollPart => {
    const partKey = digitsKey(o.counts, 7);
    index.set(partKey, p);
    const slots: number[] = [];
    for (let k = 0; k < KIND_COUNT; k++) if (o.counts[k]! > 0) slots.push(k);
    const digit = new Int8Array(KIND_COUNT);
    const left: number[] = [];
    const rerolled: number[] = [];
    let total = 0;
    let key = partKey;
    for (;;) {
      let at = subIndex.get(key);
      if (at === undefined) {
        at = subs.length;
        const counts = o.counts.map((n, k) => n - digit[k]!);
        subs.push({ counts, key, rerolled: total, part: total === 0 ? p : -1 });
        subIndex.set(key, at);
      }
      left.push(at);
      rerolled.push(total);
      let i = 0;
      for (; i < slots.length; i++) {
        const k = slots[i]!;
        if (digit[k]! < Math.min(o.counts[k]!, rerolls) && total < rerolls) {
          digit[k]!++;
          total++;
          key -= 7 ** k;
          break;
        }
        total -= digit[k]!;
        key += digit[k]! * 7 ** k;
        digit[k] = 0;
      }
      if (i === slots.length) break;
    }
    return {
      weight: o.weight,
      counts: o.counts,
      left: Int32Array.from(left),
      rerolled: Int8Array.from(rerolled),
    };
  });
  // A die put back into a sub that rerolls some: the sub of one die fewer rerolled.
  const back = new Int32Array(subs.length * KIND_COUNT).fill(-1);
  subs.forEach((sub, at) => {
    if (sub.rerolled > 0)
      for (let k = 0; k < KIND_COUNT; k++)
        back[at * KIND_COUNT + k] = subIndex.get(sub.key + 7 ** k) ?? -1;
  });
  // One die: its outcomes (one per kind), weights over 6 or 12 scaled to 12.
  const one = roll(1);
  const kinds = Int8Array.from(one, (o) => o.counts.indexOf(1));
  const faces = {
    kinds,
    weights: Float64Array.from(one, (o) => o.weight * (type === RING ? 2 : 1)),
  };
  cached = { dice, parts, index, subs, faces, back };
  rerollPartsCache.set(id, cached);
  return cached;
}

/**
 * The reroll choices of every first roll of a check: a choice is a pair of subs, the dice of
 * each type left (Skill sub · Ring subs + Ring sub), valued by the solver (see pairValues).
 */
interface RerollSearch {
  readonly rp: RerollParts;
  readonly sp: RerollParts;
  /** The subs of each type by how many dice they reroll (0..rerolls). */
  readonly ringBy: readonly Int32Array[];
  readonly skillBy: readonly Int32Array[];
  /** By Ring part, then by the dice it may reroll (0..rerolls): its choices' Ring subs. */
  readonly ringRows: readonly (readonly Int32Array[])[];
  /** The pool (see {@link firstRollPools}) of each first roll, by Ring part · Skill parts + Skill part. */
  readonly firstMenu: Int32Array;
}

const rerollSearches = new Map<string, RerollSearch>();

/** The reroll search of `ring` Ring and `skill` Skill dice (see {@link RerollSearch}). Shared. */
function rerollSearch(
  order: MenuOrder,
  ring: number,
  skill: number,
  rerolls: number,
): RerollSearch {
  const id = `${order.id}|${ring},${skill},${rerolls}`;
  let search = rerollSearches.get(id);
  if (search) return search;
  const rp = rerollParts(RING, ring, rerolls);
  const sp = rerollParts(SKILL, skill, rerolls);
  const ringRows = rp.parts.map((r) =>
    Array.from({ length: rerolls + 1 }, (_, room) =>
      Int32Array.from(r.left.filter((_, i) => r.rerolled[i]! <= room)),
    ),
  );
  search = {
    rp,
    sp,
    ringBy: subsByRerolled(rp, rerolls),
    skillBy: subsByRerolled(sp, rerolls),
    ringRows,
    firstMenu: firstRollPools(order, ring, skill).pairPool,
  };
  rerollSearches.set(id, search);
  return search;
}

/**
 * The value of each first roll, its pool's, at its pair (Skill sub · nR + Ring sub): the roll
 * of Ring part rows[x] / parts and Skill part cols[y] is `firstMenu[rows[x] + cols[y]]`.
 */
function spreadPools(
  firstMenu: Int32Array,
  poolValue: Int32Array,
  rows: Int32Array,
  cols: Int32Array,
  ringSubs: Int32Array,
  skillSubs: Int32Array,
  nR: number,
  pairValue: Int32Array,
): void {
  for (let y = 0; y < skillSubs.length; y++) {
    const at = skillSubs[y]! * nR;
    const col = cols[y]!;
    for (let x = 0; x < ringSubs.length; x++)
      pairValue[at + ringSubs[x]!] = poolValue[firstMenu[rows[x]! + col]!]!;
  }
}

/** The subs of some reroll parts by how many dice they reroll (0..rerolls). */
function subsByRerolled(parts: RerollParts, rerolls: number): Int32Array[] {
  return Array.from({ length: rerolls + 1 }, (_, n) =>
    Int32Array.from(parts.subs.flatMap((sub, i) => (sub.rerolled === n ? [i] : []))),
  );
}

/**
 * The value of the best of a Ring row's choices (Ring subs, never none) against the Skill sub
 * whose pairs start at `col`: the lowest rank, the first in the row's order among equals.
 */
function bestOfRow(pairValue: Int32Array, rank: Int32Array, col: number, ring: Int32Array): number {
  let best = -1;
  let bestRank = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ring.length; i++) {
    const v = pairValue[col + ring[i]!]!;
    const r = rank[v]!;
    if (r < bestRank) {
      bestRank = r;
      best = v;
    }
  }
  return best;
}

/** Menu i's best entry under `rank` (ties to the lower lex key): its local signature. */
function bestEntry(menus: LocalMenus, i: number, rank: Int32Array): number {
  const { start, lex } = menus.set;
  const local = menus.local;
  let best = -1;
  let bestRank = NO_ENTRY;
  let bestLex = NO_ENTRY;
  for (let e = start[i]!, end = start[i + 1]!; e < end; e++) {
    const sig = local[e]!;
    const r = rank[sig]!;
    if (entryBefore(r, lex[e]!, bestRank, bestLex)) {
      bestRank = r;
      bestLex = lex[e]!;
      best = sig;
    }
  }
  if (best < 0) throw new Error('a keep decision found no legal keep');
  return best;
}

/** A key for kind counts below `base` each: their digits in that base. */
function digitsKey(counts: ArrayLike<number>, base: number): number {
  let key = 0;
  for (let k = KIND_COUNT - 1; k >= 0; k--) key = key * base + counts[k]!;
  return key;
}
