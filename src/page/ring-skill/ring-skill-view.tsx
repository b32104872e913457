import { useMemo } from 'preact/hooks';
import { formatChance } from '../../format/format-chance.ts';
import type { RingSkillAdvice, WaveAdvice } from '../../systems/ring-skill/advise.ts';
import { KIND_NAMES, RING_FACES, SKILL_FACES } from '../../systems/ring-skill/faces.ts';
import { LATER_WAVES_TITLE, laterWaveGroups } from '../../systems/ring-skill/later-waves.ts';
import { OBJECTIVES, type Objective } from '../../systems/ring-skill/spec.ts';
import { ChoiceField } from '../choice-field.tsx';
import { ChoicesTable } from '../choices-table.tsx';
import { ExportButtons } from '../export-buttons.tsx';
import { FacePicker } from '../face-picker.tsx';
import { PAGE_FIELDS } from '../page-field-labels.ts';
import { PageCountField } from '../page-fields.tsx';
import { type PageState, writeFragment } from '../page-state.ts';
import { ResultsSection, type ShownAnswer, shownAnswer } from '../results-section.tsx';
import { StatusLine } from '../status-line.tsx';
import { useEngine } from '../use-engine.ts';
import type { ViewProps } from '../view-props.ts';
import type { RingSkillAnswer } from './ring-skill-engine.ts';
import { ringSkillCommand, ringSkillQuestion } from './ring-skill-question.ts';

const OBJECTIVE_LABELS: Record<Objective, string> = {
  'succeed-then-least-strife': 'Succeed',
  'most-successes': 'Successes',
  weighted: 'Weighted',
};

const OBJECTIVE_HINTS: Record<Objective, string> = {
  'succeed-then-least-strife': 'The chance to succeed, then the least strife',
  'most-successes': 'The most successes expected',
  weighted: "A success, bonus successes, opportunity and strife at the library's weights",
};

/** "1 blank, 2 opportunity + strife, …": a die's faces as the rules' table numbers them. */
function faceTable(faces: readonly number[]): string {
  return faces.map((kind, i) => `${i + 1} ${KIND_NAMES[kind]}`).join(', ');
}

/**
 * Ring and Skill (L5R): the check's dice and target number, its exact odds with every keep
 * played optimally (the solver `ring-skill odds` uses); with a tap for each die's face, every
 * keep ranked (`ringSkillAdvice`), the best in one sentence, then what to keep from each wave of
 * explosions. The worker answers both. The chance carries `data-p-success`; each keep row
 * `data-keep` ("ring:0,1|skill:0") and `data-eu`; each later wave's section `data-waves`
 * ("2,3"), each outcome `data-probability`.
 */
