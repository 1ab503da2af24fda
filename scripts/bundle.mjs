// Build step, after tsc: the entry points bundled with esbuild, our own code inlined.
// - dist/index.cjs (the programmatic API, CommonJS): the one implementation of the API, which
//   require() loads directly, in plain Node and under Jest's module system alike (Jest cannot
//   require() an ES module). The dependencies that ship CommonJS stay require() calls, so that an
//   app which uses the sandbox shares its own copies of them (express, pino, ajv…); the ones that
//   ship only ES modules (lowdb, @faker-js/faker) are inlined, since a CommonJS file under Jest
//   cannot load them.
// - dist/index.js (the programmatic API, ES module): a few lines that import dist/index.cjs and
//   re-export its names. Both conditions therefore run the same module instance: no class
//   (ApiError, ScenarioError) or state exists twice when one app both imports and requires the
//   package (docs/programmatic.md, "CommonJS and ES modules").
// - dist/cli.js (the executable, ES module): a few lines that turn on Node's module compile cache
//   (Node 22.1+), then import the rest, which esbuild splits into chunks beside it
//   (dist/chunk-*.js), the dependencies inlined too: resolving and compiling ~300 small CommonJS
//   files is most of the start-up time on Node 20, which has no compile cache, and one file starts
//   ~170 ms sooner (docs/decisions/0012-fast-path.md). What a start does not need is a chunk loaded
//   on first use: yaml (a user's YAML scenario file; the build ships the bundled scenarios and the
//   documents as JSON) and pino-pretty (logs on a terminal). So the CLI needs no node_modules at
//   run time, which the Docker image relies on (docs/decisions/0019-start-up.md).
// All sit directly in dist/, so `../` from each is the package root, as src/paths.ts expects.
// tsc writes the declarations into dist/types/ (below).
// No source maps: the bundles are unminified, so a stack trace already points at readable code,
// and the package stays small.
import { build } from 'esbuild';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { lazyDependencies } from './lazy-dependencies.mjs';

const common = {
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20.19',
  logLevel: 'warning',
};

const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
/** Dependencies published only as ES modules: inlined into the CommonJS bundle. */
const ESM_ONLY = ['lowdb', '@faker-js/faker'];

/**
 * In the CommonJS bundle, a package the code imports on first use (`import('prom-client')`,
 * `yaml`, `pino-pretty`) is required instead: a CommonJS module's `import()` needs Node's ES
 * module loader, which Jest's module system does not give a test without
 * `--experimental-vm-modules` (the first scrape of `/__sandbox/metrics` answered 500 there).
 */
function requireDynamicImports(packages) {
  return {
    name: 'require-dynamic-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) =>
        args.kind === 'dynamic-import' && packages.includes(args.path)
          ? { path: args.path, namespace: 'require-package' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'require-package' }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: 'js',
      }));
    },
  };
}

await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  external: Object.keys(dependencies).filter((name) => !ESM_ONLY.includes(name)),
  plugins: [requireDynamicImports(Object.keys(dependencies))],
  // src/ finds its files from its own URL: in CommonJS, the bundle's file.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});

// The ES module entry: the CommonJS bundle's names, re-exported one by one (static names, so
// that bundlers and TypeScript see them).
const names = Object.keys(createRequire(import.meta.url)('../dist/index.cjs')).sort();
writeFileSync(
  'dist/index.js',
  [
    '// The ES module entry of delivery-sandbox: the CommonJS bundle (./index.cjs) re-exported, so',
    '// that import and require() share one instance of the API (scripts/bundle.mjs).',
    "import api from './index.cjs';",
    '',
    `export const { ${names.join(', ')} } = api;`,
    '',
  ].join('\n'),
);

// delivery-sandbox/testcontainers (docs/docker.md): the same pair, dist/testcontainers.cjs and an
// ES module re-exporting it. `testcontainers`, an optional peer dependency, stays a require() call
// (src/testcontainers/load-testcontainers.ts), run only when this entry point is loaded: the main
// entry never loads it. Its code is a few small files of its own (the control client inlined).
await build({
  ...common,
  entryPoints: { testcontainers: 'src/testcontainers/index.ts' },
  outExtension: { '.js': '.cjs' },
  format: 'cjs',
  external: ['testcontainers', ...Object.keys(dependencies)],
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
});
const containerNames = Object.keys(
  createRequire(import.meta.url)('../dist/testcontainers.cjs'),
).sort();
// The wrapper require()s the bundle rather than importing it: Node 20 reports a CommonJS module
// that throws while an ES module imports it (testcontainers missing) as an uncaught exception
// too, even when the import() is caught.
writeFileSync(
  'dist/testcontainers.js',
  [
    '// The ES module entry of delivery-sandbox/testcontainers: ./testcontainers.cjs re-exported',
    '// (scripts/bundle.mjs).',
    "import { createRequire } from 'node:module';",
    '',
    "const api = createRequire(import.meta.url)('./testcontainers.cjs');",
    `export const { ${containerNames.join(', ')} } = api;`,
    '',
  ].join('\n'),
);

// The declarations (tsc's declarationDir, dist/types/) describe that CommonJS module, for both
// conditions: its own package.json makes TypeScript read them as CommonJS, which a CommonJS
// project on `module: node16` may import (no TS1479), and from which an ES module imports the
// same names. (A .d.cts re-exporting the ES-module declarations would get TS1479 itself.)
writeFileSync('dist/types/package.json', '{ "type": "commonjs" }\n');

/**
 * Node's own modules, required by the ES module bundle rather than imported: an ES module's import
 * of a built-in module reads every one of its exports, and `node:http`'s include lazy getters
 * (WebSocket, CloseEvent, MessageEvent) that load undici, Node's fetch: ~30 ms of a start on
 * Node 22+ (docs/decisions/0019-start-up.md). Each import becomes a CommonJS stub that requires it.
 */
const requireBuiltins = {
  name: 'require-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'import-statement' || args.kind === 'dynamic-import'
        ? { path: args.path, namespace: 'builtin' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/**
 * JSON files (mime-db's ~230 KB, iconv-lite's code pages, ~500 KB, ajv's meta-schemas), bundled as
 * `JSON.parse` of a string rather than as object literals: V8 compiles the bundle before it runs,
 * and scans a string far faster than it parses the same data as code (decision 19).
 */
const jsonAsString = {
  name: 'json-as-string',
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, async (args) => {
      const text = JSON.stringify(JSON.parse(await readFile(args.path, 'utf8')));
      return { contents: `module.exports = JSON.parse(${JSON.stringify(text)});`, loader: 'js' };
    });
  },
};

// The chunks of an earlier build: their names change with their contents.
for (const file of readdirSync('dist').filter((f) => /^chunk-\w+\.js$/.test(f)))
  rmSync(`dist/${file}`);

await build({
  ...common,
  format: 'esm',
  // The state import's worker thread (src/http/state-import/) and the trace's (src/trace/), started
  // from either bundle: they sit beside them in dist/, with their dependencies inlined like the CLI's.
  entryPoints: {
    cli: 'src/cli.ts',
    'state-import-worker': 'src/http/state-import/state-import-worker.ts',
    'trace-worker': 'src/trace/trace-worker.ts',
  },
  // Dynamic imports become chunks loaded on first use; code the CLI and the worker share, a chunk
  // both import. Directly in dist/, like the entries: src/paths.ts finds the package root as `../`.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  plugins: [requireBuiltins, jsonAsString, lazyDependencies],
  // The inlined CommonJS dependencies call require() for Node's own modules (and for optional
  // ones, such as ws's bufferutil, inside a try): an ES module has no require of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
