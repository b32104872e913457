import { signal } from '@preact/signals';
import type { PageState } from '../page-state.ts';
import {
  type CharacterBook,
  type SetActionChoice,
  setActionQuestion,
  setActionSteps,
} from './character-book.ts';
import { characterBook } from './character-store.ts';

/** The character picked, and the friend's set action joined to the roll ("key/action"), if any. */
const picked = signal<string | undefined>(undefined);
const combo = signal<string>('');

/** Props of {@link CharacterPicker}. */
export interface CharacterPickerProps {
  readonly state: PageState;
  readonly update: (patch: Partial<PageState>) => void;
  /** The view's name, for the controls' ids (one picker a view). */
  readonly view: string;
}

/** "Fight · 6 steps". */
export function setActionLabel(book: CharacterBook, key: string, action: string): string {
  return `${action} · ${setActionSteps(book[key]!, action)} steps`;
}

/**
 * The saved characters at the top of Best split, Mid-roll and Fight: pick one and tap a set
 * action ("Fight · 6 steps") to ask this view's question with its steps and the character's
 * Aura, Resolve, Titles and archetype; "Combo with" joins a friend's set action to the roll.
 * Nothing when no character is saved.
 */
export function CharacterPicker({ state, update, view }: CharacterPickerProps) {
  const book = characterBook.value;
  const keys = Object.keys(book);
  if (keys.length === 0) return null;
  const key = picked.value !== undefined && book[picked.value] ? picked.value : keys[0]!;
  const character = book[key]!;
  const friends = keys.flatMap((k) =>
    Object.keys(book[k]!.actions).map((action) => ({
      value: `${k}/${action}`,
      label: `${book[k]!.name ?? k}: ${setActionLabel(book, k, action)}`,
      choice: { character: book[k]!, key: k, action } as SetActionChoice,
    })),
  );
  const friend = friends.find((f) => f.value === combo.value);
  const use = (action: string) =>
    update(setActionQuestion({ character, key, action }, friend?.choice, state.tags));
  return (
    <section class="character-picker" aria-label="Your characters">
      <div class="field">
        <label for={`${view}-character`}>Character</label>
        <select
          id={`${view}-character`}
          value={key}
          onChange={(event) => (picked.value = event.currentTarget.value)}
        >
          {keys.map((k) => (
            <option key={k} value={k}>
              {book[k]!.name ?? k}
            </option>
          ))}
        </select>
      </div>
      <fieldset class="set-actions">
        <legend class="visually-hidden">Set actions of {character.name ?? key}</legend>
        {Object.keys(character.actions).map((action) => (
          <button key={action} type="button" class="set-action" onClick={() => use(action)}>
            {setActionLabel(book, key, action)}
          </button>
        ))}
      </fieldset>
      <details class="combo" open={friend !== undefined}>
        <summary>
          Combo with a friend{friend ? <span class="summary-note">{friend.label}</span> : null}
        </summary>
        <div class="field">
          <label for={`${view}-combo`}>Their set action</label>
          <select
            id={`${view}-combo`}
            value={combo.value}
            onChange={(event) => (combo.value = event.currentTarget.value)}
          >
            <option value="">no one (a roll of one action)</option>
            {friends.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
          <small class="hint">
            It adds its steps and one more split; the roll is {character.name ?? key}'s.
          </small>
        </div>
      </details>
    </section>
  );
}
