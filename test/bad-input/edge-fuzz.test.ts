/**
 * Bad input at the HTTP edge, as a fast-check property over raw sockets: every route of both
 * OpenAPI documents, every method (CONNECT, TRACE and made-up ones too), odd request lines, and
 * arbitrary Host, Origin, Content-Type, Content-Length, Expect, If-None-Match, Transfer-Encoding
 * and Authorization headers. Whatever Node or the app answers must be below 500, never a 304, and
 * in the JSON error shape when it is an error — except HEAD answers (no body by definition) and
 * CORS preflights (204). Seeded and bounded, so every run sends the same requests.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ERROR_CODES } from '../support/bad-input.js';
import { isErrorShape, parseAnswer, rawExchange } from '../support/raw-http.js';
import { TestSandbox } from '../support/test-sandbox.js';

const CORS_ORIGIN = 'http://localhost:5173';
let t: TestSandbox;
let orderId: string;
beforeAll(async () => {
  // Short timeouts: a request the generator leaves unfinished is answered (408) within a second.
  t = await TestSandbox.start({
    corsOrigins: [CORS_ORIGIN],
    headersTimeoutMs: 500,
    requestTimeoutMs: 500,
  });
  orderId = (await t.createOrder()).order_id;
});
afterAll(() => t.close());

const ROUTES = ['openapi/v1.yaml', 'openapi/sandbox.yaml'].flatMap((file) =>
  Object.keys((parseYaml(readFileSync(file, 'utf8')) as { paths: object }).paths),
);

/** `{order}` and `{port}` stand for the order created first and the sandbox's port. */
interface EdgeRequest {
  requestLine: string;
  headers: [string, string][];
  body: string;
  framing: 'length' | 'chunked' | 'both' | 'none' | 'huge';
}

const pathArb = fc
  .tuple(
    fc.constantFrom(...ROUTES),
    fc.constantFrom('{order}', 'ord_nope', '%zz', 'a%00b', 'x'.repeat(300)),
    fc.constantFrom('', '?limit=2', '?status=pending&x=1', '?lat=37.79&lng=-122.4', '?%zz', '/'),
  )
  .map(([route, id, query]) => `${route.replace(/\{[^}]+\}/g, id)}${query}`);