export function RingSkillView({ state, update }: ViewProps) {
  const question = useMemo(() => ringSkillQuestion(state), [state]);
  const key = JSON.stringify(question);
  const [computation, cancel, retry] = useEngine('ring-skill', question, key, {
    call: (engine, q) => engine.ringSkillAnswer(q),
  });
  const answer = computation.result;
  // A change of dice counts keeps the faces of the dice still there.
  const dice = (ring: number, skill: number) => ({
    ring,
    skill,
    ringFaces: state.ringFaces.slice(0, ring),
    skillFaces: state.skillFaces.slice(0, skill),
  });
  const setFace = (field: 'ringFaces' | 'skillFaces', count: number, j: number, face: number) => {
    const faces = Array.from({ length: count }, (_, k) => state[field][k] ?? null);
    faces[j] = face;
    update({ [field]: faces });
  };
  // A picker for each die of the kind, its face kept in ringFaces or skillFaces.
  const facePickers = (kind: 'ring' | 'skill', die: string, sides: number) => {
    const field = kind === 'ring' ? 'ringFaces' : 'skillFaces';
    return Array.from({ length: state[kind] }, (_, j) => (
      <FacePicker
        key={`${kind}-${j}`}
        name={`${kind}-face-${j}`}
        die={`${die} die ${j + 1}`}
        sides={sides}
        value={state[field][j]}
        onChange={(face) => setFace(field, state[kind], j, face)}
      />
    ));
  };
  const given =
    state.ringFaces.slice(0, state.ring).filter((f) => f !== null).length +
    state.skillFaces.slice(0, state.skill).filter((f) => f !== null).length;
  return (
    <div class="view">
      <form class="question" aria-label="The check" onSubmit={(event) => event.preventDefault()}>
        <div class="field-row">
          <PageCountField
            name="ring"
            hint="d6s; also the most dice kept"
            min={1}
            onChange={(ring) => update(dice(ring, state.skill))}
            state={state}
            update={update}
          />
          <PageCountField
            name="skill"
            hint="d12s"
            onChange={(skill) => update(dice(state.ring, skill))}
            state={state}
            update={update}
          />
          <PageCountField name="tn" hint="Successes needed" min={1} state={state} update={update} />
        </div>
        <details class="more-rules">
          <summary>Explosions, rerolls, what to keep for</summary>
          <div class="field-row">
            <PageCountField name="explodeDepth" hint="At most" state={state} update={update} />
            <PageCountField
              name="rerolls"
              hint="Dice of the first roll, once"
              state={state}
              update={update}
            />
          </div>
          <ChoiceField
            name="keep-for"
            legend={PAGE_FIELDS.keepFor}
            hint={OBJECTIVE_HINTS[state.keepFor]}
            choices={OBJECTIVES.map((value) => ({ value, label: OBJECTIVE_LABELS[value] }))}
            value={state.keepFor}
            onChange={(keepFor) => update({ keepFor })}
          />
        </details>
        <fieldset class="field rolled-dice">
          <legend>The dice rolled (after any rerolls), for keep advice</legend>
          <small class="hint">
            Ring: {faceTable(RING_FACES)}. Skill: {faceTable(SKILL_FACES)}.
          </small>
          {facePickers('ring', 'Ring', RING_FACES.length)}
          {facePickers('skill', 'Skill', SKILL_FACES.length)}
          {given > 0 ? (
            <button
              type="button"
              class="clear-faces"
              onClick={() => {
                update({ ringFaces: [], skillFaces: [] });
                // The button leaves with the faces, and its focus with it (WCAG 2.4.3): the
                // first die's faces, where the next roll's begin, take the focus.
                document.getElementById('ring-face-0-1')?.focus();
              }}
            >
              Clear the faces
            </button>
          ) : null}
        </fieldset>
      </form>
      <StatusLine computation={computation} cancel={cancel} retry={retry} />
      {answer ? (
        <RingSkillResults answer={answer} state={state} shown={shownAnswer(computation)} />
      ) : null}
    </div>
  );
}

/** "R1=5 S2=11": the dice of a keep, as the CLI writes them. */
function diceNames(keep: { ring: readonly number[]; skill: readonly number[] }, state: PageState) {
  return [
    ...keep.ring.map((i) => `R${i + 1}=${state.ringFaces[i]}`),
    ...keep.skill.map((i) => `S${i + 1}=${state.skillFaces[i]}`),
  ].join(' ');
}

/** A keep as the table shows it and its CSV and JSON give it: its figure is the objective's. */
interface KeepRow {
  readonly keep: string;
  readonly showing: string;
  readonly pSuccess?: number;
  readonly expectedUtility?: number;
  readonly expectedStrife: number;
}

