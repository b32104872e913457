import { LineCounter, parseDocument } from 'yaml';
import { z } from '#zod';
import { collectionKey } from '../../input/collection-key.ts';
import { fieldPath } from '../../input/field-path.ts';
import { issueProblems } from '../../input/issue-messages.ts';
import { yamlLocator } from '../../input/yaml-locator.ts';
import { explicitTag, TAG_PARSE_OPTIONS } from '../../input/yaml-tag.ts';
import { characterProblems } from '../../scenario/plan-problem.ts';
import { setupOf, stepsOf, titleCount } from '../../scenario/resolve-figure.ts';
import { type Character, scenarioSchema } from '../../scenario/schema.ts';
import { stepsToDice } from '../../systems/zidara/roll/pool.ts';
import { ROLL_DEFAULTS, ROLL_LIMITS } from '../../systems/zidara/roll/spec.ts';
import { formatSplit } from '../../systems/zidara/roll/split.ts';
import type { PageState } from '../page-state.ts';

export type { Character };

/** Saved characters by key, as a scenario file's `characters:` holds them. */
export type CharacterBook = Readonly<Record<string, Character>>;

/**
 * A file of characters: a scenario file's `characters:` section and nothing else read (the
 * rest of a scenario file is the designer's). The section's schema is the scenario loader's
 * own, so a character reads the same in a scenario file, an export and the browser's store.
 */
const charactersFile = z.object({
  characters: scenarioSchema.shape.characters.unwrap(),
});

/** A character file read: its characters, or every problem as `file:line:col: message`. */
export type CharacterFileParse =
  | { readonly ok: true; readonly characters: CharacterBook }
  | { readonly ok: false; readonly problems: readonly string[] };

/** Most problems of a file shown at once. */
const MOST_PROBLEMS = 20;
/** YAML alias expansions allowed, as for scenario files (an alias bomb is refused). */
const MOST_ALIASES = 100;

/**
 * Reads a character file: YAML or JSON (an export of this page, a scenario file), checked with
 * the scenario loader's schema for characters and its meaning checks (Aura within its cap,
 * Resolve within the Titles). Pure: the caller reads the file.
 * @example parseCharacterFile('characters:\n  vesk: { actions: { locks: 5 } }\n', 'vesk.yaml') // { ok: true, characters: { vesk: { actions: { locks: 5 } } } }
 */
export function parseCharacterFile(text: string, file: string): CharacterFileParse {
  const lines = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter: lines,
    uniqueKeys: true,
    prettyErrors: false,
    ...TAG_PARSE_OPTIONS,
  });
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length > 0)
    return {
      ok: false,
      problems: doc.errors
        .slice(0, MOST_PROBLEMS)
        .map((e) => `${at(e.pos[0])}: ${e.message.split('\n')[0]}`),
    };
  // Before toJS, which would make such a key text and say so on the browser's console.
  const keyed = collectionKey(doc);
  if (keyed) return { ok: false, problems: [`${at(keyed.offset)}: ${keyed.message}`] };
  // Before toJS too, which would make bytes or a date of a YAML 1.1 tag, or text of an unknown one.
  const tagged = explicitTag(doc);
  if (tagged) return { ok: false, problems: [`${at(tagged.offset)}: ${tagged.message}`] };
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: MOST_ALIASES });
  } catch (error) {
    return { ok: false, problems: [`${file}: ${(error as Error).message.split('\n')[0]}`] };
  }
  const locate = yamlLocator(doc, lines);
  const where = (path: Parameters<typeof locate>[0], key = false) => {
    const { line, col } = locate(path, { key });
    return `${file}:${line}:${col}`;
  };
  if (value === null || typeof value !== 'object' || !('characters' in value))
    return {
      ok: false,
      problems: [
        `${file}:1:1: characters: missing (expected a mapping of character keys to characters, as in a scenario file)`,
      ],
    };
  const parsed = charactersFile.safeParse(value);
  if (!parsed.success)
    return {
      ok: false,
      problems: issueProblems(parsed.error.issues, charactersFile, value)
        .slice(0, MOST_PROBLEMS)
        .map((p) => `${where(p.path, p.atKey)}: ${p.message}`),
    };
  const meaning = Object.entries(parsed.data.characters).flatMap(([key, character]) =>
    characterProblems(key, character).map((p) => `${where(fieldPath(p.field))}: ${p.message}`),
  );
  if (meaning.length > 0) return { ok: false, problems: meaning.slice(0, MOST_PROBLEMS) };
  return { ok: true, characters: parsed.data.characters };
}

