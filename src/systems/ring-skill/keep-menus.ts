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
} from './faces.ts';
import { KeyIndex } from './key-index.ts';

/**
 * The keeps worth ranking from a pool, and their lists for every pool a check can roll: what the
 * Ring and Skill solver decides between, built once per objective and shared by every TN.
 *
 * **Why few keeps.** A keep's value is its own symbols plus the value of the state it leads to,
 * and that state depends only on its *profile*: how many dice it keeps of each scoring group
 * (kinds alike in successes and dice added: plain successes, Ring explosions, Skill explosions).
 * Within one profile the decision's key differs only by the keep's own strife, opportunity and
 * count, compared in a fixed order (the objective's, see {@link InnerOrder}) that does not depend
 * on the state. That order is a translation-invariant total order on (strife, opportunity,
 * count), so the best keep of a profile takes each group's best dice and every opportunity die
 * that improves it: one keep per profile, and it is unique (its kind counts follow from its
 * symbols). The best keep of the pool is the best of these *entries* under the decision's full
 * key: a few dozen instead of every sub-multiset.
 *
 * **Entries.** Each entry is a signature (successes, strife, opportunity, Ring and Skill dice
 * added, count; packed by {@link signatureOf}) and the lexicographic key of its kind counts, which
 * orders entries whose decision keys tie as the solver's canonical candidate order does.
 */

/** Kinds scoring alike (successes and dice added), one list per group; the opportunity kinds apart. */
const GROUPS = (() => {
  const byKey = new Map<string, number[]>();
  for (let k = BLANK + 1; k < KIND_COUNT; k++) {
    const key = `${KIND_SUCCESSES[k]},${KIND_ADDS_RING[k]},${KIND_ADDS_SKILL[k]}`;
    byKey.set(key, [...(byKey.get(key) ?? []), k]);
  }
  const free = byKey.get('0,0,0') ?? [];
  byKey.delete('0,0,0');
  return { scoring: [...byKey.values()], free };
})();

/** Base of the packed signatures and lex keys: counts stay below it (ring ≤ 7). */
const BASE = 8;
/** How many packed signatures there are (each field below {@link BASE}): tables by signature. */
export const SIGNATURES = BASE ** 6;
/** The lone blank's lex key: after every other keep, as in the candidate order. */
export const LONE_BLANK_LEX = BASE ** (KIND_COUNT - 1);

/**
 * Whether a menu entry (its rank under a ranking, lower is better, then its lex key) comes
 * before the best so far: small whole numbers compared, both orders on every call (no branch
 * that ties alone take, no number outside the small integers).
 */
export function entryBefore(rank: number, lex: number, bestRank: number, bestLex: number): boolean {
  return (
    ((rank < bestRank ? 1 : 0) | ((rank === bestRank ? 1 : 0) & (lex < bestLex ? 1 : 0))) === 1
  );
}

/** A rank and a lex key past any (see {@link entryBefore}): a search for the best starts from it. */
export const NO_ENTRY = 2 ** 30;

/** The signature of one die of each kind kept alone (index kind). */
const KIND_PACKED: readonly number[] = Array.from({ length: KIND_COUNT }, (_, k) =>
  signatureOf(
    KIND_SUCCESSES[k]!,
    KIND_STRIFE[k]!,
    KIND_OPPORTUNITY[k]!,
    KIND_ADDS_RING[k]!,
    KIND_ADDS_SKILL[k]!,
    1,
  ),
);

/** Packs a signature (each field below {@link BASE}). */
export function signatureOf(
  successes: number,
  strife: number,
  opportunity: number,
  addsRing: number,
  addsSkill: number,
  count: number,
): number {
  return (
    ((((successes * BASE + strife) * BASE + opportunity) * BASE + addsRing) * BASE + addsSkill) *
      BASE +
    count
  );
}

