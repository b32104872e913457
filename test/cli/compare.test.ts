import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { compareSystems, MAX_SPAN } from '../../src/systems/compare.ts';
import { RING_SKILL_LIMITS } from '../../src/systems/ring-skill/spec.ts';
import { ROLL_LIMITS } from '../../src/systems/zidara/roll/spec.ts';
import { validateVegaLite } from '../report/vega-lite-schema.ts';
import { runInProcess } from './run-in-process.ts';

/** RFC 4180 lines with no quoted commas (the compare CSV has none): header, then cells. */
function readCsv(text: string): string[][] {
  return text
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('dicelab compare', () => {
  it('refuses, before the analysis runs, an --out where a folder stands in the place of one of the chart files', async () => {
    // A spy that calls through: it only counts the analyses run.
    const run = vi.spyOn(await import('../../src/systems/run-analysis.ts'), 'runAnalysis');
    const out = await mkdtemp(join(tmpdir(), 'dicelab-compare-'));
    try {
      await mkdir(join(out, 'compare.png'));
      const { code, stdout, stderr } = await runInProcess(['compare', '--out', out]);
      expect(stderr).toBe(
        `dicelab: --out: ${JSON.stringify(out)} is not allowed (expected a folder dicelab can write files in, but ${join(out, 'compare.png')} is a folder)\n`,
      );
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(run).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      await rm(out, { recursive: true, force: true });
    }
  });

  it('prints the five systems in one table, the question first and the findings last', async () => {
    const { code, stdout, stderr } = await runInProcess(['compare']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe("How steep is each system's curve around ordinary competence?");
    // The chart's subtitle (what ordinary is, the Zi'Dara setup) heads the table too.
    expect(lines[1]).toMatch(/^Ordinary \(0\): Zi'Dara 5 steps vs C3 \(d6\)/);
    expect(lines[2]).toBe('Where a line stops, its system has no such competence: d6 pool at +2');
    expect(lines[4]).toMatch(/^Zi'Dara: unsplit pool · Aura 5 of 5/);
    expect(lines[5]).toMatch(/^System\s+Level\s+Position\s+Full success\s+Partial\s+Failure$/);
    expect(stdout).toMatch(/^d6 pool: stat\s+stat 3\s+0 \(ordinary\)\s+25\.9%\s+44\.4%\s+29\.6%$/m);
    expect(stdout).toMatch(
      /^2d6 \+ tags: modifier\s+2d6\+0: 0 tags\s+−1\s+16\.7%\s+41\.7%\s+41\.7%$/m,
    );
    expect(stdout).toMatch(
      /^Zi'Dara: steps vs C3 \(d6\)\s+5 steps: d10\s+0 \(ordinary\)\s+65\.0%\s+25\.0%\s+10\.0%$/m,
    );
    expect(lines.at(-2)).toMatch(/^At ordinary competence \(full \/ partial \/ failure\): /);
    expect(lines.at(-1)).toMatch(/^Per point of competence around ordinary/);
  });

  it('writes a CSV that reads back to the exact rows', async () => {
    const { code, stdout } = await runInProcess([
      'compare',
      '--vs',
      '4',
      '--tn',
      '3',
      '--format',
      'csv',
    ]);
    expect(code).toBe(0);
    const [head, ...body] = readCsv(stdout);
    expect(head).toEqual(['system', 'level', 'position', 'full', 'partial', 'failure']);
    const rows = compareSystems({ challenge: 4, tn: 3 });
    expect(body).toHaveLength(rows.length);
    body.forEach((cells, i) => {
      const row = rows[i]!;
      expect(cells).toEqual([
        row.system,
        row.level,
        String(row.position),
        ...[row.full, row.partial, row.failure].map(String),
      ]);
      expect(cells.slice(3).map(Number)).toEqual([row.full, row.partial, row.failure]);
    });
  });

  it("gives Zi'Dara's figures to 12 places, without the floating-point noise of its subtraction", async () => {
    // Before, "zidara,5 steps: d10,0,0.65,0.2500000000000001,0.09999999999999987".
    const { code, stdout } = await runInProcess(['compare', '--format', 'csv']);
    expect(code).toBe(0);
    const zidara = readCsv(stdout).filter((cells) => cells[0] === 'zidara');
    expect(zidara.find((cells) => cells[2] === '0')).toEqual([
      'zidara',
      '5 steps: d10',
      '0',
      '0.65',
      '0.25',
      '0.1',
    ]);
    for (const cells of zidara)
      for (const figure of cells.slice(3)) expect(figure).toMatch(/^(0|1|0\.\d{1,12})$/);
    const json = JSON.parse((await runInProcess(['compare', '--format', 'json'])).stdout);
    const ordinary = json.rows.find(
      (r: { system: string; position: number }) => r.system === 'zidara' && r.position === 0,
    );
    expect([ordinary.full, ordinary.partial, ordinary.failure]).toEqual([0.65, 0.25, 0.1]);
  });

  it('prints JSON with the rows and findings, and takes --span and --pool', async () => {
    const { code, stdout } = await runInProcess([
      'compare',
      '--span',
      '1',
      '--pool',
      'best',
      '--format',
      'json',
    ]);
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.analysis).toBe('compare-systems');
    expect(out.rows).toEqual(compareSystems({ span: 1, pool: 'best' }));
    expect(out.rows.every((r: { position: number }) => Math.abs(r.position) <= 1)).toBe(true);
    expect(out.findings).toHaveLength(2);
  });

  it('writes the chart’s four files with --out, the spec valid', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dicelab-compare-'));
    try {
      const { code, stderr } = await runInProcess(['compare', '--out', dir, '--format', 'csv']);
      expect(code).toBe(0);
      expect(stderr).toMatch(
        /^wrote .*compare\.csv, .*compare\.vl\.json, .*compare\.svg, .*compare\.png\n$/,
      );
      expect((await readdir(dir)).sort()).toEqual([
        'compare.csv',
        'compare.png',
        'compare.svg',
        'compare.vl.json',
      ]);
      const spec = JSON.parse(await readFile(join(dir, 'compare.vl.json'), 'utf8'));
      expect(validateVegaLite(spec)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [['--vs', '0'], /--vs: "0" is not allowed \(expected an integer from 1 to 50\)/],
    [['--tn', 'two'], /--tn: "two" is not allowed/],
    [['--span', '4'], /--span: "4" is not allowed \(expected an integer from 1 to 3\)/],
    // Before, commander's own words: "… is invalid. Allowed choices are table, csv, json."
    [['--pool', 'widest'], /--pool: "widest" is not allowed \(expected one of best, natural\)/],
    [['--format', 'xml'], /--format: "xml" is not allowed \(expected one of table, csv, json\)/],
    [['--frobnicate'], /unknown option '--frobnicate'/],
  ])('refuses %j in one line with exit status 2', async (args, message) => {
    const { code, stdout, stderr } = await runInProcess(['compare', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(message);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('explains the anchors and the bands, with examples, in --help', async () => {
    const { code, stdout } = await runInProcess(['compare', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('stat 3 (stats 1-4 only)');
    expect(stdout).toContain('Examples:');
    expect(stdout).toContain('dicelab compare --vs 4 --tn 3 --span 3');
  });

  it('gives --vs, --tn and --span their bounds in --help', async () => {
    const { stdout } = await runInProcess(['compare', '--help']);
    const help = stdout.replace(/\s+/g, ' ');
    expect(help).toContain(`is against (it rolls d2C), 1 to ${ROLL_LIMITS.challenge}`);
    expect(help).toContain(`the target number of successes, 1 to ${RING_SKILL_LIMITS.tn}`);
    expect(help).toContain(`on each side of ordinary, 1 to ${MAX_SPAN}`);
  });

  it('docs/compare.md states the changes per point that the findings print, to the digit', async () => {
    const { stdout } = await runInProcess(['compare']);
    const findings = stdout.trimEnd().split('\n').at(-1)!;
    const [, fullText, failureText] = /full success moves (.*); failure (.*)\.$/.exec(findings)!;
    /** "+22.5 pts (Ring and Skill), …" as each system's figure, without its unit. */
    const figures = (text: string) =>
      new Map([...text.matchAll(/([+−][\d.]+) pts \(([^)]+)\)/g)].map((m) => [m[2]!, m[1]!]));
    const full = figures(fullText!);
    const failure = figures(failureText!);
    const doc = (await readFile('docs/compare.md', 'utf8')).replace(/\s+/g, ' ');
    // The page names the systems in its own words, in the findings' order (steepest first).
    const said = [
      ...doc.matchAll(
        /([+−][\d.]+)(?: pts per die)? for (Ring and Skill|the d6 pool|2d6|the d12|Zi'Dara)\b/g,
      ),
    ];
    const name: Record<string, string> = {
      'Ring and Skill': 'Ring and Skill',
      'the d6 pool': 'd6 pool',
      '2d6': '2d6 + tags',
      'the d12': 'd12 safe roll',
      "Zi'Dara": "Zi'Dara",
    };
    expect(said.map((m) => [name[m[2]!], m[1]])).toEqual([...full]);
    const zidaraFailure = /its failure falls only ([\d.]+) pts per step/.exec(doc)?.[1];
    expect(`−${zidaraFailure}`).toBe(failure.get("Zi'Dara"));
  });
});
