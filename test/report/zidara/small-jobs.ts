import type { AnalysisJob } from '../../../src/systems/run-analysis.ts';

/** Small jobs of every kind (the same shapes as the built-in report, smaller grids). */
export const SMALL_JOBS: readonly AnalysisJob[] = [
  { analysis: 'splits', name: 'splits', options: { steps: 6, challenge: 3, intents: [1, 2] } },
  {
    analysis: 'stated-splits',
    name: 'stated-splits',
    splits: ['d12', 'd6+d6'],
    options: { challenge: 3, objective: 'primary', auraMax: 0 },
  },
  { analysis: 'advantage', name: 'advantage', options: { sides: 8, most: 3, challenges: [2, 4] } },
  { analysis: 'fishing', name: 'fishing', options: { steps: 6, actions: 2, challenge: 3 } },
  {
    analysis: 'rerolls',
    name: 'rerolls',
    options: { split: [[8]], challenges: [3, 4], resolve: [0, 1] },
  },
  {
    analysis: 'tune',
    name: 'tune',
    options: { steps: [4, 6], challenges: [3, 4, 5], pool: 'natural', auraMax: 0 },
    target: { winChance: 0.6, solveFor: 'challenge' },
  },
];
