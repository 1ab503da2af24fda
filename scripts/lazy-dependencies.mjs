// An esbuild plugin for the CLI's bundle (scripts/bundle.mjs): a few dependencies do at load time
// work that a start of the sandbox never uses, and the CLI inlines them, so their load is part of
// every start (docs/decisions/0020-start-up-work.md). Each patch below turns one such eager step
// into the same step done on first use, without changing what it gives:
// - body-parser requires all four of its parsers, and Express reads all four (and serve-static)
//   as it loads: the sandbox uses express.json and express.raw; urlencoded alone loads qs and its
//   helpers (side-channel, object-inspect, get-intrinsic);
// - Express's utils require qs for the "extended" query parser, which the sandbox does not use;
// - mime-types builds its extension maps from all ~2 500 types of mime-db as it loads (scoring
//   each conflict): only a lookup by file extension reads them (Express's res.type, send);
//   contentType and charset, which every JSON answer uses, read mime-db directly.
// Each patch names the exact text it replaces: when an upgrade changes it, the build fails here
// (rather than silently shipping an eager step again), and the patch is redone or dropped.
import { readFile } from 'node:fs/promises';

const getters = (names, value) =>
  `for (const name of ${JSON.stringify(names)})\n` +
  `  Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: function () { return ${value} } })\n`;

const PATCHES = [
  {
    file: /\/node_modules\/body-parser\/index\.js$/,
    from: [
      "exports.json = require('./lib/types/json')",
      "exports.raw = require('./lib/types/raw')",
      "exports.text = require('./lib/types/text')",
      "exports.urlencoded = require('./lib/types/urlencoded')",
    ],
    to: [
      "Object.defineProperty(exports, 'json', { enumerable: true, configurable: true, get: function () { return require('./lib/types/json') } })",
      "Object.defineProperty(exports, 'raw', { enumerable: true, configurable: true, get: function () { return require('./lib/types/raw') } })",
      "Object.defineProperty(exports, 'text', { enumerable: true, configurable: true, get: function () { return require('./lib/types/text') } })",
      "Object.defineProperty(exports, 'urlencoded', { enumerable: true, configurable: true, get: function () { return require('./lib/types/urlencoded') } })",
    ],
  },
  {
    file: /\/node_modules\/express\/lib\/express\.js$/,
    from: [
      [
        'exports.json = bodyParser.json',
        'exports.raw = bodyParser.raw',
        "exports.static = require('serve-static');",
        'exports.text = bodyParser.text',
        'exports.urlencoded = bodyParser.urlencoded',
      ].join('\n'),
    ],
    to: [
      getters(['json', 'raw', 'text', 'urlencoded'], 'bodyParser[name]') +
        "Object.defineProperty(exports, 'static', { enumerable: true, configurable: true, get: function () { return require('serve-static') } })",
    ],
  },
  {
    file: /\/node_modules\/express\/lib\/utils\.js$/,
    from: ["var qs = require('qs');"],
    to: [
      "var qs = { parse: function (str, options) { return require('qs').parse(str, options) } };",
    ],
  },
  {
    file: /\/node_modules\/mime-types\/index\.js$/,
    from: [
      [
        'exports.extensions = Object.create(null)',
        'exports.lookup = lookup',
        'exports.types = Object.create(null)',
        'exports._extensionConflicts = []',
        '',
        '// Populate the extensions/types maps',
        'populateMaps(exports.extensions, exports.types)',
      ].join('\n'),
    ],
    to: [
      [
        'exports.lookup = lookup',
        'exports._extensionConflicts = []',
        'var lazyMaps',
        'function populatedMaps () {',
        '  if (!lazyMaps) {',
        '    lazyMaps = { extensions: Object.create(null), types: Object.create(null) }',
        '    populateMaps(lazyMaps.extensions, lazyMaps.types)',
        '  }',
        '  return lazyMaps',
        '}',
        "Object.defineProperty(exports, 'extensions', { enumerable: true, get: function () { return populatedMaps().extensions } })",
        "Object.defineProperty(exports, 'types', { enumerable: true, get: function () { return populatedMaps().types } })",
      ].join('\n'),
    ],
  },
];

/** The esbuild plugin: applies each patch to its file, and fails the build if a text is gone. */
export const lazyDependencies = {
  name: 'lazy-dependencies',
  setup(build) {
    const applied = new Set();
    build.onLoad(
      { filter: /\/node_modules\/(body-parser|express|mime-types)\/.*\.js$/ },
      async (args) => {
        const patch = PATCHES.find((p) => p.file.test(args.path));
        if (!patch) return undefined;
        let source = await readFile(args.path, 'utf8');
        patch.from.forEach((text, i) => {
          if (source.split(text).length !== 2)
            throw new Error(`lazy-dependencies: ${args.path} no longer has (once): ${text}`);
          source = source.replace(text, () => patch.to[i]);
        });
        applied.add(patch);
        return { contents: source, loader: 'js' };
      },
    );
    build.onEnd((result) => {
      if (result.errors.length > 0) return;
      const missed = PATCHES.filter((p) => !applied.has(p)).map((p) => String(p.file));
      if (missed.length > 0)
        result.errors.push({ text: `lazy-dependencies: no file matched ${missed.join(', ')}` });
    });
  },
};