/** The fields of a packed signature. */
export function signatureFields(sig: number) {
  const count = sig % BASE;
  let rest = (sig - count) / BASE;
  const addsSkill = rest % BASE;
  rest = (rest - addsSkill) / BASE;
  const addsRing = rest % BASE;
  rest = (rest - addsRing) / BASE;
  const opportunity = rest % BASE;
  rest = (rest - opportunity) / BASE;
  const strife = rest % BASE;
  const successes = (rest - strife) / BASE;
  return { successes, strife, opportunity, addsRing, addsSkill, count };
}

/**
 * How the objective orders two keeps of one profile: negative when (strife a, opportunity a,
 * count a) is better than b. The decision key with the state's value cancelled out.
 */
export type InnerOrder = (
  ta: number,
  oa: number,
  na: number,
  tb: number,
  ob: number,
  nb: number,
) => number;

/** The per-objective preferences a menu is built from. */
export interface MenuOrder {
  /** A key naming the order, for the caches (equal keys, equal orders). */
  readonly id: string;
  readonly inner: InnerOrder;
}

/** Preferences resolved for building menus: each group's kinds best first. */
interface Prepared {
  readonly inner: InnerOrder;
  readonly scoring: readonly (readonly number[])[];
  /** Opportunity kinds, best first, and those whose keeping always improves a keep. */
  readonly free: readonly number[];
  readonly improving: readonly number[];
  /** The scoring groups' kinds then the improving kinds, each chain after a −1, for reducedPool. */
  readonly chains: Int8Array;
  /**
   * The keep that stands in for keeping nothing (see {@link menuOf}), by which dice a pool
   * shows (bit i: free[i], the next bit: a blank): its packed signature (−1: none) and lex key.
   */
  readonly lonePacked: Int32Array;
  /** By free[i]: −1 (all bits) if improving, its count kept from its chain; else 0. */
  readonly freeChained: Int8Array;
  readonly loneLex: Int32Array;
}

const prepared = new Map<string, Prepared>();
/** The last order prepared: menus and reduced pools are asked for millions of times in a row. */
let last: { order: MenuOrder; prepared: Prepared } | undefined;

function prepare(order: MenuOrder): Prepared {
  if (last?.order === order) return last.prepared;
  let p = prepared.get(order.id);
  if (p) {
    last = { order, prepared: p };
    return p;
  }
  const byOrder = (kinds: readonly number[]) =>
    [...kinds].sort((a, b) => {
      const c = order.inner(
        KIND_STRIFE[a]!,
        KIND_OPPORTUNITY[a]!,
        1,
        KIND_STRIFE[b]!,
        KIND_OPPORTUNITY[b]!,
        1,
      );
      // Kinds of one group differ in strife or opportunity, so the order never ties them.
      if (c === 0) throw new Error('two kinds of one group score alike');
      return c;
    });
  const free = byOrder(GROUPS.free);
  const scoring = GROUPS.scoring.map(byOrder);
  const improving = free.filter(
    (k) => order.inner(KIND_STRIFE[k]!, KIND_OPPORTUNITY[k]!, 1, 0, 0, 0) < 0,
  );
  // The better of the best single opportunity die shown and a lone blank.
  const blankBit = 1 << free.length;
  const lonePacked = new Int32Array(2 * blankBit).fill(-1);
  const loneLex = new Int32Array(2 * blankBit);
  for (let mask = 0; mask < 2 * blankBit; mask++) {
    const single = free.find((_, i) => (mask & (1 << i)) !== 0);
    const blank = (mask & blankBit) !== 0;
    if (
      single !== undefined &&
      (!blank || order.inner(KIND_STRIFE[single]!, KIND_OPPORTUNITY[single]!, 1, 0, 0, 1) < 0)
    ) {
      lonePacked[mask] = KIND_PACKED[single]!;
      loneLex[mask] = lexPlace(single);
    } else if (blank) {
      lonePacked[mask] = KIND_PACKED[BLANK]!;
      loneLex[mask] = LONE_BLANK_LEX;
    }
  }
  p = {
    inner: order.inner,
    scoring,
    free,
    improving,
    chains: Int8Array.from([...scoring, improving].flatMap((kinds) => [-1, ...kinds])),
    lonePacked,
    loneLex,
    freeChained: Int8Array.from(free, (k) => (improving.includes(k) ? -1 : 0)),
  };
  prepared.set(order.id, p);
  return p;
}

