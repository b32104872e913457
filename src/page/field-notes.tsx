/**
 * The ids a field's input is described by: its hint's and, while its text is not taken or the
 * engine refuses its value, its error's (undefined when there are none, so no empty attribute
 * is written).
 */
export function describedBy(id: string, hint: string | undefined, valid: boolean) {
  const ids = [hint ? `${id}-hint` : '', valid ? '' : `${id}-error`].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * Under a field: its hint, and while its text is not taken, what is allowed (an alert); else
 * the engine's refusal of its value, if any (not an alert: the status line announces it).
 */
export function FieldNotes(props: {
  id: string;
  hint?: string | undefined;
  error?: string | undefined;
  refusal?: string | undefined;
}) {
  const { id, hint, error, refusal } = props;
  return (
    <>
      {hint ? (
        <small id={`${id}-hint`} class="hint">
          {hint}
        </small>
      ) : null}
      {error ? (
        <small id={`${id}-error`} class="field-error" role="alert">
          {error}
        </small>
      ) : refusal ? (
        <small id={`${id}-error`} class="field-error">
          {refusal}
        </small>
      ) : null}
    </>
  );
}
