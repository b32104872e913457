import type { TableCells } from './table-cells.ts';

/** A link from a report section to a file next to the page. */
export interface ReportLink {
  /** What the reader sees: "CSV", "PNG", "Vega-Lite spec". */
  readonly label: string;
  /** A relative path ("win-by-challenge.csv"); absolute URLs are refused. */
  readonly href: string;
}

/** One chart of a report page, with its explanation, its files and its numbers. */
export interface ReportSection {
  /** Anchor of the section in the page ("win-by-challenge"); unique within the page. */
  readonly id: string;
  /**
   * Heading over the question: what the chart is of, where its question alone does not say (a
   * scenario's analysis: its key, character and threats); the question is then a subheading.
   */
  readonly label?: string;
  /** Heading: the question the chart answers. */
  readonly title: string;
  /** A short paragraph: what is plotted and how to read it. */
  readonly description?: string;
  /** The chart as an SVG document (from renderSvg); inlined, with its ids made unique. */
  readonly svg?: string;
  readonly links?: readonly ReportLink[];
  /** The numbers behind the chart (from tableCells). */
  readonly table?: TableCells;
}

/** What {@link reportPage} takes. */
export interface ReportPage {
  readonly title: string;
  /** Paragraphs under the title on what the page is about (a scenario's description). */
  readonly about?: readonly string[];
  /** A paragraph under the title (and `about`). */
  readonly intro?: string;
  /** Links shown under the intro (the offline page beside the report). */
  readonly links?: readonly ReportLink[];
  readonly sections: readonly ReportSection[];
}

/**
 * One self-contained HTML page: title, about and intro, a table of contents, then per section a
 * heading (its label over its question), its description, the chart as inline SVG, links to its files and its table. It loads
 * nothing from anywhere (inline CSS, no scripts, no web fonts; a Content-Security-Policy
 * forbids fetches), so it reads the same offline. All text is escaped.
 * @example reportPage({ title: 'Zi\'Dara odds', sections: [{ id: 'odds', title: 'Q?' }] }).startsWith('<!DOCTYPE html>') // true
 */
