// Writes the table of the offline page's link keys into README.md (between its marks), from the
// keys themselves (src/page/page-state.ts). Run after changing a key: `npm run docs:page-keys`.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { fragmentKeysTable, KEYS_TABLE_MARKS } from '../src/page/fragment-keys-table.ts';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const text = await readFile(readme, 'utf8');
const start = text.indexOf(KEYS_TABLE_MARKS.start);
const end = text.indexOf(KEYS_TABLE_MARKS.end);
if (start < 0 || end < start) {
  process.stderr.write(
    `page-keys-doc: README.md has no ${KEYS_TABLE_MARKS.start} … ${KEYS_TABLE_MARKS.end}\n`,
  );
  process.exit(1);
}
const table = `${KEYS_TABLE_MARKS.start}\n${fragmentKeysTable()}\n`;
await writeFile(readme, text.slice(0, start) + table + text.slice(end));
process.stdout.write(`wrote the page's link keys into ${readme}\n`);
