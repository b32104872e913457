import { FieldNotes } from './field-notes.tsx';
import { useTypedNumber } from './use-typed-number.ts';

/** Props of {@link ValueField}. */
export interface ValueFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly value: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
}

/**
 * A number from 0 to `max` with decimals (a worth in intents); text that is not one says so and
 * is not taken.
 */
export function ValueField({ id, label, hint, value, max, onChange }: ValueFieldProps) {
  const isWorth = (text: string) =>
    text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) >= 0 && Number(text) <= max;
  const { valid, refusal, input } = useTypedNumber({
    id,
    label,
    hint,
    value,
    accepts: isWorth,
    onChange,
  });
  return (
    <div class="field value-field">
      <label for={id}>{label}</label>
      <input type="number" inputMode="decimal" min={0} max={max} step={0.1} {...input} />
      <FieldNotes
        id={id}
        hint={hint}
        error={valid ? undefined : `A number from 0 to ${max}`}
        refusal={refusal}
      />
    </div>
  );
}
