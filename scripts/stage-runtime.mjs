// Copies what the built CLI reads at run time into a folder (node scripts/stage-runtime.mjs DEST):
// the Docker image's /app, and test/standalone-cli.test.ts's copy. The bundles in dist/ carry their
// dependencies (scripts/bundle.mjs), so there is no node_modules: package.json (the version), the
// CLI's entry and chunks, the state import's worker, the documents and bundled scenarios as JSON
// (and their generated drivers), the dashboard, scenarios/ (the bundled names, schema.json) and
// fixtures/. Not index.cjs, the types or the docs, which only the npm package needs.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const dest = process.argv[2];
if (!dest) throw new Error('usage: node scripts/stage-runtime.mjs DEST');

/** The files and folders copied, relative to the package root (after `npm run build`). */
const RUNTIME_FILES = [
  'package.json',
  'dist/cli.js',
  ...readdirSync('dist')
    .filter((f) => /^chunk-\w+\.js$/.test(f))
    .map((f) => `dist/${f}`),
  'dist/state-import-worker.js',
  'dist/trace-worker.js',
  'dist/openapi',
  'dist/bundled-scenarios',
  'dist/validators',
  'dist/seeded-worlds',
  'dist/dashboard',
  'scenarios',
  'fixtures',
];

for (const path of RUNTIME_FILES) cpSync(path, join(dest, path), { recursive: true });
