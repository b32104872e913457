import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  type BrowserSystem,
  chromiumPath,
  DEBIAN_CHROMIUM,
  ensureBrowser,
} from '../../scripts/ensure-browser.mjs';

/** A machine whose files, user and apt-get are described by the test; it records every command. */
function machine(options: {
  present?: string[];
  root?: boolean;
  debian?: boolean;
  env?: Record<string, string>;
  /** Exit status of each apt-get call in turn; an install that succeeds creates the launcher. */
  apt?: number[];
}) {
  const files = new Set(options.present ?? []);
  const statuses = [...(options.apt ?? [])];
  const commands: string[] = [];
  const lines: string[] = [];
  const system: BrowserSystem = {
    env: options.env ?? {},
    isExecutable: (path) => files.has(path),
    isRoot: () => options.root ?? true,
    isDebian: () => options.debian ?? true,
    run: (command, args) => {
      commands.push([command, ...args].join(' '));
      const status = statuses.shift() ?? 1;
      if (status === 0 && args[0] === 'install') files.add(DEBIAN_CHROMIUM);
      return status;
    },
    log: (line) => lines.push(line),
  };
  return { system, commands, lines };
}

const INSTALL = 'apt-get install -y --no-install-recommends chromium';

describe('ensureBrowser', () => {
  it('uses CHROMIUM_PATH, else /usr/bin/chromium', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/c/chrome' })).toBe('/opt/c/chrome');
  });

  it('does nothing when the browser is there', () => {
    const m = machine({ present: [DEBIAN_CHROMIUM] });
    expect(ensureBrowser(m.system)).toEqual({ ok: true, path: DEBIAN_CHROMIUM, installed: false });
    const n = machine({ present: ['/opt/c/chrome'], env: { CHROMIUM_PATH: '/opt/c/chrome' } });
    expect(ensureBrowser(n.system)).toEqual({ ok: true, path: '/opt/c/chrome', installed: false });
    expect([...m.commands, ...n.commands, ...m.lines, ...n.lines]).toEqual([]);
  });

  it('installs Debian chromium as root, without apt-get update when install works', () => {
    const m = machine({ apt: [0] });
    expect(ensureBrowser(m.system)).toEqual({ ok: true, path: DEBIAN_CHROMIUM, installed: true });
    expect(m.commands).toEqual([INSTALL]);
    expect(m.lines.join('\n')).toContain(INSTALL);
  });

  it('runs apt-get update and tries again when the first install fails', () => {
    const m = machine({ apt: [100, 0, 0] });
    expect(ensureBrowser(m.system)).toMatchObject({ ok: true, installed: true });
    expect(m.commands).toEqual([INSTALL, 'apt-get update', INSTALL]);
  });

  it('gives up with one line when apt-get cannot install it', () => {
    for (const apt of [
      [100, 100],
      [100, 0, 100],
    ]) {
      const m = machine({ apt });
      const result = ensureBrowser(m.system);
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.message).toMatch(
          /^ensure-browser: no Chromium at .*apt-get could not install it[^\n]*$/,
        );
    }
  });

  it('does not try to install when not root, not Debian, or CHROMIUM_PATH is wrong', () => {
    const cases = [
      machine({ root: false, apt: [0] }),
      machine({ debian: false, apt: [0] }),
      machine({ env: { CHROMIUM_PATH: '/nowhere/chrome' }, present: [DEBIAN_CHROMIUM], apt: [0] }),
    ];
    const messages = cases.map((m) => {
      const result = ensureBrowser(m.system);
      expect(m.commands).toEqual([]);
      return result.ok ? '' : result.message;
    });
    expect(messages[0]).toMatch(/needs root/);
    expect(messages[1]).toMatch(/not Debian/);
    expect(messages[2]).toBe(
      'ensure-browser: CHROMIUM_PATH=/nowhere/chrome is not an executable file',
    );
  });

  it('as a script: exits 0 quietly when the browser is there, 1 with one line when not', () => {
    const script = 'scripts/ensure-browser.mjs';
    const ok = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([0, '', '']);
    const bad = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nowhere/chromium' },
    });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe(
      'ensure-browser: CHROMIUM_PATH=/nowhere/chromium is not an executable file\n',
    );
  });
});
