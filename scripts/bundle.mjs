// Build step, after tsc: the two entry points as ES modules with esbuild, our own code inlined.
// - dist/index.js (the programmatic API): the dependencies left as imports, so that an app which
//   imports the sandbox shares its own copies of them (express, pino, ajv…).
// - dist/cli.js (the executable): the dependencies inlined too (pino-pretty excepted, loaded only
//   on a terminal). Resolving and compiling ~300 small CommonJS files is most of the start-up time
//   on Node 20, which has no compile cache: one file starts ~170 ms sooner
//   (docs/decisions/0012-fast-path.md). yaml, which only a user's YAML file needs, is left out:
//   src/ requires it on first use (createRequire), from the installed dependency.
// Both files sit directly in dist/, so `../` from either is the package root, as src/paths.ts
// expects. tsc still writes the declarations (dist/**/*.d.ts) the package's types point to.
// dist/index.js must keep no top-level await: package.json's `require` condition points at this
// same ES module, which Node 20.19+ can require() only without one (test/packaging.test.ts).
import { build } from 'esbuild';

const common = {
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
};

await build({ ...common, entryPoints: { index: 'src/index.ts' }, packages: 'external' });

await build({
  ...common,
  // The state import's worker thread (src/http/state-import/), started from either bundle: it sits
  // beside them in dist/, with its dependencies inlined like the CLI's.
  entryPoints: {
    cli: 'src/cli.ts',
    'state-import-worker': 'src/http/state-import/state-import-worker.ts',
  },
  external: ['pino-pretty'],
  // The inlined CommonJS dependencies call require() for Node's own modules (and for optional
  // ones, such as ws's bufferutil, inside a try): an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
