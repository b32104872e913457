import { proxy } from 'comlink';
import { useMemo } from 'preact/hooks';
import type { SplitObjective, SplitRow } from '../systems/zidara/analyses/splits.ts';
import type { WhatIfRow } from '../systems/zidara/analyses/what-if.ts';
import {
  RULE_OPTIONS,
  RULE_VARIANT_NAMES,
  type RuleVariantName,
  ruleOption,
} from '../systems/zidara/roll/rule-options.ts';
import { AuraCapField } from './character-fields.tsx';
import { ChoiceField } from './choice-field.tsx';
import { CommandLineDetails } from './command-line-details.tsx';
import { DiceFields } from './dice-fields.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { NumberField } from './number-field.tsx';
import { ObjectiveField } from './objective-field.tsx';
import { mergeRuleShares, type RulesShare } from './page-engine.ts';
import { type FieldLabels, questionFieldLabel } from './page-field-labels.ts';
import { PageCountField, PageSwitch } from './page-fields.tsx';
import {
  type WhatIfQuestion,
  whatIfCommand,
  whatIfQuestion,
  withDefaultRules,
} from './page-questions.ts';
import { PAGE_DEFAULTS, type PageState, writeFragment } from './page-state.ts';
import { askQuestion } from './page-store.ts';
import { ResultsSection, type ShownAnswer, shownAnswer } from './results-section.tsx';
import { SplitName } from './split-name.tsx';
import { formatScore, formatScoreChange, OBJECTIVE_LABELS } from './splits-answer.ts';
import { tooBigMessage } from './splits-view.tsx';
import { StatusLine } from './status-line.tsx';
import { ThreatFields } from './threat-fields.tsx';
import { ToggleField } from './toggle-field.tsx';
import { type EngineAsk, useEngine } from './use-engine.ts';
import { useRowWindow } from './use-row-window.ts';
import type { ViewProps } from './view-props.ts';

/**
 * What if is shared among the workers, and counts its splits first (each is solved twice): a
 * big question is said before it runs.
 */
const WHAT_IF_ASK: EngineAsk<WhatIfQuestion, RulesShare, WhatIfRow<SplitRow>[]> = {
  call: (engine, q, progress, share) => engine.whatIfShare(q, share, proxy(progress)),
  merge: mergeRuleShares,
  gate: {
    size: (engine, q, stopAbove) => engine.splitsQuestionSize(q.yours, stopAbove),
    tooBig: (q) => tooBigMessage(q.yours),
  },
};

/** What if's own labels: its switch of the defence model says whether ties can be bought. */
const WHAT_IF_LABELS = {
  defending: 'Ties can be bought with Aura',
} as const satisfies FieldLabels;

/**
 * What if (for designers): the Best split question under the rules page's defaults and under
 * the rules set here (Aura cap, +2s a roll, ties bought, Warrior, late Aura, Resolve), side by
 * side with the change in points. Rows are in the order of the rules set here; each carries
 * `data-split` and `data-score` (under those rules) and `data-base-score`.
 */
