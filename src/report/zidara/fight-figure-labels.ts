/**
 * The words for a fight's figures, one wording each, read by every surface that shows them:
 * `zidara fight`'s text, `zidara fight-curves`' table and what-if, the report's fight table and
 * the page's Fight view. CSV headers and JSON fields keep the rows' own names (`winWithin`,
 * `reached`, `opening`): they are the public API.
 */

/** A round of the fight, counted from 1. */
export const ROUND_LABEL = 'Round';

/** P(the threat has lost its last tag by the end of the round): `winWithin`. */
export const DOWN_WITHIN_LABEL = 'Down within';

/** P(the round is played, the fight still on when it starts): `reached`. */
export const ROUND_PLAYED_LABEL = 'Round played';

/** What {@link ROUND_PLAYED_LABEL} means, for the notes under a table. */
export const ROUND_PLAYED_MEANS = 'the chance the fight is still on when the round starts';

/** The split the fight opens with, its first round's: `opening`, `openingSplit`. */
export const OPENING_SPLIT_LABEL = 'Opening split';

/** P(the threat still stands after the last round), followed by the rounds: `notWonWithin`, `pNotWon`. */
export const STILL_STANDING_LABEL = 'Still standing after';
