/**
 * A scenario whose every name is for people, some with <, & and quotes: the tester's two
 * Knights (the rules' and a +3 boost's) asking the same questions, threats named and not.
 * Its analyses are small (a second or so in all).
 */
export const NAMED_SCENARIO = `scenario: Bigger boosts for the <Knight> & "co"
description: Does a +3 boost keep Zi'Dara's feel? <b>not bold</b>
characters:
  knight: { name: Knight (rules), titles: 1, actions: { strike: 6 } }
  knight3: { name: 'Knight (+3 boost) & "Sir <B>"', boostSize: 3, actions: { strike: 6 } }
  squire: { actions: { strike: 4 } }
threats:
  warden: { name: a harbour Warden, challenge: 3, tags: 2 }
  ogre: { name: an ogre, challenge: 5, tags: 3 }
  wall: { challenge: 2 }
analyses:
  tune-rules: { analysis: tune, character: knight, steps: [3, 4], challenges: [2, 3] }
  tune-boost3: { analysis: tune, character: knight3, steps: [3, 4], challenges: [2, 3] }
  split-warden: { analysis: splits, character: knight, action: strike, vs: warden }
  resolve: { analysis: rerolls, character: knight, action: strike, vs: [warden, ogre, wall], resolve: [0, 1] }
  squire-odds: { analysis: stated-splits, character: squire, splits: [d8], challenge: 3 }
`;

/** Its title, description and each analysis' label as written: what a reader must see. */
export const NAMED_SCENARIO_SHOWN = {
  title: 'Bigger boosts for the <Knight> & "co"',
  about: ["Does a +3 boost keep Zi'Dara's feel? <b>not bold</b>"],
  labels: [
    'tune-rules: Knight (rules)',
    'tune-boost3: Knight (+3 boost) & "Sir <B>"',
    'split-warden: Knight (rules) vs a harbour Warden',
    'resolve: Knight (rules) vs a harbour Warden, an ogre and wall',
    'squire-odds: squire',
  ],
} as const;
