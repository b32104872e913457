import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess as cli } from './cli-in-process.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dicelab-ring-advise-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('dicelab ring-skill advise', () => {
  it('tells a player what to keep, in a sentence, with every keep ranked', async () => {
    const { status, stdout } = await cli(
      'ring-skill',
      'advise',
      '--ring',
      '2',
      '--skill',
      '1',
      '--tn',
      '2',
      '--ring-faces',
      '5,2',
      '--skill-faces',
      '11',
    );
    expect(status).toBe(0);
    expect(stdout).toContain(
      'Keep the success and the Skill explosive success: 100.0% to succeed, 0.00 strife expected.',
    );
    expect(stdout).toMatch(/Every keep \(\d+\), best first:/);
    expect(stdout).toContain('Then roll 1 Skill die for the explosion and keep, as it lands:');
  });

  it('shows the keep for each later wave, and no longer points to a flag or JSON field there is not', async () => {
    // Before, "Each later explosion: run advise on the check as it then stands, or see --json.",
    // though advise takes only a first roll and --json held only the first wave.
    const { status, stdout } = await cli(
      'ring-skill',
      'advise',
      ...['--ring', '1', '--skill', '1', '--tn', '1', '--ring-faces', '1', '--skill-faces', '11'],
    );
    expect(status).toBe(0);
    expect(stdout).not.toContain('run advise on the check');
    expect(stdout).toContain('Each later wave, as the same play reaches it:');
    expect(stdout).toContain('waves 2 to 10, TN 1 met, rolling 1 Skill die:');
    expect(stdout).toContain('  Skill explosive success (8.3%): keep the Skill explosive success');
    const json = await cli(
      'ring-skill',
      'advise',
      ...['--ring', '2', '--skill', '0', '--tn', '2', '--ring-faces', '6,4', '--json'],
    );
    expect(JSON.parse(json.stdout).laterWaves).toEqual([]);
  });

  it('names each kind of die a wave rolls with its own count (1 Ring die and 1 Skill die)', async () => {
    // Before, "Then roll 1 Ring and 1 Skill dice".
    const { status, stdout } = await cli(
      ...['ring-skill', 'advise', '--ring', '3', '--skill', '2', '--tn', '3'],
      ...['--ring-faces', '6,4,1', '--skill-faces', '12,7'],
    );
    expect(status).toBe(0);
    expect(stdout).toContain(
      'Then roll 1 Ring die and 1 Skill die for the explosions and keep, as they land:',
    );
  });

  it('--spec FILE --json: one object or an array, best and every action with its keep', async () => {
    const one = {
      check: { ring: 3, skill: 2, tn: 3 },
      ring: [5, 6, 2],
      skill: [11, 3],
    };
    const file = join(dir, 'rolls.json');
    await writeFile(file, JSON.stringify([one, { ...one, ring: [1, 1, 1] }]));
    const { status, stdout } = await cli('ring-skill', 'advise', '--spec', file, '--json');
    expect(status).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toHaveLength(2);
    const [first] = out;
    expect(first.best).toEqual(first.actions[0]);
    expect(first.best.keep).toEqual({ ring: [0, 1], skill: [0] });
    for (const a of first.actions) {
      expect(Object.keys(a.keep).sort()).toEqual(['ring', 'skill']);
      expect(typeof a.expectedUtility).toBe('number');
    }
    const values = first.actions.map((a: { expectedUtility: number }) => a.expectedUtility);
    expect(values).toEqual([...values].sort((a: number, b: number) => b - a));
    const single = join(dir, 'one.yaml');
    await writeFile(single, 'check: { ring: 1, skill: 0, tn: 1 }\nring: [5]\nskill: []\n');
    const alone = JSON.parse(
      (await cli('ring-skill', 'advise', '--spec', single, '--json')).stdout,
    );
    expect(alone.best).toMatchObject({ keep: { ring: [0], skill: [] }, expectedUtility: 1 });
  });

  it('--spec FILE may leave out skill for a check of skill 0, as the flags leave out --skill-faces', async () => {
    const file = join(dir, 'no-skill.yaml');
    await writeFile(file, 'check: { ring: 2, skill: 0, tn: 1 }\nring: [6, 4]\n');
    const spec = await cli('ring-skill', 'advise', '--spec', file);
    const flags = ['--ring', '2', '--skill', '0', '--tn', '1', '--ring-faces', '6,4'];
    expect(spec).toEqual(await cli('ring-skill', 'advise', ...flags));
    expect(spec.status).toBe(0);
    await writeFile(file, 'check: { ring: 2, skill: 1, tn: 1 }\nring: [6, 4]\n');
    const bad = await cli('ring-skill', 'advise', '--spec', file);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /no-skill\.yaml:1:1: skill: missing \(expected 1 face from 1 to 12, one per Skill die \(check\.skill\)\)\n$/,
    );
  });

  it('refuses a bad file with file:line:col and a bad flag naming it, exit 2', async () => {
    const file = join(dir, 'bad.yaml');
    await writeFile(file, 'check: { ring: 2, skill: 0, tn: 2 }\nring: [5, 7]\nskill: []\n');
    const bad = await cli('ring-skill', 'advise', '--spec', file, '--json');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(
      /bad\.yaml:2:11: ring\[1\]: 7 is not allowed \(expected a face from 1 to 6\)/,
    );
    const flags = await cli(
      'ring-skill',
      'advise',
      '--ring',
      '2',
      '--skill',
      '0',
      '--tn',
      '2',
      '--ring-faces',
      '5',
    );
    expect(flags.status).toBe(2);
    // As typed ("5", not the list [5]), its count named by its flag (not the spec's check.ring).
    expect(flags.stderr).toBe(
      'dicelab: --ring-faces: "5" is not allowed (expected 2 faces from 1 to 6, one per Ring die (--ring))\n',
    );
    const skill = await cli(
      ...['ring-skill', 'advise', '--ring', '1', '--skill', '1', '--tn', '1'],
      ...['--ring-faces', '5', '--skill-faces', '7,1'],
    );
    expect(skill.stderr).toBe(
      'dicelab: --skill-faces: "7,1" is not allowed (expected 1 face from 1 to 12, one per Skill die (--skill))\n',
    );
  });

  it("--spec refuses its own --json output in one line naming it; the output's check and faces read back", async () => {
    // Before: "system: no such field (the fields here are check, ring, skill)", not saying the
    // file was advise's output, which --spec does not read back.
    const state = ['--ring', '2', '--skill', '1', '--tn', '2', '--ring-faces', '5,2'];
    const first = await cli('ring-skill', 'advise', ...state, '--skill-faces', '11', '--json');
    expect(first.status).toBe(0);
    const file = join(dir, 'advice.json');
    await writeFile(file, first.stdout);
    const again = await cli('ring-skill', 'advise', '--spec', file, '--json');
    expect(again.status).toBe(2);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(
      `dicelab: ${file}:2:13: system: no such field (the fields here are check, ring, skill); this is dicelab's --json output ("system": "ring-skill"), which --spec does not read back\n`,
    );
    // What it echoes of the request is a spec as --spec reads it: the same advice again.
    const { check, ring, skill } = JSON.parse(first.stdout);
    const request = join(dir, 'request.json');
    await writeFile(request, JSON.stringify({ check, ring, skill }));
    const echoed = await cli('ring-skill', 'advise', '--spec', request, '--json');
    expect(echoed.status).toBe(0);
    expect(echoed.stdout).toBe(first.stdout);
  });

  it('says a faces flag is missing when its dice are there (it read as an empty list), exit 2', async () => {
    const check = ['ring-skill', 'advise', '--ring', '2', '--tn', '2'];
    const ring = await cli(...check, '--skill', '0');
    expect(ring.status).toBe(2);
    expect(ring.stderr).toBe(
      'dicelab: --ring-faces: missing (expected 2 Ring faces from 1 to 6, one per die of --ring 2, such as 5,6)\n',
    );
    const skill = await cli(...check, '--skill', '3', '--ring-faces', '5,1');
    expect(skill.status).toBe(2);
    expect(skill.stderr).toBe(
      'dicelab: --skill-faces: missing (expected 3 Skill faces from 1 to 12, one per die of --skill 3, such as 11,3,7)\n',
    );
    // No Skill dice, no Skill faces to give; a missing --ring is the check's to say.
    expect((await cli(...check, '--skill', '0', '--ring-faces', '5,1')).status).toBe(0);
    expect((await cli('ring-skill', 'advise', '--skill', '0', '--tn', '1')).stderr).toBe(
      'dicelab: --ring: missing (expected an integer from 1 to 5)\n',
    );
  });
});
