import { toCsv } from '../report/csv.ts';

/** Downloads `text` as the file `name`, made in the page: nothing is fetched or sent. */
export function saveFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Props of {@link ExportButtons}. */
export interface ExportButtonsProps<Row extends object> {
  /** File name stem: "<stem>.csv" and "<stem>.json". */
  readonly stem: string;
  readonly rows: readonly Row[];
  /** The CSV's columns (the CLI's own for the same analysis). */
  readonly columns: readonly { readonly key: keyof Row & string; readonly header: string }[];
  /** What the JSON carries besides the rows: the question (its link and command). */
  readonly about: Readonly<Record<string, unknown>>;
}

/**
 * Downloads the table on screen: CSV as `dicelab … --format csv` writes it (every figure in
 * full), and JSON with the question beside the rows. Built in the page: nothing is fetched.
 */
export function ExportButtons<Row extends object>({
  stem,
  rows,
  columns,
  about,
}: ExportButtonsProps<Row>) {
  return (
    <div class="export">
      <button
        type="button"
        onClick={() => saveFile(`${stem}.csv`, 'text/csv', toCsv(rows, columns))}
        aria-label={`Download the table as CSV (${stem}.csv)`}
      >
        CSV
      </button>
      <button
        type="button"
        onClick={() =>
          saveFile(
            `${stem}.json`,
            'application/json',
            `${JSON.stringify({ ...about, rows }, null, 2)}\n`,
          )
        }
        aria-label={`Download the table as JSON (${stem}.json)`}
      >
        JSON
      </button>
    </div>
  );
}
