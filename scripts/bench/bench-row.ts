/**
 * One line of `npm run bench`: a measured value, its unit, and, where the issue sets one, the
 * target and whether the measurement meets it.
 * @example { name: 'rng: draws, 1 thread', value: 512, unit: 'M draws/s', target: '≥ 400', ok: true }
 */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  ok?: boolean;
}
