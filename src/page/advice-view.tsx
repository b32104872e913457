import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatChance } from '../format/format-chance.ts';
import { ROLL_LIMITS } from '../systems/zidara/roll/spec.ts';
import { CharacterFields } from './character-fields.tsx';
import { ChoiceField } from './choice-field.tsx';
import { ChoicesTable } from './choices-table.tsx';
import { CommandLineDetails } from './command-line-details.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { FacePicker, faceLabel } from './face-picker.tsx';
import { NumberField } from './number-field.tsx';
import type { AdviceAnswer } from './page-engine.ts';
import { type FieldLabels, PAGE_FIELDS, questionFieldLabel } from './page-field-labels.ts';
import { adviceCommand, adviceQuestion } from './page-questions.ts';
import {
  mostFace,
  PAGE_LIMITS,
  type PageState,
  readSplit,
  splitDice,
  writeFragment,
} from './page-state.ts';
import { ResultsSection, type ShownAnswer, shownAnswer } from './results-section.tsx';
import { formatGap } from './splits-answer.ts';
import { StatusLine } from './status-line.tsx';
import { ThreatFields } from './threat-fields.tsx';
import { ToggleField } from './toggle-field.tsx';
import { useEngine } from './use-engine.ts';
import type { ViewProps } from './view-props.ts';

/**
 * Mid-roll advice: the split rolled, a tap for each die's face and the Challenge die's, and
 * what the character holds now; every legal action ranked by the exact engine (`advise`), the
 * best in one sentence. Each action row carries `data-action` and `data-eu`.
 */
export function AdviceView({ state, update }: ViewProps) {
  const dice = useMemo(() => splitDice(state.split), [state.split]);
  const question = useMemo(() => adviceQuestion(state, dice.length), [state, dice]);
  const key = question ? JSON.stringify(question) : '';
  const [computation, cancel, retry] = useEngine('advice', question, key, {
    call: (engine, q) => engine.adviceAnswer(q),
  });
  const intents = state.split.split(' | ');
  const dieLabels = intents.flatMap((intent, i) =>
    intent.split('+').map((die) => (intents.length > 1 ? `${die} (intent ${i + 1})` : die)),
  );
  // The area die's face, when there is one, follows the split's.
  const faceCount = dice.length + (state.area === undefined ? 0 : 1);
  const setFace = (j: number, face: number) => {
    const faces = Array.from({ length: faceCount }, (_, k) => state.faces[k] ?? null);
    faces[j] = face;
    update({ faces });
  };
  const most = (sides: number) => mostFace(sides, state.explode);
  // The rolls in a die's chain: 1, or with Warrior up to depth + 1.
  const chain = mostFace(1, state.explode);
  const missing =
    faceCount - state.faces.slice(0, faceCount).filter((f) => f !== null && f !== undefined).length;
  const two = state.vs2 !== undefined;
  // The dice whose faces are tapped, as their pickers name them: the split's, the area die's
  // after them, and each threat's Challenge die. A refused face (`shown[1]`) is named by its
  // die's picker ("d4 (intent 2) shows"), any other field by its label.
  const areaDie = `The area die (d${state.area})`;
  const faceDice = [...dieLabels, ...(state.area === undefined ? [] : [areaDie])];
  const challengeDice = [
    `${two ? "Threat A's" : 'The'} Challenge die (d${2 * state.vs})`,
    ...(two ? [`Threat B's Challenge die (d${2 * state.vs2!})`] : []),
  ];
  const labels: FieldLabels = {
    resolve: 'Resolve left',
    ...(state.lateAura ? { aura: "Aura at the roll's start" } : {}),
  };
  const fieldLabel = (field: string) => {
    const [, list, at] = /^(shown|defence)\[(\d+)\]$/.exec(field) ?? [];
    if (list === undefined) return questionFieldLabel(field, labels);
    const die = (list === 'shown' ? faceDice : challengeDice)[Number(at)];
    return die === undefined ? undefined : faceLabel(die);
  };
  return (
    <div class="view">
      <form
        class="question"
        aria-label="The rolled state"
        onSubmit={(event) => event.preventDefault()}
      >
        <SplitField state={state} update={update} />
        <ThreatFields state={state} update={update} withoutTags />
        <MoreThreats state={state} update={update} intents={intents} />
        {dice.map((sides, j) => (
          <FacePicker
            key={`${j}-${sides}`}
            name={`face-${j}`}
            die={dieLabels[j] ?? `d${sides}`}
            sides={sides}
            most={most(sides)}
            value={state.faces[j]}
            onChange={(face) => setFace(j, face)}
          />
        ))}
        {state.area !== undefined ? (
          <FacePicker
            key={`area-${state.area}`}
            name="face-area"
            die={areaDie}
            sides={state.area}
            most={most(state.area)}
            value={state.faces[dice.length]}
            onChange={(face) => setFace(dice.length, face)}
          />
        ) : null}
        <FacePicker
          name="defence"
          die={challengeDice[0]!}
          sides={2 * state.vs}
          value={state.defence}
          onChange={(defence) => update({ defence })}
        />
        {two ? (
          <FacePicker
            name="defence2"
            die={challengeDice[1]!}
            sides={2 * state.vs2!}
            value={state.defence2}
            onChange={(defence2) => update({ defence2 })}
          />
        ) : null}
        <CharacterFields state={state} update={update} resolve="resolve" labels={labels} />
        {state.lateAura ? (
          <div class="field-row">
            <NumberField
              id="aura-pending"
              label={PAGE_FIELDS.auraPending}
              hint="This roll's, rerolls included: their Aura comes after it"
              value={state.auraPending}
              min={0}
              max={dice.length * (ROLL_LIMITS.resolve + 1) * chain}
              onChange={(auraPending) => update({ auraPending })}
            />
          </div>
        ) : null}
        <p class="hint">
          {state.lateAura
            ? "With late Aura, spends use the Aura held at the roll's start; the top faces' Aura comes after it. "
            : 'Aura now counts the top faces the dice show (up to the cap). '}
          Advice plays for the tags you expect to strip
          {state.auraValue || state.resolveValue
            ? ', plus what Aura and Resolve left are worth.'
            : '.'}
        </p>
      </form>
      {question ? (
        <StatusLine
          computation={computation}
          cancel={cancel}
          retry={retry}
          fieldLabel={fieldLabel}
        />
      ) : (
        <p class="status prompt" role="status">
          {promptFor(
            missing,
            faceCount,
            state.defence === undefined || (two && state.defence2 === undefined),
          )}
        </p>
      )}
      {question && computation.result ? (
        <AdviceResults
          answer={computation.result}
          state={state}
          shown={shownAnswer(
            computation,
            computation.status !== 'ready' || computation.answered !== key,
            computation.answered === key ? computation.status : 'computing',
          )}
        />
      ) : null}
    </div>
  );
}

