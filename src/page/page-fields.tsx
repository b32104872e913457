import { NumberField } from './number-field.tsx';
import { PAGE_FIELDS } from './page-field-labels.ts';
import { PAGE_LIMITS } from './page-state.ts';
import { ToggleField } from './toggle-field.tsx';
import type { ViewProps } from './view-props.ts';

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
