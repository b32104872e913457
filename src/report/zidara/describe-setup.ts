import { PLAY_DEFAULTS } from '../../systems/zidara/engine/roll-play.ts';
import { RULE_OPTIONS, RULE_VARIANT_NAMES } from '../../systems/zidara/roll/rule-options.ts';
import { ROLL_DEFAULTS } from '../../systems/zidara/roll/spec.ts';
import type { RollSetup } from '../../systems/zidara/roll/split-roll.ts';

/**
 * A roll setup in a few words, for chart subtitles and report intros: Aura, Resolve, the
 * archetype's options and the play; options left at their defaults that go without saying
 * (no explosion, gains usable at once, resources worth nothing) are not mentioned.
 * @example describeSetup({}) // "Aura 5 of 5 · no Resolve · one +2 a roll · ties bought with Aura · optimal play"
 * @example describeSetup({ auraMax: 0 }) // "no Aura · no Resolve · no +2 (no Aura to pay for it) · ties lost (no Aura to buy them) · optimal play"
 */
export function describeSetup(setup: RollSetup): string {
  const auraMax = setup.auraMax ?? ROLL_DEFAULTS.auraMax;
  const aura = setup.aura ?? auraMax;
  const resolve = setup.resolve ?? ROLL_DEFAULTS.resolve;
  const boosts = setup.boostsPerRoll ?? ROLL_DEFAULTS.boostsPerRoll;
  // With no Aura to spend, the archetype's +2 and bought ties cannot happen: say so.
  const held = auraMax > 0;
  const parts = [
    held ? `Aura ${aura} of ${auraMax}` : 'no Aura',
    resolve === 0 ? 'no Resolve' : `${resolve} Resolve`,
    boosts === 0
      ? 'no +2'
      : !held
        ? 'no +2 (no Aura to pay for it)'
        : boosts === 1
          ? 'one +2 a roll'
          : `${boosts} +2s a roll`,
    !(setup.tieBreak ?? ROLL_DEFAULTS.tieBreak)
      ? 'ties not bought (defending)'
      : setup.tiesGoTo === 'roller'
        ? '' // the rule variant's own words say where ties go
        : held
          ? 'ties bought with Aura'
          : 'ties lost (no Aura to buy them)',
  ];
  if (setup.explode)
    parts.push(`exploding (depth ${setup.explodeDepth ?? ROLL_DEFAULTS.explodeDepth})`);
  if (setup.auraGainUsableSameRoll === false) parts.push("top faces' Aura arrives after the roll");
  if (setup.auraValue) parts.push(`Aura worth ${setup.auraValue}`);
  if (setup.resolveValue) parts.push(`Resolve worth ${setup.resolveValue}`);
  // Rule variants, in their own words, when they are not the rules page's.
  for (const name of RULE_VARIANT_NAMES) {
    const value = setup[name];
    const { variant, default: rule } = RULE_OPTIONS[name];
    if (value !== undefined && value !== rule) parts.push(variant.words(value as never));
  }
  const policy = setup.policy ?? PLAY_DEFAULTS.policy;
  const rerolls = setup.rerolls ?? PLAY_DEFAULTS.rerolls;
  parts.push(
    policy !== 'optimal'
      ? `${policy} policy`
      : rerolls === 'any'
        ? 'optimal play'
        : `optimal play, rerolling ${rerolls === 'one' ? 'one die' : 'all dice'} only`,
  );
  return parts.filter(Boolean).join(' · ');
}
