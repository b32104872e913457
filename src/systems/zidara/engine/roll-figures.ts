import type { Roll } from '../roll/spec.ts';
import type { Policy, RollOdds } from './roll-play.ts';
import type { SpendPlan } from './spend.ts';

/**
 * The sums behind a roll's figures, as a pass over the ways it can end adds them up: the exact
 * engine's forward pass and the closed forms both fill one, per defence vector, and the figures
 * of a question are those sums weighed by the chance of each defence ({@link FigureSums}, the
 * one place that turns sums into {@link RollOdds}, so every route reports them the same way).
 */
export class RollFigures {
  // Plain arrays: a batch makes thousands of these, and small typed arrays cost more to make.
  readonly pWin: number[];
  /** P(k intents won). */
  readonly wins: number[];
  /** P(the area die ends with t top faces). */
  readonly areaTops: number[];
  /**
   * The mass of every ending: the chances above are their masses over it, so that a chance no
   * ending of the other kind shares is exactly 1 (its mass was summed from the very same terms
   * in the same order), and a distribution sums to 1 to rounding of its few entries.
   */
  total = 0;
  /** E[utility] under the policy (unnormalised, as `total`), and (optimal play) the optimal value itself. */
  utility = 0;
  optimal = 0;
  gained = 0;
  spent = 0;
  /** Aura past the cap, summed where it overflows (never derived by a subtraction). */
  shared = 0;
  auraEnd = 0;
  resolveEnd = 0;
  capped = 0;
  /** With `joint`: mass by ending code (won · A + auraEnd) · levels + resolveEnd. */
  readonly endings: Map<number, number> | undefined;
  private readonly auraStates: number;
  private readonly levels: number;

  /**
   * @param levels Resolve levels the endings are coded with (the solve's Resolve + 1).
   * @param joint whether to keep every ending (won, Aura, Resolve) and its mass.
   */
  constructor(
    intents: number,
    areaStates: number,
    auraStates: number,
    levels: number,
    joint: boolean,
  ) {
    this.pWin = new Array<number>(intents).fill(0);
    this.wins = new Array<number>(intents + 1).fill(0);
    this.areaTops = new Array<number>(areaStates).fill(0);
    this.auraStates = auraStates;
    this.levels = levels;
    this.endings = joint ? new Map() : undefined;
  }

  /**
   * The roll ends, with chance `w`, settled by `plan` with Resolve `r` left: `worth` is the
   * ending's utility, `overflow` the Aura that settling pushed past the cap. (Capped chains and
   * the area die's top faces are added by the pass itself, state by state.)
   */
  end(plan: SpendPlan, w: number, r: number, worth: number, overflow: number): void {
    let count = 0;
    for (let won = plan.won, i = 0; won; won >>= 1, i++) {
      if (won & 1) {
        this.pWin[i]! += w;
        count++;
      }
    }
    this.wins[count]! += w;
    this.total += w;
    this.utility += w * worth;
    this.spent += w * plan.spent;
    this.auraEnd += w * plan.auraEnd;
    this.resolveEnd += w * r;
    if (overflow !== 0) this.shared += w * overflow;
    if (this.endings) {
      const ending = (plan.won * this.auraStates + plan.auraEnd) * this.levels + r;
      this.endings.set(ending, (this.endings.get(ending) ?? 0) + w);
    }
  }

  clear(): void {
    this.pWin.fill(0);
    this.wins.fill(0);
    this.areaTops.fill(0);
    this.total = 0;
    this.utility = 0;
    this.optimal = 0;
    this.gained = 0;
    this.spent = 0;
    this.shared = 0;
    this.auraEnd = 0;
    this.resolveEnd = 0;
    this.capped = 0;
    this.endings?.clear();
  }
}

