import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { killLaunched, launchWithData } from './support/cli-process.js';
import { contractFetch } from './support/test-sandbox.js';
import { tempDir } from './support/temp-dir.js';

afterEach(killLaunched);

const freshData = (): string => join(tempDir('sandbox-data-'), 'state.json');

/** The CLI with `args`: its banner once it listens (then stopped), or its exit code and stderr. */
function startOrExit(
  args: string[],
): Promise<{ banner: string } | { code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [
    'dist/cli.js',
    '--port',
    '0',
    '--log-level',
    'silent',
    ...args,
  ]);
  let out = '';
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('Press Ctrl+C')) return;
      child.removeAllListeners('exit');
      child.once('exit', () => resolve({ banner: out }));
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => resolve({ code, stderr }));
  });
}

describe('--data with another --scenario or --seed', () => {
  it('is refused with one line naming the file, its scenario and how to go on', async () => {
    const data = freshData();
    expect(await startOrExit(['--scenario', 'lunch-rush', '--data', data])).toHaveProperty(
      'banner',
    );

    const other = await startOrExit(['--scenario', 'ci', '--data', data]);
    expect(other).toEqual({ code: 1, stderr: expect.stringMatching(/^[^\n]+\n$/) });
    const line = (other as { stderr: string }).stderr;
    expect(line).toContain(`${data} holds the state of scenario "lunch-rush", not "ci"`);
    expect(line).toContain('start with --scenario lunch-rush to resume it');
    expect(line).toContain('delivery-sandbox reset --scenario ci');

    const seed = await startOrExit(['--scenario', 'lunch-rush', '--seed', 'other', '--data', data]);
    expect(seed).toMatchObject({ code: 1 });
    expect((seed as { stderr: string }).stderr).toContain('holds the state of seed');
  });

  it("resumes the file's own scenario, keys and seed when no scenario is named", async () => {
    const data = freshData();
    const first = await startOrExit(['--scenario', 'lunch-rush', '--data', data]);
    const again = await startOrExit(['--data', data]);
    expect(again).toHaveProperty('banner');
    const firstLine = (b: unknown): string => (b as { banner: string }).banner.split('\n')[0]!;
    expect(firstLine(again)).toBe(firstLine(first));
    expect(firstLine(again)).toContain('scenario "lunch-rush"');
    expect((again as { banner: string }).banner).toMatch(/API key +sk_test_/);
  });
});

describe('--data in a directory that does not exist', () => {
  it('stops the start with one line saying so, exit code 1', async () => {
    const dir = join(tempDir('sandbox-data-'), 'missing');
    const res = await startOrExit(['--scenario', 'ci', '--data', join(dir, 'state.json')]);
    expect(res).toEqual({
      code: 1,
      stderr: `delivery-sandbox: ${join(dir, 'state.json')}: the directory ${dir} does not exist; create it first (mkdir -p ${dir}) or give --data a file in an existing directory\n`,
    });
  });
});

describe('a realtime clock stopped with SIGTERM', () => {
  it('restarts where it stood at the stop, not at the last write', async () => {
    const data = freshData();
    const first = await launchWithData(data, ['--clock', 'realtime', '--speed', '100']);
    const clock = async (url: string): Promise<number> =>
      Date.parse((await contractFetch(`${url}/__sandbox/clock`)).body.now as string);
    const started = await clock(first.url);
    let before = started;
    while (before - started < 20_000) before = await clock(first.url);
    const exited = once(first.child, 'exit');
    first.child.kill('SIGTERM');
    await exited;

    const second = await launchWithData(data, ['--clock', 'manual']);
    expect(await clock(second.url)).toBeGreaterThanOrEqual(before);
  });
});
