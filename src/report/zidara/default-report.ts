import type { AnalysisJob } from '../../systems/run-analysis.ts';

/**
 * The built-in report: one job per question of the rules page's design card, with the rules'
 * default setup (Aura full at 5, no Resolve unless stated, one +2 a roll, ties bought).
 * `dicelab report` and `npm start` run these: about three seconds on two cores, drawing included.
 */
export const DEFAULT_REPORT: readonly AnalysisJob[] = [
  {
    analysis: 'splits',
    name: 'splits-8-steps-vs-c3',
    // "I have 8 steps and one action against a Challenge 3 Warden with two tags: how do I split?"
    options: { steps: 8, actions: 1, challenge: 3, intents: [1, 2], objective: 'wins' },
  },
  {
    analysis: 'splits',
    name: 'splits-12-steps-vs-c4',
    // A bigger roll: 12 steps, 2 actions, against a C4 threat with three tags.
    options: { steps: 12, actions: 2, challenge: 4, intents: [1, 2, 3], objective: 'wins' },
  },
  {
    analysis: 'stated-splits',
    name: 'd12-or-d6-d6-vs-c3',
    // "d12 or d6+d6 on one intent?" (and the other ways to roll 6 steps on one intent)
    splits: ['d12', 'd6+d6', 'd8+d4', 'd10+d2', 'd4+d4+d4'],
    options: { challenge: 3, objective: 'primary' },
  },
  {
    analysis: 'advantage',
    name: 'advantage-d6',
    options: { sides: 6, most: 6, challenges: [1, 2, 3, 4, 5, 6], aura: 0 },
  },
  {
    analysis: 'fishing',
    name: 'fishing-8-steps-vs-c4',
    // "Does splitting off a d2 to fish for Aura pay?"
    options: { steps: 8, actions: 2, challenge: 4 },
  },
  {
    analysis: 'rerolls',
    name: 'rerolls-d6-d6',
    options: { split: [[6], [6]], challenges: [1, 2, 3, 4, 5, 6], resolve: [0, 1, 2, 3] },
  },
  {
    analysis: 'fight-curves',
    name: 'fights-6-steps',
    // "A Warden with 3 tags falls within 4 rounds how often?": a starting fighter (6 steps)
    // against threats of 1 to 3 tags at C4 and C6, the split chosen afresh every round.
    options: { steps: 6, actions: 1, tags: [1, 2, 3], challenges: [4, 6], maxRounds: 5 },
  },
  {
    analysis: 'tune',
    name: 'tune-steps-by-challenge',
    // "What Challenge gives a starting fighter (6 steps) a 60% chance?": the grid and, per step
    // count, the Challenge nearest 60% (up to C9 for 12 steps, so the grid goes to C9).
    options: {
      steps: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      challenges: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    },
    target: { winChance: 0.6, solveFor: 'challenge' },
  },
  {
    analysis: 'compare-systems',
    name: 'compare-systems',
    // "How steep is each system's curve around ordinary competence?": the five systems' full /
    // partial / failure chances, Zi'Dara against C3 and Ring and Skill against TN 2.
    options: { challenge: 3, tn: 2 },
  },
];
