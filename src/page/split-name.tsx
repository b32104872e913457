import { Fragment } from 'preact';

/**
 * A split in the notation, allowed to wrap after each "+" (a long stack such as
 * d4+d2+d2+d2+d2 would otherwise widen a phone's table past its screen).
 */
export function SplitName({ split }: { readonly split: string }) {
  const parts = split.split('+');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? (
            <>
              +<wbr />
            </>
          ) : null}
        </Fragment>
      ))}
    </>
  );
}
