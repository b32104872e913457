/** Small, fixed report rows for the chart tests (shaped like real dicelab output). */
export interface OddsRow {
  pool: string;
  challenge: number;
  winChance: number;
  lower: number;
  upper: number;
}

export const POOLS = ['d12 d4', 'd8 d8', 'd6'] as const;

export const oddsRows: OddsRow[] = POOLS.flatMap((pool, i) =>
  [1, 2, 3, 4].map((challenge) => {
    const winChance = Math.max(0, 1 - challenge * (0.15 + 0.05 * i));
    return {
      pool,
      challenge,
      winChance,
      lower: Math.max(0, winChance - 0.03),
      upper: Math.min(1, winChance + 0.03),
    };
  }),
);

export interface PoolCostRow {
  pool: string;
  auraCost: number;
  winChance: number;
}

export const poolCostRows: PoolCostRow[] = [
  { pool: 'd4', auraCost: 0, winChance: 0.2 },
  { pool: 'd6', auraCost: 1, winChance: 0.35 },
  { pool: 'd4 d4', auraCost: 1, winChance: 0.3 },
  { pool: 'd8', auraCost: 2, winChance: 0.5 },
  { pool: 'd6 d4', auraCost: 2, winChance: 0.45 },
  { pool: 'd12', auraCost: 4, winChance: 0.62 },
];

/** The pools no other pool beats on both cost and chance. */
export const frontierRows: PoolCostRow[] = poolCostRows.filter(
  (a) =>
    !poolCostRows.some(
      (b) =>
        b !== a &&
        b.auraCost <= a.auraCost &&
        b.winChance >= a.winChance &&
        (b.auraCost < a.auraCost || b.winChance > a.winChance),
    ),
);
