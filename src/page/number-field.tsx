import { integerText } from '../input/integer-text.ts';
import { FieldNotes } from './field-notes.tsx';
import { useTypedNumber } from './use-typed-number.ts';

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  /** A short line under the field (what the number means, its die…). */
  readonly hint?: string;
  /** Undefined: not given yet (the field is empty; + gives `min`). */
  readonly value: number | undefined;
  readonly min: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
}

/**
 * An integer input with − and + buttons big enough for a thumb. Typed text is taken when it is
 * an integer in [min, max]; otherwise the field says what is allowed and keeps the last good
 * value. The buttons and the input are labelled for screen readers.
 */
export function NumberField(props: NumberFieldProps) {
  const { id, label, hint, value, min, max, onChange } = props;
  const inRange = (text: string) =>
    /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
  const { valid, refusal, input } = useTypedNumber({
    id,
    label,
    hint,
    value,
    accepts: inRange,
    onChange,
  });
  const atMin = value === undefined || value <= min;
  const atMax = value !== undefined && value >= max;
  // A button at its limit is aria-disabled, not disabled: a disabled button drops the keyboard's
  // focus onto the body (WCAG 2.4.3), so it stays focusable and a press does nothing.
  const step = (delta: number, atLimit: boolean) => {
    if (atLimit) return;
    onChange(value === undefined ? min : Math.min(max, Math.max(min, value + delta)));
  };
  return (
    <div class="field number-field">
      <label for={id}>{label}</label>
      <div class="stepper">
        <button
          type="button"
          class="step"
          aria-label={`${label}: one less`}
          aria-disabled={atMin}
          onClick={() => step(-1, atMin)}
        >
          −
        </button>
        <input type="number" inputMode="numeric" min={min} max={max} step={1} {...input} />
        <button
          type="button"
          class="step"
          aria-label={`${label}: one more`}
          aria-disabled={atMax}
          onClick={() => step(1, atMax)}
        >
          +
        </button>
      </div>
      <FieldNotes
        id={id}
        hint={hint}
        error={valid ? undefined : sentence(integerText(min, max))}
        refusal={refusal}
      />
    </div>
  );
}

/** A note under a field is a sentence: the CLI's words ("an integer from 1 to 50") capitalised. */
function sentence(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