function RingSkillResults(props: {
  answer: RingSkillAnswer;
  state: PageState;
  shown: ShownAnswer;
}) {
  const { answer, state, shown } = props;
  const { odds, advice, sentence } = answer;
  const c = odds.spec;
  const command = ringSkillCommand(state);
  return (
    <ResultsSection shown={shown} labelledBy="ring-skill-answer">
      <div class="answer" id="ring-skill-answer" aria-live="polite">
        <p class="headline" data-p-success={String(odds.pSuccess)}>
          Ring {c.ring}, Skill {c.skill} against TN {c.tn}: {formatChance(odds.pSuccess)} to
          succeed, keeping the best dice.
        </p>
        <p>
          Strife expected {odds.expectedStrife.toFixed(2)}, bonus successes{' '}
          {odds.expectedBonusSuccesses.toFixed(2)}, opportunity{' '}
          {odds.expectedOpportunity.toFixed(2)}
          {odds.pCapped > 0
            ? `; explosions cut off at ${c.explodeDepth} waves ${formatChance(odds.pCapped)} of the time`
            : ''}
          .
        </p>
        {sentence ? (
          <p class="headline" id="ring-skill-advice">
            {sentence}
          </p>
        ) : (
          <p class="muted">Tap each die's face for what to keep.</p>
        )}
      </div>
      {advice ? <KeepsTable advice={advice} state={state} sentence={sentence} /> : null}
      {advice && advice.explosionWave.length > 0 ? (
        <details class="explosions">
          <summary>Then, as the explosions land</summary>
          <WaveList outcomes={advice.explosionWave} />
        </details>
      ) : null}
      {advice && advice.laterWaves.length > 0 ? (
        <details class="explosions later-waves">
          <summary>{LATER_WAVES_TITLE}</summary>
          {laterWaveGroups(advice).map(({ heading, waves, wave }) => (
            <section key={waves.join()} data-waves={waves.join()}>
              <h3>{heading}</h3>
              <WaveList outcomes={wave.outcomes} />
            </section>
          ))}
        </details>
      ) : null}
      <details class="cli-details">
        <summary>The same question on the command line</summary>
        <code class="cli">{command}</code>
      </details>
    </ResultsSection>
  );
}

/** A wave's outcomes, each with its chance (`data-probability`) and what to keep from it. */
function WaveList(props: { outcomes: readonly WaveAdvice[] }) {
  return (
    <ul>
      {props.outcomes.map((w) => (
        <li key={w.rolled.join()} data-probability={String(w.probability)}>
          {w.rolled.join(', ')} ({formatChance(w.probability)}):{' '}
          {w.keep.length ? `keep ${w.keep.join(', ')}` : 'keep none'}
        </li>
      ))}
    </ul>
  );
}

/**
 * Every keep, best first (`data-keep`, `data-eu` on each row), and the table as CSV or JSON:
 * the rows and columns the table shows are the ones exported.
 */
function KeepsTable(props: { advice: RingSkillAdvice; state: PageState; sentence?: string }) {
  const { advice, state, sentence } = props;
  const succeed = advice.check.objective === 'succeed-then-least-strife';
  const figure = succeed ? 'pSuccess' : 'expectedUtility';
  const rows: KeepRow[] = advice.actions.map((a) => ({
    keep: diceNames(a.keep, state),
    showing: a.kept.join(', '),
    [figure]: a[figure],
    expectedStrife: a.expectedStrife,
  }));
  const [keep, showing, ...figures] = [
    { key: 'keep', header: 'Keep' },
    { key: 'showing', header: 'Showing' },
    { key: figure, header: succeed ? 'Success' : 'Value' },
    { key: 'expectedStrife', header: 'Strife' },
  ] as const;
  return (
    <>
      <ChoicesTable
        caption="Every keep, best first"
        choice={keep.header}
        figures={figures.map((f) => f.header)}
      >
        {advice.actions.map((a, i) => (
          <tr
            key={`${a.keep.ring}|${a.keep.skill}`}
            data-keep={`ring:${a.keep.ring.join(',')}|skill:${a.keep.skill.join(',')}`}
            data-eu={String(a.expectedUtility)}
            class={i === 0 ? 'best' : undefined}
          >
            <td>
              <span class="split-name">{rows[i]!.keep}</span>
              <span class="figures">{rows[i]!.showing}</span>
            </td>
            <td class="num">{succeed ? formatChance(a.pSuccess) : a.expectedUtility.toFixed(3)}</td>
            <td class="num">{a.expectedStrife.toFixed(2)}</td>
          </tr>
        ))}
      </ChoicesTable>
      <ExportButtons
        stem="dicelab-ring-skill"
        rows={rows}
        columns={[keep, showing, ...figures]}
        about={{ link: `#${writeFragment(state)}`, command: ringSkillCommand(state), sentence }}
      />
    </>
  );
}
