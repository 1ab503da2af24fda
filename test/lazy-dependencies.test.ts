// scripts/lazy-dependencies.mjs patches a few inlined dependencies of the CLI's bundle so that
// work a start never uses is done on first use (decision 20). Patched, they must give exactly
// what the packages give: here the patched modules are bundled as the CLI's build does and
// compared with the packages in node_modules.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script, plain JavaScript without types
import { lazyDependencies } from '../scripts/lazy-dependencies.mjs';

const require_ = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..');

interface Mime {
  lookup(path: string): string | false;
  extension(type: string): string | false;
  contentType(type: string): string | false;
  charset(type: string): string | false;
  types: Record<string, string>;
  extensions: Record<string, string[]>;
}
interface Patched {
  mime: Mime;
  express: Record<string, unknown> & { (): { set(k: string, v: unknown): void } };
  bodyParser: Record<string, unknown>;
}

let dir: string;
let patched: Patched;
beforeAll(async () => {
  dir = mkdtempSync(join(ROOT, '.lazy-dependencies-'));
  writeFileSync(
    join(dir, 'entry.cjs'),
    "module.exports = { mime: require('mime-types'), express: require('express'), bodyParser: require('body-parser') };\n",
  );
  await build({
    entryPoints: [join(dir, 'entry.cjs')],
    outfile: join(dir, 'out.cjs'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    logLevel: 'silent',
    plugins: [lazyDependencies],
  });
  patched = require_(join(dir, 'out.cjs')) as Patched;
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the dependencies patched for a faster start', () => {
  it('mime-types: every lookup, extension, content type and charset as the package gives them', () => {
    const mime = require_('mime-types') as Mime;
    const db = require_('mime-db') as Record<string, { extensions?: string[] }>;
    const extensions = Object.values(db).flatMap((t) => t.extensions ?? []);
    expect(extensions.length).toBeGreaterThan(1000);
    for (const ext of [...extensions, 'unknown-ext', 'JSON'])
      expect(patched.mime.lookup(`file.${ext}`), ext).toBe(mime.lookup(`file.${ext}`));
    for (const type of [...Object.keys(db), 'text/x-unknown', 'json', 'html']) {
      expect(patched.mime.extension(type), type).toBe(mime.extension(type));
      expect(patched.mime.contentType(type), type).toBe(mime.contentType(type));
      expect(patched.mime.charset(type), type).toBe(mime.charset(type));
    }
    expect({ ...patched.mime.types }).toEqual({ ...mime.types });
    expect({ ...patched.mime.extensions }).toEqual({ ...mime.extensions });
  });

  it('express and body-parser: the same parsers, each loaded when first read', () => {
    for (const name of ['json', 'raw', 'text', 'urlencoded']) {
      expect(typeof patched.bodyParser[name], name).toBe('function');
      expect(patched.express[name], name).toBe(patched.bodyParser[name]);
    }
    expect(typeof patched.express['static']).toBe('function');
    expect(Object.keys(patched.express)).toEqual(
      expect.arrayContaining(['json', 'raw', 'static', 'text', 'urlencoded', 'Router']),
    );
  });

  it('express: the "extended" query parser still parses with qs', async () => {
    const express = patched.express;
    const app = express() as unknown as {
      set(k: string, v: unknown): void;
      get(
        path: string,
        fn: (req: { query: unknown }, res: { json(v: unknown): void }) => void,
      ): void;
      listen(port: number, cb: () => void): Server;
    };
    app.set('query parser', 'extended');
    app.get('/q', (req, res) => res.json(req.query));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/q?a[b]=1&c[]=2&c[]=3`);
      expect(await res.json()).toEqual({ a: { b: '1' }, c: ['2', '3'] });
    } finally {
      server.close();
    }
  });
});
