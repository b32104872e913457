import { proxy } from 'comlink';
import { useMemo } from 'preact/hooks';
import { SPLITS_CSV_COLUMNS, splitsChart } from '../report/zidara/splits-chart.ts';
import type { ScoredSplit, SplitObjective, SplitRow } from '../systems/zidara/analyses/splits.ts';
import { AnswerBar, useRepeatedRow } from './answer-bar.tsx';
import { CharacterFields } from './character-fields.tsx';
import { ChartDetails } from './chart-details.tsx';
import { CommandLineDetails } from './command-line-details.tsx';
import { DiceFields } from './dice-fields.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { ObjectiveField } from './objective-field.tsx';
import { mergeSplitShares } from './page-engine.ts';
import { questionFieldLabel } from './page-field-labels.ts';
import { type SplitsQuestion, splitsCommand, splitsQuestion } from './page-questions.ts';
import { type PageState, writeFragment } from './page-state.ts';
import { showView } from './page-store.ts';
import { QUESTION_SIZE } from './question-size.ts';
import { ResultsSection, type ShownAnswer, shownAnswer } from './results-section.tsx';
import { SplitName } from './split-name.tsx';
import {
  formatGap,
  formatScore,
  isChance,
  OBJECTIVE_LABELS,
  shortAnswer,
  splitsAnswer,
} from './splits-answer.ts';
import { StatusLine } from './status-line.tsx';
import { ThreatFields } from './threat-fields.tsx';
import { type EngineAsk, useEngine } from './use-engine.ts';
import { useProgressive } from './use-progressive.ts';
import { useRowWindow, WINDOW_ABOVE_ROWS } from './use-row-window.ts';
import type { ViewProps } from './view-props.ts';

const NO_ROWS: readonly SplitRow[] = [];

/**
 * Best split is shared among the workers, and counts its splits first: a big question is said
 * before it runs.
 */
const SPLITS_ASK: EngineAsk<SplitsQuestion, readonly ScoredSplit[], SplitRow[]> = {
  call: (engine, q, progress, share) => engine.scoreSplitsShare(q, share, proxy(progress)),
  merge: mergeSplitShares,
  gate: {
    size: (engine, q, stopAbove) => engine.splitsQuestionSize(q, stopAbove),
    tooBig: (q) => tooBigMessage(q),
  },
};

/** The line for a question past the page's limit: what it is, and where to ask it instead. */
export function tooBigMessage(q: SplitsQuestion): string {
  const what = q.pool
    ? 'This pool'
    : `${q.steps} steps and ${q.actions} action${q.actions === 1 ? '' : 's'}`;
  const most = QUESTION_SIZE.mostSplits.toLocaleString('en');
  return `${what} with up to ${Math.max(...q.intents)} intents make more than ${most} splits: more than this page ranks (so its memory stays bounded). Allow fewer tags or actions, or ask the command line (dicelab zidara splits), which has no such limit.`;
}

/**
 * Best split (the landing view): the dice, the threat and the character in; every split of
 * every legal pool ranked by the objective out, recomputed as the inputs change. The answer in
 * words first, then the ranked table (`data-split`, `data-score` on each row), a chart, and
 * the table as CSV or JSON.
 */
export function SplitsView({ state, update }: ViewProps) {
  const question = useMemo(() => splitsQuestion(state), [state]);
  const key = JSON.stringify(question);
  const [computation, cancel, retry] = useEngine('splits', question, key, SPLITS_ASK);
  const rows = computation.result ?? [];
  return (
    <div class="view">
      <form class="question" aria-label="The roll" onSubmit={(event) => event.preventDefault()}>
        <DiceFields state={state} update={update} />
        <ThreatFields state={state} update={update} />
        <CharacterFields state={state} update={update} resolve="resolve" />
        <ObjectiveField state={state} update={update} />
      </form>
      <StatusLine
        computation={computation}
        cancel={cancel}
        retry={retry}
        done={`${rows.length} split${rows.length === 1 ? '' : 's'}`}
        progressLabel="Splits solved"
        fieldLabel={(field) => questionFieldLabel(field)}
      />
      {rows.length ? (
        <SplitsResults
          rows={rows}
          objective={JSON.parse(computation.answered ?? key).objective as SplitObjective}
          state={state}
          shown={shownAnswer(computation)}
        />
      ) : null}
    </div>
  );
}

