import { useEffect, useState } from 'preact/hooks';
import { describedBy, FieldNotes } from './field-notes.tsx';

/** Props of {@link ValueField}. */
export interface ValueFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly value: number;
  readonly onChange: (value: number) => void;
}

/** A number ≥ 0 with decimals (a worth in intents); text that is not one says so and is not taken. */
export function ValueField({ id, label, hint, value, onChange }: ValueFieldProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const number = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(number) && number >= 0;
  return (
    <div class="field value-field">
      <label for={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.1}
        value={text}
        aria-invalid={!valid}
        aria-describedby={describedBy(id, hint, valid)}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          const n = Number(typed);
          if (typed.trim() !== '' && Number.isFinite(n) && n >= 0 && n !== value) onChange(n);
        }}
        onBlur={() => setText(String(value))}
      />
      <FieldNotes id={id} hint={hint} error={valid ? undefined : 'A number of 0 or more'} />
    </div>
  );
}
