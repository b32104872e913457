import type { Command } from '@commander-js/extra-typings';
import { countOf } from '../format/format-count.ts';
import { formatPercent } from '../format/format-percent.ts';
import { formatProbability } from '../format/format-probability.ts';
import { missing } from '../input/input-error.ts';
import {
  adviceSentence,
  keptPhrase,
  parseRingSkillAdviceRequest,
  type RingSkillAction,
  type RingSkillAdvice,
  ringSkillAdvice,
  type WaveAdvice,
} from '../systems/ring-skill/advise.ts';
import { RING_FACES, SKILL_FACES } from '../systems/ring-skill/faces.ts';
import { LATER_WAVES_TITLE, laterWaveGroups } from '../systems/ring-skill/later-waves.ts';
import { faceListFlag } from './flags.ts';
import { rankedTable } from './outcome-table.ts';
import { checkOptions, FLAGS, specFromFlags } from './ring-skill.ts';
import { adviceReader, printSpecResults } from './spec-file.ts';
import type { ProseLayout } from './terminal-prose.ts';

/** The faces' fields and the flags that set them, for messages about flags. */
const SHOWN_FLAGS = { ring: '--ring-faces', skill: '--skill-faces' };

const FACE_HELP = `
Faces, as the rules page numbers them (docs/rules-other-systems.md):
  Ring d6:   1 blank, 2 opportunity + strife, 3 opportunity, 4 success + strife, 5 success,
             6 explosive success + strife
  Skill d12: 1-2 blank, 3-5 opportunity, 6-7 success, 8-9 success + strife,
             10 success + opportunity, 11 explosive success, 12 explosive success + strife
Give the faces after any rerolls. --spec FILE takes { "check": <as odds --spec>, "ring": [faces],
"skill": [faces] } ("skill" left out for skill 0), or an array of them; --json prints { best,
actions: [{ keep: { ring, skill } (0-based dice), expectedUtility, … }], explosionWave, laterWaves:
[{ wave, successes, dice: { ring, skill }, outcomes }] (every later wave the same play reaches) }
per object.`;

/**
 * `dicelab ring-skill advise --ring R --skill S --tn T --ring-faces 5,6 --skill-faces 11 [--json]`
 * and `dicelab ring-skill advise --spec FILE --json`: which dice to keep from the roll in front
 * of the player, every distinct keep ranked by the solver `odds` uses.
 */
export function registerRingSkillAdvise(system: Command) {
  const advise = checkOptions(
    system
      .command('advise')
      .description('which dice to keep after the roll: every keep ranked exactly, best first')
      .option(
        '--ring-faces <list>',
        "each Ring die's face, 1 to 6, e.g. 5,6,1",
        faceListFlag('Ring faces from 1 to 6, comma-separated, e.g. 5,6,1', true),
      )
      .option(
        '--skill-faces <list>',
        "each Skill die's face, 1 to 12, e.g. 11,3",
        faceListFlag('Skill faces from 1 to 12, comma-separated, e.g. 11,3', true),
      ),
  ).addHelpText('after', FACE_HELP);
  advise.action(async (options) => {
    const read = adviceReader(parseRingSkillAdviceRequest, FLAGS, SHOWN_FLAGS, () => ({
      check: specFromFlags(options),
      shown: {
        ring: facesGiven('ring', options.ringFaces, options.ring),
        skill: facesGiven('skill', options.skillFaces, options.skill),
      },
    }));
    await printSpecResults(
      options,
      read,
      (r) => ringSkillAdvice(r),
      (advice, _, prose) => adviceText(advice, prose),
    );
  });
  return system;
}

/** Faces a missing flag's message shows as an example, the first one per die ("such as 5,6"). */
const EXAMPLE_FACES = { ring: [5, 6, 1, 3, 2], skill: [11, 3, 7, 12, 1] };

/**
 * A kind's faces as its flag gives them; none when it has no dice (or its count is itself
 * missing, which the check says).
 * @throws InputError when the flag is missing for dice there are.
 */
