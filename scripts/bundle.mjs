// Build step, after tsc: the two entry points (the CLI and the programmatic API) as single ES
// modules with esbuild, our own code inlined and the dependencies left as imports. Loading one
// file instead of ~130 small ones is most of the sandbox's start-up time on Node 20 (no compile
// cache). Each entry is one file directly in dist/ (no shared chunks), so `../` from it is the
// package root, as src/paths.ts expects. tsc still writes the declarations (dist/**/*.d.ts) the package's types point to.
// dist/index.js must keep no top-level await: package.json's `require` condition points at this
// same ES module, which Node 20.19+ can require() only without one (test/packaging.test.ts).
import { build } from 'esbuild';

await build({
  entryPoints: { cli: 'src/cli.ts', index: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
