import { countOf } from '../../format/format-count.ts';
import type { LaterWave, RingSkillAdvice } from './advise.ts';

// The later explosion waves' words, for the CLI and the page alike: apart from advise.ts, so the
// page's own script shows them without the solver and its schema (which run in the worker).

/** The title over the later waves (CLI and page alike). */
export const LATER_WAVES_TITLE = 'Each later wave, as the same play reaches it';

/**
 * The later waves, a situation played alike in several waves once, each under its heading
 * ("waves 2 to 10, TN 3 met, rolling 1 Skill die"; CLI and page alike), in wave order.
 */
export function laterWaveGroups(
  advice: RingSkillAdvice,
): { heading: string; waves: number[]; wave: LaterWave }[] {
  const groups = new Map<string, { waves: number[]; wave: LaterWave }>();
  for (const wave of advice.laterWaves) {
    const key = JSON.stringify([wave.successes, wave.dice, wave.outcomes]);
    const group = groups.get(key);
    if (group) group.waves.push(wave.wave);
    else groups.set(key, { waves: [wave.wave], wave });
  }
  return [...groups.values()].map(({ waves, wave }) => {
    const dice = [
      wave.dice.ring ? countOf(wave.dice.ring, 'Ring die', 'Ring dice') : '',
      wave.dice.skill ? countOf(wave.dice.skill, 'Skill die', 'Skill dice') : '',
    ].filter(Boolean);
    const which = waves.length === 1 ? `wave ${waves[0]}` : `waves ${wavesPhrase(waves)}`;
    // Successes past the TN are played alike, so the situation counts them only up to it.
    const kept =
      wave.successes >= advice.check.tn
        ? `TN ${advice.check.tn} met`
        : `${countOf(wave.successes, 'success', 'successes')} kept`;
    return { heading: `${which}, ${kept}, rolling ${dice.join(' and ')}`, waves, wave };
  });
}

/** "2 to 10", "2, 4 to 6": ascending wave numbers, consecutive ones as a range. */
function wavesPhrase(waves: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < waves.length; ) {
    let j = i;
    while (j + 1 < waves.length && waves[j + 1] === waves[j]! + 1) j++;
    runs.push(j === i ? `${waves[i]}` : `${waves[i]} to ${waves[j]}`);
    i = j + 1;
  }
  return runs.join(', ');
}
