import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { authenticateKey } from '../commands/authenticate.js';
import { findOrder } from '../commands/find-order.js';
import { parseBearer } from '../edge/bearer.js';
import { fastPathTakes, runFastSteps, type RequestStep } from './pipeline.js';
import { FastContext, type RequestContext } from './request-context.js';
import { sendError } from './send-error.js';
import { sendJson } from './send-json.js';

const PREFIX = '/v1/orders/';

/**
 * The hottest request, `GET /v1/orders/{id}`, answered without entering Express
 * (docs/decisions/0016-hot-path.md). It runs the same list of request steps as the Express chain
 * (src/http/pipeline.ts: the world, the request id and log line, the journal, the guard, the
 * faults, and whatever is added to the list), then the route's own part: the key, the lookup, the
 * answer, and errors through the one `sendError`. Returns false, having done nothing, for a request
 * that needs more than that plain path: another method or path, a query, an escaped id, or a
 * request a step declines (a body, a refused Host, CORS, an injected fault). Express answers it as
 * before.
 */
export function fastOrderRead(
  steps: readonly RequestStep[],
  logger: Logger,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Made once, not per request: the route's part, and its errors.
  const failed = (x: RequestContext, err: unknown): void => sendError(x, err, logger);
  const route = (x: RequestContext): void => {
    try {
      const key = authenticateKey(x.world, parseBearer(x.req.headers.authorization), {
        requireWrite: false,
      });
      x.account = key.account;
      x.keyReadOnly = key.readOnly;
      x.answered = sendJson(
        x.res,
        findOrder(x.world, x.path.slice(PREFIX.length), key.account).order,
      );
    } catch (err) {
      failed(x, err);
    }
  };
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    if (!isPlainOrderPath(url)) return false;
    const x = new FastContext(req, res, url);
    if (!fastPathTakes(steps, x)) return false;
    runFastSteps(steps, x, 0, route, failed);
    return true;
  };
}

/**
 * Whether the path is exactly `/v1/orders/{id}`, with an id of letters, digits, `_` and `-` (what
 * the sandbox issues; anything else, escaped or not, goes the general way).
 */
function isPlainOrderPath(url: string): boolean {
  if (url.length <= PREFIX.length || !url.startsWith(PREFIX)) return false;
  for (let i = PREFIX.length; i < url.length; i++) {
    const c = url.charCodeAt(i);
    const plain =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    if (!plain) return false;
  }
  return true;
}
