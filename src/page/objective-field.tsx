import { SPLIT_OBJECTIVES } from '../systems/zidara/analyses/splits.ts';
import { ChoiceField } from './choice-field.tsx';
import { PAGE_FIELDS } from './page-field-labels.ts';
import { OBJECTIVE_LABELS } from './splits-answer.ts';
import type { ViewProps } from './view-props.ts';

/** "Rank by": what Best split and What if rank the splits by. */
export function ObjectiveField({ state, update }: ViewProps) {
  return (
    <ChoiceField
      name="objective"
      legend={PAGE_FIELDS.objective}
      choices={SPLIT_OBJECTIVES.map((value) => ({ value, label: OBJECTIVE_LABELS[value].choice }))}
      value={state.objective}
      onChange={(objective) => update({ objective })}
    />
  );
}
