import { Fragment } from 'preact';

/**
 * A split in the notation, broken only between intents. Each intent is a box of its own with
 * the "|" after it held to it (a no-break space), so a narrow column never leaves "d8+" / "d2 |
 * d6" nor a "|" at the start of a line; only an intent wider than the whole column wraps inside
 * its box, before a "+" (a stack of twelve dice, a word that would run over the figures beside it).
 */
export function SplitName({ split }: { readonly split: string }) {
  const intents = split.split(' | ');
  return (
    <>
      {intents.map((intent, i) => (
        <Fragment key={i}>
          {i > 0 ? ' ' : null}
          <span class="intent">
            {intent.split('+').map((die, j) => (
              <Fragment key={j}>
                {j > 0 ? (
                  <>
                    <wbr />+
                  </>
                ) : null}
                {die}
              </Fragment>
            ))}
            {i < intents.length - 1 ? '\u00a0|' : null}
          </span>
        </Fragment>
      ))}
    </>
  );
}
