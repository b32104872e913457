import { InputError } from '../input/input-error.ts';
import { RULE_OPTIONS, RULE_VARIANT_NAMES } from '../systems/zidara/roll/rule-options.ts';
import { QUESTION_FIELD_KEYS, type QuestionFieldKey } from './page-questions.ts';

/**
 * The labels of the page's fields, by the key of the page's state each sets, declared once: the
 * fields show them, and the engine's refusals name their fields by them. The input's id (the
 * tests' handle) of a `PageCountField` or `PageSwitch` (page-fields.tsx) is the key in kebab case
 * (`max-rounds`). A view that asks a field otherwise gives its own label ({@link FieldLabels}).
 * A plain module: the engine's worker names fields by them too, without the page's components.
 */
export const PAGE_FIELDS = {
  steps: 'Steps',
  actions: 'Actions',
  pool: 'Pool',
  vs: 'Challenge',
  tags: 'Tags',
  objective: 'Rank by',
  aura: 'Aura now',
  auraMax: 'Aura cap',
  boosts: '+2s a roll',
  resolve: 'Resolve',
  titles: 'Resolve (Titles)',
  maxRounds: 'Rounds',
  fightPolicy: 'Play for',
  split: 'The split rolled',
  auraPending: 'Top faces so far',
  vs2: "Threat B's Challenge",
  ring: 'Ring',
  skill: 'Skill',
  tn: 'TN',
  explodeDepth: 'Explosion waves',
  rerolls: 'Rerolls',
  keepFor: 'Keep for',
  explode: 'Warrior: a top face rolls again and adds',
  defending: 'Defending: ties cannot be bought',
  lateAura: "Late Aura: a top face's Aura comes after the roll",
  auraValue: 'Worth of Aura left',
  resolveValue: 'Worth of Resolve left',
  // The rule variants' fields are labelled in their declarations.
  ...(Object.fromEntries(
    RULE_VARIANT_NAMES.map((name) => [name, RULE_OPTIONS[name].variant.label]),
  ) as Record<(typeof RULE_VARIANT_NAMES)[number], string>),
} as const;

/** A view's own labels for fields it asks otherwise (a fight's Aura is the one it starts with). */
export type FieldLabels = Partial<Record<keyof typeof PAGE_FIELDS, string>>;

/**
 * The label of the page field that holds a Zi'Dara question's field, named as the engine names
 * it (`maxRounds`, `roll.boostsPerRoll`), in a view with `labels` of its own; undefined for a
 * field no page field holds.
 * @example questionFieldLabel('maxRounds') // "Rounds"
 */
export function questionFieldLabel(field: string, labels: FieldLabels = {}): string | undefined {
  const name = field.replace(/^roll\./, '');
  if (!Object.hasOwn(QUESTION_FIELD_KEYS, name)) return undefined;
  const key: QuestionFieldKey = QUESTION_FIELD_KEYS[name as keyof typeof QUESTION_FIELD_KEYS];
  return labels[key] ?? PAGE_FIELDS[key];
}

/**
 * The engine's refusal with the fields its advice names besides its own named by the page's
 * labels ("allow fewer or smaller +2s a roll (+2s a roll, What the archetype's +2 adds)", not
 * "(boostsPerRoll, boostSize)"): what the worker throws, since only a message reaches the page
 * (its `naming` cannot cross to it). Its own field stays the engine's, for the view to label
 * with its own words; any other error as it is.
 */
export function inPageFields(error: unknown): unknown {
  if (!(error instanceof InputError) || error.naming === undefined) return error;
  const message = error.naming((field) => questionFieldLabel(field) ?? field);
  return new InputError(message, error.field, { allowed: error.allowed });
}
