/**
 * The dashboard's shipped size: every file of dist/dashboard/ (after `npm run build`), raw and
 * gzipped at level 9 (what a browser downloads from a compressing proxy; the sandbox itself
 * serves them uncompressed, on localhost). Prints one JSON line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dir = 'dist/dashboard';
const files = readdirSync(dir).map((name) => {
  const body = readFileSync(`${dir}/${name}`);
  return { name, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
});
const sum = (k: 'raw' | 'gzip'): number => files.reduce((n, f) => n + f[k], 0);
process.stdout.write(
  `${JSON.stringify({ files, raw_bytes: sum('raw'), gzip_bytes: sum('gzip') })}\n`,
);
