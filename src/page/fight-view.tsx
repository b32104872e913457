import { proxy } from 'comlink';
import { useMemo } from 'preact/hooks';
import { formatChance } from '../format/format-chance.ts';
import { countOf } from '../format/format-count.ts';
import {
  DOWN_WITHIN_LABEL,
  ROUND_LABEL,
  ROUND_PLAYED_LABEL,
  ROUND_PLAYED_MEANS,
  STILL_STANDING_LABEL,
} from '../report/zidara/fight-figure-labels.ts';
import { FIGHTS_CSV_COLUMNS, fightsChart } from '../report/zidara/fights-chart.ts';
import { shownWinWithin } from '../systems/zidara/analyses/fight-curves.ts';
import { FIGHT_LIMITS, FIGHT_POLICIES, type FightPolicy } from '../systems/zidara/fight/fight.ts';
import { CharacterFields } from './character-fields.tsx';
import { ChartDetails } from './chart-details.tsx';
import { ChoiceField } from './choice-field.tsx';
import { CommandLineDetails } from './command-line-details.tsx';
import { DiceFields } from './dice-fields.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { fightAnswer } from './fight-answer.ts';
import type { FightAnswer } from './page-engine.ts';
import { type FieldLabels, PAGE_FIELDS, questionFieldLabel } from './page-field-labels.ts';
import { PageCountField } from './page-fields.tsx';
import { fightCommand, fightQuestion } from './page-questions.ts';
import { PAGE_DEFAULTS, type PageState, writeFragment } from './page-state.ts';
import { ResultsSection, type ShownAnswer, shownAnswer } from './results-section.tsx';
import { StatusLine } from './status-line.tsx';
import { ThreatFields } from './threat-fields.tsx';
import { useEngine } from './use-engine.ts';
import type { ViewProps } from './view-props.ts';

/** Fight's own labels: the Aura asked is the fight's at its start. */
const FIGHT_LABELS = { aura: 'Aura at the start' } as const satisfies FieldLabels;

const POLICY_LABELS: Record<FightPolicy, string> = {
  'per-roll': 'Each roll',
  'whole-fight': 'Whole fight',
};

/**
 * Why the Resolve held now (the other views', a link's `resolve=`) is not the fight's: a fight
 * starts with Resolve at its Titles, as `dicelab zidara fight`, which has no `--resolve`.
 */
function resolveNote(state: PageState): string {
  return `Resolve now (resolve=${state.resolve}) is not used here, only in Best split, Mid-roll and What if: a fight starts with Resolve at its Titles, ${state.titles}.`;
}

/**
 * Fight: a threat with Challenge C and T tags, round after round. P(the threat falls within N
 * rounds) as words, a table and a curve, and the opening split. Whole-fight play takes seconds:
 * the status line shows its progress and can cancel it.
 */
export function FightView({ state, update }: ViewProps) {
  const question = useMemo(() => fightQuestion(state), [state]);
  const key = JSON.stringify(question);
  const [computation, cancel, retry] = useEngine('fight', question, key, {
    call: (engine, q, progress) => engine.solveFight(q, proxy(progress)),
  });
  const answer = computation.result;
  return (
    <div class="view">
      <form class="question" aria-label="The fight" onSubmit={(event) => event.preventDefault()}>
        <ThreatFields state={state} update={update} maxTags={FIGHT_LIMITS.tags} />
        <DiceFields
          state={state}
          update={update}
          limits={{
            steps: FIGHT_LIMITS.steps,
            actions: FIGHT_LIMITS.actions,
            poolDice: FIGHT_LIMITS.poolDice,
          }}
        />
        <CharacterFields state={state} update={update} resolve="titles" labels={FIGHT_LABELS} />
        {state.resolve === PAGE_DEFAULTS.resolve ? null : (
          <p class="hint" id="fight-resolve-note">
            {resolveNote(state)}
          </p>
        )}
        <div class="field-row">
          <PageCountField
            name="maxRounds"
            hint="Before the fight is called"
            min={1}
            state={state}
            update={update}
          />
        </div>
        <ChoiceField
          name="fight-policy"
          legend={PAGE_FIELDS.fightPolicy}
          hint={
            state.fightPolicy === 'per-roll'
              ? "Each roll's own best (the rules' default)"
              : 'The chance to win within the rounds: slower, with progress'
          }
          choices={FIGHT_POLICIES.map((value) => ({ value, label: POLICY_LABELS[value] }))}
          value={state.fightPolicy}
          onChange={(fightPolicy) => update({ fightPolicy })}
        />
      </form>
      <StatusLine
        computation={computation}
        cancel={cancel}
        retry={retry}
        done={answer ? `${answer.states} positions` : undefined}
        fieldLabel={(field) => questionFieldLabel(field, FIGHT_LABELS)}
      />
      {answer ? (
        <FightResults answer={answer} state={state} shown={shownAnswer(computation)} />
      ) : null}
    </div>
  );
}

function FightResults(props: { answer: FightAnswer; state: PageState; shown: ShownAnswer }) {
  const { answer, state, shown } = props;
  const { rows } = answer;
  const words = fightAnswer(rows);
  const spec = useMemo(() => {
    const question = fightQuestion(state);
    const character = question.pool
      ? question.pool.map((n) => `d${n}`).join(' ')
      : `${question.steps} steps`;
    return fightsChart(rows, {
      character,
      titles: question.titles,
      setup: question,
      fightPolicy: question.fightPolicy,
    });
  }, [answer]);
  return (
    <ResultsSection shown={shown} labelledBy="fight-answer">
      <div class="answer" id="fight-answer" aria-live="polite">
        <p class="headline">{words.headline}</p>
        <p>{words.detail}</p>
      </div>
      <ChartDetails
        summary="Curve"
        spec={spec}
        label="The chance the threat is down within each number of rounds"
        open
        aspect={0.6}
      />
      <table class="rounds">
        <caption>Round by round</caption>
        <thead>
          <tr>
            <th scope="col">{ROUND_LABEL}</th>
            {/* A figure's header in a span, which a narrow phone's table sizes without it (page.css). */}
            <th scope="col" class="num">
              <span>{DOWN_WITHIN_LABEL}</span>
            </th>
            <th scope="col" class="num">
              <span>Falls in it</span>
            </th>
            <th scope="col" class="num">
              <span>{ROUND_PLAYED_LABEL}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={row.round} data-round={row.round} data-win-within={String(row.winWithin)}>
              <td>{row.round}</td>
              <td class="num">{cellChance(shownWinWithin(row))}</td>
              <td class="num">{cellChance(answer.roundsToWin[i]!)}</td>
              <td class="num">{cellChance(row.reached)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted small">
        “{ROUND_PLAYED_LABEL}”: {ROUND_PLAYED_MEANS}. {STILL_STANDING_LABEL}{' '}
        {countOf(rows.length, 'round')}: {formatChance(answer.pNotWon)}.
      </p>
      <ExportButtons
        stem="dicelab-fight"
        rows={rows}
        columns={FIGHTS_CSV_COLUMNS}
        about={{ link: `#${writeFragment(state)}`, command: fightCommand(state) }}
      />
      <CommandLineDetails command={`${fightCommand(state)} --json`} />
    </ResultsSection>
  );
}

/**
 * A chance in a table cell: "> 99.9999%" with a no-break space, so that a narrow column never
 * leaves the sign on a line of its own above the figure.
 */
function cellChance(p: number): string {
  return formatChance(p).replace(/^([<>]) /, '$1\u00a0');
}
