// Build step: the dashboard (dashboard/, Preact) bundled by esbuild into dist/dashboard/: one
// script and one style sheet, minified, named by their content hash (so the server lets browsers
// keep them for good), and index.html naming them. Nothing is fetched from outside at run time:
// no CDN, no web fonts, no map tiles (docs/decisions/0014-dashboard.md).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { build } from 'esbuild';

const out = 'dist/dashboard';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: { app: 'dashboard/src/main.tsx' },
  outdir: out,
  entryNames: '[name]-[hash]',
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome111', 'firefox115', 'safari16'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const files = Object.keys(result.metafile.outputs).map((f) => basename(f));
const script = files.find((f) => f.endsWith('.js'));
const style = files.find((f) => f.endsWith('.css'));
if (!script || !style) throw new Error(`the dashboard build wrote ${files.join(', ')}`);
const page = readFileSync('dashboard/index.html', 'utf8')
  .replace('{{script}}', `/dashboard/${script}`)
  .replace('{{style}}', `/dashboard/${style}`);
writeFileSync(`${out}/index.html`, page);