export function WhatIfView({ state, update }: ViewProps) {
  const question = useMemo(() => whatIfQuestion(state), [state]);
  const key = JSON.stringify(question);
  const [computation, cancel, retry] = useEngine('whatif', question, key, WHAT_IF_ASK);
  const D = PAGE_DEFAULTS;
  const rules = (
    [
      [state.auraMax !== D.auraMax, `Aura cap ${state.auraMax}`],
      [state.boosts !== D.boosts, `${state.boosts} +2s a roll`],
      [state.defending !== D.defending, state.defending ? 'ties not bought' : 'ties bought'],
      [state.explode !== D.explode, state.explode ? 'Warrior' : 'no Warrior'],
      [state.lateAura !== D.lateAura, state.lateAura ? 'late Aura' : 'Aura at once'],
      [state.resolve !== D.resolve, `${state.resolve} Resolve`],
      // The rule variants, in their declarations' words.
      ...RULE_VARIANT_NAMES.map(
        (name) =>
          [
            state[name] !== D[name],
            RULE_OPTIONS[name].variant.words(state[name] as never),
          ] as const,
      ),
    ] as const
  )
    .filter(([changed]) => changed)
    .map(([, name]) => name);
  return (
    <div class="view">
      <form
        class="question"
        aria-label="The question and the rules"
        onSubmit={(event) => event.preventDefault()}
      >
        <DiceFields state={state} update={update} />
        <ThreatFields state={state} update={update} />
        <ObjectiveField state={state} update={update} />
        <fieldset class="field rules">
          <legend>Rules to try</legend>
          <div class="field-row">
            <AuraCapField state={state} update={update} hint={`Rules page: ${D.auraMax}`} />
            {(['boosts', 'resolve'] as const).map((name) => (
              <PageCountField
                key={name}
                name={name}
                hint={`Rules page: ${D[name]}`}
                state={state}
                update={update}
              />
            ))}
          </div>
          <ToggleField
            id="ties-bought"
            label={WHAT_IF_LABELS.defending}
            hint={`Rules page: ${D.defending ? 'no' : 'yes'} (off: the defence model)`}
            checked={!state.defending}
            onChange={(bought) => update({ defending: !bought }, 'step')}
          />
          {(['explode', 'lateAura'] as const).map((name) => (
            <PageSwitch
              key={name}
              name={name}
              hint={`Rules page: ${D[name] ? 'on' : 'off'}`}
              state={state}
              update={update}
            />
          ))}
          {RULE_VARIANT_NAMES.map((name) => (
            <VariantField key={name} name={name} state={state} update={update} />
          ))}
          <button
            type="button"
            class="reset"
            // aria-disabled, not disabled: a disabled button drops the keyboard's focus onto
            // the body once it is pressed (WCAG 2.4.3); at the rules page's rules it does nothing.
            aria-disabled={rules.length === 0}
            onClick={() => {
              if (rules.length > 0) askQuestion(withDefaultRules(state));
            }}
          >
            Back to the rules page's rules
          </button>
        </fieldset>
      </form>
      <StatusLine
        computation={computation}
        cancel={cancel}
        retry={retry}
        progressLabel="Splits solved, under both rules"
        fieldLabel={(field) => questionFieldLabel(field, WHAT_IF_LABELS)}
      />
      {computation.result?.length ? (
        <WhatIfResults
          pairs={computation.result}
          objective={(JSON.parse(computation.answered ?? key) as typeof question).yours.objective}
          rules={rules}
          state={state}
          shown={shownAnswer(computation)}
        />
      ) : null}
    </div>
  );
}

/** One rule variant's field, from its declaration (`RULE_OPTIONS`): its page key is its id. */
function VariantField({ name, state, update }: { name: RuleVariantName } & ViewProps) {
  const option = ruleOption(name);
  const { pageKey: id, label } = RULE_OPTIONS[name].variant;
  const rule = PAGE_DEFAULTS[name];
  const hint = `Rules page: ${typeof rule === 'boolean' ? (rule ? 'on' : 'off') : rule}`;
  switch (option.type) {
    case 'flag':
      return (
        <ToggleField
          id={id}
          label={label}
          hint={hint}
          checked={state[name] === true}
          onChange={(on) => update({ [name]: on }, 'step')}
        />
      );
    case 'choice':
      return (
        <ChoiceField
          name={id}
          legend={label}
          hint={hint}
          choices={option.choices.map((value) => ({ value, label: value }))}
          value={String(state[name])}
          onChange={(value) => update({ [name]: value })}
        />
      );
    default:
      return (
        <NumberField
          id={id}
          label={label}
          hint={hint}
          value={state[name] as number}
          min={option.min}
          max={option.max}
          onChange={(value) => update({ [name]: value })}
        />
      );
  }
}

