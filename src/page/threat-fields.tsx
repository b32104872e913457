import { NumberField } from './number-field.tsx';
import { PAGE_FIELDS } from './page-field-labels.ts';
import { PAGE_LIMITS, type PageState } from './page-state.ts';

/** Props of {@link ThreatFields}. */
export interface ThreatFieldsProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
  /** The most tags the view allows (a fight's limit is lower than a split's). */
  readonly maxTags?: number;
  /** Leave out the tags (Mid-roll advice: the split is already chosen). */
  readonly withoutTags?: boolean;
}

/** The threat: its Challenge (and the die it rolls) and its tags. */
export function ThreatFields({
  state,
  update,
  maxTags = PAGE_LIMITS.tags,
  withoutTags,
}: ThreatFieldsProps) {
  return (
    <div class="field-row">
      <NumberField
        id="vs"
        label={PAGE_FIELDS.vs}
        hint={`Rolls d${2 * state.vs}`}
        value={state.vs}
        min={1}
        max={PAGE_LIMITS.vs}
        onChange={(vs) => update({ vs })}
      />
      {withoutTags ? null : (
        // Tags past this view's bound (Best split's 12 in a fight of at most 10) are shown as
        // the question asks them, marked, never as a number it does not ask.
        <NumberField
          id="tags"
          label={PAGE_FIELDS.tags}
          hint={state.tags === 1 ? 'One intent' : `1 to ${state.tags} intents`}
          value={state.tags}
          min={1}
          max={maxTags}
          onChange={(tags) => update({ tags })}
        />
      )}
    </div>
  );
}
