import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTestcontainers, MISSING_TESTCONTAINERS } from './load-testcontainers.js';

const project = mkdtempSync(join(tmpdir(), 'dstc-load-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

/** A require() from a file of a project holding the given node_modules packages. */
function requireIn(dir: string, packages: Record<string, string>): NodeJS.Require {
  mkdirSync(dir, { recursive: true });
  for (const [name, source] of Object.entries(packages)) {
    mkdirSync(join(dir, 'node_modules', name), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name, 'index.js'), source);
  }
  return createRequire(join(dir, 'index.js'));
}

describe('loadTestcontainers', () => {
  it('loads the testcontainers package the project installed', () => {
    expect(typeof loadTestcontainers().GenericContainer).toBe('function');
  });

  it('says to install testcontainers when the project has none', () => {
    expect(() => loadTestcontainers(requireIn(join(project, 'none'), {}))).toThrow(
      MISSING_TESTCONTAINERS,
    );
    expect(MISSING_TESTCONTAINERS).toMatch(/npm install --save-dev testcontainers@\^11/);
  });

  it('throws a broken install as it is', () => {
    const broken = requireIn(join(project, 'broken'), {
      testcontainers: "require('a-dependency-it-lost');",
    });
    expect(() => loadTestcontainers(broken)).toThrow(/Cannot find module 'a-dependency-it-lost'/);
  });
});
