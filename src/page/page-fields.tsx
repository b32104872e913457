import { RULE_OPTIONS, RULE_VARIANT_NAMES } from '../systems/zidara/roll/rule-options.ts';
import { NumberField } from './number-field.tsx';
import { QUESTION_FIELD_KEYS, type QuestionFieldKey } from './page-questions.ts';
import { PAGE_LIMITS } from './page-state.ts';
import { ToggleField } from './toggle-field.tsx';
import type { ViewProps } from './view-props.ts';

/**
 * The labels of the page's fields, by the key of the page's state each sets, declared once: the
 * fields show them, and the engine's refusals name their fields by them. The input's id (the
 * tests' handle) of a {@link PageCountField} or {@link PageSwitch} is the key in kebab case
 * (`max-rounds`). A view that asks a field otherwise gives its own label ({@link FieldLabels}).
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

/** The input id of a key's field: `maxRounds` → `max-rounds`. */
function fieldId(name: keyof typeof PAGE_FIELDS): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** A whole number of the page's state with its field of {@link PAGE_FIELDS}. */
export type PageCount =
  | 'boosts'
  | 'resolve'
  | 'titles'
  | 'maxRounds'
  | 'ring'
  | 'skill'
  | 'tn'
  | 'explodeDepth'
  | 'rerolls';

/** A switch of the page's state with its field of {@link PAGE_FIELDS}. */
export type PageSwitchKey = 'explode' | 'defending' | 'lateAura';

/** The {@link NumberField} of a whole number of the page's state: from `min` (0) to its `PAGE_LIMITS`. */
export function PageCountField(
  props: {
    name: PageCount;
    label?: string;
    hint: string;
    min?: number;
    /** What a new value changes (default: that number alone). */
    onChange?: (value: number) => void;
  } & ViewProps,
) {
  const { name, label = PAGE_FIELDS[name], hint, min = 0, state, update } = props;
  const onChange = props.onChange ?? ((value: number) => update({ [name]: value }));
  return (
    <NumberField
      id={fieldId(name)}
      label={label}
      hint={hint}
      value={state[name]}
      min={min}
      max={PAGE_LIMITS[name]}
      onChange={onChange}
    />
  );
}

/** The {@link ToggleField} of a switch of the page's state: each turn is a step of the history. */
export function PageSwitch(props: { name: PageSwitchKey; hint?: string } & ViewProps) {
  const { name, hint, state, update } = props;
  return (
    <ToggleField
      id={fieldId(name)}
      label={PAGE_FIELDS[name]}
      {...(hint ? { hint } : {})}
      checked={state[name]}
      onChange={(on) => update({ [name]: on }, 'step')}
    />
  );
}