/**
 * Room for one menu's entries: a profile is a count per scoring group (three), so `most` ≤ 7
 * dice make at most C(7 + 3, 3) = 120 of them.
 */
export const MENU_ROOM = 128;

/**
 * The entries of a pool (kind counts): the best keep of each profile of `least`..`most` dice
 * (with least 1, a lone blank stands in for keeping nothing), as its signature and lex key (its
 * kind counts: {@link keptOfLex}), written into `sigs` and `lexes` from `at` (room for
 * {@link MENU_ROOM} needed); returns where they end. From each group's running sums over its
 * dice best first: O(kinds + profiles).
 */
export function menuOf(
  order: MenuOrder,
  pool: ArrayLike<number>,
  least: number,
  most: number,
  sigs: Int32Array,
  lexes: Int32Array,
  at: number,
): number {
  const p = prepare(order);
  const groups = p.scoring;
  const g = groups.length;
  // A signature's fields stay below BASE, so it is the sum of its dice's packed signatures (no
  // carry), as a lex key is: per group, the sums of its best t dice (index j · (most + 1) + t).
  const width = most + 1;
  const { packed, lex, avail, take, extraPacked, extraLex } = SCRATCH;
  for (let j = 0; j < g; j++)
    avail[j] = runningSums(groups[j]!, pool, most, packed, lex, j * width);
  // The improving opportunity dice a room of r dice takes: their sums (index r), and count.
  const improving = runningSums(p.improving, pool, most, extraPacked, extraLex, 0);
  for (let r = improving + 1; r < width; r++) {
    extraPacked[r] = extraPacked[improving]!;
    extraLex[r] = extraLex[improving]!;
  }
  // Keeping nothing is not allowed with least 1: when no improving die fills the empty
  // profile, the better of the best single opportunity die and a lone blank stands in for it
  // (nothing else keeps no scoring die). Looked up and written for every pool, kept only when
  // needed: no branch that the first rolls alone take.
  const free = p.free;
  let mask = pool[BLANK]! > 0 ? 1 << free.length : 0;
  for (let i = 0; i < free.length; i++) mask |= pool[free[i]!]! > 0 ? 1 << i : 0;
  const lone = p.lonePacked[mask]!;
  let end = at;
  sigs[end] = lone;
  lexes[end] = p.loneLex[mask]!;
  end += (least > Math.min(most, improving) ? 1 : 0) & (lone >= 0 ? 1 : 0);
  take.fill(0);
  // The odometer over the groups' counts (group 0 fastest), with the sums kept as it turns.
  let total = 0;
  let sig = 0;
  let l = 0;
  for (;;) {
    const room = most - total;
    if (total + Math.min(room, improving) >= least) {
      sigs[end] = sig + extraPacked[room]!;
      lexes[end++] = l + extraLex[room]!;
    }
    let j = 0;
    for (; j < g; j++) {
      const at = j * width + take[j]!;
      if (take[j]! < avail[j]! && total < most) {
        sig += packed[at + 1]! - packed[at]!;
        l += lex[at + 1]! - lex[at]!;
        take[j]!++;
        total++;
        break;
      }
      sig -= packed[at]! - packed[j * width]!;
      l -= lex[at]! - lex[j * width]!;
      total -= take[j]!;
      take[j] = 0;
    }
    if (j === g) break;
  }
  return end;
}

/** menuOf's running sums (it is not reentrant): room for 8 groups of up to 8 dice; scratch. */
const SCRATCH = {
  packed: new Int32Array(64),
  lex: new Int32Array(64),
  avail: new Int32Array(8),
  take: new Int32Array(8),
  extraPacked: new Int32Array(8),
  extraLex: new Int32Array(8),
  /** A reduced pool not asked for (see reducedSum). */
  reduced: new Int8Array(KIND_COUNT),
};

