import { NumberField } from './number-field.tsx';
import { PAGE_LIMITS } from './page-state.ts';
import { ToggleField } from './toggle-field.tsx';
import type { ViewProps } from './view-props.ts';

/**
 * The fields several views show for the same key of the page's state: the input's id (the
 * tests' handle) and its label, declared once.
 */
export const PAGE_FIELDS = {
  boosts: { id: 'boosts', label: '+2s a roll' },
  resolve: { id: 'resolve', label: 'Resolve' },
  titles: { id: 'titles', label: 'Resolve (Titles)' },
  maxRounds: { id: 'max-rounds', label: 'Rounds' },
  ring: { id: 'ring', label: 'Ring' },
  skill: { id: 'skill', label: 'Skill' },
  tn: { id: 'tn', label: 'TN' },
  explodeDepth: { id: 'explode-depth', label: 'Explosion waves' },
  rerolls: { id: 'rerolls', label: 'Rerolls' },
  explode: { id: 'explode', label: 'Warrior: a top face rolls again and adds' },
  defending: { id: 'defending', label: 'Defending: ties cannot be bought' },
  lateAura: { id: 'late-aura', label: "Late Aura: a top face's Aura comes after the roll" },
} as const;

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
  const { name, label = PAGE_FIELDS[name].label, hint, min = 0, state, update } = props;
  const onChange = props.onChange ?? ((value: number) => update({ [name]: value }));
  return (
    <NumberField
      id={PAGE_FIELDS[name].id}
      label={label}
      hint={hint}
      value={state[name]}
      min={min}
      max={PAGE_LIMITS[name]}
      onChange={onChange}
    />
  );
}

/** The {@link ToggleField} of a switch of the page's state. */
export function PageSwitch(props: { name: PageSwitchKey; hint?: string } & ViewProps) {
  const { name, hint, state, update } = props;
  return (
    <ToggleField
      id={PAGE_FIELDS[name].id}
      label={PAGE_FIELDS[name].label}
      {...(hint ? { hint } : {})}
      checked={state[name]}
      onChange={(on) => update({ [name]: on })}
    />
  );
}
