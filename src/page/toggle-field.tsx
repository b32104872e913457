import { describedBy, FieldNotes } from './field-notes.tsx';

/** Props of {@link ToggleField}. */
export interface ToggleFieldProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
}

/** A labelled on/off switch (a checkbox underneath, so keyboards and screen readers know it). */
export function ToggleField({ id, label, hint, checked, onChange }: ToggleFieldProps) {
  return (
    <div class="field toggle-field">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-checked={checked}
        aria-describedby={describedBy(id, hint, true)}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      <FieldNotes id={id} hint={hint} />
    </div>
  );
}
