import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The built entry points (dist/, from the global setup), each loaded in a fresh node. */
const ROOT = resolve(import.meta.dirname, '..');

function node(source: string, type: 'commonjs' | 'module' = 'commonjs'): string {
  return execFileSync(process.execPath, [`--input-type=${type}`, '-e', source], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
}

const LOADED =
  "Object.keys(require.cache).some((p) => p.includes('/node_modules/testcontainers/'))";

describe('the delivery-sandbox/testcontainers entry point', () => {
  it('is not loaded, nor is testcontainers, when the main entry is', () => {
    expect(node(`require('delivery-sandbox'); console.log(${LOADED});`)).toBe('false');
  });

  it('loads testcontainers, and import and require() share one DeliverySandboxContainer', () => {
    expect(node(`require('delivery-sandbox/testcontainers'); console.log(${LOADED});`)).toBe(
      'true',
    );
    const same = node(
      `import { DeliverySandboxContainer, DEFAULT_IMAGE } from 'delivery-sandbox/testcontainers';
       import { createRequire } from 'node:module';
       const cjs = createRequire(import.meta.url)('delivery-sandbox/testcontainers');
       console.log(cjs.DeliverySandboxContainer === DeliverySandboxContainer, DEFAULT_IMAGE);`,
      'module',
    );
    expect(same).toBe('true delivery-sandbox:latest');
  });
});
