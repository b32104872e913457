import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../../systems/zidara/roll/spec.ts';
import { saveFile } from '../export-buttons.tsx';
import { NumberField } from '../number-field.tsx';
import { showView } from '../page-store.ts';
import { ToggleField } from '../toggle-field.tsx';
import type { ViewProps } from '../view-props.ts';
import {
  type Character,
  type CharacterBook,
  characterFile,
  keyFor,
  parseCharacterFile,
  setActionQuestion,
} from './character-book.ts';
import { setActionLabel } from './character-picker.tsx';
import {
  addCharacters,
  characterBook,
  deleteCharacter,
  saveCharacter,
  storageProblem,
} from './character-store.ts';

/** A set action as the form edits it: a name, and its steps or the lines on it. */
interface ActionDraft {
  readonly name: string;
  readonly steps: number;
  /** The lines on it, one a line; when any, steps = 1 + lines. */
  readonly lines: string;
}

/** The form's fields; what else the character had (a policy, Aura now…) is kept as it was. */
interface Draft {
  readonly key: string | undefined;
  readonly name: string;
  readonly titles: number;
  readonly titleNames: string;
  readonly auraMax: number;
  readonly boosts: number;
  readonly explode: boolean;
  readonly actions: readonly ActionDraft[];
  readonly base: Character;
}

const NEW_CHARACTER: Character = { actions: { fight: 4 } };

