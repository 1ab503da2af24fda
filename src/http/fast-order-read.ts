import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { authenticateKey } from '../commands/authenticate.js';
import { findOrder } from '../commands/find-order.js';
import { parseBearer } from '../edge/bearer.js';
import { errorBody, internalErrorBody } from '../errors/error-body.js';
import { ServiceError } from '../errors/service-error.js';
import type { AppHost } from './app-host.js';
import { recordOnClose } from './middleware/journal.js';
import { beginRequest } from './middleware/prelude.js';
import type { OperationMatcher } from './operation-matcher.js';
import { sendJson } from './send-json.js';

const PREFIX = '/v1/orders/';

/** What the fast path needs of the app around it. */
export interface FastReadOptions {
  host: AppHost;
  logger: Logger;
  matcher: OperationMatcher;
  /** The Host check of every request (throws a ServiceError for a refused Host). */
  checkHost: (req: IncomingMessage) => void;
  /** Web origins allowed to call `/v1` with CORS: with any, every `/v1` answer varies on Origin. */
  corsOrigins: readonly string[];
}

/**
 * The hottest request, `GET /v1/orders/{id}`, answered without entering Express
 * (docs/decisions/0016-hot-path.md). Every step the middleware chain would take for it happens here
 * in the same order, with the same shared code and the same bytes: the prelude (world, request id,
 * log line, due steps), the journal, authentication, the lookup and its errors. Returns false,
 * having done nothing, for any request that needs more than that plain path (another method or
 * path, a query, a body, an escaped id, a refused Host, CORS, an injected fault): Express answers
 * it as before.
 */
export function fastOrderRead(
  opts: FastReadOptions,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { host, logger, matcher, checkHost } = opts;
  // CORS adds `Vary: Origin` to every /v1 answer: left to the middleware.
  if (opts.corsOrigins.length > 0) return () => false;
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const orderId = plainOrderId(url);
    if (orderId === undefined) return false;
    const headers = req.headers;
    if (
      headers['content-length'] !== undefined ||
      headers['transfer-encoding'] !== undefined ||
      headers['sandbox-fault'] !== undefined
    )
      return false;
    const world = host.current;
    if (world.apiFaults.current.length > 0) return false;
    try {
      checkHost(req);
    } catch {
      return false;
    }

    const requestId = beginRequest(world, logger, 'GET', url, res);
    world.scheduler.runDue();
    let answered: string | null = null;
    let accountId: string | undefined;
    let readOnly: boolean | undefined;
    recordOnClose(host.journal, matcher, world, res, () => ({
      id: requestId,
      method: 'GET',
      path: url,
      url,
      headers,
      rawBody: undefined,
      answered,
      accountId,
      readOnly,
      fault: undefined,
    }));
    try {
      const key = authenticateKey(world, parseBearer(headers.authorization), {
        requireWrite: false,
      });
      accountId = key.account.account_id;
      readOnly = key.readOnly;
      answered = sendJson(res, findOrder(world, orderId, key.account).order);
    } catch (err) {
      answered = sendError(res, err, requestId, logger, url);
    }
    return true;
  };
}

/**
 * The id of `/v1/orders/{id}` when the path is exactly that, with an id of letters, digits, `_`
 * and `-` (what the sandbox issues; anything else, escaped or not, goes the general way).
 */
function plainOrderId(url: string): string | undefined {
  if (url.length <= PREFIX.length || !url.startsWith(PREFIX)) return undefined;
  for (let i = PREFIX.length; i < url.length; i++) {
    const c = url.charCodeAt(i);
    const plain =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    if (!plain) return undefined;
  }
  return url.slice(PREFIX.length);
}

/** What the error middleware answers for a failure (src/http/middleware/error-handler.ts). */
function sendError(
  res: ServerResponse,
  err: unknown,
  requestId: string,
  logger: Logger,
  url: string,
): string {
  if (!(err instanceof ServiceError)) {
    logger.error({ err, method: 'GET', url }, 'unexpected error');
    return sendJson(res, internalErrorBody(requestId), 500);
  }
  for (const [name, value] of Object.entries(err.headers)) res.setHeader(name, value);
  return sendJson(res, errorBody(err, requestId), err.status);
}
