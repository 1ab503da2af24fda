import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ServiceError } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import { lookupKey } from './middleware/authenticate.js';
import { plainJsonLength, readPlainJson } from './middleware/json-body.js';
import { fastPathTakes, runFastSteps, type RequestStep } from './pipeline.js';
import type { MatchedOperation, OperationMatcher } from './operation-matcher.js';
import { FastContext, type RequestContext } from './request-context.js';
import type { RequestValidators } from './request-validators.js';
import { createOrderAnswer } from './routes/orders.js';
import { sendError } from './send-error.js';

const ORDERS = '/v1/orders';

/**
 * `POST /v1/orders` with a plain JSON body, answered without entering Express (issue 24: Express's
 * dispatch and body-parser were ~14 % of a create), as the hottest reads are
 * (src/http/fast-reads.ts, docs/decisions/0016-hot-path.md). It runs the same list of request
 * steps as the Express chain, then the route's own part through the functions the Express route
 * calls, in its order: the write key (`lookupKey`, `identifyKey` without its throw), the plain
 * body (`readPlainJson`, which the Express chain's `jsonBody` uses for the same bodies), then
 * `createOrderAnswer` (the schema, `Sandbox-Outcome`, `Idempotency-Key`, the create and its
 * committed answer), and errors through the one `sendError`. Returns false, having done nothing,
 * for any other request, and for a create whose body is not plain (`plainJsonLength`: chunked,
 * compressed, another charset, none) or that a step declines (a refused Host, CORS, an injected
 * fault): Express answers it as before.
 */
export function fastWrites(
  steps: readonly RequestStep[],
  logger: Logger,
  validators: RequestValidators,
  operations: OperationMatcher,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  const create = createOrderAnswer(validators);
  const named: MatchedOperation = Object.freeze({
    operation: operations.operationAt('POST', ORDERS),
    params: Object.freeze({}),
  });
  const failed = (x: RequestContext, err: unknown): void => sendError(x, err, logger);
  const finish = (x: RequestContext): void => {
    let account: AccountRecord | ServiceError;
    try {
      account = lookupKey(x, true); // a refused key is returned: no throw to pay for
    } catch (err) {
      failed(x, err);
      return;
    }
    if (account instanceof ServiceError) {
      failed(x, account);
      return;
    }
    readPlainJson(x, (x as FastContext).bodyLength, (err, body) => {
      if (err) failed(x, err);
      else create(x, body).catch((e: unknown) => failed(x, e));
    });
  };
  return (req, res) => {
    if (req.method !== 'POST' || req.url !== ORDERS) return false;
    const length = plainJsonLength(req.headers);
    if (length < 0) return false;
    const x = new FastContext(req, res, 'POST', ORDERS, ORDERS, ORDERS, '', '', length);
    if (!fastPathTakes(steps, x)) return false;
    x.operation = named;
    runFastSteps(steps, x, 0, finish, failed);
    return true;
  };
}
