import { describe, expect, it } from 'vitest';
import type { Advice } from '../../src/systems/zidara/engine/advise.ts';
import { cliInProcess } from '../cli/cli-in-process.ts';
import { pageUrl, shownActions } from './offline-page.ts';
import { PHONE_VIEWPORT, pageSession } from './page-session.ts';

const session = pageSession();

const open = (fragment: string) => session.open(pageUrl(fragment), { viewport: PHONE_VIEWPORT });

/** `dicelab zidara advise ARGS --json`'s actions, in the page's terms. */
async function cliActions(args: string): Promise<{ action: string; eu: number }[]> {
  const cli = await cliInProcess('zidara', 'advise', ...args.split(' '), '--json');
  expect(cli.status, cli.stderr).toBe(0);
  const advice = JSON.parse(cli.stdout) as Advice;
  return advice.actions.map((a) => ({
    action: a.action === 'reroll-one' ? `reroll-one:${a.die}` : a.action,
    eu: a.expectedUtility,
  }));
}

function expectSameAdvice(
  shown: { action: string; eu: number }[],
  cli: { action: string; eu: number }[],
) {
  expect(cli.length).toBeGreaterThanOrEqual(3);
  expect(shown.map((a) => a.action)).toEqual(cli.map((a) => a.action));
  shown.forEach((a, i) => {
    expect(Math.abs(a.eu - cli[i]!.eu)).toBeLessThan(1e-9);
  });
}

describe('Mid-roll advice for everything `zidara advise` takes', () => {
  it('advises two threats, an intent aimed at each, exactly as the CLI does', async () => {
    const args = 'd8=2 d4@B=1 --vs 4 --vs 3 --defence 5 --defence 3 --aura 1 --resolve 1';
    const page = await open(
      'v=1&view=advice&split=d8|d4&faces=2,1&vs=4&vs2=3&aim=A,B&defence=5&defence2=3&aura=1&resolve=1',
    );
    expectSameAdvice(await shownActions(page), await cliActions(args));
    expect(await page.textContent('code.cli')).toBe(`dicelab zidara advise ${args}`);
  });

  it("advises with the Elementalist's area die, exactly as the CLI does", async () => {
    const args = 'd8=2 area:d4=1 --vs 4 --defence 6 --aura 0 --resolve 1';
    const page = await open(
      'v=1&view=advice&split=d8&faces=2,1&area=d4&vs=4&defence=6&aura=0&resolve=1',
    );
    expectSameAdvice(await shownActions(page), await cliActions(args));
    expect(await page.textContent('code.cli')).toBe(`dicelab zidara advise ${args}`);
  });

  it('takes the second threat and its aim tap by tap', async () => {
    const page = await open(
      'v=1&view=advice&split=d8|d4&faces=2,1&vs=4&defence=5&aura=1&resolve=1',
    );
    await shownActions(page);
    await page.click('label[for="second-threat"]');
    await page.fill('#vs2', '3');
    await page.click('label:has(input[name="aim-1"][value="B"])');
    // No advice until threat B's die is given: the page says what is missing.
    expect(await page.textContent('.status.prompt')).toContain("the Challenge die's face");
    await page.click('label:has(#defence2-3)');
    const shown = await shownActions(page);
    expect(await page.evaluate(() => location.hash)).toContain('aim=A,B');
    expectSameAdvice(
      shown,
      await cliActions('d8=2 d4@B=1 --vs 4 --vs 3 --defence 5 --defence 3 --aura 1 --resolve 1'),
    );
  });
});