/**
 * One character as a file this page (or `dicelab check`) reads: its own `characters:` section,
 * in JSON (YAML reads JSON too).
 */
export function characterFile(key: string, character: Character): string {
  return `${JSON.stringify({ characters: { [key]: character } }, null, 2)}\n`;
}

/** A set action's steps: its number, or 1 for the action and 1 a line. */
export function setActionSteps(character: Character, action: string): number {
  return stepsOf({ action }, character, action, (f) => f, true)!;
}

/** A set action chosen for a roll: whose, and which. */
export interface SetActionChoice {
  readonly character: Character;
  readonly key: string;
  readonly action: string;
}

/**
 * The page's question for a character's set action: its steps (one split: one action), and the
 * character's Aura cap and Aura, Resolve (default: the Titles), Titles for a fight, the
 * archetype's +2s and Warrior, late Aura and what leftovers are worth. A combo adds a friend's
 * set action: its steps join the roll and it brings one more split (every action in a roll
 * gives one); the roll is still the character's own (their Aura, Resolve and archetype).
 * Mid-roll gets the roll's dice, one intent a die up to the threat's `tags` (the rest join the
 * last), ready for faces. Fields the character does not
 * set take the rules page's defaults, so a character replaces the last one entirely.
 */
export function setActionQuestion(
  roll: SetActionChoice,
  friend: SetActionChoice | undefined,
  tags: number,
): Partial<PageState> {
  const steps = Math.min(
    ROLL_LIMITS.steps,
    setActionSteps(roll.character, roll.action) +
      (friend ? setActionSteps(friend.character, friend.action) : 0),
  );
  const setup = setupOf(roll.character, roll.key);
  const auraMax = setup.auraMax ?? ROLL_DEFAULTS.auraMax;
  return {
    steps,
    actions: friend ? 2 : 1,
    pool: undefined,
    auraMax,
    aura: setup.aura === undefined || setup.aura === auraMax ? undefined : setup.aura,
    resolve: setup.resolve ?? ROLL_DEFAULTS.resolve,
    titles: titleCount(roll.character),
    boosts: setup.boostsPerRoll ?? ROLL_DEFAULTS.boostsPerRoll,
    explode: setup.explode ?? ROLL_DEFAULTS.explode,
    lateAura: !(setup.auraGainUsableSameRoll ?? ROLL_DEFAULTS.auraGainUsableSameRoll),
    auraValue: setup.auraValue ?? ROLL_DEFAULTS.auraValue,
    resolveValue: setup.resolveValue ?? ROLL_DEFAULTS.resolveValue,
    split: formatSplit(intentsOf(stepsToDice(steps), tags)),
    faces: [],
    defence: undefined,
    auraPending: 0,
  };
}

/** A key for a new character from its name: letters and digits, made unique in the book. */
export function keyFor(name: string, book: CharacterBook): string {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^[^a-z]+|-+$/g, '') || 'character';
  let key = base;
  for (let n = 2; Object.hasOwn(book, key); n++) key = `${base}-${n}`;
  return key;
}

/** Dice one intent each, up to `most` intents; the rest join the last. */
function intentsOf(dice: readonly number[], most: number): number[][] {
  const split = dice.slice(0, Math.max(1, most)).map((die) => [die]);
  split[split.length - 1]!.push(...dice.slice(split.length));
  return split;
}
