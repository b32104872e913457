import { describedBy, FieldNotes } from './field-notes.tsx';

/** Props of {@link ChoiceField}. */
export interface ChoiceFieldProps<T extends string> {
  /** The radio group's name, and the prefix of its inputs' ids. */
  readonly name: string;
  readonly legend: string;
  readonly hint?: string;
  readonly choices: readonly { readonly value: T; readonly label: string }[];
  readonly value: T;
  readonly onChange: (value: T) => void;
}

/** A row of radio buttons drawn as one segmented control; arrow keys move between them. */
export function ChoiceField<T extends string>(props: ChoiceFieldProps<T>) {
  const { name, legend, hint, choices, value, onChange } = props;
  return (
    <fieldset class="field choice-field" aria-describedby={describedBy(name, hint, true)}>
      <legend>{legend}</legend>
      <div class="segments">
        {choices.map((choice) => (
          <label key={choice.value} class="segment">
            <input
              type="radio"
              name={name}
              id={`${name}-${choice.value}`}
              value={choice.value}
              checked={choice.value === value}
              onChange={() => onChange(choice.value)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      <FieldNotes id={name} hint={hint} />
    </fieldset>
  );
}
