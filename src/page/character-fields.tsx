import { NumberField } from './number-field.tsx';
import { type FieldLabels, PAGE_FIELDS } from './page-field-labels.ts';
import { PageCountField, PageSwitch, type PageSwitchKey } from './page-fields.tsx';
import { PAGE_DEFAULTS, PAGE_LIMITS, type PageState } from './page-state.ts';
import { ValueField } from './value-field.tsx';

/** The character's switches, in the order the fields show them. */
const CHARACTER_SWITCHES: readonly PageSwitchKey[] = ['explode', 'defending', 'lateAura'];

/** What Aura and Resolve left at the end are worth to the play: their fields. */
const LEFTOVER_WORTHS = [
  { name: 'auraValue', id: 'aura-value' },
  { name: 'resolveValue', id: 'resolve-value' },
] as const;

/** Props of {@link CharacterFields}. */
export interface CharacterFieldsProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
  /** Which Resolve the view asks: held now (a roll), or the Titles a fight starts with. */
  readonly resolve: 'resolve' | 'titles';
  /** The view's own labels of the Aura and Resolve fields (a fight's Aura is at its start). */
  readonly labels?: FieldLabels;
}

/**
 * The character: Aura and its cap, Resolve, and under "Archetype and rules" the +2s a roll,
 * Warrior, defending, late Aura and what Aura and Resolve left are worth. Bounds and defaults
 * are the library's.
 */
export function CharacterFields(props: CharacterFieldsProps) {
  const { state, update, resolve, labels = {} } = props;
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
          label={labels.aura ?? PAGE_FIELDS.aura}
          hint={aura === state.auraMax ? 'Full' : `Cap ${state.auraMax}`}
          value={aura}
          min={0}
          max={state.auraMax}
          onChange={(value) => update({ aura: value })}
        />
        <AuraCapField state={state} update={update} />
        <PageCountField
          name={resolve}
          label={labels[resolve] ?? PAGE_FIELDS[resolve]}
          hint="Each buys a reroll"
          state={state}
          update={update}
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
          <PageCountField
            name="boosts"
            hint="0: an archetype without the +2"
            state={state}
            update={update}
          />
        </div>
        {CHARACTER_SWITCHES.map((name) => (
          <PageSwitch key={name} name={name} state={state} update={update} />
        ))}
        <div class="field-row">
          {LEFTOVER_WORTHS.map(({ name, id }) => (
            <ValueField
              key={id}
              id={id}
              label={PAGE_FIELDS[name]}
              hint="In intents, each"
              value={state[name]}
              max={PAGE_LIMITS.worth}
              onChange={(value) => update({ [name]: value })}
            />
          ))}
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
      label={PAGE_FIELDS.auraMax}
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
