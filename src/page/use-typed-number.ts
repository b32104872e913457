import { useEffect, useLayoutEffect, useState } from 'preact/hooks';
import { describedBy } from './field-notes.tsx';
import { refusedField, unfixedFields } from './page-store.ts';

/**
 * A number input's text, taken only when `accepts` it: until then the field keeps its last
 * good value and is marked invalid (described by its error); leaving the field shows that
 * value again. Undefined: not given yet (an empty field is valid). While the text is invalid the
 * field is among the page's {@link unfixedFields}, by its `label`. A field the engine's refusal
 * of the question names ({@link refusedField}, by its `label`) is marked invalid too, described
 * by the refusal's words. Returns whether the text is valid, the refusal's words and the
 * input's props.
 */
export function useTypedNumber(props: {
  readonly id: string;
  readonly label: string;
  readonly hint: string | undefined;
  readonly value: number | undefined;
  readonly accepts: (text: string) => boolean;
  readonly onChange: (value: number) => void;
}) {
  const { id, label, hint, value, accepts, onChange } = props;
  const shown = value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  // A value set elsewhere (+, Back, a link) shows in the render that brings it, before the next
  // key is read: an effect after the paint came late on keys typed with no pause between them,
  // and wrote the first key's value over the rest ("2.5" became "2", eight 9s seven).
  useLayoutEffect(() => setText(shown), [shown]);
  const valid = (value === undefined && text === '') || accepts(text);
  const refusal = refusedField.value?.label === label ? refusedField.value.words : undefined;
  useEffect(() => {
    if (valid) return;
    unfixedFields.value = new Map(unfixedFields.value).set(id, label);
    return () => {
      const rest = new Map(unfixedFields.value);
      rest.delete(id);
      unfixedFields.value = rest;
    };
  }, [valid, id, label]);
  return {
    valid,
    refusal,
    input: {
      id,
      value: text,
      'aria-invalid': !valid || refusal !== undefined,
      'aria-describedby': describedBy(id, hint, valid && refusal === undefined),
      onInput: (event: { readonly currentTarget: { readonly value: string } }) => {
        const typed = event.currentTarget.value;
        setText(typed);
        if (accepts(typed) && Number(typed) !== value) onChange(Number(typed));
      },
      onBlur: () => setText(shown),
    },
  };
}