/**
 * The packed signature and lex of the best t dice of `kinds` (best first) in the pool, for
 * t = 0..(those present, at most `most`), written from `at`; returns how many are present.
 */
function runningSums(
  kinds: readonly number[],
  pool: ArrayLike<number>,
  most: number,
  packed: Int32Array,
  lex: Int32Array,
  at: number,
): number {
  let t = 0;
  packed[at] = 0;
  lex[at] = 0;
  for (let i = 0; i < kinds.length; i++) {
    const k = kinds[i]!;
    for (let n = pool[k]!; n > 0 && t < most; n--, t++) {
      packed[at + t + 1] = packed[at + t]! + KIND_PACKED[k]!;
      lex[at + t + 1] = lex[at + t]! + lexPlace(k);
    }
  }
  return t;
}

/** What one die of a kind adds to a lex key: its base-8 digit, kind 1 the most significant. */
function lexPlace(kind: number): number {
  return PLACES[kind]!;
}

/**
 * The place of a kind's base-8 digit, kind 0 the most significant, in lex keys and reduced
 * pool keys alike; computed once: it is read for every die of every menu.
 */
const PLACES = Array.from({ length: KIND_COUNT }, (_, kind) => BASE ** (KIND_COUNT - 1 - kind));

/** The kind counts of a lex key (see {@link menuOf}). */
export function keptOfLex(lex: number): Int8Array {
  const kept = new Int8Array(KIND_COUNT);
  if (lex === LONE_BLANK_LEX) kept[BLANK] = 1;
  else
    for (let k = KIND_COUNT - 1, rest = lex; k > BLANK; k--, rest = Math.floor(rest / BASE))
      kept[k] = rest % BASE;
  return kept;
}

/**
 * The pools of one roll merged by their reduced pool (pools whose menus are alike): pool i is
 * `pools[i · KIND_COUNT ..]`, rolled with weight `weight[i]`.
 */
export interface RollPools {
  /** The pool of each pair of the parts' outcomes: Ring outcome · Skill outcomes + Skill outcome. */
  readonly pairPool: Int32Array;
  readonly pools: Int8Array;
  readonly weight: Float64Array;
}

/** Menus: menu i's entries are `signature[start[i] .. start[i + 1])` (with their `lex`). */
export interface MenuSet {
  readonly start: Int32Array;
  readonly signature: Int32Array;
  readonly lex: Int32Array;
}

/**
 * The menus of every wave of up to `most` dice, and each wave's pools as menus with weights:
 * `waves[pr · (most + 1) + ps]` for a wave of pr Ring and ps Skill dice.
 */
export interface WaveMenus {
  readonly menus: MenuSet;
  readonly waves: readonly (WaveRoll | undefined)[];
}

/** A wave's pools (see {@link RollPools}): the menu of each, and its weight over 6^pr·12^ps. */
export interface WaveRoll {
  readonly menu: Int32Array;
  readonly weight: Float64Array;
}

/** A multiset of kinds with its weight. */
export interface KindOutcome {
  readonly counts: Int8Array;
  readonly weight: number;
}

/**
 * The part of a pool its menu depends on: each group's first `most` dice in the order's
 * preference, the improving opportunity dice likewise, else the best opportunity die present
 * (a keep of one die may need it), and whether a blank is present. Written into `out`; returns
 * its key (base-8 digits). With `plus`, of the pool and `plus` together (not added up first).
 */
export function reducedPool(
  order: MenuOrder,
  pool: ArrayLike<number>,
  most: number,
  out: Int8Array,
  plus: ArrayLike<number> = NO_DICE,
): number {
  return reducedSum(prepare(order), pool, plus, most, out);
}

const NO_DICE = new Int8Array(KIND_COUNT);

