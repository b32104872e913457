import { NumberField } from './number-field.tsx';
import { PAGE_DEFAULTS, PAGE_LIMITS, type PageState } from './page-state.ts';
import { ToggleField } from './toggle-field.tsx';
import { ValueField } from './value-field.tsx';

/** Props of {@link CharacterFields}. */
export interface CharacterFieldsProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
  /** Which Resolve the view asks: held now (a roll), or the Titles a fight starts with. */
  readonly resolve: 'resolve' | 'titles';
  /** The Aura field's label ("Aura now", "Aura left", "Aura at the start"). */
  readonly auraLabel: string;
  /** The Resolve field's label. */
  readonly resolveLabel: string;
}

/**
 * The character: Aura and its cap, Resolve, and under "Archetype and rules" the +2s a roll,
 * Warrior, defending, late Aura and what Aura and Resolve left are worth. Bounds and defaults
 * are the library's.
 */
export function CharacterFields(props: CharacterFieldsProps) {
  const { state, update, resolve, auraLabel, resolveLabel } = props;
  const aura = state.aura ?? state.auraMax;
  const changed = [
    state.boosts !== PAGE_DEFAULTS.boosts ? `${state.boosts} +2s` : '',
    state.explode ? 'Warrior' : '',
    state.defending ? 'defending' : '',
    state.lateAura ? 'late Aura' : '',
    state.auraValue || state.resolveValue ? 'valued leftovers' : '',
  ].filter(Boolean);
  return (
    <>
      <div class="field-row">
        <NumberField
          id="aura"
          label={auraLabel}
          hint={aura === state.auraMax ? 'Full' : `Cap ${state.auraMax}`}
          value={aura}
          min={0}
          max={state.auraMax}
          onChange={(value) => update({ aura: value })}
        />
        <AuraCapField state={state} update={update} />
        <NumberField
          id={resolve}
          label={resolveLabel}
          hint="Each buys a reroll"
          value={state[resolve]}
          min={0}
          max={PAGE_LIMITS[resolve]}
          onChange={(value) => update({ [resolve]: value })}
        />
      </div>
      <details class="more-rules">
        <summary>
          Archetype and rules
          <span class="summary-note">
            {changed.length ? changed.join(', ') : "the rules page's defaults"}
          </span>
        </summary>
        <div class="field-row">
          <NumberField
            id="boosts"
            label="+2s a roll"
            hint="0: an archetype without the +2"
            value={state.boosts}
            min={0}
            max={PAGE_LIMITS.boosts}
            onChange={(boosts) => update({ boosts })}
          />
        </div>
        <ToggleField
          id="explode"
          label="Warrior: a top face rolls again and adds"
          checked={state.explode}
          onChange={(explode) => update({ explode })}
        />
        <ToggleField
          id="defending"
          label="Defending: ties cannot be bought"
          checked={state.defending}
          onChange={(defending) => update({ defending })}
        />
        <ToggleField
          id="late-aura"
          label="Late Aura: a top face's Aura comes after the roll"
          checked={state.lateAura}
          onChange={(lateAura) => update({ lateAura })}
        />
        <div class="field-row">
          <ValueField
            id="aura-value"
            label="Worth of Aura left"
            hint="In intents, each"
            value={state.auraValue}
            onChange={(auraValue) => update({ auraValue })}
          />
          <ValueField
            id="resolve-value"
            label="Worth of Resolve left"
            hint="In intents, each"
            value={state.resolveValue}
            onChange={(resolveValue) => update({ resolveValue })}
          />
        </div>
      </details>
    </>
  );
}

/** The Aura cap: lowering it below the Aura held brings the Aura down with it. */
export function AuraCapField(props: {
  state: PageState;
  update: (patch: Partial<PageState>) => void;
  hint?: string;
}) {
  const { state, update, hint } = props;
  return (
    <NumberField
      id="aura-max"
      label="Aura cap"
      {...(hint ? { hint } : {})}
      value={state.auraMax}
      min={0}
      max={PAGE_LIMITS.auraMax}
      onChange={(auraMax) =>
        update({
          auraMax,
          ...(state.aura !== undefined && state.aura > auraMax ? { aura: auraMax } : {}),
        })
      }
    />
  );
}
