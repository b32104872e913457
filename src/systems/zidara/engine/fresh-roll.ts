import type { Roll } from '../roll/spec.ts';
import { areaValueTable, classDefence } from './die-outcome.ts';
import { type GroupRoll, groupRoll, loneDieRoll } from './group-roll.ts';
import { workingMasses } from './masses.ts';
import type { RollModel } from './roll-model.ts';

/**
 * Every die rolled at once under one defence vector. The ways it leaves some intent not won are
 * listed (dice-state key, capped gain, chances); those that win every intent need no decision
 * but the spends, which depend on the Aura alone then, so their mass is pooled by (gain, area
 * die's top faces): most of a roll's outcomes, handled in a handful of sums.
 */
export interface Fresh {
  /** Entries in use (the arrays may be longer: they are reused from defence to defence). */
  readonly size: number;
  readonly key: Int32Array;
  readonly gain: Int32Array;
  readonly p: Float64Array;
  readonly pCapped: Float64Array;
  /** Mass that wins every intent, by gain + A · (area die's top faces), and its capped part. */
  readonly wonP: Float64Array;
  readonly wonCapped: Float64Array;
  /** E[top faces] of the whole roll, before any cap. */
  readonly meanTops: number;
}

/** What a roll's opening roll is drawn from: the roll, its model and its solver's Aura states. */
export interface FreshSetup {
  readonly roll: Roll;
  readonly model: RollModel;
  readonly auraStates: number;
  /** The lowest Aura state a solve holds (see `SolveOptions.lowestAura`). */
  readonly lowAura: number;
  /** Place value of the area die's digit in a dice-state key (0: no area die), and its states. */
  readonly areaStride: number;
  readonly areaStates: number;
  /** Some intent's best die is not above its defence (the solver's cached test). */
  readonly failed: (key: number) => boolean;
}

/** {@link poolWon}'s working laws (a pass is synchronous: one scratch serves all). */
let poolScratch = new Float64Array(64);

/**
 * Every die rolled together: the joint distribution of (dice-state key, capped gain), its
 * outcomes that win every intent pooled (see {@link Fresh}). With one intent, a roll has
 * failed exactly when no group holds a winning die, so only those groups' outcomes are
 * convolved, and the pool is what is left of the whole roll's (gain, area) marginal.
 */
export function freshRoll(setup: FreshSetup, defences: readonly number[], reuse?: Fresh): Fresh {
  const { roll, model } = setup;
  const groups = model.groups;
  const A = setup.auraStates;
  // Gains past `top` land on the cap from every Aura state held (see `lowestAura`): the group
  // rolls are capped there too (min(c, a + b) = min(c, min(c, a) + min(c, b))), so they merge.
  const top = A - 1 - setup.lowAura;
  const rolls: GroupRoll[] = [];
  let meanTops = 0;
  for (const g of groups) {
    const mine =
      g.intent < 0 && model.areaByValue
        ? loneDieRoll(
            areaValueTable(g.sides, top, roll.explode, roll.explodeDepth, roll.auraPerTopFace),
          )
        : groupRoll(
            g.sides,
            g.dice.length,
            g.intent < 0 ? null : classDefence(roll, defences[roll.intents[g.intent]!.threat]!),
            model.floor,
            top,
            roll.explode,
            roll.explodeDepth,
            roll.auraPerTopFace,
          );
    rolls.push(mine);
    meanTops += mine.meanTops;
  }
  const oneIntent = model.intentCount === 1;
  // (key * A + gain) → p, and the part of p where a chain was capped: working tables.
  let table = workingMasses(2, 1);
  table.add(0, 1, 0);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const mine = rolls[g]!;
    const won = group.classes - 1;
    const skipHits = oneIntent && group.intent >= 0;
    const combined = workingMasses(3 + (g % 2), group.stride * group.size * A);
    for (let i = 0; i < table.size; i++) {
      const state = table.states[i]!;
      const p = table.clean[i]!;
      const pc = table.capped[i]!;
      const key = Math.floor(state / A);
      const gain = state - key * A;
      for (let j = 0; j < mine.size; j++) {
        if (skipHits && group.best[mine.key[j]!] === won) continue;
        const q = mine.p[j]!;
        const qc = mine.pCapped[j]!;
        combined.add(
          (key + mine.key[j]! * group.stride) * A + Math.min(top, gain + mine.gain[j]!),
          p * q,
          p * q - (p - pc) * (q - qc),
        );
      }
    }
    table = combined;
  }
  const buckets = A * setup.areaStates;
  const old = reuse && reuse.key.length >= table.size ? reuse : undefined;
  // New arrays are a power of two long, so the next defences' rolls mostly fit them.
  const length = 2 ** Math.ceil(Math.log2(Math.max(1, table.size)));
  const fresh = {
    size: 0,
    key: old?.key ?? new Int32Array(length),
    gain: old?.gain ?? new Int32Array(length),
    p: old?.p ?? new Float64Array(length),
    pCapped: old?.pCapped ?? new Float64Array(length),
    wonP: reuse?.wonP.fill(0) ?? new Float64Array(buckets),
    wonCapped: reuse?.wonCapped.fill(0) ?? new Float64Array(buckets),
    meanTops,
  };
  const areaStride = setup.areaStride;
  for (let j = 0; j < table.size; j++) {
    const key = Math.floor(table.states[j]! / A);
    const gain = table.states[j]! - key * A;
    if (oneIntent || setup.failed(key)) {
      const n = fresh.size++;
      fresh.key[n] = key;
      fresh.gain[n] = gain;
      fresh.p[n] = table.clean[j]!;
      fresh.pCapped[n] = table.capped[j]!;
    } else {
      const bucket = gain + (areaStride ? A * Math.floor(key / areaStride) : 0);
      fresh.wonP[bucket]! += table.clean[j]!;
      fresh.wonCapped[bucket]! += table.capped[j]!;
    }
  }
  if (oneIntent) poolWon(setup, rolls, top, fresh);
  return fresh;
}

