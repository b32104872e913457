import { useEffect, useState } from 'preact/hooks';

/**
 * The text of a number input that takes what is typed only when `accepts` it: until then the
 * field keeps its last good value (and says the text is not valid); leaving the field shows
 * that value again. Undefined: not given yet (an empty field is valid).
 */
export function useTypedNumber(
  value: number | undefined,
  accepts: (text: string) => boolean,
  onChange: (value: number) => void,
) {
  const shown = value === undefined ? '' : String(value);
  const [text, setText] = useState(shown);
  useEffect(() => setText(shown), [shown]);
  return {
    text,
    valid: (value === undefined && text === '') || accepts(text),
    onInput: (event: { readonly currentTarget: { readonly value: string } }) => {
      const typed = event.currentTarget.value;
      setText(typed);
      if (accepts(typed) && Number(typed) !== value) onChange(Number(typed));
    },
    onBlur: () => setText(shown),
  };
}