/**
 * {@link reducedPool} of the pool a + b, without adding them up first (a roll's pairs of parts);
 * without `out`, the key alone. O(kinds).
 */
function reducedSum(
  p: Prepared,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  most: number,
  out: Int8Array = SCRATCH.reduced,
): number {
  // Flat loops over the chains (hundreds of thousands of pools a check): each keeps its best
  // dice. The key is the digits' sum, each at its kind's place.
  const chains = p.chains;
  let key = 0;
  let left = most;
  for (let i = 0; i < chains.length; i++) {
    const k = chains[i]!;
    if (k < 0) {
      left = most;
      continue;
    }
    const n = a[k]! + b[k]!;
    const t = Math.min(n, left);
    out[k] = t;
    key += t * PLACES[k]!;
    left -= t;
  }
  // `left` is now the improving chain's (the last). With no improving die, the best
  // opportunity die shown is kept too (a keep of one die may need it); worked out for every
  // pool, without a branch that rare pools alone take. (An improving kind shown was counted
  // above, and then nothing is found here.)
  let found = left === most ? 0 : 1;
  const free = p.free;
  for (let i = 0; i < free.length; i++) {
    const k = free[i]!;
    const shown = a[k]! + b[k]! > 0 ? 1 : 0;
    const kept = shown & (1 - found);
    out[k] = (out[k]! & p.freeChained[i]!) | kept;
    key += kept * PLACES[k]!;
    found |= shown;
  }
  const blank = a[BLANK]! + b[BLANK]! > 0 ? 1 : 0;
  out[BLANK] = blank;
  return key + blank * PLACES[BLANK]!;
}

/**
 * The pools of rolling a Ring part and a Skill part together (see {@link RollPools}): every pair
 * of their outcomes, merged by their reduced pool. A pool's reduction is the reduction of its
 * parts' reductions put together (each group keeps its best dice), so each part is reduced and
 * merged first: the pairs are those of the distinct reduced parts.
 */
function rollPoolsOf(
  order: MenuOrder,
  ringPart: readonly KindOutcome[],
  skillPart: readonly KindOutcome[],
  most: number,
): RollPools {
  const a = reducedOutcomes(order, ringPart, most);
  const b = reducedOutcomes(order, skillPart, most);
  const reducedPair = new Int32Array(a.outcomes.length * b.outcomes.length);
  // Room for every pair up to 2^16 pools: the index never grows (a rare branch).
  const index = new KeyIndex(
    Math.min(17, Math.max(8, Math.ceil(Math.log2(2 * reducedPair.length)))),
  );
  const weight: number[] = [];
  // Pools straight into a typed array with room for every pair (then trimmed).
  const pools = new Int8Array(reducedPair.length * KIND_COUNT);
  const reduced = new Int8Array(KIND_COUNT);
  const p = prepare(order);
  let pair = 0;
  for (let xi = 0; xi < a.outcomes.length; xi++)
    for (let yi = 0; yi < b.outcomes.length; yi++) {
      const x = a.outcomes[xi]!;
      const y = b.outcomes[yi]!;
      const key = reducedSum(p, x.counts, y.counts, most, reduced);
      const w = x.weight * y.weight;
      const at = index.get(key);
      if (at >= 0) {
        weight[at]! += w;
        reducedPair[pair++] = at;
        continue;
      }
      const n = weight.length;
      index.put(key, n);
      reducedPair[pair++] = n;
      weight.push(w);
      pools.set(reduced, n * KIND_COUNT);
    }
  const pairPool = new Int32Array(ringPart.length * skillPart.length);
  const nb = b.outcomes.length;
  for (let i = 0, at = 0; i < ringPart.length; i++) {
    const row = a.of[i]! * nb;
    for (let j = 0; j < skillPart.length; j++) pairPool[at++] = reducedPair[row + b.of[j]!]!;
  }
  return {
    pairPool,
    pools: pools.slice(0, weight.length * KIND_COUNT),
    weight: Float64Array.from(weight),
  };
}

