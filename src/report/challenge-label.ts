/**
 * A Challenge as axes and legends show it, "C3 (d6)" (`challengeName` of the Zi'Dara notation),
 * as a Vega expression over an axis or legend `datum.value`.
 */
export const CHALLENGE_LABEL_EXPR = "'C' + datum.value + ' (d' + 2 * datum.value + ')'";