/** Where {@link FigureSums} stores each scalar sum of {@link RollFigures}, after the arrays. */
const SCALAR = {
  utility: 0,
  optimal: 1,
  gained: 2,
  spent: 3,
  shared: 4,
  auraEnd: 5,
  resolveEnd: 6,
  capped: 7,
  /** Σ weight · the pass's `total`: what the chances and the policy's utility are over. */
  total: 8,
  /** Σ weight: what the optimal value (each defence's already a mean) is over. */
  weight: 9,
} as const;
const SCALARS = 10;

/**
 * The sums of every question of a batch, weighed over the defences, in one flat array (a batch
 * of spec files holds thousands: no object each until its figures are asked for), and the
 * figures they give. Question q's sums: pWin, wins, areaTops, then the scalars.
 */
export class FigureSums {
  private readonly data: Float64Array;
  private readonly endings: Map<number, number>[] | undefined;
  private readonly intents: number;
  private readonly areaStates: number;
  private readonly auraStates: number;
  private readonly levels: number;
  private readonly stride: number;

  /** Sums for `count` questions shaped like `new RollFigures(intents, areaStates, auraStates, levels, joint)`. */
  constructor(
    count: number,
    intents: number,
    areaStates: number,
    auraStates: number,
    levels: number,
    joint: boolean,
  ) {
    this.intents = intents;
    this.areaStates = areaStates;
    this.auraStates = auraStates;
    this.levels = levels;
    this.stride = 2 * intents + 1 + areaStates + SCALARS;
    this.data = new Float64Array(count * this.stride);
    this.endings = joint ? Array.from({ length: count }, () => new Map()) : undefined;
  }

  /**
   * Adds a pass's sums (one defence vector's, from start `s`) to every question that meets that
   * defence (`meets[q] === 1`) and starts at s (`startOf[q]`), each weighed by its chance of the
   * defence (`weight[q]`). One call a pass: a batch makes thousands of passes, run cold.
   */
  addMet(
    from: RollFigures,
    meets: Uint8Array,
    s: number,
    startOf: ArrayLike<number>,
    weight: ArrayLike<number>,
  ): void {
    const { pWin, wins, areaTops, utility, optimal, gained, spent, shared } = from;
    const { auraEnd, resolveEnd, capped } = from;
    const data = this.data;
    for (let q = 0; q < meets.length; q++) {
      if (meets[q] !== 1 || startOf[q] !== s) continue;
      const k = weight[q]!;
      let at = q * this.stride;
      for (let i = 0; i < pWin.length; i++) data[at++]! += k * pWin[i]!;
      for (let i = 0; i < wins.length; i++) data[at++]! += k * wins[i]!;
      for (let i = 0; i < areaTops.length; i++) data[at++]! += k * areaTops[i]!;
      // In SCALAR's order.
      data[at++]! += k * utility;
      data[at++]! += k * optimal;
      data[at++]! += k * gained;
      data[at++]! += k * spent;
      data[at++]! += k * shared;
      data[at++]! += k * auraEnd;
      data[at++]! += k * resolveEnd;
      data[at++]! += k * capped;
      data[at++]! += k * from.total;
      data[at++]! += k;
      const endings = this.endings?.[q];
      if (endings && from.endings)
        for (const [ending, p] of from.endings)
          endings.set(ending, (endings.get(ending) ?? 0) + k * p);
    }
  }