/**
 * The menus of every wave of pr Ring and ps Skill dice, pr + ps ≤ `most` (see {@link WaveMenus}).
 * A wave's pool keeps any subset of its dice, so its menu reads its reduced pool alone: the
 * same whichever wave rolled it (with room for every die). Each distinct pool's menu is built
 * once: ring 5's 20 waves roll 5,676 pools, 1,415 of them distinct.
 */
function waveMenusOf(order: MenuOrder, most: number): WaveMenus {
  const start: number[] = [0];
  // Entries straight into typed arrays, doubled when a menu might not fit.
  let signature = new Int32Array(1024);
  let lex = new Int32Array(1024);
  let size = 0;
  const menuOfKey = new Map<number, number>();
  const waves: (WaveRoll | undefined)[] = [];
  for (let pr = 0; pr <= most; pr++)
    for (let ps = 0; pr + ps <= most; ps++) {
      if (pr + ps === 0) continue;
      const { pools, weight } = rollPoolsOf(
        order,
        cachedRoll(pr, 0, 0),
        cachedRoll(0, ps, 0),
        most,
      );
      const menu = new Int32Array(weight.length);
      for (let i = 0; i < weight.length; i++) {
        const pool = pools.subarray(i * KIND_COUNT, (i + 1) * KIND_COUNT);
        let key = 0;
        for (let k = 0; k < KIND_COUNT; k++) key += pool[k]! * PLACES[k]!;
        let m = menuOfKey.get(key);
        if (m === undefined) {
          m = start.length - 1;
          menuOfKey.set(key, m);
          if (size + MENU_ROOM > signature.length) {
            signature = grown(signature);
            lex = grown(lex);
          }
          size = menuOf(order, pool, 0, most, signature, lex, size);
          start.push(size);
        }
        menu[i] = m;
      }
      waves[pr * (most + 1) + ps] = { menu, weight };
    }
  return {
    menus: {
      start: Int32Array.from(start),
      signature: signature.slice(0, size),
      lex: lex.slice(0, size),
    },
    waves,
  };
}

/**
 * The best entry of each pool's menu (`least`..`most` dice kept) under a ranking of signatures
 * (`rank[local[packed] − 1]`, lower is better; ties to the lower lex key), as its local index:
 * the menus walked, not stored (a first roll of ring 5 + skill 5 has 20,414 menus of ~21 entries).
 * O(entries).
 */
export function bestEntries(
  order: MenuOrder,
  pooled: RollPools,
  least: number,
  most: number,
  local: Int32Array,
  rank: Int32Array,
): Int32Array {
  const { pools } = pooled;
  const best = new Int32Array(pooled.weight.length);
  const sigs = new Int32Array(MENU_ROOM);
  const lexes = new Int32Array(MENU_ROOM);
  const pool = new Int8Array(KIND_COUNT);
  for (let i = 0; i < best.length; i++) {
    for (let k = 0; k < KIND_COUNT; k++) pool[k] = pools[i * KIND_COUNT + k]!;
    const size = menuOf(order, pool, least, most, sigs, lexes, 0);
    if (size === 0) throw new Error('a keep decision found no legal keep');
    let bestSig = -1;
    let bestRank = NO_ENTRY;
    let bestLex = NO_ENTRY;
    for (let e = 0; e < size; e++) {
      const sig = local[sigs[e]!]! - 1;
      if (sig < 0) throw new Error('a first keep signature was not ranked');
      const r = rank[sig]!;
      if (entryBefore(r, lexes[e]!, bestRank, bestLex)) {
        bestRank = r;
        bestLex = lexes[e]!;
        bestSig = sig;
      }
    }
    best[i] = bestSig;
  }
  return best;
}

/**
 * Every signature a first menu (1 to `most` dice kept) of `ring` Ring and `skill` Skill dice can
 * hold: every multiset of the scoring and improving kinds the dice show (the best keep of its
 * profile from a pool of it and blanks), each opportunity kind alone and a lone blank. So that
 * they are ranked before {@link bestEntries} meets them. O(multisets), a few hundred.
 */
