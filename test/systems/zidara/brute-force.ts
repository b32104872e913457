/**
 * A literal, slow reading of the Zi'Dara roll (rules/zidara.md), written independently of the
 * engine: raw die values, every reroll choice, every way to place each +2 on any die and to pay
 * any tie. Exponential: for small rolls only. The oracle for the engine's tests.
 */
export interface BruteSpec {
  threats: { challenge: number }[];
  dice: ({ sides: number; intent: number } | { sides: number; area: true })[];
  intents?: { threat?: number; weight?: number }[];
  aura?: number;
  auraMax?: number;
  resolve?: number;
  boostsPerRoll?: number;
  tieBreak?: boolean;
  explode?: boolean;
  explodeDepth?: number;
  auraValue?: number;
  resolveValue?: number;
  auraGainUsableSameRoll?: boolean;
  /** Rule variants (rules/zidara.md, "Rule variants"); absent: the rules page's rule. */
  boostSize?: number;
  auraPerTopFace?: number;
  tiesGoTo?: 'defender' | 'roller';
  rerollKeepsBest?: boolean;
}

interface Face {
  value: number;
  tops: number;
  capped: boolean;
  p: number;
}

/** Figures of a roll played by a named simple policy, every trajectory walked. */
export interface BruteFigures {
  expectedUtility: number;
  pWin: number[];
  winsDistribution: number[];
  expectedAuraGained: number;
  expectedAuraSpent: number;
  expectedAuraShared: number;
  expectedAuraEnd: number;
  expectedResolveEnd: number;
  pExplodeCapped: number;
  /** P(area die's final value = v). */
  area: Map<number, number>;
}

function setup(spec: BruteSpec) {
  const auraMax = spec.auraMax ?? 5;
  const o = {
    auraMax,
    aura0: spec.aura ?? auraMax,
    resolve0: spec.resolve ?? 0,
    boostsPerRoll: spec.boostsPerRoll ?? 1,
    tieBreak: spec.tieBreak ?? true,
    explode: spec.explode ?? false,
    depth: spec.explodeDepth ?? 20,
    auraValue: spec.auraValue ?? 0,
    resolveValue: spec.resolveValue ?? 0,
    sameRoll: spec.auraGainUsableSameRoll ?? true,
    boostSize: spec.boostSize ?? 2,
    perTop: spec.auraPerTopFace ?? 1,
    roller: spec.tiesGoTo === 'roller',
    keepsBest: spec.rerollKeepsBest ?? false,
  };
  const intentOf = spec.dice.map((d) => ('area' in d ? -1 : d.intent));
  const intentCount = Math.max(...intentOf) + 1;
  const intents = Array.from({ length: intentCount }, (_, i) => ({
    threat: spec.intents?.[i]?.threat ?? 0,
    weight: spec.intents?.[i]?.weight ?? 1,
  }));
  // Every chain a die can roll: a top face rolls again and adds, at most `depth` extra rolls.
  const faces = (sides: number): Face[] => {
    const out: Face[] = [];
    const walk = (sum: number, tops: number, extra: number, p: number) => {
      for (let f = 1; f <= sides; f++) {
        const q = p / sides;
        if (f === sides && o.explode && extra < o.depth) walk(sum + f, tops + 1, extra + 1, q);
        else
          out.push({
            value: sum + f,
            tops: tops + (f === sides ? 1 : 0),
            capped: f === sides && o.explode,
            p: q,
          });
      }
    };
    walk(0, 0, 0, 1);
    return out;
  };
  const dieFaces = spec.dice.map((d) => faces(d.sides));
  const threatDice = spec.threats.map((t) => 2 * t.challenge);
  let defenceVectors: number[][] = [[]];
  for (const size of threatDice) {
    defenceVectors = defenceVectors.flatMap((v) =>
      Array.from({ length: size }, (_, d) => [...v, d + 1]),
    );
  }
  const pDefence = 1 / threatDice.reduce((a, b) => a * b, 1);
  /** Every joint roll of all dice. */
  const rollAll = (): { values: number[]; tops: number; capped: boolean; p: number }[] => {
    const out: { values: number[]; tops: number; capped: boolean; p: number }[] = [];
    const walk = (j: number, values: number[], tops: number, capped: boolean, p: number) => {
      if (j === dieFaces.length) {
        out.push({ values, tops, capped, p });
        return;
      }
      for (const f of dieFaces[j]!)
        walk(j + 1, [...values, f.value], tops + f.tops, capped || f.capped, p * f.p);
    };
    walk(0, [], 0, false, 1);
    return out;
  };
  return { ...o, intentOf, intents, dieFaces, defenceVectors, pDefence, rollAll: rollAll() };
}