/** Area die sides to choose from: any die. */
const AREA_SIDES = ['2', '4', '6', '8', '10', '12'] as const;

/**
 * What `zidara advise` also takes: a second threat (its Challenge, and which intents aim at it)
 * and the Elementalist's area die.
 */
function MoreThreats({ state, update, intents }: ViewProps & { intents: readonly string[] }) {
  const two = state.vs2 !== undefined;
  return (
    <>
      <ToggleField
        id="second-threat"
        label="A second threat (B)"
        hint="Aim each intent at A or B"
        checked={two}
        onChange={(on) =>
          update(
            on
              ? { vs2: state.vs, defence2: undefined }
              : { vs2: undefined, defence2: undefined, aim: [] },
            'step',
          )
        }
      />
      {two ? (
        <>
          <div class="field-row">
            <NumberField
              id="vs2"
              label={PAGE_FIELDS.vs2}
              hint={`Rolls d${2 * state.vs2!}`}
              value={state.vs2}
              min={1}
              max={PAGE_LIMITS.vs}
              onChange={(vs2) => update({ vs2, defence2: undefined })}
            />
          </div>
          {intents.map((intent, i) => (
            <ChoiceField
              key={i}
              name={`aim-${i}`}
              legend={`${intents.length > 1 ? `Intent ${i + 1} (${intent})` : intent} aims at`}
              choices={[
                { value: 'A', label: 'Threat A' },
                { value: 'B', label: 'Threat B' },
              ]}
              value={state.aim[i] ? 'B' : 'A'}
              onChange={(letter) => {
                const aim = Array.from({ length: intents.length }, (_, k) => state.aim[k] ?? 0);
                aim[i] = letter === 'B' ? 1 : 0;
                update({ aim });
              }}
            />
          ))}
        </>
      ) : null}
      <ToggleField
        id="area-die"
        label="An area die"
        hint="The Elementalist's: it counts against every threat"
        checked={state.area !== undefined}
        onChange={(on) => update({ area: on ? 4 : undefined }, 'step')}
      />
      {state.area !== undefined ? (
        <ChoiceField
          name="area-sides"
          legend="The area die"
          choices={AREA_SIDES.map((n) => ({ value: n, label: `d${n}` }))}
          value={String(state.area) as (typeof AREA_SIDES)[number]}
          onChange={(n) => update({ area: Number(n) })}
        />
      ) : null}
    </>
  );
}