/**
 * A one-intent roll's pooled mass (see {@link Fresh}), group by group: the (gain, area) law of
 * the dice so far, split by whether some die already wins (every term added, none
 * subtracted: the sums stay exact to rounding). Laws of clean mass (no capped chain)
 * convolve like laws of mass. Gains are capped at `top`.
 */
function poolWon(setup: FreshSetup, rolls: readonly GroupRoll[], top: number, fresh: Fresh): void {
  const A = setup.auraStates;
  const buckets = A * setup.areaStates;
  // Laws by bucket: [miss p, miss clean, hit p, hit clean], then the next group's four.
  const laws = poolLaws(8 * buckets);
  laws.fill(0, 0, 4 * buckets);
  laws[0] = 1;
  laws[buckets] = 1;
  for (let g = 0; g < rolls.length; g++) {
    const mine = rolls[g]!;
    const group = setup.model.groups[g]!;
    const won = group.classes - 1;
    const area = group.intent < 0;
    const from = (g % 2) * 4 * buckets;
    const to = 4 * buckets - from;
    laws.fill(0, to, to + 4 * buckets);
    for (let wasHit = 0; wasHit < 2; wasHit++) {
      const law = from + 2 * wasHit * buckets;
      for (let b = 0; b < buckets; b++) {
        const p = laws[law + b]!;
        if (p === 0) continue;
        const c = laws[law + buckets + b]!;
        const tops = Math.floor(b / A);
        const gain = b - tops * A;
        for (let j = 0; j < mine.size; j++) {
          const bucket = Math.min(top, gain + mine.gain[j]!) + A * (area ? mine.key[j]! : tops);
          const hit = wasHit === 1 || (!area && group.best[mine.key[j]!] === won);
          const into = to + (hit ? 2 * buckets : 0) + bucket;
          laws[into]! += p * mine.p[j]!;
          laws[into + buckets]! += c * (mine.p[j]! - mine.pCapped[j]!);
        }
      }
    }
  }
  const last = (rolls.length % 2) * 4 * buckets + 2 * buckets;
  for (let b = 0; b < buckets; b++) {
    const p = laws[last + b]!;
    fresh.wonP[b] = p;
    fresh.wonCapped[b] = p - laws[last + buckets + b]!;
  }
}

/** The pooling's working laws, kept across defences and solves (at least `size` entries). */
function poolLaws(size: number): Float64Array {
  if (poolScratch.length < size) poolScratch = new Float64Array(size);
  return poolScratch;
}