  /**
   * The figures of question q, whose roll is `roll`, under `policy`. `diceOfIntent` (the dice
   * indices of each intent) may be given when many rolls share it.
   */
  odds(q: number, roll: Roll, policy: Policy, diceOfIntent = intentDice(roll)): RollOdds {
    const n = this.intents;
    const data = this.data;
    const base = q * this.stride;
    const scalars = base + 2 * n + 1 + this.areaStates;
    // Chances are masses over the mass of every ending: exactly 1 where nothing else can happen.
    const total = data[scalars + SCALAR.total]!;
    let expectedWins = 0;
    for (let i = 0; i < n; i++) expectedWins += data[base + i]! / total;
    // Plain loops and reads: a file of thousands of specs asks this cold, once a roll.
    const winsDistribution = new Array<number>(n + 1);
    for (let k = 0; k <= n; k++) winsDistribution[k] = data[base + n + k]! / total;
    const odds: {
      -readonly [K in keyof RollOdds]: RollOdds[K];
    } = {
      policy,
      expectedUtility:
        policy === 'optimal'
          ? data[scalars + SCALAR.optimal]! / data[scalars + SCALAR.weight]!
          : data[scalars + SCALAR.utility]! / total,
      intents: roll.intents.map((intent, i) => ({
        pWin: data[base + i]! / total,
        threat: intent.threat,
        weight: intent.weight,
        dice: diceOfIntent[i]!,
      })),
      expectedWins,
      pAllWin: data[base + 2 * n]! / total,
      winsDistribution,
      expectedAuraGained: data[scalars + SCALAR.gained]!,
      expectedAuraSpent: data[scalars + SCALAR.spent]!,
      expectedAuraShared: Math.max(0, data[scalars + SCALAR.shared]!),
      expectedAuraEnd: data[scalars + SCALAR.auraEnd]!,
      expectedResolveEnd: data[scalars + SCALAR.resolveEnd]!,
    };
    if (roll.explode) odds.pExplodeCapped = data[scalars + SCALAR.capped]!;
    const endings = this.endings?.[q];
    if (endings) {
      const A = this.auraStates;
      const R1 = this.levels;
      odds.joint = [...endings.entries()]
        .sort(([a], [b]) => a - b)
        .map(([ending, p]) => ({
          won: Math.floor(ending / (A * R1)),
          auraEnd: Math.floor(ending / R1) % A,
          resolveEnd: ending % R1,
          p: p / total,
        }));
    }
    let area: Roll['dice'][number] | undefined;
    for (let d = 0; d < roll.dice.length && !area; d++) if (roll.dice[d]!.area) area = roll.dice[d];
    if (area) {
      const tops = Array.from(data.subarray(base + 2 * n + 1, base + 2 * n + 1 + this.areaStates));
      odds.area = roll.rerollKeepsBest
        ? areaByValue(area.sides, tops)
        : areaReport(area.sides, roll.explode ? roll.explodeDepth : 0, tops);
    }
    return odds;
  }
}

/**
 * The dice indices of each intent of a roll, ascending.
 * @example intentDice(parseRoll({ threats: [{ challenge: 3 }], dice: [{ sides: 8, intent: 0 }, { sides: 4, intent: 1 }, { sides: 6, intent: 0 }] })) // [[0, 2], [1]]
 */
export function intentDice(roll: Roll): number[][] {
  const dice: number[][] = roll.intents.map(() => []);
  roll.dice.forEach((die, index) => {
    if (!die.area) dice[die.intent]!.push(index);
  });
  return dice;
}

/** The area's size when its classes are its values (rerollKeepsBest: class v − 1 is size v). */
function areaByValue(sides: number, byValue: readonly number[]): NonNullable<RollOdds['area']> {
  const distribution: { size: number; p: number }[] = [];
  byValue.forEach((p, v) => {
    // Multiples of the sides below the cap cannot end a chain: those classes hold nothing.
    if (p !== 0) distribution.push({ size: v + 1, p });
  });
  return { sides, expectedSize: distribution.reduce((s, x) => s + x.size * x.p, 0), distribution };
}

/** The area's size from its top-face counts: given t top faces, the value is uniform over tN + 1..tN + N − 1, or (depth+1)·N when capped. */
function areaReport(
  sides: number,
  depth: number,
  tops: readonly number[],
): NonNullable<RollOdds['area']> {
  const distribution: { size: number; p: number }[] = [];
  tops.forEach((p, t) => {
    if (t <= depth)
      for (let face = 1; face < sides; face++)
        distribution.push({ size: t * sides + face, p: p / (sides - 1) });
    else distribution.push({ size: t * sides, p });
  });
  return { sides, expectedSize: distribution.reduce((s, x) => s + x.size * x.p, 0), distribution };
}
