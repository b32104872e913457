import { NumberField } from './number-field.tsx';

/** Props of {@link FacePicker}. */
export interface FacePickerProps {
  /** Unique among the page's pickers: the radio group's name and its inputs' ids. */
  readonly name: string;
  /** "d8 (intent 1)": the die, for the legend and screen readers. */
  readonly die: string;
  readonly sides: number;
  readonly value: number | null | undefined;
  readonly onChange: (face: number) => void;
  /** Faces past the die's sides (an exploding die's chain total, up to this). */
  readonly most?: number;
}

/** A face picker's label's last word, which its legend keeps beside the face shown. */
const SHOWS = 'shows';

/** A face picker's label: "d8 (intent 1) shows". */
export function faceLabel(die: string): string {
  return `${die} ${SHOWS}`;
}

/** Most faces drawn as buttons; a bigger die (a high Challenge's) gets a number field. */
const MOST_BUTTONS = 20;

/**
 * The face a die shows, picked with one tap: rows of radio buttons 1..N (real radios, so
 * arrow keys and screen readers know them), each at least a thumb wide on a phone. An
 * exploding die, whose chain total can pass its sides, and dice too big for a row of buttons
 * get a number field instead.
 */
export function FacePicker({ name, die, sides, value, onChange, most = sides }: FacePickerProps) {
  if (most > sides || sides > MOST_BUTTONS)
    return (
      <NumberField
        id={name}
        label={faceLabel(die)}
        hint={
          most > sides
            ? `Its chain total: ${sides === 8 ? 'an' : 'a'} ${sides} rolls again and adds`
            : undefined
        }
        value={value ?? undefined}
        min={1}
        max={most}
        onChange={onChange}
      />
    );
  return (
    <fieldset class="field face-picker">
      <legend>
        {die}{' '}
        {/* One unbreakable piece: on a narrow phone the face wrapped alone onto a line of its own. */}
        <span class="face-shows">
          {SHOWS}{' '}
          <span class="face-shown" aria-hidden="true">
            {value ?? '?'}
          </span>
        </span>
      </legend>
      <div
        class="faces"
        style={ROW_LIMITS.map((limit) => `--columns-${limit}: ${columns(sides, limit)}`).join('; ')}
      >
        {Array.from({ length: sides }, (_, i) => i + 1).map((face) => (
          <label key={face} class="face">
            <input
              type="radio"
              name={name}
              id={`${name}-${face}`}
              value={face}
              checked={value === face}
              onChange={() => onChange(face)}
            />
            <span class="face-number">{face}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The most faces a row may hold: 8 at a desk; on a phone, 6 or 5 where 8 faces would be
 * narrower than a thumb. The picker's style gives its faces to a row for each limit as
 * `--columns-<limit>`, and page.css picks one by the picker's width.
 */
const ROW_LIMITS = [8, 6, 5] as const;

/** Faces to a row: up to LIMIT, rows of equal length (a d10 in two rows of 5, a d12 of 6). */
function columns(sides: number, limit: number): number {
  const rows = Math.ceil(sides / limit);
  return Math.ceil(sides / rows);
}