export function reportPage(page: ReportPage): string {
  const seen = new Set<string>();
  for (const s of page.sections) {
    if (!/^[A-Za-z][A-Za-z0-9._-]*$/.test(s.id))
      throw new RangeError(`section id ${JSON.stringify(s.id)} is not a plain anchor name`);
    if (seen.has(s.id)) throw new RangeError(`section id ${JSON.stringify(s.id)} is used twice`);
    seen.add(s.id);
  }
  const toc = page.sections.length
    ? `<nav aria-label="Contents"><h2>Contents</h2><ol>${page.sections
        .map((s) => `<li><a href="#${s.id}">${escapeHtml(sectionName(s))}</a></li>`)
        .join('')}</ol></nav>`
    : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(page.title)}</title>`,
    `<style>${CSS}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(page.title)}</h1>`,
    ...(page.about ?? []).map((p) => `<p class="intro">${escapeHtml(p)}</p>`),
    page.intro ? `<p class="intro">${escapeHtml(page.intro)}</p>` : '',
    page.links?.length ? `<p class="intro">${linksHtml(page.links)}</p>` : '',
    toc,
    ...page.sections.map(sectionHtml),
    '</main>',
    '</body>',
    '</html>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** A section in the contents: its label and its question, or its question alone. */
function sectionName(s: ReportSection): string {
  return s.label === undefined ? s.title : `${s.label} — ${s.title}`;
}

function sectionHtml(s: ReportSection): string {
  const parts = [
    `<section id="${s.id}">`,
    ...(s.label === undefined
      ? [`<h2>${escapeHtml(s.title)}</h2>`]
      : [`<h2>${escapeHtml(s.label)}</h2>`, `<h3>${escapeHtml(s.title)}</h3>`]),
  ];
  if (s.description) parts.push(`<p>${escapeHtml(s.description)}</p>`);
  if (s.svg) parts.push(`<figure class="chart">${inlineSvg(s.svg, s.id)}</figure>`);
  if (s.links?.length) parts.push(`<p class="files">Files: ${linksHtml(s.links)}</p>`);
  if (s.table) parts.push(tableHtml(s.table));
  parts.push('</section>');
  return parts.join('\n');
}

function linksHtml(links: readonly ReportLink[]): string {
  return links
    .map((l) => `<a href="${escapeHtml(relativeHref(l.href))}">${escapeHtml(l.label)}</a>`)
    .join(' · ');
}

/** Tables longer than this are folded under their chart (a click opens them). */
export const OPEN_TABLE_ROWS = 12;

function tableHtml(t: TableCells): string {
  const cls = (c: number) => (t.alignRight[c] ? ' class="num"' : '');
  const head = t.headers.map((h, c) => `<th scope="col"${cls(c)}>${escapeHtml(h)}</th>`).join('');
  const body = t.rows
    .map(
      (row) => `<tr>${row.map((cell, c) => `<td${cls(c)}>${escapeHtml(cell)}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const table = `<div class="table"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table></div>`;
  if (t.rows.length <= OPEN_TABLE_ROWS) return table;
  return `<details class="table-rows"><summary>The table: ${t.rows.length} rows</summary>\n${table}\n</details>`;
}

/**
 * The least a chart is shrunk to fit a narrow screen, as a share of its own width: its 11 and
 * 12 px text stays about 9 px or more. A narrower screen scrolls the chart sideways.
 */
export const MIN_CHART_SCALE = 0.8;

/**
 * An SVG document made fit to sit inside HTML: no XML prolog or doctype, every id (clip
 * paths, gradients) prefixed with the section's id, so two charts' ids never collide, and a
 * least width of {@link MIN_CHART_SCALE} of its own (on a phone a chart shrunk to the screen
 * had 4 to 5 px text).
 */
function inlineSvg(svg: string, prefix: string): string {
  const body = svg
    .replace(/^\s*<\?xml[^>]*\?>\s*/, '')
    .replace(/^\s*<!DOCTYPE[^>]*>\s*/i, '')
    .trim();
  if (!body.startsWith('<svg')) throw new RangeError('a section svg must be an SVG document');
  const width = Number(/^<svg\b[^>]*?\swidth="([\d.]+)"/.exec(body)?.[1]);
  const sized =
    width > 0 && !/^<svg\b[^>]*?\sstyle=/.test(body)
      ? body.replace(/^<svg\b/, `<svg style="min-width: ${Math.round(width * MIN_CHART_SCALE)}px"`)
      : body;
  const ids = new Set([...sized.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]!));
  if (ids.size === 0) return sized;
  return sized.replace(/(\bid="|url\(#|href="#)([^")]+)/g, (whole, lead: string, id: string) =>
    ids.has(id) ? `${lead}${prefix}-${id}` : whole,
  );
}

function relativeHref(href: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('/'))
    throw new RangeError(`report link ${JSON.stringify(href)} is not a relative path`);
  return encodeURI(href);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const CSS = `
:root { color-scheme: light; }
body { margin: 0; background: #fff; color: #1a1a1a;
  font: 16px/1.5 "DejaVu Sans", system-ui, -apple-system, "Segoe UI", sans-serif; }
main { max-width: 980px; margin: 0 auto; padding: 24px 20px 64px; }
h1 { font-size: 1.8em; margin: 0 0 0.4em; }
h2 { font-size: 1.3em; margin: 1.6em 0 0.4em; }
h3 { font-size: 1.1em; margin: 0.2em 0 0.4em; color: #333; }
nav h2 { font-size: 1.05em; margin-top: 1em; }
nav ol { margin: 0; padding-left: 1.4em; }
section { border-top: 1px solid #ddd; margin-top: 2em; }
.intro { color: #333; max-width: 70ch; }
figure.chart { margin: 1em 0; overflow-x: auto; }
figure.chart svg { display: block; max-width: 100%; height: auto; }
.files { font-size: 0.9em; color: #555; }
a { color: #0060a0; }
.table { overflow-x: auto; }
details.table-rows > summary { cursor: pointer; color: #555; margin: 0.5em 0; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0 1em; }
th, td { padding: 4px 10px; border-bottom: 1px solid #e4e4e4; text-align: left; white-space: nowrap; }
th { border-bottom: 2px solid #bbb; font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:nth-child(even) { background: #f7f7f7; }
`
  .trim()
  .replace(/\n\s*/g, ' ');