function draftOf(key: string | undefined, character: Character): Draft {
  const titles = character.titles ?? 2;
  return {
    key,
    name: character.name ?? key ?? '',
    titles: typeof titles === 'number' ? titles : titles.length,
    titleNames: typeof titles === 'number' ? '' : titles.join('\n'),
    auraMax: character.auraMax ?? ROLL_DEFAULTS.auraMax,
    boosts: character.archetype?.boostsPerRoll ?? ROLL_DEFAULTS.boostsPerRoll,
    explode: character.archetype?.explode ?? ROLL_DEFAULTS.explode,
    actions: Object.entries(character.actions).map(([name, action]) => ({
      name,
      steps: typeof action === 'number' ? action : 1 + action.length,
      lines: typeof action === 'number' ? '' : action.join('\n'),
    })),
    base: character,
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The character a draft describes, in the scenario files' fields. */
function characterOf(draft: Draft): Character {
  const names = linesOf(draft.titleNames);
  return {
    ...draft.base,
    name: draft.name.trim() || undefined,
    titles: names.length ? names : draft.titles,
    auraMax: draft.auraMax,
    archetype: {
      ...draft.base.archetype,
      boostsPerRoll: draft.boosts,
      explode: draft.explode,
      // A depth is read only with exploding dice (refused without): it goes with Warrior.
      ...(draft.explode ? {} : { explodeDepth: undefined }),
    },
    actions: Object.fromEntries(
      draft.actions.map((a) => {
        const lines = linesOf(a.lines);
        return [a.name.trim(), lines.length ? lines : a.steps];
      }),
    ),
  };
}

/**
 * The player's characters, kept in this browser (nothing leaves the device): each with its set
 * actions to tap (the question opens in Best split), edit, export as a file and delete; a new
 * one; and import from a file, this page's export or a scenario file's `characters:`.
 */
export function CharactersView({ state }: ViewProps) {
  const book = characterBook.value;
  const [draft, setDraft] = useState<Draft | undefined>(undefined);
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [note, setNote] = useState<string | undefined>(undefined);
  // A pressed button that goes (New character, Save, Cancel, Delete, a set action's Remove)
  // takes the keyboard's focus with it (WCAG 2.4.3); Edit's form opens at the end of the page,
  // far from it. Each names where the focus goes, found once the view shows the draft or the
  // book it made (not at an earlier render's effect, which would find the control still there).
  const view = useRef<HTMLDivElement>(null);
  const nextFocus = useRef<{ find: FocusNext; shown: Draft | CharacterBook | undefined }>(
    undefined,
  );
  const focusNext: FocusNextWhen = (find, shown) => {
    nextFocus.current = { find, shown };
  };
  useLayoutEffect(() => {
    const next = nextFocus.current;
    if (!next || (next.shown !== draft && next.shown !== book)) return;
    nextFocus.current = undefined;
    if (view.current) next.find(view.current)?.focus();
  });
  const openForm = (opened: Draft) => {
    setDraft(opened);
    focusNext(nameField, opened);
  };

  const importFile = async (file: File) => {
    const read = parseCharacterFile(await file.text(), file.name);
    if (!read.ok) {
      setProblems(read.problems);
      setNote(undefined);
      return;
    }
    addCharacters(read.characters);
    setProblems([]);
    const names = Object.entries(read.characters).map(([k, c]) => c.name ?? k);
    setNote(`Imported ${names.join(', ')}.`);
  };

  const save = (d: Draft) => {
    const key = d.key ?? keyFor(d.name, book);
    // Checked as a file is: the scenario loader's schema names what is wrong.
    const read = parseCharacterFile(characterFile(key, characterOf(d)), 'this character');
    if (!read.ok) {
      setProblems(read.problems.map((p) => p.replace(/^this character:\d+:\d+: /, '')));
      return;
    }
    saveCharacter(key, read.characters[key]!);
    setProblems([]);
    setDraft(undefined);
    focusNext((root) => editButton(root, key), characterBook.value);
    setNote(`Saved ${d.name || key}.`);
  };

  return (
    <div class="characters" ref={view}>
      <p class="muted small">
        Kept in this browser on this device only; nothing is sent anywhere. Export a character to
        keep it elsewhere or give it to a friend.
      </p>
      {storageProblem.value ? <p class="error-text">{storageProblem.value}</p> : null}
      {Object.keys(book).length === 0 && !draft ? (
        <p>No character yet: make one, or import a file (a scenario file's characters too).</p>
      ) : null}
      {/* No list while there is none: an empty one is still read out ("list, 0 items"); a
          hidden one is neither drawn nor read. */}
      <ul class="character-list" hidden={Object.keys(book).length === 0}>
        {Object.entries(book).map(([key, character]) => (
          <li key={key} class="card character-card" data-character={key}>
            <h3>{character.name ?? key}</h3>
            <p class="muted small">{summary(character)}</p>
            <fieldset class="set-actions">
              <legend class="visually-hidden">Set actions of {character.name ?? key}</legend>
              {Object.keys(character.actions).map((action) => (
                <button
                  key={action}
                  type="button"
                  class="set-action"
                  onClick={() =>
                    showView(
                      'splits',
                      setActionQuestion({ character, key, action }, undefined, state.tags),
                    )
                  }
                >
                  {setActionLabel(book, key, action)}
                </button>
              ))}
            </fieldset>
            <div class="card-actions">
              <button
                type="button"
                data-edit={key}
                onClick={() => openForm(draftOf(key, character))}
              >
                Edit
              </button>
              <button
                type="button"
                aria-label={`Export ${character.name ?? key} as a file (${key}.json)`}
                onClick={() =>
                  saveFile(`${key}.json`, 'application/json', characterFile(key, character))
                }
              >
                Export
              </button>
              <button
                type="button"
                aria-label={`Delete ${character.name ?? key}`}
                onClick={() => {
                  if (!confirm(`Delete ${character.name ?? key} from this browser?`)) return;
                  const keys = Object.keys(book);
                  const next = keys[keys.indexOf(key) + 1];
                  deleteCharacter(key);
                  // Its open form goes with it: Save would bring it back, Cancel go to its Edit.
                  if (draft?.key === key) {
                    setDraft(undefined);
                    setProblems([]);
                  }
                  // New character is not drawn while another character's form is open.
                  focusNext(
                    (root) =>
                      next === undefined
                        ? (newButton(root) ?? nameField(root))
                        : editButton(root, next),
                    characterBook.value,
                  );
                }}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {draft ? (
        <CharacterForm
          draft={draft}
          change={setDraft}
          focusNext={focusNext}
          save={() => save(draft)}
          cancel={() => {
            const opener = draft.key;
            setDraft(undefined);
            setProblems([]);
            focusNext(
              (root) => (opener === undefined ? newButton(root) : editButton(root, opener)),
              undefined,
            );
          }}
        />
      ) : (
        <div class="card-actions">
          <button
            type="button"
            id="new-character"
            onClick={() => openForm(draftOf(undefined, NEW_CHARACTER))}
          >
            New character
          </button>
          <input
            id="import-characters"
            class="visually-hidden"
            type="file"
            accept=".json,.yaml,.yml,application/json,text/yaml"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void importFile(file);
            }}
          />
          <label class="file-button" for="import-characters">
            Import a file…
          </label>
        </div>
      )}
      {problems.length ? (
        <ul class="problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : null}
      {note ? (
        <p class="muted" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}

/** "2 Titles · Aura cap 5 · one +2 a roll · Warrior". */
function summary(character: Character): string {
  const titles = character.titles ?? 2;
  const count = typeof titles === 'number' ? titles : titles.length;
  const boosts = character.archetype?.boostsPerRoll ?? ROLL_DEFAULTS.boostsPerRoll;
  return [
    `${count} Title${count === 1 ? '' : 's'}`,
    `Aura cap ${character.auraMax ?? ROLL_DEFAULTS.auraMax}`,
    `${boosts} +2${boosts === 1 ? '' : 's'} a roll`,
    character.archetype?.explode ? 'Warrior' : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Where the focus goes once the view is drawn again: a control inside the view's root. */
type FocusNext = (root: HTMLElement) => HTMLElement | null;

/** Asks for the focus to go to FIND's control once the view shows SHOWN (a draft, the book). */
type FocusNextWhen = (find: FocusNext, shown: Draft | CharacterBook | undefined) => void;

const nameField: FocusNext = (root) => root.querySelector('#character-name');
const newButton: FocusNext = (root) => root.querySelector('#new-character');
const editButton = (root: HTMLElement, key: string) =>
  root.querySelector<HTMLElement>(`[data-edit="${CSS.escape(key)}"]`);

interface FormProps {
  readonly draft: Draft;
  readonly change: (draft: Draft) => void;
  /** Where the focus goes once the form shows a draft (a removed set action's Remove goes). */
  readonly focusNext: FocusNextWhen;
  readonly save: () => void;
  readonly cancel: () => void;
}

/** Editing one character: the fields of a scenario file's character that a player sets. */
function CharacterForm({ draft, change, focusNext, save, cancel }: FormProps) {
  const set = (patch: Partial<Draft>) => change({ ...draft, ...patch });
  const setAction = (i: number, patch: Partial<ActionDraft>) =>
    set({ actions: draft.actions.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const named = linesOf(draft.titleNames).length;
  // A whole number of the draft, from 0 to `max`, its input `character-<id>`.
  const count = (
    key: 'auraMax' | 'boosts',
    id: string,
    label: string,
    max: number,
    hint?: string,
  ) => (
    <NumberField
      id={`character-${id}`}
      label={label}
      {...(hint ? { hint } : {})}
      value={draft[key]}
      min={0}
      max={max}
      onChange={(value) => set({ [key]: value })}
    />
  );
  return (
    <form
      class="card character-form"
      aria-label={draft.key ? `Edit ${draft.name}` : 'New character'}
      // The fields' own messages say what is wrong, not the browser's bubble.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A field whose typed text is refused keeps its last good value: saving would save that,
        // not what the field shows and flags.
        const invalid = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
        if (invalid) {
          invalid.focus();
          return;
        }
        save();
      }}
    >
      <div class="field">
        <label for="character-name">Name</label>
        <input
          id="character-name"
          type="text"
          value={draft.name}
          onInput={(event) => set({ name: event.currentTarget.value })}
        />
      </div>
      <div class="field-row">
        <NumberField
          id="character-titles"
          label="Titles"
          hint={named ? `${named} named below` : 'Resolve starts at the Titles'}
          value={named || draft.titles}
          min={0}
          max={ROLL_LIMITS.resolve}
          onChange={(titles) => set({ titles })}
        />
        {count('auraMax', 'aura-max', 'Aura cap', ROLL_LIMITS.auraMax)}
        {count('boosts', 'boosts', '+2s a roll', ROLL_LIMITS.boostsPerRoll, "The archetype's")}
      </div>
      <div class="field">
        <label for="character-title-names">Titles by name (optional, one a line)</label>
        <textarea
          id="character-title-names"
          rows={2}
          value={draft.titleNames}
          onInput={(event) => set({ titleNames: event.currentTarget.value })}
        />
      </div>
      <ToggleField
        id="character-explode"
        label="Warrior"
        hint="A top face rolls again and adds"
        checked={draft.explode}
        onChange={(explode) => set({ explode })}
      />
      <fieldset class="set-action-fields">
        <legend>Set actions</legend>
        {draft.actions.map((action, i) => {
          const lines = linesOf(action.lines).length;
          return (
            <div key={i} class="set-action-row">
              <div class="field">
                <label for={`action-name-${i}`}>Name</label>
                <input
                  id={`action-name-${i}`}
                  type="text"
                  value={action.name}
                  placeholder="fight"
                  onInput={(event) => setAction(i, { name: event.currentTarget.value })}
                />
              </div>
              <NumberField
                id={`action-steps-${i}`}
                label="Steps"
                hint={lines ? `1 + ${lines} lines` : undefined}
                value={lines ? 1 + lines : action.steps}
                min={1}
                max={ROLL_LIMITS.steps}
                onChange={(steps) => setAction(i, { steps })}
              />
              <div class="field">
                <label for={`action-lines-${i}`}>Lines on it (optional, one a line)</label>
                <textarea
                  id={`action-lines-${i}`}
                  rows={2}
                  value={action.lines}
                  onInput={(event) => setAction(i, { lines: event.currentTarget.value })}
                />
              </div>
              <button
                type="button"
                class="remove-set-action"
                aria-label={`Remove the set action ${action.name || i + 1}`}
                onClick={() => {
                  const actions = draft.actions.filter((_, j) => j !== i);
                  const next = { ...draft, actions };
                  change(next);
                  // The next set action's Remove, else the one before's, else Add a set action.
                  focusNext(
                    (root) =>
                      root.querySelectorAll<HTMLElement>('.remove-set-action')[
                        Math.min(i, actions.length - 1)
                      ] ?? root.querySelector('#add-set-action'),
                    next,
                  );
                }}
              >
                Remove
              </button>
            </div>
          );
        })}
        <button
          type="button"
          id="add-set-action"
          onClick={() => set({ actions: [...draft.actions, { name: '', steps: 4, lines: '' }] })}
        >
          Add a set action
        </button>
      </fieldset>
      <div class="card-actions">
        <button
          type="submit"
          class="primary"
          // Focus stays in the field typed in: leaving it would put back its last good value and
          // drop its message before Save sees it.
          onMouseDown={(event) => event.preventDefault()}
        >
          Save
        </button>
        <button type="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
