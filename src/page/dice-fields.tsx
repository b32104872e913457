import { useLayoutEffect, useRef } from 'preact/hooks';
import { DIE_SIDES, stepsToDice } from '../systems/zidara/roll/pool.ts';
import { ChoiceField } from './choice-field.tsx';
import { NumberField } from './number-field.tsx';
import { PAGE_FIELDS } from './page-field-labels.ts';
import { PAGE_LIMITS, type PageState } from './page-state.ts';

/** Props of {@link DiceFields}: the state, how to change it, and the view's bounds (default: the page's). */
export interface DiceFieldsProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
  readonly limits?: { readonly steps: number; readonly actions: number; readonly poolDice: number };
}

/**
 * Where the dice come from: steps and actions (every legal pool is tried), or a set pool built
 * by tapping dice. Each die of the pool is a button that removes it.
 */
export function DiceFields({ state, update, limits = PAGE_LIMITS }: DiceFieldsProps) {
  const pool = state.pool;
  const chips = useRef<HTMLDivElement>(null);
  // The index of the die whose Remove the keyboard pressed: its button goes (or, keyed by
  // index, the last one does), and the focus with it (WCAG 2.4.3). Once the pool is drawn
  // again, the die now at that index takes the focus, or the last die when it was the last.
  const removed = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const at = removed.current;
    removed.current = undefined;
    const buttons = chips.current?.children;
    if (at === undefined || !buttons?.length) return;
    (buttons[Math.min(at, buttons.length - 1)] as HTMLElement).focus();
  }, [pool]);
  const full = pool !== undefined && pool.length >= limits.poolDice;
  return (
    <>
      <ChoiceField
        name="dice-from"
        legend="Dice"
        choices={[
          { value: 'steps', label: 'From steps' },
          { value: 'pool', label: 'A set pool' },
        ]}
        value={pool ? 'pool' : 'steps'}
        onChange={(from) =>
          update({
            pool: from === 'pool' ? stepsToDice(state.steps).slice(0, limits.poolDice) : undefined,
          })
        }
      />
      {pool ? (
        <fieldset class="field pool-field">
          <legend>{PAGE_FIELDS.pool}</legend>
          <div class="pool-dice" aria-live="polite" ref={chips}>
            {pool.map((sides, i) => (
              // At a limit a button is aria-disabled, not disabled: a disabled button drops the
              // keyboard's focus onto the body, so it stays focusable and a press does nothing.
              <button
                key={i}
                type="button"
                class="die-chip"
                aria-label={`Remove d${sides}`}
                aria-disabled={pool.length === 1}
                onClick={() => {
                  if (pool.length === 1) return;
                  if (chips.current?.contains(document.activeElement)) removed.current = i;
                  update({ pool: pool.filter((_, j) => j !== i) });
                }}
              >
                d{sides} <span aria-hidden="true">×</span>
              </button>
            ))}
          </div>
          <div class="pool-add">
            {DIE_SIDES.map((sides) => (
              <button
                key={sides}
                type="button"
                class="die-add"
                aria-label={`Add d${sides}`}
                aria-disabled={full}
                onClick={() => {
                  if (!full) update({ pool: [...pool, sides].sort((a, b) => b - a) });
                }}
              >
                +d{sides}
              </button>
            ))}
          </div>
          <small class="hint">Tap a die to remove it; at most {limits.poolDice} dice.</small>
        </fieldset>
      ) : (
        // Past this view's bounds (a fight's 36 steps, 4 actions) a number is shown as the
        // question asks it, marked, never as one it does not ask.
        <div class="field-row">
          <NumberField
            id="steps"
            label={PAGE_FIELDS.steps}
            hint={`Unsplit: ${stepsToDice(state.steps)
              .map((n) => `d${n}`)
              .join(' ')}`}
            value={state.steps}
            min={1}
            max={limits.steps}
            onChange={(steps) => update({ steps })}
          />
          <NumberField
            id="actions"
            label={PAGE_FIELDS.actions}
            hint="Each adds a die"
            value={state.actions}
            min={1}
            max={limits.actions}
            onChange={(actions) => update({ actions })}
          />
        </div>
      )}
    </>
  );
}
