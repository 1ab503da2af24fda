// scripts/build-digest.mjs lets the global setup skip a build of dist/ whose inputs have not changed:
// it must say "current" only after a complete build of exactly the inputs as they are now.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import * as digest from '../scripts/build-digest.mjs';

const { buildIsCurrent, startBuild, finishBuild } = digest as Record<
  'buildIsCurrent' | 'startBuild' | 'finishBuild',
  (root: string) => boolean
>;
const OUTPUTS = (digest as { BUILD_OUTPUTS: string[] }).BUILD_OUTPUTS;

let root: string;
const write = (file: string, text: string): void => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
/** A complete build: the stamp noted at the start, the outputs written, the stamp made. */
const build = (): void => {
  startBuild(root);
  for (const file of OUTPUTS) write(file, 'built');
  finishBuild(root);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-digest-'));
  write('src/a.ts', 'export const a = 1;\n');
  write('src/a.test.ts', 'test\n');
  write('openapi/v1.yaml', 'openapi: 3.1.0\n');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build digest', () => {
  it('is current after a complete build, and stays so when no input byte changed', () => {
    expect(buildIsCurrent(root)).toBe(false); // never built
    build();
    expect(buildIsCurrent(root)).toBe(true);
    utimesSync(join(root, 'src/a.ts'), new Date(), new Date(2030, 0, 1)); // touched, same bytes
    write('src/a.test.ts', 'an edited unit test, which the build skips\n');
    expect(buildIsCurrent(root)).toBe(true);
  });

  it.each([
    ['a changed source', () => write('src/a.ts', 'export const a = 2;\n')],
    ['a new source', () => write('src/b.ts', 'export const b = 1;\n')],
    ['a deleted source', () => rmSync(join(root, 'src/a.ts'))],
    ['a changed document', () => write('openapi/v1.yaml', 'openapi: 3.1.1\n')],
    ['a changed lockfile', () => write('package-lock.json', '{"lockfileVersion":3}')],
    ['a new build script', () => write('scripts/build-more.mjs', '')],
    ['a deleted output', () => rmSync(join(root, 'dist/dashboard/index.html'))],
  ])('is not current after %s', (_, change) => {
    build();
    change();
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is not current while a build is under way or after one that stopped half way', () => {
    build();
    startBuild(root); // a second build starts, and fails before its last step
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('takes the digest at the start: an edit made during the build is built next time', () => {
    startBuild(root);
    for (const file of OUTPUTS) write(file, 'built');
    write('src/a.ts', 'export const a = 3;\n'); // saved while the build ran
    finishBuild(root);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