export function firstKeepSignatures(
  order: MenuOrder,
  ring: number,
  skill: number,
  most: number,
): number[] {
  const p = prepare(order);
  const shown = (k: number) =>
    (ring > 0 && RING_KIND_FACES[k]! > 0) || (skill > 0 && SKILL_KIND_FACES[k]! > 0);
  const kinds = [...p.scoring.flat(), ...p.improving].filter(shown);
  const found = new Set<number>([KIND_PACKED[BLANK]!]);
  for (const k of p.free) if (shown(k)) found.add(KIND_PACKED[k]!);
  const walk = (from: number, left: number, sig: number) => {
    if (sig > 0) found.add(sig);
    if (left === 0) return;
    for (let i = from; i < kinds.length; i++) walk(i, left - 1, sig + KIND_PACKED[kinds[i]!]!);
  };
  walk(0, most, 0);
  return [...found];
}

/**
 * A roll's outcomes reduced (see {@link reducedPool}), equal reductions merged; `of` gives each
 * outcome's merged one.
 */
function reducedOutcomes(
  order: MenuOrder,
  outcomes: readonly KindOutcome[],
  most: number,
): { outcomes: KindOutcome[]; of: Int32Array } {
  const merged = new Map<number, number>();
  const list: { counts: Int8Array; weight: number }[] = [];
  const of = new Int32Array(outcomes.length);
  outcomes.forEach((o, i) => {
    const counts = new Int8Array(KIND_COUNT);
    const key = reducedPool(order, o.counts, most, counts);
    const seen = merged.get(key);
    if (seen !== undefined) {
      list[seen]!.weight += o.weight;
      of[i] = seen;
    } else {
      merged.set(key, list.length);
      of[i] = list.length;
      list.push({ counts, weight: o.weight });
    }
  });
  return { outcomes: list, of };
}

/** A copy of `a` with twice the room. */
function grown(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

const waveMenusCache = new Map<string, WaveMenus>();
const firstRolls = new Map<string, RollPools>();
const rolled = new Map<string, KindOutcome[]>();

/**
 * Rolling `ring` Ring and `skill` Skill dice, merged by kind (capped as {@link rollKinds} says),
 * shared by every solver: the lists do not depend on the check.
 */
export function cachedRoll(ring: number, skill: number, capped: number): KindOutcome[] {
  return cached(rolled, `${ring},${skill},${capped}`, () =>
    rollKinds(ring, skill, capped > 0 ? (k) => (k === BLANK ? 1 : capped) : undefined),
  );
}

/** The menus of every wave of up to `most` dice (see {@link WaveMenus}). Cached per order. */
export function waveMenus(order: MenuOrder, most: number): WaveMenus {
  return cached(waveMenusCache, `${order.id}|${most}`, () => waveMenusOf(order, most));
}

/**
 * The pools of a first roll of `ring` Ring and `skill` Skill dice (1 to ring kept; their menus
 * are walked by {@link bestEntries}, not stored). Cached per objective order.
 */
export function firstRollPools(order: MenuOrder, ring: number, skill: number): RollPools {
  return cached(firstRolls, `${order.id}|${ring},${skill}`, () =>
    rollPoolsOf(order, cachedRoll(ring, 0, 0), cachedRoll(0, skill, 0), ring),
  );
}

/** The entry `id` of a cache, built on first use. */
function cached<T>(cache: Map<string, T>, id: string, build: () => T): T {
  let value = cache.get(id);
  if (value === undefined) {
    value = build();
    cache.set(id, value);
  }
  return value;
}

/**
 * Every outcome of rolling `ring` Ring and `skill` Skill dice, merged into kind counts (capped
 * per kind by `cap`, uncapped by default), with weights over 6^ring·12^skill. Built die by die:
 * O(dice × distinct multisets × kinds).
 */
export function rollKinds(
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
