/**
 * The advice issue's worked example, as the engine, the CLI and the page tests all ask it:
 * 7 steps as d8 | d4 against C4 with 2 tags; the d8 shows 3, the d4 4, the Challenge die 5;
 * 3 Aura and 1 Resolve left. By brute force: reroll the d8 1.5, reroll all 1.125, stop 1,
 * reroll the d4 1.
 */
export const ISSUE_ADVICE = {
  roll: {
    threats: [{ challenge: 4 }],
    dice: [
      { sides: 8, intent: 0 },
      { sides: 4, intent: 1 },
    ],
    aura: 3,
    resolve: 1,
  },
  shown: [3, 4],
  defence: [5],
};