/** The split rolled, typed in the notation or with spaces between intents. */
function SplitField({ state, update }: ViewProps) {
  const [text, setText] = useState(state.split);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  useEffect(() => setText(state.split), [state.split]);
  const take = (typed: string) => {
    setText(typed);
    try {
      // Named as the field is labelled, as the engine's refusals are (a link names its key).
      const split = readSplit(typed, PAGE_FIELDS.split);
      setProblem(undefined);
      if (split !== state.split) {
        const same = splitDice(split).join() === splitDice(state.split).join();
        update({ split, ...(same ? {} : { faces: [] }) });
      }
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div class="field split-field">
      <label for="split">{PAGE_FIELDS.split}</label>
      <input
        id="split"
        type="text"
        inputMode="text"
        autoComplete="off"
        autoCapitalize="off"
        spellcheck={false}
        value={text}
        aria-invalid={problem !== undefined}
        aria-describedby={problem ? 'split-hint split-error' : 'split-hint'}
        onInput={(event) => take(event.currentTarget.value)}
        onBlur={() => {
          setText(state.split);
          setProblem(undefined);
        }}
      />
      <small id="split-hint" class="hint">
        Intents apart, stacked dice with +: d8 d4, or d6+d6 d4
      </small>
      {problem ? (
        <small id="split-error" class="field-error" role="alert">
          {problem}
        </small>
      ) : null}
    </div>
  );
}

function AdviceResults(props: { answer: AdviceAnswer; state: PageState; shown: ShownAnswer }) {
  const { answer, state, shown } = props;
  const { advice, names, sentence, spends } = answer;
  const best = advice.actions[0]!;
  // The column is named as the sentence above it names the figure ("1.50 intents expected").
  const figure = answer.figure[0]!.toUpperCase() + answer.figure.slice(1);
  const rows = advice.actions.map((a, i) => ({
    action: a.action === 'reroll-one' ? `reroll-one:${a.die}` : a.action,
    name: names[i] ?? a.action,
    expectedUtility: a.expectedUtility,
    expectedWins: a.expectedWins,
    pAllWin: a.pAllWin,
  }));
  return (
    <ResultsSection shown={shown} labelledBy="advice-answer">
      <div class="answer" id="advice-answer" aria-live="polite">
        <p class="headline">{sentence}</p>
      </div>
      <ChoicesTable
        caption="Every action, best first"
        choice="Action"
        figures={[figure, 'All won']}
      >
        {rows.map((row, i) => (
          <tr
            key={row.action}
            data-action={row.action}
            data-eu={String(row.expectedUtility)}
            class={i === 0 ? 'best' : undefined}
          >
            <td>
              <span class="split-name">{row.name[0]!.toUpperCase() + row.name.slice(1)}</span>
              {row.action === 'stop' && spends ? <span class="figures">{spends}</span> : null}
              {i > 0 && Math.abs(row.expectedUtility - best.expectedUtility) > 1e-12 ? (
                <span class="figures">
                  {formatGap(row.expectedUtility - best.expectedUtility, 'utility')} against the
                  best
                </span>
              ) : null}
            </td>
            <td class="num">{row.expectedUtility.toFixed(3)}</td>
            <td class="num">{formatChance(row.pAllWin)}</td>
          </tr>
        ))}
      </ChoicesTable>
      <ExportButtons
        stem="dicelab-advice"
        rows={rows}
        columns={[
          { key: 'action', header: 'Action' },
          { key: 'name', header: 'In words' },
          { key: 'expectedUtility', header: 'Expected utility' },
          { key: 'expectedWins', header: 'Expected wins' },
          { key: 'pAllWin', header: 'All won' },
        ]}
        about={{ link: `#${writeFragment(state)}`, command: adviceCommand(state), sentence }}
      />
      <CommandLineDetails command={adviceCommand(state)} />
    </ResultsSection>
  );
}

/** What is still to tap: "Tap each die's face and the Challenge die's face for advice." */
function promptFor(missing: number, dice: number, noDefence: boolean): string {
  const faces =
    missing === 0
      ? ''
      : missing === dice
        ? "each die's face"
        : missing === 1
          ? "the other die's face"
          : `the other ${missing} dice's faces`;
  const parts = [faces, noDefence ? "the Challenge die's face" : ''].filter(Boolean);
  return parts.length ? `Tap ${parts.join(' and ')} for advice.` : '';
}