function facesGiven(
  kind: 'ring' | 'skill',
  given: number[] | undefined,
  dice: number | undefined,
): number[] {
  if (given !== undefined || dice === undefined || dice === 0) return given ?? [];
  const [name, sides] =
    kind === 'ring' ? ['Ring', RING_FACES.length] : ['Skill', SKILL_FACES.length];
  const faces = EXAMPLE_FACES[kind];
  const example = Array.from({ length: dice }, (_, i) => faces[i % faces.length]).join(',');
  throw missing(
    SHOWN_FLAGS[kind],
    `${countOf(dice, `${name} face`)} from 1 to ${sides}, one per die of --${kind} ${dice}, such as ${example}`,
  );
}

function diceText(a: RingSkillAction, advice: RingSkillAdvice): string {
  const ring = a.keep.ring.map((i) => `R${i + 1}=${advice.ring[i]}`);
  const skill = a.keep.skill.map((i) => `S${i + 1}=${advice.skill[i]}`);
  return [...ring, ...skill].join(' ');
}

function adviceText(advice: RingSkillAdvice, prose: ProseLayout): string {
  const c = advice.check;
  const shown = [
    ...advice.ring.map((f, i) => `R${i + 1}=${f}`),
    ...advice.skill.map((f, i) => `S${i + 1}=${f}`),
  ].join(' ');
  const lines = [
    ...prose([
      `ring ${c.ring}, skill ${c.skill}, TN ${c.tn}, explosions to depth ${c.explodeDepth}, keeping for ${c.objective}; shown: ${shown}`,
      adviceSentence(advice),
    ]),
    '',
    ...prose([`Every keep (${advice.actions.length}), best first:`]),
    rankedTable(
      [
        { key: 'dice', header: 'keep' },
        { key: 'kinds', header: 'showing' },
        {
          key: 'value',
          header: c.objective === 'succeed-then-least-strife' ? 'P(success)' : 'value',
        },
        { key: 'strife', header: 'strife' },
        { key: 'explodes', header: 'explosions' },
      ],
      advice.actions.map((a) => ({
        dice: diceText(a, advice),
        kinds: a.kept.join(', '),
        value:
          c.objective === 'succeed-then-least-strife'
            ? formatPercent(a.pSuccess, 2)
            : formatProbability(a.expectedUtility),
        strife: a.expectedStrife.toFixed(3),
        explodes: a.explosions.ring + a.explosions.skill,
      })),
    ),
  ];
  const wave = advice.explosionWave;
  if (wave.length > 0) {
    const { ring, skill } = advice.best.explosions;
    const dice = [
      ring ? countOf(ring, 'Ring die', 'Ring dice') : '',
      skill ? countOf(skill, 'Skill die', 'Skill dice') : '',
    ].filter(Boolean);
    lines.push(
      '',
      ...prose([
        `Then roll ${dice.join(' and ')} for the explosion${ring + skill === 1 ? '' : 's'} and keep, as ${ring + skill === 1 ? 'it lands' : 'they land'}:`,
      ]),
      ...prose(wave.map(waveLine)),
    );
    lines.push(...prose(laterWavesText(advice)));
  }
  return lines.join('\n');
}

/** One outcome of a wave and what to keep from it, as a line. */
function waveLine(w: WaveAdvice): string {
  return `  ${w.rolled.join(', ')} (${formatPercent(w.probability, 1)}): ${w.keep.length ? `keep ${keptPhrase(w.keep)}` : 'keep none'}`;
}

/**
 * Every later wave the solver's play reaches, a situation played alike in several waves shown
 * once ("waves 2 to 10").
 */
function laterWavesText(advice: RingSkillAdvice): string[] {
  const groups = laterWaveGroups(advice);
  if (groups.length === 0) return [];
  return [
    '',
    `${LATER_WAVES_TITLE}:`,
    ...groups.flatMap(({ heading, wave }) => [`${heading}:`, ...wave.outcomes.map(waveLine)]),
  ];
}