function WhatIfResults(props: {
  pairs: readonly WhatIfRow<SplitRow>[];
  objective: SplitObjective;
  rules: readonly string[];
  state: PageState;
  shown: ShownAnswer;
}) {
  const { pairs, objective, rules, state, shown } = props;
  // A long list is windowed: only the rows in view are in the page.
  const span = useRowWindow(pairs.length);
  const change = (d: number | null) => (d === null ? '' : formatScoreChange(d, objective));
  const yoursBest = pairs[0]?.against;
  const baseBest = [...pairs].sort((a, b) => (a.base?.rank ?? 1e9) - (b.base?.rank ?? 1e9))[0]
    ?.base;
  const headline =
    rules.length === 0
      ? "These are the rules page's rules: change one above to see what it does."
      : yoursBest && baseBest
        ? yoursBest.split === baseBest.split
          ? `With ${rules.join(', ')}, the best split is still ${yoursBest.split}: ${formatScore(yoursBest.score, objective)} against ${formatScore(baseBest.score, objective)} (${change(yoursBest.score - baseBest.score)}).`
          : `With ${rules.join(', ')}, the best split becomes ${yoursBest.split} (${formatScore(yoursBest.score, objective)}); under the rules page's rules it is ${baseBest.split} (${formatScore(baseBest.score, objective)}): ${change(yoursBest.score - baseBest.score)} for the best.`
        : '';
  const { column } = OBJECTIVE_LABELS[objective];
  const rows = pairs.map((pair) => ({
    split: String(pair.key.split),
    rankDefaults: pair.base?.rank ?? null,
    scoreDefaults: pair.base?.score ?? null,
    rank: pair.against?.rank ?? null,
    score: pair.against?.score ?? null,
    change: pair.change.score ?? null,
  }));
  return (
    <ResultsSection shown={shown} labelledBy="whatif-answer">
      <div class="answer" id="whatif-answer" aria-live="polite">
        <p class="headline">{headline}</p>
        <p>
          {OBJECTIVE_LABELS[objective].figure} for every split, under the rules page's rules and
          yours.
        </p>
      </div>
      <table
        class={`ranked what-if${span.windowed ? ' windowed' : ''}`}
        role="table"
        aria-rowcount={pairs.length + 1}
        data-rows={pairs.length}
      >
        <caption>Every split, best first under your rules</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Split
            </th>
            <th
              scope="col"
              role="columnheader"
              class="num"
              title={`${column} under the rules page's rules`}
            >
              Rules page
            </th>
            <th scope="col" role="columnheader" class="num" title={`${column} under your rules`}>
              Yours
            </th>
            <th scope="col" role="columnheader" class="num">
              Change
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" {...span.body}>
          {pairs.slice(span.first, span.last).map((pair, at) => (
            <tr
              role="row"
              key={String(pair.key.split)}
              aria-rowindex={span.first + at + 2}
              data-split={String(pair.key.split)}
              data-score={pair.against ? String(pair.against.score) : undefined}
              data-base-score={pair.base ? String(pair.base.score) : undefined}
              class={pair.against?.rank === 1 ? 'best' : undefined}
            >
              <td role="cell">
                <span class="split-name">
                  {pair.against ? `${pair.against.rank}. ` : ''}
                  <SplitName split={String(pair.key.split)} />
                </span>
                {pair.base && pair.against && pair.base.rank !== pair.against.rank ? (
                  <span class="figures">was {pair.base.rank}.</span>
                ) : null}
              </td>
              <td role="cell" class="num">
                {pair.base ? formatScore(pair.base.score, objective) : ''}
              </td>
              <td role="cell" class="num">
                {pair.against ? formatScore(pair.against.score, objective) : ''}
              </td>
              <td role="cell" class="num gap">
                {change(pair.change.score ?? null)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ExportButtons
        stem="dicelab-what-if"
        rows={rows}
        columns={[
          { key: 'split', header: 'Split' },
          { key: 'rankDefaults', header: "Rank, rules page's rules" },
          { key: 'scoreDefaults', header: "Score, rules page's rules" },
          { key: 'rank', header: 'Rank, your rules' },
          { key: 'score', header: 'Score, your rules' },
          { key: 'change', header: 'Change' },
        ]}
        about={{
          link: `#${writeFragment(state)}`,
          command: whatIfCommand(state),
          objective,
          rules,
        }}
      />
      <CommandLineDetails command={whatIfCommand(state)} />
    </ResultsSection>
  );
}