const methodArb = fc.constantFrom(
  ...['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
  ...['TRACE', 'PROPFIND', 'SEARCH', 'get', 'FOO'],
);

const requestLineArb: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .tuple(methodArb, pathArb, fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0'))
      .map(([method, path, version]) => `${method} ${path} ${version}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'CONNECT example.com:443 HTTP/1.1',
      'CONNECT /v1/orders HTTP/1.1',
      'OPTIONS * HTTP/1.1',
      'GET http://127.0.0.1:{port}/__sandbox/health HTTP/1.1',
      'GET http://evil.example/__sandbox/state HTTP/1.1',
      'GET /__sandbox/health HTTP/2.0',
      'PRI * HTTP/2.0',
      'GET  /v1/orders  HTTP/1.1',
    ),
  },
);

const header = (name: string, ...values: string[]): fc.Arbitrary<[string, string]> =>
  fc.constantFrom(...values).map((v): [string, string] => [name, v]);

const headerArbs = [
  header('Host', '127.0.0.1:{port}', 'localhost:{port}', 'evil.example', '', '[::1', 'a b'),
  header('Origin', CORS_ORIGIN, 'https://evil.example', 'null', 'http://127.0.0.1:{port}'),
  header(
    'Content-Type',
    'application/json',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=latin1',
    '',
  ),
  header('Expect', '100-continue', 'nonsense', ''),
  header('If-None-Match', '*', '"x"', 'W/"1"'),
  header('If-Modified-Since', 'Tue, 01 Jan 2999 00:00:00 GMT', 'yesterday'),
  header('Access-Control-Request-Method', 'POST', 'DELETE', 'BREW'),
  header(
    'Authorization',
    'Bearer sk_test_ci_acme',
    'Bearer rk_test_ci_acme',
    'Basic Zm9vOmJhcg==',
    'Bearer',
  ),
  header('Idempotency-Key', 'k1', '', 'x'.repeat(300)),
  header('Content-Encoding', 'gzip', 'zstd'),
  header('Upgrade', 'websocket', 'h2c'),
  header('Connection', 'upgrade', 'keep-alive'),
];

const requestArb: fc.Arbitrary<EdgeRequest> = fc.record({
  requestLine: requestLineArb,
  headers: fc
    .subarray(
      headerArbs.map((_, i) => i),
      { maxLength: 6 },
    )
    .chain((picked) => fc.tuple(...picked.map((i) => headerArbs[i]!))),
  body: fc.constantFrom('', '{}', '{"to":"picked_up"}', '{"scenario":"ci"}', 'a=1', '{', '\u00e9'),
  framing: fc.constantFrom('length', 'length', 'chunked', 'both', 'none', 'huge'),
});

function toBytes(req: EdgeRequest, port: number): string {
  const fill = (s: string): string =>
    s.replaceAll('{order}', orderId).replaceAll('{port}', String(port));
  const lines = [fill(req.requestLine)];
  const names = req.headers.map(([name]) => name.toLowerCase());
  // Every request names the sandbox unless the generator chose a Host (or none, below).
  if (!names.includes('host') && req.framing !== 'none') lines.push(`Host: 127.0.0.1:${port}`);
  for (const [name, value] of req.headers) lines.push(`${name}: ${fill(value)}`);
  const size = Buffer.byteLength(req.body);
  const chunked = `${size.toString(16)}\r\n${req.body}\r\n0\r\n\r\n`;
  switch (req.framing) {
    case 'length':
      return `${[...lines, `Content-Length: ${size}`].join('\r\n')}\r\n\r\n${req.body}`;
    case 'chunked':
      return `${[...lines, 'Transfer-Encoding: chunked'].join('\r\n')}\r\n\r\n${size ? chunked : '0\r\n\r\n'}`;
    case 'both':
      return `${[...lines, 'Transfer-Encoding: chunked', `Content-Length: ${size}`].join('\r\n')}\r\n\r\n${chunked}`;
    case 'huge':
      return `${[...lines, `Content-Length: ${2 ** 31}`].join('\r\n')}\r\n\r\n${req.body}`;
    case 'none':
      return `${lines.join('\r\n')}\r\n\r\n`;
  }
}

it('answers every odd request at the HTTP edge below 500, in JSON, never 304', async () => {
  const port = t.sandbox.port;
  await fc.assert(
    fc.asyncProperty(requestArb, async (req) => {
      const bytes = toBytes(req, port);
      const isHead = bytes.startsWith('HEAD ');
      const answer = await rawExchange(port, bytes, { end: req.framing !== 'huge', waitMs: 3000 });
      const res = parseAnswer(answer);
      const context = `${JSON.stringify(bytes.slice(0, 300))}\n→ ${answer.slice(0, 500)}`;
      expect(answer, context).not.toBe('');
      expect(res.status, context).toBeGreaterThanOrEqual(100);
      expect(res.status, context).toBeLessThan(500);
      expect(res.status, context).not.toBe(304);
      if (isHead || res.status === 204 || res.status === 100) return;
      if (res.status >= 400) {
        expect(res.headers['content-type'], context).toMatch(/^application\/json/);
        expect(isErrorShape(res.json), context).toBe(true);
        expect(ERROR_CODES, context).toContain(res.json.error.code);
      } else if (/^GET \/__sandbox\/metrics[?/ ]/.test(bytes)) {
        // Prometheus's text format, the one answer that is not JSON (docs/observability.md).
        expect(res.headers['content-type'], context).toMatch(/^text\/plain; version=0\.0\.4/);
      } else {
        expect(res.json, context).toBeDefined();
      }
    }),
    { seed: 4242, numRuns: 400 },
  );
}, 60_000);

// Issue 17, finding 5: a header, query or path value named like a member of Object.prototype
// names nothing. `Sandbox-Fault: constructor` once found Object's constructor and held the request
// forever, before authentication.
describe('prototype-named values', () => {
  const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
  // A sandbox of its own, with the default time-outs: an import's worker thread starts from
  // TypeScript source in tests, which takes longer than the 500 ms the fuzz above allows.
  let t: TestSandbox;
  let orderId: string;
  beforeAll(async () => {
    t = await TestSandbox.start();
    orderId = (await t.createOrder()).order_id;
  });
  afterAll(() => t.close());

  interface Operation {
    method: string;
    path: string;
    query: string[];
  }
  type Parameter = { name: string; in: string } | { $ref: string };
  interface Document {
    paths: Record<string, Record<string, unknown> & { parameters?: Parameter[] }>;
    components?: { parameters?: Record<string, { name: string; in: string }> };
  }
  const OPERATIONS: Operation[] = ['openapi/v1.yaml', 'openapi/sandbox.yaml'].flatMap((file) => {
    const doc = parseYaml(readFileSync(file, 'utf8')) as Document;
    const resolve = (p: Parameter) =>
      '$ref' in p ? doc.components!.parameters![p.$ref.split('/').pop()!]! : p;
    return Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
        .map(([method, op]) => {
          const params = [
            ...(item.parameters ?? []),
            ...((op as { parameters?: Parameter[] }).parameters ?? []),
          ].map(resolve);
          return {
            method: method.toUpperCase(),
            path,
            query: params.filter((p) => p.in === 'query').map((p) => p.name),
          };
        }),
    );
  });

  /** One request on a fresh connection; a hang shows as an empty answer after `waitMs`. */
  async function exchange(
    method: string,
    path: string,
    headers: string[],
    body = '',
    waitMs = 3000,
  ) {
    const port = t.sandbox.port;
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Authorization: Bearer sk_test_ci_acme',
      'Connection: close',
      ...headers,
      ...(body
        ? ['Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`]
        : []),
    ];
    const answer = await rawExchange(port, `${lines.join('\r\n')}\r\n\r\n${body}`, {
      end: false, // not half-closed: Node drops a half-closed request whose answer takes a while
      waitMs,
    });
    const res = parseAnswer(answer);
    const context = `${method} ${path} ${headers.join(' ')}\n→ ${answer.slice(0, 300)}`;
    expect(answer, `no answer: ${context}`).not.toBe('');
    expect(res.status, context).toBeLessThan(500);
    if (res.status >= 400) expect(isErrorShape(res.json), context).toBe(true);
    return res;
  }

  const ORDER_BODY = JSON.stringify({
    pickup: { address: '1 Ferry Building, San Francisco' },
    dropoff: { address: '500 Castro Street, San Francisco' },
  });

  it.each(NAMES)(
    'refuses Sandbox-Fault: %s with 400 invalid_fault_header, at once',
    async (name) => {
      for (const [method, path] of [
        ['GET', `/v1/orders/${orderId}`],
        ['POST', '/v1/orders'],
        ['GET', '/v1/drivers/available?lat=37.79&lng=-122.4'],
      ] as const) {
        const res = await exchange(
          method,
          path,
          [`Sandbox-Fault: ${name}`],
          method === 'POST' ? ORDER_BODY : '',
        );
        expect(res.status).toBe(400);
        expect(res.json.error).toMatchObject({
          code: 'invalid_request',
          reason: 'invalid_fault_header',
        });
      }
    },
  );

  it.each(NAMES)('refuses Sandbox-Outcome: %s with 400 invalid_outcome', async (name) => {
    const res = await exchange('POST', '/v1/orders', [`Sandbox-Outcome: ${name}`], ORDER_BODY);
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: 'invalid_request', reason: 'invalid_outcome' });
  });

  it.each(NAMES)(
    'answers Sandbox-Expect, Idempotency-Key and a bearer key of %s as any other value',
    async (name) => {
      const expectError = await exchange(
        'POST',
        '/v1/orders',
        [`Sandbox-Expect: ${name}`],
        ORDER_BODY,
      );
      expect(expectError.status).toBe(201);
      const keyed = await exchange('POST', '/v1/orders', [`Idempotency-Key: ${name}`], ORDER_BODY);
      expect(keyed.status).toBe(201);
      const replay = await exchange('POST', '/v1/orders', [`Idempotency-Key: ${name}`], ORDER_BODY);
      expect(replay.json.order_id).toBe(keyed.json.order_id);
      const port = t.sandbox.port;
      const unknownKey = parseAnswer(
        await rawExchange(
          port,
          `GET /v1/orders/${orderId} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${name}\r\nConnection: close\r\n\r\n`,
          { waitMs: 3000 },
        ),
      );
      expect(unknownKey.status).toBe(401);
    },
  );

  it('answers every route with every query parameter, and its path parameters, named like a prototype member', async () => {
    for (const op of OPERATIONS) {
      for (const name of NAMES) {
        const path = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(name));
        const query = [...op.query, name].map((q) => `${q}=${encodeURIComponent(name)}`).join('&');
        // An import starts its worker thread, from TypeScript source in tests: seconds.
        const slow = op.method === 'PUT' && op.path === '/__sandbox/state';
        await exchange(
          op.method,
          `${path}?${query}`,
          [],
          op.method === 'GET' ? '' : '{}',
          slow ? 20_000 : 3000,
        );
      }
    }
  }, 180_000);

  it('journals a query parameter named like a prototype member as it was sent', async () => {
    const query = NAMES.map((n) => `${n}=a&${n}=b`).join('&');
    await exchange('DELETE', '/__sandbox/requests', []);
    await exchange('GET', `/v1/orders/${orderId}?${query}`, []);
    const journal = await exchange('GET', '/__sandbox/requests', []);
    const [entry] = journal.json.requests;
    expect(entry.path).toBe(`/v1/orders/${orderId}`);
    expect(entry.query).toEqual(Object.fromEntries(NAMES.map((n) => [n, ['a', 'b']])));
  });
});

