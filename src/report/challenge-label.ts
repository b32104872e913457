/**
 * How a Challenge is shown on axes and in tables: its number and the die it rolls
 * (Challenge C is the die d(2C)).
 * @example challengeLabel(3) // "C3 (d6)"
 */
export function challengeLabel(challenge: number): string {
  return `C${challenge} (d${2 * challenge})`;
}

/** The same label as a Vega expression over an axis or legend `datum.value`. */
export const CHALLENGE_LABEL_EXPR = "'C' + datum.value + ' (d' + 2 * datum.value + ')'";
