/**
 * The comparison of DESIGN.md section 7: Prism 5.12's static mock of the same `/v1` operations,
 * served the way `prism mock` serves them (prism-http's instance, request validation and security
 * checks on, static examples). Prints its URL, then serves until killed.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpRequest,
} from '@stoplight/prism-http';
import pino from 'pino';
import { parse } from 'yaml';

const operations = await getHttpOperationsFromSpec(
  parse(readFileSync('openapi/v1.yaml', 'utf8')) as object,
);
const prism = createInstance(
  {
    mock: { dynamic: false },
    checkSecurity: true,
    validateRequest: true,
    validateResponse: true,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  },
  // Prism logs at a level of its own, 'success'.
  { logger: pino({ level: 'silent', customLevels: { success: 35 } }) as unknown as pino.Logger },
);

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const input: IHttpRequest = {
    method: (req.method ?? 'get').toLowerCase() as IHttpRequest['method'],
    url: { path: url.pathname, query: Object.fromEntries(url.searchParams) },
    headers: req.headers as Record<string, string>,
  };
  req.resume();
  req.on('end', () => {
    void prism
      .request(input, operations)()
      .then((result) => {
        if (result._tag === 'Left') {
          res.writeHead(500).end(String(result.left));
          return;
        }
        const { statusCode, headers, body } = result.right.output;
        res
          .writeHead(statusCode, { 'content-type': 'application/json', ...headers })
          .end(JSON.stringify(body));
      });
  });
});
server.listen(0, '127.0.0.1', () => {
  console.log(`listening http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
