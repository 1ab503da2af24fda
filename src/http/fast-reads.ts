import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { lookupOrder } from '../commands/find-order.js';
import { lookupLocationFix } from '../commands/order-location.js';
import { ServiceError } from '../errors/service-error.js';
import type { AccountRecord } from '../store/state.js';
import { lookupKey } from './middleware/authenticate.js';
import { queryText } from '../journal/journal-entry.js';
import { queryCheck } from './middleware/validate.js';
import { fastPathTakes, runFastSteps, type RequestStep } from './pipeline.js';
import type { MatchedOperation, OperationMatcher } from './operation-matcher.js';
import { FastContext, type RequestContext } from './request-context.js';
import type { RequestValidators } from './request-validators.js';
import { sendError } from './send-error.js';
import { availableDriversText } from './drivers-text.js';
import { locationText } from './location-text.js';
import { orderText } from './order-text.js';
import { answerJsonText } from './send-json.js';

const ORDERS = '/v1/orders/';
const LOCATION = '/location';
const DRIVERS = '/v1/drivers/available';

/** One read the fast path answers: its OpenAPI path template and what it answers. */
interface FastRead {
  readonly template: string;
  /** Its operation in the journal, from its order id (`''` for none; the document's operationId). */
  readonly operation: (param: string) => MatchedOperation;
  /**
   * The answer's JSON text, or the ServiceError to answer (returned where the route can, else
   * thrown: `orThrow` says what a throw costs). `param` is the order id.
   */
  readonly answer: (x: RequestContext, param: string, query: string) => string | ServiceError;
}

/**
 * The hottest reads, `GET /v1/orders/{id}`, `GET /v1/orders/{id}/location` and
 * `GET /v1/drivers/available`, answered without entering Express (docs/decisions/0016-hot-path.md).
 * They run the same list of request steps as the Express chain (src/http/pipeline.ts: the world,
 * the request id and log line, the journal, the guard, the faults, and whatever is added to the
 * list), then the route's own part, through the functions the Express routes call: the key
 * (`lookupKey`, `identifyKey` without its throw), the query's check (`queryCheck`), the command,
 * the answer, and errors through the one `sendError`. Returns false, having done nothing, for a
 * request that needs more than that plain path: another method or path, a query on an order's
 * path, an escaped id, or a request a step declines (a body, a refused Host, CORS, an injected
 * fault). Express answers it as before.
 */
export function fastReads(
  steps: readonly RequestStep[],
  logger: Logger,
  validators: RequestValidators,
  operations: OperationMatcher,
): (req: IncomingMessage, res: ServerResponse) => boolean {
  // Made once, not per request: the routes' parts, and their errors.
  /** A read at `template`, its operation named from the document: with the order id, if it has one. */
  const fastRead = (template: string, answer: FastRead['answer']): FastRead => {
    const operation = operations.operationAt('GET', template);
    const noParams: MatchedOperation = Object.freeze({ operation, params: Object.freeze({}) });
    return {
      template,
      operation: (id) => (id === '' ? noParams : { operation, params: { order_id: id } }),
      answer,
    };
  };
  const driversQuery = queryCheck(validators, 'listAvailableDrivers');
  const read = fastRead(
    '/v1/orders/{order_id}',
    keyed((x, account, id) => {
      const found = lookupOrder(x.world, id, account);
      return found instanceof ServiceError ? found : orderText(found.order);
    }),
  );
  const location = fastRead(
    '/v1/orders/{order_id}/location',
    keyed((x, account, id) => {
      const fix = lookupLocationFix(x.world, account, id);
      return fix instanceof ServiceError ? fix : locationText(fix);
    }),
  );
  const drivers = fastRead(
    DRIVERS,
    keyed((x, _account, _id, query) => {
      const near = driversQuery(query) as { lat: number; lng: number; radius: number };
      return availableDriversText(x.world, near);
    }),
  );
  const routes = new Map([read, location, drivers].map((r) => [r.template, r]));
  const failed = (x: RequestContext, err: unknown): void => sendError(x, err, logger);
  const finish = (x: RequestContext): void => {
    const c = x as FastContext;
    let refused: ServiceError;
    try {
      const answer = routes.get(c.template)!.answer(c, c.param, c.query);
      if (!(answer instanceof ServiceError)) {
        c.answered = answerJsonText(c, answer);
        return;
      }
      refused = answer;
    } catch (err) {
      failed(c, err);
      return;
    }
    failed(c, refused);
  };
  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    let route: FastRead;
    let param = '';
    if (path === DRIVERS) route = drivers;
    else if (q >= 0 || !path.startsWith(ORDERS)) return false;
    else if (path.endsWith(LOCATION)) {
      route = location;
      param = path.slice(ORDERS.length, path.length - LOCATION.length);
    } else {
      route = read;
      param = path.slice(ORDERS.length);
    }
    if (!isPlainId(param) && route !== drivers) return false;
    const query = queryText(url);
    const x = new FastContext(req, res, 'GET', path, url, route.template, param, query);
    if (!fastPathTakes(steps, x)) return false;
    x.operation = route.operation(param);
    runFastSteps(steps, x, 0, finish, failed);
    return true;
  };
}

/** A read's answer once its key is known (`lookupKey`): a refused key is answered first. */
function keyed(
  answer: (
    x: RequestContext,
    account: AccountRecord,
    param: string,
    query: string,
  ) => string | ServiceError,
): FastRead['answer'] {
  return (x, param, query) => {
    const account = lookupKey(x, false);
    return account instanceof ServiceError ? account : answer(x, account, param, query);
  };
}

/**
 * Whether an order id is non-empty letters, digits, `_` and `-` (what the sandbox issues; anything
 * else, escaped or not, goes the general way).
 */
function isPlainId(id: string): boolean {
  if (id.length === 0) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    const plain =
      (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45;
    if (!plain) return false;
  }
  return true;
}
