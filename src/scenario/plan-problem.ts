import { InputError, invalid } from '../input/input-error.ts';
import { FIGHT_DEFAULTS } from '../systems/zidara/fight/fight.ts';
import {
  RULE_OPTION_NAMES,
  type RuleOptionName,
  ruleOption,
  unreadOption,
} from '../systems/zidara/roll/rule-options.ts';
import { checkAura, ROLL_DEFAULTS } from '../systems/zidara/roll/spec.ts';

// Apart from planning: the page checks the characters it imports with these alone, without the
// analyses that planning a scenario reaches.

/** A problem of meaning (a missing reference, an impossible setup) at a path of the file. */
export interface PlanProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * The problems of a character's own fields (a raw value, checked even when the schema rejected
 * some of it): Aura above its cap, more Resolve than Titles.
 */
export function characterProblems(name: string, value: unknown): PlanProblem[] {
  if (!value || typeof value !== 'object') return [];
  const c = value as Record<string, unknown>;
  const problems: PlanProblem[] = [];
  const max = typeof c.auraMax === 'number' ? c.auraMax : ROLL_DEFAULTS.auraMax;
  if (typeof c.aura === 'number' && Number.isInteger(c.aura) && c.aura > max)
    problems.push(...attempted(() => checkAura(c.aura, max, `characters.${name}.aura`)));
  const titles = c.titles ?? FIGHT_DEFAULTS.titles;
  const count =
    typeof titles === 'number' ? titles : Array.isArray(titles) ? titles.length : undefined;
  if (typeof c.resolve === 'number' && count !== undefined)
    problems.push(
      ...attempted(() =>
        checkResolveHeld(c.resolve as number, count, `characters.${name}.resolve`),
      ),
    );
  const unread = unreadCharacterOption(name, value);
  if (unread) problems.push(unread);
  return problems;
}

/**
 * Resolve a character holds (its own, an expectation's, a rerolls analysis' level) against its
 * Titles. @throws InputError at `field` for more Resolve than Titles.
 */
export function checkResolveHeld(resolve: number, titles: number, field: string): void {
  if (resolve > titles)
    throw invalid(
      field,
      resolve,
      `at most the Titles (${titles}): nobody holds more Resolve than Titles`,
    );
}

/**
 * A rule option a character sets that is read only with another it does not set (an
 * archetype's explodeDepth without explode), at the option's field; see `RULE_OPTIONS`' `onlyWith`.
 */
export function unreadCharacterOption(name: string, value: unknown): PlanProblem | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const c = value as Record<string, unknown>;
  const archetype = (c.archetype && typeof c.archetype === 'object' ? c.archetype : {}) as Record<
    string,
    unknown
  >;
  const at = (field: RuleOptionName) =>
    ruleOption(field).scenario === 'archetype' ? `archetype.${field}` : field;
  const held = Object.fromEntries(
    RULE_OPTION_NAMES.map((field) => [
      field,
      ruleOption(field).scenario === 'archetype' ? archetype[field] : c[field],
    ]),
  );
  // A field the file holds is written, its default too: read alone, it would change nothing.
  const unread = unreadOption(held, (field) => held[field] !== undefined);
  if (!unread) return undefined;
  return invalidProblem(
    `characters.${name}.${at(unread.field)}`,
    held[unread.field],
    `it only with ${at(unread.other as RuleOptionName)} ${String(unread.otherValue)} (${unread.because})`,
  );
}

/** The problem `check` throws, if any. */
export function attempted(check: () => unknown): PlanProblem[] {
  try {
    check();
    return [];
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return [{ field: error.field ?? '', message: error.message }];
  }
}

export function invalidProblem(field: string, value: unknown, allowed: string): PlanProblem {
  const error = invalid(field, value, allowed);
  return { field, message: error.message };
}
