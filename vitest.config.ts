import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vitest starts the files that took longest last time first (with three workers, a long file
  // started last is the run's tail), from the durations it keeps in its cache (vitest/results.json
  // there). In the temporary folder rather than node_modules/.vite, so that they outlive the
  // `npm ci` of a CI run; without them it starts the biggest files first.
  cacheDir: join(tmpdir(), 'delivery-sandbox-vite-cache'),
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Most files wait on real sockets, child processes and a browser rather than compute, so three
    // workers keep two cores busy (vitest's default is cores - 1: one worker, the suite in series).
    maxWorkers: 3,
    // Each worker keeps the modules it loaded from one file to the next: loading src/ afresh for
    // every file cost more than half the run (~80 s of ~450 s). No test mocks modules, and every
    // file starts and closes its own sandboxes, so nothing carries over but the module cache.
    isolate: false,
    testTimeout: 20_000,
    // In CI, also a JSON report, from which .ci/run prints a plain "N passed, N failed" line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.ci/test-results.json' },
    hookTimeout: 30_000,
  },
});