function SplitsResults(props: {
  rows: readonly SplitRow[];
  objective: SplitObjective;
  state: PageState;
  shown: ShownAnswer;
}) {
  const { rows, objective, state, shown } = props;
  const answer = splitsAnswer(rows, objective);
  const best = rows[0]!;
  const { figure, column } = OBJECTIVE_LABELS[objective];
  // A ranking up to WINDOW_ABOVE_ROWS is on the page whole (the test contract reads every
  // row); each row's bar and figures come 30, then 40 a task, so it never holds the main
  // thread long. A longer one is windowed (useRowWindow): only the rows in view exist.
  const detailed = useProgressive(rows.length > WINDOW_ABOVE_ROWS ? NO_ROWS : rows);
  const [firstRow, firstRowInSight] = useRepeatedRow();
  // The same element while the ranking stands: a new question (the status line, the stale
  // mark) does not draw 132 rows again.
  const rowsShown = useMemo(
    () => <RankedRows rows={rows} objective={objective} detailed={detailed} firstRow={firstRow} />,
    [rows, objective, detailed, firstRow],
  );
  const spec = useMemo(
    () =>
      splitsChart(rows, {
        challenge: state.vs,
        objective,
        setup: splitsQuestion(state).setup,
        total: rows.length,
      }),
    [rows],
  );
  return (
    <ResultsSection shown={shown} labelledBy="splits-answer">
      <div class="answer" id="splits-answer" aria-live="polite" tabIndex={-1}>
        <p class="headline">{answer.headline}</p>
        <p>{answer.detail}</p>
        <button
          type="button"
          class="next-step"
          aria-label={`Rolled it? Mid-roll advice for ${best.split}`}
          onClick={() => showView('advice', { split: best.split, faces: [], defence: undefined })}
        >
          Rolled it? Mid-roll advice →
        </button>
      </div>
      <AnswerBar
        target="splits-answer"
        text={shortAnswer(rows, objective)}
        repeatedInSight={firstRowInSight}
      />
      <table
        class={`ranked splits${rows.length > WINDOW_ABOVE_ROWS ? ' windowed' : ''}`}
        role="table"
        aria-rowcount={rows.length + 1}
        data-rows={rows.length}
        style={{ '--rank-digits': String(rows.length).length }}
      >
        <caption>Every split, best first</caption>
        <thead role="rowgroup">
          <tr role="row" aria-rowindex={1}>
            <th scope="col" role="columnheader">
              #
            </th>
            <th scope="col" role="columnheader">
              Split
            </th>
            <th scope="col" role="columnheader" class="num" title={figure}>
              {column}
            </th>
            <th scope="col" role="columnheader" class="num">
              Behind
            </th>
          </tr>
        </thead>
        {rowsShown}
      </table>
      <ExportButtons
        stem="dicelab-splits"
        rows={rows}
        columns={SPLITS_CSV_COLUMNS}
        about={{ link: `#${writeFragment(state)}`, command: splitsCommand(state), objective }}
      />
      <ChartDetails
        summary={`Bar chart${rows.length > 20 ? ' (best 20)' : ''}`}
        spec={spec}
        label={`Bar chart of the best splits by ${figure.toLowerCase()}`}
      />
      <CommandLineDetails command={`${splitsCommand(state)} --format json`} />
    </ResultsSection>
  );
}

/** The ranking's rows (`data-split`, `data-score`), the first `detailed` with a bar and the other figures. */
function RankedRows(props: {
  rows: readonly SplitRow[];
  objective: SplitObjective;
  detailed: number;
  /** The first row's ref: the answer bar, which repeats it, stays away while it is on screen. */
  firstRow: (row: HTMLElement | null) => void;
}) {
  const { rows, objective, detailed, firstRow } = props;
  const best = rows[0]!;
  // Bars on an absolute scale where there is one: a chance out of 1, intents out of the most a
  // split here has; utility against the best.
  const top = isChance(objective)
    ? 1
    : objective === 'wins'
      ? rows.reduce((most, r) => Math.max(most, r.intents), 0)
      : Math.max(best.score, 1e-12);
  const span = useRowWindow(rows.length);
  return (
    <tbody role="rowgroup" {...span.body}>
      {rows.slice(span.first, span.last).map((row, at) => {
        const i = span.first + at;
        return (
          <tr
            role="row"
            key={row.split}
            aria-rowindex={i + 2}
            data-split={row.split}
            data-score={String(row.score)}
            class={row.rank === 1 ? 'best' : undefined}
            ref={i === 0 ? firstRow : undefined}
          >
            <td role="cell" class="rank">
              {row.rank}
            </td>
            <td role="cell">
              <span class="split-name">
                <SplitName split={row.split} />
              </span>
              {span.windowed || i < detailed ? (
                <>
                  <span
                    class="bar"
                    aria-hidden="true"
                    style={{ width: `${Math.max(0, (row.score / top) * 100)}%` }}
                  />
                  <span class="figures">
                    {otherFigures(row, objective).map((figure) => (
                      <span key={figure}>{figure}</span>
                    ))}
                  </span>
                </>
              ) : null}
            </td>
            <td role="cell" class="num">
              {formatScore(row.score, objective)}
            </td>
            <td role="cell" class="num gap">
              {formatGap(row.score - best.score, objective)}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}

/** The figures of a row besides the one it is ranked by, each a phrase (page.css sets them apart). */
function otherFigures(row: SplitRow, objective: SplitObjective): string[] {
  const parts = [
    objective !== 'primary' ? `main ${formatScore(row.mainWin, 'primary')}` : '',
    objective !== 'wins' ? `${row.expectedWins.toFixed(2)} tags` : '',
    objective !== 'all' && row.intents > 1 ? `all ${formatScore(row.allWin, 'all')}` : '',
    `+${row.auraGained.toFixed(2)} Aura`,
  ];
  return parts.filter(Boolean);
}