type Setup = ReturnType<typeof setup>;
type Terminal = (wins: number, auraEnd: number, resolveEnd: number) => number;

/**
 * The optimal play under one defence vector: `value` of a state (raw values, Aura — or, gains
 * held back, the start's Aura — gains so far, Resolve left), and of each action in it.
 */
function defenceSolver(s: Setup, defence: readonly number[], terminal?: Terminal) {
  const gainAura = (aura: number, tops: number) => Math.min(s.auraMax, aura + tops);
  const D = (i: number) => defence[s.intents[i]!.threat]!;
  const bestOf = (values: number[], i: number) =>
    Math.max(...values.filter((_, j) => s.intentOf[j] === i));
  // A tie is the roller's, for free, when ties go to the roller: then only a die below D fails.
  const beats = (value: number, i: number) => value > D(i) || (s.roller && value === D(i));
  const failed = (values: number[]) => s.intents.some((_, i) => !beats(bestOf(values, i), i));

  /** Every way to settle: +2s on any dice (within the limit and the Aura), then ties paid. */
  const stopValue = (values: number[], aura: number, gains: number, r: number): number => {
    const budget = s.sameRoll ? aura : s.aura0;
    let best = Number.NEGATIVE_INFINITY;
    const place = (j: number, boosted: number[], used: number) => {
      if (j === values.length) {
        const tied: number[] = [];
        let winWeight = 0;
        let wins = 0;
        s.intents.forEach((intent, i) => {
          const b = bestOf(boosted, i);
          if (beats(b, i)) {
            winWeight += intent.weight;
            wins++;
          } else if (b === D(i) && s.tieBreak) tied.push(i);
        });
        for (let mask = 0; mask < 1 << tied.length; mask++) {
          let paid = 0;
          let w = winWeight;
          let count = wins;
          tied.forEach((i, k) => {
            if (mask & (1 << k)) {
              paid++;
              count++;
              w += s.intents[i]!.weight;
            }
          });
          const spent = used + paid;
          if (spent > budget) continue;
          const auraEnd = s.sameRoll
            ? budget - spent
            : Math.min(s.auraMax, s.aura0 - spent + gains);
          const worth = terminal
            ? terminal(count, auraEnd, r)
            : w + s.auraValue * auraEnd + s.resolveValue * r;
          best = Math.max(best, worth);
        }
        return;
      }
      for (let b = 0; used + b <= Math.min(s.boostsPerRoll, budget); b++) {
        if (b > 0 && s.intentOf[j] === -1) break; // the area die takes no +2
        const next = [...boosted];
        next[j] = values[j]! + s.boostSize * b;
        place(j + 1, next, used + b);
      }
    };
    place(0, [...values], 0);
    return best;
  };

  /** Aura state and gains after rolling `tops` top faces (each worth `auraPerTopFace`). */
  const after = (aura: number, gains: number, tops: number) =>
    [
      s.sameRoll ? gainAura(aura, tops * s.perTop) : aura,
      s.sameRoll ? gains : Math.min(s.auraMax, gains + tops * s.perTop),
    ] as const;
  /** A rerolled die's value: the new one, or (rerollKeepsBest) the better of both. */
  const kept = (old: number, rolled: number) => (s.keepsBest ? Math.max(old, rolled) : rolled);
  const rerollAll = (values: number[], aura: number, gains: number, r: number): number => {
    let all = 0;
    for (const o of s.rollAll) {
      const next = o.values.map((v, j) => kept(values[j]!, v));
      all += o.p * value(next, ...after(aura, gains, o.tops), r - 1);
    }
    return all;
  };
  const rerollOne = (values: number[], j: number, aura: number, gains: number, r: number) => {
    let e = 0;
    for (const f of s.dieFaces[j]!) {
      const next = [...values];
      next[j] = kept(values[j]!, f.value);
      e += f.p * value(next, ...after(aura, gains, f.tops), r - 1);
    }
    return e;
  };

  const memo = new Map<string, number>();
  const value = (values: number[], aura: number, gains: number, r: number): number => {
    const key = `${values.join(',')}|${aura}|${gains}|${r}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = stopValue(values, aura, gains, r);
    if (r > 0 && failed(values)) {
      best = Math.max(best, rerollAll(values, aura, gains, r));
      for (let j = 0; j < values.length; j++)
        best = Math.max(best, rerollOne(values, j, aura, gains, r));
    }
    memo.set(key, best);
    return best;
  };
  return { value, stopValue, rerollAll, rerollOne, failed };
}

/**
 * The optimal expected utility, by exhaustive search over every decision. `terminal`, when
 * given, replaces the linear utility: the worth of ending with `wins` intents won, `auraEnd`
 * Aura and `resolveEnd` Resolve.
 */
export function bruteForceUtility(spec: BruteSpec, terminal?: Terminal): number {
  const s = setup(spec);
  let total = 0;
  for (const defence of s.defenceVectors) {
    const { value } = defenceSolver(s, defence, terminal);
    for (const o of s.rollAll) {
      const gain = o.tops * s.perTop;
      const start = s.sameRoll ? Math.min(s.auraMax, s.aura0 + gain) : s.aura0;
      total +=
        s.pDefence *
        o.p *
        value(o.values, start, s.sameRoll ? 0 : Math.min(s.auraMax, gain), s.resolve0);
    }
  }
  return total;
}

/** One action in a rolled state and its optimal E[U] (the oracle's advise-cases format). */
export interface BruteAction {
  action: 'stop' | 'reroll-all' | 'reroll-one';
  die?: number;
  expectedUtility: number;
}

/**
 * Every legal action in a rolled state (`spec.aura` and `spec.resolve` held now; `shown` raw
 * values; `defence` each threat's D; `auraPending` the held-back gains under late Aura), each
 * with the optimal E[U] after it, by exhaustive search: stop always, and while the roll has
 * failed and Resolve is left, reroll all and reroll each die.
 */
export function bruteForceActions(
  spec: BruteSpec,
  shown: readonly number[],
  defence: readonly number[],
  auraPending = 0,
): BruteAction[] {
  const s = setup(spec);
  const { stopValue, rerollAll, rerollOne, failed } = defenceSolver(s, defence);
  const values = [...shown];
  const gains = s.sameRoll ? 0 : Math.min(s.auraMax, auraPending);
  const aura = s.aura0;
  const r = s.resolve0;
  const actions: BruteAction[] = [
    { action: 'stop', expectedUtility: stopValue(values, aura, gains, r) },
  ];
  if (r > 0 && failed(values)) {
    actions.push({ action: 'reroll-all', expectedUtility: rerollAll(values, aura, gains, r) });
    values.forEach((_, die) => {
      actions.push({
        action: 'reroll-one',
        die,
        expectedUtility: rerollOne(values, die, aura, gains, r),
      });
    });
  }
  return actions;
}

/**
 * Every figure of a roll played by `never` or `greedy`, walking every trajectory with its own
 * Aura bookkeeping (cap at each gain, overflow shared) and spends applied die by die.
 */
export function bruteForceFigures(spec: BruteSpec, policy: 'never' | 'greedy'): BruteFigures {
  const s = setup(spec);
  const n = s.intents.length;
  const fig: BruteFigures = {
    expectedUtility: 0,
    pWin: new Array(n).fill(0),
    winsDistribution: new Array(n + 1).fill(0),
    expectedAuraGained: 0,
    expectedAuraSpent: 0,
    expectedAuraShared: 0,
    expectedAuraEnd: 0,
    expectedResolveEnd: 0,
    pExplodeCapped: 0,
    area: new Map(),
  };
  for (const defence of s.defenceVectors) {
    const D = (i: number) => defence[s.intents[i]!.threat]!;
    const bestOf = (values: number[], i: number) =>
      Math.max(...values.filter((_, j) => s.intentOf[j] === i));
    const beats = (value: number, i: number) => value > D(i) || (s.roller && value === D(i));
    const failed = (values: number[]) => s.intents.some((_, i) => !beats(bestOf(values, i), i));
    interface Path {
      values: number[];
      aura: number;
      held: number;
      gained: number;
      shared: number;
      capped: boolean;
      r: number;
      p: number;
    }
    const gain = (path: Path, tops: number): Pick<Path, 'aura' | 'held' | 'gained' | 'shared'> => {
      let { aura, held, shared } = path;
      for (let t = 0; t < tops * s.perTop; t++) {
        if (s.sameRoll) {
          if (aura < s.auraMax) aura++;
          else shared++;
        } else held++;
      }
      return { aura, held, gained: path.gained + tops * s.perTop, shared };
    };
    const finish = (path: Path) => {
      let aura = path.aura;
      let shared = path.shared;
      let boostsLeft = s.boostsPerRoll;
      const won: boolean[] = s.intents.map((_, i) => beats(bestOf(path.values, i), i));
      if (policy === 'greedy') {
        const order = s.intents
          .map((_, i) => i)
          .sort((a, b) => s.intents[b]!.weight - s.intents[a]!.weight || a - b);
        for (const i of order) {
          if (won[i]) continue;
          const best = bestOf(path.values, i);
          if (aura >= 1 && best === D(i) && s.tieBreak && !s.roller) {
            aura--;
            won[i] = true;
          } else if (aura >= 1 && boostsLeft >= 1 && beats(best + s.boostSize, i)) {
            aura--;
            boostsLeft--;
            won[i] = true;
          }
        }
      }
      const spent = path.aura - aura;
      for (let t = 0; t < path.held; t++) {
        if (aura < s.auraMax) aura++;
        else shared++;
      }
      const w = s.pDefence * path.p;
      const count = won.filter(Boolean).length;
      won.forEach((x, i) => {
        if (x) fig.pWin[i]! += w;
      });
      fig.winsDistribution[count]! += w;
      fig.expectedUtility +=
        w *
        (won.reduce((u, x, i) => u + (x ? s.intents[i]!.weight : 0), 0) +
          s.auraValue * aura +
          s.resolveValue * path.r);
      fig.expectedAuraGained += w * path.gained;
      fig.expectedAuraSpent += w * spent;
      fig.expectedAuraShared += w * shared;
      fig.expectedAuraEnd += w * aura;
      fig.expectedResolveEnd += w * path.r;
      if (path.capped) fig.pExplodeCapped += w;
      const area = s.intentOf.indexOf(-1);
      if (area >= 0)
        fig.area.set(
          path.values[area]!,
          (fig.area.get(area >= 0 ? path.values[area]! : 0) ?? 0) + w,
        );
    };
    const play = (path: Path) => {
      if (policy === 'greedy' && path.r > 0 && failed(path.values)) {
        for (const o of s.rollAll) {
          play({
            ...path,
            ...gain(path, o.tops),
            values: o.values.map((v, j) => (s.keepsBest ? Math.max(v, path.values[j]!) : v)),
            capped: path.capped || o.capped,
            r: path.r - 1,
            p: path.p * o.p,
          });
        }
      } else finish(path);
    };
    const empty: Path = {
      values: [],
      aura: s.aura0,
      held: 0,
      gained: 0,
      shared: 0,
      capped: false,
      r: s.resolve0,
      p: 1,
    };
    for (const o of s.rollAll)
      play({ ...empty, ...gain(empty, o.tops), values: o.values, capped: o.capped, p: o.p });
  }
  return fig;
}
