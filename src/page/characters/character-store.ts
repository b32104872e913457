import { signal } from '@preact/signals';
import { type Character, type CharacterBook, parseCharacterFile } from './character-book.ts';

/** Where the browser keeps the characters (this device only: nothing is sent anywhere). */
export const CHARACTERS_STORAGE_KEY = 'dicelab.characters.v1';

/** The saved characters, by key. */
export const characterBook = signal<CharacterBook>(readStored());

/** Why the characters cannot be kept across visits, when they cannot (private browsing…). */
export const storageProblem = signal<string | undefined>(undefined);

/**
 * The stored characters, read as any character file is (a store damaged or written by another
 * version reads as none, and says so, rather than filling the page with wrong numbers).
 */
function readStored(): CharacterBook {
  let text: string | null;
  try {
    text = localStorage.getItem(CHARACTERS_STORAGE_KEY);
  } catch {
    return {};
  }
  if (text === null) return {};
  const read = parseCharacterFile(text, 'saved characters');
  return read.ok ? read.characters : {};
}

function store(book: CharacterBook): void {
  characterBook.value = book;
  try {
    localStorage.setItem(CHARACTERS_STORAGE_KEY, JSON.stringify({ characters: book }));
    storageProblem.value = undefined;
  } catch (error) {
    storageProblem.value = `This browser would not keep them after the page closes (${(error as Error).name}): export them to keep them.`;
  }
}

/** Saves (adds or replaces) the character `key`. */
export function saveCharacter(key: string, character: Character): void {
  store({ ...characterBook.value, [key]: character });
}

/** Adds characters read from a file; a key already saved is replaced. */
export function addCharacters(characters: CharacterBook): void {
  store({ ...characterBook.value, ...characters });
}

/** Forgets the character `key`. */
export function deleteCharacter(key: string): void {
  const { [key]: _gone, ...rest } = characterBook.value;
  store(rest);
}