describe('deep nesting and compressed bodies on every route', () => {
  const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);
  const objects = (depth: number): string => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  // 8 MiB of blanks: a few kilobytes compressed (a decompression bomb), and a small valid body.
  const blanks = Buffer.alloc(8 * 1024 * 1024, ' ');
  const small = Buffer.from('{"scenario":"ci","by":"1s"}');
  const compress: Record<string, (b: Buffer) => Buffer> = {
    gzip: (b) => gzipSync(b),
    deflate: (b) => deflateSync(b),
    br: (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  };
  const bombs = Object.fromEntries(Object.entries(compress).map(([e, c]) => [e, c(blanks)]));

  interface BodyCase {
    what: string;
    bytes: () => Uint8Array;
    encoding?: string;
    depth?: number;
  }
  // The operations that read a JSON body ("PUT /__sandbox/state", …).
  const BODY_OPS = new Set(
    ['openapi/v1.yaml', 'openapi/sandbox.yaml'].flatMap((file) =>
      Object.entries(
        (parseYaml(readFileSync(file, 'utf8')) as { paths: Record<string, object> }).paths,
      ).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => typeof op === 'object' && op !== null && 'requestBody' in op)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      ),
    ),
  );
  const bodyArb: fc.Arbitrary<BodyCase> = fc.oneof(
    fc.constantFrom(65, 129, 5_000, 100_000, 400_000).chain((depth) =>
      fc.constantFrom<BodyCase>(
        { what: `arrays ${depth} deep`, depth, bytes: () => Buffer.from(nested(depth)) },
        {
          what: `objects ${depth} deep in a field`,
          depth: depth + 1,
          bytes: () => Buffer.from(`{"scenario":${objects(depth)}}`),
        },
      ),
    ),
    fc.constantFrom('gzip', 'deflate', 'br').chain((encoding) =>
      fc.constantFrom<BodyCase>(
        { what: `a ${encoding} bomb`, encoding, bytes: () => bombs[encoding]! },
        { what: `a small ${encoding} body`, encoding, bytes: () => compress[encoding]!(small) },
        {
          what: `deep ${encoding} JSON`,
          encoding,
          bytes: () => compress[encoding]!(Buffer.from(nested(100_000))),
        },
        { what: `bytes that are not ${encoding}`, encoding, bytes: () => Buffer.from('{}') },
      ),
    ),
  );

  it('answers every deep or compressed body below 500, in the JSON error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE'),
        bodyArb,
        async (route, method, body) => {
          // A named sandbox's route names `default` (the default sandbox): every other id is the order's.
          const path = route.replace('{name}', 'default').replace(/\{[^}]+\}/g, orderId);
          const headers: Record<string, string> = {
            Authorization: 'Bearer sk_test_ci_acme',
            'Content-Type': 'application/json',
          };
          if (body.encoding) headers['Content-Encoding'] = body.encoding;
          const bytes = body.bytes();
          const res = await fetch(`${t.url}${path}`, { method, headers, body: bytes });
          const text = await res.text();
          const context = `${method} ${path} with ${body.what} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, context).toBeLessThan(500);
          if (res.status < 400) return;
          expect(res.headers.get('content-type'), context).toMatch(/^application\/json/);
          const json = JSON.parse(text) as unknown;
          expect(isErrorShape(json), context).toBe(true);
          // A route that reads a JSON body refuses one nested past its limit before parsing it
          // (one within its size limit: a larger one is refused for its size first).
          const state = route === '/__sandbox/state';
          const fits = state || bytes.length <= 1024 * 1024;
          const tooDeep = body.depth !== undefined && body.depth > (state ? 128 : 64);
          if (BODY_OPS.has(`${method} ${route}`) && fits && tooDeep)
            expect(json, context).toMatchObject({
              error: { reason: 'json_too_deep', param: 'body' },
            });
        },
      ),
      { seed: 1717, numRuns: 120 },
    );
  }, 120_000);
});
